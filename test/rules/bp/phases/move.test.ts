import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { bp } from '../../../../src/rules/bp/index';
import type { BpState } from '../../../../src/rules/bp/state';
import { position, unit } from './fixture';

const act = (s: BpState, action: Parameters<typeof bp.act>[2], seat = 'fr') => bp.act(s, seat, action, scriptedDice([]));
const code = (r: ReturnType<typeof act>) => (r.ok ? 'ok' : r.error.code);

// Movement table L38-53, a battalion in line (4"), in column (6"), cavalry (12"), a battery (9").
describe('move (B&P L26-53)', () => {
  const s = position([unit('a', 'fr', { at: [10, 5] }), unit('col', 'fr', { at: [24, 5], formation: 'column' }), unit('e', 'au', { at: [40, 30] })]);
  it('a line moves 4" forward, not 4.5"', () => {
    expect(code(act(s, { kind: 'move', unit: 'a', to: 'forward 4in' }))).toBe('ok');
    expect(code(act(s, { kind: 'move', unit: 'a', to: 'forward 4.5in' }))).toBe('move/too-far');
  });
  it('retrograde and side-slip are at half distance (L34, L36)', () => {
    expect(code(act(s, { kind: 'move', unit: 'a', to: 'back 2in' }))).toBe('ok');
    expect(code(act(s, { kind: 'move', unit: 'a', to: 'back 2.5in' }))).toBe('move/too-far');
    expect(code(act(s, { kind: 'move', unit: 'a', to: 'right 2in' }))).toBe('ok');
    expect(code(act(s, { kind: 'move', unit: 'a', to: 'right 2.5in' }))).toBe('move/too-far');
  });
  it('a wood ahead costs 2" per 1" (L43-46): 1" clear + 1.5" of wood = 4"', () => {
    const wood = position([unit('a', 'fr', { at: [10, 5] })], { terrain: [{ id: 'w', kind: 'woods', polygon: [[0, 5.625], [20, 5.625], [20, 12], [0, 12]].map(([x, y]) => ({ x: x!, y: y! })) }] });
    // Costs are read along the unit's centre (0.375" behind its front): 1" of clear ground, then wood.
    expect(code(act(wood, { kind: 'move', unit: 'a', to: 'forward 2.5in' }))).toBe('ok');
    expect(code(act(wood, { kind: 'move', unit: 'a', to: 'forward 2.6in' }))).toBe('move/too-far');
  });
  it('a column on a road all the way gets +3" (L42)', () => {
    const road = position([unit('col', 'fr', { at: [24, 5], formation: 'column' })], { terrain: [{ id: 'r', kind: 'road', line: [{ x: 24, y: 0 }, { x: 24, y: 36 }] }] });
    expect(code(act(road, { kind: 'move', unit: 'col', to: 'forward 9in' }))).toBe('ok');
    expect(code(act(road, { kind: 'move', unit: 'col', to: 'forward 9.5in' }))).toBe('move/too-far');
  });
  it('a unit moves once per move period (L161)', () => {
    const r = act(s, { kind: 'move', unit: 'a', to: 'forward 2in' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(code(act(r.value.state, { kind: 'move', unit: 'a', to: 'forward 1in' }))).toBe('move/not-now');
  });
  it('a disrupted unit may not advance (L167) but may go back', () => {
    const d = position([unit('a', 'fr', { at: [10, 5], disruptedAt: 0 })]);
    expect(code(act(d, { kind: 'move', unit: 'a', to: 'forward 1in' }))).toBe('move/disrupted');
    expect(code(act(d, { kind: 'move', unit: 'a', to: 'back 1in' }))).toBe('ok');
  });
  it('an enemy in the way blocks the move: charge it instead (L107)', () => {
    const b = position([unit('a', 'fr', { at: [10, 5] }), unit('e', 'au', { at: [10, 9] })]);
    expect(code(act(b, { kind: 'move', unit: 'a', to: 'forward 4in' }))).toBe('move/blocked');
  });
  it('passing through formed friends costs 2" (L47-49); through skirmishers nothing (L50-52)', () => {
    const f = (formation: 'line' | 'skirmish') => position([unit('a', 'fr', { at: [10, 2] }), unit('f', 'fr', { at: [10, 4], formation, stands: [3] })]);
    expect(code(act(f('line'), { kind: 'move', unit: 'a', to: 'forward 3in' }))).toBe('move/too-far');
    expect(code(act(f('line'), { kind: 'move', unit: 'a', to: 'forward 2in' }))).toBe('move/overlap');
    expect(code(act(f('skirmish'), { kind: 'move', unit: 'a', to: 'forward 3.5in' }))).toBe('ok');
  });
  it('only the phasing side acts (L24)', () => {
    expect(code(act(s, { kind: 'move', unit: 'e', to: 'forward 1in' }, 'au'))).toBe('action/not-phasing');
  });
  it('a battery pivots up to 45° and may still fire (L32); a move forbids fire', () => {
    const g = position([unit('g', 'fr', { at: [10, 5], arm: 'artillery' }), unit('e', 'au', { at: [20, 17] })]);
    const pivot = act(g, { kind: 'move', unit: 'g', to: 'wheel right 40' });
    expect(pivot.ok && pivot.value.state.log.pivoted).toEqual(['g']);
    const moved = act(g, { kind: 'move', unit: 'g', to: 'forward 3in' });
    expect(moved.ok).toBe(true);
    if (moved.ok) expect(code(act(moved.value.state, { kind: 'fire', unit: 'g', target: 'e' }))).toBe('fire/illegal');
  });
});

describe('guns (L32, L97)', () => {
  it('a battery fired upon from the flank in the enemy move may not pivot; one below 3 crew may not move', () => {
    // The Austrian line, west of the gun and facing east, fires into its flank in the Austrian move.
    let s = position([unit('g', 'fr', { at: [20, 5], arm: 'artillery' }), unit('e', 'au', { at: [16, 5], pose: { at: { x: 16, y: 5 }, facing: 90 } })]);
    s = { ...s, order: ['au', 'fr'], log: { ...s.log, side: 'au' } };
    const f = bp.act(s, 'au', { kind: 'fire', unit: 'e', target: 'g' }, scriptedDice([1]));
    expect(f.ok && f.value.state.log.firedFromFlank).toEqual(['g']);
    if (!f.ok) return;
    const mine = bp.resolve(f.value.state, new Map(), scriptedDice([]));
    expect(code(act(mine.state, { kind: 'move', unit: 'g', to: 'wheel left 30' }))).toBe('move/no-pivot');
    const weak = position([unit('g', 'fr', { at: [20, 5], arm: 'artillery', stands: [2] })]);
    expect(code(act(weak, { kind: 'move', unit: 'g', to: 'forward 2in' }))).toBe('move/not-now');
  });
});

describe('formation (L28-30, L57-63)', () => {
  const s = position([unit('a', 'fr', { at: [10, 5] }), unit('c', 'fr', { at: [30, 5], arm: 'cavalry', formation: 'column' })]);
  it('line to column in place, and then no move (L59)', () => {
    const r = act(s, { kind: 'formation', unit: 'a', formation: 'column' });
    expect(r.ok && r.value.state.units.a!.formation).toBe('column');
    if (r.ok) expect(code(act(r.value.state, { kind: 'move', unit: 'a', to: 'forward 1in' }))).toBe('move/not-now');
  });
  it('into skirmish order, then a full 9" move (L59)', () => {
    const r = act(s, { kind: 'formation', unit: 'a', formation: 'skirmish' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(code(act(r.value.state, { kind: 'move', unit: 'a', to: 'forward 9in' }))).toBe('ok');
  });
  it('cavalry changing formation moves half (L30), and has no square (L40)', () => {
    const r = act(s, { kind: 'formation', unit: 'c', formation: 'line' });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(code(act(r.value.state, { kind: 'move', unit: 'c', to: 'forward 6.5in' }))).toBe('move/too-far');
      expect(code(act(r.value.state, { kind: 'move', unit: 'c', to: 'forward 6in' }))).toBe('ok');
    }
    expect(code(act(s, { kind: 'formation', unit: 'c', formation: 'square' }))).toBe('formation/not-now');
  });
  it('the front centre stays where it was', () => {
    const r = act(s, { kind: 'formation', unit: 'a', formation: 'square' });
    expect(r.ok && r.value.state.units.a!.pose).toEqual(s.units.a!.pose);
  });
});
