import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { basePolygon, baseRadius, pointToBaseDistance, type Base } from '../../geometry/base';
import { EPS } from '../../geometry/epsilon';
import { isArea } from '../../geometry/features';
import { pointToGridRef } from '../../scenario/grid';
import type { BaseSize, Point, Pose } from '../../geometry/types';
import { add, angleDifference, headingVector, hypot, normalizeFacing, scale } from '../../geometry/vector';
import { nwPathCost } from '../movement';
import { awayFacing, OVERLAP_SLACK, overlaps } from '../movement-rules';
import { pointSegmentDistance, ringDistance, ringDistanceApart } from '../../geometry/primitives';
import { infantryCategoryOfUnit, type NwBattery, type NwState, type NwUnit } from '../state';
import { infantryCategory, MOVEMENT_ALLOWANCE } from '../tables/maneuver';
import { terrainClass, type Mover } from '../tables/terrain';
import type { Nationality } from '../tables/vocabulary';
import { rollLeaderLoss } from '../procedures/leaders';
import { MOVE_DISTANCES } from '../tables/terrain';
import { officers, pieceOf, placeInRecords, placePiece } from './maneuver-pieces';
import { approachable, closingRates, fastestFirst, RETREAT_BENDS, ringInto, ringInTown, ringOffTable } from './retreat-geometry';
export { approachable, closingRates, RETREAT_BENDS } from './retreat-geometry';
import { disorder, hitBattery, loseOfficer, loseSp, nameOf, type Draft } from './target-units';

/**
 * Retreats and routs forced by a result — combat (§11.4 L401-403, §11.5 L407-409), artillery fire
 * (chart L756-759) and final fire (§8.5 L202) — made on the table. One function for all three, so
 * every forced move obeys the same rules:
 *
 * - C8 (revised) Straight away from `from` (the centroid of the attackers in a combat; the firing
 *   battery, or the nearest of several, for fire). No terrain cost (§11.4 L401). A retreat keeps its
 *   facing; a rout faces the way it runs (§11.5.3 L409). Attached officers and an attached battery
 *   go along.
 * - C13 Blocks: enemy bases (brigades and batteries: "never … through enemy units", §11.4 L401), impassable
 *   terrain (a river away from a bridge or ford, MV-3: the base stops before its leading edge
 *   reaches the river, measured on the line through its centre) and, for a retreat, the
 *   table edge. A rout that reaches the edge has routed off the table (C8, Ch.II §4.0).
 * - C14 "As direct a path as possible": when the straight line is blocked, the move bends in 15°
 *   steps up to 45° either side (clockwise first; a wider bend is no longer "away"); a retreat also
 *   bends to avoid coming closer, anywhere on its way, to any other non-routed enemy (§11.4 L401:
 *   "without moving closer"). If every clear line comes closer, the one that closes least is taken;
 *   if no line is clear, the one that gets farthest away (measured along the straight line).
 *   Routs go "directly away" (§11.5.1 L407) and do not steer for other enemies, only around blocks.
 * - C15 A retreat that cannot be made in full goes as far as it can and loses 1 s.p. (§11.4 L401); a rout
 *   that cannot be made in full has surrendered and is removed (§11.5.1 L407), with its attached battery;
 *   attached officers are left where they stand. A battery has no s.p.: a blocked battery retreat
 *   only stops short.
 * - C16 No move ends overlapping another base (§9.3.1 L266), and only infantry may end in a town
 *   (§9.5 note 7 L301): such a move goes on to the first clear spot, or, if that is blocked, stops at
 *   the last clear spot short of it (and counts as blocked, C15).
 * - C17 Friends passed through: a retreating brigade disorders the brigades it passes and suppresses
 *   the batteries (§9.3.4 L269, §11.4 L403); a rout passes freely (§9.3.5 L271, §11.5.1 L407); a
 *   retreating battery passes freely (§9.3.1 L266: artillery moves through and is moved through freely).
 * - C18 A battery attached to a brigade that retreats alone (fire at the battery, §8.6 L221) leaves
 *   its brigade: it is detached.
 * - RO-1 Enemy officers run over (§9.3.2 L267: "Enemy unit that move through an officer's stand"):
 *   a retreat or rout is a move, so every unattached enemy officer whose stand the moving base
 *   passes over (its centre within half his stand's width of the base, as the maneuver sweep, MV-23)
 *   takes the leader loss check as the move ends, in the order they were met: 12 kills him;
 *   otherwise he is moved 3" straight away from where the unit stopped (MV-23). A rout that leaves
 *   the table runs over those on its way off; a surrender moves nothing.
 */

export const RETREAT_STEP_INCHES = 0.25;
/** Room for rounding in the broad phase's bounding-circle tests (far above float noise). */
const BROAD_SLACK = 1e-3;
/** A step this much farther from another enemy than the start was is farther for sure (see walk). */
const APPROACH_SLACK = 1e-4;
/** A separating-axis gap beyond this (a thousand times EPS) means two bases cannot touch. */
const APART_MARGIN = 1e-3;

export interface RetreatOrder {
  /** Brigade or battery id. */
  readonly id: string;
  /** Move straight away from this point. */
  readonly from: Point;
  readonly inches: number;
  readonly kind: 'retreat' | 'rout';
  /** The enemy pieces it moves away from: not "other" enemies for §11.4 L401. */
  readonly foes: readonly string[];
  readonly rule: string;
  readonly cause: string;
  /**
   * RC-1: the way to bend when two are equally direct (C14): 'right' (clockwise, the default) or
   * 'left', the owner's choice in the combat phase's retreat window (turn.ts).
   */
  readonly prefer?: RetreatWay;
}

