import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import type { GameEvent } from '../../../src/rules/events';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { gunnersShareFate, reoccupy, sanctuaryOf, spikeByStanders } from '../../../src/rules/anrt/phases/guns';
import { fireCandidates, reactionsOf } from '../../../src/rules/anrt/phases/responses';
import { seatOfSide, withUnit, type AnrtState } from '../../../src/rules/anrt/state';
import { anrtSettings, anrtTeaching } from '../../helpers/anrt-game';

/**
 * Guns in play on the teaching scenario: gunners' evade (§VII L406, §X L583), guns overrun and
 * captured (§XVI L1055-1065), abandoned guns reoccupied (L406) or spiked by a unit standing with
 * them (L1065). Rulings ANRT-G1…G5 in src/rules/anrt/README.md.
 */
const SEED = '42'.padEnd(64, '0');

/** French orders, turn 1: the hussars 3" in front of the Allied battery al-bty-1 (veteran gunners unless said). */
function hussarsBeforeBattery(cls: 'veteran' | 'elite' | 'average' = 'veteran'): AnrtState {
  const settings = anrtSettings();
  let s = anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).state;
  for (let i = 0; i < 4 && s.step === 'choose'; i++) s = anrt.resolve(s, new Map([[seatOfSide(s, s.chooser!), [{ kind: 'first', side: 'french' }]]]), seededDice(SEED)).state;
  s = { ...s, order: ['french', 'allies'], period: 0, step: 'orders', pips: { 'fr-d1': 3, 'fr-d2': 3, 'fr-cav': 3 }, command: undefined };
  s = withUnit(s, { ...s.units['fr-11h']!, at: { x: 24, y: 28 }, facing: 0 });
  return withUnit(s, { ...s.units['al-bty-1']!, cls });
}

const CHARGE: AnrtOrder = { kind: 'charge', unit: 'fr-11h', target: 'al-bty-1' };

function evadeWith(seed: string): { s: AnrtState; events: readonly GameEvent[] } {
  const dice = seed.padEnd(64, '0');
  const after = anrt.resolve(hussarsBeforeBattery(), new Map([['french', [CHARGE]]]), seededDice(dice)).state;
  const r = anrt.resolve(after, new Map([['allies', [{ kind: 'react', unit: 'al-bty-1', choice: 'gunners-evade' }]]]), seededDice(dice));
  return { s: r.state, events: r.events };
}

const roll = (events: readonly GameEvent[], purpose: string) => events.find((e): e is Extract<GameEvent, { kind: 'roll' }> => e.kind === 'roll' && e.purpose === purpose);

