import { describe, expect, it } from 'vitest';
import { corridorClear, lineOfSight } from '../../../src/rules/geometry/sight';
import type { TerrainFeature } from '../../../src/rules/geometry/types';
import { p, rect, woods } from './helpers';

const wood = woods('w', 10, -5, 13, 5);

describe('lineOfSight (DRAM HR D-9, NW §9.51)', () => {
  it('a wood between blocks; the first blocking point is where sight enters it', () => {
    expect(lineOfSight(p(0, 0), p(20, 0), [wood])).toEqual({ clear: false, blockedBy: 'w', at: p(10, 0) });
  });
  it('going around the wood is clear', () => {
    expect(lineOfSight(p(0, 0), p(20, 12), [wood])).toEqual({ clear: true });
  });
  it('sight along the wood’s edge is not blocked', () => {
    expect(lineOfSight(p(0, 5), p(20, 5), [wood]).clear).toBe(true);
  });
  it('woods without blocksLos do not block', () => {
    expect(lineOfSight(p(0, 0), p(20, 0), [{ ...wood, blocksLos: false } as TerrainFeature]).clear).toBe(true);
  });
  it('reports the nearest of several blockers', () => {
    expect(lineOfSight(p(0, 0), p(20, 0), [wood, woods('v', 5, -1, 6, 1)]).blockedBy).toBe('v');
    expect(lineOfSight(p(20, 0), p(0, 0), [wood, woods('v', 5, -1, 6, 1)]).blockedBy).toBe('w');
  });
  describe('seeing into woods (NW: 1" into woods, 2" into orchards)', () => {
    const seeInto = { woods: 1, orchard: 2 };
    it('a target 1" inside is seen; 1.5" inside is not', () => {
      expect(lineOfSight(p(0, 0), p(11, 0), [wood], { seeInto }).clear).toBe(true);
      expect(lineOfSight(p(0, 0), p(11.5, 0), [wood], { seeInto }).clear).toBe(false);
    });
    it('without seeInto a target just inside is hidden', () => {
      expect(lineOfSight(p(0, 0), p(10.5, 0), [wood]).clear).toBe(false);
    });
    it('a viewer 0.5" inside sees out of that edge but not through 2.5" of wood', () => {
      expect(lineOfSight(p(12.5, 0), p(20, 0), [wood], { seeInto }).clear).toBe(true);
      expect(lineOfSight(p(12.5, 0), p(0, 0), [wood], { seeInto }).clear).toBe(false);
    });
    it('passing right through is blocked however thin: a 1" orchard with 2" seeInto', () => {
      const orchard: TerrainFeature = { id: 'o', kind: 'orchard', polygon: rect(10, -5, 11, 5), blocksLos: true };
      expect(lineOfSight(p(0, 0), p(20, 0), [orchard], { seeInto }).clear).toBe(false);
      expect(lineOfSight(p(0, 0), p(11, 0), [orchard], { seeInto }).clear).toBe(true);
    });
    it('two units 1" apart inside the same wood see each other; 2" apart they do not', () => {
      expect(lineOfSight(p(11, 0), p(12, 0), [wood], { seeInto }).clear).toBe(true);
      expect(lineOfSight(p(10.5, 0), p(12.5, 0), [wood], { seeInto }).clear).toBe(false);
    });
  });
  describe('hills', () => {
    const hill: TerrainFeature = { id: 'h', kind: 'hill', polygon: rect(8, -2, 12, 2), level: 1, blocksLos: true };
    const high: TerrainFeature = { id: 'high', kind: 'hill', polygon: rect(-2, -2, 2, 2), level: 2 };
    it('blocks sight between two points both lower than it', () => {
      expect(lineOfSight(p(0, 0), p(20, 0), [hill])).toMatchObject({ clear: false, blockedBy: 'h' });
    });
    it('a viewer on the hill sees down from it', () => {
      expect(lineOfSight(p(10, 0), p(20, 0), [hill]).clear).toBe(true);
      expect(lineOfSight(p(9, 0), p(0, 0), [hill]).clear).toBe(true);
    });
    it('a viewer on higher ground sees over it', () => {
      expect(lineOfSight(p(0, 0), p(20, 0), [hill, high]).clear).toBe(true);
    });
    it('with the hill rule off, a hill blocks only if flagged blocksLos, like any area', () => {
      expect(lineOfSight(p(10, 0), p(20, 0), [hill], { hills: false }).clear).toBe(false);
      expect(lineOfSight(p(0, 0), p(20, 0), [{ ...hill, blocksLos: false } as TerrainFeature], { hills: false }).clear).toBe(true);
    });
  });
  it('a line feature flagged blocksLos blocks when crossed, not when touched at an end', () => {
    const wall: TerrainFeature = { id: 'wall', kind: 'obstacle', line: [p(5, -5), p(5, 5)], blocksLos: true };
    expect(lineOfSight(p(0, 0), p(10, 0), [wall])).toEqual({ clear: false, blockedBy: 'wall', at: p(5, 0) });
    expect(lineOfSight(p(0, 0), p(5, 0), [wall]).clear).toBe(true);
    expect(lineOfSight(p(0, 0), p(10, 0), [{ ...wall, blocksLos: false } as TerrainFeature]).clear).toBe(true);
  });
});

describe('corridorClear: NW’s 1.5"-wide line of fire', () => {
  const from = p(0, 0);
  const to = p(0, 20);
  it('a unit overlapping the alley blocks it', () => {
    expect(corridorClear(from, to, 1.5, [rect(0.5, 9, 1.5, 10)])).toEqual({ clear: false, blockedBy: 0 });
  });
  it('a unit just touching the alley’s side does not; one 0.01" inside does', () => {
    expect(corridorClear(from, to, 1.5, [rect(0.75, 9, 2, 10)]).clear).toBe(true);
    expect(corridorClear(from, to, 1.5, [rect(0.74, 9, 2, 10)]).clear).toBe(false);
  });
  it('things beyond the target or behind the firer do not block', () => {
    expect(corridorClear(from, to, 1.5, [rect(-1, 21, 1, 23), rect(-1, -3, 1, -1)]).clear).toBe(true);
  });
  it('reports the first blocking obstacle in the list', () => {
    expect(corridorClear(from, to, 1.5, [rect(5, 5, 6, 6), rect(-1, 15, 1, 16), rect(-1, 3, 1, 4)]).blockedBy).toBe(1);
  });
  it('works on a diagonal', () => {
    // From (0,0) to (20,20): the point (10,11) is 0.707" from the centre line.
    expect(corridorClear(from, p(20, 20), 1.5, [rect(9.9, 10.9, 10.1, 11.1)]).clear).toBe(false);
    expect(corridorClear(from, p(20, 20), 1.5, [rect(10, 12, 10.2, 12.2)]).clear).toBe(true);
  });
});
