import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { baseDistance, baseDistanceLowerBoundBeyond, EPS } from '../../geometry';
import { skirmishGroundConditions } from '../conditions';
import { rollSkirmish, type SkirmishProcedureResult } from '../procedures/skirmish';
import { battlefieldNow, liveUnits, nationOf, type NwState, type NwUnit } from '../state';
import type { SkirmishCondition } from '../tables/skirmish';
import { FRIENDLY_CAVALRY_SCREEN_INCHES } from '../tables/skirmish';
import type { Weather } from '../tables/vocabulary';
import {
  checkSkirmishPlan, inTownOrHardCover, mandatorySkirmishAssignments,
  type NwTargetContext, type NwTargetUnit, type SkirmishAssignments, type SkirmishPlanProblem,
} from '../targets';
import {
  commitFire, disorder, draftOf, hitBattery, irregularOf, leftToRight, loseOfficer, loseSp, nameOf, phaseEvent, poseAt, problem, targetUnits,
} from './target-units';

/**
 * NW phase 2 — Skirmish fire (§7.0-7.9 L79-154; DIGEST §3(a) row 2, N2). BOTH sides skirmish
 * in every player-turn's skirmish phase (§5.0 L63 "Simultaneous", §7.5 L113 "Both players
 * resolve skirmish attacks"). Every unit that can skirmish must (L113); the assignment rules
 * are `mandatorySkirmishAssignments` (TG-5). Forced attacks are made automatically; where a
 * player has a real choice his posted plan is checked with `checkSkirmishPlan`, and attackers
 * he left out get the default (PH-4: nearest candidate, keeping the plan legal). All attacks
 * are rolled first, then every result is applied at once (§7.0 L83, §7.5 L113).
 */

export const SKIRMISH_PHASE_RULE = 'NW §7';

export interface NwSkirmishOptions {
  /** Default: this turn's weather from the state (PH-8, WX-1). */
  readonly weather?: Weather;
  /** Extra target conditions by target id, on top of those read from the state (PH-5, `skirmishGroundConditions`): tests. */
  readonly conditions?: Readonly<Record<string, readonly SkirmishCondition[]>>;
  /**
   * Irregular cavalry whose owners chose to skirmish (§7.9 L154), besides those a posted plan
   * names as attackers (naming one is the choice).
   */
  readonly irregularsSkirmishing?: readonly string[];
}

/** One attack as rolled: its attackers, target and outcome. */
export interface NwSkirmishAttack {
  readonly side: string;
  readonly target: string;
  readonly attackers: readonly string[];
  readonly result: SkirmishProcedureResult;
}

// States are immutable: the assignments of one state object are worked out once per weather
// (the fire window asks for them for each side's choice, the service's `owing`, validation of
// every posted order and the phase itself). They depend on nothing else in the options.
const assignmentsCache = new WeakMap<NwState, Map<string, Readonly<Record<string, SkirmishAssignments>>>>();

/** Each side's assignments this phase (for the board and for the players' prompts). */
export function skirmishAssignments(state: NwState, opts: NwSkirmishOptions = {}): Record<string, SkirmishAssignments> {
  const weather = opts.weather ?? battlefieldNow(state).weather;
  const irregulars = [...new Set(opts.irregularsSkirmishing ?? [])].sort();
  const key = `${weather}|${irregulars.join(',')}`;
  let byKey = assignmentsCache.get(state);
  if (!byKey) { byKey = new Map(); assignmentsCache.set(state, byKey); }
  let hit = byKey.get(key);
  if (!hit) { hit = computeAssignments(state, weather, irregulars); byKey.set(key, hit); }
  return { ...hit };
}

/** §7.9 L154: the irregular cavalry among `ids` (an owner's choice to skirmish is naming it). */
export const irregularsAmong = (state: NwState, ids: readonly string[]): string[] =>
  ids.filter((id) => { const u = state.units[id]; return u !== undefined && irregularOf(state, u) !== undefined; });

function computeAssignments(state: NwState, weather: Weather, irregularsSkirmishing: readonly string[]): Record<string, SkirmishAssignments> {
  const ctx: NwTargetContext = { weather, terrain: state.map.terrain, irregularsSkirmishing };
  return Object.fromEntries(state.sides.map((side) => [
    side.id,
    mandatorySkirmishAssignments(targetUnits(state, (x) => x === side.id), targetUnits(state, (x) => x !== side.id), ctx, state.settings),
  ]));
}

/**
 * PH-4 default: complete `fixed` (forced + posted) by giving the missing attackers a maximum
 * matching onto targets nobody else takes yet, nearest first; whoever is left doubles up on its
 * nearest candidate (L103).
 */
