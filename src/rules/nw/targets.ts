/**
 * NW target proposal — who may skirmish whom (§7, L85-154) and where a battery may or must fire
 * (§8.1-8.3, L160-174; §8.6 L221). Pure functions over plain unit records; table geometry comes
 * from `src/rules/geometry` (bases, NW frontal perspective, line of sight, 1.5" alleys).
 *
 * The engine proposes the obvious answers; players only post where the rules leave a real choice.
 * Rulings taken here that neither the text nor DIGEST §3(e) settles are marked `TG-n` (see the
 * report / README): in short
 * - TG-1 distances are nearest-point, and a target's distance counts only its part INSIDE the
 *   viewer's frontal perspective (DIGEST N3 "any part … within range and within the frontal
 *   perspective"); skirmish uses the same measure.
 * - TG-2 ranges are inclusive ("out to 4"", L90-91; chart "out to 3"", L716); EPS per geometry.
 * - TG-3 artillery range in tenths rounds UP (3.04" is in "3.1"+", chart L716).
 * - TG-4 §8.3 "45 degree arc of fire from their frontal perspective" (L172) = the NW frontal
 *   perspective (45° outward from the front corners, arcs.ts).
 * - TG-5 skirmish assignment: a plan is legal iff every attacker with a candidate attacks exactly
 *   one of its candidates and the number of distinct targets is maximal (L101-103, L119-122).
 * - TG-6 the forced artillery target is the closest LEGAL target (in range, arc, sight, clear
 *   alley), routed or not (L174 says "closest enemy unit"); equal-closest → player's choice.
 * - TG-7 line of fire: a 1.5" alley from the battery's front centre to an aim point on the
 *   target's in-arc part (nearest point, then centroid); units block by footprint
 *   (`corridorClear`), terrain blocks if any of the alley's centre line or two edges is blocked
 *   (`lineOfSight`; towns/works may be fired INTO, woods/forest 1" deep, orchards 2").
 * - TG-8 irregular cavalry (§7.9) that chose to skirmish may be skirmished back by enemy
 *   INFANTRY only ("enemy infantry units", L154), by any such unit in range, not only its own target.
 * - TG-9 an attached battery whose parent infantry is not among the given units is treated as
 *   unattached (targetable).
 * - OPT-3 optional special batteries (`special`, set only while the optional rule is on): a
 *   howitzer's line of fire is blocked by no unit, friend or foe (Optional §3.0 L622), terrain still
 *   blocks; a rocket's is blocked by friendly units only (§4.0 L626 "over *enemy* units"), its range is
 *   0-12" whatever its label's weight, and its fire points are rolled (`rocketDice`, `points` 0).
 */
import { inHardCover } from './cover';
import {
  basePolygon, bearing, corridorClear, distance, dot, EPS, frontalArcPolygon, frontCentre, inFrontalArc,
  lineOfSight, pointToBaseDistance, rightVector, scale, sub, add, withinDistance,
  type Base, type Point, type SightOptions, type TerrainFeature,
} from '../geometry';
import { baseDistanceLowerBound, baseDistanceLowerBoundBeyond, baseRadius } from '../geometry/base';
import { centroid, clipConvex, nearestPointOnRing, signedArea } from '../geometry/polygon';
import { SpatialGrid } from '../geometry/grid';
import { ringDistance } from '../geometry/primitives';
import type { NwSettings } from './settings';
import { ARTILLERY_FIRE_GEOMETRY, FIRE_POINTS_TABLE, firePointsAt, type RangeBand } from './tables/artillery';
import { ROCKETS, rocketFirePointDice } from './tables/optional';
import { IRREGULAR_SKIRMISH_CAVALRY, skirmishRange } from './tables/skirmish';
import type { Arm, ArtilleryCondition, GunWeight, SkValue, Status, Weather } from './tables/vocabulary';

/** Irregular skirmishing cavalry (§7.9 L150-154): Cossacks SK2, Yuruks/Bedouin/Arabs ("ottoman") SK1. */
export type IrregularCavalry = keyof typeof IRREGULAR_SKIRMISH_CAVALRY;

/** One unit as target selection sees it. */
export interface NwTargetUnit {
  readonly id: string;
  readonly side: string;
  readonly arm: Arm;
  readonly base: Base;
  readonly sk: SkValue;
  readonly status: Status;
  /** §7.9: this cavalry unit is a Cossack or Ottoman-type irregular. */
  readonly irregular?: IrregularCavalry;
  /** §8.6 L219: artillery attached to this infantry unit (id). */
  readonly attachedTo?: string;
  /** §7.3 L105: deployed within a town or completely within hard cover (referee override; computed from terrain when absent). */
  readonly inTownOrHardCover?: boolean;
  /** Artillery only: gun weight (§8.4 L180-183). */
  readonly gunWeight?: GunWeight;
  /** Artillery only: damaged/suppressed state (§8.0 L158). */
  readonly condition?: ArtilleryCondition;
  /** Artillery only: a howitzer or rocket battery whose optional rule is ON (Optional §3.0-4.0; OPT-3). */
  readonly special?: 'howitzer' | 'rocket';
}

