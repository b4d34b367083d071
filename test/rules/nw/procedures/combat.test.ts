import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { combatModifiers, rollCombat, type CombatInput } from '../../../../src/rules/nw/procedures';
import { COMBAT_CONDITIONS, combatModifier, CRT, type CrtResult } from '../../../../src/rules/nw/tables';
import { settingsWith } from '../tables/settings-helper';
import { facesFor, rollsOf } from './helpers';

const settings = settingsWith();
const even: CombatInput = {
  attacker: { name: '1st Brigade', sp: 6, conditions: [] },
  defender: { name: 'IR 3', sp: 6, conditions: [] },
};
const sum = (xs: readonly { value: number }[]): number => xs.reduce((s, m) => s + m.value, 0);

/** Naturals giving a difference d in −10..10. */
const naturalsFor = (d: number): [number, number] => (d >= 0 ? [2 + d, 2] : [2, 2 - d]);

describe('rollCombat (N8, NW §11.0 L363-409; CRT chart L763-794)', () => {
  // First and last difference of every CRT row (open ends: the bound and ±10).
  const cases: { d: number; result: CrtResult }[] = [];
  for (const r of CRT) {
    const lo = r.min ?? -10;
    const hi = r.max ?? 10;
    cases.push({ d: lo, result: r.result });
    if (hi !== lo) cases.push({ d: hi, result: r.result });
  }
  it.each(cases)('difference $d → $result', ({ d, result }) => {
    const [an, dn] = naturalsFor(d);
    const dice = scriptedDice([...facesFor(an), ...facesFor(dn)]);
    const out = rollCombat(even, settings, dice);
    expect(out.result).toMatchObject({ difference: d, attackerNatural: an, defenderNatural: dn });
    expect(out.result.row.result).toBe(result);
    expect(out.result.rollAgain).toBe(result === 'desperate-struggle');
    const [att, def] = rollsOf(out.events);
    expect(att).toMatchObject({ rule: 'NW §11.0', purpose: 'combat (attacker)', subject: '1st Brigade', total: an });
    expect(def).toMatchObject({ rule: 'NW §11.0', purpose: 'combat (defender)', subject: 'IR 3', total: dn });
    expect(att!.tableRow).toMatch(new RegExp(`^CRT chart L7\\d\\d.*, difference ${d} \\(`));
    expect(def!.tableRow).toBe(att!.tableRow);
    expect(dice.remaining).toBe(0);
  });

  it('names the rows as printed', () => {
    const row = (d: number) => rollsOf(rollCombat(even, settings, scriptedDice([...facesFor(naturalsFor(d)[0]), ...facesFor(naturalsFor(d)[1])])).events)[0]!.tableRow;
    expect(row(10)).toBe('CRT chart L767-768, difference 10 (10+): Defender crushed *');
    expect(row(0)).toBe('CRT chart L772, difference 0 (0): Desperate struggle');
    expect(row(-7)).toBe('CRT chart L775, difference -7 (≤-7): Le Guard Recule! *');
  });

  it('a desperate struggle (0) asks the caller to roll again (HR N-11) with a note', () => {
    const { result, events } = rollCombat(even, settings, scriptedDice([3, 3, 4, 2]));
    expect(result.rollAgain).toBe(true);
    expect(events.at(-1)).toMatchObject({ kind: 'note', rule: 'NW §11.0 chart L772; HR N-11' });
  });

  it('HR N-10: a full-move retreat disorders (Broken), unless turned off', () => {
    const faces = [...facesFor(9), ...facesFor(2)];
    expect(rollCombat(even, settings, scriptedDice(faces)).result.row.defender.disordered).toBe(true);
    expect(rollCombat(even, settingsWith({ crt: { retreatImpliesDisorder: false } }), scriptedDice(faces)).result.row.defender.disordered).toBe(false);
  });

  it('modifiers are named per chart line and net as combatModifier; outnumbered goes on the smaller side (HR N-9)', () => {
    const input: CombatInput = {
      attacker: { name: 'Old Guard', sp: 9, conditions: ['fresh', 'french-infantry-attacking', 'general-attached', 'defender-vulnerable'] },
      defender: { name: 'Landwehr', sp: 6, conditions: ['spent', 'disordered', 'disordered-with-loss', 'defending-hard-cover', 'spanish-defending-town-or-works'] },
    };
    const { result, events } = rollCombat(input, settings, scriptedDice([3, 3, 3, 3]));
    const [att, def] = rollsOf(events);
    expect(att!.modifiers).toEqual([
      { label: 'fresh +2 (chart L779)', value: 2 },
      { label: 'general-attached +1 (chart L783)', value: 1 },
      { label: 'french-infantry-attacking +1 (chart L785; §11.2.6 L388 (not vs cavalry))', value: 1 },
      { label: 'defender-vulnerable +1 (chart L789-790 (recipient: HR N-8), HR N-8 attacker)', value: 1 },
    ]);
    expect(def!.modifiers.map((m) => m.value)).toEqual([-2, 3, -2, -1]);
    expect(def!.modifiers.at(-1)!.label).toBe('outnumbered −1 (chart L781; HR N-9)');
    expect(result).toMatchObject({ attackerTotal: 11, defenderTotal: 4, difference: 7 });
    expect(result.row.result).toBe('defender-broken');
    expect(sum(att!.modifiers)).toBe(combatModifier(input.attacker.conditions, settings));
    expect(sum(def!.modifiers) + 1).toBe(combatModifier(input.defender.conditions, settings));
  });

  it('every condition: the named modifiers net as combatModifier, under both HR N-8 settings', () => {
    for (const s of [settings, settingsWith({ combat: { vulnerableBonusTo: 'defender-penalty' } })]) {
      expect(sum(combatModifiers(COMBAT_CONDITIONS, 0, s))).toBe(combatModifier(COMBAT_CONDITIONS, s));
    }
  });

  it('leader checks: Broken rolls 2d6 10+ for the defender\'s attached general (chart L769)', () => {
    const input: CombatInput = { ...even, defender: { ...even.defender, leaders: ['Gen. Davout'] } };
    const dice = scriptedDice([...facesFor(10), ...facesFor(3), 5, 5]);
    const { result, events } = rollCombat(input, settings, dice);
    expect(result.row.result).toBe('defender-broken');
    expect(result.leaderLosses).toEqual([{ officer: 'Gen. Davout', side: 'defender', killed: true, rolled: true, natural: 10 }]);
    expect(rollsOf(events)[2]).toMatchObject({ purpose: 'leader loss', tableRow: 'chart L769, L775, 10+: killed' });
    expect(events.some((e) => e.kind === 'general' && e.general === 'Gen. Davout')).toBe(true);
    expect(dice.remaining).toBe(0);
  });

  it('leader checks: Crushed kills without a roll; Recule rolls for the attacker\'s; other rows roll none', () => {
    const input: CombatInput = { attacker: { ...even.attacker, leaders: ['Ney'] }, defender: { ...even.defender, leaders: ['Blücher'] } };
    const crushed = rollCombat(input, settings, scriptedDice([...facesFor(12), ...facesFor(2)]));
    expect(crushed.result.leaderLosses).toEqual([{ officer: 'Blücher', side: 'defender', killed: true, rolled: false }]);
    const recule = rollCombat(input, settings, scriptedDice([...facesFor(2), ...facesFor(12), 4, 5]));
    expect(recule.result.leaderLosses).toEqual([{ officer: 'Ney', side: 'attacker', killed: false, rolled: true, natural: 9 }]);
    const driven = scriptedDice([...facesFor(8), ...facesFor(2)]);
    expect(rollCombat(input, settings, driven).result.leaderLosses).toEqual([]);
    expect(driven.remaining).toBe(0);
  });
});
