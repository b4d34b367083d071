import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../src/dice/dice';

describe('Dice for the rules core', () => {
  it('scripted dice show exactly the scripted faces, with modifiers', () => {
    const dice = scriptedDice([4, 3, 6, -3]);
    const r = dice.roll('2d6', { purpose: 'NW initiative', modifiers: [{ label: 'Napoleon present', value: 4 }] });
    expect(r.result.total).toBe(7);
    expect(r.total).toBe(11);
    expect(dice.roll('1d6', { purpose: 'x' }).total).toBe(6);
    expect(dice.roll('1dK8', { purpose: 'Kuryakin random movement' }).total).toBe(-3);
    expect(dice.remaining).toBe(0);
    expect(dice.log).toHaveLength(3);
  });

  it('scripted dice fail loudly on an impossible face or an empty script', () => {
    expect(() => scriptedDice([7]).roll('1d6', { purpose: 'x' })).toThrow(/cannot show 7/);
    expect(() => scriptedDice([]).roll('1d6', { purpose: 'DRAM initiative' })).toThrow(/exhausted.*DRAM initiative/);
  });

  it('seeded dice replay deterministically from a start index', () => {
    const seed = 'ab'.repeat(32);
    const a = seededDice(seed);
    const rolls = Array.from({ length: 5 }, () => a.roll('3d6', { purpose: 'x' }).result.terms);
    expect(a.nextIndex).toBe(5);
    const b = seededDice(seed, 2);
    expect(b.roll('3d6', { purpose: 'x' }).result.terms).toEqual(rolls[2]);
  });

  it('rejects a bad expression in rules code as a programming error', () => {
    expect(() => seededDice('ab'.repeat(32)).roll('2d', { purpose: 'x' })).toThrow(/Invalid dice expression in rules code/);
  });
});
