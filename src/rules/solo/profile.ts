import { z } from 'zod';
import type { ScenarioProfile } from '../scenario/profiles';
import { ATTACK_VALUES, CLASSES, NATIONS, TROOP_HANDLING, UNIT_TYPES } from './tables/vocabulary';

/**
 * Kuryakin's scenario profile. Distances are MILLIMETRES (KUR L3: 1 mm = 1 yard): the shared
 * format's table unit is the millimetre in these files, so `scale: { yardsPerInch: 1 }` reads
 * "one yard per table unit" and the map's scale bar is right. Strength is in figures (L3: 1:40,
 * an average French battalion is 18); a battery's figures are its crew (L14).
 */

/** Arms a Kuryakin scenario may use; `rules.type` narrows infantry to light infantry or rifles and heavy cavalry to cuirassiers. */
export const SOLO_ARMS = ['infantry', 'light-cavalry', 'medium-cavalry', 'heavy-cavalry', 'artillery', 'horse-artillery'] as const;

/** A unit's `rules:` block. */
export const soloUnitRules = z.strictObject({
  /** Class A-D (L3, L22). */
  class: z.enum(CLASSES),
  /** The unit type where the arm does not say it: light-inf, rifles (L14), cuirassier (L18). */
  type: z.enum(UNIT_TYPES).optional(),
  /** Its nation (L7 national variations, L16); default: its brigadier's. */
  nation: z.enum(NATIONS).optional(),
  /** Guards (artillery +1, L16). */
  guards: z.boolean().optional(),
  /** L29 special figures (officer, musician, standard); default: infantry and cavalry have all three. */
  specials: z.boolean().optional(),
});
export type SoloUnitRules = z.infer<typeof soloUnitRules>;

/** A general's `rules:` block: the ratings (L3-7), or none for the dice to generate them at set-up (L3). */
export const soloGeneralRules = z.strictObject({
  nation: z.enum(NATIONS).optional(),
  th: z.enum(TROOP_HANDLING).optional(),
  av: z.enum(ATTACK_VALUES).optional(),
  /** The Control Rating grade: the D8 must come under it (L6; the CR table is lost, K-1). */
  grade: z.number().int().min(1).max(9).optional(),
});
export type SoloGeneralRules = z.infer<typeof soloGeneralRules>;

export const SOLO_PROFILE: ScenarioProfile = {
  arms: SOLO_ARMS,
  levels: ['army', 'corps', 'division', 'brigade'],
  corpsGeneralLevels: ['corps', 'division', 'army'],
  unitRules: soloUnitRules,
  generalRules: soloGeneralRules,
  strengths: ['figures'],
  formations: ['line', 'column', 'square', 'skirmish', 'limbered', 'unlimbered'],
};