export interface RetreatOutcome {
  /** Inches actually moved. */
  readonly moved: number;
  readonly complete: boolean;
  readonly fate: 'on-table' | 'routed-off' | 'surrendered' | 'none';
}

/** C7: a full move is the Movement Allowance (chart L653-660); infantry 8" unless its nation makes it 10". */
export function fullMoveInches(p: NwUnit | NwBattery, nation?: Nationality): number {
  if ('arm' in p) {
    if (p.arm === 'cavalry') return MOVEMENT_ALLOWANCE[p.weight === 'heavy' ? 'heavy-cavalry' : 'other-cavalry'];
    return MOVEMENT_ALLOWANCE[nation ? infantryCategory(nation, 0) : 'other-infantry'];
  }
  return MOVEMENT_ALLOWANCE[p.kind === 'foot' ? 'foot-artillery' : 'horse-artillery'];
}

/**
 * C7 with the state's nations (NAT-2): a full move, infantry by its army's nation, patron and the
 * battle's year (chart L655-658), `nations` overriding the state's side by side.
 */
export function fullMoveOf(s: NwState, p: NwUnit | NwBattery, nations?: Readonly<Record<string, Nationality>>): number {
  if ('arm' in p && p.arm === 'infantry') return MOVEMENT_ALLOWANCE[infantryCategoryOfUnit(s, p, nations)];
  return fullMoveInches(p);
}

/** C7: a rout move is 12" for infantry, 24" for cavalry (§11.5.1 L407). */
export const routMoveInches = (u: NwUnit): number => (u.arm === 'cavalry' ? 24 : 12);

/** The draft seen as a state (positions as they stand now). */
export const draftState = (s: NwState, d: Draft): NwState => ({ ...s, units: d.units, batteries: d.batteries, generals: d.generals, commanders: d.commanders, armies: d.armies });

/** Put a piece at `pose` in the draft, carrying its attachments (placePiece). */
export function placeInDraft(s: NwState, d: Draft, id: string, pose: Pose): void {
  if (placeInRecords(d, id, pose)) return;
  const n = placePiece(draftState(s, d), id, pose);
  d.units = n.units as Record<string, NwUnit>;
  d.batteries = n.batteries as Record<string, NwBattery>;
  d.generals = n.generals;
  d.commanders = n.commanders;
  d.armies = n.armies;
}

interface Body { readonly id: string; readonly base: Base; readonly battery: boolean; readonly routed: boolean }

interface Walk {
  readonly k: number;
  readonly complete: boolean;
  readonly routedOff: boolean;
  /** The least (gap now − gap at the start) to any other non-routed enemy along the way (≥ 0: never closer). */
  readonly approach: number;
  readonly passed: readonly string[];
  readonly facing: number;
  readonly dir: Point;
}

/**
 * Make a forced retreat or rout in the draft (C8, C13-C18), with its events. Returns what
 * happened; a piece already gone does nothing.
 */
export function retreatPiece(s: NwState, d: Draft, o: RetreatOrder, events: GameEvent[], dice: Dice, planned?: RetreatPlan): RetreatOutcome {
  const unit = d.units[o.id];
  const battery = unit ? undefined : d.batteries[o.id];
  const piece = unit ?? battery;
  if (!piece || piece.removed || !piece.onTable) return { moved: 0, complete: true, fate: 'none' };
  if (o.inches <= 0) return { moved: 0, complete: true, fate: 'on-table' };
  const rout = o.kind === 'rout';
  const { w, to, start, size, away } = planned ?? planRetreat(s, d, o, unit, battery);
  const what = rout ? 'routs' : 'retreats';

  // C15: a rout that cannot be made surrenders.
  if (rout && !w.complete) {
    events.push({ kind: 'removed', rule: o.rule, unit: o.id, at: start.at, reason: `surrendered: it cannot make its rout move (${o.cause}; NW §11.5.1 L407)` });
    surrender(s, d, o.id, o.rule, events);
    return { moved: 0, complete: false, fate: 'surrendered' };
  }

  const bend = Math.abs(angleDifference(away, w.facing));
  const bentText = bend > EPS ? `, bending ${Math.round(bend)}° off the straight line` : '';
  events.push({
    kind: 'move', rule: o.rule, unit: o.id, from: start.at, to: to.at, path: [start.at, to.at], facing: to.facing, cost: w.k, allowance: Math.max(o.inches, w.k),
    ...(!w.complete ? { stopped: `blocked: ${what} only ${fmtIn(w.k)} of ${fmtIn(o.inches)}${bentText}` }
      : w.k > o.inches + EPS ? { stopped: `${what} ${fmtIn(w.k)}, on to the first spot clear of other units and towns (C16)${bentText}` }
        : bentText ? { stopped: `${what} ${fmtIn(w.k)}${bentText}` } : {}),
  });

  // RO-1: the enemy officers on the way, found before the move changes the draft.
  const runOver = officersOnTheWay(draftState(s, d), piece.side, { at: start.at, facing: to.facing }, size, w.dir, w.k);
  if (w.routedOff) {
    routOff(s, d, o.id, to, o.rule, events);
    officersRunOverInDraft(s, d, to.at, runOver, `${o.rule}; NW §9.3.2 L267 (RO-1)`, dice, events);
    return { moved: w.k, complete: true, fate: 'routed-off' };
  }
  placeInDraft(s, d, o.id, to);
  // C18: an attached battery retreating alone leaves its brigade.
  if (battery?.attachedTo) {
    const host = d.units[battery.attachedTo];
    d.batteries[o.id] = { ...d.batteries[o.id]!, attachedTo: null };
    if (host && host.attachedBattery === o.id) d.units[host.id] = { ...host, attachedBattery: null };
    events.push({ kind: 'note', rule: o.rule, text: `${battery.name} falls back without ${host?.name ?? battery.attachedTo}: it is no longer attached.` });
  }
  // C17: friends passed.
  if (!rout && unit) {
    for (const id of w.passed) {
      const why = `${nameOf(s, o.id)} retreated through it (NW §9.3.4 L269, §11.4 L403)`;
      if (d.units[id]) disorder(d, id, o.rule, why, events);
      else if (d.batteries[id]) hitBattery(d, id, 'suppressed', o.rule, why, events);
    }
  }
  // C15: a retreat cut short costs 1 s.p.
  if (!w.complete && unit) loseSp(d, o.id, 1, `${o.rule}; NW §11.4 L401`, `could not complete its retreat (${o.cause})`, events);
  officersRunOverInDraft(s, d, to.at, runOver, `${o.rule}; NW §9.3.2 L267 (RO-1)`, dice, events);
  return { moved: w.k, complete: w.complete, fate: d.units[o.id]?.removed ? 'none' : 'on-table' };
}

