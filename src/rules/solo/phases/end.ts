import type { GameEvent } from '../../events';
import { disorderRow } from '../tables/disorder';
import type { SoloSettings } from '../settings';
import type { SoloState, SoloUnit } from '../state';

/**
 * End of the move (KUR L3, L11; DIGEST §2(a) "End of move"): a formation change still under way
 * costs 1 'D' (L11); chance cards not played are discarded (L3: never carried over); the cards
 * are put away; the victory rule the text lacks (KS-8) is checked; the turn advances.
 */

/** KS-8: units routing or gone, per side, as a share of the side's units. */
export function brokenShare(s: SoloState, side: string): number {
  const mine = s.units.filter((u) => u.side === side);
  if (mine.length === 0) return 1;
  return mine.filter((u) => u.gone || u.motion === 'routing').length / mine.length;
}

/** KS-8: the sides that have broken (routing or gone ≥ `victory.breakPercent`). */
export function brokenSides(s: SoloState, settings: SoloSettings): string[] {
  return s.sides.filter((side) => brokenShare(s, side) * 100 >= settings.victory.breakPercent);
}

/** L11, L3, KS-8: close the turn. `outcome` names the winner (or a draw) when a side has broken. */
export function endTurn(s: SoloState, settings: SoloSettings): { state: SoloState; events: GameEvent[]; outcome: { winner: string | null } | null } {
  const events: GameEvent[] = [];
  const row = disorderRow('formation-incomplete');
  const units: SoloUnit[] = s.units.map((u) => {
    if (u.gone || !u.formationChange || u.formation === 'skirmish') return u;
    events.push({ kind: 'status', rule: 'KUR L11', unit: u.id, status: `+${row.chits} 'D'`, on: true, reason: `${row.label} (${u.disorder + (row.chits as number)} 'D')` });
    return { ...u, disorder: u.disorder + (row.chits as number) };
  });
  for (const side of s.sides) {
    const held = s.chance[side];
    if (held && !held.played) events.push({ kind: 'note', rule: 'KUR L3', text: `${side}'s chance card "${held.card.name}" was not played and is discarded` });
  }
  const next: SoloState = { ...s, units, queue: [], chance: Object.fromEntries(s.sides.map((x) => [x, null])), turn: s.turn + 1 };
  const broken = brokenSides(next, settings);
  let outcome: { winner: string | null } | null = null;
  if (broken.length > 0) {
    const standing = s.sides.filter((x) => !broken.includes(x));
    outcome = { winner: standing.length === 1 ? standing[0]! : null };
    events.push({ kind: 'note', rule: 'KS-8', text: `${broken.join(' and ')} broken (${settings.victory.breakPercent}% of units routing or gone): ${outcome.winner ? `${outcome.winner} wins` : 'a draw'}` });
  }
  return { state: next, events, outcome };
}
