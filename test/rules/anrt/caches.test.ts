import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrt } from '../../../src/rules/anrt/index';
import type { AnrtOrder } from '../../../src/rules/anrt/orders';
import { boxKnown, brigadierOf, whyOutOfCommand } from '../../../src/rules/anrt/phases/command';
import { pipsOf, planMove } from '../../../src/rules/anrt/phases/orders';
import { liveUnits, seatOfSide, withUnit, type AnrtState } from '../../../src/rules/anrt/state';
import { qrsCell } from '../../../src/rules/anrt/tables/qrs';
import { anrtSettings, anrtTeaching, TEACHING_SEED, teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * The speed caches of issue 14 (live units, move plans, order prices, brigades, brigadiers, QRS
 * cells) are keyed by the objects a state is made of, never mutated: a changed state must read
 * its own values, never the last state's.
 */
const SEED = TEACHING_SEED;
const frenchPhase = teachingFrenchPhase;

describe('caches follow the state (issue 14, speed)', () => {
  it('a unit gone is no longer live in the next state, and still live in the one before', () => {
    const s = frenchPhase();
    const before = liveUnits(s).length;
    const t = withUnit(s, { ...s.units['fr-1-13l']!, gone: true });
    expect(liveUnits(t).map((u) => u.id)).not.toContain('fr-1-13l');
    expect(liveUnits(t)).toHaveLength(before - 1);
    expect(liveUnits(s)).toHaveLength(before);
  });

  it('a move is planned from where the unit stands in each state', () => {
    const s = frenchPhase();
    const u = s.units['fr-1-13l']!;
    const a = planMove(s, u, 'forward 2');
    const moved = withUnit(s, { ...u, at: { x: u.at.x + 5, y: u.at.y } });
    const b = planMove(moved, moved.units['fr-1-13l']!, 'forward 2');
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(b.value.at.x - a.value.at.x).toBeCloseTo(5, 6);
  });

  it('the same order object is priced against each state: one hit left adds the L204 pip', () => {
    const s = frenchPhase();
    const o: AnrtOrder = { kind: 'move', unit: 'fr-1-13l', to: 'back 1' };
    const full = pipsOf(s, o);
    const worn = withUnit(s, { ...s.units['fr-1-13l']!, hits: 1 });
    expect(pipsOf(worn, o)).toBe(full + 1);
    expect(pipsOf(s, o)).toBe(full);
  });

  it('a brigade wheeled and moved reads its own facing and places: the same answers as a fresh copy of the state (L245)', () => {
    const s = frenchPhase();
    const box = boxKnown(s)!;
    const brigade = s.units['fr-1-13l']!.brigade;
    const why = (x: AnrtState) => Object.values(x.units).filter((u) => u.brigade === brigade).map((u) => whyOutOfCommand(x, u, box));
    const first = why(s);
    let changed = 0;
    for (const turn of [45, 90, 135]) {
      let t: AnrtState = s;
      for (const x of Object.values(s.units).filter((u) => u.brigade === brigade)) t = withUnit(t, { ...x, facing: (x.facing + turn) % 360, at: { x: x.at.x + turn / 15, y: x.at.y } });
      const now = why(t);
      expect(now, `${turn}°`).toEqual(why(structuredClone(t)));
      if (JSON.stringify(now) !== JSON.stringify(first)) changed++;
    }
    expect(changed).toBeGreaterThan(0); // the wheel does change who is in command: a stale cache would not show it
    expect(why(s)).toEqual(first);
  });

  it('a brigadier replaced is read from the new generals record', () => {
    const s = frenchPhase();
    const b = brigadierOf(s, 'fr-b1')!;
    const t = { ...s, generals: { ...s.generals, [b.id]: { ...b, name: 'Replacement' } } };
    expect(brigadierOf(t, 'fr-b1')!.name).toBe('Replacement');
    expect(brigadierOf(s, 'fr-b1')!.name).toBe(b.name);
  });

  it('a QRS cell is read from each sheet', () => {
    const s = frenchPhase();
    const q = s.settings.qrs;
    const n = qrsCell(q, 'pips.cost.move');
    expect(typeof n).toBe('number');
    const other = { ...q, pips: { ...q.pips, cost: { ...q.pips!.cost, move: (n as number) + 3 } } } as typeof q;
    expect(qrsCell(other, 'pips.cost.move')).toBe((n as number) + 3);
    expect(qrsCell(q, 'pips.cost.move')).toBe(n);
  });
});
