import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, chiSquareTest, logGamma } from '../../src/dice/stats';

describe('chi-square', () => {
  // Critical values from standard tables (scipy.stats.chi2.isf).
  it.each([
    [3.841458820694124, 1, 0.05],
    [11.070497693516351, 5, 0.05],
    [20.515005652432873, 5, 0.001],
    [15.086272469388987, 5, 0.01],
    [30.14352720564616, 19, 0.05],
    [1.1454762260617692, 5, 0.95],
  ])('P(X ≥ %f | df %i) = %f', (x, df, p) => {
    expect(chiSquareSurvival(x, df)).toBeCloseTo(p, 6);
  });

  it('log-gamma matches factorials', () => {
    expect(Math.exp(logGamma(5))).toBeCloseTo(24, 9);
    expect(Math.exp(logGamma(0.5))).toBeCloseTo(Math.sqrt(Math.PI), 9);
  });

  it('scores a fair and a loaded die', () => {
    const fair = chiSquareTest([1, 2, 3, 4, 5, 6].map((face) => ({ face, count: 100, weight: 1 })));
    expect(fair.chiSquare).toBe(0);
    expect(fair.pValue).toBe(1);
    const loaded = chiSquareTest([1, 2, 3, 4, 5, 6].map((face) => ({ face, count: face === 6 ? 200 : 100, weight: 1 })));
    expect(loaded.pValue).toBeLessThan(1e-6);
    expect(loaded.enoughData).toBe(true);
  });

  it('weights repeated faces (Kuryakin D8 has two zeros)', () => {
    const k8 = chiSquareTest([
      { face: -3, count: 10, weight: 1 }, { face: -2, count: 10, weight: 1 }, { face: -1, count: 10, weight: 1 },
      { face: 0, count: 20, weight: 2 }, { face: 1, count: 10, weight: 1 }, { face: 2, count: 10, weight: 1 }, { face: 3, count: 10, weight: 1 },
    ]);
    expect(k8.chiSquare).toBe(0);
    expect(k8.degreesOfFreedom).toBe(6);
  });

  it('says when there is too little data', () => {
    expect(chiSquareTest([{ face: 1, count: 1, weight: 1 }, { face: 2, count: 0, weight: 1 }]).enoughData).toBe(false);
  });
});
