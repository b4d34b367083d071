import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import type { GameEvent, RollEvent } from '../../../../src/rules/events';
import { bp } from '../../../../src/rules/bp/index';
import { parseBpSettings } from '../../../../src/rules/bp/settings';
import { figuresOf, type BpState } from '../../../../src/rules/bp/state';
import { position, unit } from './fixture';

const act = (s: BpState, action: Parameters<typeof bp.act>[2], faces: number[], seat = 'fr') => {
  const dice = scriptedDice(faces);
  const r = bp.act(s, seat, action, dice);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  expect(dice.remaining).toBe(0);
  return r.value;
};
const rolls = (events: readonly GameEvent[], rule: string) => events.filter((e): e is RollEvent => e.kind === 'roll' && e.rule === rule);
const figs = (s: BpState, id: string) => figuresOf(s.units[id]!);

// L133, the text's worked example: A's full battalion 4" from B's. A fires (3): B loses 3. B held
// its fire. A charges: B's morale 8 holds; B fires (4 × 9 / 10 = 3): A loses 3; A's morale 8
// holds; melee A 5 × 18 = 90 vs B 6 × 18 = 108: B wins; A loses ¼ × 18 = 4.5 pts → 3 figures
// and routs; B loses 2 pts → 1 figure.
describe('the L133 example, played through the acts', () => {
  const start = () => ({ ...position([unit('A', 'fr', { at: [20, 10] }), unit('B', 'au', { at: [20, 14] })]), standing: { B: { returnFire: 'hold' as const, square: true } } });
  it('A fires and B holds its fire (standing reaction)', () => {
    const f = act(start(), { kind: 'fire', unit: 'A', target: 'B' }, [3]);
    expect(figs(f.state, 'B')).toBe(9);
    expect(f.events.some((e) => e.kind === 'note' && e.rule === 'B&P L131')).toBe(false);
  });
  it('then charges: B holds, fires, A holds, B wins the melee, A routs', () => {
    const f = act(start(), { kind: 'fire', unit: 'A', target: 'B' }, [3]);
    const c = act(f.state, { kind: 'charge', unit: 'A', target: 'B' }, [4, 4, 4, 4, 4, 5, 6]);
    expect(rolls(c.events, 'B&P L109').map((r) => r.total)).toEqual([8, 8]);
    expect(figs(c.state, 'A')).toBe(12 - 3 - 3);
    expect(figs(c.state, 'B')).toBe(9 - 1);
    expect(c.state.units.A!.stage).toBe('routed');
    expect(c.state.log.wonMelee).toEqual(['B']);
    // Routed infantry falls back 9" (HR B-10) to its rear.
    expect(c.state.units.A!.pose.at.y).toBeLessThan(10);
  });
  it('had B returned fire (the default), A would not have tested when charging', () => {
    const s = position([unit('A', 'fr', { at: [20, 10] }), unit('B', 'au', { at: [20, 14] })]);
    const f = act(s, { kind: 'fire', unit: 'A', target: 'B' }, [3, 4]);
    expect(figs(f.state, 'A')).toBe(9); // B-15: 9 figures × 4 / 10 = 3
    expect(f.state.log.returnFired).toEqual(['B']);
    const c = act(f.state, { kind: 'charge', unit: 'A', target: 'B' }, [4, 4, 5, 6]);
    expect(rolls(c.events, 'B&P L109')).toHaveLength(1);
  });
  it('a unit fires once per move period (L115)', () => {
    const f = act(start(), { kind: 'fire', unit: 'A', target: 'B' }, [3]);
    expect(bp.act(f.state, 'fr', { kind: 'fire', unit: 'A', target: 'B' }, scriptedDice([])).ok).toBe(false);
  });
});

