import { describe, expect, it } from 'vitest';
import {
  attackAspect, coveredRuns, frontage, frontEdge, frontRank, inUnitFrontArc, isolation, layoutStands, standsFor, unitDepth, type LayoutParams,
} from '../../../src/rules/battalion';
import type { Pose } from '../../../src/rules/geometry/types';

// B&P's infantry stand, 3 figures (L12): a 1.5" × 0.75" base (15mm), four stands to a battalion.
const size = { width: 1.5, depth: 0.75 };
const four: LayoutParams = { stands: 4, size };
const north: Pose = { at: { x: 10, y: 10 }, facing: 0 };
const east: Pose = { at: { x: 10, y: 10 }, facing: 90 };
const centres = (f: Parameters<typeof layoutStands>[0], pose: Pose, p: LayoutParams) =>
  layoutStands(f, pose, p).map((b) => [+b.pose.at.x.toFixed(4), +b.pose.at.y.toFixed(4), b.pose.facing]);

describe('layouts: every stand per formation, from the front centre', () => {
  it('line: side by side behind the front edge', () => {
    expect(centres('line', north, four)).toEqual([[7.75, 9.625, 0], [9.25, 9.625, 0], [10.75, 9.625, 0], [12.25, 9.625, 0]]);
  });
  it('line facing east: the same layout turned 90°', () => {
    expect(centres('line', east, four)).toEqual([[9.625, 12.25, 90], [9.625, 10.75, 90], [9.625, 9.25, 90], [9.625, 7.75, 90]]);
  });
  it('column two wide: two ranks of two', () => {
    expect(centres('column', north, four)).toEqual([[9.25, 9.625, 0], [10.75, 9.625, 0], [9.25, 8.875, 0], [10.75, 8.875, 0]]);
  });
  it('column of three stands two wide: the short rank is centred', () => {
    expect(centres('column', north, { stands: 3, size })).toEqual([[9.25, 9.625, 0], [10.75, 9.625, 0], [10, 8.875, 0]]);
  });
  it('column one wide (a parameter): a file', () => {
    expect(centres('column', north, { ...four, columnWidth: 1 }).map((c) => c[1])).toEqual([9.625, 8.875, 8.125, 7.375]);
  });
  it('square: one stand on each face, facing out, corners open', () => {
    expect(centres('square', north, four)).toEqual([[10, 9.625, 0], [11.125, 8.5, 90], [10, 7.375, 180], [8.875, 8.5, 270]]);
  });
  it('skirmish: spread at the gap (default one stand width)', () => {
    expect(centres('skirmish', north, four).map((c) => c[0])).toEqual([5.5, 8.5, 11.5, 14.5]);
    expect(centres('skirmish', north, { ...four, skirmishGap: 0.5 }).map((c) => c[0])).toEqual([7, 9, 11, 13]);
  });
  it('no two stands overlap in any formation', () => {
    for (const f of ['line', 'column', 'square', 'skirmish'] as const) {
      for (const n of [1, 2, 3, 4, 5, 6, 8]) {
        const bs = layoutStands(f, { at: { x: 0, y: 0 }, facing: 37 }, { stands: n, size });
        expect(bs).toHaveLength(n);
        expect(isolation(bs, 100).stands).toEqual(n === 1 ? [0] : []);
      }
    }
  });
});

describe('frontage, depth, front edge and front rank', () => {
  it('frontage per formation', () => {
    expect(frontage('line', four)).toBe(6);
    expect(frontage('column', four)).toBe(3);
    expect(frontage('square', four)).toBe(3);
    expect(frontage('skirmish', four)).toBe(10.5);
    expect(unitDepth('column', four)).toBe(1.5);
  });
  it('front edge runs left to right across the front centre', () => {
    expect(frontEdge('line', east, four)).toEqual([{ x: 10, y: 13 }, { x: 10, y: 7 }]);
  });
  it('only the lead stands of a column are the front rank (B&P L73)', () => {
    expect(frontRank('column', north, four)).toHaveLength(2);
    expect(frontRank('line', north, four)).toHaveLength(4);
    expect(frontRank('square', north, four)).toHaveLength(1);
  });
  it('front arc reads the unit as one envelope', () => {
    expect(inUnitFrontArc('line', north, four, { x: 10, y: 14 })).toBe(true);
    expect(inUnitFrontArc('line', north, four, { x: 10, y: 5 })).toBe(false);
    expect(inUnitFrontArc('line', north, four, { x: 20, y: 11 })).toBe(false);
  });
});

