import { EVADES, type Evader } from '../tables/evades';
import { REGROUP_MIN_ENEMY_INCHES } from '../tables/command';

/**
 * Regrouping a unit (L285-289) and evade distances (L574-613).
 */

/** Whether a brigade may regroup: more than 10" from all enemy, no artillery fire on it last turn (L285). */
export const mayRegroup = (nearestEnemyInches: number, underArtilleryFireLastTurn: boolean): boolean =>
  nearestEnemyInches > REGROUP_MIN_ENEMY_INCHES.inches && !underArtilleryFireLastTurn;

/**
 * Hits a unit can take back: never to full strength, and "the first hit suffered by a unit may
 * never be regrouped" (L289) — both mean the unit stays at least one hit short of its maximum.
 */
export const regroupable = (max: number, current: number): number => Math.max(0, max - 1 - current);

/** Spread `hits` over units in the order given (the player's choice, L285), each up to what it can take back. */
export function spreadRegroup(hits: number, units: readonly { id: string; max: number; current: number }[]): { id: string; regained: number }[] {
  let left = hits;
  return units.map((u) => {
    const regained = Math.min(left, regroupable(u.max, u.current));
    left -= regained;
    return { id: u.id, regained };
  }).filter((x) => x.regained > 0);
}

/** An evade's distance in inches from its dice (L574-613). */
export function evadeInches(evader: Evader, faces: readonly number[]): number {
  const e = EVADES.find((x) => x.evader === evader)!;
  if (faces.length !== e.dice) throw new Error(`${evader} evades with ${e.dice} dice`);
  return faces.reduce((n, f) => n + f, e.bonus);
}
