/**
 * A battalion, regiment or battery made of several stands, as Beer and Pretzel, Kuryakin's solo
 * rules and A Near Run Thing all play it: where each stand stands in each formation, the unit's
 * frontage and front edge, and which way it is attacked from. Pure geometry; no ruleset's
 * tables. Convention: a unit's pose is the centre of its FRONT edge and its facing, so changing
 * formation keeps the front centre where it was (the usual drill: the unit forms on its front).
 */
import { inFrontalArc } from '../geometry/arcs';
import { baseDistance, type Base } from '../geometry/base';
import type { BaseSize, Point, Pose } from '../geometry/types';
import { add, angleDifference, headingVector, rightVector, scale, turn } from '../geometry/vector';

/** Formations of a unit of several stands (B&P L14, L38; guns limbered to move, unlimbered to fire). */
export const FORMATIONS = ['line', 'column', 'square', 'skirmish', 'limbered', 'unlimbered'] as const;
/** One formation. */
export type Formation = (typeof FORMATIONS)[number];
/** Formations a foot or horse unit takes; the gun formations are for batteries. */
export const TROOP_FORMATIONS = ['line', 'column', 'square', 'skirmish'] as const satisfies readonly Formation[];
/** Formations of a battery. */
export const GUN_FORMATIONS = ['limbered', 'unlimbered'] as const satisfies readonly Formation[];

/** How a unit's stands are laid out. */
export interface LayoutParams {
  /** Stands in the unit now (at least 1). */
  readonly stands: number;
  /** One stand's footprint. */
  readonly size: BaseSize;
  /** Stands abreast in a column (2 by default: a column of companies two wide). */
  readonly columnWidth?: number;
  /** Gap between skirmish stands, in inches (default one stand width: B&P L65 "a skirmish screen will cover twice the width of a stand"). */
  readonly skirmishGap?: number;
  /**
   * Line only: the place along the line each stand holds, in stand widths from the left, one per
   * stand in order. A line that lost a stand from its middle keeps its ground and the hole (B&P
   * L113); absent, the stands stand shoulder to shoulder. The occupied span is centred on the
   * front centre.
   */
  readonly slots?: readonly number[];
}

/** Slots of a line as given, or shoulder to shoulder; and their span in stand widths. */
function lineSlots(n: number, p: LayoutParams): { slots: readonly number[]; min: number; span: number } {
  const slots = p.slots && p.slots.length === n ? p.slots : Array.from({ length: n }, (_, i) => i);
  const min = Math.min(...slots);
  return { slots, min, span: Math.max(...slots) - min + 1 };
}

/**
 * A line's covered stretches (B&P L113): runs of stands whose holes are no wider than `maxHole`
 * inches, each as one base across the run (stand and hole alike). A charge may pass only between
 * runs. Without holes this is one base, the line itself.
 */
export function coveredRuns(pose: Pose, p: LayoutParams, maxHole: number): Base[] {
  const n = Math.max(1, Math.floor(p.stands));
  const { slots, min, span } = lineSlots(n, p);
  const w = p.size.width;
  const sorted = [...slots].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const k of sorted) {
    const last = runs[runs.length - 1];
    if (last && (k - last[1] - 1) * w <= maxHole + 1e-9) last[1] = k;
    else runs.push([k, k]);
  }
  return runs.map(([a, b]) => ({
    pose: { at: local(pose, -p.size.depth / 2, ((a + b) / 2 - min - (span - 1) / 2) * w), facing: pose.facing },
    size: { width: (b - a + 1) * w, depth: p.size.depth },
  }));
}

/** The column width when none is given. */
export const DEFAULT_COLUMN_WIDTH = 2;

/** A point `ahead` inches in front of and `right` inches to the right of a pose's point. */
function local(pose: Pose, ahead: number, right: number): Point {
  return add(add(pose.at, scale(headingVector(pose.facing), ahead)), scale(rightVector(pose.facing), right));
}

const stand = (pose: Pose, ahead: number, right: number, facing: number, size: BaseSize): Base => ({ pose: { at: local(pose, ahead, right), facing }, size });

