import type { Problem } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { basePolygon, type Base } from '../../geometry/base';
import { ringsIntersect } from '../../geometry/primitives';
import type { Point, Pose } from '../../geometry/types';
import { add, bearing, distance, headingVector, scale, turn } from '../../geometry/vector';
import { commandWithin4 } from '../ground';
import { isIsolated } from './fire-zones';
import { routDistance, standLosses } from '../procedures/status';
import type { BpUnitInput } from '../procedures/types';
import { envelopeOf, figuresOf, isDisrupted, isLive, layoutOf, liveUnits, withUnit, type BpState, type BpUnit } from '../state';

/** Helpers every B&P phase shares: problems, unit inputs for the procedures, losses and routs. */

/** A refusal a player can act on. */
export const problem = (code: string, message: string, hint?: string): Problem => ({ code, message, ...(hint ? { hint } : {}) });

/**
 * A unit as the morale and melee procedures read it, with its modifiers from the state (L167,
 * L202, L208). An isolated battalion "fights and fires as skirmishers" when attacked (L65): the
 * Skirm Inf row (1 point a figure, holds on 9) and no command figure's help (L202).
 */
export function unitInput(s: BpState, u: BpUnit): BpUnitInput {
  return {
    name: u.id, figures: figuresOf(u), arm: u.arm, formation: isIsolated(u) ? 'skirmish' : u.formation, guard: u.guard, heavy: u.heavy, green: u.green,
    disrupted: isDisrupted(u), commandWithin4: commandWithin4(s, u) !== null && u.building === null,
  };
}

/** Convex hull of points (monotone chain), clockwise or not: ringsIntersect reads either. */
export function hull(points: readonly Point[]): Point[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const q of p) { while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop(); lower.push(q); }
  const upper: Point[] = [];
  for (const q of [...p].reverse()) { while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop(); upper.push(q); }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The ground a unit sweeps moving straight from one envelope to another. */
export const swept = (a: Base, b: Base): Point[] => hull([...basePolygon(a), ...basePolygon(b)]);

/**
 * No part of a unit lies farther than this from its front centre (`pose.at`), whatever its
 * formation: frontage at most 2 stand widths a stand (skirmish), depth at most a stand depth a
 * stand or a square's width (battalion/formations.ts), with an inch to spare.
 */
export function unitReach(u: BpUnit): number {
  const { stands, size } = layoutOf(u);
  return stands * (2 * size.width + 2 * size.depth) + 2 * size.depth + 1;
}

/** Live units (other than `except`) whose envelope overlaps a ring. */
export function unitsOverlapping(s: BpState, ring: readonly Point[], except: readonly string[] = []): BpUnit[] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of ring) { x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x); y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y); }
  return liveUnits(s).filter((o) => {
    if (except.includes(o.id)) return false;
    // A unit whose reach misses the ring's box cannot overlap it: the same answer without laying it out.
    const r = unitReach(o), p = o.pose.at;
    if (p.x < x0 - r || p.x > x1 + r || p.y < y0 - r || p.y > y1 + r) return false;
    return ringsIntersect(ring, basePolygon(envelopeOf(o)));
  });
}

/** A loss event in figures (or crew for a battery, L97). */
export function lossEvent(u: BpUnit, amount: number, remaining: number, rule: string, cause: string): GameEvent {
  return { kind: 'loss', rule, unit: u.id, amount, remaining, cause, measure: u.arm === 'artillery' ? 'crew' : 'figures' };
}

/**
 * Where a line's stands stand after some fell (L113, BP-21): the survivors keep their places, so
 * a stand lost from the middle leaves a hole; once the line is whole again (its flank stands
 * went, or the hole closed) it stands shoulder to shoulder on its front centre as before.
 */
function slotsAfter(u: BpUnit, survivors: readonly number[]): readonly number[] | undefined {
  if (u.formation !== 'line' || survivors.length === 0) return undefined;
  const before = u.slots ?? u.stands.map((_, i) => i);
  const kept = survivors.map((i) => before[i]!);
  const min = Math.min(...kept);
  const slots = kept.map((k) => k - min);
  return Math.max(...slots) + 1 === slots.length ? undefined : slots;
}

/**
 * Takes `losses` figures off a unit (BP-3 `casualties.standRemoval`), or `byStand` figures off
 * each stand in order (artillery on the stands it touched, BP-21), removing empty stands; a unit
 * with no figure left is eliminated.
 */
export function applyLosses(s: BpState, id: string, losses: number, rule: string, cause: string, byStand?: readonly number[]): { s: BpState; events: GameEvent[] } {
  const u = s.units[id]!;
  if (losses <= 0 || !isLive(u)) return { s, events: [] };
  const taken = byStand ? u.stands.map((f, i) => Math.min(f, Math.max(0, byStand[i] ?? 0))) : standLosses(u.stands, Math.min(losses, figuresOf(u)), s.settings);
  const survivors = u.stands.map((f, i) => (f - taken[i]! > 0 ? i : -1)).filter((i) => i >= 0);
  const stands = survivors.map((i) => u.stands[i]! - taken[i]!);
  const removed = taken.reduce((a, x) => a + x, 0);
  const left = stands.reduce((a, f) => a + f, 0);
  if (removed === 0) return { s, events: [] };
  const events: GameEvent[] = [lossEvent(u, removed, left, rule, cause)];
  const { slots: _old, ...rest } = u;
  const slots = slotsAfter(u, survivors);
  const next: BpUnit = { ...rest, stands, ...(slots ? { slots } : {}), ...(left === 0 ? { gone: 'eliminated' as const } : {}) };
  if (slots && !u.slots) events.push({ kind: 'note', rule: 'B&P L113', text: `${u.id}'s line keeps its ground: a hole opens where its stand fell.` });
  if (left === 0) events.push({ kind: 'removed', rule, unit: u.id, at: u.pose.at, reason: `no figures left (${cause})` });
  return { s: withUnit(s, next), events };
}

