import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  armyFatigue, armyGenerals, averageQuality, brigadeSk, commandFatigue, commanderRange, cutIndex, figureBrigade, finishBrigade, skFromLightShare, spreadSp,
  attachedBatterySp, apportion, shareMen, type Battalion, type BrigadeInput, type CountedUnit,
} from '../../../../src/rules/nw/build';
import type { Quality } from '../../../../src/rules/nw/tables/vocabulary';
import { rulesText } from '../../../helpers/rules-text';

/** NW Ch.II scenario design, procedure by procedure, against the text's own rows and worked examples. */

const TEXT = readFileSync(rulesText('napoleons-wars.txt'), 'utf8').split('\n');
const line = (n: number): string => TEXT[n - 1]!;

const bn = (quality: Quality, men: number, extra: Partial<Battalion> = {}): Battalion => ({ name: `${quality} bn`, quality, light: false, sk: 0, men, ...extra });
const brigade = (battalions: Battalion[], extra: Partial<BrigadeInput> = {}): BrigadeInput => ({ id: 'b', name: 'Brigade', number: 1, weight: null, mixed: false, irregular: false, armoured: false, arrives: 1, battalions, ...extra });

describe('men to s.p. by quality and arm (Ch.II §2.1 Scale Ratios L475-480, rounding L482)', () => {
  // Each row is read from its printed line: "Guard\t200 for every 1s.p.\t150 for every 1s.p."
  const ROWS: [number, Quality][] = [[475, 'guard'], [476, 'elite'], [477, 'veteran'], [478, 'line'], [479, 'conscript'], [480, 'militia']];
  for (const [n, quality] of ROWS) {
    const [name, inf, cav] = line(n).split('\t');
    const infantry = Number(/^(\d+)/u.exec(inf!)![1]);
    const cavalry = Number(/^(\d+)/u.exec(cav!)![1]);
    it(`L${n} ${name}: ${infantry} infantry or ${cavalry} cavalry per s.p.`, () => {
      expect(name!.toLowerCase()).toBe(quality);
      // 7 s.p. worth of men, then .5 over (rounds down) and .6 over (rounds up), L482.
      const inf7 = figureBrigade(brigade([bn(quality, 7 * infantry)]), false, 'tenths')[0]!;
      expect(inf7.menSp).toBe(7);
      expect(figureBrigade(brigade([bn(quality, 7 * infantry + infantry / 2)]), false, 'tenths')[0]!.menSp).toBe(7);
      expect(figureBrigade(brigade([bn(quality, 7 * infantry + (infantry * 6) / 10)]), false, 'tenths')[0]!.menSp).toBe(8);
      const cav7 = figureBrigade(brigade([bn(quality, 7 * cavalry)], { weight: 'light' }), false, 'tenths')[0]!;
      expect(cav7.menSp).toBe(7);
      expect(figureBrigade(brigade([bn(quality, 7 * cavalry + (cavalry * 6) / 10)], { weight: 'heavy' }), false, 'tenths')[0]!.menSp).toBe(8);
      // A mixed brigade counts its cavalrymen at infantry ratios (§2.4 L490).
      expect(figureBrigade(brigade([bn(quality, 7 * infantry)], { mixed: true }), false, 'tenths')[0]!.menSp).toBe(7);
    });
  }
  it('L482 rounding with both HR N-4 readings: x.55 goes down in tenths, up in half-down', () => {
    expect(line(482)).toContain('.1-.5 should be rounded down, while .6 and above should be rounded up');
    expect(figureBrigade(brigade([bn('line', 2775)]), false, 'tenths')[0]!.menSp).toBe(5);
    expect(figureBrigade(brigade([bn('line', 2775)]), false, 'half-down')[0]!.menSp).toBe(6);
  });
});

