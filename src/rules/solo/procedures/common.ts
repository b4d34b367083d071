import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import { facesOf, ruleRoll } from '../../roll';
import type { SoloSettings } from '../settings';
import { ref, type ModifierRow } from '../tables/row';
import type { GameEvent } from '../../events';
import type { Specials, SpecialState } from './types';

/**
 * Shared helpers of the Kuryakin procedures: modifiers named after their rows, the D100 test
 * (K-14), fractions settled with percentage dice (K-15), and the special figures' status (L29).
 */

/** A modifier value as printed: "+2", "−1" (U+2212). */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** Sum of a modifier list. */
export const modifierTotal = (mods: readonly Modifier[]): number => mods.reduce((s, m) => s + m.value, 0);

/** The modifier a row gives, `times` times (per 'D', per casualty…), labelled with its line. */
export function rowModifier<C extends string>(row: ModifierRow<C>, times = 1, unit = ''): Modifier {
  const value = row.value * times;
  const count = row.each && times !== 1 ? ` ×${times}` : '';
  return { label: `${row.label}${count} ${signed(value)}${unit} (${ref(row.line)})`, value };
}

/**
 * Modifiers from a list of rows: `counts[condition]` is how many times it applies (true = once).
 * Optional-rule rows (L29) count only with `optional.specialFigures`.
 */
export function modifiersFrom<C extends string>(rows: readonly ModifierRow<C>[], counts: Partial<Record<C, number | boolean>>, settings: SoloSettings, unit = ''): Modifier[] {
  const out: Modifier[] = [];
  for (const row of rows) {
    const c = counts[row.condition];
    const times = c === true ? 1 : typeof c === 'number' ? c : 0;
    if (times <= 0) continue;
    if (row.optional && !settings.optional.specialFigures) continue;
    out.push(rowModifier(row, times, unit));
  }
  return out;
}

/** Whether a special figure is lost for the rules: dead, absent, or (officers, L29) not in the front rank. */
export function specialLost(specials: Specials | undefined, which: keyof Specials, mustBeFront = false): boolean {
  const s: SpecialState | undefined = specials?.[which];
  if (!s || !s.alive) return true;
  return mustBeFront && s.front === false;
}

/** The outcome of a D100 test. */
export interface PercentTest {
  readonly roll: number;
  readonly target: number;
  readonly passes: boolean;
}

/**
 * K-14: a D100 (1-100) test against `base` + modifiers: passes below the final figure (`lt`) or
 * at it too (`le`). Over 100 always passes, ≤ 1 always fails with `lt` (a D100 never shows 0).
 */
export function percentTest(dice: Dice, spec: { rule: string; purpose: string; subject: string; base: number; baseLabel: string; modifiers: readonly Modifier[] }, settings: SoloSettings): { test: PercentTest; events: GameEvent[] } {
  const target = spec.base + modifierTotal(spec.modifiers);
  const r = ruleRoll(dice, 'd%', { rule: spec.rule, purpose: spec.purpose, subject: spec.subject });
  const roll = r.rolled.total;
  const passes = settings.d100.compare === 'lt' ? roll < target : roll <= target;
  const mods = spec.modifiers.map((m) => m.label).join(', ');
  const row = `${spec.baseLabel}${mods ? `, ${mods}` : ''} → ${target}%: ${roll} ${passes ? (settings.d100.compare === 'lt' ? '<' : '≤') : settings.d100.compare === 'lt' ? '≥' : '>'} ${target} → ${passes ? 'passes' : 'fails'}`;
  return { test: { roll, target, passes }, events: [r.event(row)] };
}

/**
 * K-15: `num/den` of a whole is `floor` plus a fraction; the fraction becomes one more on d% ≤
 * fraction × 100 (exact: (num mod den) × 100 / den, an integer when den divides 100).
 */
export function wholeByPercentile(dice: Dice, amount: number, num: number, den: number, spec: { rule: string; purpose: string; subject: string }): { value: number; events: GameEvent[] } {
  const scaled = amount * num;
  const whole = Math.floor(scaled / den);
  const rest = scaled - whole * den;
  if (rest === 0) return { value: whole, events: [] };
  const chance = (rest * 100) / den;
  const r = ruleRoll(dice, 'd%', { rule: spec.rule, purpose: spec.purpose, subject: spec.subject });
  const extra = r.rolled.total <= chance ? 1 : 0;
  return { value: whole + extra, events: [r.event(`${amount} × ${num}/${den} = ${whole} and ${rest}/${den}: d% ${r.rolled.total} ${extra ? '≤' : '>'} ${chance} → ${whole + extra}`)] };
}

/** Rolls one D6 save per casualty; returns how many fail (die < from). */
export function saves(dice: Dice, count: number, from: number, spec: { rule: string; purpose: string; subject: string }): { failed: number; events: GameEvent[] } {
  let failed = 0;
  const events: GameEvent[] = [];
  // The dice language rolls at most 100 dice a term: a larger volley of saves goes in batches.
  for (let left = count; left > 0; left -= 100) {
    const n = Math.min(100, left);
    const r = ruleRoll(dice, `${n}d6`, spec);
    const saved = facesOf(r.rolled).filter((f) => f >= from).length;
    failed += n - saved;
    events.push(r.event(from > 6 ? `no save (needs ${from}): ${n} lost` : `saves on ${from}-6: ${saved} saved, ${n - saved} lost`));
  }
  return { failed, events };
}

/** A number from a placeholder setting, labelled for the narrative. */
export const placeholderNote = (key: string, what: string): GameEvent => ({ kind: 'note', rule: `placeholder ${key}`, text: `${what} (placeholder ${key}: not the author's number)` });
