import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundSp, strengthPoints, type DivisionStrengthInput } from '../../../../src/rules/dram/strength';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();
const sp = (d: DivisionStrengthInput, overrides: unknown = {}) => {
  const r = strengthPoints(d, settingsWith(overrides));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('DRAM §10 L179-209 SP calculator, representative divisions (HR D-5 defaults: half-up, min 1)', () => {
  it('French line division, 8,000 infantry, average line, good officers: 8000/2000 = 4, +0 (L197), +1 (L203) → 5', () => {
    const r = sp({ infantry: 8000, grade: 'average-line', officers: 'good' });
    expect(r.raw).toEqual({ num: 4, den: 1 });
    expect(r.modifiers.map((m) => m.value)).toEqual([0, 1]);
    expect(r.sp).toBe(5);
  });

  it('Prussian Landwehr division, 5,000 infantry, poor line, average officers: 2½ → 3 (half-up), −1 (L199) → 2', () => {
    const d = { infantry: 5000, grade: 'poor-line', officers: 'average' } as const;
    expect(sp(d).raw).toEqual({ num: 5, den: 2 });
    expect(sp(d).sp).toBe(2);
    expect(sp(d, { sp: { rounding: 'floor' } }).sp).toBe(1); // 2 − 1
    expect(sp(d, { sp: { rounding: 'nearest-half-down' } }).sp).toBe(1); // 2½ ties down → 2 − 1
  });

  it('French cuirassier division, 2,600 heavy cavalry, good line, good officers: 2600/750 = 3.47 → 3, +1 +1 → 5', () => {
    const d = { heavyCavalry: 2600, grade: 'good-line', officers: 'good' } as const;
    expect(sp(d).raw).toEqual({ num: 52, den: 15 });
    for (const rounding of ['half-up', 'floor', 'nearest-half-down']) expect(sp(d, { sp: { rounding } }).sp).toBe(5);
  });

  it('mixed cavalry division, 1,500 light + 1,125 heavy: 1½ + 1½ = 3 exactly (fractions summed before rounding, not 2 + 2)', () => {
    const r = sp({ lightCavalry: 1500, heavyCavalry: 1125, grade: 'average-line', officers: 'average' });
    expect(r.raw).toEqual({ num: 3, den: 1 });
    expect(r.sp).toBe(3);
  });

  it('French artillery reserve, 30 guns mostly 12pdr, average, good officers: 30/12 = 2½ → 3, +0 +1 +1 (L207) → 5', () => {
    const d = { guns: 30, gunWeight: 'heavy', grade: 'average-line', officers: 'good' } as const;
    expect(sp(d).sp).toBe(5);
    expect(sp(d, { sp: { rounding: 'floor' } }).sp).toBe(4); // 2 + 0 + 1 + 1
    // sp.modsApplyTo = infantry-and-cavalry: grade and officers skipped, guns +1 still applies → 3 + 1
    expect(sp(d, { sp: { modsApplyTo: 'infantry-and-cavalry' } }).sp).toBe(4);
  });

  it('Austrian division with attached guns, 9,000 infantry + 16 guns mostly 6pdr, poor officers: 4½ + 1⅓ = 5⅚ → 6, −1 (L205) −1 (L209) → 4', () => {
    const r = sp({ infantry: 9000, guns: 16, gunWeight: 'light', grade: 'average-line', officers: 'poor' });
    expect(r.raw).toEqual({ num: 35, den: 6 });
    expect(r.rounded).toBe(6);
    expect(r.sp).toBe(4);
  });

  it('Old Guard, 6,000 infantry, excellent, good officers: 3 +3 (L191) +1 → 7', () => {
    expect(sp({ infantry: 6000, grade: 'excellent', officers: 'good' }).sp).toBe(7);
  });

  it('Young Guard, 4,000 infantry, good guards: 2 +2 (L193) +1 → 5; British 5,000 good line: 2½→3 +1 (L195) +1 → 5', () => {
    expect(sp({ infantry: 4000, grade: 'good-guards', officers: 'good' }).sp).toBe(5);
    expect(sp({ infantry: 5000, grade: 'good-line', officers: 'good' }).sp).toBe(5);
  });

  it('Spanish division, 3,000 infantry, awful, poor officers: 1½ → 2, −2 (L201) −1 → −1, raised to sp.min', () => {
    const d = { infantry: 3000, grade: 'awful', officers: 'poor' } as const;
    expect(sp(d).total).toBe(-1);
    expect(sp(d).sp).toBe(1);
    expect(sp(d, { sp: { min: 0 } }).sp).toBe(0);
  });

  it('guns without a stated weight count as 8-9pdr (0); a stand without guns never takes a gun modifier', () => {
    expect(sp({ guns: 24, grade: 'average-line', officers: 'average' }).modifiers.map((m) => m.value)).toEqual([0, 0, 0]);
    expect(sp({ infantry: 2000, gunWeight: 'heavy', grade: 'average-line', officers: 'average' }).modifiers).toHaveLength(2);
  });

  it("sp.modsApplyTo = 'infantry': a cavalry division takes no grade or officer modifier", () => {
    expect(sp({ lightCavalry: 3000, grade: 'excellent', officers: 'good' }, { sp: { modsApplyTo: 'infantry' } }).sp).toBe(3);
    expect(sp({ lightCavalry: 3000, grade: 'excellent', officers: 'good' }, { sp: { modsApplyTo: 'infantry-and-cavalry' } }).sp).toBe(7);
  });
});

describe('HR D-5 rounding, exact at the half', () => {
  it.each([
    // [infantry, half-up, floor, nearest-half-down]
    [1000, 1, 0, 0], // ½
    [2999, 1, 1, 1], // 1.4995
    [3000, 2, 1, 1], // 1½
    [3001, 2, 1, 2], // 1.5005
    [7000, 4, 3, 3], // 3½
  ])('%s infantry → half-up %s, floor %s, nearest-half-down %s', (infantry, halfUp, floor, halfDown) => {
    const d = { infantry, grade: 'average-line', officers: 'average' } as const;
    expect(sp(d, { sp: { min: 0 } }).sp).toBe(halfUp);
    expect(sp(d, { sp: { min: 0, rounding: 'floor' } }).sp).toBe(floor);
    expect(sp(d, { sp: { min: 0, rounding: 'nearest-half-down' } }).sp).toBe(halfDown);
  });

  it('roundSp agrees with a BigInt reference for every fraction', () => {
    fc.assert(fc.property(fc.nat(50_000_000), fc.integer({ min: 1, max: 100_000 }), (num, den) => {
      const n = BigInt(num), d = BigInt(den);
      const q = n / d, twice = 2n * (n % d);
      expect(roundSp(num, den, 'floor')).toBe(Number(q));
      expect(roundSp(num, den, 'half-up')).toBe(Number(twice >= d ? q + 1n : q));
      expect(roundSp(num, den, 'nearest-half-down')).toBe(Number(twice > d ? q + 1n : q));
    }));
  });

  it('SP is never below sp.min and never falls when men are added', () => {
    const grade = fc.constantFrom('excellent', 'good-guards', 'good-line', 'average-line', 'poor-line', 'awful' as const);
    const officers = fc.constantFrom('good', 'average', 'poor' as const);
    fc.assert(fc.property(fc.integer({ min: 1, max: 30_000 }), fc.nat(5000), grade, officers, fc.integer({ min: 0, max: 3 }), (inf, extra, g, o, min) => {
      const s = settingsWith({ sp: { min } });
      const a = strengthPoints({ infantry: inf, grade: g, officers: o }, s);
      const b = strengthPoints({ infantry: inf + extra, grade: g, officers: o }, s);
      if (!a.ok || !b.ok) throw new Error('unexpected problem');
      expect(a.value.sp).toBeGreaterThanOrEqual(min);
      expect(b.value.sp).toBeGreaterThanOrEqual(a.value.sp);
    }));
  });
});

describe('SP calculator problems', () => {
  it.each([
    [{ infantry: -1 }, 'sp/bad-count'], [{ infantry: 1.5 }, 'sp/bad-count'], [{ guns: 2_000_000 }, 'sp/bad-count'], [{}, 'sp/empty'],
  ])('%j → %s', (counts, code) => {
    const r = strengthPoints({ ...counts, grade: 'average-line', officers: 'average' }, defaults);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
});
