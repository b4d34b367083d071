import { basePolygon, frontCentre, type Base } from '../../geometry/base';
import { ringContains, ringsIntersect } from '../../geometry/primitives';
import type { Point } from '../../geometry/types';
import { add, dot, headingVector, norm, rightVector, scale, sub } from '../../geometry/vector';
import type { BpSettings } from '../settings';
import { CANISTER_ARC_DEGREES, RANGES_INCHES, ROUND_SHOT_MAX_RANKS } from '../tables/fire';
import type { Position } from '../tables/vocabulary';
import type { ArtilleryTargetStand } from './types';

/**
 * Which stands a battery's shot reaches (B&P L82, L93, L99; BP-4): the round-shot stick and the
 * canister triangle as rings on the table, from the muzzle (the centre of the gun stand's front
 * edge). The caller passes the stands that may be hit (it decides friend, foe and legality,
 * L95); the answers feed `roundShot` and `canister`.
 */

/** A stand on the table, as the artillery reach reads it. */
export interface StandOnTable {
  readonly stand: string;
  readonly base: Base;
  readonly figures: number;
  /** Its position for the hit thresholds (L101). */
  readonly position?: Position;
}

const cosDeg = (d: number): number => Math.cos((d * Math.PI) / 180);
const sinDeg = (d: number): number => Math.sin((d * Math.PI) / 180);

const asTarget = (s: StandOnTable): ArtilleryTargetStand => ({ stand: s.stand, figures: s.figures, ...(s.position ? { position: s.position } : {}) });

/**
 * L82 "triangular blast pattern measuring 60 degrees from the muzzle", maximum 6" (L99). BP-4:
 * the triangle's two sides are 6" long, so no point of it is beyond canister range (with a 60°
 * apex that makes it equilateral; its far edge is 6 × cos 30° ≈ 5.2" ahead of the muzzle).
 */
export function canisterTriangle(gun: Base): Point[] {
  const m = frontCentre(gun);
  const h = headingVector(gun.pose.facing);
  const r = rightVector(gun.pose.facing);
  const len = RANGES_INCHES.canister.max;
  const half = CANISTER_ARC_DEGREES / 2;
  const ahead = scale(h, len * cosDeg(half));
  const side = scale(r, len * sinDeg(half));
  return [m, add(add(m, ahead), side), sub(add(m, ahead), side)];
}

/** The stands canister reaches (BP-4 `art.canisterStands`: every stand the triangle touches, or only those whose centre is inside). */
export function canisterReach(gun: Base, stands: readonly StandOnTable[], settings: BpSettings): ArtilleryTargetStand[] {
  const tri = canisterTriangle(gun);
  const inside = settings.art.canisterStands === 'touched' ? (s: StandOnTable) => ringsIntersect(tri, basePolygon(s.base)) : (s: StandOnTable) => ringContains(tri, s.base.pose.at);
  return stands.filter(inside).map(asTarget);
}

/**
 * L93: the artillery stick from the muzzle towards `aim`, 18" long (L81) and BP-4
 * `art.stickWidthStands` stand widths wide (`standWidth`: the width of a stand, by default the gun
 * stand's own).
 */
export function roundShotStick(gun: Base, aim: Point, settings: BpSettings, standWidth: number = gun.size.width): Point[] {
  const m = frontCentre(gun);
  const v = sub(aim, m);
  const len = norm(v);
  if (!(len > 0)) throw new RangeError('B&P L93: the stick needs an aiming point away from the muzzle');
  if (!(standWidth > 0)) throw new RangeError(`B&P L93: a stand width must be positive, not ${standWidth}`);
  const dir = scale(v, 1 / len);
  const across = scale({ x: dir.y, y: -dir.x }, (settings.art.stickWidthStands * standWidth) / 2);
  const far = scale(dir, RANGES_INCHES.roundShot.max);
  return [sub(m, across), add(m, across), add(add(m, across), far), add(sub(m, across), far)];
}

/** What the stick touches, rank by rank. */
export interface StickReach {
  /** Stands touched within the first four ranks, nearest first. */
  readonly targets: readonly ArtilleryTargetStand[];
  /** Ranks touched (at most 4, L93). */
  readonly ranks: number;
  /** Stands touched beyond the fourth rank (safe: the shot has spent itself). */
  readonly beyond: readonly string[];
}

/**
 * L93: "anything that is touched by the stick up to a penetration of four ranks". Stands are
 * ordered by how far along the stick their nearest corner lies; BP-4: stands whose nearest points
 * lie within half a stand's depth of each other are one rank (side by side in a line or column).
 */
export function roundShotReach(gun: Base, aim: Point, stands: readonly StandOnTable[], settings: BpSettings, standWidth?: number): StickReach {
  const stick = roundShotStick(gun, aim, settings, standWidth);
  const m = frontCentre(gun);
  const dir = scale(sub(aim, m), 1 / norm(sub(aim, m)));
  const touched = stands
    .filter((s) => ringsIntersect(stick, basePolygon(s.base)))
    .map((s) => ({ s, along: Math.max(0, Math.min(...basePolygon(s.base).map((c) => dot(sub(c, m), dir)))) }))
    .sort((a, b) => a.along - b.along);
  const targets: ArtilleryTargetStand[] = [];
  const beyond: string[] = [];
  let ranks = 0;
  let rankStart = -Infinity;
  let rankHalfDepth = 0;
  for (const t of touched) {
    if (t.along >= rankStart + rankHalfDepth - 1e-9 || ranks === 0) {
      ranks++;
      rankStart = t.along;
      rankHalfDepth = t.s.base.size.depth / 2;
    }
    if (ranks <= ROUND_SHOT_MAX_RANKS) targets.push(asTarget(t.s));
    else beyond.push(t.s.stand);
  }
  return { targets, ranks: Math.min(ranks, ROUND_SHOT_MAX_RANKS), beyond };
}
