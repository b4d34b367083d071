import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { baseDistance } from '../../geometry/base';
import { EPS } from '../../geometry/epsilon';
import type { Point } from '../../geometry/types';
import { rollArtilleryFire, type ArtilleryFireResult, type FiringBattery } from '../procedures/artillery';
import { activeSpecial, battlefieldNow, liveBatteries, nationOf, phaseNations, type NwBattery, type NwState } from '../state';
import type { FireCondition } from '../tables/artillery';
import type { GunWeight } from '../tables/vocabulary';
import type { Nationality, Weather } from '../tables/vocabulary';
import { artilleryTargets, nearPiecesOf, type ArtilleryTargets, type NwTargetContext } from '../targets';
import {
  commitFire, disorder, draftOf, hitBattery, leftToRight, loseOfficer, loseSp, nameOf, phaseEvent, poseAt, problem, targetUnits,
} from './target-units';
import { fullMoveOf, retreatPiece, retreatWayQuestion, type RetreatOrder, type RetreatWay } from './retreat';
import { fireConditionsOf } from '../conditions';

/**
 * NW phase 3 — Artillery fire (§8.0-8.4 L156-198; DIGEST §3(a) row 3, N3). Both sides fire.
 * Where each battery may or must fire is `artilleryTargets` (§8.1-8.3, TG-4..7): a 'forced'
 * closest-within-6" target fires automatically and cannot be held; an only-target fires by
 * default (firing is optional, L158 "may"); a free choice takes the posted target or, by
 * default, the closest (PH-10). All batteries aimed at one target fire together in ONE roll and
 * nothing else may fire on it this phase (§8.2 L168). Fire is simultaneous: every battery fires
 * with its condition at the start of the phase and no result applies until all fire is done
 * (§8.0 L158). Suppression marked before this phase is lifted at its end (PH-11, §11.6, DIGEST N3).
 * Results are then applied in firing order; a result's retreat (chart L756-759) is moved on the
 * table at once by the shared retreat rules (retreat.ts; PH-16).
 *
 * - PH-16 Fire retreats: straight away from the firing battery (the nearest of several, the
 *   midpoint of the equally nearest; where it fired from), no terrain, bending away from other enemies and blocked as a combat retreat
 *   (§11.4 L401-403, C8, C13-C18); a brigade that cannot retreat in full loses 1 s.p.; a
 *   retreating brigade disorders friends it passes through (it is disordered by the same result).
 *   A full move is the Movement Allowance (C7: infantry by its army's nation, 10" for French,
 *   British, Ottoman, Prussian; foot battery 8", horse 12"). Results apply in firing order, so each
 *   sees the moves before it. RC-1: where two ways back are equally direct, the owner of a side
 *   in `askRetreatWay` chooses (`retreat`); unasked, C14's way (right).
 * - NAT-2 Nations come from the state (`nationsOf`, the CinC's `nation:`); `opts.nations` overrides
 *   them side by side. The firing side's national fire modifiers are added to every fire
 *   (chart L742-745): British or French +1; Russian +1 when any firing battery is heavy (NT-8);
 *   Ottoman −1. Cossack artillery is not a nation: its −1 comes through `opts.conditions` (NAT-4).
 *   Cover still cancels them (NT-7).
 * - OPT-3/OPT-4 With `optional.howitzers` / `optional.rockets` on, a howitzer fires over any unit
 *   and a rocket over enemy units, to 12", with rolled fire points (targets.ts, procedures/artillery.ts).
 */

export const ARTILLERY_PHASE_RULE = 'NW §8';

export interface NwArtilleryOptions {
  /** Default: this turn's weather from the state (PH-8, WX-1). Rain gives the −1 'rain-or-mud' fire modifier. */
  readonly weather?: Weather;
  /**
   * Extra fire conditions by target id, on top of those the phase reads from the state
   * (`fireConditionsOf`: cover, elevation, rain or mud, vulnerable; national modifiers): Cossack
   * artillery's −1 (NAT-4) and tests.
   */
  readonly conditions?: Readonly<Record<string, readonly FireCondition[]>>;
  /** Visibility in inches (§9.51), unlimited when absent. */
  readonly visibilityInches?: number;
  /**
   * Nationality by side id, overriding the state's (NAT-2): full-move retreats (French, British,
   * Ottoman, Prussian infantry 10": chart L655-657; C7) and the national fire modifiers (chart L742-745).
   */
  readonly nations?: Readonly<Record<string, Nationality>>;
  /**
   * RC-1 (PH-16): the sides whose players are asked the way of a fire retreat with a real choice
   * (turn.ts: the seated sides). Such a retreat with no way in `retreat` stops the phase
   * (`log.retreatWay`) where its result applies; for other sides, and when absent, C14's default.
   */
  readonly askRetreatWay?: readonly string[];
  /** RC-1: the way a retreating brigade or battery bends when two are equally direct (default right, C14). */
  readonly retreat?: Readonly<Record<string, RetreatWay>>;
}

