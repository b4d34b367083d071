import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { buildingFire, buildingMelee, type BuildingMeleeInput } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith, facesFor, rollsOf } from './helpers';

const settings = bpSettingsWith();

describe('buildingFire (P8, B&P L181-183)', () => {
  it('defender hits on 8+ (L181): 7 misses, 8 hits', () => {
    const fire = (n: number, cas = 0) => buildingFire({ firer: 'Voltigeurs', role: 'defender', firerCasualties: cas, target: 'Jägers' }, settings, scriptedDice(facesFor(n)));
    expect(fire(7).result.hit).toBe(false);
    const r = fire(8);
    expect(r.result).toEqual({ natural: 8, total: 8, need: 8, hit: true });
    expect(rollsOf(r.events)[0]!.tableRow).toBe('8 ≥ 8 (B&P L181): a hit');
    // −1 per existing casualty on the firing stand: with 2 casualties an 8 misses, a 10 hits.
    expect(fire(9, 2).result.hit).toBe(false);
    expect(fire(10, 2).result).toMatchObject({ total: 8, hit: true });
  });
  it('attacking stand hits on 9+ (L183), −1 per existing casualty', () => {
    const fire = (n: number, cas = 0) => buildingFire({ firer: 'Jägers', role: 'attacker', firerCasualties: cas, target: 'farm' }, settings, scriptedDice(facesFor(n)));
    expect(fire(8).result.hit).toBe(false);
    expect(fire(9).result.hit).toBe(true);
    expect(fire(10, 1).result.hit).toBe(true);
    expect(fire(9, 1).result.hit).toBe(false);
    expect(rollsOf(fire(9, 1).events)[0]!.modifiers).toEqual([{ label: '1 existing casualty −1 (B&P L183)', value: -1 }]);
  });
});

const one = (n: number, more: Partial<BuildingMeleeInput> = {}, s = settings) =>
  buildingMelee({ building: 'Hougoumont', defender: { stand: 'Guards', figures: 3, casualties: 0 }, attackers: [{ stand: 'Légère', figures: 3 }], ...more }, s, scriptedDice(facesFor(n)));

describe('buildingMelee (P8, B&P L185-198)', () => {
  // One attacking stand, no modifiers: every row of the table (L189-196).
  it.each([
    [12, { figuresLost: 3, routs: false, eliminated: true }, { figuresLost: 0, routs: false, eliminated: false }],
    [11, { figuresLost: 2, routs: true, eliminated: false }, { figuresLost: 2, routs: false, eliminated: false }],
    [10, { figuresLost: 2, routs: true, eliminated: false }, { figuresLost: 1, routs: false, eliminated: false }],
    [9, { figuresLost: 1, routs: false, eliminated: false }, { figuresLost: 1, routs: false, eliminated: false }],
    [8, { figuresLost: 0, routs: false, eliminated: false }, { figuresLost: 3, routs: false, eliminated: true }],
    [7, { figuresLost: 0, routs: false, eliminated: false }, { figuresLost: 2, routs: true, eliminated: false }],
    [6, { figuresLost: 0, routs: false, eliminated: false }, { figuresLost: 1, routs: true, eliminated: false }],
    [5, { figuresLost: 0, routs: false, eliminated: false }, { figuresLost: 0, routs: true, eliminated: false }],
    [2, { figuresLost: 0, routs: false, eliminated: false }, { figuresLost: 0, routs: true, eliminated: false }],
  ] as const)('roll %i', (n, defender, attacker) => {
    const { result } = one(n);
    expect(result.defender).toEqual({ stand: 'Guards', ...defender });
    expect(result.attackers).toEqual([{ stand: 'Légère', ...attacker }]);
  });

  it('HR B-5 no-effect: row 8 does nothing', () => {
    const { result, events } = one(8, {}, bpSettingsWith({ 'building.row8': 'no-effect' }));
    expect(result.attackers[0]).toEqual({ stand: 'Légère', figuresLost: 0, routs: false, eliminated: false });
    expect(rollsOf(events)[0]!.tableRow).toBe('Building Melee Results L193 row 8 (HR B-5 no-effect): defender –, attacker –');
  });

  it('L197: +1 per additional attacking stand; the building is taken and later stands do not roll (BP-7)', () => {
    const attackers = [{ stand: 'N', figures: 3 }, { stand: 'E', figures: 3 }, { stand: 'S', figures: 3 }];
    // First stand: natural 9 + 2 = 11 → defender −2 and routs; E and S do not roll.
    const dice = scriptedDice(facesFor(9));
    const { result, events } = buildingMelee({ building: 'farm', defender: { stand: 'D', figures: 3, casualties: 0 }, attackers }, settings, dice);
    expect(result.rolls).toHaveLength(1);
    expect(result.rolls[0]).toMatchObject({ natural: 9, total: 11, row: '11' });
    expect(result.defender).toMatchObject({ figuresLost: 2, routs: true });
    expect(rollsOf(events)[0]!.modifiers).toEqual([{ label: '2 additional attacking stands +2 (B&P L197)', value: 2 }]);
    expect(dice.remaining).toBe(0);
  });

  it('HR B-6: existing defender casualties +1 each on the attacker roll, counting casualties from earlier rolls', () => {
    const attackers = [{ stand: 'N', figures: 3 }, { stand: 'E', figures: 3 }];
    // N: 7 + 1 stand + 1 casualty = 9 → defender −1 (now 2 casualties). E: 7 + 1 + 2 = 10 → −2: no figures left, eliminated.
    const { result, events } = buildingMelee({ building: 'farm', defender: { stand: 'D', figures: 3, casualties: 1 }, attackers }, settings, scriptedDice([...facesFor(7), ...facesFor(7)]));
    expect(result.rolls.map((r) => r.total)).toEqual([9, 10]);
    expect(result.defender).toEqual({ stand: 'D', figuresLost: 3, routs: false, eliminated: true });
    expect(rollsOf(events)[1]!.modifiers.map((m) => m.label)).toEqual(['1 additional attacking stand +1 (B&P L197)', '2 defender casualties +2 (B&P L198; HR B-6 attacker-roll-plus)']);
  });

  it('HR B-6 alternatives: attacker-roll-minus and none', () => {
    const input = { defender: { stand: 'D', figures: 3, casualties: 2 } };
    expect(one(10, input).result.rolls[0]!.total).toBe(12);
    expect(one(10, input, bpSettingsWith({ 'building.defenderCasualtyMod': 'attacker-roll-minus' })).result.rolls[0]!.total).toBe(8);
    expect(one(10, input, bpSettingsWith({ 'building.defenderCasualtyMod': 'none' })).result.rolls[0]!.total).toBe(10);
  });

  it('BP-7: a total above 12 reads row 12', () => {
    expect(one(12, { defender: { stand: 'D', figures: 1, casualties: 2 } }).result.rolls[0]).toMatchObject({ total: 14, row: '12' });
  });

  it('one to four stands attack (L185)', () => {
    expect(() => one(7, { attackers: [] })).toThrow(/1 to 4/);
    const five = Array.from({ length: 5 }, (_, i) => ({ stand: `s${i}`, figures: 3 }));
    expect(() => one(7, { attackers: five })).toThrow(/1 to 4/);
  });
});
