import { describe, expect, it } from 'vitest';
import {
  INCHES_PER_MILE, MOVEMENT_TABLE, ORDERS, costPerInch, goingFactor, movementAllowanceInches, movementRateHalfMiles,
  type Mover, type Order,
} from '../../../../src/rules/dram/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();

// DRAM §7 L96-102 as printed, in miles ([OCR] "21/2" = 2½, "11/2" = 1½); null = the blank cell.
const PRINTED: [Mover, number, number, number | null, number][] = [
  ['infantry', 1, 0, 0.5, 2], // L97
  ['heavy-cavalry', 2, 0, 1, 2.5], // L98
  ['light-cavalry', 2, 0, 1.5, 3], // L99
  ['artillery', 1, 0, 0, 1.5], // L100
  ['general', 2, 2, 2, 3], // L101
  ['wagons', 1, 1, null, 1.5], // L102
];
const cells = PRINTED.flatMap(([mover, ...miles]) => ORDERS.map((order, i) => [mover, order, miles[i]!] as [Mover, Order, number | null]));

describe('DRAM §7 L96-102 movement table, every cell (× 6 in per mile, §1 L35)', () => {
  it('§1 L35: 6 inches = 1 mile', () => expect(INCHES_PER_MILE).toBe(6));

  it.each(cells)('%s on %s: %s miles', (mover, order, miles) => {
    expect(MOVEMENT_TABLE[mover][order]).toBe(miles === null ? null : miles * 2); // stored in half-miles
    if (miles === null) return;
    expect(movementRateHalfMiles(mover, order, defaults)).toBe(miles * 2);
    expect(movementAllowanceInches(mover, order, defaults)).toBe(miles * 6);
  });

  it('every table value is a whole number of half-miles (exact ½, 1½, 2½)', () => {
    for (const row of Object.values(MOVEMENT_TABLE)) for (const v of Object.values(row)) if (v !== null) expect(Number.isInteger(v)).toBe(true);
  });
});

describe("DRAM §7 L102 the blank wagons 'A' cell under each HR D-4 option", () => {
  it.each([
    ['forbidden', null], [0, 0], [1, 6],
  ] as const)('move.wagonsA = %s → %s inches', (rule, inches) => {
    const s = settingsWith({ move: { wagonsA: rule } });
    expect(movementAllowanceInches('wagons', 'A', s)).toBe(inches);
    expect(movementRateHalfMiles('wagons', 'A', s)).toBe(inches === null ? null : inches / 3);
  });
  it('wagonsA = 1 in difficult terrain: ½ mile = 3 in', () => {
    expect(movementAllowanceInches('wagons', 'A', settingsWith({ move: { wagonsA: 1 } }), { difficult: true })).toBe(3);
  });
});

describe("DRAM §7 L94 \"'M' rates x1.5 on good roads\"", () => {
  it.each(cells.filter(([, o, m]) => o === 'M' && m !== null))('%s on M by good road: %s mi × 1.5', (mover, order, miles) => {
    expect(movementAllowanceInches(mover, order, defaults, { goodRoad: true })).toBe(miles! * 1.5 * 6);
  });
  it.each(cells.filter(([, o, m]) => o !== 'M' && m !== null))('%s on %s: a road gives nothing (%s mi)', (mover, order, miles) => {
    expect(movementAllowanceInches(mover, order, defaults, { goodRoad: true })).toBe(miles! * 6);
  });
  it('examples: infantry M 12" → 18"; heavy cavalry M 2½ mi → 22½"; artillery M 1½ mi → 13½"', () => {
    expect(movementAllowanceInches('infantry', 'M', defaults, { goodRoad: true })).toBe(18);
    expect(movementAllowanceInches('heavy-cavalry', 'M', defaults, { goodRoad: true })).toBe(22.5);
    expect(movementAllowanceInches('artillery', 'M', defaults, { goodRoad: true })).toBe(13.5);
  });
});

describe('DRAM §7 L94 "Difficult terrain will halve movement"', () => {
  it.each(cells.filter(([, , m]) => m !== null))('%s on %s in difficult terrain: %s mi ÷ 2', (mover, order, miles) => {
    expect(movementAllowanceInches(mover, order, defaults, { difficult: true })).toBe((miles! * 6) / 2);
  });
  it('infantry A ½ mile in difficult terrain is ¼ mile = 1½ in, exactly', () => {
    expect(movementAllowanceInches('infantry', 'A', defaults, { difficult: true })).toBe(1.5);
  });
});

describe('HR D-17 roads through difficult terrain (move.roadOverridesDifficult)', () => {
  it.each([
    [true, 'M', 18], [true, 'D', 6], // the road cancels the halving; M still gets ×1.5
    [false, 'M', 9], [false, 'D', 3], // both apply: ×1.5 × ½ = ×¾ for M; ½ otherwise
  ] as const)('override %s, infantry on %s, road in woods → %s in', (override, order, inches) => {
    const s = settingsWith({ move: { roadOverridesDifficult: override } });
    expect(movementAllowanceInches('infantry', order, s, { goodRoad: true, difficult: true })).toBe(inches);
  });
  it('budget form: an inch of difficult costs 2, an inch of road under M costs 2/3, open costs 1', () => {
    expect(costPerInch('A', { difficult: true }, defaults)).toEqual({ num: 2, den: 1 });
    expect(costPerInch('M', { goodRoad: true }, defaults)).toEqual({ num: 2, den: 3 });
    expect(costPerInch('D', {}, defaults)).toEqual({ num: 1, den: 1 });
    expect(goingFactor('M', { goodRoad: true, difficult: true }, settingsWith({ move: { roadOverridesDifficult: false } }))).toEqual({ num: 3, den: 4 });
  });
});
