import type { Problem } from '../../../lib/result';
import { ringDistance } from '../../geometry/primitives';
import type { Point } from '../../geometry/types';
import { angleDifference, distance, turn } from '../../geometry/vector';
import type { AnrtOrder } from '../orders';
import { ringOf } from '../passage';
import { isArtillery, liveUnits, type AnrtFormation, type AnrtState, type AnrtUnit } from '../state';
import { MULTIPLE_MOVES } from '../tables/command';
import { fmt, problem } from './common';
import { gunsHeldBy } from './prolong';
import { terrainMove } from '../terrain';

/**
 * Multiple moves (§VII L309-314). "Each of the above actions counts as one move" (L311): a move,
 * a formation change, recovering disorder, entering buildings. A `/move` with `moves:N` is N moves
 * (N times the normal move, N times the pips); a formation change posted beside a move is a second
 * move, except for artillery, whose move may carry its change of formation (L302-303). A unit
 * making more than one move in the phase is making multiple moves (ANRT-W13).
 */

type MoveOrder = Extract<AnrtOrder, { kind: 'move' }>;

/** How many moves a `/move` order is (1 unless `moves:` says more). */
export const movesOf = (o: MoveOrder): number => o.moves ?? 1;

/** The moves a unit makes this phase: its `/move`'s, plus one for a formation change posted beside it (not artillery's, L302-303). */
export function movesThisPhase(u: AnrtUnit, move: MoveOrder | undefined, formation: AnrtFormation | undefined): number {
  const changes = formation !== undefined && formation !== u.formation && !isArtillery(u) ? 1 : 0;
  return (move ? movesOf(move) : 0) + changes;
}

/**
 * L314 "a unit which starts the turn disordered": disordered as its side's orders window opens
 * (ANRT-W14) — the state the window validates against.
 */
export function disorderedRefusal(u: AnrtUnit, n: number): Problem | null {
  if (!u.disordered || n <= 1) return null;
  return problem('order/disordered-multiple', `${u.name} started the turn disordered: it may not make multiple moves (L314).`,
    `Give it one move this phase (moves:1, and no formation change beside a move), or recover its disorder first (/formation ${u.formation}).`);
}

/** L314: a disordered unit changes formation only as artillery limbering up or infantry forming square (and stays disordered). */
export function disorderedFormation(u: AnrtUnit, to: AnrtFormation): Problem | null {
  if (!u.disordered || to === u.formation) return null;
  if (isArtillery(u) && to === 'limbered') return null;
  if (u.arm === 'infantry' && to === 'square') return null;
  return problem('order/disordered-formation', `${u.name} started the turn disordered: it may not change formation, except artillery limbering up or infantry going into square (L314).`,
    `Recover its disorder first (/formation ${u.formation}, QRS recover-disorder), then change formation next phase.`);
}

/**
 * L314 "it may not advance but may fall back": ANRT-W14 — a move that ends nearer the nearest
 * live enemy (centre to centre) than the unit started is an advance; sideways or back is not.
 */
export function disorderedAdvance(s: AnrtState, u: AnrtUnit, to: Point): Problem | null {
  if (!u.disordered) return null;
  const enemies = liveUnits(s).filter((e) => e.side !== u.side && !e.abandoned && !e.routed);
  if (!enemies.length) return null;
  const nearest = enemies.reduce((a, b) => (distance(a.at, u.at) <= distance(b.at, u.at) ? a : b));
  const before = distance(nearest.at, u.at);
  const after = distance(nearest.at, to);
  if (after >= before - 1e-6) return null;
  return problem('order/disordered-advance', `${u.name} started the turn disordered: it may not advance, only fall back (L314); this move ends ${fmt(after)} from ${nearest.name}, the nearest enemy, nearer than the ${fmt(before)} it starts (ANRT-W14).`,
    `Move it away from ${nearest.name} or sideways (keeping at least ${fmt(before)} from it), or recover its disorder first.`);
}

/** Steps along a path at which the 6" of L311 is measured (the project's sampling, as passage.ts), and of a turn in place. */
const STEP_INCHES = 0.25;
const STEP_DEGREES = 5;

/** A place and facing the unit passes through. */
export interface Pose { readonly at: Point; readonly facing: number }

/**
 * The poses of a path every ¼" and every 5° (ANRT-W16): `facings[i]` is the facing at `path[i]`
 * (orders.ts `planMove`); a leg whose facing changes is a turn made where the leg starts — a wheel
 * (on its centre: the point stays, the footprint swings) or a turn `toward` a place, then the
 * move in the new facing. Without facings the unit keeps its own along the whole path.
 */
export function posesAlong(path: readonly Point[], facing: number, facings?: readonly number[]): Pose[] {
  const at = (i: number) => facings?.[i] ?? facing;
  const out: Pose[] = [{ at: path[0]!, facing: at(0) }];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!, b = path[i]!, d = distance(a, b);
    const from = at(i - 1), to = at(i), swing = angleDifference(from, to);
    const t = Math.ceil(Math.abs(swing) / STEP_DEGREES - 1e-9);
    for (let k = 1; k <= t; k++) out.push({ at: a, facing: k === t ? to : turn(from, (swing * k) / t) });
    const n = Math.ceil(d / STEP_INCHES);
    for (let k = 1; k <= n; k++) out.push({ at: { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n }, facing: to });
  }
  return out;
}

