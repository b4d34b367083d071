import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FATIGUE_LEVEL_CHART, commandFatigueLevel, fatigueLevels, fatigueState, isFatigued, nwRound, strengthPoints, victoryLevel,
} from '../../../../src/rules/nw/tables';

describe('NW rounding on exact tenths (§8.4 L178; Ch.II §2.1 L482; §4.0 L591; HR N-4)', () => {
  it('12 × 0.30 = 3.6 → 4 (DIGEST §0.1), while the float is 3.5999…', () => {
    expect(12 * 0.3).toBeLessThan(3.6);
    expect(commandFatigueLevel(12, 'poor', 'tenths')).toBe(4);
    expect(nwRound(12 * 30, 100)).toBe(4);
  });
  it.each([
    [63, 10, 6], [65, 10, 6], [66, 10, 7], [61, 10, 6], [60, 10, 6], [175, 100, 2], [455, 100, 4], [5, 2, 2], [1, 2, 0], [0, 1, 0],
  ])('tenths: %d/%d → %d', (n, d, r) => expect(nwRound(n, d, 'tenths')).toBe(r));
  it('x.55: tenths → down (N-4), half-down → up', () => {
    expect(nwRound(2775, 500, 'tenths')).toBe(5);
    expect(nwRound(2775, 500, 'half-down')).toBe(6);
    expect(nwRound(5, 2, 'half-down')).toBe(2);
  });
  it('examples Ch.II §4.0 L589: 18 × .35 = 6.3 → 6; 5 × .35 = 1.75 → 2', () => {
    expect(commandFatigueLevel(18, 'average', 'tenths')).toBe(6);
    expect(commandFatigueLevel(5, 'average', 'tenths')).toBe(2);
    expect(commandFatigueLevel(10, 'good', 'tenths')).toBe(4);
  });
  it('property: result is floor or floor+1 and tenths ≥ .6 iff up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 10_000 }), (n, d) => {
        const r = nwRound(n, d, 'tenths');
        const fl = Math.floor(n / d);
        const tenths = Math.floor(((n % d) * 10) / d);
        expect(r).toBe(tenths >= 6 ? fl + 1 : fl);
      }),
    );
  });
  it('rejects floats and negatives', () => {
    expect(() => nwRound(3.6, 1)).toThrow(RangeError);
    expect(() => nwRound(-1, 2)).toThrow(RangeError);
  });
});

// Fatigue Level Chart Ch.II §2.6 L509-519 as printed.
const PRINTED: [number, string, string, string][] = [
  [2, '2/1/-', '2/-/1', '2/-/1'], [3, '3/2/-', '3/2/1', '3/-/2'], [4, '4/3/-', '4/3/2', '4/-/3'], [5, '5/3/-', '5/3/2', '5/4/3'],
  [6, '6/3/-', '6/4/2', '6/5/3'], [7, '7/4/2', '7/5/3', '7/5/4'], [8, '8/4/2', '8/5/3', '8/6/4'], [9, '9/5/3', '9/6/4', '9/7/5'],
  [10, '10/6/3', '10/7/4', '10/8/5'], [11, '11/6/4', '11/7/5', '11/8/6'], [12, '12/7/4', '12/8/5', '12/9/6'],
];
const parse = (s: string) => {
  const [f, w, sp] = s.split('/');
  return { fresh: Number(f), worn: w === '-' ? null : Number(w), spent: sp === '-' ? null : Number(sp) };
};

describe('Fatigue Level Chart (Ch.II §2.6 L506-519), every cell', () => {
  it('covers 2-12', () => expect(Object.keys(FATIGUE_LEVEL_CHART).map(Number)).toEqual(PRINTED.map(([n]) => n)));
  it.each(PRINTED)('%d s.p.: Guard/Elite %s, Veteran/Line %s, Conscript/Militia %s', (n, ge, vl, cm) => {
    expect(fatigueLevels(n, 'guard')).toEqual(parse(ge));
    expect(fatigueLevels(n, 'elite')).toEqual(parse(ge));
    expect(fatigueLevels(n, 'veteran')).toEqual(parse(vl));
    expect(fatigueLevels(n, 'line')).toEqual(parse(vl));
    expect(fatigueLevels(n, 'conscript')).toEqual(parse(cm));
    expect(fatigueLevels(n, 'militia')).toEqual(parse(cm));
  });
  it('outside 2-12 → null', () => {
    expect(fatigueLevels(1, 'line')).toBeNull();
    expect(fatigueLevels(13, 'line')).toBeNull();
  });
  it('example L502: Line 7 = 7/5/3: fresh 6, worn 5-4, spent 3-1, eliminated 0', () => {
    const lv = parse('7/5/3');
    expect([7, 6, 5, 4, 3, 1, 0].map((sp) => fatigueState(sp, lv))).toEqual(['fresh', 'fresh', 'worn', 'worn', 'spent', 'spent', 'eliminated']);
  });
  it('HR N-12: 6/3/- goes fresh → worn → eliminated; 2/-/1 fresh → spent', () => {
    expect([4, 3, 1, 0].map((sp) => fatigueState(sp, parse('6/3/-')))).toEqual(['fresh', 'worn', 'worn', 'eliminated']);
    expect([2, 1].map((sp) => fatigueState(sp, parse('2/-/1')))).toEqual(['fresh', 'spent']);
  });
});

describe('Scale ratios (Ch.II §2.1 L473-482)', () => {
  it.each([
    ['guard', 'infantry', 200], ['elite', 'infantry', 300], ['veteran', 'infantry', 400], ['line', 'infantry', 500], ['conscript', 'infantry', 600], ['militia', 'infantry', 700],
    ['guard', 'cavalry', 150], ['elite', 'cavalry', 200], ['veteran', 'cavalry', 250], ['line', 'cavalry', 300], ['conscript', 'cavalry', 350], ['militia', 'cavalry', 400],
  ] as const)('%s %s: %d men per s.p.', (q, arm, men) => {
    expect(strengthPoints(men * 5, q, arm, 'tenths')).toBe(5);
    expect(strengthPoints(men * 5 + (men * 6) / 10, q, arm, 'tenths')).toBe(6); // x.6 up
    expect(strengthPoints(men * 5 + men / 2, q, arm, 'tenths')).toBe(5); // x.5 down
  });
});

describe('command fatigue and victory (Ch.II §4.0 L587; §13.0 L437-439)', () => {
  it('fatigued when half-unit losses reach the level', () => {
    expect(isFatigued(12, 6)).toBe(true);
    expect(isFatigued(11, 6)).toBe(false);
  });
  it('victory levels', () => {
    expect(victoryLevel(true, true)).toEqual({ winner: null, level: 'draw' });
    expect(victoryLevel(false, false)).toEqual({ winner: null, level: 'scenario' });
    expect(victoryLevel(true, false, 10, 4)).toEqual({ winner: 'B', level: 'decisive' });
    expect(victoryLevel(false, true, 4, 4)).toEqual({ winner: 'A', level: 'marginal' });
  });
});