/** Phase context. */
export interface NwTargetContext {
  readonly weather: Weather;
  readonly terrain?: readonly TerrainFeature[];
  /** §7.9 L154: ids of irregular cavalry (either side) whose owners chose to skirmish this phase. */
  readonly irregularsSkirmishing?: readonly string[];
  /** §9.51: current visibility in inches (24" less 6" per hindrance); unlimited when absent. */
  readonly visibilityInches?: number;
  /** Overrides for the artillery sight check (defaults: TG-7). */
  readonly sight?: SightOptions;
}

/**
 * Margin, inches, past a range (beyond its EPS) for the broad phases below: a target whose bounding
 * circle is this far out is out of range for sure (the margin is far above rounding).
 */
const RANGE_SLACK = 0.01;
/** A skirmish range or so (SK ranges, tables/skirmish.ts): a search reads a few cells. */
const ENEMY_GRID_CELL_INCHES = 6;
/** Room for rounding between the grid's centre-distance test and baseDistanceLowerBound (far above it). */
const NEAR_MARGIN = 1e-6;

// ---------------------------------------------------------------------------------------------
// Shared geometry helpers (built only from geometry-module primitives)
// ---------------------------------------------------------------------------------------------

/** The part of `target` inside `viewer`'s frontal perspective (TG-1), or null when none is. */
function inArcPart(viewer: Base, target: Base): Point[] | null {
  if (!inFrontalArc(viewer, target)) return null;
  return arcPartOf(viewer, target);
}

/** inArcPart for a target already known to be in the viewer's frontal perspective. */
function arcPartOf(viewer: Base, target: Base): Point[] {
  const reach = distance(viewer.pose.at, target.pose.at) + viewer.size.width + viewer.size.depth + target.size.width + target.size.depth + 1;
  const part = clipConvex(basePolygon(target), frontalArcPolygon(viewer, reach));
  // Touching the arc's line only (within EPS): the whole base stands for the touching part.
  return part.length > 0 ? part : basePolygon(target);
}

/** Nearest-point distance from the viewer's base to a (possibly degenerate) ring. */
function distanceToPart(viewer: Base, part: readonly Point[]): number {
  if (part.length >= 3 && Math.abs(signedArea(part)) > EPS * EPS) return ringDistance(basePolygon(viewer), part);
  return Math.min(...part.map((p) => pointToBaseDistance(p, viewer)));
}

/**
 * TG-1: distance from the viewer's base to the nearest part of the target that lies inside the
 * viewer's frontal perspective; null when no part of the target is in it.
 */
export function frontalDistance(viewer: Base, target: Base): number | null {
  const part = inArcPart(viewer, target);
  return part ? distanceToPart(viewer, part) : null;
}

// ---------------------------------------------------------------------------------------------
// Skirmish (§7)
// ---------------------------------------------------------------------------------------------

/** Why a unit cannot initiate a skirmish attack at all. */
export type SkirmishAttackerBar =
  | 'routed' // §7.1 L93
  | 'sk0' // §7.1 L87-89
  | 'weather' // §7.8 L148 rain/snow
  | 'artillery' // §7.1 L87 "Only certain infantry and cavalry units"
  | 'cavalry' // §7.4 L109 / §7.9 L152
  | 'irregular-declined' // §7.9 L154 owner chose not to
  | 'town-or-hard-cover'; // §7.3 L105

/** Why an enemy is not a skirmish candidate for this attacker. */
export type SkirmishTargetBar =
  | 'not-enemy'
  | 'routed' // §7.1 L93
  | 'cavalry' // §7.2 L97, §7.4 L109
  | 'irregular-not-skirmishing' // §7.9 L154 "Only if they do"
  | 'irregular-only-by-infantry' // §7.9 L154 "enemy infantry units" (TG-8)
  | 'screened-attached-artillery' // §7.6 L124
  | 'outside-frontal-perspective' // §7.2 L97
  | 'out-of-range'; // §7.1 L90-91, §7.8 L148

const ATTACKER_REF: Record<SkirmishAttackerBar, string> = {
  routed: 'NW §7.1 L93', sk0: 'NW §7.1 L87-89', weather: 'NW §7.8 L148', artillery: 'NW §7.1 L87', cavalry: 'NW §7.4 L109, §7.9 L152',
  'irregular-declined': 'NW §7.9 L154', 'town-or-hard-cover': 'NW §7.3 L105',
};
const TARGET_REF: Record<SkirmishTargetBar, string> = {
  'not-enemy': 'NW §7.2 L97', routed: 'NW §7.1 L93', cavalry: 'NW §7.2 L97, §7.4 L109', 'irregular-not-skirmishing': 'NW §7.9 L154',
  'irregular-only-by-infantry': 'NW §7.9 L154 (TG-8)', 'screened-attached-artillery': 'NW §7.6 L124',
  'outside-frontal-perspective': 'NW §7.2 L97', 'out-of-range': 'NW §7.1 L90-91, §7.8 L148',
};

