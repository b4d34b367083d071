import type { GameEvent, RollEvent } from '../../../../src/rules/events';

/** Two d6 faces that total a natural 2d6 `n` (2-12). */
export function facesFor(n: number): [number, number] {
  if (!Number.isInteger(n) || n < 2 || n > 12) throw new Error(`no 2d6 shows ${n}`);
  const a = Math.min(6, n - 1);
  return [a, n - a];
}

/** The roll events of an event list. */
export const rollsOf = (events: readonly GameEvent[]): RollEvent[] => events.filter((e): e is RollEvent => e.kind === 'roll');

/**
 * A natural 2d6 and a set of conditions whose modifiers reach `total` (greedy over the given
 * positive and negative condition values), for boundary tests beyond 2-12.
 */
export function reach<C extends string>(total: number, ups: readonly [C, number][], downs: readonly [C, number][]): { natural: number; conditions: C[] } {
  if (total >= 2 && total <= 12) return { natural: total, conditions: [] };
  const natural = total < 2 ? 2 : 12;
  let need = total - natural;
  const conditions: C[] = [];
  for (const [c, v] of need > 0 ? ups : downs) {
    if (Math.abs(v) <= Math.abs(need)) {
      conditions.push(c);
      need -= v;
    }
  }
  if (need !== 0) throw new Error(`cannot reach ${total}`);
  return { natural, conditions };
}
