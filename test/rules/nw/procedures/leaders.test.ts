import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { rollLeaderLoss } from '../../../../src/rules/nw/procedures';
import { facesFor, rollsOf } from './helpers';

describe('rollLeaderLoss (N6)', () => {
  it.each([
    [11, false],
    [12, true],
    [2, false],
  ])('enemy passes through (§9.3.2 L267): natural %i → killed %s; survivors move 3"', (n, killed) => {
    const dice = scriptedDice(facesFor(n));
    const { result, events } = rollLeaderLoss({ officer: 'Gen. Friant', trigger: 'enemyPassesThrough' }, dice);
    expect(result).toMatchObject({ killed, rolled: true, natural: n });
    expect(result.displaceInches).toBe(killed ? undefined : 3);
    const [roll] = rollsOf(events);
    expect(roll).toMatchObject({ rule: 'NW §9.3.2', purpose: 'leader loss', subject: 'Gen. Friant', total: n });
    expect(roll!.tableRow).toBe(killed ? 'L267, 12+: killed' : 'L267, 2-11: moved 3" by his owner');
    expect(events.some((e) => e.kind === 'general')).toBe(killed);
    expect(dice.remaining).toBe(0);
  });

  it.each([
    [9, false],
    [10, true],
    [12, true],
  ])('CRT Broken / Recule (chart L769, L775): natural %i → killed %s', (n, killed) => {
    const { result, events } = rollLeaderLoss({ officer: 'Gen. Morand', trigger: 'crtBrokenOrRecule' }, scriptedDice(facesFor(n)));
    expect(result).toMatchObject({ killed, rolled: true, natural: n });
    expect(result.displaceInches).toBeUndefined();
    expect(rollsOf(events)[0]!.tableRow).toBe(killed ? 'chart L769, L775, 10+: killed' : 'chart L769, L775, 2-9: survives');
    if (killed) expect(events[1]).toMatchObject({ kind: 'general', general: 'Gen. Morand', what: 'killed', rule: 'NW §11.0 CRT chart L769, L775' });
  });

  it('CRT Crushed (chart L767) kills outright without a roll', () => {
    const dice = scriptedDice([]);
    const { result, events } = rollLeaderLoss({ officer: 'Gen. Gudin', trigger: 'crtCrushed' }, dice);
    expect(result).toEqual({ killed: true, rolled: false });
    expect(events).toEqual([{ kind: 'general', rule: 'NW §11.0 CRT chart L767', general: 'Gen. Gudin', what: 'killed', detail: 'his unit was crushed' }]);
    expect(() => rollLeaderLoss({ officer: 'x', trigger: 'crtCrushed', natural: 12 }, dice)).toThrow(RangeError);
  });

  it('a firer\'s natural 12 (§7.7 L138, §8.4 L198) kills; no new roll', () => {
    const dice = scriptedDice([]);
    expect(rollLeaderLoss({ officer: 'a', trigger: 'skirmishOrFireNatural', natural: 12 }, dice).result).toEqual({ killed: true, rolled: false, natural: 12 });
    expect(rollLeaderLoss({ officer: 'a', trigger: 'skirmishOrFireNatural', natural: 11 }, dice).events).toEqual([]);
    expect(() => rollLeaderLoss({ officer: 'a', trigger: 'skirmishOrFireNatural' }, dice)).toThrow(RangeError);
  });
});
