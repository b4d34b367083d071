import type { NwSettings } from '../settings';
import { assertDieFace, assertInteger, type Arm } from './vocabulary';

/** N11 Optional rules (NW Optional Rules §1.0-4.0 L603-626) as data. */

/**
 * Pursuit dice (Optional §1.0 L609, HR N-25 `pursuit.dice`): none unless the winner has more
 * light-cavalry s.p. (§13.0 L439). 'half-steps': 1 + floor((ratio − 1)/0.5) → 3:2 = 2, 2:1 = 3.
 * A loser with 0 s.p. counts as 1 (HR NT-5) so the ratio stays finite.
 */
export function pursuitDice(winnerSp: number, loserSp: number, settings: NwSettings): number {
  assertInteger(winnerSp, 'winner light-cavalry s.p.');
  assertInteger(loserSp, 'loser light-cavalry s.p.');
  if (winnerSp <= loserSp) return 0;
  const l = Math.max(1, loserSp);
  const excess = winnerSp - l; // ratio − 1 = excess / l
  return settings.pursuit.dice === 'half-steps' ? 1 + Math.floor((2 * excess) / l) : 1 + Math.floor(excess / l);
}

/** Pursuit die modifiers, per die (Optional §1.0 L611-614). */
export const PURSUIT_MODIFIERS = [
  { condition: 'mud-rain-or-snow', value: -1, ref: 'Optional §1.0 L613' },
  { condition: 'last-quarter-of-game', value: -1, ref: 'Optional §1.0 L614' },
] as const;

/** One pursuit die after its modifiers, never below 1 (L609). */
export function pursuitDie(face: number, perDieModifier: number): number {
  assertDieFace(face, 'pursuit');
  return Math.max(1, face + perDieModifier);
}

/** L609: a battery lost to pursuit counts as 2 s.p. (1 if damaged). */
export const PURSUIT_BATTERY_SP = { full: 2, damaged: 1 } as const;

/** Optional §2.0 L618: s.p. regained after pursuit (rounding: HR NT-6, NW rounding). */
export const FINAL_LOSS_REGAIN = { winner: { num: 1, den: 3 }, loser: { num: 1, den: 2 } } as const;

/** Optional §3.0 L620-622: howitzer batteries. */
export const HOWITZERS = {
  'prussian-heavy-foot': { weight: 'heavy', kind: 'foot', firesOver: 'any-units' },
  'swedish-horse': { weight: 'light', kind: 'horse', firesOver: 'any-units' },
} as const;

/** Optional §4.0 L624-626: British rocket batteries. */
export const ROCKETS = {
  movesAs: 'horse',
  maxRangeInches: 12,
  firesOver: 'enemy-units',
  finalFire: false,
  overrunOnFailedEvasionCostInches: 1,
} as const;

/** L626: rocket fire points are rolled each fire: 1d6 vs infantry and artillery, 2d6 vs cavalry. */
export const rocketFirePointDice = (targetArm: Arm): 1 | 2 => (targetArm === 'cavalry' ? 2 : 1);
