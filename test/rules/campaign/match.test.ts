import { describe, expect, it } from 'vitest';
import { returnLargestLossFirst, sideTotals, standingChanges, takeLargestFirst } from '../../../src/rules/campaign/changes';
import { matchOrderOfBattle, matchText } from '../../../src/rules/campaign/match';
import type { StandingUnit } from '../../../src/rules/campaign/types';

const u = (id: string, side: string, strength: number, kind: StandingUnit['kind'] = 'unit'): StandingUnit => ({
  id, side, kind, formation: kind === 'unit' ? `${side}-corps` : null, name: id.toUpperCase(), strength, full: strength, fatigue: 'fresh', quality: 'line', officers: [],
});
const campaign = [u('a-corps', 'a', 0, 'formation'), u('a1', 'a', 5), u('a2', 'a', 0), u('a3', 'a', 4), u('b-corps', 'b', 0, 'formation'), u('b1', 'b', 6)];

describe('matchOrderOfBattle (issue 15: by id)', () => {
  it('reports matched, missing (sitting out) and lost (left out) units', () => {
    const r = matchOrderOfBattle(campaign, [u('a-corps', 'a', 0, 'formation'), u('a1', 'a', 9), u('a2', 'a', 9), u('b1', 'b', 9)]);
    expect(r).toEqual({ ok: true, value: { matched: ['a-corps', 'a1', 'b1'], missing: ['a3', 'b-corps'], extra: [], lost: ['a2'] } });
    if (r.ok) expect(matchText(r.value)).toBe('3 matched; 2 not in this battle (a3, b-corps); 1 lost in earlier battles, left out (a2)');
  });
  it('refuses units the campaign does not know, with a hint', () => {
    const r = matchOrderOfBattle(campaign, [u('a1', 'a', 5), u('z9', 'a', 5)]);
    expect(r).toMatchObject({ ok: false, error: { code: 'campaign/extra-units', message: expect.stringContaining('z9') } });
    if (!r.ok) expect(r.error.hint).toContain('/campaign adjust');
  });
  it('refuses a unit on the other side, and a scenario with no standing unit in common', () => {
    expect(matchOrderOfBattle(campaign, [u('a1', 'b', 5)])).toMatchObject({ ok: false, error: { code: 'campaign/side-mismatch' } });
    expect(matchOrderOfBattle(campaign, [u('a2', 'a', 5)])).toMatchObject({ ok: false, error: { code: 'campaign/no-units' } });
  });
});

describe('standing changes, totals and placement of losses', () => {
  it('lists every field that changed, added and removed units', () => {
    const after = [{ ...campaign[1]!, strength: 3, fatigue: 'worn' }, u('a9', 'a', 2)];
    expect(standingChanges(campaign.slice(1, 2), after)).toEqual([
      { unit: 'a1', field: 'strength', from: 5, to: 3 }, { unit: 'a1', field: 'fatigue', from: 'fresh', to: 'worn' }, { unit: 'a9', field: 'added', from: null, to: 2 },
    ]);
    expect(standingChanges(campaign.slice(1, 3), campaign.slice(1, 2))).toEqual([{ unit: 'a2', field: 'removed', from: 0, to: null }]);
  });
  it('totals count units only, per side', () => {
    expect(sideTotals(campaign, ['a', 'b'])).toEqual({ a: 9, b: 6 });
  });
  it('takes from the largest first, never below 0; gives back to the largest gap, never above the cap', () => {
    const s = new Map([['x', 3], ['y', 5], ['z', 0]]);
    expect(takeLargestFirst(s, ['x', 'y', 'z'], 4)).toBe(4);
    expect([...s.values()]).toEqual([2, 2, 0]); // y 5→4→3, then x 3 (first of the 3s) → 2, y 3 → 2
    expect(takeLargestFirst(s, ['x', 'y', 'z'], 9)).toBe(4);
    const cap = new Map([['x', 3], ['y', 5], ['z', 1]]);
    expect(returnLargestLossFirst(s, cap, ['x', 'y', 'z'], 20)).toBe(9);
    expect([...s.values()]).toEqual([3, 5, 1]);
  });
});