describe('modifiers arise from the state in play', () => {
  const mods = (e: RollEvent) => e.modifiers.map((m) => m.value);
  it('a target uphill is harder to hit (L86): −1', () => {
    const hill = { id: 'h', kind: 'hill' as const, level: 1, polygon: [{ x: 0, y: 13 }, { x: 48, y: 13 }, { x: 48, y: 30 }, { x: 0, y: 30 }] };
    const s = { ...position([unit('A', 'fr', { at: [20, 10] }), unit('B', 'au', { at: [20, 14] })], { terrain: [hill] }), standing: { B: { returnFire: 'hold' as const, square: true } } };
    expect(mods(rolls(act(s, { kind: 'fire', unit: 'A', target: 'B' }, [6]).events, 'B&P L77')[0]!)).toEqual([-1]);
  });
  it('a target in a wood (L86): −1', () => {
    const wood = { id: 'w', kind: 'woods' as const, polygon: [{ x: 0, y: 13.5 }, { x: 48, y: 13.5 }, { x: 48, y: 30 }, { x: 0, y: 30 }] };
    const s = { ...position([unit('A', 'fr', { at: [20, 10] }), unit('B', 'au', { at: [20, 14] })], { terrain: [wood] }), standing: { B: { returnFire: 'hold' as const, square: true } } };
    expect(mods(rolls(act(s, { kind: 'fire', unit: 'A', target: 'B' }, [6]).events, 'B&P L77')[0]!)).toEqual([-1]);
  });
  it('a disrupted firer (L167): −1; green troops with the optional rule (L208): −1', () => {
    const green = parseBpSettings({ optional: { greenTroops: true } });
    if (!green.ok) throw new Error('settings');
    const s = { ...position([unit('A', 'fr', { at: [20, 10], disruptedAt: 0, green: true }), unit('B', 'au', { at: [20, 14] })], { settings: green.value }), standing: { B: { returnFire: 'hold' as const, square: true } } };
    expect(mods(rolls(act(s, { kind: 'fire', unit: 'A', target: 'B' }, [6]).events, 'B&P L77')[0]!).sort()).toEqual([-1, -1]);
  });
  it('a command figure within 4" of the charged unit (L202): +1 to its morale', () => {
    const s = position([unit('A', 'fr', { at: [20, 10], arm: 'cavalry', stands: [2, 2, 2, 2] }), unit('B', 'au', { at: [20, 14] })], { commanders: [{ id: 'gen', name: 'Gen', side: 'au', at: { x: 20, y: 17 }, alive: true }] });
    // B breaks on 2+2+1 = 5 < 8: the +1 is there, and nothing else is rolled.
    const c = act({ ...s, standing: { B: { returnFire: 'fire', square: false } } }, { kind: 'charge', unit: 'A', target: 'B' }, [2, 2]);
    expect(mods(rolls(c.events, 'B&P L109')[0]!)).toEqual([1]);
    expect(c.state.units.B!.stage).toBe('routed');
  });
  it('a charge in the flank (L117): −3 to the defender, and no closing fire', () => {
    // The French cavalry comes from the west, heading east, at the flank of a north-facing line.
    const s = position([unit('A', 'fr', { at: [10, 14], arm: 'cavalry', pose: { at: { x: 10, y: 14 }, facing: 90 } }), unit('B', 'au', { at: [20, 14], pose: { at: { x: 20, y: 14 }, facing: 0 } })]);
    const c = act(s, { kind: 'charge', unit: 'A', target: 'B' }, [6, 6, 3, 2]);
    expect(mods(rolls(c.events, 'B&P L109')[0]!)).toEqual([-3]);
    expect(c.events.some((e) => e.kind === 'note' && e.rule === 'B&P L111')).toBe(false);
  });
  it('a line charged by cavalry forms square when it holds (L123), by its standing reaction', () => {
    const s = position([unit('A', 'fr', { at: [20, 6], arm: 'cavalry' }), unit('B', 'au', { at: [20, 14] })]);
    // Square: holds on 4 vs cavalry (L175); volley from one face 1 × 3 figures; melee 1 vs 6.
    // B tests as a line (8: holds on 4 + 4), forms square, one face fires (5 × 3 / 10 = 1);
    // A (line cavalry, 7) holds on 4 + 3; melee A 1 × 21 vs B 6 × 36 (L175: 3 pts a figure).
    const c = act(s, { kind: 'charge', unit: 'A', target: 'B' }, [4, 4, 5, 4, 3, 1, 6]);
    expect(c.state.units.B!.formation).toBe('square');
    expect(c.state.units.A!.stage).toBe('routed');
  });
  it('infantry cannot charge cavalry (L119)', () => {
    const s = position([unit('A', 'fr', { at: [20, 10] }), unit('B', 'au', { at: [20, 14], arm: 'cavalry' })]);
    const r = bp.act(s, 'fr', { kind: 'charge', unit: 'A', target: 'B' }, scriptedDice([]));
    expect(!r.ok && r.error.code).toBe('charge/illegal');
  });
});

