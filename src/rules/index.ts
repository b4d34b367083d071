import type { AnyRuleset, RulesetId } from './contract';
import { dram } from './dram/index';
import { nw } from './nw/index';

/**
 * The rulesets the bot can run, by id. Beer and Pretzel, A Near Run Thing and Kuryakin's solo
 * rules join this list as their issues land.
 */
export const RULESETS: Readonly<Partial<Record<RulesetId, AnyRuleset>>> = { dram, nw };

export function rulesetById(id: string): AnyRuleset | null {
  return (RULESETS as Record<string, AnyRuleset | undefined>)[id] ?? null;
}
