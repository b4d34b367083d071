import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import type { GameEvent, LossEvent, RollEvent } from '../../../../src/rules/events';
import { bp } from '../../../../src/rules/bp/index';
import { actablePieces, chargeTargetsOf, fireTargetsOf, unitDisplayName } from '../../../../src/rules/bp/pieces';
import { figuresOf, type BpState } from '../../../../src/rules/bp/state';
import { position, unit } from './fixture';

const act = (s: BpState, action: Parameters<typeof bp.act>[2], faces: number[]) => {
  const dice = scriptedDice(faces);
  const r = bp.act(s, 'fr', action, dice);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  expect(dice.remaining).toBe(0);
  return r.value;
};
const losses = (events: readonly GameEvent[]) => events.filter((e): e is LossEvent => e.kind === 'loss');

describe('artillery (L93-103)', () => {
  it('round shot at 11": one D6 per figure the stick touches (HR B-7), 1-3 hits', () => {
    const s = position([unit('g', 'fr', { at: [20, 5], arm: 'artillery' }), unit('e', 'au', { at: [20, 16] })]);
    expect(fireTargetsOf(s, 'g')).toMatchObject([{ target: 'e', kind: 'round-shot', legal: true }]);
    const f = act(s, { kind: 'fire', unit: 'g', target: 'e' }, [1, 2, 3, 4, 5, 6]);
    expect(f.events.filter((e): e is RollEvent => e.kind === 'roll' && e.rule === 'B&P L93').flatMap((e) => e.faces)).toHaveLength(6);
    expect(figuresOf(f.state.units.e!)).toBe(9);
    expect(losses(f.events)[0]).toMatchObject({ unit: 'e', amount: 3, measure: 'figures' });
  });
  it('canister at 4": a D6 per figure in the 60° triangle; the line fires back at the crew (L131)', () => {
    const s = position([unit('g', 'fr', { at: [20, 5], arm: 'artillery' }), unit('e', 'au', { at: [20, 9] })]);
    expect(fireTargetsOf(s, 'g')).toMatchObject([{ target: 'e', kind: 'canister', legal: true }]);
    const f = act(s, { kind: 'fire', unit: 'g', target: 'e' }, [1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 5]);
    expect(figuresOf(f.state.units.e!)).toBe(8);
    // 5 × 8 / 10 = 4: the whole crew; hits on artillery are recorded on the crew (L97).
    expect(losses(f.events)[1]).toMatchObject({ unit: 'g', amount: 4, measure: 'crew' });
    expect(f.state.units.g!.gone).toBe('eliminated');
  });
  it('beyond 18" there is no shot, with the reason', () => {
    const s = position([unit('g', 'fr', { at: [20, 5], arm: 'artillery' }), unit('e', 'au', { at: [20, 30] })]);
    expect(fireTargetsOf(s, 'g')[0]).toMatchObject({ legal: false, reason: expect.stringMatching(/18"/) });
  });
});

describe('buildings (L177-198)', () => {
  const farm = { id: 'farm', name: 'the farm', polygon: [{ x: 18, y: 13.5 }, { x: 22, y: 13.5 }, { x: 22, y: 17 }, { x: 18, y: 17 }], hits: 0, burning: false };
  const s = (): BpState => ({ ...position([unit('A', 'fr', { at: [20, 10] }), unit('G', 'au', { at: [20, 14], stands: [3], building: 'farm' })]), buildings: { farm } });
  it('fire into a building needs 9 on 2D6 (L183); the garrison fires back on 8 (L181)', () => {
    expect(fireTargetsOf(s(), 'A')).toMatchObject([{ target: 'G', kind: 'building', legal: true }]);
    // The garrison now has one casualty: −1 on its roll (L181), so 5 + 4 − 1 = 8 hits.
    const f = act(s(), { kind: 'fire', unit: 'A', target: 'G' }, [5, 4, 5, 4]);
    expect(losses(f.events).map((l) => [l.unit, l.amount])).toEqual([['G', 1], ['A', 1]]);
  });
  it('a charge on the building is a building melee: 12 eliminates the defender (L189)', () => {
    const c = act(s(), { kind: 'charge', unit: 'A', target: 'G' }, [6, 6]);
    expect(c.state.units.G!.gone).toBe('eliminated');
    expect(c.state.log.wonMelee).toEqual(['A']);
  });
  it('a battalion of four stands may not enter a building (L179)', () => {
    const t = { ...position([unit('A', 'fr', { at: [20, 10] })]), buildings: { farm } };
    const r = bp.act(t, 'fr', { kind: 'move', unit: 'A', to: 'forward 4in' }, scriptedDice([]));
    expect(!r.ok && r.error.code).toBe('move/building');
  });
});

describe('helpers for the lead (pieces.ts)', () => {
  it('lists each piece with its verbs now, and excluded targets with their reasons', () => {
    const s = position([unit('A', 'fr', { at: [20, 10] }), unit('C', 'fr', { at: [30, 10], arm: 'cavalry' }), unit('B', 'au', { at: [20, 14] }), unit('H', 'au', { at: [30, 14], arm: 'cavalry' })]);
    const fr = actablePieces(s, 'fr');
    expect(fr.find((p) => p.id === 'A')!.verbs).toEqual(['move', 'formation', 'fire', 'charge', 'standing']);
    expect(fr.find((p) => p.id === 'C')!.verbs).toEqual(['move', 'formation', 'charge', 'standing']);
    expect(actablePieces(s, 'au').map((p) => p.verbs)).toEqual([['standing'], ['standing']]);
    expect(chargeTargetsOf(s, 'A').find((t) => t.target === 'H')).toMatchObject({ legal: false, reason: expect.stringMatching(/L119/) });
    expect(unitDisplayName(s.units.A!)).toBe('A (line, 12 figures)');
  });
});
