import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import {
  checkArmyBreak, checkCommandFatigue, countFatigue, halvesText, rollCommanderReplacement, unitFatigueLossHalves, type FatigueUnit,
} from '../../../../src/rules/nw/procedures/fatigue';
import { NW_SETTINGS_DEFAULTS as S, NwSettingsSchema } from '../../../../src/rules/nw/settings';
import { rollsOf } from './helpers';

const inf = (unit: string, flags: Partial<FatigueUnit> = {}): FatigueUnit => ({ unit, arm: 'infantry', quality: 'line', ...flags });
/** n line infantry units, the first `destroyed` eliminated and the next `spent` Spent. */
const army = (n: number, destroyed = 0, spent = 0): FatigueUnit[] =>
  Array.from({ length: n }, (_, i) => inf(`${i + 1}B`, i < destroyed ? { destroyed: true } : i < destroyed + spent ? { spent: true } : {}));

describe('unit fatigue losses (Ch.II §4.0 L593-599, §12.0.1 L431, HR N-24), in half-units', () => {
  it.each<[string, FatigueUnit, number, number]>([
    ['intact unit', inf('a'), 0, 0],
    ['destroyed unit = 1 (L596)', inf('a', { destroyed: true }), 2, 2],
    ['Spent unit = ½ (L595)', inf('a', { spent: true }), 1, 1],
    ['routed off the table = ½ (L431)', inf('a', { routedOffTable: true }), 1, 1],
    ['destroyed battery = ½ (L594)', { unit: 'bty', arm: 'artillery', destroyed: true }, 1, 1],
    ['Guard battery is not doubled (L597: infantry or cavalry)', { unit: 'bty', arm: 'artillery', quality: 'guard', destroyed: true }, 1, 1],
    ['HR N-24: Spent then destroyed = 1, not 1½', inf('a', { spent: true, destroyed: true }), 2, 2],
    ['HR N-24: Spent and routed off = 1 (capped)', inf('a', { spent: true, routedOffTable: true }), 2, 2],
    ['Guard destroyed: 1 for the corps, 2 for the army (L597)', inf('g', { quality: 'guard', destroyed: true }), 2, 4],
    ['Guard Spent: ½ for the corps, 1 for the army (HR N-24)', inf('g', { quality: 'guard', spent: true }), 1, 2],
    ['Guard cavalry destroyed', { unit: 'gc', arm: 'cavalry', quality: 'guard', destroyed: true }, 2, 4],
    ['Cossacks destroyed: 1 for the corps, 0 for the army (L598)', { unit: 'Cossacks', arm: 'cavalry', irregularCavalry: true, destroyed: true }, 2, 0],
  ])('%s', (_, u, command, armyHalves) => {
    expect(unitFatigueLossHalves(u, 'command')).toBe(command);
    expect(unitFatigueLossHalves(u, 'army')).toBe(armyHalves);
  });

  it('a battery cannot be Spent or routed off', () => {
    expect(() => unitFatigueLossHalves({ unit: 'bty', arm: 'artillery', spent: true }, 'command')).toThrow(RangeError);
    expect(() => unitFatigueLossHalves({ unit: 'bty', arm: 'artillery', routedOffTable: true }, 'army')).toThrow(RangeError);
  });

  it('prints halves', () => {
    expect([0, 1, 2, 11, 12].map(halvesText)).toEqual(['0', '½', '1', '5½', '6']);
  });
});

