import { describe, expect, it } from 'vitest';
import { REORG_MODIFIERS, REORGANISATION, mayReorganise, reorganisationResult } from '../../../../src/rules/dram/tables';

describe('DRAM §9 L141 who may re-organise', () => {
  it.each([
    ['infantry', 'R', false, true], ['heavy-cavalry', 'R', false, true], ['light-cavalry', 'R', false, true],
    ['artillery', 'R', false, false], ['wagons', 'R', false, false], // "Infantry and cavalry stands"
    ['infantry', 'D', false, false], ['infantry', 'A', false, false], ['infantry', 'M', false, false], // "with 'R' orders"
    ['infantry', 'R', true, false], // "not engaged in combat"
  ] as const)('%s on %s, engaged %s → %s', (arm, order, engaged, may) => expect(mayReorganise(arm, order, engaged)).toBe(may));
});

describe('DRAM §9 L143-148 modifiers', () => {
  it('in printed order with values and radii', () => {
    expect(REORG_MODIFIERS.map((m) => [m.condition, m.value, m.withinMiles])).toEqual([
      ['corps-general-within-1-mile', 'CR', 1], // L145
      ['higher-general-within-1-mile', 1, 1], // L146
      ['enemy-advancing-or-in-contact-within-2-miles', -1, 2], // L147
      ['cavalry', -2, null], // L148
    ]);
    expect([REORGANISATION.higherGeneral, REORGANISATION.enemyNear, REORGANISATION.cavalry]).toEqual([1, -1, -2]);
  });
});

describe('DRAM §9 L150 success on a net 3+, +1 SP, never above original SP', () => {
  it.each([
    // [die, modifiers, current, original, net, success, SP after]
    [3, 0, 2, 4, 3, true, 3], // exactly 3: success
    [2, 0, 2, 4, 2, false, 2], // 2: fails
    [6, -2, 2, 4, 4, true, 3], // cavalry −2 on a 6
    [4, -2, 2, 4, 2, false, 2], // cavalry −2 on a 4: net 2 fails
    [1, 2, 2, 4, 3, true, 3], // a 1 with CR 2 succeeds: no natural-1 rule
    [1, 1, 2, 4, 2, false, 2],
    [6, 3, 4, 4, 9, true, 4], // already at original SP: success but no gain
    [5, 0, 0, 3, 5, true, 1], // a 0-SP stand can recover
  ])('die %s, modifiers %s, SP %s of %s → net %s, success %s, SP %s', (die, mods, current, original, net, success, sp) => {
    expect(reorganisationResult(die, mods, current, original)).toEqual({ net, success, sp });
  });
  it('success threshold and gain are data', () => expect([REORGANISATION.success, REORGANISATION.gainSp]).toEqual([3, 1]));
  it('an impossible die is an engine bug', () => expect(() => reorganisationResult(0, 0, 1, 2)).toThrow(RangeError));
});