/**
 * PH-16: a fire retreat goes straight away from the firing battery — of several, the nearest
 * (base to base), and from the midpoint of the equally nearest — where it stood when it fired
 * (the phase's opening positions).
 */
function nearestFiring(state: NwState, target: string, batteries: readonly string[]): Point {
  const t = state.units[target] ?? state.batteries[target]!;
  const tb = { pose: t.pose, size: t.base };
  const dist = batteries.map((id) => { const b = state.batteries[id]!; return { at: b.pose.at, d: baseDistance({ pose: b.pose, size: b.base }, tb) }; });
  const min = Math.min(...dist.map((x) => x.d));
  const near = dist.filter((x) => x.d <= min + EPS);
  return { x: near.reduce((n, x) => n + x.at.x, 0) / near.length, y: near.reduce((n, x) => n + x.at.y, 0) / near.length };
}

/** One fire as rolled: the batteries that fired together, the target and the result. */
export interface NwArtilleryFire {
  readonly side: string;
  readonly target: string;
  readonly batteries: readonly string[];
  readonly result: ArtilleryFireResult;
}

const ctxOf = (state: NwState, opts: NwArtilleryOptions): NwTargetContext => ({
  weather: opts.weather ?? battlefieldNow(state).weather, terrain: state.map.terrain,
  ...(opts.visibilityInches !== undefined ? { visibilityInches: opts.visibilityInches } : {}),
});

// States are immutable: the battery targets of one state object are worked out once per weather
// and visibility (the fire window asks for them for each side's choice, the service's `owing`,
// validation of every posted order and the phase itself). Nothing else in the options counts.
const targetsCache = new WeakMap<NwState, Map<string, Readonly<Record<string, ArtilleryTargets>>>>();

/** Every live battery's targets and fire decision (for prompts and for the phase). */
export function batteryTargets(state: NwState, opts: NwArtilleryOptions = {}): Record<string, ArtilleryTargets> {
  const ctx = ctxOf(state, opts);
  const key = `${ctx.weather}|${ctx.visibilityInches ?? ''}`;
  let byCtx = targetsCache.get(state);
  if (!byCtx) { byCtx = new Map(); targetsCache.set(state, byCtx); }
  let hit = byCtx.get(key);
  if (!hit) { hit = computeBatteryTargets(state, ctx); byCtx.set(key, hit); }
  return { ...hit };
}

function computeBatteryTargets(state: NwState, ctx: NwTargetContext): Record<string, ArtilleryTargets> {
  const out: Record<string, ArtilleryTargets> = {};
  // Every live piece once (targetUnits' order), then each side's enemies and friends from it.
  const everyone = targetUnits(state, () => true);
  const byId = new Map(everyone.map((t) => [t.id, t]));
  // Every live piece in a spatial grid: a battery reads the enemies within its reach and the units near its lines of fire (issue 12).
  const near = nearPiecesOf(everyone);
  const bySide = new Map<string, { enemies: typeof everyone; friends: typeof everyone }>();
  for (const b of liveBatteries(state)) {
    const found = byId.get(b.id)!;
    const special = activeSpecial(state, b);
    const me = special ? { ...found, special } : found;
    let lists = bySide.get(b.side);
    if (!lists) { lists = { enemies: everyone.filter((t) => t.side !== b.side), friends: everyone.filter((t) => t.side === b.side) }; bySide.set(b.side, lists); }
    out[b.id] = artilleryTargets(me, lists.enemies, lists.friends, ctx, near);
  }
  return out;
}

/**
 * NAT-2: the firing side's national fire modifiers (chart L742-745; NW §8.4 L187-190): British or
 * French +1; Russian heavy +1 when any firing battery is heavy (L198 "if at least one artillery
 * unit qualifies", NT-8); Ottoman −1. Cover cancels them in `artilleryFireModifiers` (NT-7).
 */
export function nationalFireConditions(nation: string | undefined, weights: readonly GunWeight[]): FireCondition[] {
  if (nation === 'british' || nation === 'french') return ['british-or-french-artillery'];
  if (nation === 'russian' && weights.includes('heavy')) return ['russian-heavy-artillery'];
  if (nation === 'ottoman') return ['ottoman-or-cossack-artillery'];
  return [];
}

/**
 * Where one battery fires given its owner's order (a target id, 'hold', or none for the
 * default): the target, or null if it holds; a problem text for an illegal order. Shared by the
 * phase and by order validation, so a refusal reads the same at posting and at resolution.
 */
