import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import type { Pose } from '../../geometry/types';
import { add, headingVector, scale } from '../../geometry/vector';
import { overlaps } from '../movement-rules';
import type { NwState } from '../state';
import { baseOf, bodies, entryOf, isOfficerKind, pieceOf, placePiece } from './maneuver-pieces';
import { checkDestination, fmt, planMoveDetail, type NwAttachRequest, type NwMoveDetail, type NwMoveRequest } from './maneuver-plan';
import { applyAttach, batteryContacted, finalFireRetreat, officersRunOver, turnToFace } from './maneuver-resolve';

export { finalFireRetreat } from './maneuver-resolve';
import { mustRoll, rollUnitManeuver, type NwManeuverOptions } from './maneuver-roll';
import { offTable } from './rally';
import { nameOf, phaseEvent, problem } from './target-units';

export { allowanceOf, canMove, maneuverInputOf, mustRoll, rollUnitManeuver, type NwAllowance, type NwManeuverOptions } from './maneuver-roll';
export { checkDestination, planMove, planMoveDetail, proximityEnemy, type NwAttachRequest, type NwMoveDetail, type NwMovePlan, type NwMoveRequest } from './maneuver-plan';

/**
 * NW phase 4 — the phasing player's Maneuver phase (§9.0-9.93 L223-343; Maneuver Table chart
 * L632-661; Terrain Effects L279-301, L663-672). Order: attachments (§9.0 A), the rolls every
 * disordered unit must make (§9.0 C.3), brigades and batteries in the order given, each planned
 * against the state as it then stands (MV-21: a unit given a move and not yet rolled rolls
 * first), reinforcements due this turn enter (§9.0 C.8), officers last (§9.0 C.7). An illegal
 * move holds with a note saying why. Then the reaction phase.
 *
 * Rulings where the text is silent (MV-n; also in the files that apply them):
 * - MV-1 terrain kinds → going (movement.ts AREA_GOING); tracks are roads.
 * - MV-2 a fortification's works are an obstacle entering and leaving.
 * - MV-3 rivers only at bridges/fords; streams anywhere as a ford of their width.
 * - MV-4 a typed place or "toward" keeps the facing; the leg's angle gives forward/oblique/flank/retrograde.
 * - MV-5 officers ignore facing, the 6" rule and contact; they may end on friendly bases.
 * - MV-6 wheels pro rata, ¼ of the allowance per 45°, ×2 in mud, × the worst going passed.
 * - MV-7 change of face in hindering/rough ground × that going's ratio.
 * - MV-8 oblique 1" is flat (not doubled by mud), once per move.
 * - MV-9 interpenetration −2" per friendly brigade passed.
 * - MV-10 officer stands are squares of their base size.
 * - MV-11 infantry 8" unless `nations` makes it 10".
 * - MV-12 independent 'measured' range 12" from the CinC.
 * - MV-13 any friendly V commander within 3" gives +1.
 * - MV-14 in a town = centre or a corner inside a town area.
 * - MV-15 overlap = interiors meet (touching is not overlapping).
 * - MV-16 ground (mud) is a phase option; default normal.
 * - MV-17 "retreat ½ move" at once, straight away from the nearest enemy, no terrain, kept on table.
 * - MV-18 contact with an enemy in the frontal arc is a forward move; outside it, the turn is paid as a wheel.
 * - MV-19 squaring up that would overlap another base stays where contact was made.
 * - MV-20 change of face is typed first: "face left|right|about then …".
 * - MV-21 a move posted for an unrolled unit rolls for it first (bot roll).
 * - MV-22 a reinforcement with no move is placed at its entry point, just inside the table.
 * - MV-23 an officer run over and surviving is moved 3" straight away from the enemy unit.
 * - MV-24 final fire stopping an attack leaves the attacker 1" back; evasion and overrun as in maneuver-resolve.ts.
 * - MV-25 one general per brigade; MV-26 an unattached general attaches within 18", and that is his move.
 * - MV-27 road bonus only when the plain allowance is not enough (only then is the unit vulnerable).
 */

export const MANEUVER_PHASE_RULE = 'NW §9';

export interface NwManeuverInput {
  readonly moves: readonly NwMoveRequest[];
  readonly attach?: readonly NwAttachRequest[];
}

const validMove = (m: unknown): m is NwMoveRequest =>
  typeof m === 'object' && m !== null && typeof (m as NwMoveRequest).unit === 'string' && typeof (m as NwMoveRequest).to === 'string';