describe("gunners' evade (L406, L583)", () => {
  it('elite or veteran gunners of unlimbered guns may evade; average ones only fire and fight (L580-583)', () => {
    const after = anrt.resolve(hussarsBeforeBattery(), new Map([['french', [CHARGE]]]), seededDice(SEED)).state;
    expect(anrt.phase(after).id).toBe('anrt/responses');
    expect(reactionsOf(after, after.units['al-bty-1']!)).toEqual(['stand', 'gunners-evade']);
    const plain = anrt.resolve(hussarsBeforeBattery('average'), new Map([['french', [CHARGE]]]), seededDice(SEED)).state;
    const r = anrt.validate(plain, 'allies', { kind: 'react', unit: 'al-bty-1', choice: 'gunners-evade' }, []);
    expect(!r.ok && r.error.code).toBe('order/reaction');
    expect(!r.ok && r.error.hint).toMatch(/stand/);
  });

  it('the gunners fire canister first, then run: safe with their sanctuary or caught (one hit, routed); the chargers overrun the guns and throw for them', () => {
    const fates = new Set<string>();
    for (const seed of ['42', '7', '13', '99', '5', '21', '64', '3']) {
      const { s, events } = evadeWith(seed);
      // The chargers test morale first (§I L20); turned back, nothing reaches the guns.
      if (events.some((e) => e.kind === 'note' && e.text.startsWith('fr-11h does not charge home'))) { expect(roll(events, "gunners' evade")).toBeUndefined(); continue; }
      const fire = events.findIndex((e) => e.kind === 'note' && e.text.startsWith('gunners fire at canister range before they evade: al-bty-1 → fr-11h'));
      expect(fire, seed).toBeGreaterThanOrEqual(0);
      expect(events.some((e) => e.kind === 'engagement' && e.id.startsWith('melee:')), 'no melee: the guns are unmanned').toBe(false);
      if (s.units['fr-11h']!.gone) continue;
      const run = roll(events, "gunners' evade")!;
      expect(events.indexOf(run)).toBeGreaterThan(fire);
      const before = hussarsBeforeBattery();
      const refuge = sanctuaryOf(before, before.units['al-bty-1']!, before.units['fr-11h']!)!;
      const safe = run.tableRow!.startsWith('safe');
      // The table row agrees with the L406 bands: 1" needs 3, 2" needs 5, −1 when the chargers start within half their move.
      expect(safe).toBe(refuge.inches <= 2 && run.faces[0]! - (run.tableRow!.includes('(−1)') ? 1 : 0) >= (refuge.inches <= 1 ? 3 : 5));
      const guns = roll(events, 'guns overrun')!;
      expect(events.some((e) => e.kind === 'move' && e.unit === 'fr-11h' && e.stopped === "overruns al-bty-1's guns")).toBe(true);
      const b = s.units['al-bty-1']!;
      const face = guns.faces[0]!;
      if (face === 6) expect(events.some((e) => e.kind === 'removed' && e.unit === 'al-bty-1' && /carried off/.test(e.reason))).toBe(true);
      else if (face === 5) expect(events.some((e) => e.kind === 'removed' && e.unit === 'al-bty-1' && /spiked/.test(e.reason))).toBe(true);
      else if (!b.gone) {
        // Left on the field: abandoned, the gunners with their refuge or fled (the Allied phase that
        // follows may rally them and, with the hussars recalled, reoccupy the guns: L406).
        expect(events).toContainEqual(expect.objectContaining({ kind: 'status', unit: 'al-bty-1', status: 'guns abandoned', on: true, reason: !safe ? 'gunners fled' : refuge.unit ? `gunners with ${refuge.unit.id}` : `gunners in ${refuge.name}` }));
        expect(events.some((e) => e.kind === 'status' && e.unit === 'al-bty-1' && e.status === 'routed' && e.on && e.reason === 'gunners caught evading')).toBe(!safe);
      }
      fates.add(face >= 5 ? 'lost' : safe ? 'sheltered' : 'caught');
    }
    expect(fates.size, [...fates].join()).toBeGreaterThanOrEqual(2);
  });
});

