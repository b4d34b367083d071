import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { initiativePhase } from '../../../../src/rules/nw/phases/initiative';
import { deepFreeze, expectJsonRoundTrip, teachingState } from './phase-fixtures';

// French CinC Napoleon E: +3 +1 = +4; Austrian CinC Archduke Charles G: +2. French roll first (sides order).
describe('initiativePhase (NW §6.0, DIGEST N1)', () => {
  it('the higher roll wins and by default moves first; player-turn 1 skirmish opens', async () => {
    const s = deepFreeze(await teachingState());
    const before = JSON.stringify(s);
    const dice = scriptedDice([3, 3, 5, 5]); // French 6+4 = 10, Austrians 10+2 = 12
    const r = initiativePhase(s, {}, dice);
    if (!r.ok) throw new Error(r.error.message);
    const n = r.value.state;
    expect(n.initiative).toEqual({ winner: 'austrians', first: 'austrians' });
    expect(n).toMatchObject({ phase: 'skirmish', playerTurn: 1, phasing: 'austrians' });
    expect(dice.remaining).toBe(0);
    expect(r.value.events.filter((e) => e.kind === 'roll')).toHaveLength(2);
    expect(JSON.stringify(s)).toBe(before);
    expectJsonRoundTrip(n);
  });

  it('the winner may send his opponent first', async () => {
    const s = await teachingState();
    const r = initiativePhase(s, { firstSide: 'french' }, scriptedDice([3, 3, 5, 5]));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.initiative).toEqual({ winner: 'austrians', first: 'french' });
    expect(r.value.state.phasing).toBe('french');
  });

  it('a tie goes to Napoleon as CinC (L73), with no re-roll', async () => {
    const s = await teachingState();
    const dice = scriptedDice([1, 1, 1, 3]); // 2+4 = 6 vs 4+2 = 6
    const r = initiativePhase(s, {}, dice);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.initiative).toEqual({ winner: 'french', first: 'french' });
    expect(dice.remaining).toBe(0);
  });

  it("Napoleon's re-roll: used only when he loses, marked spent, refused the second time", async () => {
    const s = deepFreeze(await teachingState());
    const r = initiativePhase(s, { napoleonReroll: true }, scriptedDice([1, 1, 6, 6, 6, 6, 1, 1]));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.initiative?.winner).toBe('french');
    expect(r.value.state.armies['french']!.napoleonRerollSpent).toBe(true);
    expect(s.armies['french']!.napoleonRerollSpent).toBe(false);
    const again = initiativePhase({ ...r.value.state, phase: 'initiative' }, { napoleonReroll: true }, scriptedDice([1, 1, 6, 6]));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.state.initiative?.winner).toBe('austrians');
    expect(again.value.events.some((e) => e.kind === 'note' && /already used/.test(e.text))).toBe(true);
    // Winning outright leaves the re-roll unspent.
    const won = initiativePhase(s, { napoleonReroll: true }, scriptedDice([6, 6, 1, 1]));
    if (!won.ok) throw new Error(won.error.message);
    expect(won.value.state.armies['french']!.napoleonRerollSpent).toBe(false);
  });

  it('rejects an unknown side and the wrong phase without rolling', async () => {
    const s = await teachingState();
    const dice = scriptedDice([]);
    const bad = initiativePhase(s, { firstSide: 'prussians' }, dice);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('initiative/unknown-side');
    const wrong = initiativePhase({ ...s, phase: 'maneuver' }, {}, dice);
    expect(!wrong.ok && wrong.error.code).toBe('phase/wrong-phase');
  });
});