/**
 * RO-1: the unattached enemy officers (of any side but `side`) whose stands a base of `size`
 * passes over moving `k` inches along `dir` from `start` (facing kept), in the order met: his
 * stand's centre within half its width of the base at some step (the maneuver sweep's test).
 */
function officersOnTheWay(s: NwState, side: string, start: Pose, size: BaseSize, dir: Point, k: number): string[] {
  if (k <= 0) return [];
  // Broad phase: a stand whose centre is farther from the line of centres than the base's
  // bounding radius and half the stand's width (with BROAD_SLACK) is met at no step.
  const end = add(start.at, scale(dir, k));
  const r = baseRadius(size);
  const candidates = officers(s, (x) => x !== side)
    .filter((o) => o.attachedTo === null && pointSegmentDistance(o.pose.at, start.at, end) <= r + o.base.width / 2 + BROAD_SLACK);
  if (candidates.length === 0) return [];
  const met: string[] = [];
  const ks: number[] = [];
  for (let x = 0; x < k - EPS; x += RETREAT_STEP_INCHES) ks.push(x);
  ks.push(k);
  for (const x of ks) {
    const here: Base = { pose: { at: add(start.at, scale(dir, x)), facing: start.facing }, size };
    for (const o of candidates) {
      if (met.includes(o.id)) continue;
      // The same broad phase at this step: the centres farther apart than the reach cannot meet.
      const dx = o.pose.at.x - here.pose.at.x, dy = o.pose.at.y - here.pose.at.y, reach = r + o.base.width / 2 + BROAD_SLACK;
      if (dx * dx + dy * dy > reach * reach) continue;
      if (pointToBaseDistance(o.pose.at, here) <= o.base.width / 2) met.push(o.id);
    }
  }
  return met;
}

/**
 * §9.3.2 L267 in a draft: each officer an enemy unit moved through rolls the leader loss check —
 * 2d6, 12 kills him (a CinC's loss is only noted); otherwise MV-23 moves him 3" straight away from
 * `end`, where the unit stopped (the owner is not asked; no end known: his own facing's way back). Shared by maneuver moves and by retreats
 * and routs (RO-1).
 */
export function officersRunOverInDraft(s: NwState, d: Draft, end: Point | null, ids: readonly string[], rule: string, dice: Dice, events: GameEvent[]): void {
  for (const id of ids) {
    const o = pieceOf(draftState(s, d), id);
    if (!o || o.removed || !o.onTable) continue;
    const r = rollLeaderLoss({ officer: id, trigger: 'enemyPassesThrough' }, dice);
    events.push(...r.events);
    if (r.result.killed) {
      if (o.kind === 'cinc') events.push({ kind: 'note', rule, text: `${o.name} falls; a CinC's loss is not modelled here.` });
      else loseOfficer(s, d, id, o.attachedTo ?? '', rule, events);
      continue;
    }
    const dir = headingVector(awayFacing(end ?? o.pose.at, o.pose.at, o.pose.facing));
    const to: Pose = { at: add(o.pose.at, scale(dir, MOVE_DISTANCES.officerDisplacedInches)), facing: o.pose.facing };
    events.push({ kind: 'move', rule: `${rule} (MV-23)`, unit: id, from: o.pose.at, to: to.at, path: [o.pose.at, to.at], facing: to.facing, cost: 3, allowance: 3, stopped: 'displaced by an enemy passing through' });
    placeInDraft(s, d, id, to);
  }
}

/** RC-1: C14's bends in the order tried — clockwise (right) first unless the owner prefers left. */
const bendsFor = (prefer: RetreatOrder['prefer']): readonly number[] =>
  (prefer === 'left' ? RETREAT_BENDS.map((b) => -b) : RETREAT_BENDS);

/**
 * A retreat or rout worked out and not yet made (planRetreat). Valid only for the state, draft and
 * order it was planned on, with nothing changed since (retreatEnds hands its plans to retreatPiece).
 */
export interface RetreatPlan {
  readonly w: Walk;
  readonly to: Pose;
  readonly start: Pose;
  readonly size: BaseSize;
  readonly away: number;
  /** The straight line (C14's first try, the same for either preference) was taken: no bend was tried. */
  readonly straight: boolean;
}

/** Where a forced retreat or rout goes (C8, C13-C16), changing nothing: the walk chosen and its end. */
function planRetreat(s: NwState, d: Draft, o: RetreatOrder, unit: NwUnit | undefined, battery: NwBattery | undefined): RetreatPlan {
  return retreatPlanner(s, d, o, unit, battery)(o.prefer);
}

/**
 * planRetreat for either preference (RC-1) on one working-out: the bodies, bounds and rings are
 * gathered once, and a walk (a bend, and the approach it must beat) made for one preference
 * serves the other (issue 12: retreatEnds plans both ways of most retreats). `o.prefer` is unused.
 */
