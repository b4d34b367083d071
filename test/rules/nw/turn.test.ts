import { beforeAll, describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { nw } from '../../../src/rules/nw/index';
import type { NwOrder } from '../../../src/rules/nw/orders';
import { nwPublicEvents } from '../../../src/rules/nw/public-events';
import type { NwState } from '../../../src/rules/nw/state';
import { nwOwing } from '../../../src/rules/nw/turn';
import { placed, teachingState } from './phases/phase-fixtures';

/** The NW turn as windows (turn.ts; README WN-1..WN-6). */
describe('NW turn: windows only where a player has a choice', () => {
  let opening: NwState;
  beforeAll(async () => {
    opening = await teachingState();
  });
  const dice = (n = 0) => seededDice('ab'.repeat(32), n);
  const orders = (side: string, list: NwOrder[]) => new Map([[side, list]]);

  it('resolveNw from the opening state: initiative rolled, then the fire window with the winner owing (WN-2)', () => {
    const step = nw.resolve(opening, new Map(), dice());
    const s = step.state;
    expect(s.initiative).not.toBeNull();
    expect(s.phase).toBe('skirmish');
    expect(s.playerTurn).toBe(1);
    expect(nwOwing(s)).toContain(s.initiative!.winner);
    expect(nw.phase(s)).toMatchObject({ id: 'nw/fire', secret: true, owes: { kind: 'all' } });
    expect(step.events.some((e) => e.kind === 'roll')).toBe(true);
  });

  it("the winner's `first` order lets the other side move first (§6.0 L71)", () => {
    const s = nw.resolve(opening, new Map(), dice()).state;
    const other = s.sides.find((x) => x.id !== s.initiative!.winner)!.id;
    const v = nw.validate(s, s.initiative!.winner, { kind: 'first', side: other }, []);
    expect(v.ok).toBe(true);
    const refused = nw.validate(s, other, { kind: 'first', side: other }, []);
    expect(refused.ok).toBe(false);
    const next = nw.resolve(s, orders(s.initiative!.winner, [{ kind: 'first', side: other }]), dice(50)).state;
    expect(next.phasing).toBe(other);
    expect(next.phase).toBe('maneuver');
    expect(nwOwing(next)).toEqual([other]);
  });

  it('the maneuver window is owed by the phasing side; maneuver and move act at once; the rest resolves (WN-5)', () => {
    const s0 = placed(opening, 'maneuver', { 'fr-1b': [18, 10, 0], 'au-1b': [24, 30, 180] });
    const s = { ...s0, log: { ...s0.log } };
    expect(nwOwing(s)).toEqual(['french']);
    expect(nw.act(s, 'austrians', { kind: 'maneuver', unit: 'au-1b' }, dice()).ok).toBe(false);
    const rolled = nw.act(s, 'french', { kind: 'maneuver', unit: 'fr-1b' }, dice());
    expect(rolled.ok).toBe(true);
    const after = rolled.ok ? rolled.value.state : s;
    expect(after.log.rolls['fr-1b']).toBeDefined();
    const again = nw.act(after, 'french', { kind: 'maneuver', unit: 'fr-1b' }, dice(9));
    expect(again.ok).toBe(false);
    const grant = after.log.rolls['fr-1b']!;
    if (grant.inches >= 1) {
      const moved = nw.act(after, 'french', { kind: 'move', unit: 'fr-1b', to: 'forward 1in' }, dice(9));
      expect(moved.ok).toBe(true);
      if (moved.ok) expect(moved.value.state.units['fr-1b']!.pose.at.y).toBeCloseTo(11, 5);
    }
    const tooFar = nw.act(after, 'french', { kind: 'move', unit: 'fr-1b', to: 'forward 30in' }, dice(9));
    expect(tooFar.ok).toBe(false);
    const resolved = nw.resolve(after, new Map(), dice(20)).state;
    expect(['skirmish', 'reaction', 'maneuver', 'ended']).toContain(resolved.phase);
    expect(resolved.phase === 'ended' || nwOwing(resolved).length > 0).toBe(true);
  });

  it('orders posted in the wrong window are refused with the window to use', () => {
    const s = placed(opening, 'maneuver', { 'fr-1b': [18, 10, 0], 'au-1b': [24, 30, 180] });
    const r = nw.validate(s, 'french', { kind: 'skirmish', unit: 'fr-1b', target: 'au-1b' }, []);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/fire window/);
    const react = nw.validate(s, 'austrians', { kind: 'react', unit: 'au-1b', choice: 'evade' }, []);
    expect(react.ok).toBe(false);
  });

  it("Napoleon's re-roll is called by an order and spent at most once (§6.0 L77; WN-4)", () => {
    const s = nw.resolve(opening, new Map(), dice()).state;
    expect(nw.validate(s, 'french', { kind: 'reroll', use: true }, []).ok).toBe(true);
    expect(nw.validate(s, 'austrians', { kind: 'reroll', use: true }, []).ok).toBe(false);
    const spent = { ...s, armies: { ...s.armies, french: { ...s.armies.french!, napoleonRerollSpent: true } } };
    const r = nw.validate(spent, 'french', { kind: 'reroll', use: true }, []);
    expect(r.ok).toBe(false);
  });

  it('the channel never reads s.p. left or fatigue counts (NW §3.0 L45)', () => {
    const shown = nwPublicEvents([
      { kind: 'loss', rule: 'NW §11', unit: 'au-1b', amount: 2, remaining: 5, cause: 'combat' },
      { kind: 'note', rule: 'NW Ch.II §4.0 L587', text: 'II Korps: 1½ lost of 5 units' },
      { kind: 'note', rule: 'NW §11', text: 'kept' },
    ]);
    expect(shown).toEqual([{ kind: 'loss', rule: 'NW §11', unit: 'au-1b', amount: 2, cause: 'combat' }, { kind: 'note', rule: 'NW §11', text: 'kept' }]);
  });
});
