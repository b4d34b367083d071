import { err, ok, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import { basePolygon } from '../../geometry/base';
import { MOVEMENT_TABLE } from '../tables/movement';
import type { Formation } from '../tables/vocabulary';
import { envelopeOf, phasingSide, withUnit, type BpState, type BpUnit } from '../state';
import { closedUp, problem, unitsOverlapping } from './common';

/**
 * Change of formation (L28-30, L57-63, L175), keeping the front centre (battalion layer).
 *  - Line, column and square change among themselves without moving forward or back, and may
 *    fire before or after (L59, L175) — but not also move (L28).
 *  - Any formed infantry may break into skirmish order, then move a full 9" and fire (L28, L59).
 *  - Skirmishers may form line, column or square at the end of a move, and then may not fire (L59).
 *  - Cavalry may change formation and move, at half distance (L30); it has no square (L40).
 *  - Artillery has no formation (L32).
 * Engine ruling BP-F1: cavalry that has already used more than half its move may not change formation.
 */

/** Why a unit may not take this formation now, or null. */
export function cannotForm(s: BpState, u: BpUnit, to: Formation): string | null {
  if (u.side !== phasingSide(s)) return `${u.name} is not of the side whose move period this is`;
  if (u.stage !== 'effective') return `${u.name} is ${u.stage} (L169: it takes a formation when combat effective)`;
  if (u.arm === 'artillery') return 'artillery has no formation to change (L32)';
  if (u.formation === to) return `${u.name} is already in ${to}`;
  if (s.log.formed.includes(u.id) && !s.log.deployedSkirmish.includes(u.id)) return `${u.name} has already changed formation this move period`;
  if (s.log.meleed.includes(u.id)) return `${u.name} fought a melee this move period (L161)`;
  if (u.building) return `${u.name} holds a building`;
  if (u.arm === 'cavalry') {
    if (to === 'square') return 'cavalry cannot form square (L40)';
    const m = s.log.moved[u.id];
    if (m && m.spent > MOVEMENT_TABLE.cavalry[u.formation === 'square' ? 'line' : u.formation]! / 2 + 1e-6) return `${u.name} has moved more than half its move; a formation change halves it (L30, BP-F1)`;
    return null;
  }
  const moved = !!s.log.moved[u.id];
  const fired = s.log.fired.includes(u.id);
  if (to === 'skirmish') return null; // L28, L59: the exception.
  if (u.formation === 'skirmish') {
    if (fired) return `${u.name} fired: skirmishers forming up may not fire in that move (L59)`;
    return null;
  }
  if (moved) return `${u.name} moved: changing between line, column and square is done in place (L59)`;
  return null;
}

/** Changes a unit's formation at once. */
export function formationAction(s: BpState, id: string, to: Formation): Result<Step<BpState>> {
  const u = s.units[id];
  if (!u || u.gone) return err(problem('action/unknown-unit', `No unit ${id} on the table.`));
  const why = cannotForm(s, u, to);
  if (why) return err(problem('formation/not-now', `${why}.`));
  const env = envelopeOf(u, u.pose, to);
  const overlap = unitsOverlapping(s, basePolygon(env), [u.id]);
  if (overlap.length > 0) return err(problem('formation/no-room', `${u.name} has no room to form ${to}: ${overlap[0]!.name} is in the way.`));
  // A line that re-forms closes up its holes (L113).
  let next = withUnit(s, { ...closedUp(u), formation: to });
  const log = next.log;
  const fromSkirmish = u.formation === 'skirmish' && u.arm === 'infantry';
  next = {
    ...next,
    log: {
      ...log,
      formed: [...log.formed, u.id],
      ...(to === 'skirmish' && u.arm === 'infantry' ? { deployedSkirmish: [...log.deployedSkirmish, u.id] } : {}),
      // Skirmishers forming up end their move (L59): mark them moved so they do not move on.
      ...(fromSkirmish ? { formedFromSkirmish: [...log.formedFromSkirmish, u.id], moved: { ...log.moved, [u.id]: log.moved[u.id] ?? { spent: 0, allowance: 0 } } } : {}),
    },
  };
  return ok({ state: next, events: [{ kind: 'status', rule: u.arm === 'cavalry' ? 'B&P L30' : 'B&P L59', unit: u.id, status: to, on: true, reason: `formed ${to} from ${u.formation}` }] });
}