export function aimBattery(
  state: NwState, b: NwBattery, t: ArtilleryTargets, order: string | undefined,
): { target: string | null; problem?: string; note?: GameEvent } {
  const dec = t.decision;
  const name = `${b.name} (${b.id})`;
  if (dec.kind === 'none') {
    if (order !== undefined && order !== 'hold') return { target: null, problem: `${name}: ${t.barred ? `cannot fire (${t.barred.reason}, ${t.barred.ref})` : 'has no legal target'}` };
    return { target: null };
  }
  if (dec.kind === 'forced') {
    if (dec.rule === 'closest-within-6') {
      if (order !== undefined && order !== dec.target) {
        return { target: null, problem: `${name}: an enemy is within 6" of its front, so it must fire at the closest, ${nameOf(state, dec.target)} (${dec.target}) [${dec.ref}]` };
      }
      return { target: dec.target, ...(order === undefined ? { note: { kind: 'note', rule: dec.ref, text: `${b.name} must fire at the closest enemy, ${nameOf(state, dec.target)}.` } } : {}) };
    }
    if (order === 'hold') return { target: null };
    if (order !== undefined && order !== dec.target) return { target: null, problem: `${name}: its only legal target is ${dec.target} [${dec.ref}]` };
    return { target: dec.target };
  }
  // choice
  if (order === 'hold') {
    if (dec.rule === 'closest-tie') return { target: null, problem: `${name}: an enemy is within 6" of its front, so it must fire at one of ${dec.options.join(', ')} [${dec.ref}]` };
    return { target: null };
  }
  if (order !== undefined && !dec.options.includes(order)) return { target: null, problem: `${name}: cannot fire at ${order}; its targets are ${dec.options.join(', ')} [${dec.ref}]` };
  const target = order ?? dec.options[0]!;
  return { target, ...(order === undefined ? { note: { kind: 'note', rule: dec.ref, text: `${b.name} fires at ${nameOf(state, target)}: default, the closest target (PH-10).` } } : {}) };
}

/**
 * Resolve the artillery phase. `fire` maps battery → target id or 'hold'; batteries left out
 * take the default (PH-10). Returns a Problem, and no state, for an illegal order.
 */
