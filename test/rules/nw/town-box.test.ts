import { describe, expect, it } from 'vitest';
import { basePolygon } from '../../../src/rules/geometry/base';
import { isArea } from '../../../src/rules/geometry/features';
import { ringStrictlyContains } from '../../../src/rules/geometry/primitives';
import type { Point, TerrainFeature } from '../../../src/rules/geometry/types';
import { isTownArea } from '../../../src/rules/nw/movement';
import { inTown, pointsInTown } from '../../../src/rules/nw/movement-rules';
import { prng } from '../../helpers/nw-battle';

// Issue 12: the town test (§9.5 note 7 L301, §9.8 L325) looks at a town's ring only for points
// inside its bounding box. The box must change no answer: compared here with the test it
// replaced (every town's ring, every point), on points inside, outside, on edges and corners.
const unboxed = (pts: readonly Point[], terrain: readonly TerrainFeature[]) =>
  terrain.some((f) => isArea(f) && isTownArea(f) && pts.some((p) => ringStrictlyContains(f.polygon, p)));

describe('NW town test with bounding boxes (movement-rules pointsInTown)', () => {
  const terrain: TerrainFeature[] = [
    { id: 'road', kind: 'road', line: [{ x: 0, y: 10 }, { x: 40, y: 10 }] } as TerrainFeature,
    { id: 't1', kind: 'built-up', polygon: [{ x: 5, y: 5 }, { x: 12, y: 4 }, { x: 13, y: 11 }, { x: 6, y: 12 }] },
    { id: 'v1', kind: 'built-up', settlement: 'village', polygon: [{ x: 20, y: 20 }, { x: 26, y: 20 }, { x: 26, y: 26 }, { x: 20, y: 26 }] },
    { id: 'w1', kind: 'woods', polygon: [{ x: 30, y: 0 }, { x: 40, y: 0 }, { x: 40, y: 8 }, { x: 30, y: 8 }] },
    { id: 't2', kind: 'town', polygon: [{ x: 15, y: 30 }, { x: 25, y: 35 }, { x: 15, y: 40 }] },
  ];

  it('agrees with every ring tested, point by point, on 4,000 random points and the vertices', () => {
    const r = prng(12);
    const pts: Point[] = [];
    for (let i = 0; i < 4000; i++) pts.push({ x: r.next() * 44 - 2, y: r.next() * 44 - 2 });
    for (const f of terrain) if (isArea(f)) pts.push(...f.polygon);
    let inside = 0;
    for (const p of pts) {
      const want = unboxed([p], terrain);
      expect(pointsInTown([p], terrain)).toBe(want);
      if (want) inside++;
    }
    // The sample reaches both answers (a test that could not fail would prove nothing).
    expect(inside).toBeGreaterThan(50);
    expect(inside).toBeLessThan(pts.length - 50);
  });

  it('inTown of a base inside, astride the edge and clear of a town', () => {
    const size = { width: 2, depth: 1 };
    expect(inTown({ pose: { at: { x: 9, y: 8 }, facing: 0 }, size }, terrain)).toBe(true);
    expect(inTown({ pose: { at: { x: 12.8, y: 8 }, facing: 90 }, size }, terrain)).toBe(true);
    expect(inTown({ pose: { at: { x: 13.6, y: 8 }, facing: 90 }, size }, terrain)).toBe(false);
    expect(inTown({ pose: { at: { x: 35, y: 4 }, facing: 0 }, size }, terrain)).toBe(false);
    // The same list read again (its towns kept per list) answers the same.
    expect(inTown({ pose: { at: { x: 9, y: 8 }, facing: 0 }, size }, terrain)).toBe(true);
  });

  // inTown skips the base's ring when no town's box comes within half the sum of its sides of the
  // centre (issue 12): the answer must be the centre's and the four corners' test, every time.
  it('inTown agrees with the centre and corners tested against every ring, on 4,000 random bases', () => {
    const r = prng(31);
    let inside = 0;
    for (let i = 0; i < 4000; i++) {
      const base = { pose: { at: { x: r.next() * 50 - 5, y: r.next() * 50 - 5 }, facing: r.next() * 360 }, size: { width: 0.5 + r.next() * 6, depth: 0.2 + r.next() * 3 } };
      const want = unboxed([base.pose.at, ...basePolygon(base)], terrain);
      expect(inTown(base, terrain)).toBe(want);
      if (want) inside++;
    }
    expect(inside).toBeGreaterThan(100);
    expect(inside).toBeLessThan(3900);
  });
});