/** One eligible skirmish target. */
export interface SkirmishCandidate {
  readonly target: string;
  /** Inches to the nearest in-arc part of the target (TG-1). */
  readonly distance: number;
}

/** Skirmish options of one attacker. */
export interface SkirmishCandidates {
  readonly attacker: string;
  /** Attack range in inches (§7.1, §7.8), null when it cannot attack. */
  readonly range: number | null;
  /** Set when the unit cannot skirmish attack at all. */
  readonly barred?: { readonly reason: SkirmishAttackerBar; readonly ref: string };
  /** Eligible targets, nearest first (ties by id). */
  readonly candidates: readonly SkirmishCandidate[];
  /** Every other enemy, with the first reason it is excluded. */
  readonly excluded: readonly { readonly target: string; readonly reason: SkirmishTargetBar; readonly ref: string }[];
}

/** §7.3 L105: the unit's flag, else every corner of its base inside one town (BU-1: a built-up area that is not a village) or fortification area (cover.ts). */
export function inTownOrHardCover(unit: NwTargetUnit, terrain: readonly TerrainFeature[] = []): boolean {
  if (unit.inTownOrHardCover !== undefined) return unit.inTownOrHardCover;
  return inHardCover(unit.base, terrain);
}

const isSkirmishingIrregular = (u: NwTargetUnit, ctx: NwTargetContext): boolean =>
  u.arm === 'cavalry' && u.irregular !== undefined && (ctx.irregularsSkirmishing ?? []).includes(u.id);

function attackerBar(a: NwTargetUnit, ctx: NwTargetContext): SkirmishAttackerBar | null {
  if (a.status === 'routed') return 'routed';
  if (a.arm === 'artillery') return 'artillery';
  if (a.arm === 'cavalry') {
    if (a.irregular === undefined) return 'cavalry';
    if (!isSkirmishingIrregular(a, ctx)) return 'irregular-declined';
  }
  if (a.sk === 0) return 'sk0';
  if (skirmishRange(a.sk, ctx.weather) === null) return 'weather';
  if (a.arm === 'infantry' && inTownOrHardCover(a, ctx.terrain)) return 'town-or-hard-cover';
  return null;
}

/**
 * The enemies `attacker` may skirmish attack this phase (§7.1-7.4, §7.6 L124, §7.8, §7.9):
 * enemy infantry or artillery (and irregular cavalry that chose to skirmish, by infantry only),
 * not routed, with some part inside the attacker's frontal perspective within its SK range
 * (fog-reduced, none in rain/snow); sight is NOT needed (L97). An attached battery is a target
 * only if its infantry has SK0 (L124). `settings` is accepted for rulings to come; none applies yet.
 */
export function skirmishCandidates(attacker: NwTargetUnit, enemies: readonly NwTargetUnit[], ctx: NwTargetContext, _settings?: NwSettings): SkirmishCandidates {
  return candidatesAmong(attacker, enemies, ctx, () => enemies);
}

/**
 * skirmishCandidates, the candidates looked for in `near(range)` (the enemies whose bounding circle
 * may come within `range` of the attacker's, in `enemies`' order; every other one is beyond the
 * range by the bounding circles and so no candidate): mandatorySkirmishAssignments reads them
 * from a spatial grid (issue 12: at 600 brigades every attacker measured every enemy).
 */
function candidatesAmong(attacker: NwTargetUnit, enemies: readonly NwTargetUnit[], ctx: NwTargetContext, near: (range: number) => readonly NwTargetUnit[]): SkirmishCandidates {
  const bar = attackerBar(attacker, ctx);
  const range = bar === null ? skirmishRange(attacker.sk, ctx.weather) : null;
  if (bar !== null || range === null) {
    const reason = bar ?? 'sk0';
    return { attacker: attacker.id, range: null, barred: { reason, ref: ATTACKER_REF[reason] }, candidates: [], excluded: [] };
  }
  // The candidates alone (the same set as skirmishExclusions leaves): a target beyond the range
  // by the bounding circles is no candidate, in the perspective or not, so the arc test is made
  // only for the rest. The exclusions (with their first reason) are worked out only when read.
  const candidates: SkirmishCandidate[] = [];
  for (const t of near(range)) {
    if (skirmishTargetBar(attacker, t, enemies, ctx) !== null) continue;
    if (baseDistanceLowerBoundBeyond(attacker.base, t.base, range + RANGE_SLACK)) continue;
    if (!inFrontalArc(attacker.base, t.base)) continue;
    const d = distanceToPart(attacker.base, arcPartOf(attacker.base, t.base));
    if (!withinDistance(d, range)) continue;
    candidates.push({ target: t.id, distance: d });
  }
  candidates.sort((x, y) => x.distance - y.distance || (x.target < y.target ? -1 : x.target > y.target ? 1 : 0));
  let excluded: SkirmishCandidates['excluded'] | undefined;
  return { attacker: attacker.id, range, candidates, get excluded() { return excluded ??= skirmishExclusions(attacker, enemies, ctx, range); } };
}

