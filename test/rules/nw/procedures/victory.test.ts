import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { assessVictory, finalLosses, lightCavalrySp, rollPursuit, type ArmyState, type PursuitCavalry, type PursuitInput } from '../../../../src/rules/nw/procedures/victory';
import { NW_SETTINGS_DEFAULTS as S, NwSettingsSchema } from '../../../../src/rules/nw/settings';
import { rollsOf } from './helpers';

const cav = (unit: string, sp: number, weight: PursuitCavalry['weight'] = 'light', spent = false): PursuitCavalry => ({ unit, sp, weight, ...(spent ? { spent } : {}) });
const side = (name: string, broken: boolean, cavalry: PursuitCavalry[] = []): ArmyState => ({ side: name, broken, cavalry });
const P = NwSettingsSchema.parse({ optional: { pursuit: true } });
const WHOLE = NwSettingsSchema.parse({ optional: { pursuit: true }, pursuit: { dice: 'whole-steps' } });
const LIGHT_AND_MEDIUM = NwSettingsSchema.parse({ optional: { pursuit: true }, pursuit: { lightOnly: false } });

describe('lightCavalrySp (§13.0 L439, HR N-25 pursuit.lightOnly)', () => {
  const cavalry = [cav('Hussars', 4), cav('Chasseurs', 3, 'light', true), cav('Dragoons', 5, 'medium'), cav('Cuirassiers', 6, 'heavy'), cav('Lancers', 0)];
  it('counts light, not spent; medium too when lightOnly is false; heavy never', () => {
    expect(lightCavalrySp(cavalry, S)).toBe(4);
    expect(lightCavalrySp(cavalry, LIGHT_AND_MEDIUM)).toBe(9);
  });
});

describe('assessVictory (§13.0 L437-439)', () => {
  it('both armies break the same turn: a draw', () => {
    const { result, events } = assessVictory({ a: side('French', true, [cav('h', 8)]), b: side('Allies', true) }, S);
    expect(result).toEqual({ winner: null, loser: null, level: 'draw', pursuit: false, lightCavalrySp: { a: 8, b: 0 } });
    expect(events).toEqual([{ kind: 'note', rule: 'NW §13.0 L437-439', text: 'French and Allies both broke: a draw' }]);
  });

  it('neither breaks: the scenario decides, else a draw', () => {
    expect(assessVictory({ a: side('French', false), b: side('Allies', false) }, S).result).toMatchObject({ winner: null, level: 'draw' });
    expect(assessVictory({ a: side('French', false), b: side('Allies', false), scenarioWinner: 'Allies' }, S).result).toMatchObject({ winner: 'Allies', loser: 'French', level: 'scenario', pursuit: false });
    expect(() => assessVictory({ a: side('French', false), b: side('Allies', false), scenarioWinner: 'Prussians' }, S)).toThrow(RangeError);
  });

  it.each([
    [5, 4, 'decisive'], // one fewer: pursuit
    [5, 5, 'marginal'], // equal: none
    [5, 6, 'marginal'],
    [1, 0, 'decisive'],
    [0, 0, 'marginal'],
  ] as const)('one army breaks: winner %i light s.p., loser %i → %s', (w, l, level) => {
    const { result, events } = assessVictory({ a: side('French', false, [cav('h', w)]), b: side('Allies', true, [cav('h', l)]) }, S);
    expect(result).toEqual({ winner: 'French', loser: 'Allies', level, pursuit: level === 'decisive', lightCavalrySp: { a: w, b: l } });
    expect((events[0] as { text: string }).text).toBe(`Allies broke: ${level} victory for French (light cavalry ${w} s.p. against ${l}${level === 'decisive' ? ': he pursues' : ': no pursuit'})`);
  });

  it('side B can win; spent light cavalry does not count; lightOnly decides medium cavalry', () => {
    const a = side('French', true, [cav('Hussars', 4), cav('Dragoons', 6, 'medium')]);
    const b = side('Allies', false, [cav('Hussars', 5), cav('Uhlans', 3, 'light', true)]);
    expect(assessVictory({ a, b }, S).result).toMatchObject({ winner: 'Allies', loser: 'French', level: 'decisive', lightCavalrySp: { a: 4, b: 5 } });
    expect(assessVictory({ a, b }, LIGHT_AND_MEDIUM).result).toMatchObject({ winner: 'Allies', level: 'marginal', lightCavalrySp: { a: 10, b: 5 } });
  });
});

const base: PursuitInput = { winner: 'French', loser: 'Allies', winnerLightCavalrySp: 6, loserLightCavalrySp: 4, conditions: [], winnerLostSp: 0, loserLostSp: 0 };

