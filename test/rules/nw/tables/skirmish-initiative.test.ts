import { describe, expect, it } from 'vitest';
import {
  initiativeOutcome, presenceBonus, skirmishAttackTotal, skirmishDefenceModifier, skirmishRange, skirmishResult, skirmishShootsGeneral,
} from '../../../../src/rules/nw/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();

describe('N1 initiative (§6.0 L73; Ch.II §3.1 L549)', () => {
  it.each([['excellent', 3], ['good', 2], ['average', 1], ['poor', 0]] as const)('%s CinC presence +%d', (s, v) => expect(presenceBonus(s)).toBe(v));
  it('Napoleon E = +4 (label L41)', () => expect(presenceBonus('excellent', true)).toBe(4));
  it('higher wins; ties reroll; Napoleon wins ties', () => {
    expect(initiativeOutcome(9, 8)).toBe('first');
    expect(initiativeOutcome(7, 8)).toBe('second');
    expect(initiativeOutcome(8, 8)).toBe('reroll');
    expect(initiativeOutcome(8, 8, 'second')).toBe('second');
  });
});

describe('N2 skirmish ranges (§7.1 L89-91, §7.8 L148)', () => {
  it.each([
    [0, 'clear', null], [1, 'clear', 4], [2, 'clear', 6], [1, 'fog', 2], [2, 'fog', 4], [2, 'rain', null], [1, 'snow', null],
  ] as const)('SK%d in %s → %s"', (sk, w, r) => expect(skirmishRange(sk, w)).toBe(r));
});

describe('N2 skirmish modifiers (§7.7 L130-136)', () => {
  it.each([
    ['target-mx', 1], ['soft-cover', 1], ['friendly-cavalry-within-3', 1], ['hard-cover', 2], ['target-artillery', 2],
    ['target-ottoman-artillery', 3], ['target-vulnerable', -1],
  ] as const)('%s → %d', (c, v) => expect(skirmishDefenceModifier(0, [c])).toBe(v));
  it('Ottoman artillery +3 replaces the +2', () => expect(skirmishDefenceModifier(0, ['target-artillery', 'target-ottoman-artillery'])).toBe(3));
  it('example two L144: SK1 MX target adds 2', () => expect(skirmishDefenceModifier(1, ['target-mx'])).toBe(2));
});

describe('N2 skirmish results (§7.6 L124; chart L700)', () => {
  it('example L142: two SK2 roll 2 → 6 vs Prussian 4+1 = 5 → disordered', () => {
    const att = skirmishAttackTotal(2, [2, 2]);
    expect(att).toBe(6);
    expect(skirmishResult(att, 4 + 1, 'infantry', defaults)).toBe('disordered');
  });
  it.each([
    [5, 5, 'infantry', 'no-effect'], [4, 5, 'infantry', 'no-effect'], [6, 5, 'artillery', 'suppressed'], [9, 5, 'infantry', 'disordered'],
    [10, 5, 'infantry', 'loss-and-disordered'], [11, 5, 'infantry', 'loss-and-disordered'], [10, 5, 'artillery', 'damaged'],
  ] as const)('attack %d vs target %d (%s) → %s', (a, t, arm, r) => expect(skirmishResult(a, t, arm, defaults)).toBe(r));
  it('HR N-14 eq: 11 vs 5 is only disorder', () => expect(skirmishResult(11, 5, 'infantry', settingsWith({ skirmish: { double: 'eq' } }))).toBe('disordered'));
  it('natural 12 shoots the attached general (L138)', () => {
    expect(skirmishShootsGeneral(12)).toBe(true);
    expect(skirmishShootsGeneral(11)).toBe(false);
    expect(() => skirmishShootsGeneral(13)).toThrow(RangeError);
  });
});
