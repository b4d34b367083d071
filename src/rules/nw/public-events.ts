import type { GameEvent } from '../events';
import { FATIGUE_RULE } from './procedures/fatigue';

/**
 * NW §3.0 L45: a player keeps his roster "to conceal that information from the enemy" — the
 * s.p. each brigade has left. The channel reads every result (losses, disorder, routs, rolls
 * with their modifiers, which a player announces at the table) but not what is left, nor the
 * fatigue counts, which add up Spent brigades (Ch.II §4.0 L593-599). The red flag and a broken
 * army stay public: they are announced (VW-4). Each player sees his own in /roster.
 */
export function nwPublicEvents(events: readonly GameEvent[]): GameEvent[] {
  const out: GameEvent[] = [];
  for (const e of events) {
    if (e.kind === 'loss') {
      const { remaining: _hidden, ...rest } = e;
      out.push(rest);
    } else if (e.kind === 'note' && e.rule?.startsWith(FATIGUE_RULE)) {
      continue;
    } else {
      out.push(e);
    }
  }
  return out;
}
