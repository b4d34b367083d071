import { basePolygon } from '../../geometry/base';
import { segmentRingDistance } from '../../geometry/primitives';
import type { Point } from '../../geometry/types';
import { distance, dot, headingVector, rightVector, bearing, sub } from '../../geometry/vector';
import { baseOf } from './support';
import type { MeleePiece } from './multiple-melee';

/**
 * Pass-through fire (§IX L511-513):
 *   L511 "Musketry and canister fire will have normal effect against skirmishers and also at any
 *        formed unit (not skirmishers) behind the skirmishers deducting for pass through fire. Use
 *        the same initial dice score for both effects."
 *   L513 "Long range artillery fire will have normal effect against the first formed unit it hits
 *        and pass through effect against any formed unit within 2" behind front of the target for
 *        field artillery and 3" behind the target for heavy artillery."
 * Rulings ANRT-M9, M10 (README): the fire runs in a band as wide as the target's footprint across
 * the line of fire (firer's centre to the target's); a unit is "behind" when its footprint lies in
 * that band and its centre beyond the target's. Behind skirmishers the musketry or canister strikes
 * the first formed unit only (it stops the balls), within the firer's reach; long-range shot strikes
 * every formed unit whose near edge is within 2" (3" heavy guns) of the target's front edge.
 */

/** L513: how deep behind the target's front long-range shot passes through. */
export const PASS_THROUGH_INCHES = { field: 2, heavy: 3, line: 'L513' } as const;

interface Band { readonly near: number; readonly far: number; readonly left: number; readonly right: number }

/** A footprint's extent along the line of fire (`near`, `far`) and across it. */
function extent(firer: Point, dir: number, p: MeleePiece): Band {
  const f = headingVector(dir); const r = rightVector(dir);
  const ring = basePolygon(baseOf(p));
  const along = ring.map((q) => dot(sub(q, firer), f));
  const across = ring.map((q) => dot(sub(q, firer), r));
  return { near: Math.min(...along), far: Math.max(...along), left: Math.min(...across), right: Math.max(...across) };
}

/**
 * The formed units behind `target` that take pass-through fire, nearest first: `screen` (L511) the
 * first one within `reach` of the firer; `long` (L513) all within `depth` of the target's front.
 * `candidates` are the formed enemy units the fire may strike (not the target, not in melee).
 */
export function passThroughVictims(firer: Point, target: MeleePiece, candidates: readonly MeleePiece[], mode: { readonly kind: 'screen'; readonly reach: number } | { readonly kind: 'long'; readonly depth: number }): string[] {
  const dir = bearing(firer, target.at);
  const t = extent(firer, dir, target);
  const tCentre = dot(sub(target.at, firer), headingVector(dir));
  const f = headingVector(dir); const r = rightVector(dir);
  // Centres first: beyond the target's centre and within reach of its band (no footprint is more than 3" from its centre).
  const behind = candidates
    .filter((e) => e.id !== target.id && dot(sub(e.at, firer), f) > tCentre + 1e-9)
    .filter((e) => { const l = dot(sub(e.at, firer), r); return l > t.left - 3 && l < t.right + 3; })
    .map((e) => ({ e, x: extent(firer, dir, e) }))
    .filter(({ x }) => x.right > t.left + 1e-9 && x.left < t.right - 1e-9)
    .filter(({ e, x }) => (mode.kind === 'screen' ? distance(firer, e.at) <= mode.reach + 1e-6 : x.near - t.near <= mode.depth + 1e-6))
    .sort((a, b) => a.x.near - b.x.near || a.e.id.localeCompare(b.e.id))
    .map(({ e }) => e.id);
  return mode.kind === 'screen' ? behind.slice(0, 1) : behind;
}

/**
 * L557: fire into a melee only where "the firing unit's arc of fire does not cover any friendly
 * units". ANRT-M8 (README): the arc is read as the fire's path — the line from the firer's centre
 * to the target's — which must touch no friendly footprint: the 45° arc itself (ANRT-T2) would
 * take in the friends in contact on nearly every shot, and the rule is there so that friends are
 * not hit. The friends given are the firer's, itself excluded.
 */
export function fireIntoMeleeClear(firer: Point, target: Point, friends: readonly MeleePiece[]): boolean {
  return friends.every((f) => distance(f.at, firer) > distance(firer, target) + 6 || segmentRingDistance(firer, target, basePolygon(baseOf(f))) > 1e-6);
}
