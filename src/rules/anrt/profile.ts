import { z } from 'zod';
import type { ScenarioProfile } from '../scenario/profiles';
import { CLASSES, GUNS } from './tables/vocabulary';

/**
 * ANRT's scenario profile. The shared order of battle maps onto ANRT's command (§V-§VI) as NW's
 * Quatre Bras does: a `wing` is an ANRT corps (its corps commander), a shared `corps` is an ANRT
 * division (its general of division), `brigades` are the brigades, and each unit names its
 * brigade. Strength in figures (1 figure = 50 men, L43-51); guns give their pieces in `rules`.
 */
export const ANRT_ARMS = ['infantry', 'light-cavalry', 'medium-cavalry', 'heavy-cavalry', 'artillery', 'horse-artillery'] as const;

export const anrtUnitRules = z.strictObject({
  /** Troop class (§III L60-61); average when absent. */
  class: z.enum(CLASSES).optional(),
  /** Guns: the ART CAN / ART LONG row (L1091); medium when absent. */
  gun: z.enum(GUNS).optional(),
  /** Guns: pieces, for the size (§III L72-88); 6 when absent. */
  pieces: z.number().int().min(1).max(16).optional(),
  /** A position battery (QRS movement row `position-battery-limbered`). */
  position: z.boolean().optional(),
});
export type AnrtUnitRules = z.infer<typeof anrtUnitRules>;

export const ANRT_PROFILE: ScenarioProfile = {
  arms: ANRT_ARMS,
  levels: ['army', 'wing', 'corps', 'division', 'brigade'],
  corpsGeneralLevels: ['division', 'corps'],
  unitRules: anrtUnitRules,
  strengths: ['figures'],
  formations: ['line', 'column', 'square', 'skirmish', 'limbered', 'unlimbered'],
  // 1 inch = 50 yards (L51).
  inchesPerMile: 35.2,
};