/** skirmishCandidates' reasons that need no geometry (the first that applies), or null. */
function skirmishTargetBar(attacker: NwTargetUnit, t: NwTargetUnit, enemies: readonly NwTargetUnit[], ctx: NwTargetContext): SkirmishTargetBar | null {
  if (t.side === attacker.side) return 'not-enemy';
  if (t.status === 'routed') return 'routed';
  if (t.arm === 'cavalry') {
    if (t.irregular === undefined) return 'cavalry';
    if (!isSkirmishingIrregular(t, ctx)) return 'irregular-not-skirmishing';
    if (attacker.arm !== 'infantry') return 'irregular-only-by-infantry';
  }
  if (t.arm === 'artillery' && t.attachedTo !== undefined) {
    const parent = unitById(enemies, t.attachedTo);
    if (parent && parent.sk > 0) return 'screened-attached-artillery';
  }
  return null;
}

/** Every enemy of an attacker that may skirmish that is not its candidate, with the first reason it is excluded. */
function skirmishExclusions(attacker: NwTargetUnit, enemies: readonly NwTargetUnit[], ctx: NwTargetContext, range: number): SkirmishCandidates['excluded'] {
  const excluded: { target: string; reason: SkirmishTargetBar; ref: string }[] = [];
  const exclude = (target: string, reason: SkirmishTargetBar) => excluded.push({ target, reason, ref: TARGET_REF[reason] });
  for (const t of enemies) {
    if (t.side === attacker.side) { exclude(t.id, 'not-enemy'); continue; }
    if (t.status === 'routed') { exclude(t.id, 'routed'); continue; }
    if (t.arm === 'cavalry') {
      if (t.irregular === undefined) { exclude(t.id, 'cavalry'); continue; }
      if (!isSkirmishingIrregular(t, ctx)) { exclude(t.id, 'irregular-not-skirmishing'); continue; }
      if (attacker.arm !== 'infantry') { exclude(t.id, 'irregular-only-by-infantry'); continue; }
    }
    if (t.arm === 'artillery' && t.attachedTo !== undefined) {
      const parent = unitById(enemies, t.attachedTo);
      if (parent && parent.sk > 0) { exclude(t.id, 'screened-attached-artillery'); continue; }
    }
    if (!inFrontalArc(attacker.base, t.base)) { exclude(t.id, 'outside-frontal-perspective'); continue; }
    // Broad phase: the in-arc part is no nearer than the whole base, nor that than the bounding circles.
    if (baseDistanceLowerBound(attacker.base, t.base) > range + RANGE_SLACK) { exclude(t.id, 'out-of-range'); continue; }
    const d = distanceToPart(attacker.base, arcPartOf(attacker.base, t.base));
    if (!withinDistance(d, range)) { exclude(t.id, 'out-of-range'); continue; }
  }
  return excluded;
}

/** The unit of that id (the last, as a Map of them would keep): looked up only for attached batteries. */
function unitById(units: readonly NwTargetUnit[], id: string): NwTargetUnit | undefined {
  for (let i = units.length - 1; i >= 0; i--) if (units[i]!.id === id) return units[i];
  return undefined;
}

/** Maximum bipartite matching size (Kuhn) of attackers to distinct targets. */
function maxMatching(edges: ReadonlyMap<string, readonly string[]>, skipAttacker?: string, skipTarget?: string): number {
  const owner = new Map<string, string>();
  const tryAssign = (a: string, seen: Set<string>): boolean => {
    for (const t of edges.get(a) ?? []) {
      if (t === skipTarget || seen.has(t)) continue;
      seen.add(t);
      const o = owner.get(t);
      if (o === undefined || tryAssign(o, seen)) { owner.set(t, a); return true; }
    }
    return false;
  };
  let n = 0;
  for (const a of edges.keys()) if (a !== skipAttacker && tryAssign(a, new Set())) n++;
  return n;
}

