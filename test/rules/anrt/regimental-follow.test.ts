import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { angleDifference, bearing, distance } from '../../../src/rules/geometry/vector';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { placeBeside, withParent } from '../../../src/rules/anrt/phases/regimental';
import type { AnrtState, AnrtUnit } from '../../../src/rules/anrt/state';
import { teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * Regimental guns follow their battalion (L1083, ANRT-R8): the teaching scenario's 13e Léger guns
 * (`fr-rg-13l`, limbered, on the right of the 2/13e Léger at 20,14 facing N). The French orders
 * are carried out by the resolution (turn.ts), then the state is read.
 */
const s0 = teachingFrenchPhase();
const withUnitAll = (s: AnrtState, us: AnrtUnit[]): AnrtState => ({ ...s, units: { ...s.units, ...Object.fromEntries(us.map((u) => [u.id, u])) } });
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

  it('where the ground forbids the guns the place beside it (unlimbered into the Erlenbusch wood, L359) they take the nearest clear place round it (ANRT-R9)', () => {
    // The battalion in column at 67.5,10 facing N (y north), its unlimbered guns on its left; forward
    // 6 the battalion stays east of the wood (x 56-66, y 14-22), the place on its left is in the wood.
    let s = put(s0, 'fr-2-13l', { at: { x: 67.5, y: 10 }, formation: 'column' });
    s = put(s, 'fr-rg-13l', { at: { x: 65.5, y: 10 }, formation: 'unlimbered' });
    expect(withParent(s, s.units['fr-rg-13l']!)).toBe(true);
    const r = run(s, [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 6' }]);
    const p = r.state.units['fr-2-13l']!, b = r.state.units['fr-rg-13l']!;
    expect(p.at.y).toBeCloseTo(16, 6);
    // Left and behind, 135° round from its front (every nearer bearing is in the wood), still in contact.
    expect(side(p, b)).toBeCloseTo(-135, 6);
    expect(b.at.x).toBeGreaterThan(66);
    expect(withParent(r.state, b)).toBe(true);
    expect(r.events).toContainEqual(expect.objectContaining({ kind: 'move', unit: 'fr-rg-13l', rule: 'ANRT §XVII L1083', stopped: expect.stringContaining('the nearest clear place beside it (ANRT-R9)') }));
    // Limbered (their march column, ANRT-T9) they may enter the wood, and stand on its left as before.
    const lim = run(put(s, 'fr-rg-13l', { formation: 'limbered' }), [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 6' }]);
    expect(side(lim.state.units['fr-2-13l']!, lim.state.units['fr-rg-13l']!)).toBeCloseTo(-90, 6);
    expect(withParent(lim.state, lim.state.units['fr-rg-13l']!)).toBe(true);
  });

  it('a friend standing where the guns would go (L395): the nearest clear place round the battalion, never in its front arc (ANRT-R9)', () => {
    // The 1/13e Léger in column just ahead of where the guns would stand after forward 4 (22, 18).
    const s = put(s0, 'fr-1-13l', { at: { x: 22.2, y: 18.4 }, formation: 'column' });
    const r = run(s, [{ kind: 'move', unit: 'fr-2-13l', to: 'forward 4' }]);
    const p = r.state.units['fr-2-13l']!, b = r.state.units['fr-rg-13l']!;
    expect(Math.abs(side(p, b))).toBeGreaterThanOrEqual(45);
    expect(side(p, b)).toBeGreaterThan(90); // behind its right, the side they stood on
    expect(withParent(r.state, b)).toBe(true);
    expect(r.events).toContainEqual(expect.objectContaining({ kind: 'move', unit: 'fr-rg-13l', stopped: expect.stringContaining('ANRT-R9') }));
  });

  it('with no clear place round it, the guns stay where they were, and the narrative says why', () => {
    const b = s0.units['fr-rg-13l']!, p = s0.units['fr-2-13l']!;
    // Ring the battalion's new place with friends' ground: every place beside it is taken.
    const moved = { ...p, at: { x: p.at.x, y: p.at.y + 4 } };
    let s = withUnitAll(s0, [moved]);
    const ring = [0, 1, 2, 3, 4, 5, 6, 7].map((k, i) => ({ ...s0.units['fr-1-13l']!, id: `ring-${i}`, name: `Ring ${i}`, formation: 'square' as const, at: { x: moved.at.x + 2 * Math.sin((k * 45 * Math.PI) / 180), y: moved.at.y + 2 * Math.cos((k * 45 * Math.PI) / 180) } }));
    s = withUnitAll(s, ring);
    const place = placeBeside(s, b, s.units['fr-2-13l']!, 90);
    expect(place).toEqual({ blocked: expect.stringContaining('stands where they would go') });
  });
});