/** Resolve the whole maneuver phase. Never throws on a bad request; never mutates its input. */
export function maneuverPhase(state: NwState, input: NwManeuverInput, dice: Dice, opts: NwManeuverOptions = {}): Step<NwState> {
  const events: GameEvent[] = [phaseEvent(state, 'maneuver')];
  if (state.phase !== 'maneuver' || state.phasing === null) {
    events.push({ kind: 'note', rule: MANEUVER_PHASE_RULE, text: `Not the maneuver phase (the game is in the ${state.phase} phase): nothing moves.` });
    return { state, events };
  }
  // RC-1: a final-fire retreat still waiting for its way goes the default way first (C14).
  const settled = finalFireRetreat(state, undefined, dice);
  events.push(...settled.events);
  let s = settled.state;
  const attach = Array.isArray(input?.attach) ? input.attach : [];
  for (const a of attach) s = applyAttach(s, a, events);

  for (const id of mustRoll(s)) s = roll(s, id, dice, opts, events);

  const moves = (Array.isArray(input?.moves) ? input.moves : []).filter((m, i) => {
    if (validMove(m)) return true;
    events.push({ kind: 'note', rule: MANEUVER_PHASE_RULE, text: `Move ${i + 1} ignored: a move needs a unit id and a place.` });
    return false;
  });
  const isOfficer = (m: NwMoveRequest) => { const p = pieceOf(s, m.unit); return p !== null && isOfficerKind(p.kind); };
  const ordered = [...moves.filter((m) => !isOfficer(m)), ...moves.filter(isOfficer)];
  for (const m of ordered) s = move(s, m, dice, opts, events);

  s = enterUnmoved(s, events);
  return { state: { ...s, phase: 'reaction' }, events };
}

/**
 * RC-1 (PH-17): while a final-fire retreat waits for its way, nothing else moves or rolls (§9.0 B:
 * a move is completed before the next; the retreat is part of the move that met the battery).
 */
export function retreatPending(s: NwState): Problem | null {
  const w = s.log.retreatWay;
  if (!w?.order) return null;
  return problem('retreat/pending', `${nameOf(s, w.unit)} was stopped by final fire and must first go back: two ways are equally direct (NW §11.4 L401).`,
    `Choose its way with /choose retreat (unsaid: right, C14), then /ready: the maneuver goes on in the next window.`);
}

/**
 * One move made at once, as on the table (§9.0 B: "each unit is moved individually and its move
 * completed before the player goes to move another"): the `/move` action. An illegal move is
 * refused with the reason and nothing is spent; a unit that has not rolled is rolled for first
 * (MV-21), so a player may skip `/maneuver`.
 */
export function moveAction(state: NwState, m: NwMoveRequest, dice: Dice, opts: NwManeuverOptions = {}): Result<Step<NwState>, Problem> {
  if (state.phase !== 'maneuver' || state.phasing === null) return err(problem('phase/wrong-phase', `Units move in the maneuver phase; the game is in the ${state.phase} phase.`));
  const waiting = retreatPending(state);
  if (waiting) return err(waiting);
  const p = pieceOf(state, m.unit);
  if (!p) return err(problem('move/unknown-unit', `There is no unit or officer "${m.unit}".`));
  if (p.side !== state.phasing) return err(problem('move/not-phasing', `${p.name} is not of the phasing side: only the phasing player moves (NW §9.0).`));
  if (state.log.moved.includes(p.id)) return err(problem('move/already-moved', `${p.name} has already moved this phase: a move is completed before the next (NW §9.0 B).`));
  const unrolled = !isOfficerKind(p.kind) && p.onTable && !state.log.rolls[p.id] && !entryOf(state, p.id);
  let checked: NwMoveDetail | undefined;
  if (unrolled) {
    // The roll below is binding: a destination that names no place is refused before it is made (issue 11).
    const where = checkDestination(state, m);
    if (!where.ok) return where;
  } else {
    // Planned once: the checked plan is the one applied (nothing is rolled before it, so the state is the same).
    const plan = planMoveDetail(state, m, opts);
    if (!plan.ok) return plan;
    checked = plan.value;
  }
  const events: GameEvent[] = [];
  const next = move(state, m, dice, opts, events, checked);
  return ok({ state: next, events });
}

/** §9.0 A as an action: attach or detach a general now; a refusal says why and changes nothing. */
export function attachAction(state: NwState, req: NwAttachRequest): Result<Step<NwState>, Problem> {
  if (state.phase !== 'maneuver') return err(problem('phase/wrong-phase', `Generals attach in the maneuver phase; the game is in the ${state.phase} phase.`));
  const waiting = retreatPending(state);
  if (waiting) return err(waiting);
  const events: GameEvent[] = [];
  const next = applyAttach(state, req, events);
  if (next === state) {
    const why = events.find((e) => e.kind === 'note');
    return err(problem('attach/refused', why?.kind === 'note' ? why.text : 'The attachment is refused.', 'A general attaches to a brigade of his own command within 6" of the one he leaves (NW §9.0 A L225).'));
  }
  return ok({ state: next, events });
}

