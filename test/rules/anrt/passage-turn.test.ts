import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { blockedByMovedFriends, movedByMorale } from '../../../src/rules/anrt/phases/charge-path';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { withUnit, type AnrtState } from '../../../src/rules/anrt/state';
import type { Qrs } from '../../../src/rules/anrt/tables/qrs';
import { combatScene, sceneState } from '../../helpers/anrt-scenes';

/**
 * Passage of lines (§VII L381-395) as the French orders are carried out and as the charges go in:
 * ANRT-W10 (a move checked again against friends when the orders are carried out) and ANRT-W11 (a
 * charge stopped by a friend that withdrew into its path during the resolution). Teaching map,
 * stand-in tables; north is +y.
 */
const seed = (n: number) => n.toString(16).padEnd(64, 'b');
const frenchOrders = (s: AnrtState, orders: AnrtOrder[]) => anrt.resolve({ ...s, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } }, new Map([['french', orders]]), seededDice(seed(1)));

describe('ANRT-W10: a move carried out is checked again against friends (L381-395)', () => {
  const s = sceneState({ case: 'w10', rule: 'L381-395', expect: {}, place: {
    'fr-1-33': { at: [30, 20], facing: 0, formation: 'column' }, 'fr-1-48': { at: [30, 23], facing: 0, formation: 'column' }, 'al-1-6r': { at: [30, 44], facing: 180, formation: 'column' },
  } });
  const through: AnrtOrder = { kind: 'move', unit: 'fr-1-33', to: '30,26' };

  it('with the friend\'s posted move out of the way, both move', () => {
    const r = frenchOrders(s, [{ kind: 'move', unit: 'fr-1-48', to: '22,23' }, through]);
    expect(r.state.units['fr-1-33']!.at).toEqual({ x: 30, y: 26 });
    expect(r.state.units['fr-1-48']!.at).toEqual({ x: 22, y: 23 });
  });

  it.each([
    ['the friend\'s amended move posted before it', [{ kind: 'move', unit: 'fr-1-48', to: '30.5,23' }, through]],
    ['the friend\'s amended move posted after it', [through, { kind: 'move', unit: 'fr-1-48', to: '30.5,23' }]],
  ] as [string, AnrtOrder[]][])('with %s leaving it in the way, the move is not made and the narrative names the friend', (_n, orders) => {
    const r = frenchOrders(s, orders);
    expect(r.state.units['fr-1-33']!.at).toEqual({ x: 30, y: 20 });
    const note = r.events.find((e) => e.kind === 'note' && e.rule === 'ANRT §VII L381-395');
    expect(note && note.kind === 'note' ? note.text : '').toContain('1/33e Ligne does not move: 1/33e Ligne would move through 1/48e Ligne');
    // The note names the friend, not where the move was going (orders are sealed until carried out).
    expect(note && note.kind === 'note' ? note.text : '').not.toContain('30,26');
  });
});

describe('ANRT-W12: a move carried out is checked again against the enemy (L398-400)', () => {
  const place = { 'fr-1-33': { at: [30, 20], facing: 0, formation: 'column' }, 'al-1-6r': { at: [30, 27], facing: 180, formation: 'column' } } as const;

  it('a move into contact is not made, the narrative says it would be a charge and names the enemy, not the destination', () => {
    const r = frenchOrders(sceneState({ case: 'w12', rule: 'L398-400', expect: {}, place: place as never }), [{ kind: 'move', unit: 'fr-1-33', to: '30,24.75' }]);
    expect(r.state.units['fr-1-33']!.at).toEqual({ x: 30, y: 20 });
    const note = r.events.find((e) => e.kind === 'note' && e.rule === 'ANRT §X L398-400');
    const text = note && note.kind === 'note' ? note.text : '';
    expect(text).toContain('1/33e Ligne does not move: 1/33e Ligne would end its move in contact with I/6th Reserve');
    expect(text).not.toContain('24.75');
  });

  it('stopping short of contact, the move is made', () => {
    const r = frenchOrders(sceneState({ case: 'w12', rule: 'L311', expect: {}, place: place as never }), [{ kind: 'move', unit: 'fr-1-33', to: '30,24' }]);
    expect(r.state.units['fr-1-33']!.at).toEqual({ x: 30, y: 24 });
    expect(r.events.some((e) => e.kind === 'note' && e.rule === 'ANRT §X L398-400')).toBe(false);
  });
});