describe('quality averaged over battalions (Ch.II §2.1 L471, BD-1)', () => {
  it('the L471 example: 1 Grenadier (elite), 1 Jäger (veteran), 2 line battalions average out as veteran', () => {
    expect(line(471)).toContain('1 Grenadier battalion (elite), 1 Jager Battalion (Veteran) and 2 line battalions (line) would average out as a veteran class unit');
    expect(averageQuality(['elite', 'veteran', 'line', 'line'], 'tenths')).toBe('veteran');
  });
  it.each<[Quality[], Quality]>([
    [['guard'], 'guard'], [['militia', 'militia'], 'militia'],
    [['veteran', 'line'], 'line'], // 3.5: a .5 tie goes down (L482)
    [['guard', 'elite'], 'elite'], // 5.5
    [['veteran', 'veteran', 'line'], 'veteran'], // 3.67
    [['elite', 'line', 'line'], 'veteran'], // 3.67
    [['conscript', 'conscript', 'militia', 'militia', 'militia'], 'militia'], // 1.4 (Bylandt, QB-2)
    [['guard', 'militia'], 'line'], // 3.5
  ])('%j → %s', (parts, want) => expect(averageQuality(parts, 'tenths')).toBe(want));
  it('refuses a brigade without battalions', () => expect(() => averageQuality([], 'tenths')).toThrow(RangeError));
});

describe('SK from the battalion mix (Ch.II §2.8 L527, BD-2)', () => {
  it('the text', () => {
    expect(line(527)).toContain('will have at least a SK1. If at least ½ the unit is made up of such troops, increase the capability to SK2');
    expect(line(527)).toContain('reducing the SK2 requirement to 1/3 for French brigades');
  });
  it.each([
    // light, total, french, SK
    [0, 4, false, 0], [1, 4, false, 1], [2, 4, false, 2], [1, 3, false, 1], [2, 3, false, 2],
    [0, 4, true, 0], [1, 4, true, 1], [1, 3, true, 2], [2, 6, true, 2], [2, 7, true, 1], [4, 6, true, 2], [1, 1, false, 2],
  ])('%d light of %d battalions, French %s → SK%d', (light, total, french, sk) => {
    expect(skFromLightShare(light, total, french)).toBe(sk);
    const bns = Array.from({ length: total }, (_, i) => ({ light: i < light, sk: 0 as const }));
    expect(brigadeSk(bns, french, 'tenths')).toBe(sk);
  });
  it('BD-2: the National Unit Ratings SK is averaged and only raised by the mix', () => {
    expect(brigadeSk([{ light: false, sk: 2 }, { light: false, sk: 2 }], false, 'tenths')).toBe(2); // Ligne 1815 SK2 (L982)
    expect(brigadeSk([{ light: false, sk: 1 }, { light: true, sk: 1 }, { light: false, sk: 1 }], false, 'tenths')).toBe(1);
    expect(brigadeSk([{ light: false, sk: 1 }, { light: true, sk: 1 }], false, 'tenths')).toBe(2); // ½ light
    expect(brigadeSk([{ light: false, sk: 2 }, { light: false, sk: 1 }], false, 'tenths')).toBe(1); // 1.5 → 1 (L482)
  });
  it('cavalry has no SK', () => {
    expect(figureBrigade(brigade([bn('line', 900, { light: true, sk: 2 })], { weight: 'light' }), false, 'tenths')[0]!.sk).toBe(0);
  });
});

describe('battery s.p. spread over a division\'s brigades (Ch.II §2.5 L494-496, BD-3)', () => {
  it('the L496 example: three brigades and one 6 lb (medium) battery: two get +1, the third nothing', () => {
    expect(line(496)).toContain('Two brigades will get an extra s.p. each while the third brigade gains nothing');
    expect(attachedBatterySp(['medium'])).toBe(2);
    expect(spreadSp(2, 3)).toEqual([1, 1, 0]);
  });
  it('L494: light ×1, medium ×2, however many batteries', () => {
    expect(attachedBatterySp(['light'])).toBe(1);
    expect(attachedBatterySp(['light', 'medium', 'medium'])).toBe(5);
    expect(spreadSp(5, 3)).toEqual([2, 2, 1]);
    expect(spreadSp(2, 1)).toEqual([2]);
    expect(spreadSp(0, 2)).toEqual([0, 0]);
  });
  it('a second battery evens out what a first one gave', () => {
    // After [1, 1, 0]: the first s.p. goes to the third brigade, the second to the first (tie, listed first).
    expect(spreadSp(2, 3, [1, 1, 0])).toEqual([1, 0, 1]);
  });
  it('refuses a battery with no brigade to join', () => expect(() => spreadSp(2, 0)).toThrow(RangeError));
});

