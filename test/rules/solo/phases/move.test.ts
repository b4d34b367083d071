import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { haltAct, moveAct } from '../../../../src/rules/solo/phases/move';
import { SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { unitById, withUnit } from '../../../../src/rules/solo/state';
import { twoBrigades } from './fixture';

describe('moving on the state (KUR L9-11)', () => {
  it('halted u1 gets going (3), dK8 +1 → 160 mm allowance, 100 mm ahead, swerves 20 mm right', () => {
    const r = moveAct(twoBrigades(), 'u1', 100, S, scriptedDice([3, 1, 6, 2]));
    if (!r.ok) throw new Error(r.error.code);
    const u = unitById(r.value.state, 'u1');
    expect(u.at.x).toBeCloseTo(70, 6);
    expect(u.at.y).toBeCloseTo(100, 6);
    expect(u).toMatchObject({ motion: 'advancing', movedFraction: 100 / 160, disorder: 0 });
    expect(r.value.events.some((e) => e.kind === 'note' && e.rule === 'placeholder move.baseMm')).toBe(true);
  });
  it('KS-3: u1 edges 1 mm ahead and swerves 20 mm right into u2 (15 mm away, bases as the map draws them): it stops short, each takes D3 \'D\' (L11)', () => {
    // standstill 3; dK8 +1; swerve 6 → right, D6 2 → 20 mm; collision D3: u1 2, u2 3.
    const dice = scriptedDice([3, 1, 6, 2, 2, 3]);
    const r = moveAct(twoBrigades(), 'u1', 1, S, dice);
    if (!r.ok) throw new Error(r.error.code);
    expect(dice.remaining).toBe(0);
    expect(unitById(r.value.state, 'u1')).toMatchObject({ at: { x: 64 }, disorder: 2 });
    expect(unitById(r.value.state, 'u1').at.y).toBeCloseTo(1, 6);
    expect(unitById(r.value.state, 'u2')).toMatchObject({ at: { x: 200, y: 0 }, disorder: 3 });
    expect(r.value.events.some((e) => e.kind === 'move' && e.rule.includes('KS-3') && /stops short against u2 after 14 mm/.test(e.stopped ?? ''))).toBe(true);
  });
  it('KS-3 with move.swerveCollision ignore: the full 20 mm, no chits, no dice', () => {
    const ignore = { ...S, move: { ...S.move, swerveCollision: 'ignore' as const } };
    const dice = scriptedDice([3, 1, 6, 2]);
    const r = moveAct(twoBrigades(), 'u1', 1, ignore, dice);
    if (!r.ok) throw new Error(r.error.code);
    expect(dice.remaining).toBe(0);
    expect(unitById(r.value.state, 'u1')).toMatchObject({ at: { x: 70 }, disorder: 0 });
    expect(unitById(r.value.state, 'u2').disorder).toBe(0);
  });
  it('KS-3: a unit the straight move already met does not stop the swerve', () => {
    const s = withUnit(twoBrigades(), { ...unitById(twoBrigades(), 'u2'), at: { x: 150, y: 0 } }); // overlapping u1 from the start
    const dice = scriptedDice([3, 1, 6, 2]);
    const r = moveAct(s, 'u1', 1, S, dice);
    if (!r.ok) throw new Error(r.error.code);
    expect(dice.remaining).toBe(0);
    expect(unitById(r.value.state, 'u1').at.x).toBeCloseTo(70, 6);
  });
  it('asking too far stops at the allowance; over ½ with the musician dead costs 1 D', () => {
    const s = withUnit(twoBrigades(), { ...unitById(twoBrigades(), 'u1'), specials: { officer: { alive: true, front: true }, musician: { alive: false } } });
    const r = moveAct(s, 'u1', 500, S, scriptedDice([2, -3, 3]));
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value.movedMm).toBe(120);
    expect(unitById(r.value.state, 'u1')).toMatchObject({ at: { x: 50, y: 120 }, movedFraction: 1, disorder: 1 });
  });
  it('a 1 from a standstill: no advance, the move is gone', () => {
    const r = moveAct(twoBrigades(), 'u1', 100, S, scriptedDice([1]));
    expect(r.ok && unitById(r.value.state, 'u1')).toMatchObject({ at: { x: 50, y: 0 }, movedFraction: 1, motion: 'halted' });
  });
  it('bad distances and spent moves are refused with a hint', () => {
    expect(moveAct(twoBrigades(), 'u1', 0, S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'move/distance', hint: expect.stringContaining('mm') } });
    const spent = withUnit(twoBrigades(), { ...unitById(twoBrigades(), 'u1'), movedFraction: 1 });
    expect(moveAct(spent, 'u1', 50, S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'move/spent' } });
  });
  it('halting an advance: 6 carries on regardless, 5 halts (L10)', () => {
    const adv = withUnit(twoBrigades(), { ...unitById(twoBrigades(), 'u1'), motion: 'advancing' });
    const on = haltAct(adv, 'u1', scriptedDice([6]));
    expect(on.ok && unitById(on.value.state, 'u1').motion).toBe('advancing');
    const h = haltAct(adv, 'u1', scriptedDice([5]));
    expect(h.ok && unitById(h.value.state, 'u1').motion).toBe('halted');
  });
});