describe('ANRT-W11: a charge meets a friend that withdrew into its path (L381-395, L961)', () => {
  // 2/17e Ligne (inferior) charges the I/6th Reserve to the north-east and withdraws 8" straight back
  // from it — to (30, 17), across the path of the 1/33e Ligne, charging the Landwehr 10" north of it.
  const place = {
    'fr-2-17': { at: [36.4, 21.8], facing: 53.13, formation: 'column' }, 'al-1-6r': { at: [39.6, 24.2], facing: 233.13, formation: 'column' },
    'fr-1-33': { at: [30, 14.5], facing: 0, formation: 'column' }, 'al-lw-1': { at: [30, 22], facing: 180, formation: 'column' },
  } as const;
  // A charge test passes on a total of 2 or more, else the charger withdraws (this test's own bands, not the stand-in's).
  const scene = (): AnrtState => {
    const s = combatScene({ case: 'w11', rule: 'L961', expect: {}, place: place as never }, [['fr-2-17', 'al-1-6r'], ['fr-1-33', 'al-lw-1']], { passes: ['charge-response'] });
    const q = s.settings.qrs;
    return { ...s, settings: { ...s.settings, qrs: { ...q, morale: { ...q.morale, bands: { ...q.morale!.bands!, charge: [{ min: 2, result: 'pass' }, { min: -99, result: 'withdraw' }] } } } as Qrs } };
  };

  it('the path was clear when posted; the withdrawer lands in it', () => {
    const s = scene();
    expect(blockedByMovedFriends(s, s.units['fr-1-33']!, s.units['al-lw-1']!, new Set(['fr-2-17']))).toBeNull();
    const after = withUnit(s, { ...s.units['fr-2-17']!, at: { x: 30, y: 17 } });
    const b = blockedByMovedFriends(after, after.units['fr-1-33']!, after.units['al-lw-1']!, new Set(['fr-2-17']));
    expect(b?.friend.id).toBe('fr-2-17');
    expect(b!.before.y).toBeLessThan(17 - 1);
    // Only friends moved by morale count: the same friend standing there from the start is the posting check's business.
    expect(blockedByMovedFriends(after, after.units['fr-1-33']!, after.units['al-lw-1']!, new Set())).toBeNull();
  });

  it('skirmishers are not stopped (they pass all friends, L383)', () => {
    const s = scene();
    const after = withUnit(withUnit(s, { ...s.units['fr-2-17']!, at: { x: 30, y: 17 } }), { ...s.units['fr-1-33']!, formation: 'skirmish' });
    expect(blockedByMovedFriends(after, after.units['fr-1-33']!, after.units['al-lw-1']!, new Set(['fr-2-17']))).toBeNull();
  });

  it('in the whole combat step: when the first charger withdraws into the path and the second passes its test, the second halts behind it and fights no melee', () => {
    let seen = 0;
    let clear = 0;
    for (let n = 1; n <= 40; n++) {
      const r = resolveCombat(scene(), {}, new Thrower(seededDice(seed(n)), []));
      const withdrew = r.events.some((e) => e.kind === 'move' && e.unit === 'fr-2-17' && e.rule === 'ANRT §XII L955');
      const passed = r.events.some((e) => e.kind === 'roll' && e.subject === 'fr-1-33' && String(e.tableRow).startsWith('pass'));
      if (!passed) continue;
      const melee = r.events.some((e) => e.kind === 'engagement' && e.id.startsWith('melee:') && e.id.includes('fr-1-33'));
      if (withdrew && movedByMorale(r.events).has('fr-2-17')) {
        seen++;
        const halt = r.events.find((e) => e.kind === 'move' && e.unit === 'fr-1-33' && e.rule === 'ANRT §VII L381-395, L961');
        expect(halt && halt.kind === 'move' ? halt.stopped : '').toContain('halts behind fr-2-17');
        expect(halt && halt.kind === 'move' ? halt.to.y : 99).toBeLessThan(16.1);
        expect(melee).toBe(false);
        expect(r.events.some((e) => e.kind === 'note' && e.text.includes('charge at al-lw-1 is stopped'))).toBe(true);
      } else if (!withdrew) {
        clear++;
        expect(melee || r.events.some((e) => e.kind === 'move' && e.unit === 'fr-1-33' && e.rule === 'ANRT §X')).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(clear).toBeGreaterThan(0);
  });
});