/** The outcome of the mandatory-attack and assignment rules for one side. */
export interface SkirmishAssignments {
  /** Every attacker's candidates (from skirmishCandidates), in input order. */
  readonly candidates: readonly SkirmishCandidates[];
  /** Most distinct targets any legal plan attacks ("as many … as possible", L103, L122). */
  readonly maxTargets: number;
  /** Attackers whose target is the same in every legal plan (§7.5 L113 "it must"). */
  readonly forced: readonly { readonly attacker: string; readonly target: string }[];
  /** Attackers with a genuine choice: the targets they may take in at least one legal plan. */
  readonly choices: readonly { readonly attacker: string; readonly options: readonly string[] }[];
  /** Units that make no attack, with the reason (barred, or no candidate in range/arc). */
  readonly idle: readonly { readonly attacker: string; readonly reason: SkirmishAttackerBar | 'no-target'; readonly ref: string }[];
  /** Targets attacked in every legal plan. */
  readonly mustBeAttacked: readonly string[];
}

/**
 * §7.3 L101-103, §7.5 L113, §7.6 L117-122 for one side's units. Every unit that can skirmish
 * must (L113); each attacks one target (L101); the plan must attack as many distinct targets as
 * possible, and units may double up only when no other target is left for them (L103 — the
 * "for instance": 3 attackers, 2 targets → both attacked, the third doubles up). TG-5: the legal
 * plans are exactly the total assignments of attackers to candidates whose distinct-target count
 * equals the maximum matching; a unit's options are the targets it takes in some legal plan.
 * Choices are joint: check a posted plan with `checkSkirmishPlan`.
 */
export function mandatorySkirmishAssignments(
  units: readonly NwTargetUnit[], enemies: readonly NwTargetUnit[], ctx: NwTargetContext, _settings?: NwSettings,
): SkirmishAssignments {
  // The enemies filed by bounding circle: an attacker's candidates are read from those within its
  // range of it (candidatesAmong), a superset of what baseDistanceLowerBoundBeyond lets through.
  const grid = new SpatialGrid<NwTargetUnit>(ENEMY_GRID_CELL_INCHES);
  enemies.forEach((t, i) => grid.set(String(i), t, t.base.pose.at, baseRadius(t.base.size)));
  const candidates = units.map((u) => candidatesAmong(u, enemies, ctx, (range) => grid.near(u.base.pose.at, range + RANGE_SLACK + baseRadius(u.base.size) + NEAR_MARGIN)));
  const edges = new Map<string, string[]>();
  const idle: { attacker: string; reason: SkirmishAttackerBar | 'no-target'; ref: string }[] = [];
  for (const c of candidates) {
    if (c.barred) idle.push({ attacker: c.attacker, reason: c.barred.reason, ref: c.barred.ref });
    else if (c.candidates.length === 0) idle.push({ attacker: c.attacker, reason: 'no-target', ref: 'NW §7.2 L97' });
    else edges.set(c.attacker, c.candidates.map((x) => x.target));
  }
  const m = maxMatching(edges);
  const forced: { attacker: string; target: string }[] = [];
  const choices: { attacker: string; options: string[] }[] = [];
  for (const [a, ts] of edges) {
    const options = ts.filter((t) => 1 + maxMatching(edges, a, t) === m);
    if (options.length === 1) forced.push({ attacker: a, target: options[0] as string });
    else choices.push({ attacker: a, options });
  }
  const targets = [...new Set([...edges.values()].flat())];
  const mustBeAttacked = targets.filter((t) => {
    const someoneOnlyHasT = [...edges.values()].some((ts) => ts.every((x) => x === t));
    return someoneOnlyHasT || maxMatching(edges, undefined, t) < m;
  });
  return { candidates, maxTargets: m, forced, choices, idle, mustBeAttacked };
}

/** A problem with a posted skirmish plan. */
export interface SkirmishPlanProblem {
  readonly attacker?: string;
  readonly problem: 'missing-attacker' | 'not-a-candidate' | 'not-an-attacker' | 'too-few-targets';
  readonly ref: string;
}

