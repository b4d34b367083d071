import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { rollSkirmish, skirmishTargetModifiers, type SkirmishInput } from '../../../../src/rules/nw/procedures';
import { skirmishDefenceModifier, type SkirmishCondition } from '../../../../src/rules/nw/tables';
import { settingsWith } from '../tables/settings-helper';
import { facesFor, rollsOf } from './helpers';

const settings = settingsWith();
const sum = (xs: readonly { value: number }[]): number => xs.reduce((s, m) => s + m.value, 0);

describe('rollSkirmish (N2, NW §7.6 L124; chart L698-711)', () => {
  it('example L142: two French SK2 roll "2" (+4 = 6) against Prussian SK1 "4" (+1 = 5): disordered', () => {
    const dice = scriptedDice([1, 1, 2, 2]);
    const input: SkirmishInput = {
      attackers: [{ unit: '1/I French', sk: 2 }, { unit: '2/I French', sk: 2 }],
      target: { unit: 'Prussian IR 12', sk: 1, arm: 'infantry' }, conditions: [],
    };
    const { result, events } = rollSkirmish(input, settings, dice);
    expect(result).toEqual({ attackNatural: 2, attackTotal: 6, targetNatural: 4, targetTotal: 5, outcome: 'disordered', generalKilled: false });
    const [att, def] = rollsOf(events);
    expect(att).toMatchObject({ rule: 'NW §7.6', purpose: 'skirmish attack', subject: '1/I French + 2/I French', faces: [1, 1], total: 6 });
    expect(att!.modifiers).toEqual([
      { label: 'SK of 1/I French +2 (NW §7.6 L124)', value: 2 },
      { label: 'SK of 2/I French +2 (NW §7.6 L124)', value: 2 },
    ]);
    expect(def).toMatchObject({ purpose: 'skirmish defence', subject: 'Prussian IR 12', total: 5 });
    expect(def!.modifiers).toEqual([{ label: "target's own SK +1 (NW §7.7 L135)", value: 1 }]);
    expect(att!.tableRow).toBe('Skirmish chart L700 (§7.6 L124): attacker 6 > 5: target disordered');
    expect(def!.tableRow).toBe(att!.tableRow);
    expect(dice.remaining).toBe(0);
  });

  it('example L144: the Austrian MX SK1 defends with +2 (MX +1, SK +1)', () => {
    expect(sum(skirmishTargetModifiers(1, ['target-mx']))).toBe(2);
    expect(skirmishTargetModifiers(1, ['target-mx']).map((m) => m.label)).toEqual([
      "target's own SK +1 (NW §7.7 L135)", '+1 target is an MX brigade (NW §7.7 L130)',
    ]);
  });

  it('target modifiers agree with skirmishDefenceModifier; Ottoman artillery replaces artillery', () => {
    const all: SkirmishCondition[] = ['target-mx', 'soft-cover', 'friendly-cavalry-within-3', 'hard-cover', 'target-artillery', 'target-ottoman-artillery', 'target-vulnerable'];
    expect(sum(skirmishTargetModifiers(2, all))).toBe(skirmishDefenceModifier(2, all));
    expect(skirmishTargetModifiers(0, ['target-artillery', 'target-ottoman-artillery']).map((m) => m.value)).toEqual([3]);
  });

  // Attacker SK1 vs target SK0 infantry / artillery with no cover: totals are natural + 1 vs natural.
  it.each([
    // attack natural, target natural, infantry result, artillery (+2) target natural, artillery result
    [5, 6, 'no-effect'], // 6 ≤ 6
    [6, 6, 'disordered'], // 7 > 6
    [11, 6, 'loss-and-disordered'], // 12 = 2×6
    [7, 4, 'loss-and-disordered'], // 8 = 2×4
    [6, 4, 'disordered'], // 7 < 8
    [12, 6, 'loss-and-disordered'], // 13 ≥ 2×6
  ] as const)('boundary: attack %i+1 vs %i → %s (HR N-14 ≥ 2×)', (an, tn, outcome) => {
    const dice = scriptedDice([...facesFor(an), ...facesFor(tn)]);
    const input: SkirmishInput = { attackers: [{ unit: 'Jägers', sk: 1 }], target: { unit: 'Line', sk: 0, arm: 'infantry' }, conditions: [] };
    const { result, events } = rollSkirmish(input, settings, dice);
    expect(result.outcome).toBe(outcome);
    expect(rollsOf(events)[0]!.tableRow).toContain(outcome === 'no-effect' ? '≤' : outcome === 'disordered' ? '>' : '≥ 2×');
  });

  it('artillery targets are suppressed or damaged; "eq" (HR N-14) needs exactly twice', () => {
    const gun = (faces: number[], s = settings) =>
      rollSkirmish({ attackers: [{ unit: 'Voltigeurs', sk: 2 }], target: { unit: 'Battery', sk: 0, arm: 'artillery' }, conditions: ['target-artillery'] }, s, scriptedDice(faces));
    expect(gun([2, 1, 2, 1]).result.outcome).toBe('no-effect'); // 5 ≤ 5
    expect(gun([3, 2, 2, 1]).result.outcome).toBe('suppressed'); // 7 > 5
    expect(gun([6, 4, 2, 2]).result.outcome).toBe('damaged'); // 12 = 2×6
    expect(rollsOf(gun([6, 4, 2, 2]).events)[1]!.tableRow).toBe('Skirmish chart L700 (§7.6 L124): attacker 12 ≥ 2×6: twice: artillery damaged');
    expect(gun([6, 5, 2, 2]).result.outcome).toBe('damaged'); // 13 ≥ 2×6
    const eq = settingsWith({ skirmish: { double: 'eq' } });
    expect(gun([6, 5, 2, 2], eq).result.outcome).toBe('suppressed'); // 13 ≠ 2×6
    expect(gun([6, 4, 2, 2], eq).result.outcome).toBe('damaged');
  });

  it('a natural 12 by the attacker kills the attached general (L138); without one, nothing', () => {
    const input: SkirmishInput = { attackers: [{ unit: 'Rifles', sk: 2 }], target: { unit: 'Line', sk: 0, arm: 'infantry', attachedGeneral: 'Gen. Foy' }, conditions: [] };
    const hit = rollSkirmish(input, settings, scriptedDice([6, 6, 6, 6]));
    expect(hit.result).toMatchObject({ attackNatural: 12, outcome: 'disordered', generalKilled: true });
    expect(hit.events.at(-1)).toMatchObject({ kind: 'general', general: 'Gen. Foy', what: 'killed', rule: 'NW §7.7 / §8.4 L138, L198' });
    const miss = rollSkirmish(input, settings, scriptedDice([6, 5, 1, 1]));
    expect(miss.result.generalKilled).toBe(false);
    const none = rollSkirmish({ ...input, target: { unit: 'Line', sk: 0, arm: 'infantry' } }, settings, scriptedDice([6, 6, 1, 1]));
    expect(none.events.filter((e) => e.kind === 'general')).toEqual([]);
  });

  it('refuses SK0 attackers (§7.1 L87) and an empty attack', () => {
    expect(() => rollSkirmish({ attackers: [{ unit: 'Line', sk: 0 }], target: { unit: 'x', sk: 0, arm: 'infantry' }, conditions: [] }, settings, scriptedDice([]))).toThrow(/SK0/);
    expect(() => rollSkirmish({ attackers: [], target: { unit: 'x', sk: 0, arm: 'infantry' }, conditions: [] }, settings, scriptedDice([]))).toThrow(RangeError);
  });
});
