/**
 * resolveLocation: LocationSpec → a point, a laid-out move, or the enemy to contact.
 *
 * Relative moves (toWaypoints) start from the acting unit's pose. forward/back/left/right keep
 * the facing (back and sidesteps are not turns). `toward` turns the unit to face the target and
 * moves that far along the straight line, stopping at the target rather than passing it; with no
 * distance it goes all the way. A wheel pivots on the front corner on the side it turns to
 * (wheel left: front-left corner) when the base size is known, otherwise on the centre, and
 * the centre's arc is laid out in steps of at most 15° so terrain along it can be priced.
 * Every point of a move must be on the table (within EPS), or the move is refused.
 */
import { baseCorners } from '../geometry/base';
import { EPS } from '../geometry/epsilon';
import type { Point, Pose } from '../geometry/types';
import { add, bearing, distance, headingVector, rightVector, rotateAbout, scale, sub, turn } from '../geometry/vector';
import { ok, type Result } from '../../lib/result';
import { locationError } from './errors';
import { cellPoint, gridRef } from './grid';
import type { LocationContext, LocationError, LocationSpec, MovePlan, MoveStep, PlanWaypoint, ResolvedLocation, TargetSpec } from './types';

/** Largest angle between the waypoints laid along a wheel. */
export const WHEEL_WAYPOINT_DEGREES = 15;

/** The table point a target names. */
export function targetPoint(target: TargetSpec, ctx: LocationContext): Point {
  if (target.kind === 'grid') return cellPoint(target, ctx);
  if (target.kind === 'landmark') return target.at;
  return { x: target.x, y: target.y };
}

function onTable(p: Point, ctx: LocationContext): boolean {
  return p.x >= -EPS && p.y >= -EPS && p.x <= ctx.table.width + EPS && p.y <= ctx.table.height + EPS;
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);
const where = (p: Point, ctx: LocationContext) => `(${fmt(p.x)}, ${fmt(p.y)})${gridRef(p, ctx) ? ` in ${gridRef(p, ctx)}` : ''}`;

/**
 * A straight step that keeps the facing. A module function rather than a closure made per step:
 * bundles keep names, so every closure made also costs a `__name` call (issue 12).
 */
function straight(pose: Pose, dir: Point, inches: number, index: number): PlanWaypoint[] {
  return [{ at: add(pose.at, scale(dir, inches)), facing: pose.facing, step: index }];
}

/** The poses a step passes through, starting from `pose`. */
function stepWaypoints(step: MoveStep, index: number, pose: Pose, ctx: LocationContext): PlanWaypoint[] {
  const { at, facing } = pose;
  switch (step.kind) {
    case 'forward': return straight(pose, headingVector(facing), step.distance.inches, index);
    case 'back': return straight(pose, headingVector(facing), -step.distance.inches, index);
    case 'right': return straight(pose, rightVector(facing), step.distance.inches, index);
    case 'left': return straight(pose, rightVector(facing), -step.distance.inches, index);
    case 'toward': {
      const goal = targetPoint(step.target, ctx);
      const far = distance(at, goal);
      if (far <= EPS) return [];
      const inches = Math.min(far, step.distance?.inches ?? far);
      const face = bearing(at, goal);
      return [{ at: inches >= far ? goal : add(at, scale(sub(goal, at), inches / far)), facing: face, step: index }];
    }
    case 'wheel': {
      const delta = step.direction === 'left' ? -step.degrees : step.degrees;
      const size = ctx.unit?.size;
      const corners = size ? baseCorners({ pose, size }) : undefined;
      const pivot = corners ? (step.direction === 'left' ? corners.frontLeft : corners.frontRight) : at;
      const n = Math.max(1, Math.ceil(step.degrees / WHEEL_WAYPOINT_DEGREES - 1e-9));
      return Array.from({ length: n }, (_, j) => {
        const angle = (delta * (j + 1)) / n;
        return { at: rotateAbout(at, pivot, angle), facing: turn(facing, angle), step: index };
      });
    }
  }
}

/** Lay out a relative move from the acting unit: every waypoint and the final pose. */
export function toWaypoints(steps: readonly MoveStep[], ctx: LocationContext): Result<MovePlan, LocationError> {
  if (!ctx.unit) return locationError(ctx, 'location/no-unit', 'A relative move needs a unit to move; give a place instead.');
  const start = ctx.unit.pose;
  let pose: Pose = start;
  const waypoints: PlanWaypoint[] = [];
  const path: Point[] = [start.at];
  for (let i = 0; i < steps.length; i++) {
    for (const w of stepWaypoints(steps[i]!, i, pose, ctx)) {
      waypoints.push(w);
      path.push(w.at);
      pose = { at: w.at, facing: w.facing };
    }
  }
  return ok({ start, waypoints, final: pose, path });
}

/** Turn a parsed location into a point, a move plan or an enemy; refuses anything off the table. */
export function resolveLocation(spec: LocationSpec, ctx: LocationContext): Result<ResolvedLocation, LocationError> {
  if (spec.kind === 'contact') return ok({ kind: 'contact', enemy: spec.enemy });
  if (spec.kind === 'place') {
    const at = targetPoint(spec.target, ctx);
    if (!onTable(at, ctx)) {
      return locationError(ctx, 'location/off-table', `${where(at, ctx)} is off the table.`, { hint: `The table is ${fmt(ctx.table.width)}" east-west by ${fmt(ctx.table.height)}" north-south, from 0,0 in the south-west corner.` });
    }
    return ok({ kind: 'place', at });
  }
  const plan = toWaypoints(spec.steps, ctx);
  if (!plan.ok) return plan;
  const off = plan.value.waypoints.find((w) => !onTable(w.at, ctx));
  if (off) {
    return locationError(ctx, 'location/off-table', `Step ${off.step + 1} of that move would leave the table at ${where(off.at, ctx)}.`, { hint: 'Shorten the move.' });
  }
  return ok({ kind: 'move', plan: plan.value });
}
