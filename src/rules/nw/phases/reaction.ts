import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { baseEdge, type Base } from '../../geometry/base';
import { relativeSector } from '../../geometry/arcs';
import { EPS } from '../../geometry/epsilon';
import type { Point, Pose } from '../../geometry/types';
import { add, distance, headingVector, lerp, normalizeFacing, rightVector, scale, sub } from '../../geometry/vector';
import { rollReaction } from '../procedures/reaction';
import type { NwState } from '../state';
import { MOVEMENT_ALLOWANCE } from '../tables/maneuver';
import { evadeDisorders } from '../tables/reaction';
import { offTable } from './rally';
import { assessReaction, REACTION_CHOICES, reactionCandidates, type NwReactionCandidate, type NwReactionChoice } from './reaction-zone';
import { commit, disorder, draftOf, nameOf, phaseEvent, problem, type Draft } from './target-units';

export { assessReaction, carryReactionCandidates, REACTION_CHOICES, reactionCandidates, reactionConditions, reactionZoneInches } from './reaction-zone';
export type { NwReactionCandidate, NwReactionChoice, NwReactionExclusion } from './reaction-zone';

/**
 * NW phase 5 — Reaction (§10.0-10.2 L345-361, Cavalry Reaction Table chart L796-807; DIGEST §3
 * N7, HR N-19, N-33). Eligibility, triggers, order: reaction-zone.ts (RX-1..6, RX-13, RX-14). Each
 * eligible cavalry unit, left to right, is rolled for and its movement completed before the next
 * (§10.1 L355); then the combat phase opens.
 *
 * Rulings (RX-n) taken here:
 * - RX-7 'none' is no attempt: no roll, not recorded in `log.reacted`. The engine's default is
 *   countercharge when contacted (declining costs −1 at the halt, HR N-19) and no reaction
 *   otherwise (charging out of the line is the player's decision).
 * - RX-8 Countercharge (§10.2 L359): the attacker goes straight back 1" along its own facing,
 *   keeping it; the cavalry is then squared up on it (RX-10). The contact stays in `log.contacts`.
 * - RX-9 Evade (§10.2 L359): the full allowance (MOVEMENT_ALLOWANCE) straight away from the
 *   centre of the contacting attacker(s) (as combat's C8), keeping its facing, paying no terrain and
 *   ignoring other units; it stops at the table edge (to ¼") instead of leaving it.
 * - RX-10 "Into contact … squared up" (§9.93 L343, §10.2 L359-361): the cavalry's front edge is
 *   placed centred against the side of the other base it stands off (front, flank or rear),
 *   facing it; no terrain cost, no path check, overlaps with third bases are left to the referee.
 * - RX-11 At the halt (HR N-19) is only for contacted cavalry that failed or declined; a failed
 *   zone reaction has nothing to meet.
 * - RX-12 Attached officers and batteries move with their unit (translated, as combat's C8).
 * - RX-15 Eligibility, triggers and modifiers are fixed as the phase opens (they answer the
 *   enemy's moves); each move starts from the positions earlier reactions left.
 */

export const REACTION_PHASE_RULE = 'NW §10';

export interface NwReactionOptions {
  /** Contacted by two (§10.1 L351, "can countercharge one"): the attacker to countercharge, by cavalry id (RX-4). */
  readonly against?: Readonly<Record<string, string>>;
}

/** A record's poses, whichever table holds it. */
const pieceOf = (d: Draft, id: string) => d.units[id] ?? d.batteries[id];

/** RX-10: where `mover` stands squared up against the side of `target` it is off, facing it. */
export function squaredUpPose(mover: Base, target: Base): Pose {
  const side = relativeSector(target, mover.pose.at);
  const [a, b] = baseEdge(target, side);
  const f = target.pose.facing;
  const out = side === 'front' ? headingVector(f) : side === 'rear' ? scale(headingVector(f), -1)
    : side === 'right-flank' ? rightVector(f) : scale(rightVector(f), -1);
  const facing = normalizeFacing(f + (side === 'front' ? 180 : side === 'rear' ? 0 : side === 'right-flank' ? 270 : 90));
  return { at: add(lerp(a, b, 0.5), scale(out, mover.size.depth / 2)), facing };
}