function roll(s: NwState, id: string, dice: Dice, opts: NwManeuverOptions, events: GameEvent[]): NwState {
  const r = rollUnitManeuver(s, id, dice, opts);
  if (!r.ok) {
    events.push({ kind: 'note', rule: MANEUVER_PHASE_RULE, text: `${nameOf(s, id)} does not roll: ${r.error.message}` });
    return s;
  }
  events.push(...r.value.events);
  return r.value.state;
}

/** `checked`: the plan already made for `s` itself (used only when no roll came first). */
function move(s: NwState, m: NwMoveRequest, dice: Dice, opts: NwManeuverOptions, events: GameEvent[], checked?: NwMoveDetail): NwState {
  const p = pieceOf(s, m.unit);
  let next = s;
  if (p && !isOfficerKind(p.kind) && p.side === s.phasing && p.onTable && !s.log.rolls[p.id] && !entryOf(s, p.id)) {
    next = roll(next, p.id, dice, opts, events);
  }
  const plan: Result<NwMoveDetail, Problem> = checked && next === s ? ok(checked) : planMoveDetail(next, m, opts);
  if (!plan.ok) {
    events.push({ kind: 'note', rule: MANEUVER_PHASE_RULE, text: `${nameOf(next, m.unit)} holds: ${plan.error.message}${plan.error.hint ? ` ${plan.error.hint}` : ''}` });
    return next;
  }
  const d = plan.value;
  const from = pieceOf(next, d.unit)!;
  const start = d.entering ? d.path[0]! : from.pose.at;
  const contactName = d.contact ? nameOf(next, d.contact) : null;
  events.push({
    kind: 'move', rule: d.entering ? 'NW §9.0 C.8 L242' : MANEUVER_PHASE_RULE, unit: d.unit, from: start, to: d.end.at, path: d.path, facing: d.end.facing,
    cost: d.cost, allowance: d.allowance, ...(contactName ? { stopped: `contact with ${contactName} (${d.contactSide})` } : {}),
  });
  const firstAttacker = d.contact !== null && !Object.values(next.log.contacts).includes(d.contact);
  next = placePiece(next, d.unit, d.end);
  next = {
    ...next,
    log: {
      ...next.log, moved: [...next.log.moved, d.unit],
      roadBonus: d.roadBonus ? [...next.log.roadBonus, d.unit] : next.log.roadBonus,
    },
  };
  if (d.roadBonus) events.push({ kind: 'note', rule: 'NW §9.5 note 6 L300', text: `${from.name} marched on the road with the bonus (${fmt(d.allowance)}"): vulnerable to fire next player-turn.` });
  next = officersRunOver(next, d.unit, d.officersPassed, dice, events);
  if (d.contact) {
    let stands = true;
    if (next.batteries[d.contact] && next.units[d.unit]) {
      const r = batteryContacted(next, d, dice, opts, events);
      next = r.state;
      stands = r.contactStands;
    }
    if (stands && next.units[d.unit] && !next.units[d.unit]!.removed) {
      next = { ...next, log: { ...next.log, contacts: { ...next.log.contacts, [d.unit]: d.contact } } };
      next = turnToFace(next, d.contact, d.unit, firstAttacker);
    }
  }
  return next;
}

/** MV-22: reinforcements due this turn that were given no move enter at their point, just inside the table. */
function enterUnmoved(s: NwState, events: GameEvent[]): NwState {
  let next = s;
  for (const r of s.reinforcements.filter((x) => x.turn === s.turn)) {
    for (const id of r.pieces) {
      const p = pieceOf(next, id);
      if (!p || p.side !== s.phasing || !entryOf(next, id)) continue;
      const dir = headingVector(r.facing);
      let k = 0;
      const poseAt = (x: number): Pose => ({ at: add(r.at, scale(dir, x)), facing: r.facing });
      while (k < 12 && offTable(next, { pose: poseAt(k), size: p.base })) k += 0.25;
      const pose = poseAt(k);
      const clash = isOfficerKind(p.kind) ? undefined : bodies(next, () => true).find((b) => b.id !== id && overlaps({ pose, size: p.base }, baseOf(b)));
      if (clash || offTable(next, { pose, size: p.base })) {
        events.push({ kind: 'note', rule: 'NW §9.0 C.8 L242 (MV-22)', text: `${p.name} cannot enter at its point: ${clash ? `${clash.name} is in the way` : 'no room on the table'}.` });
        continue;
      }
      events.push({ kind: 'move', rule: 'NW §9.0 C.8 L242 (MV-22)', unit: id, from: r.at, to: pose.at, path: [r.at, pose.at], facing: pose.facing, cost: k, allowance: k, stopped: 'entered as a reinforcement' });
      next = placePiece(next, id, pose);
      next = { ...next, log: { ...next.log, moved: [...next.log.moved, id] } };
    }
  }
  return next;
}

