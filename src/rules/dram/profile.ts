import { z } from 'zod';
import type { ScenarioProfile } from '../scenario/profiles';
import type { Arm, GeneralLevel, Grade, GunWeight, OfficerCorps } from '../scenario/vocabulary';
import type { OfficerCorps as DramOfficerCorps, GunWeight as DramGunWeight, TroopGrade } from './strength';
import { ARMS as DRAM_ARMS, GENERAL_LEVELS as DRAM_LEVELS, ORDER_NAMES as DRAM_ORDER_NAMES, ORDERS as DRAM_ORDERS } from './tables/vocabulary';

// The DRAM SP calculator (strength.ts) reads a unit's grade, officers and gun weight as written
// in the shared scenario format: the words must stay the same on both sides, which these lines
// check at compile time.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const SAME_WORDS: [Same<Grade, TroopGrade>, Same<OfficerCorps, DramOfficerCorps>, Same<GunWeight, DramGunWeight>] = [true, true, true];
void SAME_WORDS;

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