describe('rollPursuit (Optional §1.0 L607-614, HR N-25, NT-5)', () => {
  it('not in play (campaign games only, L605): no dice, no losses', () => {
    const dice = scriptedDice([]);
    const { result, events } = rollPursuit(base, S, dice); // the default: optional pursuit off
    expect(result).toEqual({ inPlay: false, dice: 0, faces: [], dieResults: [], perDieModifiers: [], pursuitSp: 0, finalLosses: null });
    expect(events).toEqual([{ kind: 'note', rule: 'NW Optional §1.0', text: 'the optional pursuit rule is not in play (campaign games only, L605)' }]);
  });

  it.each([
    // winner, loser, half-steps dice, whole-steps dice
    [4, 4, 0, 0], // 1:1, no superiority (§13.0 L439)
    [3, 4, 0, 0],
    [5, 4, 1, 1], // just above 1:1 → 1d6
    [7, 5, 1, 1], // 1.4
    [6, 4, 2, 1], // 3:2 (L609 example: two d6)
    [7, 4, 2, 1], // 1.75
    [8, 4, 3, 2], // 2:1 (L609 example: three d6)
    [10, 4, 4, 2], // 5:2
    [12, 4, 5, 3], // 3:1
    [3, 0, 5, 3], // NT-5: a loser with 0 s.p. counts as 1 → 3:1
  ])('light cavalry %i:%i → %i dice (half-steps), %i (whole-steps)', (w, l, half, whole) => {
    for (const [settings, n] of [[P, half], [WHOLE, whole]] as const) {
      const dice = scriptedDice(Array.from({ length: n }, () => 6));
      const { result, events } = rollPursuit({ ...base, winnerLightCavalrySp: w, loserLightCavalrySp: l }, settings, dice);
      expect(result).toMatchObject({ dice: n, pursuitSp: 6 * n, faces: Array(n).fill(6) });
      expect(rollsOf(events)).toHaveLength(n === 0 ? 0 : 1);
      if (n > 0) expect(rollsOf(events)[0]).toMatchObject({ rule: 'NW Optional §1.0', purpose: 'pursuit', subject: 'French', expression: `${n}d6`, modifiers: [] });
      else expect(events[0]).toEqual({ kind: 'note', rule: 'NW §13.0 L439', text: `French cannot pursue: light cavalry ${w}:${l}` });
      expect(dice.remaining).toBe(0);
    }
  });

  it('2:1 without modifiers: three dice summed', () => {
    const { result, events } = rollPursuit({ ...base, winnerLightCavalrySp: 8 }, P, scriptedDice([2, 5, 3]));
    expect(result).toMatchObject({ dice: 3, faces: [2, 5, 3], dieResults: [2, 5, 3], pursuitSp: 10 });
    expect(rollsOf(events)[0]!.tableRow).toBe('L609: light cavalry 8:4 → 3d6 (HR N-25 half-steps): Allies loses 10 s.p.');
    expect(events[1]).toEqual({ kind: 'note', rule: 'NW Optional §1.0 L609', text: 'Allies loses 10 more s.p. to pursuit, chosen by Allies (a battery counts 2 s.p., 1 if damaged)' });
  });

  it('modifiers are per die and cumulative (L611-614); no die below 1', () => {
    const { result, events } = rollPursuit({ ...base, winnerLightCavalrySp: 8, conditions: ['mud-rain-or-snow', 'last-quarter-of-game'] }, P, scriptedDice([1, 3, 6]));
    expect(result).toMatchObject({ faces: [1, 3, 6], dieResults: [1, 1, 4], pursuitSp: 6 });
    expect(result.perDieModifiers).toEqual([
      { label: 'mud-rain-or-snow −1 (Optional §1.0 L613)', value: -1 },
      { label: 'last-quarter-of-game −1 (Optional §1.0 L614)', value: -1 },
    ]);
    const [roll] = rollsOf(events);
    expect(roll!.modifiers).toEqual([]);
    expect(roll!.total).toBe(10);
    expect(roll!.tableRow).toBe('L609: light cavalry 8:4 → 3d6 (HR N-25 half-steps), per die mud-rain-or-snow −1 (Optional §1.0 L613), last-quarter-of-game −1 (Optional §1.0 L614) (never below 1) → 1, 1, 4: Allies loses 6 s.p.');
    expect(rollPursuit({ ...base, conditions: ['mud-rain-or-snow'] }, P, scriptedDice([2, 1])).result.dieResults).toEqual([1, 1]);
  });

  it('final losses (Optional §2.0 L618): winner regains ⅓, loser ½ of lost s.p. including pursuit', () => {
    const { result, events } = rollPursuit({ ...base, winnerLightCavalrySp: 8, winnerLostSp: 10, loserLostSp: 9 }, P, scriptedDice([2, 2, 2]));
    expect(result.finalLosses).toEqual({ winner: { lost: 10, regained: 3, final: 7 }, loser: { lost: 15, regained: 7, final: 8 } });
    expect(events.at(-1)).toEqual({ kind: 'note', rule: 'NW Optional §2.0 L618', text: 'final losses: French lost 10 s.p., regains 3 (⅓) → 7; Allies lost 15 s.p., regains 7 (½) → 8' });
    // no pursuit: final losses still follow
    expect(rollPursuit({ ...base, winnerLightCavalrySp: 4, winnerLostSp: 2, loserLostSp: 1 }, P, scriptedDice([])).result.finalLosses).toEqual({
      winner: { lost: 2, regained: 1, final: 1 }, loser: { lost: 1, regained: 0, final: 1 },
    });
  });

  it('final-loss rounding (HR NT-6): ⅓ gives .3/.6, ½ gives .5 — the same in both rounding modes', () => {
    const hd = NwSettingsSchema.parse({ rounding: { mode: 'half-down' } });
    for (const settings of [S, hd]) {
      expect(finalLosses(1, 1, settings)).toEqual({ winner: { lost: 1, regained: 0, final: 1 }, loser: { lost: 1, regained: 0, final: 1 } });
      expect(finalLosses(5, 3, settings)).toEqual({ winner: { lost: 5, regained: 2, final: 3 }, loser: { lost: 3, regained: 1, final: 2 } });
      expect(finalLosses(0, 0, settings).winner).toEqual({ lost: 0, regained: 0, final: 0 });
    }
    expect(() => finalLosses(-1, 0, S)).toThrow(RangeError);
  });
});