describe('brigades over 12 s.p. split (Ch.II §2.2 L486, BD-4)', () => {
  it('the text', () => expect(line(486)).toContain('break the brigade into two smaller and roughly equal brigades'));
  it('12 s.p. stays whole; 13 is cut between battalions into roughly equal parts', () => {
    expect(figureBrigade(brigade([bn('line', 3000), bn('line', 3000)]), false, 'tenths')).toHaveLength(1); // 12
    const parts = figureBrigade(brigade([bn('line', 2200), bn('line', 2200), bn('line', 2100)]), false, 'tenths'); // 13
    expect(parts.map((p) => [p.id, p.men, p.menSp, p.splitFrom])).toEqual([['b-1', 2200, 4, 'b'], ['b-2', 4300, 9, 'b']]);
  });
  it('cuts where the men are closest, ties to the earlier cut', () => {
    expect(cutIndex([500, 500, 500, 500])).toBe(2);
    expect(cutIndex([900, 300, 300, 300])).toBe(1);
    expect(cutIndex([100, 100, 100])).toBe(1);
  });
  it('each part is figured on its own battalions, and cut again while over 12', () => {
    // 2 Elite + 2 Line average 4.0 = Veteran: 7,800 / 400 = 19.5 → 19 s.p. Cut after 4,800 men:
    // the Elite part is 4,800 / 300 = 16 (cut again: 8 and 8), the Line part 3,000 / 500 = 6.
    const parts = figureBrigade(brigade([bn('elite', 2400), bn('elite', 2400), bn('line', 1500), bn('line', 1500)]), false, 'tenths');
    expect(parts.map((p) => [p.id, p.quality, p.menSp])).toEqual([['b-1-1', 'elite', 8], ['b-1-2', 'elite', 8], ['b-2', 'line', 6]]);
  });
  it('one huge battalion is halved by men, and a part still over 12 is cut again', () => {
    const parts = figureBrigade(brigade([bn('guard', 5001)]), false, 'tenths'); // 25 s.p. → 12.5 and 12.5 → 12 and 12
    expect(parts.map((p) => [p.men, p.menSp])).toEqual([[2501, 12], [2500, 12]]);
    const four = figureBrigade(brigade([bn('guard', 10000)]), false, 'tenths');
    expect(four.map((p) => p.menSp)).toEqual([12, 12, 12, 12]);
  });
  it('finishBrigade prints the chart levels and the label (§2.6 L506-519, §2.0 L37)', () => {
    const f = figureBrigade(brigade([bn('line', 3000)], { number: 2 }), false, 'tenths')[0]!;
    const b = finishBrigade(f, 1, 5, 2, false, 'tenths');
    expect(b.label).toBe('2B/5/II 7/5/3 LN'); // L514: 7 → 7/5/3 Veteran/Line
    expect(b.note).toBe('3,000 men; Line, 3,000 / 500 = 6, +1 attached artillery = 7');
  });
});

describe('men shared by battalions (BD-5, QB-1)', () => {
  it('division totals over brigades by battalion count, to the nearest 10 (Bachelu 4,100: 6 and 5 battalions)', () => {
    expect(apportion(4100, [6, 5], 10)).toEqual([2240, 1860]);
    expect(apportion(7800, [6, 7], 10)).toEqual([3600, 4200]);
    expect(apportion(4800, [5, 6], 10)).toEqual([2180, 2620]);
  });
  it('whole men over battalions, the odd men to the first', () => expect(shareMen(10, 3)).toEqual([4, 3, 3]));
});

const units = (n: number, extra: Partial<CountedUnit> = {}): CountedUnit[] => Array.from({ length: n }, () => ({ arm: 'infantry', ...extra }));

