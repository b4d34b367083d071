import type { GameEvent } from '../../events';
import type { AnrtState } from '../state';
import type { Thrower } from './gm';
import { applyMorale, testMorale } from './morale';

/**
 * L439 "Squares which move take a morale test after movement is completed. If they are making
 * multiple moves they take the test after each individual move." Read from the state: every move
 * of the phase (`s.moves`) made in square (the formation it moved in, formation changes being made
 * first, turn.ts) takes the QRS `moving-square` test once per move it made (`AnrtMove.moves`, L311),
 * as the combat stage opens — after all movement, before charges go in and fire.
 * ANRT-W15: the tests are taken in turn and stop at the first result other than a pass (or fight
 * on), which applies (morale.ts `applyMorale`); the square is not stopped partway along its path.
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
      const a = applyMorale(s, u.id, t.result);
      s = a.s; events.push(...a.events);
      break;
    }
  }
  return { s, events };
}
