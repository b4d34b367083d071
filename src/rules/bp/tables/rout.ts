/**
 * B&P Rout, Disruption and Rally (L165-171), and the gaps the text leaves in it.
 */

/** B&P L167-169: after a rout the unit halts, then reforms, then is combat effective. */
export const RECOVERY_STAGES = ['routed', 'halted', 'reforming', 'effective'] as const;
/** Where a routed unit is on its way back. */
export type RecoveryStage = (typeof RECOVERY_STAGES)[number];

/**
 * The stage after one more counted move period (L167: "During the next move, the routed unit
 * halts"; L169: "On the following move … reforming. On the succeeding move … combat effective").
 * Which move periods count is HR B-11 (`recovery.clock`).
 */
export function nextRecoveryStage(stage: RecoveryStage): RecoveryStage {
  const i = RECOVERY_STAGES.indexOf(stage);
  return RECOVERY_STAGES[Math.min(i + 1, RECOVERY_STAGES.length - 1)]!;
}

/** Whether a move period advances a recovering unit's clock (HR B-11: `own` counts only its owner's). */
export const recoveryClockTicks = (clock: 'own' | 'every', ownersMovePeriod: boolean): boolean => clock === 'every' || ownersMovePeriod;

/**
 * B&P L171: fired upon before it is combat effective → it retreats and the process restarts
 * (back to `routed`); moved for any reason → halt and reform are repeated (back to `routed`, whose
 * next counted move is the halt).
 */
export const RECOVERY_INTERRUPTED: RecoveryStage = 'routed';

/**
 * B&P L171: charged before it is combat effective: 50% of the unit is removed after the first
 * assault, the rest eliminated by a second. Engine ruling BP-8: the half is rounded up against the
 * unit (like the melee loser, L127).
 */
export function recoveringUnitAssaulted(figures: number, priorAssaults: number): { lost: number; eliminated: boolean } {
  if (!Number.isInteger(figures) || figures < 0) throw new RangeError(`B&P L171: figures must be a whole number ≥ 0, not ${figures}`);
  if (priorAssaults >= 1) return { lost: figures, eliminated: true };
  const lost = Math.ceil(figures / 2);
  return { lost, eliminated: lost >= figures };
}

/** B&P L167: a disrupted unit may not advance; −1 on morale and melee if attacked; −1 when firing. */
export const DISRUPTED = { morale: -1, melee: -1, fire: -1, mayAdvance: false, line: 167 } as const;

/** B&P L109: a charged unit that breaks retires its maximum distance; blocked by an enemy → eliminated. */
export const BROKEN_AND_BLOCKED = 'eliminated' as const;

/** B&P L103: an artillery crew that routs loses its gun. */
export const ROUTED_CREW_LOSES_GUN = true;