export function defaultSkirmishPlan(a: SkirmishAssignments, fixed: Readonly<Record<string, string>>): Record<string, string> {
  const plan: Record<string, string> = { ...fixed };
  const eligible = a.candidates.filter((c) => !c.barred && c.candidates.length > 0);
  const missing = eligible.filter((c) => plan[c.attacker] === undefined);
  const used = new Set(Object.values(plan));
  const owner = new Map<string, string>();
  const edges = new Map(missing.map((c) => [c.attacker, c.candidates.map((x) => x.target).filter((t) => !used.has(t))]));
  const tryAssign = (att: string, seen: Set<string>): boolean => {
    for (const t of edges.get(att) ?? []) {
      if (seen.has(t)) continue;
      seen.add(t);
      const o = owner.get(t);
      if (o === undefined || tryAssign(o, seen)) { owner.set(t, att); return true; }
    }
    return false;
  };
  for (const c of missing) tryAssign(c.attacker, new Set());
  for (const [t, att] of owner) plan[att] = t;
  for (const c of missing) if (plan[c.attacker] === undefined) plan[c.attacker] = c.candidates[0]!.target;
  return plan;
}

const PROBLEM_TEXT: Record<SkirmishPlanProblem['problem'], string> = {
  'missing-attacker': 'must make a skirmish attack',
  'not-a-candidate': 'cannot skirmish that target (out of range, out of its frontal perspective, or not a legal target)',
  'not-an-attacker': 'cannot make a skirmish attack this phase',
  'too-few-targets': 'the plan must attack as many different enemy units as possible',
};

/** The target's skirmish conditions the state shows (PH-5), plus any given. */
/** How far beyond the screen distance a bounding-circle bound must be to pass a pair over. */
const SCREEN_SLACK = 1e-6;

function targetConditions(
  state: NwState, t: NwTargetUnit, given: readonly SkirmishCondition[] = [],
  cavalryOf: (side: string) => readonly NwUnit[] = (side) => liveUnits(state, side).filter((c) => c.arm === 'cavalry' && c.status !== 'routed'),
): SkirmishCondition[] {
  const held = new Set<SkirmishCondition>(given);
  // §7.7 L134 by the battery's own nation (NAT-1).
  if (t.arm === 'artillery') held.add(nationOf(state, state.batteries[t.id] ?? { side: t.side }) === 'ottoman' ? 'target-ottoman-artillery' : 'target-artillery');
  if (state.units[t.id]?.mixed) held.add('target-mx');
  if (inTownOrHardCover(t, state.map.terrain)) held.add('hard-cover');
  // Broad phase: bounding circles farther apart than the screen distance (by a margin far above
  // rounding) cannot be within it.
  // §7.9 L154: a skirmishing irregular gives the +1 "to themselves" too (a Cossack defends at +3).
  const screen = cavalryOf(t.side).some((c) => (c.id !== t.id || t.irregular !== undefined)
    && !baseDistanceLowerBoundBeyond({ pose: c.pose, size: c.base }, t.base, FRIENDLY_CAVALRY_SCREEN_INCHES + EPS + SCREEN_SLACK)
    && baseDistance({ pose: c.pose, size: c.base }, t.base) <= FRIENDLY_CAVALRY_SCREEN_INCHES + EPS);
  if (screen) held.add('friendly-cavalry-within-3');
  return [...held];
}

/**
 * Resolve the skirmish phase. `plan` maps attacker → target for either side (a player posts his
 * own attackers; attackers he leaves out take the default). Returns a Problem, and no state,
 * when the resulting plan breaks §7.3/§7.5/§7.6.
 */
