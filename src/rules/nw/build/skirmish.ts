import { nwRound, type RoundingMode } from '../tables/rounding';
import type { SkValue } from '../tables/vocabulary';

/**
 * Skirmish rating from the battalion mix, Ch.II §2.8 L527:
 * - a brigade with any Jäger, Grenzer, Légère, Light or Rifle battalion has "at least a SK1";
 * - if at least ½ of the unit is such troops, SK2;
 * - French brigades need only ⅓ for SK2 ("French battalions had a company of Voltiguers").
 * Shares are counted in battalions, exactly (no rounding: "at least ½" is light × 2 ≥ all).
 *
 * BD-2 (../README.md): the National Unit Ratings (L831-1007) also print an SK for ordinary
 * battalions (Ligne 1815 "Line SK2", L982). A battalion may carry that `sk`; the brigade takes the
 * battalions' average SK, NW-rounded (as quality, L471), and §2.8 can only raise it.
 */
export interface SkBattalion {
  /** A light battalion: Jäger, Grenzer, Légère, Lights, Rifles (L527). */
  readonly light: boolean;
  /** The SK its National Unit Rating gives it (0 when the list gives none). */
  readonly sk: SkValue;
}

/** The share of light battalions that gives SK2: ½, or ⅓ for the French (L527). */
export const SK2_SHARE = { other: { num: 1, den: 2 }, french: { num: 1, den: 3 } } as const;

/** §2.8 alone: SK from the share of light battalions. */
export function skFromLightShare(light: number, total: number, french: boolean): SkValue {
  if (total <= 0 || light < 0 || light > total) throw new RangeError(`NW build: ${light} light of ${total} battalions`);
  if (light === 0) return 0;
  const t = french ? SK2_SHARE.french : SK2_SHARE.other;
  return light * t.den >= total * t.num ? 2 : 1;
}

/** A brigade's SK: the national ratings' average (BD-2), raised by the §2.8 mix (L527). */
export function brigadeSk(battalions: readonly SkBattalion[], french: boolean, mode: RoundingMode): SkValue {
  if (battalions.length === 0) throw new RangeError('NW build: a brigade needs at least one battalion for its SK (Ch.II §2.8 L527)');
  const light = battalions.filter((b) => b.light).length;
  const national = nwRound(battalions.reduce((s, b) => s + b.sk, 0), battalions.length, mode) as SkValue;
  return Math.max(national, skFromLightShare(light, battalions.length, french)) as SkValue;
}
