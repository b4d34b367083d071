import { describe, expect, it } from 'vitest';
import {
  ARTILLERY_RANGE_HALF_MILES, BULLET, CASUALTY_CELL_KEYS, CASUALTY_TABLE, COMBAT_MODIFIERS, NO_CASUALTIES, PREPARED_DEFENCES_IGNORED_LOSSES,
  REMOVAL, casualtiesSuffered, casualtyFaces, combatDice, halfMilesToInches, type Order,
} from '../../../../src/rules/dram/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();
const ALL_FACES = [1, 2, 3, 4, 5, 6];

// DRAM §8 L127-131 (DIGEST B3), own order ↓ × enemy order →; '–' none, '•' the unknown glyph.
const PRINTED: [Order, Order, string][] = [
  ['D', 'D', '–'], ['D', 'R', '1'], ['D', 'A', '5,6'], ['D', 'M', '•'], // L128
  ['R', 'D', '–'], ['R', 'R', '•'], ['R', 'A', '5,6'], ['R', 'M', '•'], // L129
  ['A', 'D', '6'], ['A', 'R', '•'], ['A', 'A', '5,6'], ['A', 'M', '–'], // L130 ([OCR] Greek Α = A)
  ['M', 'D', '1'], ['M', 'R', '–'], ['M', 'A', '4,5,6'], ['M', 'M', '–'], // L131
];
const facesOf = (printed: string): number[] => (printed === '–' || printed === '•' ? [] : printed.split(',').map(Number));

describe('DRAM §8 L119-131 casualty table, all 16 cells as printed', () => {
  it('has exactly these 16 cells, and the cell keys are own/enemy', () => {
    expect(PRINTED.map(([o, e]) => `${o}/${e}`)).toEqual(CASUALTY_CELL_KEYS);
  });

  it.each(PRINTED)('own %s vs enemy %s: "%s" kept as printed', (own, enemy, printed) => {
    const cell = CASUALTY_TABLE[own][enemy];
    if (printed === '–') expect(cell).toBe(NO_CASUALTIES);
    else if (printed === '•') expect(cell).toBe(BULLET);
    else expect([...(cell as readonly number[])]).toEqual(facesOf(printed));
  });

  it('the four "•" cells are D/M, R/R, R/M, A/R and stay distinct from "–" (HR D-1)', () => {
    const bullets = PRINTED.filter(([o, e]) => CASUALTY_TABLE[o][e] === BULLET).map(([o, e]) => `${o}/${e}`);
    expect(bullets).toEqual(['D/M', 'R/R', 'R/M', 'A/R']);
    expect(BULLET).not.toBe(NO_CASUALTIES);
  });
});

describe('casualtyFaces under HR D-1 casualty.bullet', () => {
  it.each(PRINTED)("default 'none': own %s vs enemy %s (%s)", (own, enemy, printed) => {
    expect([...casualtyFaces(own, enemy, defaults)]).toEqual(facesOf(printed));
  });

  const six = settingsWith({ casualty: { bullet: [6] } });
  it.each(PRINTED)('alternative bullet = [6]: own %s vs enemy %s (%s)', (own, enemy, printed) => {
    expect([...casualtyFaces(own, enemy, six)]).toEqual(printed === '•' ? [6] : facesOf(printed));
  });

  const fiveSix = settingsWith({ casualty: { bullet: [6, 5, 5] } });
  it.each(PRINTED)('alternative bullet = [5,6] (given unsorted, with a repeat): own %s vs enemy %s (%s)', (own, enemy, printed) => {
    expect([...casualtyFaces(own, enemy, fiveSix)]).toEqual(printed === '•' ? [5, 6] : facesOf(printed));
  });
});

describe('HR D-2 casualty.cells per-cell overrides', () => {
  const s = settingsWith({ casualty: { bullet: [6], cells: { 'D/R': [], 'R/R': [4, 5, 6], 'M/M': [6] } } });
  it('an override wins over a literal cell ("1" → none)', () => expect([...casualtyFaces('D', 'R', s)]).toEqual([]));
  it('an override wins over the bullet ruling', () => expect([...casualtyFaces('R', 'R', s)]).toEqual([4, 5, 6]));
  it('an override can give a "–" cell faces', () => expect([...casualtyFaces('M', 'M', s)]).toEqual([6]));
  it('cells without an override keep the table and the bullet ruling', () => {
    expect([...casualtyFaces('A', 'R', s)]).toEqual([6]);
    expect([...casualtyFaces('M', 'A', s)]).toEqual([4, 5, 6]);
  });
});

describe('DRAM §8 L119 one SP per die showing a listed face', () => {
  it.each(PRINTED)('own %s vs enemy %s: one die of each face costs as many SP as faces listed', (own, enemy, printed) => {
    expect(casualtiesSuffered(ALL_FACES, own, enemy, defaults)).toBe(facesOf(printed).length);
  });
  it('M vs A: dice 4,4,3,6,1 → 3 SP', () => expect(casualtiesSuffered([4, 4, 3, 6, 1], 'M', 'A', defaults)).toBe(3));
  it('no dice, no casualties', () => expect(casualtiesSuffered([], 'M', 'A', defaults)).toBe(0));
  it('an impossible face is an engine bug', () => expect(() => casualtiesSuffered([7], 'M', 'A', defaults)).toThrow(RangeError));
});

describe('DRAM §8 L110-117 combat dice modifiers (data; the engine decides which apply)', () => {
  it('lists the six modifiers in the printed order with their values', () => {
    expect(COMBAT_MODIFIERS.map((m) => [m.condition, m.value])).toEqual([
      ['general-in-contact', 'CR'], // L112 + CR
      ['infantry-A-defending-difficult-contacted-this-turn', 1], // L113
      ['cavalry-moved-to-contact-this-turn', 1], // L114
      ['artillery', 1], // L115
      ['cavalry-moving-to-contact-in-difficult', -1], // L116
      ['attacking-across-bridge-or-ford', -1], // L117
    ]);
  });
  it('HR D-15: CR once per general, unit modifiers per stand', () => {
    expect(COMBAT_MODIFIERS.filter((m) => m.per === 'general').map((m) => m.condition)).toEqual(['general-in-contact']);
  });
  it.each([
    [4, 2, 6], [1, -1, 0], [0, -1, 0], [0, 0, 0],
  ])('HR D-15: %s SP + modifiers %s → %s dice (never negative)', (sp, mods, dice) => expect(combatDice(sp, mods)).toBe(dice));
});

describe('DRAM §8 L108, L133, L135 range, prepared defences and removal', () => {
  it("L108 artillery 'A' range is half a mile = 3 in", () => expect(halfMilesToInches(ARTILLERY_RANGE_HALF_MILES)).toBe(3));
  it('L133 prepared defences ignore the first loss', () => expect(PREPARED_DEFENCES_IGNORED_LOSSES).toBe(1));
  it("L135 zero-SP stands removed by contact with enemy in 'D' or 'A'; negative SP removed", () => {
    expect([...REMOVAL.zeroSpContactedBy]).toEqual(['D', 'A']);
    expect(REMOVAL.removedBelowSp).toBe(0);
  });
});