describe('flank and rear by angle (B&P L117: 45° or more from the front)', () => {
  const line = { formation: 'line' as const, facing: 0 };
  it.each([
    [180, 'front', 0], [180 + 44, 'front', 44], [180 + 45, 'flank', 45], [270, 'flank', 90], [90, 'flank', 90], [0, 'rear', 180], [314, 'flank', 134], [316, 'rear', 136],
  ])('attacker heading %i → %s', (heading, aspect, angle) => {
    const r = attackAspect(line, heading);
    expect(r.aspect).toBe(aspect);
    expect(r.angle).toBeCloseTo(angle);
  });
  it('parameters move the bounds', () => {
    expect(attackAspect(line, 180 + 50, { flankFrom: 60 }).aspect).toBe('front');
  });
  it('a square has no flank (L175)', () => {
    expect(attackAspect({ formation: 'square', facing: 0 }, 0).aspect).toBe('front');
  });
});

describe('losses → stands', () => {
  it.each([
    [12, 'keep-partial', 4], [10, 'keep-partial', 4], [9, 'keep-partial', 3], [1, 'keep-partial', 1], [0, 'keep-partial', 0],
    [10, 'full-stands-only', 3], [2, 'full-stands-only', 1], [8, 'nearest', 3], [7, 'nearest', 2],
  ] as const)('%i figures at 3 a stand (%s) → %i stands', (figures, policy, stands) => {
    expect(standsFor(figures, 3, 4, policy)).toBe(stands);
  });
  it('never more stands than the unit started with', () => {
    expect(standsFor(20, 3, 4)).toBe(4);
  });
});

describe('isolation (B&P L63: farther than twice a stand width from the rest)', () => {
  it('a stand dragged 3.5" away is isolated; 2.9" is not', () => {
    const [a, b, c] = layoutStands('line', north, { stands: 3, size });
    const away = (d: number) => ({ ...c!, pose: { ...c!.pose, at: { x: c!.pose.at.x + d, y: c!.pose.at.y } } });
    expect(isolation([a!, b!, away(3.5)], 3).stands).toEqual([2]);
    expect(isolation([a!, b!, away(2.9)], 3).stands).toEqual([]);
  });
  it('a unit of one stand is isolated', () => {
    expect(isolation(layoutStands('line', north, { stands: 1, size }), 3)).toEqual({ single: true, stands: [0] });
  });
});

describe('a line holed in its middle (B&P L113): slots and covered runs', () => {
  const holed: LayoutParams = { stands: 3, size, slots: [0, 1, 3] };
  it('keeps each stand in its place along the line, the span centred on the front centre', () => {
    expect(centres('line', north, holed)).toEqual([[7.75, 9.625, 0], [9.25, 9.625, 0], [12.25, 9.625, 0]]);
    expect(frontage('line', holed)).toBe(6);
  });
  it('without slots, or with slots of the wrong length, stands shoulder to shoulder', () => {
    expect(centres('line', north, { stands: 3, size })).toEqual([[8.5, 9.625, 0], [10, 9.625, 0], [11.5, 9.625, 0]]);
    expect(centres('line', north, { stands: 3, size, slots: [0, 4] })).toEqual(centres('line', north, { stands: 3, size }));
  });
  it('covers a hole up to the given width and leaves a wider one open', () => {
    const runs = (slots: number[], maxHole: number) => coveredRuns(north, { stands: slots.length, size, slots }, maxHole).map((b) => [+b.pose.at.x.toFixed(4), b.size.width]);
    // One stand width missing, two allowed: one run across the whole line.
    expect(runs([0, 1, 3], 3)).toEqual([[10, 6]]);
    // Exactly two widths missing is still covered ("greater than twice the width" opens it).
    expect(runs([0, 3], 3)).toEqual([[10, 6]]);
    // Three widths missing: two runs with the hole between.
    expect(runs([0, 4], 3)).toEqual([[7, 1.5], [13, 1.5]]);
    // A whole line is one run.
    expect(runs([0, 1, 2, 3], 3)).toEqual([[10, 6]]);
  });
});
