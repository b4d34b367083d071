import { describe, expect, it } from 'vitest';
import {
  ORDERS, ORDER_NAMES, ORDERS_TABLE, RESERVE_MIN_ENEMY_DISTANCE_MILES, canChangeOrder, checkOrderChange, orderCost, reserveAllowed,
  type Order,
} from '../../../../src/rules/dram/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();

describe('DRAM §5 L69-75 the orders table, row by row', () => {
  // Each row: order, name, use, "May Change to" exactly as printed ("Any" = D,R,A,M).
  const rows: [Order, string, string, Order[]][] = [
    ['D', 'Deploy', 'Changing between other orders', ['D', 'R', 'A', 'M']], // L72 "Any"
    ['R', 'Reserve', 'Resting, not possible within 1 mile of enemy', ['D', 'R', 'M']], // L73
    ['A', 'Attack', 'Engaging enemy', ['D', 'A']], // L74
    ['M', 'Manoeuvre', 'March Column', ['D', 'R', 'M']], // L75
  ];
  it.each(rows)('%s (%s): use "%s", may change to %j', (order, name, use, to) => {
    expect(ORDER_NAMES[order]).toBe(name);
    expect(ORDERS_TABLE[order].use).toBe(use);
    expect([...ORDERS_TABLE[order].mayChangeTo]).toEqual(to);
    for (const target of ORDERS) expect(canChangeOrder(order, target)).toBe(to.includes(target));
  });

  it('§5 L71 the vocabulary is D, R, A, M in the printed order', () => {
    expect([...ORDERS]).toEqual(['D', 'R', 'A', 'M']);
  });

  // The forbidden changes, spelt out (§5 L73-75): the only way out of A is through D.
  it.each([
    ['R', 'A'], ['A', 'R'], ['A', 'M'], ['M', 'A'],
  ] as [Order, Order][])('§5 %s may not change to %s', (from, to) => {
    expect(canChangeOrder(from, to)).toBe(false);
    const r = checkOrderChange({ from, to, arm: 'infantry' }, defaults);
    expect(r.ok ? null : r.error.code).toBe('order/illegal-change');
  });
});

describe('DRAM §5 L73 Reserve is not possible within 1 mile of enemy', () => {
  it('the distance is data: 1 mile', () => expect(RESERVE_MIN_ENEMY_DISTANCE_MILES).toBe(1));
  it.each([
    [0.5, false], [1, false], [1.01, true], [3, true],
  ])('nearest enemy at %s miles → Reserve allowed: %s', (miles, allowed) => {
    expect(reserveAllowed(miles)).toBe(allowed);
    const r = checkOrderChange({ from: 'D', to: 'R', arm: 'infantry', nearestEnemyMiles: miles }, defaults);
    expect(r.ok).toBe(allowed);
    if (!r.ok) expect(r.error.code).toBe('order/reserve-near-enemy');
  });
  it('no enemy on the table: Reserve allowed', () => {
    expect(checkOrderChange({ from: 'M', to: 'R', arm: 'artillery' }, defaults)).toEqual({ ok: true, value: 'R' });
  });
});

describe("DRAM §7 L102 wagons' blank 'A' cell as an order (HR D-4)", () => {
  it.each([
    ['forbidden', false], [0, true], [1, true],
  ] as const)('move.wagonsA = %s → wagons may take A: %s', (rule, allowed) => {
    const r = checkOrderChange({ from: 'D', to: 'A', arm: 'wagons' }, settingsWith({ move: { wagonsA: rule } }));
    expect(r.ok).toBe(allowed);
    if (!r.ok) expect(r.error.code).toBe('order/not-for-arm');
  });
  it('other arms are unaffected by the wagons ruling', () => {
    expect(checkOrderChange({ from: 'D', to: 'A', arm: 'infantry' }, defaults).ok).toBe(true);
  });
});

describe('DRAM §5 L64-67 order costs, bands per HR D-8', () => {
  const chit = (distanceMiles: number, lineOfSight = true) => orderCost({ distanceMiles, lineOfSight, written: false, generalAp: 3 }, defaults);
  // L64 "1AP ... within 2 miles"; L67 "+1AP between 2 and 4 miles"; L66 "+1AP not in direct line of sight".
  it.each([
    [0, true, 1], [1.5, true, 1], [2, true, 1], // d ≤ 2: base 1 (exactly 2 is "within 2 miles")
    [2.01, true, 2], [3, true, 2], [4, true, 2], // 2 < d ≤ 4: +1
    [0, false, 2], [2, false, 2], // out of sight: +1
    [2.01, false, 3], [4, false, 3], // both surcharges
  ])('chit at %s miles, line of sight %s → %s AP', (d, los, ap) => {
    expect(chit(d, los)).toEqual({ ok: true, value: ap });
  });
  it.each([4.01, 5, 12])('HR D-8: a chit cannot reach %s miles', (d) => {
    const r = chit(d);
    expect(r.ok ? null : r.error.code).toBe('order/out-of-range');
  });
  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('a distance of %s is a problem, not a cost', (d) => {
    const r = chit(d);
    expect(r.ok ? null : r.error.code).toBe('order/bad-distance');
  });
});

describe('DRAM §5 L77 written orders "up to AP miles away" (HR D-7)', () => {
  const written = (distanceMiles: number, generalAp: number, lineOfSight = true, overrides = {}) =>
    orderCost({ distanceMiles, lineOfSight, written: true, generalAp, generalLevel: 'army' }, settingsWith(overrides));
  it.each([
    [1, 3, true, 1], [2, 3, true, 1], [3, 3, true, 2], [3, 3, false, 3], // same costs as a chit
    [5, 5, true, 2], [6, 6, false, 3], // beyond 4 miles: still only +1 for distance
  ])('written at %s mi by an AP-%s general, LOS %s → %s AP (as-chit)', (d, ap, los, cost) => {
    expect(written(d, ap, los)).toEqual({ ok: true, value: cost });
  });
  it('range is AP miles: just beyond is out of range', () => {
    const r = written(3.01, 3);
    expect(r.ok ? null : r.error.code).toBe('order/out-of-range');
  });
  it("orders.writtenCost = 'flat-1' charges 1 AP whatever the distance or sight", () => {
    expect(written(5, 5, false, { orders: { writtenCost: 'flat-1' } })).toEqual({ ok: true, value: 1 });
  });
  it('"Higher level generals": a corps general may not write orders', () => {
    const r = orderCost({ distanceMiles: 1, lineOfSight: true, written: true, generalAp: 3, generalLevel: 'corps' }, defaults);
    expect(r.ok ? null : r.error.code).toBe('order/written-needs-higher-general');
  });
});
