import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import { AnrtOrder } from '../../../src/rules/anrt/orders';
import { blockedByMovedFriends, movedByMorale } from '../../../src/rules/anrt/phases/charge-path';
import { validateOrder } from '../../../src/rules/anrt/phases/orders';
import { opportunityOnPursuers, reactionsOf } from '../../../src/rules/anrt/phases/responses';
import { anrtInputs } from '../../../src/rules/anrt/present/inputs';
import { seatOfSide, type AnrtState } from '../../../src/rules/anrt/state';
import { combatScene, sceneState, type SceneCase } from '../../helpers/anrt-scenes';

/**
 * Opportunity charges (§VII L424-430) beyond the responses window's own targets:
 * - ANRT-E8: `/react opportunity if-evaded:` — the L408-416 choice of an opportunity charger,
 *   validated as /charge's (ANRT-E4) and used when its target evades;
 * - ANRT-P9: `/react opportunity` with no target yet stands ready for a pursuer (L318, L426), the
 *   whole-phase cases in cases/pursuit/pursuits.yaml;
 * - ANRT-W19: a charge re-checked as it goes in (ANRT-W11) counts friends that advanced or pursued.
 */

/** The Uhlans 8" behind the horse battery, which moved this phase; the hussars' charge far away opens the window. */
function scene(morale: Record<string, string> = {}): AnrtState {
  const s = combatScene({
    case: 'E8', rule: 'L408-416',
    place: { 'al-uh': { at: [30, 4], facing: 0, formation: 'line' }, 'fr-hbty': { at: [30, 12], facing: 0, formation: 'limbered' }, 'fr-11h': { at: [60, 40], facing: 180, formation: 'column' }, 'al-1-6r': { at: [60, 28], facing: 0, formation: 'column' } },
    expect: {},
  } as unknown as SceneCase, [['fr-11h', 'al-1-6r']], { morale: morale as never, passes: ['charge'] });
  return { ...s, moves: [{ unit: 'fr-hbty', to: { x: 30, y: 12 }, facing: 0, formation: 'limbered', inches: 4, pips: 1 }] };
}
const seat = (s: AnrtState) => seatOfSide(s, 'allies');
const react = (o: Record<string, unknown>) => AnrtOrder.parse({ kind: 'react', unit: 'al-uh', ...o });

describe('ANRT-E8: /react opportunity if-evaded (L408-416)', () => {
  it('is accepted with an opportunity charge and previewed against the target that may evade', () => {
    const s = scene();
    const r = validateOrder(s, seat(s), react({ choice: 'opportunity', ifEvaded: 'halt' }), []);
    expect(r.ok).toBe(true);
    const text = r.ok ? r.value.preview.join(' ') : '';
    expect(text).toContain('the nearest enemy that moved in front of it, L426');
    expect(text).toContain('does not ride them down: it tests "cavalry win melee" (L412)');
  });

  it('is refused privately, with a hint, on any other answer', () => {
    const s = scene();
    const r = validateOrder(s, seat(s), react({ choice: 'stand', ifEvaded: 'pursue' }), []);
    expect(r.ok).toBe(false);
    if (!r.ok) { expect(r.error.code).toBe('order/if-evaded'); expect(r.error.hint).toContain('choice:opportunity if-evaded:pursue'); }
  });

  it('an unknown option is refused by the order schema with the list; the verb builds it and offers the options', () => {
    const bad = AnrtOrder.safeParse({ kind: 'react', unit: 'al-uh', choice: 'opportunity', ifEvaded: 'charge-on' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('if-evaded: pursue, halt, rally-back');
    const s = scene();
    const verb = anrtInputs.react!;
    expect(verb.build(s, { unit: 'al-uh', choice: 'opportunity', 'if-evaded': 'Rally-Back' }, { userId: 'u', side: 'allies' } as never)).toEqual({ kind: 'react', unit: 'al-uh', choice: 'opportunity', ifEvaded: 'rally-back' });
    expect(verb.build(s, { unit: 'al-uh', choice: 'opportunity', 'if-evaded': 'default' }, { userId: 'u', side: 'allies' } as never)).toEqual({ kind: 'react', unit: 'al-uh', choice: 'opportunity' });
    const offered = verb.choices!(s, { userId: 'u', side: 'allies' } as never, { name: 'if-evaded', value: '' }, { unit: 'al-uh' }).map((c) => c.value);
    expect(offered).toEqual(['default', 'pursue', 'halt', 'rally-back']);
  });

  it('is used when the target evades: "halt" keeps the Uhlans from riding the battery down, whatever the evade roll', () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const s = scene({ 'cavalry-win-melee': 'pass' });
      const r = anrt.resolve(s, new Map([[seat(s), [react({ choice: 'opportunity', ifEvaded: 'halt' })]]]), seededDice(String(n).repeat(64)));
      const texts = r.events.map((e) => JSON.stringify(e)).join('\n');
      expect(texts, `seed ${n}`).toContain("al-uh's orders, should its target evade: halt.");
      expect(texts, `seed ${n}`).not.toContain('caught evading');
      expect(r.state.units['al-uh']!.at, `seed ${n}`).toEqual({ x: 30, y: 12 });
    }
  });

  it('left out, the rules\' default (ANRT-E1): catch within reach, else the L412 test and the evade.cavalry setting', () => {
    const s = scene({ 'cavalry-win-melee': 'pass' });
    const r = anrt.resolve(s, new Map([[seat(s), [react({ choice: 'opportunity' })]]]), seededDice('1'.repeat(64)));
    const texts = r.events.map((e) => JSON.stringify(e)).join('\n');
    expect(texts).not.toContain("al-uh's orders, should its target evade");
    expect(texts).toContain('al-uh opportunity-charges fr-hbty');
  });
});