describe('checkArmyBreak (Ch.II §4.0 L587-591)', () => {
  it('Massena example L589: 18 units × .35 = 6.3 → 6; 5½ lost holds, 6 lost breaks', () => {
    const holds = checkArmyBreak({ army: 'Army of Portugal', morale: 'average', units: army(18, 5, 1) }, S);
    expect(holds.result).toEqual({ units: 18, level: 6, lossHalves: 11, losses: 5.5, broken: false });
    expect(holds.events).toEqual([{ kind: 'note', rule: 'NW Ch.II §4.0 L587', text: 'Army of Portugal: 5½ lost of 18 units; breaking point 18 × .35 → 6: holds' }]);
    const broken = checkArmyBreak({ army: 'Army of Portugal', morale: 'average', units: army(18, 6) }, S);
    expect(broken.result).toMatchObject({ level: 6, losses: 6, broken: true });
    expect(broken.events[1]).toMatchObject({ kind: 'status', unit: 'Army of Portugal', status: 'broken', on: true });
    expect(checkArmyBreak({ army: 'x', morale: 'average', units: army(18, 7) }, S).result.broken).toBe(true);
  });

  it('twelve Spent brigades are six units lost (L595)', () => {
    expect(checkArmyBreak({ army: 'x', morale: 'average', units: army(18, 0, 11) }, S).result.broken).toBe(false);
    expect(checkArmyBreak({ army: 'x', morale: 'average', units: army(18, 0, 12) }, S).result.broken).toBe(true);
  });

  it('Guard losses count double for the army: 3 Guard brigades destroyed break the 18-unit army', () => {
    const units = army(18).map((u, i) => (i < 3 ? { ...u, quality: 'guard' as const, destroyed: true } : u));
    expect(checkArmyBreak({ army: 'x', morale: 'average', units }, S).result).toMatchObject({ lossHalves: 12, broken: true });
    expect(checkCommandFatigue({ command: 'Guard', morale: 'average', units }, S).result.lossHalves).toBe(6);
  });

  it('irregular cavalry is left out of the army count and losses (HR)', () => {
    const cossacks: FatigueUnit[] = [1, 2, 3].map((i) => ({ unit: `Cossacks ${i}`, arm: 'cavalry', irregularCavalry: true, destroyed: true }));
    const r = checkArmyBreak({ army: 'Russians', morale: 'average', units: [...army(18, 5), ...cossacks] }, S).result;
    expect(r).toMatchObject({ units: 18, level: 6, lossHalves: 10, broken: false });
  });

  it.each([
    ['good', 4], // 10 × .40 = 4.0
    ['average', 3], // 10 × .35 = 3.5 → 3
    ['poor', 3], // 10 × .30 = 3.0
  ] as const)('10 units, %s morale → level %i: one below holds, at it breaks', (morale, level) => {
    expect(checkArmyBreak({ army: 'x', morale, units: army(10, level - 1, 1) }, S).result).toMatchObject({ level, broken: false });
    expect(checkArmyBreak({ army: 'x', morale, units: army(10, level) }, S).result).toMatchObject({ level, broken: true });
  });

  it('rounding.mode (HR N-4): 13 × .35 = 4.55 → 4 (tenths) or 5 (half-down)', () => {
    const units = army(13, 4);
    expect(checkArmyBreak({ army: 'x', morale: 'average', units }, S).result).toMatchObject({ level: 4, broken: true });
    const hd = NwSettingsSchema.parse({ rounding: { mode: 'half-down' } });
    expect(checkArmyBreak({ army: 'x', morale: 'average', units }, hd).result).toMatchObject({ level: 5, broken: false });
    expect(checkArmyBreak({ army: 'x', morale: 'average', units: army(13, 5) }, hd).result.broken).toBe(true);
  });

  it('refuses an army with no counted units', () => {
    expect(() => checkArmyBreak({ army: 'x', morale: 'good', units: [] }, S)).toThrow(RangeError);
    expect(() => checkArmyBreak({ army: 'x', morale: 'good', units: [{ unit: 'c', arm: 'cavalry', irregularCavalry: true }] }, S)).toThrow(RangeError);
  });
});

