import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { overrun, spikeByStanders } from '../../../src/rules/anrt/phases/guns';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { followCaptors, gunsHeldBy, prolongReach, prolongRow } from '../../../src/rules/anrt/phases/prolong';
import { describeAnrt } from '../../../src/rules/anrt/present/map';
import { withUnit, type AnrtState } from '../../../src/rules/anrt/state';
import { teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * Guns carried off by prolong (§XVI L1061, L1065; ANRT-G7, phases/prolong.ts) on the teaching
 * scenario, the French moving, stand-in tables (foot guns' prolong move 2", horse 3": the project's
 * numbers, not the author's). The 11e Hussards overrun the Allied foot battery Nr. 7.
 */
const SEED = '61'.padEnd(64, '0');
const base = (): AnrtState => {
  const s = teachingFrenchPhase();
  const placed = withUnit(withUnit(s, { ...s.units['fr-11h']!, at: { x: 24, y: 30.5 }, facing: 0 }), { ...s.units['al-bty-1']!, at: { x: 24, y: 31 }, facing: 180 });
  return { ...placed, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 }, command: undefined };
};
/** The battery overrun with this D6 by the hussars (L1059-1061). */
const overrunOn = (d6: number) => overrun(base(), 'al-bty-1', 'fr-11h', null, new Thrower(scriptedDice([d6]), []));
const frenchOrders = (s: AnrtState, orders: AnrtOrder[]) => anrt.resolve(s, new Map([['french', orders]]), seededDice(SEED));

describe('a 6 as the guns are overrun (L1061): the overrunning unit holds them', () => {
  it('the battery is lost to its side but its guns are taken by the hussars, where they stood', () => {
    const r = overrunOn(6);
    expect(r.fate).toBe('carried-off');
    const b = r.s.units['al-bty-1']!;
    expect(b).toMatchObject({ gone: true, lastHit: 'contact', taken: { by: 'fr-11h', from: { x: 24, y: 30.5 } } });
    expect(gunsHeldBy(r.s, 'fr-11h').map((x) => x.id)).toEqual(['al-bty-1']);
    expect(prolongRow(b)).toBe('foot-artillery-prolong');
    expect(prolongReach(r.s, r.s.units['fr-11h']!)).toBe(2);
  });

  it.each([[5, 'spiked'], [3, 'left']] as const)('a %i takes nothing (%s)', (d6, fate) => {
    const r = overrunOn(d6);
    expect(r.fate).toBe(fate);
    expect(r.s.units['al-bty-1']!.taken).toBeUndefined();
    expect(prolongReach(r.s, r.s.units['fr-11h']!)).toBeNull();
  });

  it('the map draws the taken guns in the holder\'s colours, marked, and no ghost of them', () => {
    const m = describeAnrt(overrunOn(6).s, {});
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const text = JSON.stringify(m.value);
    expect(text).toContain('"text":"Taken"');
    expect(text).toMatch(/"unit":"al-bty-1","side":"french"/);
    expect(text).toMatch(/"unit":"al-bty-1","at":\{[^}]*\},"base":\{[^}]*\},"facing":180,"text":"Foot battery Nr…","chips":\[\{"text":"Taken","tone":"bad"\}\]/);
    expect(text).toContain('Guns taken by the enemy, moved by prolong (L1061, L1065)');
    expect(text).not.toContain('"effect":"ghost"');
  });
});

describe('the holder takes them along by prolong on its own move (L1061, ANRT-G7)', () => {
  const held = () => overrunOn(6).s;

  it('a move within the prolong move is previewed as taking them, and they follow, just behind it', () => {
    const o: AnrtOrder = { kind: 'move', unit: 'fr-11h', to: '24,28.5' };
    const v = anrt.validate(held(), 'french', o, []);
    expect(v.ok && v.value.preview.join(' ')).toContain('takes the guns it holds (Foot battery Nr. 7) along by prolong: at most 2"');
    const r = frenchOrders(held(), [o]);
    const b = r.state.units['al-bty-1']!;
    expect(b.taken).toMatchObject({ by: 'fr-11h', from: { x: 24, y: 28.5 } });
    expect(b.at.y).toBeLessThan(28.5);
    expect(r.events.some((e) => e.kind === 'move' && e.unit === 'al-bty-1' && e.stopped === 'moved by prolong by fr-11h')).toBe(true);
  });

  it('a longer move is previewed as leaving them, and leaves them spiked', () => {
    const o: AnrtOrder = { kind: 'move', unit: 'fr-11h', to: '24,25' };
    const v = anrt.validate(held(), 'french', o, []);
    expect(v.ok && v.value.preview.join(' ')).toContain('leaves the guns it holds (Foot battery Nr. 7), spiked: 5.5" is beyond their prolong move of 2"');
    const r = frenchOrders(held(), [o]);
    expect(r.state.units['al-bty-1']!.taken).toBeUndefined();
    expect(r.state.units['al-bty-1']!.gone).toBe(true);
    expect(r.events.some((e) => e.kind === 'note' && e.text.includes('left spiked: fr-11h moved on without them'))).toBe(true);
  });

  it('a holder given no order keeps them where they stand', () => {
    const r = frenchOrders(held(), []);
    expect(r.state.units['al-bty-1']!.taken?.by).toBe('fr-11h');
  });

  it('a routed or destroyed holder leaves them spiked', () => {
    const s = held();
    const routed = followCaptors(withUnit(s, { ...s.units['fr-11h']!, routed: true }), new Set());
    expect(routed.s.units['al-bty-1']!.taken).toBeUndefined();
    expect(routed.events.map((e) => (e.kind === 'note' ? e.text : '')).join(' ')).toContain('fr-11h is routed');
    const gone = followCaptors(withUnit(s, { ...s.units['fr-11h']!, gone: true }), new Set());
    expect(gone.s.units['al-bty-1']!.taken).toBeUndefined();
  });

  it('with the prolong row empty (gm mode) the holder\'s move is refused until the GM enters it', () => {
    const s = held();
    const { 'foot-artillery-prolong': _gone, ...movement } = s.settings.qrs.movement!;
    const gap = { ...s, settings: { ...s.settings, qrs: { ...s.settings.qrs, movement } } } as AnrtState;
    const v = anrt.validate(gap, 'french', { kind: 'move', unit: 'fr-11h', to: '24,29' }, []);
    expect(!v.ok && v.error).toMatchObject({ code: 'order/qrs-gap', hint: expect.stringContaining('foot-artillery-prolong') });
  });
});

describe('L1065: a unit that stood a move with abandoned guns spikes them, or prepares them for prolong (guns.stood)', () => {
  const abandonedBeside = (stood: 'spike' | 'prolong'): AnrtState => {
    const s = base();
    return { ...withUnit(s, { ...s.units['al-bty-1']!, abandoned: { gunnersWith: null, turn: 1 } }), settings: { ...s.settings, guns: { stood } } } as AnrtState;
  };

  it('spike (the default): the guns are lost, nobody holds them', () => {
    const r = spikeByStanders(abandonedBeside('spike'), 'french', new Set());
    expect(r.s.units['al-bty-1']).toMatchObject({ gone: true });
    expect(r.s.units['al-bty-1']!.taken).toBeUndefined();
  });

  it('prolong: the guns are lost to their side and held by the unit that stood with them', () => {
    const r = spikeByStanders(abandonedBeside('prolong'), 'french', new Set());
    expect(r.s.units['al-bty-1']).toMatchObject({ gone: true, taken: { by: 'fr-11h' } });
    expect(r.events.some((e) => e.kind === 'removed' && e.reason.includes('prepared for prolong by fr-11h'))).toBe(true);
  });
});
