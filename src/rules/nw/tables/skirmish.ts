import type { NwSettings } from '../settings';
import { assertInteger, assertNatural2d6, type Arm, type SkValue, type Weather, netModifier } from './vocabulary';

/**
 * N2 Skirmish (NW §7.0-7.9 L79-154; chart L698-711).
 */

/** NW §7.1 L89-91: attack ranges in inches; SK0 cannot attack. */
export const SKIRMISH_RANGE_INCHES = { 0: null, 1: 4, 2: 6 } as const satisfies Record<SkValue, number | null>;
/** NW §7.8 L148: in fog, SK2 reach 4" and SK1 2". */
export const FOG_SKIRMISH_RANGE_INCHES = { 0: null, 1: 2, 2: 4 } as const satisfies Record<SkValue, number | null>;
/** NW §7.8 L148: no skirmishing at all in rain or snow. */
export const NO_SKIRMISH_WEATHER = ['rain', 'snow'] as const satisfies readonly Weather[];

/** The skirmish attack range for this SK value and weather, or null when it cannot attack. */
export function skirmishRange(sk: SkValue, weather: Weather): number | null {
  if ((NO_SKIRMISH_WEATHER as readonly Weather[]).includes(weather)) return null;
  return weather === 'fog' ? FOG_SKIRMISH_RANGE_INCHES[sk] : SKIRMISH_RANGE_INCHES[sk];
}

/** NW §7.4 L109, §7.7 L132: the friendly-cavalry skirmish defence bonus reaches 3". */
export const FRIENDLY_CAVALRY_SCREEN_INCHES = 3;

/** NW §7.9 L152: irregular cavalry that may choose to skirmish, with their SK. */
export const IRREGULAR_SKIRMISH_CAVALRY = { cossack: 2, ottoman: 1 } as const satisfies Record<string, SkValue>;

/** Conditions that modify the TARGET's skirmish roll (only the defender gets modifiers, §7.7 L128). */
export const SKIRMISH_CONDITIONS = [
  'target-mx', 'soft-cover', 'friendly-cavalry-within-3', 'hard-cover', 'target-artillery', 'target-ottoman-artillery', 'target-vulnerable',
] as const;
/** A condition on the skirmish target. */
export type SkirmishCondition = (typeof SKIRMISH_CONDITIONS)[number];

/**
 * NW §7.7 L130-136 (chart L704-711). The target also adds its own SK (L135, `+SK`).
 * 'target-ottoman-artillery' REPLACES 'target-artillery' (+3 instead of +2).
 */
export const SKIRMISH_MODIFIERS = [
  { condition: 'target-mx', value: 1, label: '+1 target is an MX brigade', ref: 'NW §7.7 L130' },
  { condition: 'soft-cover', value: 1, label: '+1 target fully behind or in soft cover', ref: 'NW §7.7 L131' },
  { condition: 'friendly-cavalry-within-3', value: 1, label: '+1 target within 3" of friendly cavalry', ref: 'NW §7.7 L132' },
  { condition: 'hard-cover', value: 2, label: '+2 target defending hard cover', ref: 'NW §7.7 L133' },
  { condition: 'target-artillery', value: 2, label: '+2 target is artillery', ref: 'NW §7.7 L134' },
  { condition: 'target-ottoman-artillery', value: 3, label: '+3 target is Ottoman artillery', ref: 'NW §7.7 L134' },
  { condition: 'target-vulnerable', value: -1, label: '−1 target vulnerable (fording, on a bridge, used road movement)', ref: 'NW §7.7 L136' },
] as const satisfies readonly { condition: SkirmishCondition; value: number; label: string; ref: string }[];

/** The target's total modifier: its SK plus every condition that holds (Ottoman artillery replaces artillery). */
export function skirmishDefenceModifier(targetSk: SkValue, conditions: readonly SkirmishCondition[]): number {
  const held = new Set(conditions);
  if (held.has('target-ottoman-artillery')) held.delete('target-artillery');
  return targetSk + netModifier(SKIRMISH_MODIFIERS, [...held]);
}

/** NW §7.6 L124: the attacker adds the SK of every participating unit to ONE 2d6 (example L142). */
export const skirmishAttackTotal = (natural: number, attackerSks: readonly SkValue[]): number => {
  assertNatural2d6(natural, 'skirmish attack');
  return attackerSks.reduce<number>((s, sk) => s + sk, natural);
};

/** Skirmish results (NW §7.6 L124; chart L700). */
export const SKIRMISH_RESULTS = ['no-effect', 'disordered', 'suppressed', 'loss-and-disordered', 'damaged'] as const;
/** What a skirmish attack did to its target. */
export type SkirmishResult = (typeof SKIRMISH_RESULTS)[number];

/**
 * NW §7.6 L124: attacker > target: infantry (and irregular cavalry, §7.9) disordered, artillery
 * suppressed; ≤: no effect; "twice" (HR N-14 `skirmish.double`, default ≥ 2×): −1 s.p. and
 * disordered, artillery damaged (a damaged battery damaged again is destroyed, N-14, engine).
 */
export function skirmishResult(attackTotal: number, targetTotal: number, targetArm: Arm, settings: NwSettings): SkirmishResult {
  assertInteger(attackTotal, 'skirmish attack total');
  assertInteger(targetTotal, 'skirmish target total');
  if (attackTotal <= targetTotal) return 'no-effect';
  const twice = settings.skirmish.double === 'gte' ? attackTotal >= 2 * targetTotal : attackTotal === 2 * targetTotal;
  if (twice) return targetArm === 'artillery' ? 'damaged' : 'loss-and-disordered';
  return targetArm === 'artillery' ? 'suppressed' : 'disordered';
}

/** NW §7.7 L138: a natural 12 by the skirmish attacker shoots any general attached to the target. */
export const SKIRMISH_GENERAL_SHOT_ON = 12;
/** True when the attacker's natural 2d6 kills the target's attached general. */
export const skirmishShootsGeneral = (attackerNatural: number): boolean => {
  assertNatural2d6(attackerNatural, 'skirmish attack');
  return attackerNatural === SKIRMISH_GENERAL_SHOT_ON;
};