export function skirmishPhase(
  state: NwState, plan: Readonly<Record<string, string>> | undefined, dice: Dice, opts: NwSkirmishOptions = {},
): Result<Step<NwState>, Problem> {
  if (state.phase !== 'skirmish' || state.phasing === null) return err(problem('phase/wrong-phase', `Skirmish fire is resolved in the skirmish phase; the game is in the ${state.phase} phase.`));
  const posted = plan ?? {};
  const assignments = skirmishAssignments(state, { ...opts, irregularsSkirmishing: [...(opts.irregularsSkirmishing ?? []), ...irregularsAmong(state, Object.keys(posted))] });
  const events: GameEvent[] = [];
  const bad: string[] = [];
  const sideOfAttacker = (id: string) => state.units[id]?.side ?? state.batteries[id]?.side;
  for (const id of Object.keys(posted)) if (!sideOfAttacker(id)) bad.push(`${id}: there is no such brigade`);
  const plans: Record<string, Record<string, string>> = {};
  for (const side of state.sides) {
    const a = assignments[side.id]!;
    const own = Object.fromEntries(Object.entries(posted).filter(([id]) => sideOfAttacker(id) === side.id));
    const forced = Object.fromEntries(a.forced.map((f) => [f.attacker, f.target]));
    const full = defaultSkirmishPlan(a, { ...forced, ...own });
    for (const p of checkSkirmishPlan(a, full)) {
      const who = p.attacker ? `${nameOf(state, p.attacker)} (${p.attacker})` : side.name;
      const target = p.attacker && full[p.attacker] ? ` → ${full[p.attacker]}` : '';
      const opts2 = p.attacker ? a.candidates.find((c) => c.attacker === p.attacker)?.candidates.map((c) => c.target) ?? [] : [];
      bad.push(`${who}${target}: ${PROBLEM_TEXT[p.problem]}${opts2.length ? ` (its targets: ${opts2.join(', ')})` : ''} [${p.ref}]`);
    }
    plans[side.id] = full;
    const auto = Object.keys(full).filter((x) => own[x] === undefined);
    for (const att of auto) {
      const why = forced[att] !== undefined ? 'forced (§7.5 L113: it must)' : 'default: nearest target (PH-4)';
      events.push({ kind: 'note', rule: 'NW §7.3, §7.5', text: `${nameOf(state, att)} skirmishes ${nameOf(state, full[att]!)}: ${why}.` });
    }
  }
  if (bad.length > 0) {
    return err(problem('skirmish/invalid-plan', `Skirmish plan rejected: ${bad.join('; ')}.`,
      'Every unit that can skirmish must attack one enemy in range and frontal perspective, spreading over as many targets as possible (NW §7.3, §7.5).'));
  }
  events.unshift(phaseEvent(state, 'skirmish'));

  // Roll every attack: the phasing side first (PH-3), each side from its left to its right (§7.5 L113).
  const order = [state.phasing, ...state.sides.map((x) => x.id).filter((x) => x !== state.phasing)];
  const attacks: NwSkirmishAttack[] = [];
  const enemyView = new Map(targetUnits(state, () => true).map((t) => [t.id, t]));
  for (const side of order) {
    const byTarget = new Map<string, string[]>();
    // Each side's live, non-routed cavalry once (the friendly-cavalry screen of every target).
    const cavalry = new Map<string, readonly NwUnit[]>();
    const cavalryOf = (x: string) => { let c = cavalry.get(x); if (!c) { c = liveUnits(state, x).filter((u) => u.arm === 'cavalry' && u.status !== 'routed'); cavalry.set(x, c); } return c; };
    for (const [att, t] of Object.entries(plans[side]!)) byTarget.set(t, [...(byTarget.get(t) ?? []), att]);
    const pos = leftToRight(state, side);
    const targets = [...byTarget.keys()].sort((x, y) => pos(poseAt(state, x)!) - pos(poseAt(state, y)!) || (x < y ? -1 : 1));
    for (const target of targets) {
      const attackers = [...byTarget.get(target)!].sort();
      const t = enemyView.get(target)!;
      const general = state.units[target]?.attachedGeneral ?? undefined;
      const rolled = rollSkirmish({
        attackers: attackers.map((id) => ({ unit: id, sk: enemyView.get(id)!.sk })),
        target: { unit: target, sk: t.sk, arm: t.arm, ...(general ? { attachedGeneral: general } : {}) },
        conditions: targetConditions(state, t, [
          ...(opts.conditions?.[target] ?? []),
          // Soft cover and vulnerable from the ground and the last maneuver (conditions.ts).
          ...skirmishGroundConditions(state, target, attackers.map((id) => { const u = state.units[id]!; return { pose: u.pose, size: u.base }; })),
        ], cavalryOf),
      }, state.settings, dice);
      events.push(...rolled.events);
      attacks.push({ side, target, attackers, result: rolled.result });
    }
  }

  // Then mark every result at once (§7.0 L83).
  const d = draftOf(state);
  const rule = 'NW §7.6 L124';
  for (const at of attacks) {
    const by = `skirmished by ${at.attackers.map((x) => nameOf(state, x)).join(' + ')}`;
    switch (at.result.outcome) {
      case 'no-effect': break;
      case 'disordered': disorder(d, at.target, rule, by, events); break;
      case 'loss-and-disordered':
        loseSp(d, at.target, 1, rule, `${by} (twice the target's roll)`, events);
        disorder(d, at.target, rule, by, events);
        break;
      case 'suppressed': hitBattery(d, at.target, 'suppressed', rule, by, events); break;
      case 'damaged': hitBattery(d, at.target, 'damaged', rule, `${by} (twice the target's roll)`, events); break;
    }
    const general = state.units[at.target]?.attachedGeneral;
    if (at.result.generalKilled && general) loseOfficer(state, d, general, at.target, 'NW §7.7 L138', events);
  }
  if (attacks.length === 0) events.push({ kind: 'note', rule: SKIRMISH_PHASE_RULE, text: 'No unit is in skirmish range of an enemy.' });
  const next = commitFire(state, d, 'artillery');
  return ok({ state: next, events });
}
