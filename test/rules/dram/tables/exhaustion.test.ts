import { describe, expect, it } from 'vitest';
import { EXHAUSTION_TABLE, exhaustionResult, exhaustionTrigger } from '../../../../src/rules/dram/tables';

describe('DRAM §3 L51-54 exhaustion table: die < = > current SP', () => {
  it('the table rows in printed order', () => {
    expect(EXHAUSTION_TABLE.map((r) => [r.die, r.result])).toEqual([['<', 'carry-on'], ['=', 'no-advance'], ['>', 'fall-back']]);
  });
  it.each([
    // [die, SP, result] — L51 "Dice < current SP", L52 "=", L53 ">"
    [1, 2, 'carry-on'], [2, 3, 'carry-on'], [5, 6, 'carry-on'], [6, 7, 'carry-on'], [1, 10, 'carry-on'],
    [1, 1, 'no-advance'], [3, 3, 'no-advance'], [6, 6, 'no-advance'],
    [2, 1, 'fall-back'], [4, 3, 'fall-back'], [6, 5, 'fall-back'], [1, 0, 'fall-back'], [6, 0, 'fall-back'],
  ] as const)('die %s vs SP %s → %s', (die, sp, result) => {
    expect(exhaustionResult(die, sp)).toBe(result);
  });
  it('a 0-SP stand always falls back; a 7-SP stand never tests worse than carry-on', () => {
    for (let d = 1; d <= 6; d++) {
      expect(exhaustionResult(d, 0)).toBe('fall-back');
      expect(exhaustionResult(d, 7)).toBe('carry-on');
    }
  });
  it.each([0, 7, 2.5])('die %s is an engine bug', (die) => expect(() => exhaustionResult(die, 3)).toThrow(RangeError));
});

describe('DRAM §3 L49 who tests: first at ≤ 50% of starting SP, then every later turn with losses', () => {
  it.each([
    // [start, current, tested already, losses, trigger]
    [6, 3, false, true, 'first-half-strength'], // exactly 50%
    [6, 4, false, true, null], // 66%: not yet
    [5, 2, false, true, 'first-half-strength'], // 40%
    [5, 3, false, true, null], // 60% (2.5 is not a reachable SP)
    [1, 0, false, true, 'first-half-strength'],
    [6, 2, true, true, 'later-losses'],
    [6, 2, true, false, null], // no losses this turn: no test
    [6, 5, true, true, 'later-losses'], // reorganised above half: still tests on losses (literal reading)
  ] as const)('start %s, now %s, first test taken %s, losses %s → %s', (startSp, currentSp, firstTestTaken, tookLosses, trigger) => {
    expect(exhaustionTrigger({ startSp, currentSp, firstTestTaken, tookLosses })).toBe(trigger);
  });
});
