import { describe, expect, it } from 'vitest';
import {
  GENERAL_RISK_TABLE, RISK_EFFECTS, SUCCESSION, corpsReplacement, generalRisk, needsSubRoll, promotedAp, woundedRatings,
  type RiskOutcome,
} from '../../../../src/rules/dram/tables';
import { settingsWith } from './settings-helper';

const SUBS = [1, 2, 3, 4, 5, 6] as const;

describe("DRAM §6 L83-88 generals' risk: every 2D6 total", () => {
  it('the rows cover 2..12 exactly once', () => {
    expect(GENERAL_RISK_TABLE.flatMap((r) => [...r.totals])).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it.each([
    [2, true], [3, false], [4, false], [5, false], [6, false], [7, false], [8, false], [9, true], [10, true], [11, false], [12, true],
  ])('needsSubRoll(%s) = %s (L83, L86, L88 say "Roll 1D6")', (total, needs) => expect(needsSubRoll(total)).toBe(needs));

  // L84 "3-5 Carry on"; L85 "6-8 Near miss"; L87 "11 Serious wound"
  it.each([
    [3, 'carry-on'], [4, 'carry-on'], [5, 'carry-on'], [6, 'near-miss'], [7, 'near-miss'], [8, 'near-miss'], [11, 'serious-wound'],
  ] as const)('%s → %s, whatever the CR', (total, outcome) => {
    for (const cr of [0, 1, 3]) expect(generalRisk(total, undefined, cr)).toBe(outcome);
  });

  // L83 [OCR reconstructed]: 2 → roll 1D6: ≤ CR no effect; > CR flee in terror.
  const twoCases = [0, 1, 2, 3, 6].flatMap((cr) => SUBS.map((sub) => [cr, sub, sub <= cr ? 'carry-on' : 'flees'] as const));
  it.each(twoCases)('2 with CR %s, sub-roll %s → %s', (cr, sub, outcome) => {
    expect(generalRisk(2, sub, cr)).toBe(outcome);
  });
  it('2 with CR 0 (a staff replacement): always flees', () => {
    for (const sub of SUBS) expect(generalRisk(2, sub, 0)).toBe('flees');
  });

  // L86 "9-10 Light wound, roll 1D6: 1,2 -1 CR; 3-6 -1 AP"
  const lightCases = [9, 10].flatMap((t) => SUBS.map((sub) => [t, sub, sub <= 2 ? 'light-wound-cr' : 'light-wound-ap'] as const));
  it.each(lightCases)('%s, sub-roll %s → %s', (total, sub, outcome) => expect(generalRisk(total, sub, 2)).toBe(outcome));

  // L88 "12 Roll 1D6: 1-3 Mortally wounded ... 4-6 Die a hero"
  it.each(SUBS.map((sub) => [sub, sub <= 3 ? 'mortally-wounded' : 'killed'] as const))('12, sub-roll %s → %s', (sub, outcome) => {
    expect(generalRisk(12, sub, 2)).toBe(outcome);
  });

  it('engine bugs throw: impossible totals, missing or unneeded sub-rolls, impossible sub-roll faces', () => {
    expect(() => generalRisk(1, undefined, 1)).toThrow(RangeError);
    expect(() => generalRisk(13, undefined, 1)).toThrow(RangeError);
    expect(() => needsSubRoll(13)).toThrow(RangeError);
    expect(() => generalRisk(9, undefined, 1)).toThrow(/needs a 1D6 sub-roll/);
    expect(() => generalRisk(7, 3, 1)).toThrow(/no sub-roll/);
    expect(() => generalRisk(12, 0, 1)).toThrow(RangeError);
  });
});

describe('DRAM §6 effects of each outcome', () => {
  it.each([
    ['flees', true, 0, 0], ['carry-on', false, 0, 0], ['near-miss', false, 0, 0], ['light-wound-cr', false, -1, 0],
    ['light-wound-ap', false, 0, -1], ['serious-wound', true, 0, 0], ['mortally-wounded', true, 0, 0], ['killed', true, 0, 0],
  ] as const)('%s: leaves the field %s, CR %s, AP %s', (outcome, leaves, cr, ap) => {
    expect(RISK_EFFECTS[outcome]).toEqual({ leavesField: leaves, cr, ap });
  });
  it.each([
    ['light-wound-cr', { cr: 2, ap: 3 }, 0, { cr: 1, ap: 3 }],
    ['light-wound-ap', { cr: 2, ap: 3 }, 0, { cr: 2, ap: 2 }],
    ['light-wound-cr', { cr: 0, ap: 3 }, 0, { cr: 0, ap: 3 }], // HR D-18 floor 0
    ['light-wound-ap', { cr: 0, ap: 1 }, 0, { cr: 0, ap: 0 }], // AP 0: can no longer issue orders
    ['light-wound-ap', { cr: 0, ap: 1 }, 1, { cr: 0, ap: 1 }], // generals.floor = 1
    ['near-miss', { cr: 2, ap: 3 }, 0, { cr: 2, ap: 3 }],
  ] as const)('%s on %j with generals.floor %s → %j', (outcome, r, floor, after) => {
    expect(woundedRatings(r, outcome as RiskOutcome, settingsWith({ generals: { floor } }))).toEqual(after);
  });
});

describe('DRAM §6 L90 succession', () => {
  it('a corps general is replaced by his staff: CR 0, AP 1', () => {
    expect(corpsReplacement()).toEqual({ cr: 0, ap: 1 });
    expect(SUCCESSION.corpsStaff).toEqual({ cr: 0, ap: 1 });
  });
  it('corpsReplacement returns a fresh object each time', () => {
    const a = corpsReplacement();
    expect(a).not.toBe(corpsReplacement());
  });
  it.each([
    [1, 4, 3], [3, 4, 3], [4, 4, 4], [2, 2, 2], [0, 1, 0], [5, 2, 5],
  ])('promoted subordinate AP %s, predecessor AP %s → max(own, pred − 1) = %s', (sub, pred, ap) => {
    expect(promotedAp(sub, pred)).toBe(ap);
  });
  it('promotion of a higher general is optional ("may be replaced")', () => expect(SUCCESSION.higher.optional).toBe(true));
});
