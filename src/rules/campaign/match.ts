import type { Problem, Result } from '../../lib/result';
import { err, ok } from '../../lib/result';
import type { StandingUnit } from './types';

/** How a scenario's order of battle meets the campaign's (issue 15: matched by id). */
export interface MatchReport {
  /** In both, on the same side, and not lost: they fight at their standing strength. */
  readonly matched: readonly string[];
  /** The campaign's, absent from the scenario: they sit this battle out, unchanged. */
  readonly missing: readonly string[];
  /** The scenario's, unknown to the campaign. */
  readonly extra: readonly string[];
  /** The campaign's units the scenario names but the campaign has lost (strength 0): left out of the battle. */
  readonly lost: readonly string[];
}

/**
 * Match a scenario's units to the standing order of battle by id. A scenario unit the campaign
 * does not know, or that changed sides, is refused: a battle fights only the campaign's units
 * (the GM adds new ones first with /campaign adjust). No unit in common is refused too.
 */
export function matchOrderOfBattle(standing: readonly StandingUnit[], scenario: readonly StandingUnit[]): Result<MatchReport, Problem> {
  const mine = new Map(standing.map((u) => [u.id, u]));
  const theirs = new Set(scenario.map((u) => u.id));
  const extra = scenario.filter((u) => !mine.has(u.id)).map((u) => u.id);
  const turned = scenario.filter((u) => mine.has(u.id) && mine.get(u.id)!.side !== u.side).map((u) => u.id);
  const units = scenario.filter((u) => u.kind === 'unit' && mine.has(u.id));
  const lost = units.filter((u) => mine.get(u.id)!.strength <= 0).map((u) => u.id);
  const matched = scenario.filter((u) => mine.has(u.id) && !lost.includes(u.id)).map((u) => u.id);
  const missing = standing.filter((u) => !theirs.has(u.id) && (u.kind === 'formation' || u.strength > 0)).map((u) => u.id);
  if (turned.length) return err({ code: 'campaign/side-mismatch', message: `The scenario puts ${turned.join(', ')} on another side than the campaign does.`, hint: 'Pick a scenario whose sides match the campaign\'s.' });
  if (extra.length) {
    return err({
      code: 'campaign/extra-units', message: `The scenario has units the campaign does not know: ${list(extra)}.`,
      hint: 'Place the campaign\'s formations on this scenario\'s map instead (`place: <formation> at <zone or place>; …`), add them first with /campaign adjust (action add), or pick a scenario built from the campaign\'s units.',
    });
  }
  if (!units.some((u) => !lost.includes(u.id))) return err({ code: 'campaign/no-units', message: 'None of the campaign\'s units still standing is in this scenario.', hint: 'Pick a scenario that uses the campaign\'s units (matched by id).' });
  return ok({ matched, missing, extra, lost });
}

const list = (ids: readonly string[]): string => (ids.length > 12 ? `${ids.slice(0, 12).join(', ')} and ${ids.length - 12} more` : ids.join(', '));

/** "12 matched, 3 sitting out (…), 1 lost and left out (…)". */
export function matchText(m: MatchReport): string {
  const parts = [`${m.matched.length} matched`];
  if (m.missing.length) parts.push(`${m.missing.length} not in this battle (${list(m.missing)})`);
  if (m.lost.length) parts.push(`${m.lost.length} lost in earlier battles, left out (${list(m.lost)})`);
  return parts.join('; ');
}