describe('checkCommandFatigue (Ch.II §4.0 L587-591, §12.0 step 3 L435)', () => {
  it('1st Corps, example L589: 5 × .35 = 1.75 → 2; fatigued once 2 units are lost', () => {
    const one = checkCommandFatigue({ command: 'I Corps', morale: 'average', units: army(5, 1, 1) }, S);
    expect(one.result).toEqual({ units: 5, level: 2, lossHalves: 3, losses: 1.5, fatigued: false, newlyFatigued: false });
    expect(one.events).toEqual([{ kind: 'note', rule: 'NW Ch.II §4.0 L587', text: 'I Corps: 1½ lost of 5 units; fatigue level 5 × .35 → 2: not fatigued' }]);
    const two = checkCommandFatigue({ command: 'I Corps', morale: 'average', units: army(5, 2) }, S);
    expect(two.result).toMatchObject({ level: 2, losses: 2, fatigued: true, newlyFatigued: true });
    expect(two.events[1]).toEqual({
      kind: 'status', rule: 'NW Ch.II §4.0 L587', unit: 'I Corps', status: 'fatigued', on: true,
      reason: 'lost 2 units, level 2: red flag; −1 to all maneuver rolls, cavalry −1 to reaction rolls',
    });
  });

  it('the 4-unit corps of the example: 4 × .35 = 1.4 → 1', () => {
    expect(checkCommandFatigue({ command: 'III Corps', morale: 'average', units: army(4, 0, 1) }, S).result).toMatchObject({ level: 1, fatigued: false });
    expect(checkCommandFatigue({ command: 'III Corps', morale: 'average', units: army(4, 0, 2) }, S).result).toMatchObject({ level: 1, fatigued: true });
  });

  it('a Poor militia corps in an Average army (L591): its own multiplier', () => {
    expect(checkCommandFatigue({ command: 'Militia', morale: 'poor', units: army(5, 1) }, S).result).toMatchObject({ level: 1, fatigued: true }); // 5 × .30 = 1.5 → 1
    expect(checkCommandFatigue({ command: 'I Corps', morale: 'average', units: army(5, 1) }, S).result).toMatchObject({ level: 2, fatigued: false });
  });

  it('a command already flagged gets no new status event', () => {
    const r = checkCommandFatigue({ command: 'II Corps', morale: 'average', units: army(5, 3), alreadyFatigued: true }, S);
    expect(r.result).toMatchObject({ fatigued: true, newlyFatigued: false });
    expect(r.events.map((e) => e.kind)).toEqual(['note']);
  });

  it('HR: a level that rounds to 0 is 1 (a lone brigade is not fatigued before it loses anything)', () => {
    expect(countFatigue(army(1), 'good', 'command', S).level).toBe(1);
    expect(checkCommandFatigue({ command: 'Div', morale: 'good', units: army(1) }, S).result.fatigued).toBe(false);
    expect(checkCommandFatigue({ command: 'Div', morale: 'good', units: army(1, 0, 1) }, S).result.fatigued).toBe(false);
    expect(checkCommandFatigue({ command: 'Div', morale: 'good', units: army(1, 1) }, S).result.fatigued).toBe(true);
  });

  it('batteries count in the unit total and ½ when destroyed; Cossacks count for their corps', () => {
    const units: FatigueUnit[] = [...army(3), { unit: 'bty', arm: 'artillery', destroyed: true }, { unit: 'Cossacks', arm: 'cavalry', irregularCavalry: true, spent: true }];
    expect(checkCommandFatigue({ command: 'VI Corps', morale: 'good', units }, S).result).toMatchObject({ units: 5, level: 2, lossHalves: 2, fatigued: false });
  });
});

describe('rollCommanderReplacement (§11.7 Officer Casualties L421-425, §12.0 step 2)', () => {
  const lannes = { commander: 'Lannes', command: 'V Corps', skill: 'excellent' as const, range: 14, baseRange: 4, lostOnTurn: 5, cincPresence: 4 };

  it('example L425: lost turn 5, 3 − 4 → 1; turn 6 goes by, he arrives in turn 7', () => {
    const dice = scriptedDice([3]);
    const { result, events } = rollCommanderReplacement(lannes, dice);
    expect(result).toEqual({ die: 3, delay: 1, arrivesOnTurn: 7, setupInches: 8, replacement: { name: "Lannes's replacement", skill: 'good', valorous: false, range: 12 } });
    const [roll] = rollsOf(events);
    expect(roll).toMatchObject({ rule: 'NW §11.7 Officer Casualties', purpose: 'commander replacement', subject: 'Lannes', expression: '1d6', faces: [3], total: -1 });
    expect(roll!.modifiers).toEqual([{ label: 'CinC presence −4 (L421)', value: -4 }]);
    expect(roll!.tableRow).toBe('L421: 1 turn (never below 1) goes by; arrives in the Initiative phase of turn 7');
    expect(events[1]).toMatchObject({ kind: 'general', general: "Lannes's replacement", what: 'replaced', rule: 'NW §11.7 Officer Casualties L421-423' });
    expect(dice.remaining).toBe(0);
  });

  it.each([
    [4, 5, 1, 7],
    [4, 6, 2, 8],
    [0, 1, 1, 7],
    [0, 6, 6, 12],
    [2, 3, 1, 7],
    [2, 4, 2, 8],
  ])('presence %i, die %i → %i turns, arrives turn %i', (cincPresence, face, delay, turn) => {
    const { result, events } = rollCommanderReplacement({ ...lannes, cincPresence }, scriptedDice([face]));
    expect(result).toMatchObject({ die: face, delay, arrivesOnTurn: turn });
    expect(rollsOf(events)[0]!.modifiers).toHaveLength(cincPresence === 0 ? 0 : 1);
    expect(rollsOf(events)[0]!.tableRow).not.toContain('never below');
  });

  it('one skill lower (Poor stays Poor, HR NT-4), no V, range −2" but never below the base; a named replacement', () => {
    const poor = rollCommanderReplacement({ ...lannes, skill: 'poor', range: 5, baseRange: 4, replacement: 'Gen. X' }, scriptedDice([6])).result.replacement;
    expect(poor).toEqual({ name: 'Gen. X', skill: 'poor', valorous: false, range: 4 });
    expect(rollCommanderReplacement({ ...lannes, skill: 'average', range: 6, baseRange: 3 }, scriptedDice([6])).result.replacement).toMatchObject({ skill: 'poor', range: 4 });
  });
});
