import { describe, expect, it } from 'vitest';
import { baseDistance, type Base } from '../../../../src/rules/geometry/base';
import { add, headingVector, normalizeFacing, scale } from '../../../../src/rules/geometry/vector';
import { approachable, RETREAT_BENDS, RETREAT_STEP_INCHES } from '../../../../src/rules/nw/phases/retreat';
import { prng } from '../../../helpers/nw-battle';

// Issue 12: a retreat leaves out of its "without moving closer" test (§11.4 L401) the other
// enemies `approachable` calls unreachable. That is only sound if, along every bend C14 tries,
// each step is farther from them than the start (so they can never lower the walk's approach).
describe('NW retreat broad phase: approachable (§11.4 L401, C14)', () => {
  const r = prng(4012);
  const rand = (lo: number, hi: number) => lo + r.next() * (hi - lo);
  const sizes = [{ width: 3, depth: 1.5 }, { width: 1.5, depth: 1.5 }, { width: 4, depth: 2 }, { width: 1, depth: 1 }];

  it('an enemy it leaves out is never come closer to at any step of any bend (800 seeded pairs, steps to 12")', () => {
    let left = 0, kept = 0;
    let closer = 0;
    for (let n = 0; n < 800; n++) {
      const start: Base = { pose: { at: { x: rand(0, 60), y: rand(0, 40) }, facing: rand(0, 360) }, size: sizes[r.int(sizes.length)]! };
      const other: Base = { pose: { at: { x: rand(-20, 80), y: rand(-20, 60) }, facing: rand(0, 360) }, size: sizes[r.int(sizes.length)]! };
      if (baseDistance(start, other) <= 0) continue;
      const away = rand(0, 360);
      if (approachable(start.pose, start.size, away)(other)) { kept++; continue; }
      left++;
      const gap = baseDistance(start, other);
      for (const bend of RETREAT_BENDS) {
        const dir = headingVector(normalizeFacing(away + bend));
        for (let k = RETREAT_STEP_INCHES; k <= 12; k += RETREAT_STEP_INCHES) {
          const step: Base = { pose: { at: add(start.pose.at, scale(dir, k)), facing: start.pose.facing }, size: start.size };
          if (!(baseDistance(step, other) > gap)) closer++;
        }
      }
    }
    expect(closer).toBe(0);
    // Both answers occur, so the test exercises the exclusion.
    expect(left).toBeGreaterThan(80);
    expect(kept).toBeGreaterThan(80);
  });

  it('an enemy straight ahead on the way back, or beside it within 45°, is kept', () => {
    const start: Base = { pose: { at: { x: 50, y: 50 }, facing: 0 }, size: { width: 3, depth: 1.5 } };
    const may = approachable(start.pose, start.size, 180); // retreating south (y falls)
    const at = (x: number, y: number): Base => ({ pose: { at: { x, y }, facing: 0 }, size: { width: 3, depth: 1.5 } });
    expect(may(at(50, 20))).toBe(true); // on the way back
    expect(may(at(90, 30))).toBe(true); // off to the side, reachable by the 45° bend
    expect(may(at(50, 80))).toBe(false); // behind: the enemy it falls back from
    expect(may(at(200, 50.5))).toBe(true); // level with it far off: a 45° bend closes on it
  });
});
