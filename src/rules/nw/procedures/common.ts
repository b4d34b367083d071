import type { Modifier } from '../../../dice/entry';
import type { GameEvent } from '../../events';

/**
 * Shared shapes of the NW dice procedures (DIGEST §3(b) N1-N9). Every procedure is a pure
 * function of plain inputs and a `Dice`; it returns what the rules decided and the events that
 * explain it (one roll event per roll, its `tableRow` naming the row hit).
 */
export interface Procedure<R> {
  readonly result: R;
  readonly events: GameEvent[];
}

/** A modifier value as printed: "+2", "−1" (U+2212, as the tables' labels). */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** One dice modifier named after its condition and the chart line that prints it. */
export const namedModifier = (name: string, value: number, ref: string): Modifier => ({ label: `${name} ${signed(value)} (${ref})`, value });

/** The dice modifiers of a cumulative table whose conditions hold, in the table's order. */
export function tableModifiers<C extends string>(
  table: readonly { readonly condition: C; readonly value: number; readonly ref: string }[],
  conditions: readonly C[],
): Modifier[] {
  return table.filter((m) => conditions.includes(m.condition)).map((m) => namedModifier(m.condition, m.value, m.ref));
}

/** Sum of a modifier list. */
export const modifierTotal = (mods: readonly Modifier[]): number => mods.reduce((s, m) => s + m.value, 0);

/** A natural 2d6 from a roll's total and its modifiers. */
export const naturalOf = (total: number, mods: readonly Modifier[]): number => total - modifierTotal(mods);

/** A printed inclusive range: "≤3", "9+", "8", "4-5". */
export function rangeText(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'any';
  if (min === null) return `≤${max}`;
  if (max === null) return `${min}+`;
  return min === max ? `${min}` : `${min}-${max}`;
}
