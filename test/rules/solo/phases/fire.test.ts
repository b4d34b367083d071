import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { frontRankFigures, markedInFront } from '../../../../src/rules/solo/phases/apply';
import { fireAct } from '../../../../src/rules/solo/phases/fire';
import { SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { unitById, withUnit, type SoloState } from '../../../../src/rules/solo/state';
import { soloUnit, twoBrigades } from './fixture';

const done = <T,>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T => { if (!r.ok) throw new Error(`refused: ${r.error.code}`); return r.value; };
const at = (s: SoloState, id: string, x: number, y: number) => withUnit(s, { ...unitById(s, id), at: { x, y } });

describe('front ranks (KS-19)', () => {
  it('line ÷ 2, column 6 abreast, square a face, skirmishers and crews all', () => {
    const u = soloUnit('u', 'fr', 'A', 0, 0);
    expect(frontRankFigures(u, S)).toBe(9);
    expect(frontRankFigures({ ...u, figures: 17 }, S)).toBe(9);
    expect(frontRankFigures({ ...u, formation: 'column' }, S)).toBe(6);
    expect(frontRankFigures({ ...u, formation: 'square' }, S)).toBe(5);
    expect(frontRankFigures({ ...u, formation: 'skirmish' }, S)).toBe(18);
    expect(frontRankFigures({ ...u, type: 'foot-art', figures: 4, formation: 'unlimbered' }, S)).toBe(4);
  });
  it('the officer and standard at the front and an attached general are among them (KS-20)', () => {
    const s = { ...twoBrigades(), generals: twoBrigades().generals.map((g) => (g.id === 'bA' ? { ...g, attachedTo: 'u1' } : g)) };
    expect(markedInFront(s, unitById(s, 'u1'), 9)).toEqual([{ id: 'u1:officer', kind: 'officer', position: 1 }, { id: 'u1:standard', kind: 'standard', position: 5 }, { id: 'bA', kind: 'general', position: 9 }]);
  });
});

describe('fire on the state (KUR L12-16)', () => {
  it('u3 volleys at u1 150 mm away (long, placeholder): casualties, the firer\'s D, no test under 10%', () => {
    const s = at(twoBrigades(), 'u3', 50, 150);
    // u3 front 9 → 1 volley: 4 → ¼ = 1: picks d20 (u1 front 9 has officer@1, standard@5): 7 ordinary; save long 4+: 2 → lost.
    const r = done(fireAct(s, 'u3', 'u1', S, scriptedDice([4, 7, 2])));
    expect(unitById(r.state, 'u1')).toMatchObject({ figures: 17, casualtiesThisTurn: 1, casualtiesTotal: 1 });
    expect(unitById(r.state, 'u3').disorder).toBe(1);
    expect(r.due).toEqual([]);
  });
  it('two casualties of 18 (≥ 10%, placeholder) put a morale marker on a unit yet to act', () => {
    const s = at(twoBrigades(), 'u3', 50, 80);
    // short: d6 6 → ¾ of 6 = 4.5 → d% 10 → 5 hits; picks 2,3,4,6,8 (all ordinary); saves 1,1,5,6,6 → 2 lost.
    const r = done(fireAct(s, 'u3', 'u1', S, scriptedDice([6, 10, 2, 3, 4, 6, 8, 1, 1, 5, 6, 6])));
    expect(r.due).toEqual([{ unit: 'u1', when: 'marker', reason: 'fired-on', from: 'u3' }]);
    expect(unitById(r.state, 'u1')).toMatchObject({ figures: 16, moraleMarker: true });
  });
  it('out of range, a friend, a limbered gun, a rifle unit that moved too far: refused with a hint, nothing rolled', () => {
    const s = twoBrigades();
    const far = fireAct(s, 'u3', 'u1', S, scriptedDice([]));
    expect(!far.ok && far.error).toMatchObject({ code: 'fire/out-of-range', message: expect.stringContaining('placeholder ranges.musketLongMm'), hint: expect.any(String) });
    expect(!fireAct(s, 'u1', 'u2', S, scriptedDice([])).ok).toBe(true);
    const gun = withUnit(s, { ...unitById(s, 'u3'), type: 'foot-art', formation: 'limbered', figures: 4, at: { x: 50, y: 100 } });
    const g = fireAct(gun, 'u3', 'u1', S, scriptedDice([]));
    expect(!g.ok && g.error.code).toBe('fire/limbered');
    const rifles = withUnit(s, { ...unitById(s, 'u3'), type: 'rifles', movedFraction: 0.75, at: { x: 50, y: 100 } });
    const rf = fireAct(rifles, 'u3', 'u1', S, scriptedDice([]));
    expect(!rf.ok && rf.error.code).toBe('fire/rifles-moved');
  });
  it('a general attached in the front rank can be killed by fire', () => {
    let s = at(twoBrigades(), 'u3', 50, 80);
    s = { ...s, generals: s.generals.map((g) => (g.id === 'bA' ? { ...g, attachedTo: 'u1' } : g)) };
    // short: 4 → 3 hits; picks 9 (bA), 2, 3; soldiers save 6,6; bA save 2 → killed.
    const r = done(fireAct(s, 'u3', 'u1', S, scriptedDice([4, 9, 2, 3, 6, 6, 2])));
    expect(r.state.generals.find((g) => g.id === 'bA')).toMatchObject({ alive: false });
    expect(r.events.some((e) => e.kind === 'general' && e.what === 'killed')).toBe(true);
  });
});
