import type { Skill } from './vocabulary';

/**
 * N1 Initiative (NW §6.0 L71-77) and the CinC presence bonus (Ch.II §3.1 L549):
 * "+3 for an Excellent CinC, +2 Good, +1 Average and 0 Poor. (Napoleon gets an additional +1)".
 */
export const PRESENCE_BONUS = { excellent: 3, good: 2, average: 1, poor: 0 } as const satisfies Record<Skill, number>;

/** Ch.II §3.1 L549: Napoleon's extra +1 on top of his rating (label `Napoleon,E,+4`, §2.0 L41). */
export const NAPOLEON_PRESENCE_EXTRA = 1;

/** A CinC's presence bonus: used for initiative, commander replacement and maneuver within 3". */
export const presenceBonus = (skill: Skill, isNapoleon = false): number =>
  PRESENCE_BONUS[skill] + (isNapoleon ? NAPOLEON_PRESENCE_EXTRA : 0);

/** Ch.II §3.1 L549, §3.2 L571: presence and V bonuses reach units within 3". */
export const LEADER_BONUS_RADIUS_INCHES = 3;

/** Who won an initiative roll-off, or 'reroll' on a tie nobody wins. */
export type InitiativeOutcome = 'first' | 'second' | 'reroll';

/**
 * NW §6.0 L73: 2d6 + presence each; the higher chooses who moves first. Ties re-roll, except
 * that Napoleon as CinC wins ties. `napoleon` names the side whose CinC is Napoleon, if any.
 */
export function initiativeOutcome(firstTotal: number, secondTotal: number, napoleon?: 'first' | 'second'): InitiativeOutcome {
  if (firstTotal > secondTotal) return 'first';
  if (secondTotal > firstTotal) return 'second';
  return napoleon ?? 'reroll';
}

/** NW §6.0 L77: once per game an Excellent Napoleon, who started on the map in command, may have the initiative re-rolled. */
export const NAPOLEON_REROLL = { perGame: 1, requiresSkill: 'excellent', requiresStartedOnMapInCommand: true } as const;