export function artilleryPhase(
  state: NwState, fire: Readonly<Record<string, string>> | undefined, dice: Dice, opts: NwArtilleryOptions = {},
): Result<Step<NwState>, Problem> {
  if (state.phase !== 'artillery' || state.phasing === null) return err(problem('phase/wrong-phase', `Artillery fire is resolved in the artillery fire phase; the game is in the ${state.phase} phase.`));
  const posted = fire ?? {};
  const all = batteryTargets(state, opts);
  const events: GameEvent[] = [phaseEvent(state, 'artillery')];
  const bad: string[] = [];
  const aim = new Map<string, string>();
  for (const id of Object.keys(posted)) if (!all[id]) bad.push(`${id}: there is no battery of that id in play`);
  for (const b of liveBatteries(state)) {
    const a = aimBattery(state, b, all[b.id]!, posted[b.id]);
    if (a.problem) bad.push(a.problem);
    else if (a.target) aim.set(b.id, a.target);
    if (a.note) events.push(a.note);
  }
  if (bad.length > 0) return err(problem('artillery/invalid-fire', `Artillery fire rejected: ${bad.join('; ')}.`, 'Fire each battery at a legal target or "hold"; a battery with an enemy within 6" of its front must fire at the closest (NW §8.3 L174).'));

  // Every fire, by target: the phasing side first (PH-3), each side left to right (§8.0 L158).
  const bySide = new Map<string, Map<string, string[]>>();
  for (const [bat, target] of aim) {
    const side = state.batteries[bat]!.side;
    const m = bySide.get(side) ?? new Map<string, string[]>();
    m.set(target, [...(m.get(target) ?? []), bat]);
    bySide.set(side, m);
  }
  const fires: NwArtilleryFire[] = [];
  const nations = phaseNations(state, opts.nations);
  const sides = [state.phasing, ...state.sides.map((x) => x.id).filter((x) => x !== state.phasing)];
  for (const side of sides) {
    const m = bySide.get(side);
    if (!m) continue;
    const pos = leftToRight(state, side);
    const targets = [...m.keys()].sort((x, y) => pos(poseAt(state, x)!) - pos(poseAt(state, y)!) || (x < y ? -1 : 1));
    for (const target of targets) {
      const ids = [...m.get(target)!].sort();
      const batteries: FiringBattery[] = ids.map((id) => {
        const b = state.batteries[id] as NwBattery;
        const legal = all[id]!.legal.find((l) => l.target === target)!;
        return { unit: id, weight: b.weight, kind: b.kind, condition: b.condition, rangeTenths: legal.rangeTenths, ...(activeSpecial(state, b) === 'rocket' ? { rocket: true } : {}) };
      });
      const unit = state.units[target];
      const bat = state.batteries[target];
      const conditions = new Set<FireCondition>(opts.conditions?.[target] ?? []);
      conditions.delete('target-artillery');
      // Cover, elevation, rain or mud, vulnerable: from the state (conditions.ts, cover.ts).
      const firing = ids.map((id) => { const b = state.batteries[id]!; return { pose: b.pose, size: b.base }; });
      for (const c of fireConditionsOf(state, target, firing, opts.weather ?? battlefieldNow(state).weather)) conditions.add(c);
      // Each battery by its own nation (NAT-1); "a modifier applies if at least one artillery unit qualifies" (L198, NT-8).
      for (const id of ids) {
        const b = state.batteries[id]!;
        for (const c of nationalFireConditions(nationOf(state, b, nations), [b.weight])) conditions.add(c);
      }
      const rolled = rollArtilleryFire({
        batteries,
        target: unit
          ? { unit: target, arm: unit.arm, ...(unit.attachedGeneral ? { attachedGeneral: unit.attachedGeneral } : {}) }
          : { unit: target, arm: 'artillery', condition: bat!.condition },
        conditions: [...conditions],
      }, state.settings, dice);
      events.push(...rolled.events);
      fires.push({ side, target, batteries: ids, result: rolled.result });
    }
  }
  if (fires.length === 0) events.push({ kind: 'note', rule: ARTILLERY_PHASE_RULE, text: 'No battery fires.' });

  // No results apply until all fire is done (§8.0 L158). First lift the suppression that
  // halved this phase's fire (PH-11), then mark this phase's results.
  const d = draftOf(state);
  for (const b of liveBatteries(state)) {
    if (b.condition === 'suppressed' || b.condition === 'damaged-and-suppressed') {
      d.batteries[b.id] = { ...b, condition: b.condition === 'suppressed' ? 'full' : 'damaged' };
      events.push({ kind: 'status', rule: 'NW §8.4 L196, §11.6', unit: b.id, status: 'suppressed', on: false, reason: 'its next fire phase is over' });
    }
  }
  const rule = 'NW §8.4 chart L752-759';
  for (const f of fires) {
    const e = f.result.effect;
    if (!e || !f.result.result) continue;
    const by = `${f.result.result} fire from ${f.batteries.map((x) => nameOf(state, x)).join(' + ')}`;
    if (state.units[f.target]) {
      if (e.spLoss > 0) loseSp(d, f.target, e.spLoss, rule, by, events);
      if (e.disordered) disorder(d, f.target, rule, by, events);
    } else {
      if (e.destroyed) hitBattery(d, f.target, 'destroyed', rule, by, events);
      else if (e.damaged) hitBattery(d, f.target, 'damaged', rule, by, events);
      if (e.suppressed) hitBattery(d, f.target, 'suppressed', rule, by, events);
    }
    // PH-16: the fire result's retreat is made at once, in firing order (§11.4 rules, retreat.ts).
    const target = d.units[f.target] ?? d.batteries[f.target];
    if (e.retreat !== 0 && target && !target.removed && target.onTable) {
      const from = nearestFiring(state, f.target, f.batteries);
      const inches = e.retreat === 6 ? 6 : fullMoveOf(state, target, nations);
      const r = `${rule}; ${e.retreat === 6 ? 'L757 "immediately retreats 6\""' : state.units[f.target] ? 'L759 "retreats a full move"' : 'L756-758 "a full move"'}`;
      const order: RetreatOrder = { id: f.target, from, inches, kind: 'retreat', foes: f.batteries, rule: r, cause: by };
      const way = opts.retreat?.[f.target];
      // RC-1: a real choice of ways stops the phase here (every die is rolled: fire is simultaneous);
      // it is resolved again from its start with the same rolls once the owner has chosen (turn.ts).
      const q = way === undefined ? retreatWayQuestion(state, d, order, opts.askRetreatWay) : null;
      if (q) {
        const log = { ...state.log, retreatWay: { unit: f.target, side: q.side, shown: events.length, rolls: [] } };
        return ok({ state: { ...state, log }, events: [...events, { kind: 'note', rule: `${r}; NW §11.4 L401; RC-1`, text: q.text }] });
      }
      retreatPiece(state, d, way ? { ...order, prefer: way } : order, events, dice);
    }
    const general = state.units[f.target]?.attachedGeneral;
    if (f.result.generalKilled && general) loseOfficer(state, d, general, f.target, 'NW §8.4 L198', events);
  }
  // §9.2 L258-260: batteries that fired move at ½ (Ottoman: not at all) in this player-turn's maneuver.
  const firedNow = fires.flatMap((f) => f.batteries).filter((id) => state.batteries[id]!.side === state.phasing);
  const next = commitFire(state, d, 'maneuver');
  return ok({ state: { ...next, log: { ...next.log, fired: [...state.log.fired, ...firedNow].sort() } }, events });
}