describe("the gunners' sanctuary (L406, ANRT-G2)", () => {
  it('the nearest friendly unit edge to edge, or ground the chargers cannot enter: woods against formed cavalry, not against infantry', () => {
    let s = hussarsBeforeBattery();
    expect(sanctuaryOf(s, s.units['al-bty-1']!, s.units['fr-11h']!)).toMatchObject({ unit: { side: 'allies' } });
    const wood = s.map.terrain.find((f) => f.kind === 'woods' || f.kind === 'forest');
    expect(wood && 'polygon' in wood).toBe(true);
    const ring = (wood as { polygon: readonly { x: number; y: number }[] }).polygon;
    const xs = ring.map((p) => p.x); const ys = ring.map((p) => p.y);
    // The battery 1" outside the wood's western edge, far from any friend.
    const at = { x: Math.min(...xs) - 1 - 1, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
    s = withUnit(s, { ...s.units['al-bty-1']!, at });
    const hussars = withUnit(s, { ...s.units['fr-11h']!, at: { x: at.x - 3, y: at.y } }).units['fr-11h']!;
    const refuge = sanctuaryOf(s, s.units['al-bty-1']!, hussars)!;
    expect(refuge.unit).toBeNull();
    expect(refuge.inches).toBeCloseTo(1, 5);
    const column = { ...s.units['fr-1-33']!, at: { x: at.x - 3, y: at.y } };
    expect(sanctuaryOf(s, s.units['al-bty-1']!, column)!.unit).not.toBeNull();
  });
});

describe('abandoned guns (L406, §XVI L1065)', () => {
  /** The battery's guns abandoned, its gunners with the Prussian line al-2-1wp, the hussars in contact. */
  function abandoned(): AnrtState {
    let s = hussarsBeforeBattery();
    // In contact with the guns (centres within 1", ANRT-G4): ½" in front of them, wherever the scenario stands them.
    const guns = s.units['al-bty-1']!.at;
    s = withUnit(s, { ...s.units['fr-11h']!, at: { x: guns.x, y: guns.y - 0.5 } });
    return withUnit(s, { ...s.units['al-bty-1']!, abandoned: { gunnersWith: 'al-2-1wp', turn: 1 } });
  }

  it('unmanned guns are no fire target, cannot be charged and take no orders, each refused with a hint', () => {
    const s = abandoned();
    expect(fireCandidates(s, s.units['fr-bty-1']!).map((u) => u.id)).not.toContain('al-bty-1');
    const charge = anrt.validate(withUnit(s, { ...s.units['fr-11h']!, at: { x: 24, y: 28 } }), 'french', CHARGE, []);
    expect(!charge.ok && charge.error.code).toBe('order/guns-abandoned');
    expect(!charge.ok && charge.error.hint).toMatch(/L1065/);
    const order = anrt.validate({ ...s, order: ['allies', 'french'] }, 'allies', { kind: 'formation', unit: 'al-bty-1', formation: 'limbered' }, []);
    expect(!order.ok && order.error.code).toBe('order/guns-abandoned');
    expect(!order.ok && order.error.hint).toMatch(/reoccupy/);
  });

  it('a move into contact with abandoned guns is a move, not a charge', () => {
    const s = withUnit(abandoned(), { ...abandoned().units['fr-11h']!, at: { x: 24, y: 27 } });
    const r = anrt.validate(s, 'french', { kind: 'move', unit: 'fr-11h', to: `contact ${s.units['al-bty-1']!.name}` }, []);
    expect(r.ok, !r.ok ? r.error.message : '').toBe(true);
  });

  it('the gunners reoccupy their guns in their own phase when no enemy is in contact; with one in contact they cannot', () => {
    const held = reoccupy(abandoned(), 'allies');
    expect(held.s.units['al-bty-1']!.abandoned).toBeDefined();
    expect(held.events.some((e) => e.kind === 'note' && /fr-11h is in contact/.test(e.text))).toBe(true);
    const clear = abandoned();
    const free = reoccupy(withUnit(clear, { ...clear.units['fr-11h']!, at: { x: 24, y: 20 } }), 'allies');
    expect(free.s.units['al-bty-1']!.abandoned).toBeUndefined();
    expect(free.events).toContainEqual(expect.objectContaining({ kind: 'status', unit: 'al-bty-1', status: 'guns abandoned', on: false }));
    // Routed gunners do not reoccupy.
    const fled = reoccupy(withUnit(clear, { ...clear.units['al-bty-1']!, routed: true, at: clear.units['al-bty-1']!.at }), 'allies');
    expect(fled.s.units['al-bty-1']!.abandoned).toBeDefined();
  });

  it('an undisordered unit that stood a move in contact spikes the guns (L1065); one that moved, charged or is disordered does not', () => {
    const s = abandoned();
    expect(spikeByStanders(s, 'french', new Set()).s.units['al-bty-1']!.gone).toBe(true);
    expect(spikeByStanders(s, 'french', new Set(['fr-11h'])).s.units['al-bty-1']!.gone).toBe(false);
    expect(spikeByStanders(withUnit(s, { ...s.units['fr-11h']!, disordered: true }), 'french', new Set()).s.units['al-bty-1']!.gone).toBe(false);
    expect(spikeByStanders(s, 'allies', new Set()).s.units['al-bty-1']!.gone).toBe(false);
  });

  it('through the turn: the hussars standing with the guns in their phase spike them', () => {
    const s = abandoned();
    const after = anrt.resolve(s, new Map([['french', []]]), seededDice(SEED));
    const done = after.state.step === 'responses' ? anrt.resolve(after.state, new Map([['allies', []]]), seededDice(SEED)) : after;
    expect(done.events).toContainEqual(expect.objectContaining({ kind: 'removed', unit: 'al-bty-1', rule: 'ANRT §XVI L1065' }));
  });

  it('sheltering gunners share their host unit\'s fate (L406): routed with it, lost with it', () => {
    const s = abandoned();
    const routed = gunnersShareFate(withUnit(s, { ...s.units['al-2-1wp']!, routed: true }));
    expect(routed.s.units['al-bty-1']).toMatchObject({ routed: true, abandoned: { gunnersWith: null } });
    const lost = gunnersShareFate(withUnit(s, { ...s.units['al-2-1wp']!, gone: true, hits: 0 }));
    expect(lost.s.units['al-bty-1']!.gone).toBe(true);
    expect(gunnersShareFate(s).events).toEqual([]);
  });
});