/** Move a brigade or battery to `pose`, taking its attached officer and battery along (RX-12). */
function movePiece(d: Draft, id: string, pose: Pose, allowance: number, rule: string, events: GameEvent[], stopped?: string): void {
  const p = pieceOf(d, id);
  if (!p) return;
  const delta = sub(pose.at, p.pose.at);
  const cost = distance(p.pose.at, pose.at);
  events.push({ kind: 'move', rule, unit: id, from: p.pose.at, to: pose.at, path: [], facing: pose.facing, cost, allowance, ...(stopped ? { stopped } : {}) });
  const shift = <T extends { pose: Pose }>(x: T): T => ({ ...x, pose: { ...x.pose, at: add(x.pose.at, delta) } });
  if (d.units[id]) {
    const u = d.units[id]!;
    d.units[id] = { ...u, pose };
    const bat = u.attachedBattery ? d.batteries[u.attachedBattery] : undefined;
    if (bat && !bat.removed) d.batteries[bat.id] = shift(bat);
    const g = u.attachedGeneral ? d.generals[u.attachedGeneral] : undefined;
    if (g && g.attachedTo === id) d.generals = { ...d.generals, [g.id]: shift(g) };
    const k = u.attachedGeneral ? d.commanders[u.attachedGeneral] : undefined;
    if (k && k.attachedTo === id) d.commanders = { ...d.commanders, [k.id]: shift(k) };
  } else {
    d.batteries[id] = { ...d.batteries[id]!, pose };
  }
}

const baseIn = (d: Draft, id: string): Base => { const p = pieceOf(d, id)!; return { pose: p.pose, size: p.base }; };

const allowanceOf = (s: NwState, id: string): number =>
  MOVEMENT_ALLOWANCE[s.units[id]?.weight === 'heavy' ? 'heavy-cavalry' : 'other-cavalry'];

/** RX-8: countercharge. */
function countercharge(s: NwState, d: Draft, c: NwReactionCandidate, attacker: string, events: GameEvent[]): void {
  const rule = `${REACTION_PHASE_RULE}.2 L359`;
  const a = pieceOf(d, attacker)!;
  const back = { at: add(a.pose.at, scale(headingVector(a.pose.facing), -1)), facing: a.pose.facing };
  movePiece(d, attacker, back, 1, rule, events, `pushed back 1" by ${nameOf(s, c.unit)}'s countercharge`);
  movePiece(d, c.unit, squaredUpPose(baseIn(d, c.unit), baseIn(d, attacker)), allowanceOf(s, c.unit), rule, events);
  const reacting = s.settings.reaction.counterchargeAttacker === 'reacting';
  events.push({ kind: 'note', rule: 'HR N-19', text: `${nameOf(s, c.unit)} countercharges ${nameOf(s, attacker)}: in combat ${reacting ? nameOf(s, c.unit) : nameOf(s, attacker)} is the attacker and neither side is at the halt.` });
}

/** RX-9: evade a full move away from the attacker(s). */
function evade(s: NwState, d: Draft, c: NwReactionCandidate, events: GameEvent[]): void {
  const rule = `${REACTION_PHASE_RULE}.2 L359`;
  const u = d.units[c.unit]!;
  const from = scale(c.contactedBy.reduce<Point>((p, x) => add(p, pieceOf(d, x)!.pose.at), { x: 0, y: 0 }), 1 / c.contactedBy.length);
  const away = sub(u.pose.at, from);
  const len = Math.hypot(away.x, away.y);
  const dir = len > EPS ? scale(away, 1 / len) : scale(headingVector(u.pose.facing), -1);
  const full = allowanceOf(s, c.unit);
  const fits = (t: number) => !offTable(s, { pose: { at: add(u.pose.at, scale(dir, t)), facing: u.pose.facing }, size: u.base });
  let t = full;
  if (!fits(t)) {
    let lo = 0;
    let hi = full;
    for (let i = 0; i < 30; i++) { const m = (lo + hi) / 2; if (fits(m)) lo = m; else hi = m; }
    t = Math.floor(lo * 4) / 4;
  }
  movePiece(d, c.unit, { at: add(u.pose.at, scale(dir, t)), facing: u.pose.facing }, full, rule, events, t < full ? 'the table edge' : undefined);
  if (evadeDisorders(u.sk)) disorder(d, c.unit, rule, 'evaded a charge (no SK rating)', events);
  else events.push({ kind: 'note', rule, text: `${u.name} evades in good order: cavalry with an SK rating (SK${u.sk}) is not disordered.` });
}

/** RX-10: a zone reaction charges the unit that activated it. */
function charge(s: NwState, d: Draft, c: NwReactionCandidate, events: GameEvent[]): void {
  const rule = `${REACTION_PHASE_RULE}.2 L361`;
  movePiece(d, c.unit, squaredUpPose(baseIn(d, c.unit), baseIn(d, c.trigger)), allowanceOf(s, c.unit), rule, events);
  events.push({ kind: 'note', rule, text: `${nameOf(s, c.unit)} charges ${nameOf(s, c.trigger)}, which moved into its reaction zone.` });
}

const isChoice = (x: unknown): x is NwReactionChoice => typeof x === 'string' && (REACTION_CHOICES as readonly string[]).includes(x);