/** Checks a posted plan (attacker id → target id) against the rules encoded in `a`. Empty = legal. */
export function checkSkirmishPlan(a: SkirmishAssignments, plan: Readonly<Record<string, string>>): SkirmishPlanProblem[] {
  const problems: SkirmishPlanProblem[] = [];
  const eligible = new Map(a.candidates.filter((c) => !c.barred && c.candidates.length > 0).map((c) => [c.attacker, c.candidates.map((x) => x.target)]));
  for (const [attacker, ts] of eligible) {
    const t = plan[attacker];
    if (t === undefined) problems.push({ attacker, problem: 'missing-attacker', ref: 'NW §7.5 L113' });
    else if (!ts.includes(t)) problems.push({ attacker, problem: 'not-a-candidate', ref: 'NW §7.2 L97' });
  }
  for (const attacker of Object.keys(plan)) if (!eligible.has(attacker)) problems.push({ attacker, problem: 'not-an-attacker', ref: 'NW §7.1-7.3' });
  if (problems.length === 0 && new Set(Object.values(plan)).size < a.maxTargets) problems.push({ problem: 'too-few-targets', ref: 'NW §7.3 L103, §7.6 L122' });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Artillery (§8.1-8.3)
// ---------------------------------------------------------------------------------------------

/** Why a battery cannot fire at all. */
export type BatteryBar = 'not-artillery' | 'routed' | 'damaged-and-suppressed' | 'no-gun-weight';

/** Why a unit is not a legal artillery target. */
export type ArtilleryTargetBar =
  | 'not-enemy'
  | 'outside-frontal-perspective' // §8.1 L162
  | 'out-of-range' // §8.1 L162, chart L716-718
  | 'beyond-visibility' // §8.1 L162 "limits on visibility for weather"
  | 'terrain-blocks' // §8.1 L162, §8.3 L172
  | 'unit-in-line-of-fire'; // §8.3 L172

/** One legal target of a battery. */
export interface ArtilleryTarget {
  readonly target: string;
  /** Inches to the nearest in-arc part (TG-1). */
  readonly distance: number;
  /** Range in whole tenths, rounded up (TG-3). */
  readonly rangeTenths: number;
  /** The Fire Points Table band; 'rocket' for a rocket battery (no bands, 12" range, OPT-3). */
  readonly band: RangeBand | 'rocket';
  /** Full-strength fire points at this range (before damage/suppression halving); 0 for a rocket, whose points are rolled. */
  readonly points: number;
  /** Rocket battery: the d6 rolled for its fire points at this target (Optional §4.0 L626: 1 vs infantry and artillery, 2 vs cavalry). */
  readonly rocketDice?: 1 | 2;
}

/** The fire decision for one battery (§8.3 L174). */
export type ArtilleryDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'forced'; readonly target: string; readonly rule: 'closest-within-6' | 'only-target'; readonly ref: string }
  | { readonly kind: 'choice'; readonly options: readonly string[]; readonly rule: 'free' | 'closest-tie'; readonly ref: string };

/** Where one battery may fire. */
export interface ArtilleryTargets {
  readonly battery: string;
  readonly barred?: { readonly reason: BatteryBar; readonly ref: string };
  /** Legal targets, nearest first. */
  readonly legal: readonly ArtilleryTarget[];
  readonly excluded: readonly { readonly target: string; readonly reason: ArtilleryTargetBar; readonly ref: string; readonly blockedBy?: string }[];
  /** Non-routed enemies within 6" of the battery's front, which trigger the closest-target rule. */
  readonly within6: readonly string[];
  /** If the battery fires (firing is optional, §8.0 L158 "may"), where. */
  readonly decision: ArtilleryDecision;
}

const ART_REF: Record<ArtilleryTargetBar, string> = {
  'not-enemy': 'NW §8.2 L168', 'outside-frontal-perspective': 'NW §8.1 L162, §8.3 L172', 'out-of-range': 'NW §8.1 L162; chart L716-718',
  'beyond-visibility': 'NW §8.1 L162, §9.51', 'terrain-blocks': 'NW §8.1 L162, §8.3 L172', 'unit-in-line-of-fire': 'NW §8.3 L172',
};

/** TG-7 default sight: fire reaches 1" into woods/forest (L162), 2" seen into orchards (§9.51); towns/works may be fired into, not through. */
const DEFAULT_FIRE_SIGHT: SightOptions = {
  seeInto: { woods: ARTILLERY_FIRE_GEOMETRY.woodsPenetrationInches, forest: ARTILLERY_FIRE_GEOMETRY.woodsPenetrationInches, orchard: 2, town: Infinity, 'built-up': Infinity, fortification: Infinity },
};

/** The 1.5" alley (TG-7): first blocker id, or null when clear. */
function alleyBlocker(
  from: Point, to: Point, others: readonly NwTargetUnit[], ctx: NwTargetContext,
): { reason: 'terrain-blocks' | 'unit-in-line-of-fire'; by: string } | null {
  const width = ARTILLERY_FIRE_GEOMETRY.lineOfFireWidthInches;
  const units = corridorClear(from, to, width, others.map((o) => basePolygon(o.base)));
  if (!units.clear) return { reason: 'unit-in-line-of-fire', by: (others[units.blockedBy as number] as NwTargetUnit).id };
  const terrain = ctx.terrain ?? [];
  if (terrain.length === 0) return null;
  const r = scale(rightVector(bearing(from, to)), width / 2 - EPS);
  const opts = ctx.sight ?? DEFAULT_FIRE_SIGHT;
  for (const [a, b] of [[from, to], [add(from, r), add(to, r)], [sub(from, r), sub(to, r)]] as const) {
    const s = lineOfSight(a, b, terrain, opts);
    if (!s.clear) return { reason: 'terrain-blocks', by: s.blockedBy ?? '?' };
  }
  return null;
}

