import type { GameEvent } from '../../events';
import { ringsIntersect } from '../../geometry/primitives';
import { ringOf } from '../passage';
import { liveUnits, type AnrtMove, type AnrtState, type AnrtUnit } from '../state';
import { followJoined } from './command';
import type { Thrower } from './gm';
import { applyMorale, testMorale } from './morale';

/**
 * L439 "Squares which move take a morale test after movement is completed. If they are making
 * multiple moves they take the test after each individual move." Read from the state: every move
 * of the phase (`s.moves`) made in square (the formation it moved in, formation changes being made
 * first, turn.ts) takes the QRS `moving-square` test once per move it made (`AnrtMove.moves`, L311),
 * as the combat stage opens — after all movement, before charges go in and fire.
 * ANRT-W15: the tests are taken in turn and stop at the first result other than a pass (or fight
 * on), which applies (morale.ts `applyMorale`). A square that fails after move k of N stops where
 * move k ended (`AnrtMove.legs`): the rest of its moves are not made, and the result applies there.
 */
export function testMovingSquares(s0: AnrtState, th: Thrower): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const m of s0.moves) {
    if (m.formation !== 'square' || m.inches <= 1e-6) continue;
    const n = m.moves ?? 1;
    for (let k = 1; k <= n; k++) {
      const u = s.units[m.unit];
      if (!u || u.gone || u.routed || u.formation !== 'square') break;
      const t = testMorale(s, u, 'moving-square', th);
      events.push({ kind: 'note', rule: 'ANRT L439', text: `${u.name} moved in square: a morale test${n > 1 ? ` after move ${k} of ${n}` : ''} (L439).` }, ...t.events);
      if (t.result === 'pass' || t.result === 'fight-on') continue;
      if (k < n) { const st = stopAfter(s, u, m, k); s = st.s; events.push(...st.events); }
      const a = applyMorale(s, u.id, t.result);
      s = a.s; events.push(...a.events);
      break;
    }
  }
  return { s, events };
}

/**
 * ANRT-W15: the square stops where its move `k` ended (L439 tests it there, before the next move).
 * Its path was clear when it was carried out; a unit that has since come to stand on that place
 * (moved later in the phase) puts it back to where the move before ended, its start at worst.
 */
function stopAfter(s: AnrtState, u: AnrtUnit, m: AnrtMove, k: number): { s: AnrtState; events: GameEvent[] } {
  const legs = m.legs;
  if (!legs || legs.length <= k) return { s, events: [] };
  // Its own regimental guns are off the table while it is in square (L1095): liveUnits leaves them out.
  const others = liveUnits(s).filter((o) => o.id !== u.id);
  let j = k;
  while (j > 0 && others.some((o) => ringsIntersect(ringOf({ ...u, facing: legs[j]!.facing }, legs[j]!.at), ringOf(o)))) j--;
  const stop = legs[j]!;
  const moved: AnrtUnit = { ...u, at: stop.at, facing: stop.facing };
  const moves = s.moves.map((x) => (x === m ? { ...x, to: stop.at, facing: stop.facing } : x));
  const s1 = followJoined({ ...s, units: { ...s.units, [u.id]: moved }, moves });
  const where = j === k ? `where move ${k} ended` : j === 0 ? 'where it started (the ground its moves reached is taken)' : `where move ${j} ended (the ground move ${k} reached is taken)`;
  return {
    s: s1,
    events: [
      { kind: 'note', rule: 'ANRT L439', text: `${u.name} failed its test after move ${k} of ${m.moves}: it stops ${where}; the rest of its moves are not made (L439, ANRT-W15).` },
      { kind: 'move', rule: 'ANRT L439', unit: u.id, from: u.at, to: stop.at, path: [u.at, stop.at], facing: stop.facing, cost: 0, stopped: `failed its moving-square test after move ${k} of ${m.moves}` },
    ],
  };
}
