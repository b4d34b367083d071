import type { Base } from '../../../src/rules/geometry/base';
import type { TerrainFeature, Point } from '../../../src/rules/geometry/types';

/** A base centred at (x, y) facing `facing`, `width` wide (frontage) and `depth` deep. */
export const base = (x: number, y: number, facing: number, width: number, depth: number): Base => ({ pose: { at: { x, y }, facing }, size: { width, depth } });

/** An axis-aligned rectangle ring. */
export const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 },
];

/** Woods (difficult, blocking sight) over an axis-aligned rectangle. */
export const woods = (id: string, x0: number, y0: number, x1: number, y1: number): TerrainFeature => ({
  id, kind: 'woods', polygon: rect(x0, y0, x1, y1), difficult: true, blocksLos: true,
});

export const p = (x: number, y: number): Point => ({ x, y });