describe('routs (L109, L167)', () => {
  // A breaks when charged (2 + 2 < 8) and falls back 9" from y = 14 towards the south.
  const charge = (behind: ReturnType<typeof unit>[]) => {
    const s = position([unit('A', 'fr', { at: [20, 6], arm: 'cavalry' }), unit('B', 'au', { at: [20, 14] }), ...behind]);
    return act({ ...s, order: ['fr', 'au'] }, { kind: 'charge', unit: 'A', target: 'B' }, [2, 2]).state;
  };
  it('swerve past a friend behind (L63, L167): no disruption', () => {
    const after = charge([unit('F', 'au', { at: [20, 20.5], stands: [3] })]);
    expect(after.units.B!.stage).toBe('routed');
    expect(after.units.F!.disruptedAt).toBeNull();
    expect(after.units.B!.pose.at.y).toBeGreaterThan(14);
  });
  it('through friends only as a last resort, disrupting them (L167)', () => {
    const wall = [0, 8, 16, 24, 32, 40].map((x, i) => unit(`F${i}`, 'au', { at: [x + 4, 19], stands: [3, 3, 3, 3, 3] }));
    const after = charge(wall);
    expect(after.units.B!.stage).toBe('routed');
    expect(Object.values(after.units).filter((u) => u.id.startsWith('F') && u.disruptedAt !== null).length).toBeGreaterThan(0);
  });
});

describe('standing reactions stay private', () => {
  const s = position([unit('A', 'fr', { at: [20, 10] }), unit('B', 'au', { at: [20, 14] })]);
  it('set by their owner at any time, with no event; shown to the owner only', () => {
    const r = bp.act(s, 'au', { kind: 'standing', unit: 'B', returnFire: 'hold', square: false }, scriptedDice([]));
    expect(r.ok && r.value.events).toEqual([]);
    if (!r.ok) return;
    expect(bp.view(r.value.state, { kind: 'seat', seat: 'au' }).standing).toEqual({ B: { returnFire: 'hold', square: false } });
    expect(bp.view(r.value.state, { kind: 'seat', seat: 'fr' }).standing).toEqual({});
    expect(bp.view(r.value.state, { kind: 'public' }).standing).toEqual({});
  });
  it('not for the enemy\'s units', () => {
    expect(bp.act(s, 'fr', { kind: 'standing', unit: 'B', returnFire: 'hold', square: false }, scriptedDice([])).ok).toBe(false);
  });
});

describe('the turn (L22-24)', () => {
  it('resolve hands the move period to the other side, then a new turn with a roll-off', () => {
    const s = position([unit('A', 'fr', { at: [20, 10] }), unit('B', 'au', { at: [20, 24] })]);
    expect(bp.owing(s)).toEqual(['fr']);
    const p2 = bp.resolve(s, new Map(), scriptedDice([]));
    expect(bp.owing(p2.state)).toEqual(['au']);
    expect(bp.phase(p2.state).phasingSide).toBe('au');
    // Turn 2: the roll-off (fr 2, au 5): the Austrians choose, and move first by default.
    const t2 = bp.resolve(p2.state, new Map(), scriptedDice([2, 5]));
    expect(t2.state.turn).toBe(2);
    expect(bp.owing(t2.state)).toEqual(['au']);
  });
  it('a routed unit halts, reforms facing the enemy, and is effective again on its own moves (L167-169, HR B-11)', () => {
    let s = position([unit('A', 'fr', { at: [20, 10], stage: 'routed', pose: { at: { x: 20, y: 10 }, facing: 180 } }), unit('B', 'au', { at: [20, 24] })]);
    s = { ...s, order: ['au', 'fr'] };
    const stages: string[] = [];
    for (let i = 0; i < 6; i++) {
      s = bp.resolve(s, new Map(), scriptedDice(s.period === 1 ? [6, 1] : [])).state;
      stages.push(`${s.order[s.period]}:${s.units.A!.stage}`);
    }
    // The French win every roll-off and move first: own periods are 1, 2 and 4 of these six.
    expect(stages).toEqual(['fr:halted', 'fr:reforming', 'au:reforming', 'fr:effective', 'au:effective', 'fr:effective']);
    expect(s.units.A!.pose.facing).toBe(0); // turned toward the enemy when reforming (L169)
  });
});
