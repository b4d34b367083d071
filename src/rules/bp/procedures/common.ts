import type { Modifier } from '../../../dice/entry';
import type { BpSettings } from '../settings';
import { unitTypeOf } from '../tables/vocabulary';
import type { BpUnitInput } from './types';

/**
 * Shared helpers of the B&P dice procedures: modifier labels in one style, and the unit-status
 * modifiers (disrupted, green, command) that morale, melee and fire share.
 */

/** A modifier value as printed: "+2", "−1" (U+2212). */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** One die modifier named after its condition and the line that prints it. */
export const namedModifier = (name: string, value: number, ref: string): Modifier => ({ label: `${name} ${signed(value)} (${ref})`, value });

/** Sum of a modifier list. */
export const modifierTotal = (mods: readonly Modifier[]): number => mods.reduce((s, m) => s + m.value, 0);

/** The natural dice total of a roll, from its total and its modifiers. */
export const naturalOf = (total: number, mods: readonly Modifier[]): number => total - modifierTotal(mods);

/** Whether a command figure helps this unit (L202: not in skirmish order; only with the rule in play). */
export const commandCounts = (u: Pick<BpUnitInput, 'formation' | 'commandWithin4'>, settings: BpSettings): boolean =>
  settings.optional.commandFigures && !!u.commandWithin4 && u.formation !== 'skirmish';

/** Whether the green −1 counts (L208: optional rule). */
export const greenCounts = (u: { readonly green?: boolean }, settings: BpSettings): boolean => settings.optional.greenTroops && !!u.green;

/** Checks the parts of a unit every procedure reads; a bad one is a caller bug. */
export function assertUnit(u: BpUnitInput, what: string): void {
  if (!Number.isInteger(u.figures) || u.figures < 0) throw new RangeError(`B&P ${what}: ${u.name} has ${u.figures} figures; expected a whole number ≥ 0`);
  unitTypeOf(u);
}
