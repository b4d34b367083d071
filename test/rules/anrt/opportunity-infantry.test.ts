import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import { AnrtOrder } from '../../../src/rules/anrt/orders';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { moveOf, validateOrder } from '../../../src/rules/anrt/phases/orders';
import { exposedTo, opportunityTargets, reactionsOf, refusedByL430 } from '../../../src/rules/anrt/phases/responses';
import { seatOfSide, type AnrtMove, type AnrtState, type AnrtUnit } from '../../../src/rules/anrt/state';
import { combatScene, sceneState, type SceneCase } from '../../helpers/anrt-scenes';
import { teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * Infantry opportunity charges (L428, ANRT-O1, O2) and L430 for every opportunity charger (ANRT-O3).
 * The French (moving) battalion fr-1-33 ends its move at (33, 14); the allied line al-1-6r stands at
 * (30, 10) facing north (+y), 6" normal move (stand-in QRS). A hussar charge far off (fr-11h at
 * al-1-2wp) opens the responses window as a real game's would.
 */
type Place = Record<string, { at: [number, number]; facing?: number; formation?: string; disordered?: boolean }>;
function scene(mover: { at: [number, number]; facing: number; retrograde?: boolean }, extra: Place = {}, formation = 'line'): AnrtState {
  const s = combatScene({
    case: 'O1', rule: 'L428',
    place: { 'al-1-6r': { at: [30, 10], facing: 0, formation }, 'fr-1-33': { at: mover.at, facing: mover.facing, formation: 'column' }, 'fr-11h': { at: [60, 40], facing: 180, formation: 'column' }, 'al-1-2wp': { at: [60, 28], facing: 0, formation: 'column' }, ...extra },
    expect: {},
  } as unknown as SceneCase, [['fr-11h', 'al-1-2wp']], { passes: ['charge', 'charge-response'] });
  const m: AnrtMove = { unit: 'fr-1-33', to: { x: mover.at[0], y: mover.at[1] }, facing: mover.facing, formation: 'column', inches: 4, pips: 1, ...(mover.retrograde ? { retrograde: true as const } : {}) };
  return { ...s, moves: [m] };
}
const line = (s: AnrtState): AnrtUnit => s.units['al-1-6r']!;
const seat = (s: AnrtState) => seatOfSide(s, 'allies');
const react = (unit: string, o: Record<string, unknown>) => AnrtOrder.parse({ kind: 'react', unit, ...o });
const FLANK = { at: [33, 14] as [number, number], facing: 90 };

describe('ANRT-O1: infantry opportunity charges (L428)', () => {
  it('an enemy that presents its flank directly in front within a normal move: offered, previewed, and made (−1 pip, L325)', () => {
    const s = scene(FLANK);
    expect(reactionsOf(s, line(s))).toContain('opportunity');
    expect(opportunityTargets(s, line(s)).map((u) => u.id)).toEqual(['fr-1-33']);
    const v = validateOrder(s, seat(s), react('al-1-6r', { choice: 'opportunity' }), []);
    expect(v.ok && v.value.preview.join(' ')).toContain('the nearest enemy that presented its flank or rear in front of it, L428');
    const r = anrt.resolve(s, new Map([[seat(s), [react('al-1-6r', { choice: 'opportunity' })]]]), seededDice('3'.repeat(64)));
    expect(r.events.map((e) => JSON.stringify(e)).join('\n')).toContain('al-1-6r opportunity-charges fr-1-33');
    const c = resolveCombat(s, { 'al-1-6r': 'opportunity' }, new Thrower(seededDice('3'.repeat(64)), []));
    expect(c.events.map((e) => JSON.stringify(e)).join('\n')).toContain('al-1-6r opportunity-charges fr-1-33');
    expect(c.s.opportunityDebt[line(s).division]).toBe(1);
    // Silent, it makes none.
    expect(resolveCombat(s, {}, new Thrower(seededDice('3'.repeat(64)), [])).s.opportunityDebt[line(s).division]).toBeUndefined();
  });

  it('its rear too: the mover ends facing away', () => {
    const s = scene({ at: [30, 14], facing: 0 });
    expect(opportunityTargets(s, line(s)).map((u) => u.id)).toEqual(['fr-1-33']);
  });

  it('an enemy that faces it is not offered (cavalry would be, L426), and /react opportunity is refused privately', () => {
    const s = scene({ at: [30, 14], facing: 180 });
    expect(reactionsOf(s, line(s))).not.toContain('opportunity');
    const v = validateOrder(s, seat(s), react('al-1-6r', { choice: 'opportunity' }), []);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error.code).toBe('order/reaction');
    const cav = scene({ at: [30, 14], facing: 180 }, { 'al-uh': { at: [30, 6], facing: 0, formation: 'line' }, 'al-1-6r': { at: [10, 40], facing: 0, formation: 'line' } });
    expect(opportunityTargets(cav, cav.units['al-uh']!).map((u) => u.id)).toEqual(['fr-1-33']);
  });

  it('a retrograde that leaves its flank or rear in front is not offered (L428 "not retrogrades")', () => {
    const s = scene({ ...FLANK, retrograde: true });
    expect(reactionsOf(s, line(s))).not.toContain('opportunity');
    expect(opportunityTargets(s, line(s))).toEqual([]);
  });

  it('out of its normal move, or outside its front arc: not offered', () => {
    const far = scene({ at: [33, 18], facing: 90 }); // 8.5" off, normal move 6"
    expect(opportunityTargets(far, line(far))).toEqual([]);
    const wide = scene({ at: [36, 11], facing: 0 }); // 80° off its facing
    expect(opportunityTargets(wide, line(wide))).toEqual([]);
  });

  it('a unit that may not charge may not opportunity charge: in square (§X), or with one hit left (L204)', () => {
    expect(opportunityTargets(scene(FLANK, {}, 'square'), line(scene(FLANK, {}, 'square')))).toEqual([]);
    const s = scene(FLANK);
    const one = { ...s, units: { ...s.units, 'al-1-6r': { ...line(s), hits: 1 } } };
    expect(opportunityTargets(one, line(one))).toEqual([]);
  });

  it('ANRT-O2: a move is a retrograde when its way goes 90° or more off the facing it started with', () => {
    const s = sceneState({ case: 'O2', rule: 'L330', place: { 'fr-1-33': { at: [30, 30], facing: 180, formation: 'column' } }, expect: {} } as unknown as SceneCase);
    const back = moveOf(s, { kind: 'move', unit: 'fr-1-33', to: 'back 2' });
    const forward = moveOf(s, { kind: 'move', unit: 'fr-1-33', to: 'forward 2' });
    expect(back?.retrograde).toBe(true);
    expect(forward?.retrograde).toBeUndefined();
  });
});