/**
 * Legal targets and the fire decision for `battery` (§8.1 L162, §8.3 L172-174, §8.6 L221).
 * A target is legal when some part of it is inside the battery's frontal perspective (TG-4)
 * and within its longest range band (chart L716-718), within visibility, and a 1.5"-wide alley
 * to it is free of other units and blocking terrain (TG-7). Any enemy arm may be fired on,
 * attached batteries included (L221). Decision (L174): if a non-routed enemy is within 6" of the
 * battery's front, the battery must fire at the closest legal target (TG-6; equal-closest →
 * choice); otherwise any legal target (one legal target → forced 'only-target').
 */
export function artilleryTargets(battery: NwTargetUnit, enemies: readonly NwTargetUnit[], friends: readonly NwTargetUnit[], ctx: NwTargetContext, near?: NearPieces): ArtilleryTargets {
  const r = batteryFire(battery, enemies, friends, ctx, false, near);
  if (r.barred) return r;
  // The exclusions (with their reasons) are worked out only when read: the same walk, recording them.
  let excluded: ArtilleryTargets['excluded'] | undefined;
  return { battery: r.battery, legal: r.legal, get excluded() { return excluded ??= batteryFire(battery, enemies, friends, ctx, true).excluded; }, within6: r.within6, decision: r.decision };
}

/**
 * The pieces of a list filed in a spatial grid (geometry/grid.ts) by bounding circle: those whose
 * bounding circle comes within `within` of `at`, in the list's order (a superset of the pieces
 * within that distance: callers keep their exact tests).
 */
export type NearPieces = (at: Point, within: number) => readonly NwTargetUnit[];

/** NearPieces over `pieces` (one grid, filed once). */
export function nearPiecesOf(pieces: readonly NwTargetUnit[]): NearPieces {
  const grid = new SpatialGrid<NwTargetUnit>(ENEMY_GRID_CELL_INCHES);
  pieces.forEach((t, i) => grid.set(String(i), t, t.base.pose.at, baseRadius(t.base.size)));
  return (at, within) => grid.near(at, within);
}

/**
 * artilleryTargets' walk. With `full` it records every exclusion with its first reason; without,
 * none, and a target out of reach by the bounding circles is passed over before the arc test (it
 * is neither legal nor within 6" whatever that test says). Without `full`, `near` (over every
 * live piece: the enemies and friends given) may give the pieces near the battery, so the walk
 * reads the enemies within its reach and the units that may stand in a line of fire, not every
 * piece on the table (issue 12: at 600 brigades each battery measured every enemy, and every
 * unit for each target's alley). The answer is the same: the legal targets are sorted (distance,
 * then id), only the count of those within 6" is read, and without `full` only whether an alley
 * is blocked counts, not by whom.
 */
