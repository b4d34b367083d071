import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { formationChange, mayReform, reform } from '../procedures/move';
import type { SoloSettings } from '../settings';
import { unitById, withUnit, type SoloState } from '../state';
import { QUARTERS_PER_MOVE } from '../tables/movement';
import { armOf, type Formation } from '../tables/vocabulary';
import { unitInCommand } from './control';

/**
 * Formation changes and reforming in a unit's activation (KUR L9-12): the D4 quarters come out
 * of this turn's move and the rest carry into the next (L10; end of turn +1 'D', phases/end.ts);
 * reforming takes the whole turn and needs a turn without casualties so far (L11).
 */

const INFANTRY: readonly Formation[] = ['line', 'column', 'square', 'skirmish'];
const CAVALRY: readonly Formation[] = ['line', 'column', 'skirmish'];
const GUNS: readonly Formation[] = ['limbered', 'unlimbered'];

/** The formations a unit may take (L14: only light cavalry skirmish; squares are infantry's, L16, L23). */
export function formationsFor(s: SoloState, unitId: string): readonly Formation[] {
  const u = unitById(s, unitId);
  const arm = armOf(u.type);
  if (arm === 'artillery') return GUNS;
  if (arm === 'cavalry') return u.type === 'light-cav' ? CAVALRY : CAVALRY.filter((f) => f !== 'skirmish');
  return INFANTRY;
}

/** L9-10: start a change to `to`; quarters beyond what is left of this turn's move carry over. */
export function formationAct(s: SoloState, unitId: string, to: Formation, settings: SoloSettings, dice: Dice): Result<{ state: SoloState; events: GameEvent[] }, Problem> {
  const u = unitById(s, unitId);
  if (u.gone) return err({ code: 'formation/gone', message: `${u.name} is no longer on the table`, hint: 'Pick a unit on the table.' });
  if (u.formation === to) return err({ code: 'formation/same', message: `${u.name} is already in ${to}`, hint: `Choose one of ${formationsFor(s, unitId).filter((f) => f !== to).join(', ')}.` });
  if (!formationsFor(s, unitId).includes(to)) return err({ code: 'formation/not-allowed', message: `${u.name} cannot form ${to}`, hint: `Its formations: ${formationsFor(s, unitId).join(', ')}.` });
  if (u.formationChange) return err({ code: 'formation/under-way', message: `${u.name} is still changing to ${u.formationChange.to} (${u.formationChange.quartersLeft} quarters left)`, hint: 'It completes the change first.' });
  if (u.motion === 'routing') return err({ code: 'formation/routing', message: `${u.name} is routing`, hint: 'Rally it first.' });
  const brigadier = s.generals.find((g) => g.id === s.brigades.find((b) => b.id === u.brigade)?.brigadier);
  const r = formationChange({ unit: u, th: brigadier?.th ?? 'average', outOfCommand: !unitInCommand(s, u.id) }, settings, dice);
  const left = Math.max(0, QUARTERS_PER_MOVE - Math.round(u.movedFraction * QUARTERS_PER_MOVE));
  const now = Math.min(left, r.result.quarters);
  const carried = r.result.quarters - now;
  const moved = Math.min(1, u.movedFraction + now / QUARTERS_PER_MOVE);
  const next = carried > 0 ? { ...u, movedFraction: moved, formationChange: { to, quartersLeft: carried } } : { ...u, movedFraction: moved, formation: to };
  const events: GameEvent[] = [...r.events, { kind: 'order', rule: 'KUR L9-10', unit: u.id, from: u.formation, to: carried > 0 ? `${to} (${carried} quarters to go)` : to, reason: 'formation change' }];
  return ok({ state: withUnit(s, next), events });
}

/** L10: a change carried over goes on in the unit's next activation, out of its move. */
export function continueFormationChange(s: SoloState, unitId: string): { state: SoloState; events: GameEvent[] } {
  const u = unitById(s, unitId);
  if (!u.formationChange) return { state: s, events: [] };
  const now = Math.min(QUARTERS_PER_MOVE, u.formationChange.quartersLeft);
  const left = u.formationChange.quartersLeft - now;
  const base = { ...u, movedFraction: Math.min(1, u.movedFraction + now / QUARTERS_PER_MOVE) };
  const next = left > 0 ? { ...base, formationChange: { to: u.formationChange.to, quartersLeft: left } } : (({ formationChange: _, ...rest }) => ({ ...rest, formation: u.formationChange!.to }))(base);
  return { state: withUnit(s, next), events: [{ kind: 'order', rule: 'KUR L10', unit: u.id, from: u.formation, to: left > 0 ? `${u.formationChange.to} (${left} quarters to go)` : u.formationChange.to, reason: 'formation change carried over' }] };
}

/** L11-12: reform — the whole turn, only without casualties so far this turn. */
export function reformAct(s: SoloState, unitId: string, settings: SoloSettings, dice: Dice): Result<{ state: SoloState; events: GameEvent[] }, Problem> {
  const u = unitById(s, unitId);
  if (u.disorder === 0) return err({ code: 'reform/no-disorder', message: `${u.name} has no 'D' to remove`, hint: 'Move, fire or charge instead.' });
  if (!mayReform(u.casualtiesThisTurn)) return err({ code: 'reform/casualties', message: `KUR L11: ${u.name} has taken casualties this turn and cannot reform`, hint: 'Try again next turn.' });
  if (u.movedFraction > 0) return err({ code: 'reform/moved', message: `KUR L11: reforming takes the whole turn; ${u.name} has already moved`, hint: 'Reform at the start of its next activation.' });
  const r = reform(u, settings, dice);
  return ok({ state: withUnit(s, { ...u, disorder: r.result.left, movedFraction: 1, acted: true }), events: [...r.events, { kind: 'status', rule: 'KUR L11', unit: u.id, status: `−${r.result.removed} 'D'`, on: false, reason: `reformed (${r.result.left} 'D' left)` }] });
}
