import { z } from 'zod';
import type { ScenarioProfile } from '../scenario/profiles';
import { CONTROL_CLASSES } from './tables/vocabulary';

/**
 * B&P's scenario profile: what the shared loader checks in a B&P scenario while the YAML's line
 * numbers are at hand. Strength is given in figures (`figures: 12`, `stands: 4`, L12) with a
 * starting `formation` in the shared format; B&P's own flags go in the unit's `rules:` block.
 * Generals are the command figures (L200-202) and keep open `rules:` (none are read).
 */

/** Arms a B&P scenario may use: light and medium cavalry are "Line Cav", heavy is "Guard or Hvy Cav" (L16, L139-145). */
export const BP_ARMS = ['infantry', 'light-cavalry', 'medium-cavalry', 'heavy-cavalry', 'artillery', 'horse-artillery'] as const;

/** A B&P unit's `rules:` block. */
export const bpUnitRules = z.strictObject({
  /** Guard infantry, cavalry or artillery (L14-18; Morale and Point Table L142, L145). */
  guard: z.boolean().optional(),
  /** Levies, militia, landwehr or poor morale (optional Green Troops, L208). */
  green: z.boolean().optional(),
  /** Troop control class (optional Control, L206); A when absent. */
  control: z.enum(CONTROL_CLASSES).optional(),
});
/** A B&P unit's `rules:` block, parsed. */
export type BpUnitRules = z.infer<typeof bpUnitRules>;

/** What B&P adds to the shared scenario format. B&P prints no ground scale (L12), so none is imposed. */
export const BP_PROFILE: ScenarioProfile = {
  arms: BP_ARMS,
  // Brigades (optional): the brigadiers of a battalion-level order of battle (issue 10; Maida).
  levels: ['army', 'wing', 'corps', 'division', 'brigade'],
  // A force of a few brigades is one command under its commander (Maida: Stuart's, Reynier's).
  corpsGeneralLevels: ['corps', 'army'],
  unitRules: bpUnitRules,
  strengths: ['figures'],
  formations: ['line', 'column', 'square', 'skirmish'],
};
