import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { skirmishAssignments, skirmishPhase } from '../../../../src/rules/nw/phases/skirmish';
import { deepFreeze, expectJsonRoundTrip, placed, teachingState } from './phase-fixtures';

// Teaching pieces: fr-1b SK1 (Dufour attached), fr-3b SK2; au-1b SK0 8 s.p., au-2b SK1 7 s.p., au-3b SK0.
// French face north (0), Austrians south (180); bases 3"×3".
const N = 0;
const S = 180;

describe('skirmishPhase (NW §7, DIGEST N2)', () => {
  it('a forced attack is made automatically; twice the roll: −1 s.p. and disordered; phase → artillery', async () => {
    const s = deepFreeze(placed(await teachingState(), 'skirmish', { 'fr-3b': [24, 10, N], 'au-1b': [24, 15, S] }));
    const before = JSON.stringify(s);
    const a = skirmishAssignments(s);
    expect(a['french']!.forced).toEqual([{ attacker: 'fr-3b', target: 'au-1b' }]);
    expect(a['austrians']!.idle.map((x) => x.reason)).toEqual(['sk0']);
    const dice = scriptedDice([6, 5, 1, 1]); // attack 11 + SK2 = 13; defence 2 + SK0 = 2 → ≥ 2×
    const r = skirmishPhase(s, undefined, dice);
    if (!r.ok) throw new Error(r.error.message);
    const n = r.value.state;
    expect(n.units['au-1b']).toMatchObject({ sp: 7, status: 'disordered' });
    expect(n.units['fr-3b']!.status).toBe('good-order');
    expect(n.phase).toBe('artillery');
    expect(dice.remaining).toBe(0);
    expect(r.value.events.some((e) => e.kind === 'note' && /forced/.test(e.text))).toBe(true);
    expect(JSON.stringify(s)).toBe(before);
    expectJsonRoundTrip(n);
  });

  it('both sides skirmish, results marked only after all attacks; a natural 12 shoots the attached general', async () => {
    const s = placed(await teachingState(), 'skirmish', { 'fr-1b': [18, 10, N], 'au-2b': [18, 15, S] });
    expect(s.units['fr-1b']!.attachedGeneral).toBe('dufour');
    // French (phasing) attack first: 3+3+1 = 7 vs 1+1+1 = 3 → twice (≥ 6): au-2b −1 s.p., disordered.
    // Austrian attack: natural 12 + 1 = 13 vs 2+2+1 = 5 → twice: fr-1b −1 s.p.; Dufour shot.
    const dice = scriptedDice([3, 3, 1, 1, 6, 6, 2, 2]);
    const r = skirmishPhase(s, undefined, dice);
    if (!r.ok) throw new Error(r.error.message);
    const n = r.value.state;
    expect(n.units['au-2b']).toMatchObject({ sp: 6, status: 'disordered' });
    expect(n.units['fr-1b']).toMatchObject({ sp: 6, status: 'disordered', attachedGeneral: null });
    expect(n.generals['dufour']).toMatchObject({ lost: true, attachedTo: null });
    // Every roll comes before the first result.
    const kinds = r.value.events.map((e) => e.kind);
    const lastRoll = kinds.lastIndexOf('roll');
    const firstResult = kinds.findIndex((k) => k === 'loss' || k === 'status');
    expect(firstResult).toBeGreaterThan(lastRoll);
    expect(s.units['fr-1b']!.sp).toBe(7);
    expectJsonRoundTrip(n);
  });

  it('a real choice takes the posted target, else the nearest (PH-4)', async () => {
    const s = placed(await teachingState(), 'skirmish', { 'fr-3b': [24, 10, N], 'au-1b': [24, 15, S], 'au-3b': [19, 15, S] });
    const c = skirmishAssignments(s)['french']!;
    expect(c.choices).toEqual([{ attacker: 'fr-3b', options: ['au-1b', 'au-3b'] }]);
    const dflt = skirmishPhase(s, undefined, scriptedDice([1, 1, 6, 6]));
    if (!dflt.ok) throw new Error(dflt.error.message);
    expect(dflt.value.events.some((e) => e.kind === 'roll' && e.subject === 'au-1b')).toBe(true);
    const posted = skirmishPhase(s, { 'fr-3b': 'au-3b' }, scriptedDice([1, 1, 6, 6]));
    if (!posted.ok) throw new Error(posted.error.message);
    const subjects = posted.value.events.filter((e) => e.kind === 'roll').map((e) => (e as { subject: string }).subject);
    expect(subjects).toContain('au-3b');
    expect(subjects).not.toContain('au-1b');
  });

  it('an invalid plan is rejected with a message, and nothing is rolled', async () => {
    const s = placed(await teachingState(), 'skirmish', {
      'fr-1b': [18, 10, N], 'fr-3b': [24, 10, N], 'au-1b': [24, 15, S], 'au-2b': [18, 15, S],
    });
    const a = skirmishAssignments(s)['french']!;
    expect(a.maxTargets).toBe(2);
    const dice = scriptedDice([]);
    // fr-1b can only reach au-2b, so fr-3b doubling up on it leaves au-1b unattacked (§7.3 L103).
    const r = skirmishPhase(s, { 'fr-3b': 'au-2b' }, dice);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('skirmish/invalid-plan');
    expect(r.error.message).toMatch(/as many different enemy units as possible/);
    const far = skirmishPhase(s, { 'fr-1b': 'au-1b' }, dice);
    expect(!far.ok && far.error.message).toMatch(/fr-1b.*cannot skirmish that target/);
    const ghost = skirmishPhase(s, { 'nobody': 'au-1b' }, dice);
    expect(!ghost.ok && ghost.error.message).toMatch(/nobody: there is no such brigade/);
    const wrong = skirmishPhase({ ...s, phase: 'maneuver' }, undefined, dice);
    expect(!wrong.ok && wrong.error.code).toBe('phase/wrong-phase');
  });

  it('a skirmished battery is suppressed (+2 artillery defence), and damaged on twice', async () => {
    const s = placed(await teachingState(), 'skirmish', { 'fr-3b': [24, 10, N], 'au-battery': [24, 14, S] });
    const r = skirmishPhase(s, undefined, scriptedDice([5, 5, 1, 2])); // 12 vs 3+2 = 5 → twice: damaged
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.batteries['au-battery']!.condition).toBe('damaged');
    const r2 = skirmishPhase(s, undefined, scriptedDice([4, 4, 2, 2])); // 10 vs 4+2 = 6 → suppressed
    if (!r2.ok) throw new Error(r2.error.message);
    expect(r2.value.state.batteries['au-battery']!.condition).toBe('suppressed');
  });
});
