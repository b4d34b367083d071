import { z } from 'zod';
import { ARMS as DRAM_ARMS, GENERAL_LEVELS as DRAM_LEVELS, ORDER_NAMES as DRAM_ORDER_NAMES, ORDERS as DRAM_ORDERS } from '../dram/tables/vocabulary';
import type { OfficerCorps as DramOfficerCorps, GunWeight as DramGunWeight, TroopGrade } from '../dram/strength';
import { NW_PROFILE } from '../nw/profile';
import type { Arm, GeneralLevel, Grade, GunWeight, OfficerCorps, RulesetId, StrengthKind, UnitFormation } from './vocabulary';

// The DRAM SP calculator (dram/strength.ts) reads a unit's grade, officers and gun weight as
// written here: the words must stay the same on both sides, which these lines check at compile time.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const SAME_WORDS: [Same<Grade, TroopGrade>, Same<OfficerCorps, DramOfficerCorps>, Same<GunWeight, DramGunWeight>] = [true, true, true];
void SAME_WORDS;

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

/** DRAM §6 ratings. The text sets no upper bound; the caps only catch typos such as `cr: 22`. */
const dramGeneralRules = z.strictObject({
  cr: z.number().int().min(0).max(6),
  ap: z.number().int().min(0).max(10),
});

/** DRAM Mk IV: stands are divisions, four order chits, generals rated CR/AP, 6 in = 1 mile (DRAM §1, §5, §6, §7). */
export const DRAM_PROFILE: ScenarioProfile = {
  arms: DRAM_ARMS satisfies readonly Arm[],
  levels: DRAM_LEVELS satisfies readonly GeneralLevel[],
  orders: { codes: DRAM_ORDERS, names: DRAM_ORDER_NAMES, required: true },
  generalRules: dramGeneralRules,
  // DRAM stands carry nothing beyond the common fields yet; refuse stray keys rather than ignore them.
  unitRules: z.strictObject({}),
  inchesPerMile: 6,
  strengths: ['sp', 'historical'],
};

/** Profiles the loader applies by `meta.ruleset`. The other rulesets add theirs as they are written. */
export const SCENARIO_PROFILES: Readonly<Partial<Record<RulesetId, ScenarioProfile>>> = {
  dram: DRAM_PROFILE,
  nw: NW_PROFILE,
};