/** Every refusal of the posted choices, or the empty list. */
function checkChoices(s: NwState, cands: readonly NwReactionCandidate[], choices: unknown, opts: unknown): string[] {
  const bad: string[] = [];
  if (choices === null || typeof choices !== 'object' || Array.isArray(choices)) return ['the choices must map cavalry ids to countercharge, evade, charge or none'];
  for (const [id, choice] of Object.entries(choices as Record<string, unknown>)) {
    const c = cands.find((x) => x.unit === id);
    if (!c) {
      const why = assessReaction(s, id);
      bad.push(why.ok ? `${id} may not react` : why.error.reason);
      continue;
    }
    if (!isChoice(choice) || !c.options.includes(choice)) {
      bad.push(`${nameOf(s, id)} (${id}) cannot ${JSON.stringify(choice)}: ${c.contacted ? 'contacted' : 'not contacted'}, its options are ${c.options.join(', ')} (NW §10.2 L359-361)`);
    }
  }
  const against = (opts as NwReactionOptions | null | undefined)?.against;
  if (against !== undefined && (against === null || typeof against !== 'object')) return [...bad, 'against must map cavalry ids to a contacting attacker'];
  for (const [id, a] of Object.entries(against ?? {})) {
    const c = cands.find((x) => x.unit === id);
    if (!c || !c.contacted) bad.push(`${nameOf(s, id)} (${id}) was not contacted, so it has no attacker to choose`);
    else if (typeof a !== 'string' || !c.contactedBy.includes(a)) bad.push(`${nameOf(s, id)} (${id}) was contacted by ${c.contactedBy.join(', ')}, not ${JSON.stringify(a)} (NW §10.1 L351)`);
  }
  return bad;
}

/**
 * Resolve the reaction phase. `choices` maps eligible cavalry to a choice; units left out take
 * their `defaultChoice`. Returns a Problem, and no state, in the wrong phase or for a choice
 * the rules do not allow. Never mutates `state`.
 */
export function reactionPhase(
  state: NwState, choices: Readonly<Record<string, NwReactionChoice>>, dice: Dice, opts: NwReactionOptions = {},
): Result<Step<NwState>, Problem> {
  if (state.phase !== 'reaction' || state.phasing === null) {
    return err(problem('phase/wrong-phase', `Cavalry reacts in the reaction phase; the game is in the ${state.phase} phase.`));
  }
  const cands = reactionCandidates(state);
  const bad = checkChoices(state, cands, choices ?? {}, opts ?? {});
  if (bad.length > 0) {
    const legal = cands.length === 0 ? 'No cavalry may react this phase.'
      : `Eligible: ${cands.map((c) => `${c.unit} (${c.options.join(' | ')}; default ${c.defaultChoice})`).join(', ')}.`;
    return err(problem('reaction/invalid-choice', `Reaction rejected: ${bad.join('; ')}.`, `${legal} Leave a unit out to take its default.`));
  }
  const events: GameEvent[] = [phaseEvent(state, 'reaction')];
  const d = draftOf(state);
  const atTheHalt = [...state.log.atTheHalt];
  const reacted = [...state.log.reacted];
  const countercharged: Record<string, string> = { ...(state.log.countercharged ?? {}) };
  if (cands.length === 0) events.push({ kind: 'note', rule: `${REACTION_PHASE_RULE}.0 L347`, text: 'No cavalry may react.' });
  const halt = (c: NwReactionCandidate, attacker: string, why: string) => {
    if (!atTheHalt.includes(c.unit)) atTheHalt.push(c.unit);
    events.push({ kind: 'note', rule: 'HR N-19', text: `${nameOf(state, c.unit)} ${why}: it meets ${nameOf(state, attacker)} at the halt (−1 in combat).` });
  };
  for (const c of cands) {
    const posted = (choices ?? {})[c.unit];
    const choice = posted ?? c.defaultChoice;
    const attacker = opts?.against?.[c.unit] ?? c.trigger;
    const name = nameOf(state, c.unit);
    if (posted === undefined) events.push({ kind: 'note', rule: `${REACTION_PHASE_RULE}.2`, text: `${name}: no order, so ${choice === 'none' ? 'no reaction attempt' : choice} (the default, RX-7).` });
    if (choice === 'none') {
      if (c.contacted) halt(c, attacker, 'does not react');
      else events.push({ kind: 'note', rule: `${REACTION_PHASE_RULE}.0 L347`, text: `${name} does not react to ${nameOf(state, c.trigger)}.` });
      continue;
    }
    const roll = rollReaction({ unit: c.unit, contacted: c.contacted, conditions: c.conditions }, dice);
    events.push(...roll.events);
    reacted.push(c.unit);
    if (!roll.result.reacts) {
      if (c.contacted) halt(c, attacker, `fails to react (${roll.result.total})`);
      continue;
    }
    if (choice === 'countercharge') {
      countercharge(state, d, c, attacker, events);
      countercharged[c.unit] = attacker;
    }
    else if (choice === 'evade') evade(state, d, c, events);
    else charge(state, d, c, events);
  }
  const next = commit(state, d, 'combat');
  const log = Object.keys(countercharged).length > 0 ? { ...state.log, atTheHalt, reacted, countercharged } : { ...state.log, atTheHalt, reacted };
  return ok({ state: { ...next, log }, events });
}
