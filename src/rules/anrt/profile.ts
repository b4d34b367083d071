import { z } from 'zod';
import type { ScenarioProfile } from '../scenario/profiles';
import { CLASSES, GUNS, NATIONS } from './tables/vocabulary';

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
  /** Its nation (§XV L1032-1052), where it is not its commander's (ANRT-N1: inherited downwards from the generals' `nation:`). */
  nation: z.enum(NATIONS).optional(),
  /** Cavalry: carabiniers (the French +1 to volley and countercharge is for light cavalry and carabiniers, L1043). */
  carabiniers: z.boolean().optional(),
  /**
   * Regimental artillery (§XVII L1079, ANRT-R1): a very small or small foot battery attached for
   * the game to this infantry battalion of its own brigade.
   */
  attachedTo: z.string().min(1).optional(),
});
export type AnrtUnitRules = z.infer<typeof anrtUnitRules>;

/**
 * A general's `rules:` (ANRT prints no ratings): the nation of the command he heads (ANRT-N1) —
 * the army's on its C-in-C, a wing's, a division's or a brigade's on its general. A unit takes the
 * nearest above it (its own `nation:`, its brigadier's, its division's, its wing's, the army's).
 */
export const anrtGeneralRules = z.strictObject({
  nation: z.enum(NATIONS).optional(),
  /**
   * On a brigadier only: his brigade has L389's "historical precedent for brigade level expertise"
   * — its cavalry lines may withdraw or advance through each other, and a second line may charge
   * into a melee and replace the line in contact (ANRT-CL1). The scenario's note says on what authority.
   */
  linesExpertise: z.boolean().optional(),
}).default({});

export const ANRT_PROFILE: ScenarioProfile = {
  arms: ANRT_ARMS,
  levels: ['army', 'wing', 'corps', 'division', 'brigade'],
  // A shared "corps" under the corps commander himself (army or wing level) holds the corps' own
  // unattached units and brigades (L231, ANRT-C11).
  corpsGeneralLevels: ['division', 'corps', 'wing', 'army'],
  unitRules: anrtUnitRules,
  generalRules: anrtGeneralRules,
  strengths: ['figures'],
  // The reinforced line starts a battle like any formation (ANRT-RL1, L105).
  formations: ['line', 'reinforced-line', 'column', 'square', 'skirmish', 'limbered', 'unlimbered'],
  // 1 inch = 50 yards (L51).
  inchesPerMile: 35.2,
};
