import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { moraleHold, moraleModifiers, moraleTest, type BpUnitInput, type MoraleInput } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith, facesFor, rollsOf } from './helpers';

const settings = bpSettingsWith();
const lineInf: BpUnitInput = { name: 'B battalion', arm: 'infantry', formation: 'line', figures: 9 };
const charged = (unit: BpUnitInput, more: Partial<MoraleInput> = {}): MoraleInput => ({ unit, reason: 'charged', ...more });
const roll = (input: MoraleInput, natural: number, s = settings) => moraleTest(input, s, scriptedDice(facesFor(natural)));

describe('moraleTest (P5, B&P L109, L137-155)', () => {
  it('L133 worked example: B, a line battalion, rolls 8 and holds; A rolls 8 charging home and holds; a 7 would rout', () => {
    const b = roll(charged(lineInf), 8);
    expect(b.result).toEqual({ natural: 8, total: 8, hold: 8, holds: true });
    const ev = rollsOf(b.events)[0]!;
    expect(ev).toMatchObject({ rule: 'B&P L109', subject: 'B battalion', expression: '2d6', total: 8 });
    expect(ev.tableRow).toBe('Morale and Point Table Line Inf: 8 (L142): 8 ≥ 8 → holds');
    const a: MoraleInput = { unit: { ...lineInf, name: 'A battalion' }, reason: 'charger-fired-upon' };
    expect(roll(a, 8).result.holds).toBe(true);
    expect(roll(a, 7).result.holds).toBe(false);
    expect(rollsOf(roll(a, 7).events)[0]!.tableRow).toContain('7 < 8 → routs');
  });

  // Each row's boundary: hold−1 routs, hold holds (L139-145).
  it.each([
    ['artillery', { arm: 'artillery', formation: 'line' }, 8],
    ['skirm inf', { arm: 'infantry', formation: 'skirmish' }, 9],
    ['skirm cav', { arm: 'cavalry', formation: 'skirmish' }, 9],
    ['line inf', { arm: 'infantry', formation: 'column' }, 8],
    ['guard inf', { arm: 'infantry', formation: 'line', guard: true }, 6],
    ['line cav', { arm: 'cavalry', formation: 'line' }, 7],
    ['heavy cav', { arm: 'cavalry', formation: 'column', heavy: true }, 6],
    ['guard cav', { arm: 'cavalry', formation: 'line', guard: true }, 6],
  ] as const)('%s holds on %i', (_n, kind, hold) => {
    const unit: BpUnitInput = { name: 'U', figures: 8, ...kind };
    expect(roll(charged(unit), hold - 1).result.holds).toBe(false);
    expect(roll(charged(unit), hold).result.holds).toBe(true);
  });

  it('L146, L175: a square charged by cavalry holds on 4 — routs only on 2 or 3', () => {
    const sq: BpUnitInput = { ...lineInf, formation: 'square' };
    expect(moraleHold(charged(sq, { chargedByCavalry: true })).hold).toBe(4);
    expect(roll(charged(sq, { chargedByCavalry: true }), 3).result.holds).toBe(false);
    expect(roll(charged(sq, { chargedByCavalry: true }), 4).result.holds).toBe(true);
    expect(rollsOf(roll(charged(sq, { chargedByCavalry: true }), 4).events)[0]!.tableRow).toContain('Inf in Square: 4 (L146');
  });

  it('BP-12: a square charged by infantry tests on its line/guard row (L175 "regular infantry melee")', () => {
    const sq: BpUnitInput = { ...lineInf, formation: 'square' };
    expect(moraleHold(charged(sq)).hold).toBe(8);
    expect(moraleHold(charged({ ...sq, guard: true })).hold).toBe(6);
  });

  it('L117: charged in flank or rear −3 (a line battalion needs a natural 11)', () => {
    expect(roll(charged(lineInf, { chargedFrom: 'flank' }), 10).result.holds).toBe(false);
    expect(roll(charged(lineInf, { chargedFrom: 'rear' }), 11).result).toMatchObject({ total: 8, holds: true });
    expect(moraleModifiers(charged(lineInf, { chargedFrom: 'front' }), settings)).toEqual([]);
  });

  it('L202: command figure within 4" +1 — not for skirmish order, not with the rule off', () => {
    const cmd = { ...lineInf, commandWithin4: true };
    expect(roll(charged(cmd), 7).result.holds).toBe(true);
    expect(roll(charged({ ...cmd, formation: 'skirmish' }), 8).result.holds).toBe(false); // skirm inf needs 9
    expect(roll(charged(cmd), 7, bpSettingsWith({ 'optional.commandFigures': false })).result.holds).toBe(false);
  });

  it('L167: disrupted −1; L208: green −1 with the optional rule only', () => {
    expect(roll(charged({ ...lineInf, disrupted: true }), 8).result.holds).toBe(false);
    expect(roll(charged({ ...lineInf, green: true }), 8).result.holds).toBe(true);
    expect(roll(charged({ ...lineInf, green: true }), 8, bpSettingsWith({ 'optional.greenTroops': true })).result.holds).toBe(false);
  });

  it('HR B-4: the terrain rows (+1 L152, +2 L155) go to the charged defender by default, to the charger with bonusTo attacker', () => {
    expect(roll(charged(lineInf, { defenderPosition: 'defended' }), 7).result.holds).toBe(true);
    expect(roll(charged(lineInf, { defenderPosition: 'strong' }), 6).result).toMatchObject({ total: 8, holds: true });
    const charger: MoraleInput = { unit: lineInf, reason: 'charger-fired-upon', defenderPosition: 'strong' };
    expect(roll(charger, 6).result.holds).toBe(false);
    const att = bpSettingsWith({ 'terrain.bonusTo': 'attacker' });
    expect(roll(charger, 6, att).result.holds).toBe(true);
    expect(roll(charged(lineInf, { defenderPosition: 'strong' }), 6, att).result.holds).toBe(false);
  });

  it('modifiers are labelled with their lines', () => {
    const s = bpSettingsWith({ 'optional.greenTroops': true });
    const mods = moraleModifiers(charged({ ...lineInf, disrupted: true, green: true, commandWithin4: true }, { chargedFrom: 'flank', defenderPosition: 'defended' }), s);
    expect(mods).toEqual([
      { label: 'charged in the flank −3 (B&P L117)', value: -3 },
      { label: 'uphill / wood / stream +1 (B&P L150-152; HR B-4 defender)', value: 1 },
      { label: 'command figure within 4" +1 (B&P L202)', value: 1 },
      { label: 'disrupted −1 (B&P L167)', value: -1 },
      { label: 'green troops −1 (B&P L208)', value: -1 },
    ]);
  });

  it('cavalry cannot be in square', () => {
    expect(() => roll(charged({ ...lineInf, arm: 'cavalry', formation: 'square' }), 8)).toThrow(/cannot form square/);
  });
});
