import { baseRadius } from '../../geometry/base';
import type { Point } from '../../geometry/types';
import { add, bearing, distance, dot, headingVector, rightVector, scale, sub } from '../../geometry/vector';
import { footprint } from '../footprint';
import { overlapsAny, passageThrough, unitsOnPath } from '../passage';
import type { AnrtState, AnrtUnit } from '../state';
import { chargeTerrain } from '../terrain';

/**
 * The path of a pursuit (§XI L896-900, ANRT-P4, P6) and of chargers pursuing evaders (§VII
 * L415-419, ANRT-E1): both are charging moves, so they are checked as a charge is (ANRT-W9):
 * - ground (L359, L363): the pursuit stops short of woods its formation may not enter (formed
 *   cavalry, guns) and of a town a line may not pass; woods count double for those L359 halves;
 * - friends (L381-395): a friend the pursuers may pass as chargers (skirmishers, abandoned guns,
 *   lines more than 3" from the enemy, columns with 2" gaps…) is passed; any other is gone round
 *   past its nearer end (ANRT-P6: as routers go round close-ranked friends, L966) when the way
 *   round is clear and the ground allows it, the rest of the move then made toward the goal; a
 *   second friend met on the way round is gone round in its turn (MAX_DETOURS); else the
 *   pursuers halt on meeting the first. A pursuit never ends on a friend's ground: it halts
 *   short of the friend it would end on. A second pursuer is a friend like any other, where its
 *   own pursuit left it.
 * Enemies on the path are the caller's (pursuit.ts, combat.ts).
 */

export interface PursuitPath {
  /** The legs, from the pursuers' start (one leg, or more round one or two friends). */
  readonly path: readonly Point[];
  /** Why it ends short of its whole move, if it does. */
  readonly stopped?: string;
  /** Friends passed through (L383-395), by id. */
  readonly passed: readonly string[];
  /** The friends gone round, if any ("a" or "a and b", ANRT-P6). */
  readonly skirted?: string;
}

/** The circumscribed radius: clear of it whatever the two units' facings. */
const radius = (u: Pick<AnrtUnit, 'arm' | 'formation'>): number => baseRadius(footprint(u));
/** Stepping the ground back from a barred end: the sampling of passage.ts. */
const STEP = 0.25;
const length = (p: readonly Point[]): number => p.slice(1).reduce((n, q, i) => n + distance(p[i]!, q), 0);

/** The first `inches` of a path. */
export function cut(path: readonly Point[], inches: number): Point[] {
  const out: Point[] = [path[0]!];
  let left = inches;
  for (let i = 1; i < path.length && left > 1e-9; i++) {
    const a = path[i - 1]!, b = path[i]!, d = distance(a, b);
    if (d <= left) { out.push(b); left -= d; continue; }
    out.push(add(a, scale(headingVector(bearing(a, b)), left)));
    left = 0;
  }
  return out;
}

/** How far along `path` the ground lets `u` go within `allowance` terrain-counted inches (L359, L363, charge rules). */
function groundReach(s: AnrtState, u: AnrtUnit, path: readonly Point[], allowance: number): { inches: number; barred?: string } {
  const total = length(path);
  const fits = (n: number) => { const t = chargeTerrain(s, u, cut(path, n)); return !t.refused && t.inches <= allowance + 1e-6 ? null : t.refused?.message ?? 'woods count double'; };
  const whole = fits(total);
  if (!whole) return { inches: total };
  let n = total;
  while (n > 0 && fits(n)) n = Math.max(0, n - STEP);
  return { inches: n, barred: whole.replace(/\s*\(L\d+\)\.?$/, '') };
}

/**
 * The pursuit of `u` along the straight line to `to` (the whole move or less), `allowance` its
 * normal move, with friends and ground checked. `goal`: where the rest of the move heads after
 * going round a friend (default `to`).
 */
export function pursuitPath(s: AnrtState, u: AnrtUnit, to: Point, allowance: number, goal: Point = to): PursuitPath {
  const straight = [u.at, to];
  const g = groundReach(s, u, straight, allowance);
  let path = cut(straight, g.inches);
  let stopped = g.barred ? `stopped by the ground: ${g.barred}` : undefined;
  const friends = (p: readonly Point[], skip: ReadonlySet<string>) => legsMeet(s, u, p, (o) => o.side === u.side && !skip.has(o.id));
  const passed: string[] = [];
  // Friends beyond the first enemy that would stop it (not routed, not abandoned guns) are never reached.
  const enemy = legsMeet(s, u, path, (o) => o.side !== u.side && !o.routed && !o.abandoned)[0];
  const stop = enemy ? length(enemy.pathBefore) : Infinity;
  for (const m of friends(path, new Set()).filter((x) => length(x.pathBefore) < stop)) {
    if (passageThrough(s, u, m.unit, 'charge')) { passed.push(m.unit.id); continue; }
    const round = goRound(s, u, m.unit, straight, goal, allowance);
    if (round) return { ...round, passed };
    return { path: [...m.pathBefore], stopped: `halts on meeting ${m.unit.id}`, passed };
  }
  // No pursuit ends on a friend's ground (passed or not): it halts short of it.
  const end = path[path.length - 1]!;
  const onTop = enemy ? [] : passed.map((id) => s.units[id]!).filter((f) => overlapsAny(u, end, [f]));
  if (onTop.length) {
    const m = friends(path, new Set()).find((x) => onTop.some((f) => f.id === x.unit.id))!;
    path = [...m.pathBefore];
    stopped = `halts on meeting ${m.unit.id} (no room beyond it)`;
    passed.splice(passed.indexOf(m.unit.id));
  }
  return { path, ...(stopped ? { stopped } : {}), passed };
}

