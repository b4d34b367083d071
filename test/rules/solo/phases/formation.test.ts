import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { endTurn } from '../../../../src/rules/solo/phases/end';
import { continueFormationChange, formationAct, formationsFor, reformAct } from '../../../../src/rules/solo/phases/formation';
import { SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { unitById, withUnit } from '../../../../src/rules/solo/state';
import { twoBrigades } from './fixture';

describe('formation changes on the state (KUR L9-10)', () => {
  it('in command, C class: D4 3 → 3 quarters of this turn\'s move', () => {
    const r = formationAct(twoBrigades(), 'u1', 'column', S, scriptedDice([3]));
    expect(r.ok && unitById(r.value.state, 'u1')).toMatchObject({ formation: 'column', movedFraction: 0.75 });
  });
  it('out of command (u2, 200 mm from its brigadier): D4 4 + 2 = 6 — 4 now, 2 carried, +1 D at the end of the turn, done next turn', () => {
    const r = formationAct(twoBrigades(), 'u2', 'square', S, scriptedDice([4]));
    if (!r.ok) throw new Error(r.error.code);
    expect(unitById(r.value.state, 'u2')).toMatchObject({ formation: 'line', formationChange: { to: 'square', quartersLeft: 2 }, movedFraction: 1 });
    const end = endTurn(r.value.state, S);
    expect(unitById(end.state, 'u2').disorder).toBe(1);
    const fresh = withUnit(end.state, { ...unitById(end.state, 'u2'), movedFraction: 0 });
    const c = continueFormationChange(fresh, 'u2');
    expect(unitById(c.state, 'u2')).toMatchObject({ formation: 'square', movedFraction: 0.5 });
    expect(unitById(c.state, 'u2').formationChange).toBeUndefined();
  });
  it('heavy cavalry cannot skirmish; guns limber and unlimber; refusals name the choices', () => {
    const s = withUnit(twoBrigades(), { ...unitById(twoBrigades(), 'u1'), type: 'heavy-cav' });
    expect(formationsFor(s, 'u1')).toEqual(['line', 'column']);
    const r = formationAct(s, 'u1', 'skirmish', S, scriptedDice([]));
    expect(!r.ok && r.error).toMatchObject({ code: 'formation/not-allowed', hint: 'Its formations: line, column.' });
    expect(formationsFor(withUnit(s, { ...unitById(s, 'u1'), type: 'foot-art' }), 'u1')).toEqual(['limbered', 'unlimbered']);
  });
});

describe('reform on the state (KUR L11-12)', () => {
  it('D6 4 removes up to 4 of 3 D; the whole turn', () => {
    const s = withUnit(twoBrigades(), { ...unitById(twoBrigades(), 'u1'), disorder: 3 });
    const r = reformAct(s, 'u1', S, scriptedDice([4]));
    expect(r.ok && unitById(r.value.state, 'u1')).toMatchObject({ disorder: 0, acted: true, movedFraction: 1 });
  });
  it('not after casualties this turn, not after moving, not without D', () => {
    const base = unitById(twoBrigades(), 'u1');
    const hurt = withUnit(twoBrigades(), { ...base, disorder: 2, casualtiesThisTurn: 1 });
    expect(reformAct(hurt, 'u1', S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'reform/casualties' } });
    const moved = withUnit(twoBrigades(), { ...base, disorder: 2, movedFraction: 0.25 });
    expect(reformAct(moved, 'u1', S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'reform/moved' } });
    expect(reformAct(twoBrigades(), 'u1', S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'reform/no-disorder' } });
  });
});
