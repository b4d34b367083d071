import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../../src/dice/dice';
import { chargeAct } from '../../../../src/rules/solo/phases/charge';
import { controlPhase } from '../../../../src/rules/solo/phases/control';
import { SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { unitById, withUnit, type SoloState } from '../../../../src/rules/solo/state';
import { twoBrigades } from './fixture';
import { normalizeFacing } from '../../../../src/rules/geometry/vector';

/** The dealt fixture (A's brigade card 2, u3 card 1) with u3 moved 120 mm in front of u1. */
function dealt(over: (s: SoloState) => SoloState = (s) => s): SoloState {
  const s = controlPhase(twoBrigades(), S, scriptedDice([3, 2, 3, 1])).state;
  return over(withUnit(s, { ...unitById(s, 'u3'), at: { x: 50, y: 120 } }));
}
const done = <T,>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T => { if (!r.ok) throw new Error(`refused: ${r.error.code}`); return r.value; };
const bare = (s: SoloState, id: string) => withUnit(s, { ...unitById(s, id), specials: {} });

describe('the charge (KUR L8, L16-28) through the battalion charge sequence', () => {
  it('charge test 10 < 65, reach 150 mm ≥ 120, the target (75%) rolls 90 and routs: defender-broke', () => {
    const dice = scriptedDice([10, 0, 90, 1]);
    const r = done(chargeAct(dealt(), 'u1', 'u3', S, dice));
    expect(dice.remaining).toBe(0);
    expect(r.end).toBe('defender-broke');
    expect(unitById(r.state, 'u3')).toMatchObject({ motion: 'routing', disorder: 2 });
    expect(unitById(r.state, 'u1').acted).toBe(true);
    expect(r.state.queue.some((q) => q.holder === 'u3' && q.against === 'u1' && q.card === 1)).toBe(true);
  });

  it('the target holds, fires at short range, the charger charges home; melee; the loser fails and retires', () => {
    const s = dealt((x) => bare(bare(x, 'u1'), 'u3'));
    const dice = scriptedDice([
      10, 0, // charge test 10 < 55 (standard lost −10); dK8 0 → 150 mm
      20, // u3 holds: 65 + 10 friend − 5 no officer = 70
      1, 100, // its volley: 1 × ¾, d% 100 > 75 → no hit
      30, // charge home: 60 + 5 enemy 'D' − 5 − 10 = 50
      6, 6, 6, 6, 1, // u1 18 points: 4d6 24 + 1 standing = 25 → 12½, d% 1 → 13
      1, 1, 1, 1, 99, // u3: 4 − 1 'D' = 3 → 1½, d% 99 → 1
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, // u3's 13 saves, all lost
      6, // u1's one save
      50, 3, // u3 (loser) tests at 6%: fails; D10 3 → retire
    ]);
    const r = done(chargeAct(s, 'u1', 'u3', S, dice));
    expect(dice.remaining).toBe(0);
    expect(r.end).toBe('attacker-won');
    expect(unitById(r.state, 'u3')).toMatchObject({ figures: 5, motion: 'retiring', casualtiesThisTurn: 13 });
    expect(unitById(r.state, 'u1')).toMatchObject({ figures: 18, at: { x: 50, y: 120 } });
  });

  it('KS-43: charging obliquely home, the charger ends squared on the target\'s front edge, not on its point at the charge\'s bearing', () => {
    // As above, with the target 30 mm to the east: still a frontal charge (17°), so the same dice.
    const s = dealt((x) => { const y = bare(bare(x, 'u1'), 'u3'); return withUnit(y, { ...unitById(y, 'u3'), at: { x: 80, y: 120 } }); });
    const dice = scriptedDice([10, 0, 20, 1, 100, 30, 6, 6, 6, 6, 1, 1, 1, 1, 1, 99, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 50, 3]);
    const r = done(chargeAct(s, 'u1', 'u3', S, dice));
    expect(dice.remaining).toBe(0);
    expect(r.end).toBe('attacker-won');
    const u1 = unitById(r.state, 'u1');
    expect(u1.at.x).toBeCloseTo(80, 9);
    expect(u1.at.y).toBeCloseTo(120, 9);
    expect(u1.facing).toBe(normalizeFacing(unitById(s, 'u3').facing + 180));
    expect(r.events.some((e) => e.kind === 'move' && e.rule === 'KUR L27; KS-43' && e.unit === 'u1')).toBe(true);
  });

  it('a failed charge test: no move, acted', () => {
    const r = done(chargeAct(dealt(), 'u1', 'u3', S, scriptedDice([70])));
    expect(r.end).toBe('charge-test-failed');
    expect(unitById(r.state, 'u1')).toMatchObject({ at: { x: 50, y: 0 }, acted: true });
  });

  it('too far: the charger falls short in a straight line', () => {
    const s = dealt((x) => withUnit(x, { ...unitById(x, 'u3'), at: { x: 50, y: 200 } }));
    const r = done(chargeAct(s, 'u1', 'u3', S, scriptedDice([10, -3])));
    expect(r.end).toBe('fell-short');
    expect(unitById(r.state, 'u1').at).toEqual({ x: 50, y: 120 });
  });

  it('refusals roll nothing: a friend, a battery, a unit that moved', () => {
    const s = dealt();
    expect(chargeAct(s, 'u1', 'u2', S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'charge/friend' } });
    expect(chargeAct(withUnit(s, { ...unitById(s, 'u1'), type: 'foot-art' }), 'u1', 'u3', S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'charge/artillery' } });
    expect(chargeAct(withUnit(s, { ...unitById(s, 'u1'), movedFraction: 0.5 }), 'u1', 'u3', S, scriptedDice([]))).toMatchObject({ ok: false, error: { code: 'charge/moved', hint: expect.any(String) } });
  });

  it('over 100 seeded charges (cavalry or infantry): figures never below 0, a gone unit has none, every end is one of the sequence\'s', () => {
    const ends = new Set<string>();
    for (let seed = 1; seed <= 100; seed++) {
      const s = dealt((x) => (seed % 2 ? withUnit(x, { ...unitById(x, 'u1'), type: 'heavy-cav', figures: 12, startFigures: 12 }) : x));
      const r = done(chargeAct(s, 'u1', 'u3', S, seededDice(seed.toString(16).padStart(64, 'a'))));
      ends.add(r.end);
      for (const u of r.state.units) {
        expect(u.figures).toBeGreaterThanOrEqual(0);
        if (u.gone) expect(u.figures).toBe(0);
      }
    }
    for (const e of ends) expect(['charge-test-failed', 'fell-short', 'defender-broke', 'defender-evaded', 'charger-broke', 'no-contact', 'attacker-won', 'defender-won', 'melee-continues']).toContain(e);
    expect(ends.size).toBeGreaterThanOrEqual(4);
  });
});
