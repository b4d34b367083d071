import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { rollRally, rollReaction } from '../../../../src/rules/nw/procedures';
import { QUALITIES, RALLY_TABLE, rallyModifier, reactionModifier, type RallyCondition, type ReactionCondition } from '../../../../src/rules/nw/tables';
import { facesFor, reach, rollsOf } from './helpers';

describe('rollReaction (N7, NW §10.1 L355; chart L796-807)', () => {
  it.each([
    [6, false],
    [7, true],
    [2, false],
    [12, true],
  ])('natural %i → reacts %s (7+ needed)', (n, ok) => {
    const dice = scriptedDice(facesFor(n));
    const { result, events } = rollReaction({ unit: '3rd Hussars', contacted: false, conditions: [] }, dice);
    expect(result).toMatchObject({ natural: n, total: n, reacts: ok });
    const [roll] = rollsOf(events);
    expect(roll).toMatchObject({ rule: 'NW §10.1', purpose: 'cavalry reaction', subject: '3rd Hussars' });
    expect(roll!.tableRow).toBe(ok ? 'Cavalry Reaction Table chart L800, 7+: reacts (charge-activating-unit)' : 'Cavalry Reaction Table chart L800, below 7: does not react');
    expect(result.options).toEqual(ok ? ['charge-activating-unit'] : []);
    expect(dice.remaining).toBe(0);
  });

  it('modifiers are cumulative and named after their chart lines; contacted cavalry may countercharge or evade', () => {
    const conditions: ReactionCondition[] = ['target-of-a-charge', 'worn', 'disordered', 'general-attached'];
    const { result, events } = rollReaction({ unit: '2nd Cuirassiers', contacted: true, conditions }, scriptedDice([3, 3]));
    expect(result).toMatchObject({ natural: 6, total: 7, reacts: true, options: ['countercharge', 'evade'] });
    expect(rollsOf(events)[0]!.modifiers).toEqual([
      { label: 'general-attached +1 (chart L802)', value: 1 },
      { label: 'disordered −1 (chart L804)', value: -1 },
      { label: 'worn −1 (chart L805 (HR N-16: the only Worn effect))', value: -1 },
      { label: 'target-of-a-charge +2 (chart L807)', value: 2 },
    ]);
    expect(reactionModifier(conditions)).toBe(1);
  });
});

const UPS: [RallyCondition, number][] = [['fresh', 2], ['general-attached', 1], ['within-3-of-valorous-or-cinc', 1]];
const DOWNS: [RallyCondition, number][] = [['spent', -2], ['outside-command-radius', -1]];

describe('rollRally (N9, NW §12.0.1 L431; chart L809-829)', () => {
  const cases = QUALITIES.flatMap((quality, i) => [
    { quality, total: RALLY_TABLE[quality] - 1, ok: false, line: 813 + i },
    { quality, total: RALLY_TABLE[quality], ok: true, line: 813 + i },
  ]);
  it.each(cases)('$quality at $total → rallies $ok', ({ quality, total, ok, line }) => {
    const { natural, conditions } = reach(total, UPS, DOWNS);
    const dice = scriptedDice(facesFor(natural));
    const { result, events } = rollRally({ unit: 'Landwehr', quality, conditions }, dice);
    expect(rallyModifier(conditions)).toBe(total - natural);
    expect(result).toMatchObject({ total, natural, need: RALLY_TABLE[quality], rallies: ok });
    expect(result.outcome).toEqual(ok ? { faceEnemy: true, status: 'disordered' } : { moveAwayInches: 3 });
    const [roll] = rollsOf(events);
    expect(roll).toMatchObject({ rule: 'NW §12.0.1', purpose: 'rally', subject: 'Landwehr', total });
    expect(roll!.tableRow).toBe(`Rally Table chart L${line}, ${quality} ${RALLY_TABLE[quality]}+: ${ok ? 'rallies (faces the enemy, disordered)' : 'fails (moves 3" away from the enemy)'}`);
    expect(dice.remaining).toBe(0);
  });

  it('names each modifier (HR N-26: V commander or CinC is one +1)', () => {
    const { events, result } = rollRally({ unit: 'Old Guard', quality: 'guard', conditions: ['spent', 'within-3-of-valorous-or-cinc'] }, scriptedDice([1, 2]));
    expect(result).toMatchObject({ total: 2, rallies: false });
    expect(rollsOf(events)[0]!.modifiers).toEqual([
      { label: 'spent −2 (chart L826)', value: -2 },
      { label: 'within-3-of-valorous-or-cinc +1 (chart L827)', value: 1 },
    ]);
  });
});
