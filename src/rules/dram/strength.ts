import { err, ok, type Problem, type Result } from '../../lib/result';
import type { DramSettings } from './settings';

/**
 * DRAM §10 "Calculating Strength Points (SPs)" (L179-209; DIGEST B6, HR D-5). Done at
 * scenario design time, no dice. All arithmetic is in integers: the raw SP is the exact
 * fraction N / 6000 (6000 = lcm of 2000, 1000, 750 and 12), so the rounding decision never
 * sees a binary float (DIGEST §0.1).
 */

/** DRAM §10 L183-189: men (or guns) per SP, by what is counted. */
export const PER_SP = {
  infantry: 2000,
  lightCavalry: 1000,
  heavyCavalry: 750,
  guns: 12,
} as const;
/** What a division's strength is counted in. */
export type Counted = keyof typeof PER_SP;
const COUNTED = Object.keys(PER_SP) as readonly Counted[];

/** lcm(2000, 1000, 750, 12): every arm's share is a whole number of 1/6000 SP. */
export const SP_DENOMINATOR = 6000;

/** DRAM §10 L191-201, troop grade, best to worst. */
export const TROOP_GRADES = ['excellent', 'good-guards', 'good-line', 'average-line', 'poor-line', 'awful'] as const;
/** A troop grade of §10. */
export type TroopGrade = (typeof TROOP_GRADES)[number];
/** DRAM §10 L191-201: the grade modifiers, with the text's examples. */
export const TROOP_GRADE_MODIFIERS = {
  'excellent': { value: 3, example: 'Old Guard' },
  'good-guards': { value: 2, example: 'Young Guard' },
  'good-line': { value: 1, example: 'most British' },
  'average-line': { value: 0, example: 'later French' },
  'poor-line': { value: -1, example: 'Landwehr' },
  'awful': { value: -2, example: 'Spanish' },
} as const satisfies Record<TroopGrade, { value: number; example: string }>;

/** DRAM §10 L203-205 officer corps; 'average' (0) is implied by the text (DIGEST B6). */
export const OFFICER_CORPS = ['good', 'average', 'poor'] as const;
/** The quality of a division's officer corps. */
export type OfficerCorps = (typeof OFFICER_CORPS)[number];
/** DRAM §10 L203-205: officer-corps modifiers. */
export const OFFICER_CORPS_MODIFIERS = {
  good: { value: 1, example: 'French, British' },
  average: { value: 0, example: '(implied)' },
  poor: { value: -1, example: 'Spanish, Austrian' },
} as const satisfies Record<OfficerCorps, { value: number; example: string }>;

/** DRAM §10 L207-209 gun weight; 'medium' (8-9pdr, 0) is implied (HR D-5). */
export const GUN_WEIGHTS = ['heavy', 'medium', 'light'] as const;
/** The usual calibre of a stand's guns. */
export type GunWeight = (typeof GUN_WEIGHTS)[number];
/** DRAM §10 L207-209: gun-weight modifiers (only for stands with guns, HR D-5). */
export const GUN_WEIGHT_MODIFIERS = {
  heavy: { value: 1, example: 'mostly 12pdr guns or heavier' },
  medium: { value: 0, example: '8-9pdr (implied)' },
  light: { value: -1, example: 'mostly 6pdr guns or lighter' },
} as const satisfies Record<GunWeight, { value: number; example: string }>;

/** A division as history records it. Absent counts are 0; `gunWeight` absent = medium. */
export interface DivisionStrengthInput {
  readonly infantry?: number;
  readonly lightCavalry?: number;
  readonly heavyCavalry?: number;
  readonly guns?: number;
  readonly grade: TroopGrade;
  readonly officers: OfficerCorps;
  readonly gunWeight?: GunWeight;
}

/** An exact fraction in lowest terms. */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

/** How an SP rating was reached, for the scenario designer to check. */
export interface StrengthBreakdown {
  /** Summed raw fraction over all arms, before rounding (HR D-5: sum first, then round). */
  readonly raw: Fraction;
  /** `raw` rounded under `sp.rounding`. */
  readonly rounded: number;
  readonly modifiers: readonly { readonly label: string; readonly value: number }[];
  /** rounded + modifiers, before `sp.min`. */
  readonly total: number;
  /** The stand's SP: max(total, sp.min). */
  readonly sp: number;
}

/** Largest count accepted (no Napoleonic division comes near); keeps the integer sums exact. */
export const MAX_COUNT = 1_000_000;

/** DRAM §10 SP calculator with HR D-5 (`sp.rounding`, `sp.min`, `sp.modsApplyTo`). */
export function strengthPoints(input: DivisionStrengthInput, settings: DramSettings): Result<StrengthBreakdown, Problem> {
  let n = 0;
  for (const arm of COUNTED) {
    const count = input[arm] ?? 0;
    if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT) {
      return err({ code: 'sp/bad-count', message: `${arm} must be a whole number from 0 to ${MAX_COUNT}, not ${count}.` });
    }
    n += count * (SP_DENOMINATOR / PER_SP[arm]);
  }
  if (n === 0) {
    return err({ code: 'sp/empty', message: 'A division needs some infantry, cavalry or guns to have SP (DRAM §10).' });
  }
  const rounded = roundSp(n, SP_DENOMINATOR, settings.sp.rounding);
  const modifiers: { label: string; value: number }[] = [];
  if (takesQualityModifiers(input, settings.sp.modsApplyTo)) {
    modifiers.push({ label: `troop grade: ${input.grade} (e.g. ${TROOP_GRADE_MODIFIERS[input.grade].example})`, value: TROOP_GRADE_MODIFIERS[input.grade].value });
    modifiers.push({ label: `officer corps: ${input.officers}`, value: OFFICER_CORPS_MODIFIERS[input.officers].value });
  }
  if ((input.guns ?? 0) > 0) {
    const w = input.gunWeight ?? 'medium';
    modifiers.push({ label: `guns: ${GUN_WEIGHT_MODIFIERS[w].example}`, value: GUN_WEIGHT_MODIFIERS[w].value });
  }
  const total = rounded + modifiers.reduce((a, m) => a + m.value, 0);
  return ok({ raw: reduce(n, SP_DENOMINATOR), rounded, modifiers, total, sp: Math.max(total, settings.sp.min) });
}

/** HR D-5 `sp.modsApplyTo`: does this division take the troop-grade and officer modifiers? */
function takesQualityModifiers(d: DivisionStrengthInput, scope: DramSettings['sp']['modsApplyTo']): boolean {
  const inf = (d.infantry ?? 0) > 0;
  const cav = (d.lightCavalry ?? 0) > 0 || (d.heavyCavalry ?? 0) > 0;
  if (scope === 'all') return true;
  if (scope === 'infantry-and-cavalry') return inf || cav;
  return inf;
}

/**
 * Rounds num/den (both non-negative integers, den > 0) to a whole number, in integers:
 * 'half-up' (x.5 → up), 'floor', 'nearest-half-down' (x.5 → down).
 */
export function roundSp(num: number, den: number, mode: DramSettings['sp']['rounding']): number {
  const q = (num - (num % den)) / den;
  const twiceRemainder = 2 * (num % den);
  if (mode === 'floor') return q;
  if (mode === 'half-up') return twiceRemainder >= den ? q + 1 : q;
  return twiceRemainder > den ? q + 1 : q;
}

function reduce(num: number, den: number): Fraction {
  let a = num, b = den;
  while (b) [a, b] = [b, a % b];
  return { num: num / a, den: den / a };
}
