import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { angleDifference, bearing, distance } from '../../../src/rules/geometry/vector';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { withParent } from '../../../src/rules/anrt/phases/regimental';
import type { AnrtState, AnrtUnit } from '../../../src/rules/anrt/state';
import { teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * Regimental guns follow their battalion (L1083, ANRT-R8): the teaching scenario's 13e Léger guns
 * (`fr-rg-13l`, limbered, on the right of the 2/13e Léger at 20,14 facing N). The French orders
 * are carried out by the resolution (turn.ts), then the state is read.
 */
const s0 = teachingFrenchPhase();
const put = (s: AnrtState, id: string, u: Partial<AnrtUnit>): AnrtState => ({ ...s, units: { ...s.units, [id]: { ...s.units[id]!, ...u } } });
const run = (s: AnrtState, orders: AnrtOrder[]) => {
  for (const o of orders) expect(anrt.validate(s, 'french', o, orders.filter((x) => x !== o)).ok).toBe(true);
  return anrt.resolve(s, new Map([['french', orders]]), seededDice('5'.repeat(64)));
};
/** The guns' bearing from the battalion, relative to its facing: which side they stand on. */
const side = (p: AnrtUnit, b: AnrtUnit) => angleDifference(p.facing, bearing(p.at, b.at));

describe('regimental guns go with their battalion (L1083 free move in contact, ANRT-R8)', () => {
  it('the battalion moves forward 4": its guns end beside it on the same side, facing with it, in contact, at no pip', () => {
    expect(withParent(s0, s0.units['fr-rg-13l']!)).toBe(true);
    const before = side(s0.units['fr-2-13l']!, s0.units['fr-rg-13l']!);
    const r = run(s0, [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 4' }]);
    const p = r.state.units['fr-2-13l']!, b = r.state.units['fr-rg-13l']!;
    expect(distance(p.at, s0.units['fr-2-13l']!.at)).toBeCloseTo(4, 6);
    expect(b.facing).toBe(p.facing);
    expect(side(p, b)).toBeCloseTo(before, 6);
    expect(withParent(r.state, b)).toBe(true);
    expect(r.events).toContainEqual(expect.objectContaining({ kind: 'move', unit: 'fr-rg-13l', rule: 'ANRT §XVII L1083', cost: 0 }));
  });

  it('a move that turns the battalion takes the guns round with it: still on its right', () => {
    const r = run(s0, [{ kind: 'move', unit: 'fr-2-13l', to: 'wheel left 45 then forward 2' }]);
    const p = r.state.units['fr-2-13l']!, b = r.state.units['fr-rg-13l']!;
    expect(p.facing).not.toBe(s0.units['fr-2-13l']!.facing);
    expect(b.facing).toBe(p.facing);
    expect(side(p, b)).toBeCloseTo(side(s0.units['fr-2-13l']!, s0.units['fr-rg-13l']!), 6);
    expect(withParent(r.state, b)).toBe(true);
  });

  it('guns the player moves himself go where he sends them', () => {
    const r = run(s0, [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 4' }, { kind: 'move', unit: 'fr-rg-13l', to: 'back 1' }]);
    const b = r.state.units['fr-rg-13l']!;
    expect(distance(b.at, s0.units['fr-rg-13l']!.at)).toBeCloseTo(1, 6);
    expect(r.events.filter((e) => e.kind === 'move' && e.unit === 'fr-rg-13l')).toHaveLength(1);
  });

  it('guns already out of contact (detached) stay where they are', () => {
    const s = put(s0, 'fr-rg-13l', { at: { x: 26, y: 14 } });
    expect(withParent(s, s.units['fr-rg-13l']!)).toBe(false);
    const r = run(s, [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 4' }]);
    expect(r.state.units['fr-rg-13l']!.at).toEqual({ x: 26, y: 14 });
  });

  it('where the ground forbids the guns the way (unlimbered into the Erlenbusch wood, L359) they stay, and the narrative says so', () => {
    // The battalion in column at 67.5,10 facing N (y north), its unlimbered guns on its left; forward
    // 6 the battalion stays east of the wood (x 56-66, y 14-22), the place beside it is in the wood.
    let s = put(s0, 'fr-2-13l', { at: { x: 67.5, y: 10 }, formation: 'column' });
    s = put(s, 'fr-rg-13l', { at: { x: 65.5, y: 10 }, formation: 'unlimbered' });
    expect(withParent(s, s.units['fr-rg-13l']!)).toBe(true);
    const r = run(s, [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 6' }]);
    expect(r.state.units['fr-2-13l']!.at.y).toBeCloseTo(16, 6);
    expect(r.state.units['fr-rg-13l']!.at).toEqual({ x: 65.5, y: 10 });
    expect(r.events).toContainEqual(expect.objectContaining({ kind: 'note', rule: 'ANRT §XVII L1083', text: expect.stringMatching(/13e Léger guns cannot follow 2\/13e Léger: .*L359.*They stay where they were/) }));
    // Limbered (their march column, ANRT-T9) they may enter the wood, and follow.
    const lim = run(put(s, 'fr-rg-13l', { formation: 'limbered' }), [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 6' }]);
    expect(withParent(lim.state, lim.state.units['fr-rg-13l']!)).toBe(true);
  });
});
