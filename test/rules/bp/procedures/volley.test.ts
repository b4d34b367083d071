import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { firingFigures, volley, volleyModifiers, type VolleyInput } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith, rollsOf } from './helpers';

const settings = bpSettingsWith();
const base: VolleyInput = { firer: 'A battalion', target: 'B battalion', figures: 12 };

describe('volley (P1, B&P L73-89)', () => {
  it('L89 worked example: 12 figures roll 4 → 48/10 = 4.8 → 4 kills', () => {
    const dice = scriptedDice([4]);
    const { result, events } = volley(base, settings, dice);
    expect(result).toEqual({ face: 4, modifiedDie: 4, figures: 12, hits: 4 });
    const [roll] = rollsOf(events);
    expect(roll).toMatchObject({ rule: 'B&P L77', subject: 'A battalion', expression: '1d6', faces: [4], total: 4 });
    expect(roll!.tableRow).toBe('4 × 12 figures / 10 = 4 hits (L77, fractions discounted)');
    expect(dice.remaining).toBe(0);
  });

  it('L133 worked example: A rolls 3 × 12 = 36 → B loses 3 figures', () => {
    expect(volley(base, settings, scriptedDice([3])).result.hits).toBe(3);
  });

  it('L133 return fire (HR B-15): B, down to 9 figures, rolls 4 × 9 = 36 → A loses 3', () => {
    const { result, events } = volley({ firer: 'B battalion', target: 'A battalion', figures: 9, returnFire: true }, settings, scriptedDice([4]));
    expect(result.hits).toBe(3);
    expect(rollsOf(events)[0]!.purpose).toBe('volley (return fire, L131) at A battalion');
  });

  // L77: every face with 12 figures — floor(face × 12 / 10).
  it.each([[1, 1], [2, 2], [3, 3], [4, 4], [5, 6], [6, 7]])('12 figures, face %i → %i hits', (face, hits) => {
    expect(volley(base, settings, scriptedDice([face])).result.hits).toBe(hits);
  });

  it('boundary of "discount fractions": 5 figures × 1 = 0.5 → 0; 10 × 1 = 1', () => {
    expect(volley({ ...base, figures: 5 }, settings, scriptedDice([1])).result.hits).toBe(0);
    expect(volley({ ...base, figures: 10 }, settings, scriptedDice([1])).result.hits).toBe(1);
  });

  it('L91 skirmish fire: −2 on the die (12 figures, 4 → 2 × 12 = 24 → 2)', () => {
    const { result, events } = volley({ ...base, skirmish: true }, settings, scriptedDice([4]));
    expect(result).toMatchObject({ face: 4, modifiedDie: 2, hits: 2 });
    expect(rollsOf(events)[0]!.rule).toBe('B&P L91');
    expect(rollsOf(events)[0]!.modifiers).toEqual([{ label: 'skirmish fire −2 (B&P L91)', value: -2 }]);
  });

  it('L86: target uphill or in wood −1; L87: > 1 contour or breastwork −2 (replaces the −1)', () => {
    expect(volley({ ...base, targetPosition: 'defended' }, settings, scriptedDice([4])).result.hits).toBe(3); // 3 × 12 = 36
    expect(volley({ ...base, targetPosition: 'strong' }, settings, scriptedDice([4])).result.hits).toBe(2); // 2 × 12 = 24
    expect(volleyModifiers({ ...base, targetPosition: 'strong' }, settings).map((m) => m.value)).toEqual([-2]);
  });

  it('L167: disrupted firer −1', () => {
    expect(volley({ ...base, disrupted: true }, settings, scriptedDice([4])).result.hits).toBe(3);
  });

  it('L208: green −1 only with optional.greenTroops', () => {
    expect(volley({ ...base, green: true }, settings, scriptedDice([4])).result.hits).toBe(4);
    expect(volley({ ...base, green: true }, bpSettingsWith({ 'optional.greenTroops': true }), scriptedDice([4])).result.hits).toBe(3);
  });

  it('HR B-9: a die modified below 0 counts 0 (skirmish −2, strong −2, disrupted −1 on a 1 → −4 → 0 hits)', () => {
    const { result, events } = volley({ ...base, skirmish: true, targetPosition: 'strong', disrupted: true }, settings, scriptedDice([1]));
    expect(result).toMatchObject({ modifiedDie: -4, hits: 0 });
    expect(rollsOf(events)[0]!.tableRow).toContain('max(0, -4) = 0');
  });

  it('refuses a volley with no figures', () => {
    expect(() => volley({ ...base, figures: 0 }, settings, scriptedDice([4]))).toThrow(/at least 1/);
  });
});

describe('firingFigures (L73 single rank; BP-1, BP-2)', () => {
  const stands = [3, 3, 3, 3];
  it('line and skirmish: every stand', () => {
    expect(firingFigures('infantry', 'line', stands, settings)).toBe(12);
    expect(firingFigures('infantry', 'skirmish', stands, settings)).toBe(12);
  });
  it('column: the lead stands only (BP-1 default 2; setting 1 → 3 figures)', () => {
    expect(firingFigures('infantry', 'column', stands, settings)).toBe(6);
    expect(firingFigures('infantry', 'column', stands, bpSettingsWith({ 'fire.columnLeadStands': 1 }))).toBe(3);
  });
  it('square: the attacked face (BP-2 default one stand, L175)', () => {
    expect(firingFigures('infantry', 'square', [2, 3, 3, 3], settings)).toBe(2);
    expect(firingFigures('infantry', 'square', [2, 3, 3, 3], bpSettingsWith({ 'fire.squareFaceStands': 2 }))).toBe(5);
  });
  it('cavalry does not shoot (L69, L135)', () => {
    expect(() => firingFigures('cavalry', 'line', [2, 2], settings)).toThrow(/cavalry does not shoot/);
  });
});
