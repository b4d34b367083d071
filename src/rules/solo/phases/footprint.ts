import { baseWithin, type Base } from '../../geometry/base';
import type { Point } from '../../geometry/types';
import { headingVector } from '../../geometry/vector';
import { armOf } from '../tables/vocabulary';
import type { SoloState, SoloUnit } from '../state';

/**
 * The ground a unit covers (KS-3, KS-19): the base the map draws, in mm — 15 mm figures (L3; 20 mm
 * for cavalry) two ranks deep in line, six abreast in column. The state keeps the centre of the
 * front edge (`at`); the base lies behind it. Used for swerve collisions (KS-3).
 */
export function footprintSize(u: Pick<SoloUnit, 'type' | 'formation' | 'figures'>): { width: number; depth: number } {
  const cav = armOf(u.type) === 'cavalry';
  const w = cav ? 20 : 15;
  switch (u.formation) {
    case 'line': return { width: Math.max(1, Math.ceil(u.figures / 2)) * w, depth: cav ? 60 : 30 };
    case 'column': return { width: 6 * w, depth: Math.max(1, Math.ceil(u.figures / 6)) * (cav ? 30 : 15) };
    case 'square': { const side = Math.max(2, Math.ceil(u.figures / 4)) * 8; return { width: side, depth: side }; }
    case 'skirmish': return { width: Math.max(1, u.figures) * 30, depth: 15 };
    default: return { width: 60, depth: 60 };
  }
}

/** The unit's base with its front edge's centre at `at` (default: where it stands). */
export function footprint(u: Pick<SoloUnit, 'type' | 'formation' | 'figures' | 'facing' | 'at'>, at: Point = u.at): Base {
  const size = footprintSize(u);
  const v = headingVector(u.facing);
  return { pose: { at: { x: at.x - (v.x * size.depth) / 2, y: at.y - (v.y * size.depth) / 2 }, facing: u.facing }, size };
}

/**
 * How far from its point (the centre of its front edge) any part of a unit's base can be — to a
 * rear corner, plus a mm for rounding: a cheap bound that lets searches skip bases that cannot meet.
 */
export const reachOf = (u: Pick<SoloUnit, 'type' | 'formation' | 'figures'>): number => { const z = footprintSize(u); return Math.hypot(z.width / 2, z.depth) + 1; };

/**
 * Units on the table (other than `u`) whose bases meet `u`'s base placed at `at`. `among`: a
 * subset of `s.units`, in its order, known to hold every unit that could (a caller's broad phase).
 */
export function unitsMet(s: SoloState, u: SoloUnit, at: Point, among: readonly SoloUnit[] = s.units): SoloUnit[] {
  const mine = footprint(u, at);
  const r = reachOf(u);
  return among.filter((x) => !x.gone && x.id !== u.id && Math.hypot(x.at.x - at.x, x.at.y - at.y) <= r + reachOf(x) && baseWithin(mine, footprint(x), 0));
}