function retreatPlanner(s: NwState, d: Draft, o: RetreatOrder, unit: NwUnit | undefined, battery: NwBattery | undefined): (prefer: RetreatOrder['prefer']) => RetreatPlan {
  const piece = (unit ?? battery)!;
  const rout = o.kind === 'rout';
  const size: BaseSize = piece.base;
  const start = piece.pose;
  const isInfantry = unit?.arm === 'infantry';
  const mover: Mover = unit ? (unit.arm === 'cavalry' ? { arm: 'cavalry', weight: unit.weight ?? 'light' } : { arm: 'infantry' }) : { arm: 'artillery', kind: battery!.kind };
  const cls = terrainClass(mover);
  const carried = new Set<string>([o.id, ...(unit?.attachedBattery ? [unit.attachedBattery] : [])]);
  const extension = o.inches + 12;
  // Broad phase (a pure short cut): every pose tried is centred within `reach` of the start, so a
  // body whose bounding circle stays farther than that can never overlap one of them.
  const radius = baseRadius(size);
  const reach = o.inches + extension + RETREAT_STEP_INCHES;
  const near = (pose: Pose, bodySize: BaseSize): boolean => hypot(pose.at.x - start.at.x, pose.at.y - start.at.y) - radius - baseRadius(bodySize) <= reach + BROAD_SLACK;
  // The bodies on the table, brigades then batteries as Object.values gives them, in one pass: the
  // enemies and friends near enough to block or be passed, and (for a retreat) the other
  // non-routed enemies it must not come closer to (§11.4 L401), each list in that order. A body in
  // none of them is not made (issue 12: most of the table's, on every retreat at 600 brigades).
  const foes = new Set(o.foes);
  const enemies: Body[] = [];
  const friends: Body[] = [];
  const others: Body[] = [];
  const away = awayFacing(o.from, start.at, start.facing);
  const mayCloseOn = rout ? null : approachable(start, size, away);
  const consider = (id: string, side: string, pose: Pose, bodySize: BaseSize, battery: boolean, routed: boolean): void => {
    if (side === piece.side) {
      if (near(pose, bodySize)) friends.push({ id, base: { pose, size: bodySize }, battery, routed });
      return;
    }
    const isNear = near(pose, bodySize);
    const base: Base = { pose, size: bodySize };
    const other = !rout && !routed && !foes.has(id) && mayCloseOn!(base);
    if (!isNear && !other) return;
    const b: Body = { id, base, battery, routed };
    if (isNear) enemies.push(b);
    if (other) others.push(b);
  };
  for (const u of Object.values(d.units)) {
    if (u.onTable && !u.removed && !carried.has(u.id)) consider(u.id, u.side, u.pose, u.base, false, u.status === 'routed');
  }
  for (const b of Object.values(d.batteries)) {
    if (b.onTable && !b.removed && !carried.has(b.id)) consider(b.id, b.side, b.pose, b.base, true, false);
  }
  // The terrain features that could hold a step's centre or corner: every other feature's box lies
  // wholly beyond the reach of them all, and a point outside a ring's box is not inside it.
  const span = reach + radius + BROAD_SLACK;
  const towns = isInfantry ? [] : s.map.terrain.filter((f) => !isArea(f) || f.polygon.some((p) => p.x >= start.at.x - span) && f.polygon.some((p) => p.x <= start.at.x + span)
    && f.polygon.some((p) => p.y >= start.at.y - span) && f.polygon.some((p) => p.y <= start.at.y + span));
  // Per body, the centre distance beyond which the bases cannot overlap (bounding circles).
  const enemyReach = enemies.map((e) => radius + baseRadius(e.base.size) + BROAD_SLACK);
  const friendReach = friends.map((f) => radius + baseRadius(f.base.size) + BROAD_SLACK);
  // Their radii, for overlapsBody's baseDistanceLowerBound (the same arithmetic, worked out once).
  const enemyRadius = enemies.map((e) => baseRadius(e.base.size));
  const friendRadius = friends.map((f) => baseRadius(f.base.size));
  // Their rings (basePolygon), looked up once each when first needed, across every step and bend.
  const enemyRing: (Point[] | undefined)[] = enemies.map(() => undefined);
  const friendRing: (Point[] | undefined)[] = friends.map(() => undefined);
  const startBase: Base = { pose: start, size };
  // The gap at the start to each other enemy, measured only when a step could come closer than it.
  const gap0: (number | undefined)[] = others.map(() => undefined);
  // baseDistance(startBase, other) with the start's ring made once and the other's kept (otherRing).
  const startRing = basePolygon(startBase);
  const gapOf = (i: number): number => gap0[i] ?? (gap0[i] = ringDistance(startRing, otherRing[i] ??= basePolygon(others[i]!.base)));
  // An upper bound of that gap (centre to centre) plus both radii: a step whose centre is farther
  // than this from the other's cannot come closer than the start did.
  const otherReach = others.map((e) => hypot(e.base.pose.at.x - start.at.x, e.base.pose.at.y - start.at.y) + radius + baseRadius(e.base.size) + BROAD_SLACK);
  const otherRadii = others.map((e) => radius + baseRadius(e.base.size) + BROAD_SLACK);
  // Per other enemy, the way from the start's centre to its centre (a unit vector) and the sine of
  // the half-angle its base subtends from ours (bounding circles; 1 when they may overlap), for
  // closingRates.
  const towardX = new Float64Array(others.length), towardY = new Float64Array(others.length);
  const subtends = new Float64Array(others.length);
  for (let i = 0; i < others.length; i++) {
    const e = others[i]!;
    const dx = e.base.pose.at.x - start.at.x, dy = e.base.pose.at.y - start.at.y, d = hypot(dx, dy);
    if (d > 0) { towardX[i] = dx / d; towardY[i] = dy / d; }
    subtends[i] = d > otherRadii[i]! ? otherRadii[i]! / d : 1;
  }
  const otherRing: (Point[] | undefined)[] = others.map(() => undefined);
  // The bases' half sizes and axes, for the separating-axis bound in walk: per other enemy its
  // half width, half depth and heading (its right is the heading turned a quarter clockwise).
  const halfW = size.width / 2, halfD = size.depth / 2;
  const { x: aheadX, y: aheadY } = headingVector(start.facing);
  const { x: rightX, y: rightY } = headingVector(start.facing + 90);
  // Then, as the facings stay put, the fixed half extents across each of the four edge normals:
  // the other's on our heading and right, ours on its heading and right.
  // Filled for an enemy when a walk first needs them (most are done with before: issue 12).
  const otherAxes = new Float64Array(others.length * 8);
  const axesMade = new Uint8Array(others.length);
  const across = (nx: number, ny: number, d: number, w: number, hx: number, hy: number) => d * Math.abs(hx * nx + hy * ny) + w * Math.abs(hy * nx - hx * ny);
  const axesOf = (i: number): number => {
    const a = i * 8;
    if (axesMade[i]) return a;
    axesMade[i] = 1;
    const e = others[i]!;
    const h = headingVector(e.base.pose.facing);
    const eD = e.base.size.depth / 2, eW = e.base.size.width / 2;
    otherAxes[a] = eD; otherAxes[a + 1] = eW; otherAxes[a + 2] = h.x; otherAxes[a + 3] = h.y;
    otherAxes[a + 4] = across(aheadX, aheadY, eD, eW, h.x, h.y); otherAxes[a + 5] = across(rightX, rightY, eD, eW, h.x, h.y);
    otherAxes[a + 6] = across(h.x, h.y, halfD, halfW, aheadX, aheadY); otherAxes[a + 7] = across(h.y, -h.x, halfD, halfW, aheadX, aheadY);
    return a;
  };
  // The walks' per-enemy arrays, made once per planning and cleared by each walk (walks run one
  // at a time): allocating them per walk cost more than the walk's looks at 600 brigades (issue 12).
  const n = others.length;
  const scratch = {
    rate: new Float64Array(n), keys: new Float64Array(n), order: new Uint32Array(n), done: new Uint8Array(n),
    lastB: new Float64Array(n), lastK: new Float64Array(n), lineB: new Float64Array(n), lineK: new Float64Array(n), lineC: new Float64Array(n),
  };
  const shrunkSize: BaseSize = { width: Math.max(0.05, size.width - 2 * OVERLAP_SLACK), depth: Math.max(0.05, size.depth - 2 * OVERLAP_SLACK) };
  const shrunkRadius = baseRadius(shrunkSize);
  const tableW = s.map.table.width, tableH = s.map.table.height;
  const straight = headingVector(away);

  // `beaten`: the approach of the best complete walk before this one (C14's fallback order). A walk
  // that comes closer than that (and than -EPS) can neither be chosen outright nor replace it in the
  // fallback, as its approach only falls from there: it stops at once, marked not complete.
  const walk = (bend: number, beaten?: number): Walk => {
    const facing = normalizeFacing(away + bend);
    const dir = headingVector(facing);
    const poseAt = (k: number): Pose => ({ at: add(start.at, scale(dir, k)), facing: rout ? facing : start.facing });
    // The half-extent vectors of the base (full and shrunk for overlaps) as baseCorners makes them:
    // the facing stays put along the walk, so each step's ring is worked out here without a cache.
    const stepFacing = rout ? facing : start.facing;
    const fFull = scale(headingVector(stepFacing), size.depth / 2);
    const rFull = scale(headingVector(stepFacing + 90), size.width / 2);
    const fShrunk = scale(headingVector(stepFacing), shrunkSize.depth / 2);
    const rShrunk = scale(headingVector(stepFacing + 90), shrunkSize.width / 2);
    // Impassable terrain (C13): the first distance at which the centre line crosses a river.
    const blockedFrom = (() => {
      const far = o.inches + extension;
      const cost = (k: number) => nwPathCost([start.at, add(start.at, scale(dir, k))], s.map.terrain, cls, { doublesRetrograde: false }).total;
      if (Number.isFinite(cost(far))) return Infinity;
      let lo = 0;
      let hi = far;
      for (let i = 0; i < 30; i++) { const m = (lo + hi) / 2; if (Number.isFinite(cost(m))) lo = m; else hi = m; }
      return hi;
    })();
    // How far the base reaches ahead of its centre along the way: its leading edge meets the river first.
    const lead = Math.max(...basePolygon({ pose: poseAt(0), size }).map((p) => (p.x - start.at.x) * dir.x + (p.y - start.at.y) * dir.y));
    const ks: number[] = [];
    for (let k = RETREAT_STEP_INCHES; k < o.inches - EPS; k += RETREAT_STEP_INCHES) ks.push(k);
    ks.push(o.inches);
    for (let k = o.inches + RETREAT_STEP_INCHES; k <= o.inches + extension + EPS; k += RETREAT_STEP_INCHES) ks.push(k);
    // The friends passed by each step: the first passedAt[i] of passedOrder.
    const passedAt: number[] = [];
    const passedOrder: string[] = [];
    const approachAt: number[] = [];
    const good: number[] = [0];
    let approach = 0;
    // The other enemies this walk may still come closer to, the fastest it can close on first
    // (closingRates): a step stops reading them at the first whose bound −k·rate clears the least
    // so far, as every later one's does too. And the enemy a step comes closest to is then met
    // early, so the least it sets lets the other bounds pass over the rest without an exact
    // measure (issue 12: at 600 brigades, read in the order of the table, 3.4M looks and 215k
    // exact measures in one game's retreats). The order changes no result: the least after a step
    // is the least exact distance among the enemies no bound clears, whatever order they are met
    // in (each bound clears only an enemy beyond the least by APPROACH_SLACK, far above rounding).
    // An enemy the walk cannot close on faster than this is cleared by −k·rate at every step
    // (k ≥ ks[0], the least ≤ 0): it is never read, and left out of the order.
    const rate = closingRates(dir, towardX, towardY, subtends, scratch.rate);
    const active = fastestFirst(rate, -APPROACH_SLACK / ks[0]!, scratch.keys, scratch.order);
    // Enemies done with (every later step is farther than the start: see the loop): passed over.
    const done = scratch.done.fill(0);
    // Per other enemy, the best lower bound known of (its distance − its gap at the start) and the
    // step it was found at (0 at the start itself).
    const lastB = scratch.lastB.fill(0);
    const lastK = scratch.lastK.fill(0);
    // Per other enemy, a second lower bound of the same, linear in the distance walked with a
    // slope of about −cos(the angle between the way and that enemy) instead of −1 (see walk's loop):
    // its value at step lineK and its slope. An enemy well off the way is then not looked at again
    // for many steps (issue 12: at 600 brigades most enemies ahead stay clear of the least).
    const lineB = scratch.lineB.fill(-Infinity);
    const lineK = scratch.lineK.fill(0);
    const lineC = scratch.lineC.fill(0);
    const passedSoFar = new Set<string>();
    let stop: 'blocked' | 'routed-off' | null = null;
    let k = 0;
    // This step's centre and (made only when a body is near) shrunk ring, for overlapsBody; the
    // step's rings are written into two scratch rings of this walk (nothing keeps them).
    let stepAt: Point = start.at;
    let sRingMade = false;
    const sRing: Point[] = [{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }];
    const ring: Point[] = [{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }];
    // baseDistanceLowerBound(shrunk base at stepAt, other.base) > EPS is the broad phase.
    const overlapsBody = (other: Body, otherRadius: number, rings: (Point[] | undefined)[], i: number): boolean => {
      const o = other.base.pose.at;
      if (Math.max(0, hypot(stepAt.x - o.x, stepAt.y - o.y) - shrunkRadius - otherRadius) > EPS) return false;
      if (!sRingMade) { ringInto(sRing, stepAt, fShrunk, rShrunk); sRingMade = true; }
      return ringDistance(sRing, rings[i] ??= basePolygon(other.base)) <= EPS;
    };
    for (const kk of ks) {
      if (kk + lead > blockedFrom - EPS) { stop = 'blocked'; break; }
      const at: Point = { x: start.at.x + dir.x * kk, y: start.at.y + dir.y * kk };
      // The step's ring, as basePolygon would make it for this pose (offTable's test on it).
      ringInto(ring, at, fFull, rFull);
      if (ringOffTable(ring, tableW, tableH)) {
        if (rout) { k = kk; stop = 'routed-off'; } else stop = 'blocked';
        break;
      }
      // The shrunk base and ring overlaps measures with, made only when a body is near.
      stepAt = at;
      sRingMade = false;
      let blockedHere = false;
      for (let i = 0; i < enemies.length; i++) {
        if (mayOverlapAt(at, enemies[i]!, enemyReach[i]!) && overlapsBody(enemies[i]!, enemyRadius[i]!, enemyRing, i)) { blockedHere = true; break; }
      }
      if (blockedHere) { stop = 'blocked'; break; }
      // A step's exact distance to another enemy is at least the bounding-circle bound; when that
      // bound is beyond the start's gap the step is not closer, and the minimum cannot change.
      // And a retreat keeps its facing, so its distance to a base is a convex function of the
      // distance walked: once a step is clearly (by APPROACH_SLACK, far above rounding and the EPS
      // of touching) farther than at the start, every later step is too, and that enemy is done.
      for (let j = 0; j < active.length; j++) {
        const i = active[j]!;
        if (-kk * rate[i]! > approach + APPROACH_SLACK) break;
        if (done[i]) continue;
        // A translation of t inches changes a distance by at most t: an enemy found clear of the
        // least so far by a margin stays clear of it for as far again.
        if (lastB[i]! - (kk - lastK[i]!) > approach + APPROACH_SLACK) continue;
        // The shadow gap on a fixed axis u (the line of centres where last measured) is a lower
        // bound of the distance (a separating axis; the facings stay put), and along the way it
        // changes by exactly −(dir·u) an inch: from lineK on it is lineB − (kk − lineK)·(dir·u).
        if (lineB[i]! - (kk - lineK[i]!) * lineC[i]! > approach + APPROACH_SLACK) continue;
        const e = others[i]!;
        const dx = at.x - e.base.pose.at.x, dy = at.y - e.base.pose.at.y;
        const d2 = dx * dx + dy * dy;
        const far = otherReach[i]!;
        if (d2 > far * far) { done[i] = 1; continue; }
        const g = gapOf(i);
        const lim = g + otherRadii[i]!;
        if (d2 > lim * lim) { done[i] = 1; continue; }
        // The gap between the two bases' shadows on the line through their centres (a separating
        // axis) is a lower bound of their distance, close for bases far apart.
        const cd = Math.sqrt(d2);
        // Bases a separating axis shows clearly apart (far beyond ringsIntersect's EPS of touching)
        // do not intersect: their exact distance needs no intersection test.
        let apart = false;
        if (cd > 0) {
          const ux = -dx / cd, uy = -dy / cd;
          const a = axesOf(i);
          const hx = otherAxes[a + 2]!, hy = otherAxes[a + 3]!;
          // On the line of centres, then on each base's edge normals (separating axes all).
          const centres = cd - (halfW * Math.abs(rightX * ux + rightY * uy) + halfD * Math.abs(aheadX * ux + aheadY * uy))
            - (otherAxes[a]! * Math.abs(hx * ux + hy * uy) + otherAxes[a + 1]! * Math.abs(hy * ux - hx * uy));
          lineB[i] = centres - g; lineK[i] = kk; lineC[i] = dir.x * ux + dir.y * uy;
          const lb = Math.max(
            centres,
            Math.abs(dx * aheadX + dy * aheadY) - halfD - otherAxes[a + 4]!,
            Math.abs(dx * rightX + dy * rightY) - halfW - otherAxes[a + 5]!,
            Math.abs(dx * hx + dy * hy) - otherAxes[a]! - otherAxes[a + 6]!,
            Math.abs(dx * hy - dy * hx) - otherAxes[a + 1]! - otherAxes[a + 7]!,
          );
          apart = lb > APART_MARGIN;
          if (lb - g > APPROACH_SLACK) { done[i] = 1; continue; }
          if (lb - g > approach + APPROACH_SLACK) {
            if (lb - g > lastB[i]! - (kk - lastK[i]!)) { lastB[i] = lb - g; lastK[i] = kk; }
            continue;
          }
        }
        const x = (apart ? ringDistanceApart : ringDistance)(ring, otherRing[i] ??= basePolygon(e.base)) - g;
        approach = Math.min(approach, x);
        if (x > APPROACH_SLACK) { done[i] = 1; continue; }
        lastB[i] = x;
        lastK[i] = kk;
      }
      if (beaten !== undefined && approach < -EPS && approach <= beaten + EPS) return { k: kk, complete: false, routedOff: false, approach, passed: [], facing, dir };
      // The friends overlapped here (passed, and no valid end: C16).
      let onFriend = false;
      for (let i = 0; i < friends.length; i++) {
        if (mayOverlapAt(at, friends[i]!, friendReach[i]!) && overlapsBody(friends[i]!, friendRadius[i]!, friendRing, i)) {
          const id = friends[i]!.id;
          if (!passedSoFar.has(id)) { passedSoFar.add(id); passedOrder.push(id); }
          onFriend = true;
        }
      }
      passedAt.push(passedOrder.length);
      approachAt.push(approach);
      const valid = !onFriend && (isInfantry || !ringInTown(at, ring, towns));
      if (valid) good.push(kk);
      if (kk >= o.inches - EPS && valid) {
        const b: Base = { pose: { at, facing: stepFacing }, size };
        return { k: kk, complete: true, routedOff: false, approach, passed: [...passedSoFar].filter((id) => !overlaps(b, friends.find((x) => x.id === id)!.base)), facing, dir };
      }
    }
    if (stop === 'routed-off') {
      const i = ks.indexOf(k);
      return { k, complete: true, routedOff: true, approach: i > 0 ? approachAt[i - 1]! : 0, passed: i > 0 ? passedOrder.slice(0, passedAt[i - 1]!) : [], facing, dir };
    }
    // Not made in full: the last clear spot short of the nominal distance (C15, C16).
    const best = Math.max(...good.filter((g) => g <= o.inches + EPS));
    const i = ks.indexOf(best);
    const b: Base = { pose: poseAt(best), size };
    const passed = i >= 0 ? passedOrder.slice(0, passedAt[i]!).filter((id) => !overlaps(b, friends.find((x) => x.id === id)!.base)) : [];
    return { k: best, complete: false, routedOff: false, approach: i >= 0 ? approachAt[i]! : 0, passed, facing, dir };
  };

  // A walk depends on its bend and `beaten` alone (the caches above only hold values worked out).
  const walked = new Map<string, Walk>();
  const walkOnce = (bend: number, beaten?: number): Walk => {
    const key = `${bend} ${beaten}`;
    let w = walked.get(key);
    if (!w) walked.set(key, w = walk(bend, beaten));
    return w;
  };

  return (prefer) => {
    // C14: the first bend that is clear (and, for a retreat, never closer to other enemies).
    const walks: Walk[] = [];
    let chosen: Walk | undefined;
    // The fallback's pick among the complete walks so far (the same reduce as below).
    let best: Walk | undefined;
    for (const bend of bendsFor(prefer)) {
      const w = walkOnce(bend, rout || !best ? undefined : best.approach);
      walks.push(w);
      if (w.complete && (rout || w.approach >= -EPS)) { chosen = w; break; }
      if (w.complete && (!best || w.approach > best.approach + EPS)) best = w;
    }
    if (!chosen) {
      const complete = walks.filter((w) => w.complete);
      if (complete.length > 0) chosen = complete.reduce((a, b) => (b.approach > a.approach + EPS ? b : a));
      else {
        const gained = (x: Walk) => x.k * (x.dir.x * straight.x + x.dir.y * straight.y);
        chosen = walks.reduce((a, b) => (gained(b) > gained(a) + EPS ? b : a));
      }
    }
    const w = chosen;
    const to: Pose = { at: add(start.at, scale(w.dir, w.k)), facing: rout ? w.facing : start.facing };
    return { w, to, start, size, away, straight: walks.length === 1 && chosen === walks[0] };
  };
}