function batteryFire(battery: NwTargetUnit, enemies: readonly NwTargetUnit[], friends: readonly NwTargetUnit[], ctx: NwTargetContext, full: boolean, near?: NearPieces): ArtilleryTargets {
  const barredOut = (reason: BatteryBar, ref: string): ArtilleryTargets =>
    ({ battery: battery.id, barred: { reason, ref }, legal: [], excluded: [], within6: [], decision: { kind: 'none' } });
  if (battery.arm !== 'artillery') return barredOut('not-artillery', 'NW §8.0 L158');
  if (battery.status === 'routed') return barredOut('routed', 'NW §8.0 L158');
  if (battery.condition === 'damaged-and-suppressed') return barredOut('damaged-and-suppressed', 'NW §8.0 L158, §8.4 L196');
  if (battery.gunWeight === undefined) return barredOut('no-gun-weight', 'NW §8.4 L180-183');
  const weight = battery.gunWeight;
  // OPT-3: what may block the line of fire: every unit; a rocket's only friends; a howitzer's none.
  // Listed only when a line of fire is checked without `near` (issue 12: each battery listed every
  // piece on the table, 5 MB a turn at 600 brigades, though the grid answers most of them).
  let all: readonly NwTargetUnit[] | undefined;
  const allBlockers = (): readonly NwTargetUnit[] => all ??= (battery.special === 'howitzer' ? [] : battery.special === 'rocket' ? friends : [...enemies, ...friends]).filter((u) => u.id !== battery.id);
  const from = frontCentre(battery.base);
  const batteryRadius = baseRadius(battery.base.size);
  // Worked out when a first target needs its line of fire checked (many batteries have none).
  let allGaps: number[] | undefined;
  const legal: ArtilleryTarget[] = [];
  const excluded: { target: string; reason: ArtilleryTargetBar; ref: string; blockedBy?: string }[] = [];
  const exclude = (target: string, reason: ArtilleryTargetBar, blockedBy?: string) => full &&
    excluded.push(blockedBy === undefined ? { target, reason, ref: ART_REF[reason] } : { target, reason, ref: ART_REF[reason], blockedBy });
  const within6: string[] = [];
  // Broad phase: beyond this (bounding circles) a target is neither within 6" nor in range.
  const bands = FIRE_POINTS_TABLE[weight] as readonly { readonly maxTenths: number }[] | undefined;
  const longest = battery.special === 'rocket' ? ROCKETS.maxRangeInches : bands ? bands[bands.length - 1]!.maxTenths / 10 : Infinity;
  const reach = Math.max(longest, ARTILLERY_FIRE_GEOMETRY.forcedTargetInches) + RANGE_SLACK;
  // Every enemy whose bounding circle comes within `reach` of the battery's (the broad phase below lets no other through).
  const targets = !full && near && Number.isFinite(reach) ? near(battery.base.pose.at, reach + batteryRadius + NEAR_MARGIN).filter((t) => t.side !== battery.side) : enemies;
  for (const t of targets) {
    if (t.side === battery.side) { exclude(t.id, 'not-enemy'); continue; }
    if (!full && baseDistanceLowerBoundBeyond(battery.base, t.base, reach)) continue;
    if (!inFrontalArc(battery.base, t.base)) { exclude(t.id, 'outside-frontal-perspective'); continue; }
    if (baseDistanceLowerBound(battery.base, t.base) > reach) { exclude(t.id, 'out-of-range'); continue; }
    const part = arcPartOf(battery.base, t.base);
    const d = distanceToPart(battery.base, part);
    if (t.status !== 'routed' && withinDistance(d, ARTILLERY_FIRE_GEOMETRY.forcedTargetInches)) within6.push(t.id);
    const rangeTenths = Math.max(0, Math.ceil(d * 10 - EPS * 10));
    const rocket = battery.special === 'rocket';
    const band = rocket
      ? (withinDistance(d, ROCKETS.maxRangeInches) ? { band: 'rocket' as const, points: 0 } : null)
      : firePointsAt(weight, rangeTenths);
    if (band === null) { exclude(t.id, 'out-of-range'); continue; }
    if (ctx.visibilityInches !== undefined && !withinDistance(d, ctx.visibilityInches)) { exclude(t.id, 'beyond-visibility'); continue; }
    // Broad phase: the alleys run from the front centre to points of the target, which stands
    // within d + both radii of the battery's centre; a unit whose bounding circle stays beyond that
    // reach (plus the alley's half width) cannot stand in the line of fire.
    const limit = d + batteryRadius + 2 * baseRadius(t.base.size) + ARTILLERY_FIRE_GEOMETRY.lineOfFireWidthInches / 2 + RANGE_SLACK;
    const others = !full && near && battery.special === undefined
      // The same test on the pieces whose bounding circle comes within `limit` of the battery's centre.
      ? near(battery.base.pose.at, limit + NEAR_MARGIN).filter((u) => u.id !== battery.id && u.id !== t.id && distance(u.base.pose.at, battery.base.pose.at) - baseRadius(u.base.size) <= limit)
      : (() => {
        allGaps ??= allBlockers().map((u) => distance(u.base.pose.at, battery.base.pose.at) - baseRadius(u.base.size));
        const gaps = allGaps;
        return allBlockers().filter((u, i) => u.id !== t.id && gaps[i]! <= limit);
      })();
    const aims = [nearestPointOnRing(part, from), centroid(part)];
    let blocked: { reason: 'terrain-blocks' | 'unit-in-line-of-fire'; by: string } | null = null;
    for (const aim of aims) {
      blocked = alleyBlocker(from, aim, others, ctx);
      if (!blocked) break;
    }
    if (blocked) { exclude(t.id, blocked.reason, blocked.by); continue; }
    legal.push({ target: t.id, distance: d, rangeTenths, band: band.band, points: band.points, ...(rocket ? { rocketDice: rocketFirePointDice(t.arm) } : {}) });
  }
  legal.sort((x, y) => x.distance - y.distance || (x.target < y.target ? -1 : x.target > y.target ? 1 : 0));
  let decision: ArtilleryDecision;
  const first = legal[0];
  if (!first) decision = { kind: 'none' };
  else if (within6.length > 0) {
    const tied = legal.filter((l) => withinDistance(l.distance, first.distance)).map((l) => l.target);
    decision = tied.length === 1
      ? { kind: 'forced', target: first.target, rule: 'closest-within-6', ref: 'NW §8.3 L174' }
      : { kind: 'choice', options: tied, rule: 'closest-tie', ref: 'NW §8.3 L174 (TG-6)' };
  } else if (legal.length === 1) decision = { kind: 'forced', target: first.target, rule: 'only-target', ref: 'NW §8.1 L162' };
  else decision = { kind: 'choice', options: legal.map((l) => l.target), rule: 'free', ref: 'NW §8.3 L174' };
  return { battery: battery.id, legal, excluded, within6, decision };
}

