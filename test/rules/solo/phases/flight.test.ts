import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import type { GameEvent } from '../../../../src/rules/events';
import type { SoloGame } from '../../../../src/rules/solo/game';
import { applyMoraleResult } from '../../../../src/rules/solo/phases/apply';
import { chargeAct } from '../../../../src/rules/solo/phases/charge';
import { controlPhase } from '../../../../src/rules/solo/phases/control';
import { brokenShare, brokenSides } from '../../../../src/rules/solo/phases/end';
import { settleMorale } from '../../../../src/rules/solo/phases/settle';
import { SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { unitById, withUnit, type SoloState } from '../../../../src/rules/solo/state';
import { openCard } from '../../../../src/rules/solo/turn';
import { twoBrigades } from './fixture';

/**
 * Rout and retire moves on the state (KUR L8, L11, L23-24, L28; KS-29…KS-33). Fixture: u1 (fr) at
 * 50,0 and u2 at 200,0; u3 (br) at 50,400 and u4 at 150,400. Base move of line infantry: 150 mm
 * (placeholder K-3), one base move a rout or retire (placeholder KS-29).
 */
const row = (result: 'rout' | 'retire' | 'halt' | 'shaken', chits: number) => ({ from: 1, to: 2, result, chits, d10: 1, needsRally: result === 'rout' || result === 'retire' });
const moves = (events: readonly GameEvent[]) => events.filter((e) => e.kind === 'move');
const game = (s: SoloState): SoloGame => ({ ...s, settings: S } as unknown as SoloGame);

describe('a failed test\'s rout or retire moves at once (L8 "applying any results immediately")', () => {
  it('u3 routs from its charger u1: 150 mm straight away from it, its 2 \'D\' once (the D10 row is that move\'s, L11)', () => {
    const r = applyMoraleResult(twoBrigades(), 'u3', row('rout', 2), S, scriptedDice([]), 'u1');
    expect(unitById(r.state, 'u3')).toMatchObject({ motion: 'routing', disorder: 2, at: { x: 50, y: 550 }, facing: 180 });
    expect(moves(r.events)).toMatchObject([{ unit: 'u3', from: { x: 50, y: 400 }, to: { x: 50, y: 550 }, cost: 150 }]);
    expect(r.events.some((e) => e.kind === 'note' && e.rule === 'placeholder morale.routMoves')).toBe(true);
  });
  it('a retire goes one base move too, with its 1 \'D\'', () => {
    const r = applyMoraleResult(twoBrigades(), 'u1', row('retire', 1), S, scriptedDice([]), 'u3');
    expect(unitById(r.state, 'u1')).toMatchObject({ motion: 'retiring', disorder: 1, at: { x: 50, y: -150 } });
  });
  it('with no enemy named (a friend routed, a marker), it flees the nearest enemy: u4 flees u2 (403 mm), not u1 (412 mm)', () => {
    const r = applyMoraleResult(twoBrigades(), 'u4', row('rout', 2), S, scriptedDice([]));
    const at = unitById(r.state, 'u4').at;
    const k = 150 / Math.hypot(50, 400);
    expect(at.x).toBeCloseTo(150 - 50 * k, 6);
    expect(at.y).toBeCloseTo(400 + 400 * k, 6);
  });
  it('halt and shaken do not move', () => {
    for (const res of ['halt', 'shaken'] as const) {
      const r = applyMoraleResult(twoBrigades(), 'u3', row(res, 1), S, scriptedDice([]), 'u1');
      expect(unitById(r.state, 'u3').at).toEqual({ x: 50, y: 400 });
      expect(moves(r.events)).toEqual([]);
    }
  });
  it('beyond the table edge it has fled: gone, and it counts for the break rule (KS-31, KS-8)', () => {
    const s: SoloState = { ...twoBrigades(), table: { width: 400, height: 500 } };
    const r = applyMoraleResult(s, 'u3', row('rout', 2), S, scriptedDice([]), 'u1');
    expect(unitById(r.state, 'u3').gone).toBe('fled');
    expect(r.events.some((e) => e.kind === 'removed' && e.unit === 'u3' && e.rule.includes('KS-31'))).toBe(true);
    expect(brokenShare(r.state, 'br')).toBe(0.5);
    expect(brokenSides(r.state, S)).toEqual(['br']);
  });
});

describe('a friend routs within 300 mm (K-5): measured from where it routed', () => {
  const far = { ...S, morale: { ...S.morale, routMoves: 3 } };
  it('u3 routs 450 mm away from u1, beyond 300 mm of u4; u4 (100 mm from where u3 stood) still gets its marker', () => {
    const before = twoBrigades();
    const a = applyMoraleResult(before, 'u3', row('rout', 2), far, scriptedDice([]), 'u1');
    expect(unitById(a.state, 'u3').at).toEqual({ x: 50, y: 850 });
    const m = settleMorale(a.state, before, [], far, scriptedDice([]));
    expect(unitById(m.state, 'u4').moraleMarker).toBe(true);
  });
  it('one that fled the table routed too: its friends test', () => {
    const before: SoloState = { ...twoBrigades(), table: { width: 400, height: 500 } };
    const a = applyMoraleResult(before, 'u3', row('rout', 2), S, scriptedDice([]), 'u1');
    expect(unitById(a.state, 'u3').gone).toBe('fled');
    expect(unitById(settleMorale(a.state, before, [], S, scriptedDice([])).state, 'u4').moraleMarker).toBe(true);
  });
});

describe('at its card a routing or retiring unit rallies or moves again (L11 "each move of Rout", KS-5, KS-32)', () => {
  const routing = (over: Partial<SoloState> = {}) => {
    const s = controlPhase(twoBrigades(), S, scriptedDice([3, 2, 3, 1])).state; // u3 holds card 1
    return { ...withUnit(s, { ...unitById(s, 'u3'), motion: 'routing', disorder: 2 }), ...over };
  };
  const card = (s: SoloState) => s.queue.find((q) => q.holder === 'u3')!;
  it('failing to rally (99), it routs another base move from the nearest enemy and takes 2 more \'D\'', () => {
    const s = routing();
    const dice = scriptedDice([99]);
    const o = openCard(game(s), card(s), dice);
    expect(dice.remaining).toBe(0);
    expect(unitById(o.g, 'u3')).toMatchObject({ motion: 'routing', disorder: 4, at: { x: 50, y: 550 } });
    expect(o.events.some((e) => e.kind === 'note' && e.text.includes('fails to rally'))).toBe(true);
  });
  it('rallying (1), it halts where it is', () => {
    const s = routing();
    const o = openCard(game(s), card(s), scriptedDice([1]));
    expect(unitById(o.g, 'u3')).toMatchObject({ motion: 'halted', disorder: 2, at: { x: 50, y: 400 } });
  });
  it('with morale.rally never it routs on at each card, off the table in the end', () => {
    const never = { ...S, morale: { ...S.morale, rally: 'never' as const } };
    const s = routing({ table: { width: 400, height: 500 } });
    const o = openCard({ ...game(s), settings: never }, card(s), scriptedDice([]));
    expect(unitById(o.g, 'u3').gone).toBe('fled');
  });
  it('a unit that routs on its marker\'s test at this card makes that one move only; it rallies at its next card', () => {
    const s0 = controlPhase(twoBrigades(), S, scriptedDice([3, 2, 3, 1])).state;
    const s = withUnit(s0, { ...unitById(s0, 'u3'), moraleMarker: true });
    const dice = scriptedDice([99, 1]); // the marker's test fails; D10 1 → rout
    const o = openCard(game(s), card(s), dice);
    expect(dice.remaining).toBe(0);
    expect(unitById(o.g, 'u3')).toMatchObject({ motion: 'routing', disorder: 2, at: { x: 50, y: 550 } });
  });
});

describe('L28: Timid-led infantry failing to charge home retire 100 mm', () => {
  it('the charger falls back 100 mm from its target with 1 \'D\' (L11); it need not rally (KS-33)', () => {
    const s0 = controlPhase(twoBrigades(), S, scriptedDice([3, 2, 3, 1])).state;
    let s = withUnit(s0, { ...unitById(s0, 'u3'), at: { x: 50, y: 120 }, specials: {} });
    s = withUnit(s, { ...unitById(s, 'u1'), specials: {} });
    s = { ...s, generals: s.generals.map((g) => (g.id === 'bA' ? { ...g, av: 'timid' as const } : g)) };
    // charge test 10; dK8 0 → 150 mm; u3 holds (20); its volley 1 × ¾, d% 100 → no hit; charge home 99 fails.
    const dice = scriptedDice([10, 0, 20, 1, 100, 99]);
    const r = chargeAct(s, 'u1', 'u3', S, dice);
    if (!r.ok) throw new Error(r.error.message);
    expect(dice.remaining).toBe(0);
    const u1 = unitById(r.value.state, 'u1');
    expect(u1.disorder).toBe(1);
    expect(u1.motion).not.toBe('retiring');
    expect(moves(r.value.events).at(-1)).toMatchObject({ unit: 'u1', cost: 100 });
    expect(u1.at.x).toBeCloseTo(50, 6);
    expect(u1.at.y).toBeCloseTo(unitById(s, 'u1').at.y - 100, 6);
  });
});
