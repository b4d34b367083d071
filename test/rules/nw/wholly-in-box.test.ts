import { describe, expect, it } from 'vitest';
import { basePolygon, type Base } from '../../../src/rules/geometry/base';
import type { AreaFeature } from '../../../src/rules/geometry/features';
import { ringContains } from '../../../src/rules/geometry/primitives';
import { areaCoverOf, whollyIn } from '../../../src/rules/nw/cover';
import { prng } from '../../helpers/nw-battle';

// Issue 12: whollyIn (§7.3 L105, §11.2-11.3: a base wholly in a town, works or woods) first asks
// whether the base's centre lies in the area's box, and only then tests every corner. The answer
// must be the corner test's, for bases well inside, across the edges and corners of an area, and
// far from it.
const cornersIn = (b: Base, f: AreaFeature) => basePolygon(b).every((p) => ringContains(f.polygon, p));

describe('NW whollyIn with its box test (issue 12)', () => {
  const r = prng(105);
  const rand = (lo: number, hi: number) => lo + r.next() * (hi - lo);
  const town: AreaFeature = { id: 't', kind: 'town', name: 'Town', polygon: [{ x: 10, y: 10 }, { x: 30, y: 8 }, { x: 34, y: 26 }, { x: 12, y: 30 }] } as AreaFeature;
  const works: AreaFeature = { id: 'w', kind: 'fortification', name: 'Works', polygon: [{ x: 50, y: 10 }, { x: 53, y: 10 }, { x: 53, y: 12 }, { x: 50, y: 12 }] } as AreaFeature;

  it('answers as the corner test for 4,000 seeded bases in, across and beyond two areas', () => {
    let inside = 0, outside = 0, across = 0;
    for (let n = 0; n < 4000; n++) {
      const f = n % 2 === 0 ? town : works;
      const size = { width: rand(0.5, 4), depth: rand(0.5, 2) };
      const b: Base = { pose: { at: { x: rand(0, 60), y: rand(0, 40) }, facing: rand(0, 360) }, size };
      const want = cornersIn(b, f);
      expect(whollyIn(b, f)).toBe(want);
      if (want) inside++; else outside++;
      // The cases the box test cannot settle: the centre within the area's box, a corner out.
      const xs = f.polygon.map((p) => p.x), ys = f.polygon.map((p) => p.y), { x, y } = b.pose.at;
      if (!want && x >= Math.min(...xs) && x <= Math.max(...xs) && y >= Math.min(...ys) && y <= Math.max(...ys)) across++;
    }
    expect(inside).toBeGreaterThan(200);
    expect(outside).toBeGreaterThan(2000);
    expect(across).toBeGreaterThan(100);
  });

  it('a base exactly filling the works (its corners on the boundary) is wholly in; a hair beyond the box is not', () => {
    const fill: Base = { pose: { at: { x: 51.5, y: 11 }, facing: 90 }, size: { width: 2, depth: 3 } };
    expect(whollyIn(fill, works)).toBe(true);
    expect(areaCoverOf(fill, [works])?.what).toBe('works');
    // A small base in a corner of the works, its centre a quarter-inch inside both edges.
    const corner: Base = { pose: { at: { x: 50.25, y: 10.25 }, facing: 0 }, size: { width: 0.5, depth: 0.5 } };
    expect(whollyIn(corner, works)).toBe(true);
    const beyond: Base = { pose: { at: { x: 53.01, y: 11 }, facing: 90 }, size: { width: 1, depth: 1 } };
    expect(whollyIn(beyond, works)).toBe(false);
    expect(areaCoverOf(beyond, [works])).toBeNull();
  });
});