/**
 * RC-1: where a retreat or rout ends by each way — preferring right (C14's default, clockwise
 * first) and preferring left — or null for a piece that does not move; with the two plans, which
 * retreatPiece takes (`planned`) to make the way chosen without working it out again.
 */
export function retreatEnds(s: NwState, d: Draft, o: RetreatOrder): { readonly right: Point; readonly left: Point; readonly plans: { readonly right: RetreatPlan; readonly left: RetreatPlan } } | null {
  const unit = d.units[o.id];
  const battery = unit ? undefined : d.batteries[o.id];
  const piece = unit ?? battery;
  if (!piece || piece.removed || !piece.onTable || o.inches <= 0) return null;
  const plan = retreatPlanner(s, d, o, unit, battery);
  const right = plan('right');
  // Both preferences try the straight line first (bendsFor): when it is taken, so it is by the left too.
  const left = right.straight ? right : plan('left');
  return { right: right.to.at, left: left.to.at, plans: { right, left } };
}

/**
 * RC-1: whether a retreat or rout has a real choice of ways — the two preferences end in
 * different places, because the straight line is blocked and two bends are equally direct. Only
 * then may the owner's choice matter (§11.4 L401 "as direct a path as possible" leaves the side open).
 */
export function retreatHasChoice(s: NwState, d: Draft, o: RetreatOrder): boolean {
  const e = retreatEnds(s, d, o);
  return e !== null && hypot(e.right.x - e.left.x, e.right.y - e.left.y) > EPS;
}