/** ANRT-P6: how many friends one pursuit may go round (the second tried where the first way round meets another). */
export const MAX_DETOURS = 2;

/**
 * ANRT-P6: round the nearer end of friend `f`: aside to clear it by a quarter inch short of it,
 * along it until past it, then on toward `goal`; null when the way round meets ground it may not
 * enter, or a friend it may not pass that a further way round (up to MAX_DETOURS friends, each
 * round its nearer end from where the last way round met it) does not clear. `prefix` is the path
 * already made (from the pursuers' start to where `f` was met, `heading` that leg's); the whole
 * way counts against the normal move. `skirted` lists the friends already gone round.
 */
function goRound(s: AnrtState, u: AnrtUnit, f: AnrtUnit, straight: readonly Point[], goal: Point, allowance: number, prefix: readonly Point[] = [straight[0]!], heading: number = bearing(straight[0]!, straight[1]!), skirted: readonly string[] = []): PursuitPath | null {
  const from = prefix[prefix.length - 1]!;
  const ahead = headingVector(heading);
  const side = rightVector(heading);
  const rel = sub(f.at, from);
  const lateral = dot(rel, side);
  const clear = radius(f) + radius(u) + 0.25;
  const aside = lateral + (lateral >= 0 ? -1 : 1) * clear;
  const along = dot(rel, ahead);
  const at = (fwd: number): Point => add(add(from, scale(ahead, fwd)), scale(side, aside));
  const wp1 = at(Math.max(0, along - clear));
  const wp2 = at(along + clear);
  const used = length(prefix) + distance(from, wp1) + distance(wp1, wp2);
  const left = Math.max(0, allowance - used);
  const onward = distance(wp2, goal) > 1e-9 ? add(wp2, scale(headingVector(bearing(wp2, goal)), Math.min(distance(wp2, goal), left))) : wp2;
  const full = cut([...prefix, wp1, wp2, onward], allowance);
  const g = groundReach(s, u, full, allowance);
  if (g.inches < Math.min(used, length(full)) - 1e-6) return null; // the way round is barred
  const path = cut(full, g.inches);
  const round = [...skirted, f.id];
  const passed: string[] = [];
  for (const m of legsMeet(s, u, path, (o) => o.side === u.side)) {
    if (!round.includes(m.unit.id) && passageThrough(s, u, m.unit, 'charge')) { passed.push(m.unit.id); continue; }
    // A friend it may not pass on the way round: round that one too, from where it is met (ANRT-P6), once more at most.
    if (round.includes(m.unit.id) || round.length >= MAX_DETOURS) return null;
    const i = m.pathBefore.length - 1;
    const next = goRound(s, u, m.unit, straight, goal, allowance, m.pathBefore, bearing(path[i - 1]!, path[i]!), round);
    return next ? { ...next, passed: [...passed, ...next.passed.filter((x) => !passed.includes(x))] } : null;
  }
  if (overlapsAny(u, path[path.length - 1]!, passed.map((id) => s.units[id]!))) return null;
  return { path, ...(g.barred ? { stopped: `stopped by the ground: ${g.barred}` } : {}), passed, skirted: round.join(' and ') };
}

/** The units met along a path of one or more legs, in order, each with the path up to the last clear point. */
export function legsMeet(s: AnrtState, u: AnrtUnit, path: readonly Point[], who: (o: AnrtUnit) => boolean): { unit: AnrtUnit; pathBefore: Point[] }[] {
  const out: { unit: AnrtUnit; pathBefore: Point[] }[] = [];
  const seen = new Set<string>([u.id]);
  for (let i = 1; i < path.length; i++) {
    if (distance(path[i - 1]!, path[i]!) < 1e-9) continue;
    const leg = { ...u, at: path[i - 1]! };
    for (const m of unitsOnPath(s, leg, [path[i - 1]!, path[i]!], (o) => !seen.has(o.id) && who(o))) {
      seen.add(m.unit.id);
      out.push({ unit: m.unit, pathBefore: [...path.slice(0, i), m.before] });
    }
  }
  return out;
}

export const pathLength = length;
