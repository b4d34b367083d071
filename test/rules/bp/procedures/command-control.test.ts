import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { bRollsOnTurn, commandFigureKill, controlRoll, firstPlayer, firstPlayerRollOff } from '../../../../src/rules/bp/procedures';
import { bpSettingsWith, facesFor, rollsOf } from './helpers';

const settings = bpSettingsWith();
const control = bpSettingsWith({ 'optional.control': true });

describe('commandFigureKill (P9, B&P L202, HR B-14)', () => {
  it('2D6: only 12 kills', () => {
    expect(commandFigureKill({ commander: 'Ney', by: '95th' }, settings, scriptedDice(facesFor(11))).result).toEqual({ total: 11, killed: false });
    const r = commandFigureKill({ commander: 'Ney', by: '95th' }, settings, scriptedDice([6, 6]));
    expect(r.result).toEqual({ total: 12, killed: true });
    expect(rollsOf(r.events)[0]).toMatchObject({ rule: 'B&P L202', expression: '2d6', tableRow: '12: Ney killed' });
  });
  it('HR B-14 1d12 alternative', () => {
    const s = bpSettingsWith({ 'command.killDice': '1d12' });
    expect(commandFigureKill({ commander: 'Ney', by: '95th' }, s, scriptedDice([12])).result.killed).toBe(true);
    expect(commandFigureKill({ commander: 'Ney', by: '95th' }, s, scriptedDice([11])).result.killed).toBe(false);
  });
});

describe('controlRoll (P11, B&P L206, HR B-12)', () => {
  it('optional rule off: full move, no roll', () => {
    const dice = scriptedDice([]);
    expect(controlRoll({ unit: 'u', controlClass: 'C', turn: 1 }, settings, dice).result).toMatchObject({ rolled: false, move: 'full' });
  });
  it('class A never rolls', () => {
    expect(controlRoll({ unit: 'u', controlClass: 'A', turn: 2 }, control, scriptedDice([])).result).toMatchObject({ rolled: false, move: 'full' });
  });
  it.each([[1, 'full'], [3, 'full'], [4, 'half'], [6, 'half']] as const)('class C, face %i → %s (every turn)', (face, move) => {
    const r = controlRoll({ unit: 'u', controlClass: 'C', turn: 1 }, control, scriptedDice([face]));
    expect(r.result).toMatchObject({ rolled: true, face, move });
    expect(rollsOf(r.events)[0]!.tableRow).toBe(move === 'full' ? `${face}: 1-3 full move` : `${face}: 4-6 half move`);
  });
  it('class B rolls on even turns by default; odd turns are full', () => {
    expect(controlRoll({ unit: 'u', controlClass: 'B', turn: 1 }, control, scriptedDice([])).result).toMatchObject({ rolled: false, move: 'full' });
    expect(controlRoll({ unit: 'u', controlClass: 'B', turn: 2 }, control, scriptedDice([5])).result).toMatchObject({ rolled: true, move: 'half' });
  });
  it('odd-turns and even-turns-carry schedules', () => {
    expect(bRollsOnTurn(1, 'odd-turns')).toBe(true);
    expect(bRollsOnTurn(2, 'odd-turns')).toBe(false);
    const carry = bpSettingsWith({ 'optional.control': true, 'control.bSchedule': 'even-turns-carry' });
    expect(controlRoll({ unit: 'u', controlClass: 'B', turn: 3, previousBResult: 'half' }, carry, scriptedDice([])).result).toMatchObject({ rolled: false, move: 'half' });
    expect(controlRoll({ unit: 'u', controlClass: 'B', turn: 3, previousBResult: 'half' }, control, scriptedDice([])).result.move).toBe('full');
  });
});

describe('firstPlayerRollOff (HR B-1)', () => {
  it('high roll chooses; ties re-roll', () => {
    const r = firstPlayerRollOff(['French', 'Allies'], scriptedDice([3, 3, 2, 5]));
    expect(r.result).toEqual({ chooser: 'Allies', rerolls: 1 });
    expect(rollsOf(r.events)).toHaveLength(4);
  });
});

describe('firstPlayer (HR B-1 sequence.firstPlayer)', () => {
  const input = { turn: 2, sides: ['French', 'Allies'] as const, scenarioFirst: 'French' };
  it('rolloff-each-turn (default): the high roller chooses', () => {
    expect(firstPlayer(input, settings, scriptedDice([2, 6])).result).toEqual({ first: null, chooser: 'Allies', how: 'rolloff-each-turn' });
  });
  it('scenario: the scenario side every turn, no dice', () => {
    expect(firstPlayer(input, bpSettingsWith({ 'sequence.firstPlayer': 'scenario' }), scriptedDice([])).result.first).toBe('French');
  });
  it('alternate: the scenario side on odd turns, the other on even turns', () => {
    const s = bpSettingsWith({ 'sequence.firstPlayer': 'alternate' });
    expect(firstPlayer({ ...input, turn: 1 }, s, scriptedDice([])).result.first).toBe('French');
    expect(firstPlayer(input, s, scriptedDice([])).result.first).toBe('Allies');
  });
  it('refuses an unknown scenario side', () => {
    expect(() => firstPlayer({ ...input, scenarioFirst: 'Prussians' }, settings, scriptedDice([]))).toThrow(/French or Allies/);
  });
});
