import { describe, expect, it } from 'vitest';
import {
  MANEUVER_MODIFIERS, MOVEMENT_ALLOWANCE, infantryCategory, maneuverColumn, maneuverDisordered, maneuverGoodOrder, maneuverInches,
  maneuverModifier, presenceBonus, type Skill,
} from '../../../../src/rules/nw/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();

// NW chart L634-640, transcribed as printed: column cells per row, then the two result columns.
const PRINTED: [string, string, string, string, string, string][] = [
  ['1 or less', '2 or less', '3 or less', '4 or less', 'hold', 'retreat-half'], // L635
  ['2 or 3', '3 or 4', '4 or 5', '5 or 6', 'quarter', 'hold'], // L636
  ['4 or 5', '5 or 6', '6 or 7', '7 or 8', 'half', 'reorder-hold'], // L637
  ['6 or 7', '7 or 8', '8 or 9', '9 or 10', 'three-quarters', 'reorder-quarter'], // L638
  ['8', '9', '10', '11', 'full', 'reorder-half'], // L639
  ['9+', '10+', '11+', '12+', 'full', 'reorder-full'], // L640
];
const COLS: Skill[] = ['excellent', 'good', 'average', 'poor'];
const matches = (cell: string, roll: number): boolean => {
  let m: RegExpMatchArray | null;
  if ((m = cell.match(/^(-?\d+) or less$/))) return roll <= Number(m[1]);
  if ((m = cell.match(/^(\d+) or (\d+)$/))) return roll === Number(m[1]) || roll === Number(m[2]);
  if ((m = cell.match(/^(\d+)\+$/))) return roll >= Number(m[1]);
  return roll === Number(cell);
};

describe('NW Maneuver Table (chart L634-640), every cell, rolls −4..16', () => {
  for (const [ci, col] of COLS.entries()) {
    for (let roll = -4; roll <= 16; roll++) {
      const printedRow = PRINTED.find((r) => matches(r[ci] as string, roll));
      it(`${col} column, modified ${roll} → ${printedRow?.[4]} / ${printedRow?.[5]}`, () => {
        expect(printedRow).toBeDefined();
        expect(maneuverGoodOrder(col, roll)).toBe(printedRow?.[4]);
        expect(maneuverDisordered(col, roll)).toBe(printedRow?.[5]);
      });
    }
  }
});

describe('maneuver column by command range (NW §9.0 C.2 L232; Ch.II §3.1 L551)', () => {
  it.each([
    ['excellent', true, 'excellent', 0], ['excellent', false, 'good', 0], ['good', false, 'average', 0],
    ['average', false, 'poor', 0], ['poor', false, 'poor', -1], ['poor', true, 'poor', 0],
  ] as const)('%s commander, in range %s → %s column, modifier %d', (skill, inRange, col, mod) => {
    expect(maneuverColumn(skill, inRange)).toEqual({ column: col, modifier: mod });
  });
  it('example L238: Good, 13" from a 12" commander → Average column', () => {
    expect(maneuverColumn('good', 13 <= 12).column).toBe('average');
  });
});

describe('maneuver modifiers (chart L645-651)', () => {
  it.each([
    ['fresh', 2], ['spent', -2], ['guard', 3], ['conscript', -1], ['elite', 2], ['militia', -2], ['veteran', 1],
    ['suppressed-artillery', -1], ['general-attached', 1], ['command-fatigued', -1], ['within-3-of-valorous', 1],
    ['outside-poor-commander-range', -1],
  ] as const)('%s → %d', (c, v) => expect(maneuverModifier([c])).toBe(v));
  it('CinC presence within 3" adds the presence bonus (Napoleon E = +4, L41)', () => {
    expect(maneuverModifier(['cinc-presence'], presenceBonus('excellent', true))).toBe(4);
  });
  it('cumulative: fresh guard with a general near a V commander = +7', () => {
    expect(maneuverModifier(['fresh', 'guard', 'general-attached', 'within-3-of-valorous'])).toBe(7);
  });
  it('lists exactly 13 modifier lines', () => expect(MANEUVER_MODIFIERS).toHaveLength(13));
});

describe('movement allowances (§9.1 L248-256; chart L655-661) and the L305 example', () => {
  it.each([
    ['fast-infantry', 10], ['other-infantry', 8], ['foot-artillery', 8], ['heavy-cavalry', 12], ['horse-artillery', 12], ['other-cavalry', 16], ['officer', 18],
  ] as const)('%s: %d"', (c, v) => expect(MOVEMENT_ALLOWANCE[c]).toBe(v));
  it.each([
    ['french', 1805, undefined, 'fast-infantry'], ['prussian', 1806, undefined, 'fast-infantry'], ['austrian', 1809, undefined, 'other-infantry'],
    ['portuguese', 1810, 'british', 'other-infantry'], ['portuguese', 1811, 'british', 'fast-infantry'],
    ['other', 1808, 'french', 'other-infantry'], ['other', 1809, 'french', 'fast-infantry'], ['russian', 1812, undefined, 'other-infantry'],
  ] as const)('%s infantry in %d (allied to %s) → %s', (n, y, a, c) => expect(infantryCategory(n, y, a)).toBe(c));
  it('L305: Good commander, net +2, roll 6 → 8 → ¾ move; 10" brigade gets 7½"', () => {
    const f = maneuverGoodOrder('good', 6 + 2);
    expect(f).toBe('three-quarters');
    expect(maneuverInches(10, f, 0, defaults)).toBe(7.5);
  });
  it('HR N-17: road bonus before the fraction (default) or after', () => {
    expect(maneuverInches(10, 'half', 6, defaults)).toBe(8);
    expect(maneuverInches(10, 'half', 6, settingsWith({ road: { bonusBeforeFraction: false } }))).toBe(11);
    expect(maneuverInches(10, 'hold', 6, defaults)).toBe(0);
  });
});
