import { describe, expect, it } from 'vitest';
import {
  adcCount, commandRange, commandRangeFormula, generalCount, hinderedCommandRange, leaderKilled, pursuitDice, pursuitDie, replacementArrivalTurn,
  replacementCommander, replacementDelay, rocketFirePointDice,
} from '../../../../src/rules/nw/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();

describe('N6 leader losses', () => {
  it('enemy through an officer: 12 kills (§9.3.2 L267)', () => {
    expect(leaderKilled('enemyPassesThrough', 12)).toBe(true);
    expect(leaderKilled('enemyPassesThrough', 11)).toBe(false);
  });
  it('CRT broken / recule: 10+ (L769, L775); crushed: always (L767)', () => {
    expect(leaderKilled('crtBrokenOrRecule', 10)).toBe(true);
    expect(leaderKilled('crtBrokenOrRecule', 9)).toBe(false);
    expect(leaderKilled('crtCrushed')).toBe(true);
  });
});

describe('N10 commander replacement (§11.7 L421-425)', () => {
  it('example L425: 3 − Napoleon 4 → 1; lost turn 5 → arrives turn 7', () => {
    const d = replacementDelay(3, 4);
    expect(d).toBe(1);
    expect(replacementArrivalTurn(5, d)).toBe(7);
  });
  it('6 − 1 → 5', () => expect(replacementDelay(6, 1)).toBe(5));
  it('one skill lower, no V, range −2" not below base', () => {
    expect(replacementCommander('good', 14, 4)).toEqual({ skill: 'average', valorous: false, range: 12 });
    expect(replacementCommander('excellent', 5, 4)).toEqual({ skill: 'good', valorous: false, range: 4 });
    expect(replacementCommander('poor', 6, 3).skill).toBe('poor');
  });
});

describe('command range (Ch.II §3.1 L553-557, §3.11 L561)', () => {
  it('example L557: Victor, French Good, 8 units → 12"', () => {
    const f = commandRangeFormula('good', { french: true, british: false, divisional: false });
    expect(commandRange(f, 8)).toEqual({ range: 12, base: 4 });
  });
  it('Excellent non-British → 4 + 1.0×; British Excellent → 3 + 0.5×', () => {
    expect(commandRangeFormula('excellent', { french: false, british: false, divisional: false })).toBe('corps-french-or-excellent');
    expect(commandRange(commandRangeFormula('excellent', { french: false, british: true, divisional: false }), 7)).toEqual({ range: 6.5, base: 3 });
  });
  it('divisional: 3" excellent, 2" others, + 0.5×', () => {
    expect(commandRange(commandRangeFormula('excellent', { french: true, british: false, divisional: true }), 4)).toEqual({ range: 5, base: 3 });
    expect(commandRange(commandRangeFormula('average', { french: false, british: false, divisional: true }), 4)).toEqual({ range: 4, base: 2 });
  });
  it('hindered visibility −3" per hindrance, not below base (§9.51 L309)', () => {
    expect(hinderedCommandRange(12, 4, 1)).toBe(9);
    expect(hinderedCommandRange(6, 4, 1)).toBe(4);
  });
});

describe('generals and ADCs (Ch.II §3.3 L575-577)', () => {
  it('example L577: Massena Good, 18 units French/British → 3 generals, 1 ADC', () => {
    expect(generalCount(18, 'french-or-british', 'tenths')).toBe(3);
    expect(adcCount('good')).toBe(1);
  });
  it('N-23: 30 / 12 = 2.5 → 2; Ottoman /16', () => {
    expect(generalCount(30, 'other', 'tenths')).toBe(2);
    expect(generalCount(32, 'ottoman', 'tenths')).toBe(2);
  });
  it('ADCs: E2 G1 A0 P0, Napoleon +1', () => {
    expect([adcCount('excellent'), adcCount('good'), adcCount('average'), adcCount('poor'), adcCount('excellent', true)]).toEqual([2, 1, 0, 0, 3]);
  });
});

describe('N11 optional rules (L603-626)', () => {
  it.each([[3, 2, 2], [2, 1, 3], [5, 2, 4], [3, 1, 5], [11, 10, 1], [4, 4, 0], [2, 5, 0]])('pursuit: %d vs %d light s.p. → %d dice (N-25)', (w, l, n) =>
    expect(pursuitDice(w, l, defaults)).toBe(n));
  it('whole-steps alternative: 2:1 → 2 dice', () => expect(pursuitDice(2, 1, settingsWith({ pursuit: { dice: 'whole-steps' } }))).toBe(2));
  it('a pursuit die never drops below 1 (L609)', () => {
    expect(pursuitDie(1, -2)).toBe(1);
    expect(pursuitDie(5, -2)).toBe(3);
  });
  it('rockets: 1d6 vs infantry/artillery, 2d6 vs cavalry (L626)', () => {
    expect(rocketFirePointDice('infantry')).toBe(1);
    expect(rocketFirePointDice('artillery')).toBe(1);
    expect(rocketFirePointDice('cavalry')).toBe(2);
  });
});
