import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { rollNwInitiative, type InitiativeSide } from '../../../../src/rules/nw/procedures';
import { rollsOf } from './helpers';

const kutuzov: InitiativeSide = { side: 'russian', cinc: 'Kutuzov', skill: 'average' };
const wellington: InitiativeSide = { side: 'british', cinc: 'Wellington', skill: 'good' };
const soult: InitiativeSide = { side: 'french', cinc: 'Soult', skill: 'good' };
const napoleon: InitiativeSide = { side: 'french', cinc: 'Napoleon', skill: 'excellent', isNapoleon: true, startedOnMapInCommand: true };

describe('rollNwInitiative (N1, NW §6.0 L71-77)', () => {
  it('2d6 + presence each; the higher chooses (Ch.II §3.1 L549: G +2, A +1)', () => {
    const d2 = scriptedDice([4, 3, 3, 3]); // 7+2 = 9 vs 6+1 = 7
    const { result, events } = rollNwInitiative({ first: wellington, second: kutuzov }, d2);
    expect(result.winner).toBe('first');
    expect(result.winnerSide).toBe('british');
    expect(result.determinations).toEqual([{ rounds: [{ first: 9, second: 7 }], winner: 'first' }]);
    expect(result.napoleonRerollUsed).toBe(false);
    const rolls = rollsOf(events);
    expect(rolls).toHaveLength(2);
    expect(rolls.every((r) => r.rule === 'NW §6.0' && r.purpose === 'initiative' && r.expression === '2d6')).toBe(true);
    expect(rolls[0]).toMatchObject({ subject: 'Wellington (british)', faces: [4, 3], total: 9, tableRow: 'higher: chooses who moves first' });
    expect(rolls[0]!.modifiers).toEqual([{ label: 'good CinC presence +2 (Ch.II §3.1 L549)', value: 2 }]);
    expect(rolls[1]).toMatchObject({ subject: 'Kutuzov (russian)', total: 7, tableRow: 'lower: opponent chooses' });
    expect(rolls[1]!.modifiers).toEqual([{ label: 'average CinC presence +1 (Ch.II §3.1 L549)', value: 1 }]);
    expect(events.at(-1)).toMatchObject({ kind: 'note', rule: 'NW §6.0' });
    expect(d2.remaining).toBe(0);
  });

  it('the second CinC can win; a Poor CinC has no modifier', () => {
    const poor: InitiativeSide = { side: 'spanish', cinc: 'Cuesta', skill: 'poor' };
    const { result, events } = rollNwInitiative({ first: poor, second: kutuzov }, scriptedDice([6, 6, 6, 6]));
    expect(result.winner).toBe('second');
    expect(rollsOf(events)[0]!.modifiers).toEqual([]);
    expect(rollsOf(events)[0]!.total).toBe(12);
    expect(rollsOf(events)[1]!.total).toBe(13);
  });

  it('ties re-roll until one is higher (L73), each round a roll event naming the tie', () => {
    // 8 vs 8, 9 vs 9, then 12+2 vs 2+2
    const dice = scriptedDice([3, 3, 3, 3, 4, 3, 5, 2, 6, 6, 1, 1]);
    const { result, events } = rollNwInitiative({ first: wellington, second: soult }, dice);
    expect(result.determinations[0]!.rounds).toEqual([{ first: 8, second: 8 }, { first: 9, second: 9 }, { first: 14, second: 4 }]);
    expect(result.winner).toBe('first');
    const rolls = rollsOf(events);
    expect(rolls).toHaveLength(6);
    expect(rolls[0]!.tableRow).toBe('tie 8-8: re-roll (L73)');
    expect(rolls[3]!.tableRow).toBe('tie 9-9: re-roll (L73)');
    expect(rolls[2]!.purpose).toBe('initiative (tie re-roll 1)');
    expect(rolls[4]!.tableRow).toBe('higher: chooses who moves first');
    expect(dice.remaining).toBe(0);
  });

  it('Napoleon as CinC wins ties, as first or second side (L73); Napoleon E is +3 +1', () => {
    // Napoleon 2+2+4 = 8, Kutuzov 4+3+1 = 8
    const a = rollNwInitiative({ first: napoleon, second: kutuzov }, scriptedDice([2, 2, 4, 3]));
    expect(a.result.winner).toBe('first');
    expect(a.result.determinations[0]!.rounds).toHaveLength(1);
    const rolls = rollsOf(a.events);
    expect(rolls[0]!.modifiers).toEqual([
      { label: 'excellent CinC presence +3 (Ch.II §3.1 L549)', value: 3 },
      { label: 'Napoleon +1 (Ch.II §3.1 L549)', value: 1 },
    ]);
    expect(rolls[0]!.tableRow).toBe('higher (Napoleon wins ties, L73): chooses who moves first');
    expect(rolls[1]!.tableRow).toBe('lower (tie to Napoleon, L73): opponent chooses');
    const b = rollNwInitiative({ first: kutuzov, second: napoleon }, scriptedDice([4, 3, 2, 2]));
    expect(b.result.winner).toBe('second');
  });

  it('the Napoleon re-roll (L77) is used when he loses, and the second roll is binding', () => {
    // first: Napoleon 1+1+4 = 6 vs Wellington 6+6+2 = 14 → lost; re-roll: 6+6+4 = 16 vs 1+1+2 = 4
    const dice = scriptedDice([1, 1, 6, 6, 6, 6, 1, 1]);
    const { result, events } = rollNwInitiative({ first: napoleon, second: wellington, napoleonRerollIfLost: true }, dice);
    expect(result.napoleonRerollUsed).toBe(true);
    expect(result.determinations.map((d) => d.winner)).toEqual(['second', 'first']);
    expect(result.winner).toBe('first');
    expect(rollsOf(events).slice(2).every((r) => r.purpose.startsWith('initiative, Napoleon re-roll'))).toBe(true);
    expect(events.some((e) => e.kind === 'note' && e.rule === 'NW §6.0 L77')).toBe(true);
    expect(dice.remaining).toBe(0);
  });

  it('the re-roll is binding even when Napoleon loses again', () => {
    const dice = scriptedDice([1, 1, 6, 6, 1, 2, 6, 5]);
    const { result } = rollNwInitiative({ first: napoleon, second: wellington, napoleonRerollIfLost: true }, dice);
    expect(result).toMatchObject({ napoleonRerollUsed: true, winner: 'second' });
    expect(dice.remaining).toBe(0);
  });

  it('the re-roll is not used when Napoleon wins', () => {
    const dice = scriptedDice([6, 6, 1, 1]);
    const { result } = rollNwInitiative({ first: napoleon, second: wellington, napoleonRerollIfLost: true }, dice);
    expect(result).toMatchObject({ napoleonRerollUsed: false, winner: 'first' });
    expect(result.determinations).toHaveLength(1);
  });

  it.each([
    ['not rated Excellent', { ...napoleon, skill: 'good' as const }, 'Napoleon is rated good, not excellent'],
    ['not started on the map in command', { ...napoleon, startedOnMapInCommand: false }, 'Napoleon did not start on the map in command'],
    ['no Napoleon', soult, 'no side has Napoleon as CinC'],
  ])('the re-roll is refused when %s (L77)', (_what, first, why) => {
    const dice = scriptedDice([1, 1, 6, 6]);
    const { result, events } = rollNwInitiative({ first, second: wellington, napoleonRerollIfLost: true }, dice);
    expect(result.napoleonRerollUsed).toBe(false);
    expect(result.winner).toBe('second');
    expect(events).toContainEqual({ kind: 'note', rule: 'NW §6.0 L77', text: `Napoleon's initiative re-roll refused: ${why}.` });
    expect(dice.remaining).toBe(0);
  });

  it('scenario modifiers for an absent CinC are added (L75)', () => {
    const absent: InitiativeSide = { ...kutuzov, scenarioModifiers: [{ label: 'CinC not yet on the map (scenario)', value: -2 }] };
    const { events } = rollNwInitiative({ first: absent, second: wellington }, scriptedDice([4, 4, 3, 3]));
    expect(rollsOf(events)[0]!.total).toBe(7);
    expect(rollsOf(events)[0]!.modifiers).toHaveLength(2);
  });

  it('refuses two Napoleons', () => {
    expect(() => rollNwInitiative({ first: napoleon, second: napoleon }, scriptedDice([1, 1, 1, 1]))).toThrow(RangeError);
  });
});
