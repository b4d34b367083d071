import type { ModifierRow } from './row';
import type { AttackValue, TroopHandling, UnitType } from './vocabulary';

/**
 * Movement (KUR L9-10; DIGEST K4-K7). The base distances are lost (DIGEST K-3): they are the
 * placeholder setting `move.baseMm`. The text gives the random part, in centimetres.
 */

/** KUR L9: infantry and foot artillery roll the marked D8, cavalry and horse guns the D12 (dice language dK8, dK12). */
export const MOVE_DIE: Record<UnitType, 'dK8' | 'dK12'> = {
  'line-inf': 'dK8', 'light-inf': 'dK8', rifles: 'dK8', 'foot-art': 'dK8',
  'light-cav': 'dK12', 'medium-cav': 'dK12', 'heavy-cav': 'dK12', cuirassier: 'dK12', 'horse-art': 'dK12',
};
/** KUR L9: the marked faces, as printed ("+1,+2,+3,0,0,-1,-2,-3"; the D12 "amended +5 to -5 as above", DIGEST K4). */
export const MOVE_DIE_FACES = {
  dK8: { faces: [1, 2, 3, 0, 0, -1, -2, -3], line: 9, printed: 'marked: +1,+2,+3,0,0,-1,-2,-3' },
  dK12: { faces: [1, 2, 3, 4, 5, 0, 0, -1, -2, -3, -4, -5], line: 9, printed: 'D12 amended +5 to -5 as above' },
} as const;
/** KUR L9: "the number of centimetres added or subtracted" — 1 cm = 10 mm. */
export const MM_PER_CM = 10;

/**
 * KUR L9: the brigade commander's TH bends the marked die. Below Average: "add 1 towards the
 * nearest extreme"; Above Average: "deduct 1 towards zero". DIGEST K-13: a 0 has no nearest
 * extreme and stays 0 (setting `move.zeroWithBelowAverage`), and the Above Average step never
 * crosses zero.
 */
export function thAdjustedMove(face: number, th: TroopHandling, zeroWithBelowAverage: 'stays-zero' | 'plus-one' = 'stays-zero'): number {
  if (!Number.isInteger(face)) throw new RangeError(`KUR L9: a marked die shows a whole number, not ${face}`);
  if (th === 'below-average') return face > 0 ? face + 1 : face < 0 ? face - 1 : zeroWithBelowAverage === 'plus-one' ? 1 : 0;
  if (th === 'above-average') return face > 0 ? face - 1 : face < 0 ? face + 1 : 0;
  return face;
}

/** KUR L9: the swerve D6 — 1 pulls left, 6 pulls right, 2-5 none; then D6 cm. */
export const SWERVE = {
  left: { face: 1, line: 9, printed: "'1' indicating a pull to the left" },
  right: { face: 6, line: 9, printed: "'6' indicating the right" },
  distanceDie: 'd6',
  distancePrinted: 'amended D6 centimetres',
} as const;
/** Which way the swerve die pulls. */
export const swerveDirection = (face: number): 'left' | 'right' | null => (face === SWERVE.left.face ? 'left' : face === SWERVE.right.face ? 'right' : null);

/** The conditions of the formation-change roll (L10). */
export type FormationChangeCondition = 'class-b' | 'class-a' | 'th-below-average' | 'th-above-average' | 'out-of-command' | 'musician-dead';
/** KUR L9-10: roll a D4 = quarters of a move to change formation, modified as follows. */
export const FORMATION_CHANGE_DIE = 'd4';
export const FORMATION_CHANGE_MODIFIERS = [
  { condition: 'class-b', value: -1, label: 'B class', line: 10, printed: 'B Class troops -1' },
  { condition: 'class-a', value: -2, label: 'A class', line: 10, printed: 'A Class troops -2' },
  { condition: 'th-below-average', value: 1, label: "brigadier's TH below average", line: 10, printed: "Brigadier's TH Below Ave. +1" },
  { condition: 'th-above-average', value: -1, label: "brigadier's TH above average", line: 10, printed: "Brigadier's TH Above Ave. -1" },
  { condition: 'out-of-command', value: 2, label: 'out of command control', line: 10, printed: 'Out of Command Control +2' },
  { condition: 'musician-dead', value: -1, label: 'musician dead', line: 10, printed: 'Musician dead (optional) -1', optional: true },
] as const satisfies readonly ModifierRow<FormationChangeCondition>[];
/** KUR L9: a move is four quarters; a change over that carries into the next turn (L10). */
export const QUARTERS_PER_MOVE = 4;

/**
 * KUR L10: starting from a standstill, a D6 of 1 means no advance; stopping an advance, a 6
 * means they carry on regardless. Aggressive +1, Timid −1 on both rolls (DIGEST K7 HR for
 * the stopping roll: "the reverse is true").
 */
export const STANDSTILL = {
  start: { failsOn: 1, line: 10, printed: "A result of '1' means that the unit does not advance" },
  stop: { carriesOnFrom: 6, line: 10, printed: "a '6' being needed for them to carry on regardless" },
  modifiers: [
    { condition: 'aggressive', value: 1, label: 'aggressive leader', line: 10, printed: '+1 for Aggressive leaders' },
    { condition: 'timid', value: -1, label: 'timid leader', line: 10, printed: '-1 for Timid' },
  ],
} as const satisfies { modifiers: readonly ModifierRow<Exclude<AttackValue, 'normal'>>[] } & Record<string, unknown>;
