import { describe, expect, it } from 'vitest';
import { EPS } from '../../../src/rules/geometry/epsilon';
import { segmentProfile } from '../../../src/rules/geometry/terrain';
import type { TerrainFeature } from '../../../src/rules/geometry/types';
import { p, woods } from './helpers';

/**
 * segmentProfile's broad phase (issue 12): features are kept when the segment itself meets their
 * box, not merely the segment's own box. A feature the segment passes by must change nothing; one
 * it touches within the exact tests' tolerance must still count.
 */
describe('segmentProfile broad phase', () => {
  // A long diagonal: its own box holds the whole 0..40 square.
  const a = p(0, 0), b = p(40, 40);
  const wood = woods('w', 18, 18, 22, 22); // on the diagonal
  const offWood = woods('off', 30, 2, 38, 8); // inside the diagonal's box, far from the line
  const offRoad: TerrainFeature = { id: 'r-off', kind: 'road', line: [p(30, 0), p(40, 0)], width: 1 };
  const bridge: TerrainFeature = { id: 'b-off', kind: 'bridge', at: p(35, 5), crosses: 'river' };

  it('features inside the segment\'s box but away from it change nothing', () => {
    const alone = segmentProfile(a, b, [wood]);
    const crowded = segmentProfile(a, b, [offWood, offRoad, wood, bridge]);
    expect(crowded).toEqual(alone);
    expect(alone.stretches.map((s) => s.areas.map((f) => f.id))).toEqual([[], ['w'], []]);
  });

  it('an area the segment only grazes at a corner is met (a cut) but not entered', () => {
    const corner = woods('c', 20, 0, 30, 20); // its corner (20, 20) lies on the diagonal
    const prof = segmentProfile(a, b, [corner]);
    expect(prof.stretches.every((s) => s.areas.length === 0)).toBe(true);
  });

  it('a road whose half-width reaches the segment still runs along it', () => {
    // Parallel to a horizontal move, its centreline half its width (plus a hair under EPS) away.
    const road: TerrainFeature = { id: 'road', kind: 'road', line: [p(0, 10.5 + EPS / 2), p(40, 10.5 + EPS / 2)], width: 1 };
    const prof = segmentProfile(p(5, 10), p(35, 10), [road]);
    expect(prof.stretches.map((s) => s.along.map((f) => f.id))).toEqual([['road']]);
    // …and one a little farther does not.
    const far: TerrainFeature = { ...road, id: 'far', line: [p(0, 10.6), p(40, 10.6)] };
    expect(segmentProfile(p(5, 10), p(35, 10), [far]).stretches.map((s) => s.along.length)).toEqual([0]);
  });

  it('a vertical or horizontal segment (one slab of zero width) finds what it crosses', () => {
    const river: TerrainFeature = { id: 'river', kind: 'river', line: [p(-5, 20), p(45, 20)], width: 1 };
    const ford: TerrainFeature = { id: 'ford', kind: 'ford', at: p(10, 20), crosses: 'river' };
    const up = segmentProfile(p(10, 0), p(10, 40), [river, ford, offWood]);
    expect(up.crossings.map((c) => [c.feature.id, c.distance, c.ford?.id])).toEqual([['river', 20, 'ford']]);
    expect(segmentProfile(p(0, 30), p(40, 30), [wood]).stretches.every((s) => s.areas.length === 0)).toBe(true);
  });
});