describe('ANRT-P9: a standing opportunity charge for pursuers (L318, L426)', () => {
  it('is offered to cavalry with no target yet when a cavalry charger\'s pursuit could reach its front, and previewed as standing ready', () => {
    const s0 = scene();
    const s = { ...s0, moves: [] };
    expect(opportunityOnPursuers(s, s.units['al-uh']!)).toBe(false); // the hussars' target is 28" off: no pursuit comes near
    const near: AnrtState = { ...s, charges: [{ unit: 'fr-11h', target: 'al-1-6r', kind: 'declared' as const }], units: { ...s.units, 'al-1-6r': { ...s.units['al-1-6r']!, at: { x: 30, y: 28 } }, 'fr-11h': { ...s.units['fr-11h']!, at: { x: 30, y: 40 } } } };
    expect(opportunityOnPursuers(near, near.units['al-uh']!)).toBe(true);
    expect(reactionsOf(near, near.units['al-uh']!)).toContain('opportunity');
    const r = validateOrder(near, seat(near), react({ choice: 'opportunity' }), []);
    expect(r.ok && r.value.preview.join(' ')).toContain('it stands ready to opportunity charge a pursuer');
  });
});

describe('ANRT-W19: a charge re-checked as it goes in counts friends that advanced or pursued into its path', () => {
  it('an advance (§XI L892) or a pursuit (L896-900) into the path stops it, as a withdrawal does', () => {
    const s = sceneState({ case: 'W19', rule: 'L381-395', place: { 'al-uh': { at: [30, 4], facing: 0, formation: 'line' }, 'al-1-6r': { at: [30, 12], facing: 0, formation: 'line' }, 'fr-11h': { at: [30, 14], facing: 180, formation: 'column' } }, expect: {} } as unknown as SceneCase);
    const u = s.units['al-uh']!, t = s.units['fr-11h']!;
    for (const rule of ['ANRT §XI L892', 'ANRT §XI L896, L892', 'ANRT §XI L896-900']) {
      const events = [{ kind: 'move', rule, unit: 'al-1-6r' }];
      expect(movedByMorale(events).has('al-1-6r'), rule).toBe(true);
      expect(blockedByMovedFriends(s, u, t, movedByMorale(events))?.friend.id, rule).toBe('al-1-6r');
    }
    // Friends that only stood there when the charge was posted are the posting's check (ANRT-W9), not this one.
    expect(blockedByMovedFriends(s, u, t, movedByMorale([{ kind: 'note', rule: 'ANRT §XI L892', unit: 'al-1-6r' }]))).toBeNull();
  });
});