/** A unit without the holes of its old line (it re-forms or routs). */
export function closedUp(u: BpUnit): BpUnit {
  const { slots: _old, ...rest } = u;
  return rest;
}

/** Pose `inches` straight behind (L109: "retreat immediately to its rear"). */
export const poseBehind = (pose: Pose, inches: number): Pose => ({ at: add(pose.at, scale(headingVector(turn(pose.facing, 180)), inches)), facing: pose.facing });

const onTable = (s: BpState, p: Point): boolean => p.x >= 0 && p.y >= 0 && p.x <= s.map.table.width && p.y <= s.map.table.height;

/**
 * A recovering unit's retreat away from what interrupted it (L171: fired upon or pursued "the
 * unit must retreat"): it is first turned about its centre to face `from`, so its rear is away
 * from the threat whichever way it faced (a routed or halted unit has its back to the enemy, a
 * reforming one faces it, L169), then it routs.
 */
export function retreatFrom(s: BpState, id: string, from: Point, why: string): { s: BpState; events: GameEvent[] } {
  const u = s.units[id]!;
  if (!isLive(u)) return { s, events: [] };
  const env = envelopeOf(u);
  if (distance(env.pose.at, from) < 1e-6) return rout(s, id, why);
  const facing = bearing(env.pose.at, from);
  const at = add(env.pose.at, scale(headingVector(facing), env.size.depth / 2));
  return rout(withUnit(s, { ...u, pose: { at, facing } }), id, why);
}

/**
 * A unit routs (L109, L165-167): it falls back its rout distance (HR B-10) to its rear and turns
 * its back, swerving up to 45° past friends (L63, L167; BP-R1). Blocked by an enemy every way →
 * eliminated (L109); off the table → gone; formed friends it must run through are disrupted
 * (L167). An artillery crew that routs loses its gun (L103).
 */
export function rout(s: BpState, id: string, why: string): { s: BpState; events: GameEvent[] } {
  const u = s.units[id]!;
  if (!isLive(u)) return { s, events: [] };
  const events: GameEvent[] = [{ kind: 'status', rule: 'B&P L109', unit: id, status: 'routed', on: true, reason: why }];
  if (u.arm === 'artillery') {
    events.push({ kind: 'removed', rule: 'B&P L103', unit: id, at: u.pose.at, reason: 'the crew routs: the gun is lost' });
    return { s: withUnit(s, { ...u, gone: 'gun-lost', building: null }), events };
  }
  const d = routDistance(u.arm, s.settings);
  // L63, L167: routers swerve past friends and go through them only as a last resort: straight
  // back first, then up to 45° either side (BP-R1), the first way clear of friends and enemies.
  const start = envelopeOf(u, poseBehind(u.pose, 0.05));
  const ways = [0, 15, -15, 30, -30, 45, -45].map((off) => {
    const heading = turn(u.pose.facing, 180 + off);
    const to: Pose = { at: add(u.pose.at, scale(headingVector(heading), d)), facing: u.pose.facing };
    const end = envelopeOf(u, to);
    const crossed = unitsOverlapping(s, swept(start, end), [id]);
    return { to, end, crossed, onTable: basePolygon(end).every((p) => onTable(s, p)) };
  });
  const clear = ways.find((w) => w.onTable && w.crossed.length === 0);
  const throughFriends = ways.find((w) => w.onTable && w.crossed.every((o) => o.side === u.side));
  const way = clear ?? throughFriends ?? ways[0]!;
  const { to, crossed } = way;
  const enemy = crossed.find((o) => o.side !== u.side);
  if (enemy) {
    events.push({ kind: 'removed', rule: 'B&P L109', unit: id, at: u.pose.at, reason: `its retreat is blocked by ${enemy.id}: eliminated` });
    return { s: withUnit(s, { ...u, gone: 'eliminated', building: null }), events };
  }
  if (!way.onTable) {
    events.push({ kind: 'removed', rule: 'B&P L167', unit: id, at: u.pose.at, reason: 'routs off the table' });
    return { s: withUnit(s, { ...u, gone: 'fled', building: null }), events };
  }
  events.push({ kind: 'move', rule: 'B&P L167', unit: id, from: u.pose.at, to: to.at, path: [], facing: turn(u.pose.facing, 180), cost: d, allowance: d, stopped: 'rout move' });
  let next = withUnit(s, { ...closedUp(u), pose: { at: to.at, facing: turn(u.pose.facing, 180) }, stage: 'routed', building: null });
  for (const f of crossed) {
    if (f.formation === 'skirmish' || f.stage !== 'effective' || isDisrupted(f)) continue;
    next = withUnit(next, { ...f, disruptedAt: next.periodsDone });
    events.push({ kind: 'status', rule: 'B&P L167', unit: f.id, status: 'disrupted', on: true, reason: `${id} routed through it` });
  }
  return { s: next, events };
}