export type RetreatWay = 'left' | 'right';

/**
 * RC-1 for any forced retreat (combat C8, artillery fire PH-16, final fire PH-17): the note that
 * asks the owner of the piece `o` moves for its way, when `side` is among the `asked` sides (the
 * seated ones) and the two ways end in different places; null when there is no real choice (an
 * open way back, ways that end alike, a side nobody plays) or nothing moves. One text for all
 * three, so a player reads the same question whatever drove his brigade back.
 */
export function retreatWayQuestion(s: NwState, d: Draft, o: RetreatOrder, asked: readonly string[] | undefined): { readonly side: string; readonly text: string } | null {
  return retreatWayOrPlan(s, d, o, asked).question;
}

/**
 * retreatWayQuestion, and when nothing is asked of a seated side, the default way's plan already
 * made on this very draft (so retreatPiece does not plan the same retreat again).
 */
export function retreatWayOrPlan(s: NwState, d: Draft, o: RetreatOrder, asked: readonly string[] | undefined): { readonly question: { readonly side: string; readonly text: string } | null; readonly planned?: RetreatPlan } {
  const piece = d.units[o.id] ?? d.batteries[o.id];
  if (!piece || !(asked ?? []).includes(piece.side)) return { question: null };
  const e = retreatEnds(s, d, o);
  if (!e) return { question: null };
  if (hypot(e.right.x - e.left.x, e.right.y - e.left.y) <= EPS) return { question: null, planned: e.plans.right };
  const m = s.map;
  const at = (p: Point) => `${pointToGridRef(m.table, m.gridCell, p) ?? 'the table'} (${fmt1(p.x)}, ${fmt1(p.y)} in)`;
  return {
    question: {
      side: piece.side,
      text: `${piece.name} must ${o.kind} ${fmt1(o.inches)}" but its straight way back is blocked, and two ways are equally direct: right (clockwise) ends in ${at(e.right)}, left in ${at(e.left)}. Its player chooses the way with /choose retreat; unsaid, it goes right (C14).`,
    },
  };
}

