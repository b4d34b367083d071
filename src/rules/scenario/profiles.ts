import type { z } from 'zod';
import type { Arm, GeneralLevel, StrengthKind, UnitFormation } from './vocabulary';

/**
 * What a ruleset adds to the common scenario format, so that its fields are checked while the
 * YAML's line numbers are still at hand. Everything is optional: a ruleset without a profile
 * gets the common checks and open `rules:` records, which its `scenario.prepare` checks later.
 */
export interface ScenarioProfile {
  /** Arms the ruleset knows; a unit of another arm is refused. */
  readonly arms?: readonly Arm[];
  /** Levels of command the ruleset knows. */
  readonly levels?: readonly GeneralLevel[];
  /**
   * Levels a corps' general may have (default: corps only). A battalion game whose whole force
   * is one command under its army commander, with brigades below it, allows 'army' (B&P, Maida).
   */
  readonly corpsGeneralLevels?: readonly GeneralLevel[];
  /** Starting orders of units: the codes, their names (for hints), and whether every unit needs one. */
  readonly orders?: { readonly codes: readonly string[]; readonly names: Readonly<Record<string, string>>; readonly required: boolean };
  /** The schema of a general's `rules:` block (e.g. DRAM ratings). */
  readonly generalRules?: z.ZodType;
  /** The schema of a unit's `rules:` block. */
  readonly unitRules?: z.ZodType;
  /** The scale the rules measure in; a scenario must use it. */
  readonly inchesPerMile?: number;
  /** How units give their strength; any of sp, a DRAM §10 composition or figures when absent. */
  readonly strengths?: readonly StrengthKind[];
  /** Starting formations a unit may take (battalion games); any of the battalion vocabulary when absent. */
  readonly formations?: readonly UnitFormation[];
}