describe('ANRT-O3: L430 — an opportunity charger may not expose its own flank or rear', () => {
  // The line would end in contact with fr-1-33's south flank, facing north at about (33, 12.5);
  // the French cuirassiers fr-6ch, 7" east, facing west, would then have its flank directly in front.
  const threat = { 'fr-6ch': { at: [40, 11] as [number, number], facing: 270, formation: 'column' } };

  it('an undisordered enemy within its normal move of the charger\'s flank: not offered, refused privately with that enemy named', () => {
    const s = scene(FLANK, threat);
    expect(exposedTo(s, line(s), s.units['fr-1-33']!)?.id).toBe('fr-6ch');
    expect(reactionsOf(s, line(s))).not.toContain('opportunity');
    expect(refusedByL430(s, line(s)).map((x) => [x.target.id, x.enemy.id])).toEqual([['fr-1-33', 'fr-6ch']]);
    const v = validateOrder(s, seat(s), react('al-1-6r', { choice: 'opportunity' }), []);
    expect(v.ok).toBe(false);
    if (!v.ok) { expect(v.error.code).toBe('order/opportunity-exposed'); expect(v.error.message).toContain(s.units['fr-6ch']!.name); expect(v.error.message).toContain('L430'); }
  });

  it('whether that enemy has moved or not — but not a disordered one, nor one facing elsewhere', () => {
    const moved = scene(FLANK, threat);
    const both = { ...moved, moves: [...moved.moves, { unit: 'fr-6ch', to: { x: 40, y: 11 }, facing: 270, formation: 'column' as const, inches: 4, pips: 1 }] };
    expect(exposedTo(both, line(both), both.units['fr-1-33']!)?.id).toBe('fr-6ch');
    const dis = scene(FLANK, { 'fr-6ch': { ...threat['fr-6ch'], disordered: true } });
    expect(exposedTo(dis, line(dis), dis.units['fr-1-33']!)).toBeUndefined();
    expect(opportunityTargets(dis, line(dis)).map((u) => u.id)).toEqual(['fr-1-33']);
    const away = scene(FLANK, { 'fr-6ch': { ...threat['fr-6ch'], facing: 90 } });
    expect(opportunityTargets(away, line(away)).map((u) => u.id)).toEqual(['fr-1-33']);
  });

  it('beyond that enemy\'s normal move: offered', () => {
    const s = scene(FLANK, { 'fr-6ch': { at: [60, 11], facing: 270, formation: 'column' } });
    expect(opportunityTargets(s, line(s)).map((u) => u.id)).toEqual(['fr-1-33']);
  });

  it('for cavalry too (L426): the Uhlans charging a moved battery would leave their flank to the cuirassiers', () => {
    const place: Place = { 'al-1-6r': { at: [10, 40], facing: 0, formation: 'line' }, 'al-uh': { at: [30, 4], facing: 0, formation: 'line' }, 'fr-bty-1': { at: [30, 12], facing: 0, formation: 'limbered' } };
    const free = scene({ at: [10, 46], facing: 0 }, place);
    const s0 = { ...free, moves: [{ unit: 'fr-bty-1', to: { x: 30, y: 12 }, facing: 0, formation: 'limbered' as const, inches: 4, pips: 1 }] };
    expect(opportunityTargets(s0, s0.units['al-uh']!).map((u) => u.id)).toEqual(['fr-bty-1']);
    const s: AnrtState = { ...s0, units: { ...s0.units, 'fr-6ch': { ...s0.units['fr-6ch']!, at: { x: 42, y: 9 }, facing: 270, formation: 'column' as const, gone: false } } };
    expect(exposedTo(s, s.units['al-uh']!, s.units['fr-bty-1']!)?.id).toBe('fr-6ch');
    expect(reactionsOf(s, s.units['al-uh']!)).not.toContain('opportunity');
  });
});