/**
 * Every stand's base, front rank first and left to right within a rank (square: front face,
 * right face, rear face, left face, each stand facing outward).
 */
export function layoutStands(formation: Formation, pose: Pose, p: LayoutParams): Base[] {
  const n = Math.max(1, Math.floor(p.stands));
  const { width: w, depth: d } = p.size;
  const f = pose.facing;
  switch (formation) {
    case 'line': {
      const { slots, min, span } = lineSlots(n, p);
      return slots.map((k) => stand(pose, -d / 2, (k - min - (span - 1) / 2) * w, f, p.size));
    }
    case 'limbered':
    case 'unlimbered':
      return Array.from({ length: n }, (_, i) => stand(pose, -d / 2, (i - (n - 1) / 2) * w, f, p.size));
    case 'skirmish': {
      const gap = p.skirmishGap ?? w;
      return Array.from({ length: n }, (_, i) => stand(pose, -d / 2, (i - (n - 1) / 2) * (w + gap), f, p.size));
    }
    case 'column': {
      const cols = Math.max(1, Math.min(n, Math.floor(p.columnWidth ?? DEFAULT_COLUMN_WIDTH)));
      return Array.from({ length: n }, (_, i) => {
        const row = Math.floor(i / cols);
        // The last rank may be short: it is centred behind the others.
        const inRow = Math.min(cols, n - row * cols);
        return stand(pose, -d / 2 - row * d, ((i % cols) - (inRow - 1) / 2) * w, f, p.size);
      });
    }
    case 'square': {
      // Faces take stands in turn: front, right, rear, left; each face is k stands long and the
      // square k·w + 2d across, with the corners left open so no two stands overlap.
      const k = Math.ceil(n / 4);
      const half = (k * w) / 2;
      const faces: Base[][] = [[], [], [], []];
      for (let i = 0; i < n; i++) faces[i % 4]!.push({ pose, size: p.size });
      const out: Base[] = [];
      faces.forEach((members, face) => {
        const m = members.length;
        members.forEach((_, j) => {
          const along = (j - (m - 1) / 2) * w;
          if (face === 0) out.push(stand(pose, -d / 2, along, f, p.size));
          else if (face === 1) out.push(stand(pose, -d - half, half + d / 2, turn(f, 90), p.size));
          else if (face === 2) out.push(stand(pose, -d - 2 * half - d / 2, -along, turn(f, 180), p.size));
          else out.push(stand(pose, -d - half, -half - d / 2, turn(f, 270), p.size));
        });
      });
      return out;
    }
  }
}

/** The unit's frontage in inches: the width of its front edge. */
export function frontage(formation: Formation, p: LayoutParams): number {
  const n = Math.max(1, Math.floor(p.stands));
  const w = p.size.width;
  switch (formation) {
    case 'line': return lineSlots(n, p).span * w;
    case 'limbered': case 'unlimbered': return n * w;
    case 'skirmish': return n * w + (n - 1) * (p.skirmishGap ?? w);
    case 'column': return Math.min(n, Math.floor(p.columnWidth ?? DEFAULT_COLUMN_WIDTH)) * w;
    case 'square': return Math.ceil(n / 4) * w + 2 * p.size.depth;
  }
}

/** The unit's depth in inches, front edge to rearmost edge. */
export function unitDepth(formation: Formation, p: LayoutParams): number {
  const n = Math.max(1, Math.floor(p.stands));
  const d = p.size.depth;
  switch (formation) {
    case 'column': return Math.ceil(n / Math.max(1, Math.min(n, Math.floor(p.columnWidth ?? DEFAULT_COLUMN_WIDTH)))) * d;
    case 'square': return frontage('square', p);
    default: return d;
  }
}

/**
 * The rectangle that holds the whole unit, as one base: its front edge is the unit's front
 * edge, so the shared arcs (geometry/arcs.ts) give the unit's front arc and flanks.
 */
export function unitEnvelope(formation: Formation, pose: Pose, p: LayoutParams): Base {
  const depth = unitDepth(formation, p);
  return { pose: { at: local(pose, -depth / 2, 0), facing: pose.facing }, size: { width: frontage(formation, p), depth } };
}

