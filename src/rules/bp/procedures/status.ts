import type { BpSettings } from '../settings';
import { nextRecoveryStage, recoveryClockTicks, type RecoveryStage } from '../tables/rout';
import type { Arm } from '../tables/vocabulary';

/**
 * Dice-free B&P bookkeeping the state layer calls: casualty removal by stand (BP-3), rout distance
 * (HR B-10), recovery clock (HR B-11, L165-171), disruption length (HR B-16). No geometry.
 */

/** What taking casualties left of a unit's stands. */
export interface StandsAfterLosses {
  /** Figures per stand left, in the same order, empty stands removed. */
  readonly stands: readonly number[];
  readonly figuresRemoved: number;
  readonly standsRemoved: number;
  /** L63: an infantry battalion reduced to a single stand is isolated. */
  readonly isolated: boolean;
}

/**
 * BP-3 (`casualties.standRemoval`): figures come off the last stand listed first (`rear-first`:
 * the rear of a column, the outer flank of a line — the caller orders the stands front/centre
 * first), or the first; a stand is removed when its last figure goes. Losses beyond the figures
 * present remove the whole unit.
 */
export function removeCasualties(arm: Arm, standFigures: readonly number[], losses: number, settings: BpSettings): StandsAfterLosses {
  const taken = standLosses(standFigures, losses, settings);
  const stands = standFigures.map((f, i) => f - taken[i]!).filter((f) => f > 0);
  const removed = taken.reduce((a, x) => a + x, 0);
  return {
    stands, figuresRemoved: removed, standsRemoved: standFigures.length - stands.length,
    isolated: arm === 'infantry' && stands.length === 1,
  };
}

/** BP-3 as figures taken from each stand, in the stands' order (at most what each has). */
export function standLosses(standFigures: readonly number[], losses: number, settings: BpSettings): number[] {
  if (!Number.isInteger(losses) || losses < 0) throw new RangeError(`B&P casualties: losses must be a whole number ≥ 0, not ${losses}`);
  for (const f of standFigures) if (!Number.isInteger(f) || f < 1) throw new RangeError(`B&P casualties: a stand has ${f} figures; list only stands with figures`);
  const order = standFigures.map((_, i) => i);
  if (settings.casualties.standRemoval === 'rear-first') order.reverse();
  const taken = standFigures.map(() => 0);
  let toRemove = losses;
  for (const i of order) {
    if (toRemove === 0) break;
    const take = Math.min(standFigures[i]!, toRemove);
    taken[i] = take;
    toRemove -= take;
  }
  return taken;
}

/** HR B-10: inches a routing unit falls back (no road bonus). */
export function routDistance(arm: Arm, settings: BpSettings): number {
  return arm === 'infantry' ? settings.rout.infantryInches : arm === 'cavalry' ? settings.rout.cavalryInches : settings.rout.artilleryInches;
}

/** L167-169 with HR B-11: a recovering unit's stage after a move period ends undisturbed. */
export function recoveryAfterMovePeriod(stage: RecoveryStage, ownersMovePeriod: boolean, settings: BpSettings): RecoveryStage {
  return recoveryClockTicks(settings.recovery.clock, ownersMovePeriod) ? nextRecoveryStage(stage) : stage;
}

/**
 * HR B-16: whether disruption is over, given the move periods that have ended since the unit was
 * disrupted: its own (`next-own-move`: one), or any (`full-turn`: two).
 */
export function disruptionOver(ownMovePeriodsEnded: number, movePeriodsEnded: number, settings: BpSettings): boolean {
  return settings.disruption.lasts === 'next-own-move' ? ownMovePeriodsEnded >= 1 : movePeriodsEnded >= 2;
}

/**
 * BP-5 (`returnFire.noMove`): whether a unit that returned fire in the opponent's move may move
 * in its own next move period (L131 "may not move").
 */
export const mayMoveAfterReturnFire = (settings: BpSettings): boolean => settings.returnFire.noMove === 'rest-of-opponent-move';