describe('ANRT-W18 with an infantry opportunity charge: a fresh enemy that came into its path answers as its target', () => {
  it('the chasseurs\' charge ends across the line\'s path to the 1/33e: the line hits them instead, and they answer it (L400, L421)', () => {
    const s0 = combatScene({ case: 'W18', rule: 'L400, L421', place: { 'al-1-6r': { at: [30, 4], facing: 0, formation: 'line' }, 'fr-1-33': { at: [31.5, 9.5], facing: 90, formation: 'column' }, 'fr-11h': { at: [24, 7], facing: 90, formation: 'column', disordered: true }, 'al-1-2wp': { at: [35, 7], facing: 270, formation: 'column' } }, expect: {} } as unknown as SceneCase, [['fr-11h', 'al-1-2wp']], { passes: ['charge', 'charge-response'] });
    // fr-11h is disordered: L430 does not forbid the line's charge on its account (ANRT-O3).
    const s: AnrtState = { ...s0, moves: [{ unit: 'fr-1-33', to: { x: 31.5, y: 9.5 }, facing: 90, formation: 'column', inches: 4, pips: 1 }] };
    expect(opportunityTargets(s, line(s)).map((u) => u.id)).toEqual(['fr-1-33']);
    for (const seed of ['1', '5', '9']) {
      const r = resolveCombat(s, { 'al-1-6r': 'opportunity' }, new Thrower(seededDice(seed.repeat(64)), []));
      const texts = r.events.map((e) => JSON.stringify(e)).join('\n');
      expect(texts, seed).toContain("al-1-6r's charge at fr-1-33 meets fr-11h, now in its path: fr-11h responds as if it were the target of the charge.");
      expect(texts, seed).toContain('in contact with fr-11h');
    }
  });
});

describe('ANRT-O4: a unit that changes formation in front of cavalry (L426)', () => {
  // fr-1-33 stands at (30, 14) facing west, its flank to the line at (30, 10): it changed formation, it did not move.
  const reformedOnly = (extra: Place = {}): AnrtState => ({ ...scene({ at: [30, 14], facing: 270 }, extra), moves: [], reformed: ['fr-1-33'] });

  it('cavalry may opportunity charge it; infantry may not (a formation change presents no flank, ANRT-O1)', () => {
    const cav = reformedOnly({ 'al-uh': { at: [30, 6], facing: 0, formation: 'line' }, 'al-1-6r': { at: [10, 40], facing: 0, formation: 'line' } });
    expect(opportunityTargets(cav, cav.units['al-uh']!).map((u) => u.id)).toEqual(['fr-1-33']);
    expect(reactionsOf(cav, cav.units['al-uh']!)).toContain('opportunity');
    const inf = reformedOnly();
    expect(opportunityTargets(inf, line(inf))).toEqual([]);
    // Neither moved nor changed formation: nothing to answer.
    const still = { ...cav, reformed: [] };
    expect(opportunityTargets(still, still.units['al-uh']!)).toEqual([]);
  });

  it('the orders phase records the formation changes it made (and none for an order to the formation a unit is already in)', () => {
    const s0 = teachingFrenchPhase();
    const r = anrt.resolve(s0, new Map([[seatOfSide(s0, 'french'), [{ kind: 'formation', unit: 'fr-1-33', formation: 'line' }, { kind: 'formation', unit: 'fr-1-48', formation: 'column' }]]]), seededDice('1'.repeat(64)));
    expect(r.state.reformed).toEqual(['fr-1-33']);
  });
});
