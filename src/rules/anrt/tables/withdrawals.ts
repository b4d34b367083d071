import type { Arm, Mover, UnitClass } from './vocabulary';
import { CLASSES } from './vocabulary';

/**
 * Withdrawals and routs as the text prints them (§XII L952-966; the retrograde L330; disorder by
 * withdrawers and routers L925; one-hit units L204; recovering disorder L931).
 */

/** "Infantry may retrograde for free. Cavalry and limbered or prolonged artillery deduct 1/2 move" (L330): the share of a normal move a withdrawal covers (L955 "deducting for the retrograde"). */
export const RETROGRADE = { infantry: 1, other: 0.5, line: 'L330' } as const;

/** Class order for "lower / equal or higher morale class" (L925, L961, L966): the §III classes, best first (L60-61). */
export const classRank = (c: UnitClass): number => CLASSES.length - CLASSES.indexOf(c);

/** "They move as skirmishers" (L966): the QRS skirmish row of the router's arm; gunners run on foot (ANRT-W5). */
export const ROUT_MOVER = (arm: Arm): Mover => (arm === 'cavalry' ? 'cavalry-skirmish' : 'infantry-skirmish');

/** Who is disordered when withdrawers contact or routers pass through friends (L925, L961, L966). */
export const WITHDRAW_DISORDER = [
  { by: 'withdrawers', disordersFriendOf: 'a lower class', line: 'L961' },
  { by: 'withdrawers or routers', disordersFriendOf: 'an equal or lower class', line: 'L925' },
  { by: 'routers', disordersFriendOf: 'any class but close order of a higher class (who close ranks)', line: 'L966' },
] as const;

/** L204: a unit with one hit left. */
export const ONE_HIT = {
  /** "cost +1 pip or they will withdraw one move": the pip that keeps it where it is. */
  holdPips: 1,
  /** "They cannot advance." */
  mayAdvance: false,
  /** "Units in hard cover need not withdraw but they go to ground and may not fire unless the pip is paid." */
  hardCoverStays: true,
  line: 'L204',
} as const;

/** "To recover disorder units must spend a move stationary; and unless they are in hard cover, not under musketry fire" (L931). */
export const RECOVER_DISORDER = { stationary: true, hardCoverIgnoresMusketry: true, line: 'L931' } as const;