/** The unit's front edge, left end then right end. */
export function frontEdge(formation: Formation, pose: Pose, p: LayoutParams): readonly [Point, Point] {
  const half = frontage(formation, p) / 2;
  return [local(pose, 0, -half), local(pose, 0, half)];
}

/** Stands of the front rank: those whose front edge lies on the unit's front edge (volleys, B&P L73). */
export function frontRank(formation: Formation, pose: Pose, p: LayoutParams): Base[] {
  const all = layoutStands(formation, pose, p);
  if (formation === 'square') return all.filter((b) => b.pose.facing === pose.facing);
  const cols = formation === 'column' ? Math.max(1, Math.min(all.length, Math.floor(p.columnWidth ?? DEFAULT_COLUMN_WIDTH))) : all.length;
  return all.slice(0, cols);
}

/** Is a point in the unit's front arc (the shared arcs with `halfAngle`, 45° by default)? */
export function inUnitFrontArc(formation: Formation, pose: Pose, p: LayoutParams, target: Point, halfAngle?: number): boolean {
  return inFrontalArc(unitEnvelope(formation, pose, p), target, halfAngle);
}

/** Where an attack comes from, as the rules name it. */
export const ASPECTS = ['front', 'flank', 'rear'] as const;
/** One aspect of an attack. */
export type Aspect = (typeof ASPECTS)[number];

/** Angles that bound the aspects. */
export interface AspectParams {
  /** An attack this many degrees or more off the defender's front is a flank attack (B&P L117: 45). */
  readonly flankFrom?: number;
  /** ...and this many or more a rear attack (default 135). */
  readonly rearFrom?: number;
}

/**
 * The aspect of an attack from the direction the attacker moves in: the angle between the
 * defender's facing and the reverse of the attacker's heading (head-on = 0°). A square has no
 * flank (B&P L175: every face fronts), so it is always attacked in front.
 */
export function attackAspect(defender: { readonly formation: Formation; readonly facing: number }, attackerHeading: number, a: AspectParams = {}): { aspect: Aspect; angle: number } {
  const angle = Math.abs(angleDifference(defender.facing, turn(attackerHeading, 180)));
  if (defender.formation === 'square') return { aspect: 'front', angle };
  const flank = a.flankFrom ?? 45;
  const rear = a.rearFrom ?? 135;
  return { aspect: angle >= rear - 1e-9 ? 'rear' : angle >= flank - 1e-9 ? 'flank' : 'front', angle };
}

/** How stands go as figures fall. */
export const STAND_LOSS_POLICIES = ['keep-partial', 'full-stands-only', 'nearest'] as const;
/** 'keep-partial': a stand stays while any of its figures do (ceil); 'full-stands-only': floor; 'nearest': round. */
export type StandLossPolicy = (typeof STAND_LOSS_POLICIES)[number];

/** Stands a unit of `figures` shows, at `perStand` figures a stand, never more than it started with; 0 only when no figure is left. */
export function standsFor(figures: number, perStand: number, startStands: number, policy: StandLossPolicy = 'keep-partial'): number {
  if (figures <= 0) return 0;
  const exact = figures / perStand;
  const n = policy === 'keep-partial' ? Math.ceil(exact) : policy === 'full-stands-only' ? Math.floor(exact) : Math.round(exact);
  return Math.min(startStands, Math.max(1, n));
}

/**
 * Stands farther than `maxGap` inches from every other stand of the unit (B&P L63: "separated
 * from another by a distance greater than twice the width of an infantry stand"). Returns their
 * indices; a unit reduced to one stand is isolated too (B&P L63), reported as `single`.
 */
export function isolation(stands: readonly Base[], maxGap: number): { readonly single: boolean; readonly stands: readonly number[] } {
  if (stands.length <= 1) return { single: true, stands: stands.map((_, i) => i) };
  const lone: number[] = [];
  stands.forEach((s, i) => {
    const near = stands.some((o, j) => j !== i && baseDistance(s, o) <= maxGap + 1e-9);
    if (!near) lone.push(i);
  });
  return { single: false, stands: lone };
}