const fmt1 = (n: number): string => String(Math.round(n * 10) / 10);

/** Could a base centred at `at` overlap `other`? False when the centres are farther apart than `reach` (a broad phase for overlaps). */
function mayOverlapAt(at: Point, other: Body, reach: number): boolean {
  const dx = at.x - other.base.pose.at.x, dy = at.y - other.base.pose.at.y;
  return dx * dx + dy * dy <= reach * reach;
}

const fmtIn = (n: number): string => `${Math.round(n * 100) / 100}"`;

function detachOfficer(d: Draft, officer: string | null, unit: string): void {
  if (!officer) return;
  const g = d.generals[officer];
  if (g && g.attachedTo === unit) d.generals = { ...d.generals, [officer]: { ...g, attachedTo: null } };
  const k = d.commanders[officer];
  if (k && k.attachedTo === unit) d.commanders = { ...d.commanders, [officer]: { ...k, attachedTo: null } };
}

/** C8: a base partly off the table has routed off it: removed, ½ a loss for fatigue; its battery goes too, officers stay. */
function routOff(s: NwState, d: Draft, id: string, pose: Pose, rule: string, events: GameEvent[]): void {
  const u = d.units[id]!;
  events.push({ kind: 'removed', rule, unit: id, at: pose.at, reason: 'routed off the table: ½ a loss for fatigue' });
  d.units[id] = { ...u, pose, status: 'routed', onTable: false, removed: true, routedOffTable: true, attachedGeneral: null, attachedBattery: null };
  const bat = u.attachedBattery ? d.batteries[u.attachedBattery] : undefined;
  if (bat && !bat.removed) {
    events.push({ kind: 'removed', rule, unit: bat.id, at: pose.at, reason: `routed off the table with ${nameOf(s, id)}` });
    d.batteries[bat.id] = { ...bat, onTable: false, removed: true, attachedTo: null };
  }
  detachOfficer(d, u.attachedGeneral, id);
}

/** C15: a unit that cannot rout surrenders: removed (a destroyed unit), its battery with it; officers stay. */
function surrender(s: NwState, d: Draft, id: string, rule: string, events: GameEvent[]): void {
  const u = d.units[id]!;
  d.units[id] = { ...u, status: 'routed', removed: true, attachedGeneral: null, attachedBattery: null };
  const bat = u.attachedBattery ? d.batteries[u.attachedBattery] : undefined;
  if (bat && !bat.removed) {
    events.push({ kind: 'removed', rule, unit: bat.id, at: bat.pose.at, reason: `surrendered with ${nameOf(s, id)}` });
    d.batteries[bat.id] = { ...bat, removed: true, attachedTo: null };
  }
  detachOfficer(d, u.attachedGeneral, id);
}