describe('command range, counting later arrivals (Ch.II §3.1 L553-557, §3.11 L561)', () => {
  it('the L557 example: Victor, French, Good, 8 units → 4" + 8" = 12", even with units not yet arrived', () => {
    expect(line(557)).toContain('VII Corp has 8 units assigned so he adds 8" inches (1.0 X the number of units) to his four for a final command range of 12"');
    expect(line(555)).toContain("a commander adds all of his units together even if they haven't arrived upon the battlefield yet");
    const r = commanderRange('good', 'french', false, [...units(5), ...units(3, { arrives: 6 })]);
    expect(r).toEqual({ range: 12, base: 4, units: 8 });
  });
  it.each([
    ['excellent', 'other', false, 6, 10, 4], // Excellent (not British): 4 + 1.0 × 6
    ['excellent', 'british', false, 6, 6, 3], // British: 3 + .5 × 6
    ['good', 'other', false, 5, 5.5, 3],
    ['good', 'british', true, 4, 4, 2], // §3.11: 2 + .5 × 4
    ['excellent', 'british', true, 3, 4.5, 3], // §3.11: 3 + .5 × 3
    ['average', 'ottoman', false, 6, 5, 2], // §3.11 L561: Ottoman wings use the divisional formula
  ] as const)('%s %s divisional=%s, %d units → %d" (base %d")', (skill, nation, divisional, n, range, base) => {
    expect(commanderRange(skill, nation, divisional, units(n))).toEqual({ range, base, units: n });
  });
});

describe('corps and army fatigue levels (Ch.II §4.0 L581-591, §3.12 L565)', () => {
  it('the L589 example: an Average army of 18 units breaks at 6; a corps of 5 units is fatigued at 2', () => {
    expect(line(589)).toContain('(18 X .35) which equals 6.3 rounded down to 6');
    expect(line(589)).toContain('5 X .35= 1.75 or 2');
    expect(armyFatigue(units(18), 'average', 'tenths')).toEqual({ units: 18, level: 6 });
    expect(commandFatigue(units(5), 'average', 'tenths')).toEqual({ units: 5, level: 2 });
    expect(commandFatigue(units(4), 'average', 'tenths')).toEqual({ units: 4, level: 1 }); // 1.4
  });
  it.each([['good', 10, 4], ['average', 10, 3], ['poor', 10, 3], ['poor', 12, 4], ['good', 13, 5]] as const)('%s × %d units → %d (L585)', (morale, n, level) => {
    expect(commandFatigue(units(n), morale, 'tenths').level).toBe(level);
  });
  it('Cossacks and militia cavalry count for the corps, not the army (§3.12 L565)', () => {
    const all = [...units(8), ...units(2, { arm: 'cavalry', irregular: true }), ...units(2, { arm: 'artillery' })];
    expect(commandFatigue(all, 'good', 'tenths')).toEqual({ units: 12, level: 5 }); // 4.8
    expect(armyFatigue(all, 'good', 'tenths')).toEqual({ units: 10, level: 4 });
  });
});

describe('generals and ADCs (Ch.II §3.3 L575-577)', () => {
  it('the L577 example: Massena, Good, 18 units → 3 generals and 1 ADC', () => {
    expect(line(577)).toContain('He has a total of 18 units within his army, so dividing by 6 he gets 3');
    expect(armyGenerals(units(18), 'french', { skill: 'good', napoleon: false }, 'tenths')).toEqual({ generals: 3, adcs: 1, divisor: 6 });
  });
  it('batteries do not count; 12 for other armies, 16 for the Ottoman; Napoleon +1 ADC', () => {
    expect(armyGenerals([...units(24), ...units(6, { arm: 'artillery' })], 'other', { skill: 'excellent', napoleon: false }, 'tenths')).toEqual({ generals: 2, adcs: 2, divisor: 12 });
    expect(armyGenerals(units(32), 'ottoman', { skill: 'poor', napoleon: false }, 'tenths')).toEqual({ generals: 2, adcs: 0, divisor: 16 });
    expect(armyGenerals(units(15), 'british', { skill: 'excellent', napoleon: true }, 'tenths').adcs).toBe(3);
  });
});