/**
 * L311 for a unit making multiple moves (`n` > 1) along `path`, in `formation`:
 * - artillery moving by prolong (unlimbered guns moving, or a unit taking taken guns along) may not (L311, L372);
 * - at most two moves in march column a turn (L311);
 * - "may not approach closer than 6” to known enemy": every enemy on the table is known (the map
 *   shows them all); measured footprint to footprint along the path; a unit already nearer than 6"
 *   may not come nearer than it starts (ANRT-W13).
 */
export function multipleRefusal(s: AnrtState, u: AnrtUnit, n: number, path: readonly Point[], formation: AnrtFormation, facings?: readonly number[]): Problem | null {
  if (n <= 1) return null;
  if (isArtillery(u) && formation === 'unlimbered') return problem('order/prolong-multiple', `${u.name} moves by prolong unlimbered: prolonged artillery may not make multiple moves (L311, L372).`, 'Give it one move (moves:1), or limber it up (/formation limbered) and move limbered next phase.');
  if (gunsHeldBy(s, u.id).length) return problem('order/prolong-multiple', `${u.name} takes the guns it holds along by prolong: artillery moving by prolong may not make multiple moves (L311, L372).`, 'Give it one move (moves:1), or leave the guns.');
  if (formation === 'march-column' && n > MULTIPLE_MOVES.maxMarchColumnMoves) return problem('order/march-column-moves', `${u.name} would make ${n} moves in march column: at most ${MULTIPLE_MOVES.maxMarchColumnMoves} a turn (L311).`, `Give it moves:${MULTIPLE_MOVES.maxMarchColumnMoves} at most.`);
  const limit = MULTIPLE_MOVES.minEnemyInches;
  // The unit's footprint in the pose it has at each point: its facing along the path, not its first (ANRT-W16).
  const pts = posesAlong(path, u.facing, facings);
  const reach = pts.reduce((m, p) => Math.max(m, distance(path[0]!, p.at)), 0) + limit + 6;
  for (const e of liveUnits(s)) {
    if (e.side === u.side || e.abandoned || e.gone || distance(e.at, path[0]!) > reach) continue;
    const ring = ringOf(e);
    const mover = { ...u, formation };
    const ringAt = (p: Pose) => ringOf({ ...mover, facing: p.facing }, p.at);
    const start = ringDistance(ringAt(pts[0]!), ring);
    const floor = Math.min(limit, start);
    for (let i = 1; i < pts.length; i++) {
      const d = ringDistance(ringAt(pts[i]!), ring);
      if (d < floor - 1e-6) {
        const along = pts.slice(1, i + 1).reduce((m, p, k) => m + distance(pts[k]!.at, p.at), 0);
        return problem('order/multiple-near-enemy', `${u.name} is making ${n} moves: a unit making multiple moves may not approach closer than ${fmt(limit)} to known enemy (L311); ${fmt(along)} along its path it would be ${fmt(d)} from ${e.name}${start < limit ? `, nearer than the ${fmt(start)} it starts` : ''}.`,
          `Stop at least ${fmt(limit)} short of ${e.name}, or make a single move (moves:1, no formation change beside it).`);
      }
    }
  }
  return null;
}

/**
 * Where each of a unit's `n` moves along its path ends (L311 "each … counts as one move"; L439
 * tests a square after each, ANRT-W15): `[start, after move 1, …, after move n]`. The path is one
 * order for all n, so the project reads it as a tabletop player moves it: each move a normal move
 * (`one`) of the path's movement cost (woods counting double where they do, L359), the last move
 * what remains. A point inside a leg of the path faces as that leg does (posesAlong).
 */
export function movesLegs(s: AnrtState, u: AnrtUnit, path: readonly Point[], facings: readonly number[], n: number, one: number): Pose[] {
  const legs: Pose[] = [{ at: path[0]!, facing: facings[0] ?? u.facing }];
  // Priced every ¼" (as posesAlong samples), so a move ending inside a wood ends where its cost runs out.
  let walked = 0, k = 1;
  for (let i = 1; i < path.length && k < n; i++) {
    const a = path[i - 1]!, b = path[i]!, pieces = Math.ceil(distance(a, b) / STEP_INCHES);
    const at = (t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    for (let j = 1; j <= pieces && k < n; j++) {
      const p = at((j - 1) / pieces), q = at(j / pieces), c = terrainMove(s, u, [p, q]).inches;
      while (k < n && walked + c >= k * one - 1e-9) {
        const f = c > 0 ? (k * one - walked) / c : 1;
        legs.push({ at: { x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f }, facing: facings[i] ?? u.facing });
        k++;
      }
      walked += c;
    }
  }
  const end: Pose = { at: path[path.length - 1]!, facing: facings[facings.length - 1] ?? u.facing };
  while (legs.length <= n) legs.push(end);
  return legs;
}
