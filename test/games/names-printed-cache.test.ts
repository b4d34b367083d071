/**
 * Issue 12, load: the names players may type are worked out once per game state (states are
 * never mutated; a change is a new state object), not on every input that names a piece.
 */
import { describe, expect, it } from 'vitest';
import { printedFor } from '../../src/games/names';
import type { PrintedName } from '../../src/rules/plugin';

describe('printedFor', () => {
  it('works a state\'s names out once per state and ruleset', () => {
    let calls = 0;
    const ruleset = { present: { printed: (s: { units: string[] }): PrintedName[] => { calls++; return s.units.map((u) => ({ id: u, kind: 'unit', names: [u.toUpperCase()] })); } } };
    const other = { present: { printed: (): PrintedName[] => [] } };
    const a = { units: ['fabre'] };
    const first = printedFor(ruleset as never, a);
    expect(first).toEqual([{ id: 'fabre', kind: 'unit', names: ['FABRE'] }]);
    expect(printedFor(ruleset as never, a)).toBe(first);
    expect(calls).toBe(1);
    expect(printedFor(other as never, a)).toEqual([]); // another ruleset: its own names
    const b = { units: ['garnier'] }; // the next state: worked out again
    expect(printedFor(ruleset as never, b)[0]!.id).toBe('garnier');
    expect(calls).toBe(2);
  });
});
