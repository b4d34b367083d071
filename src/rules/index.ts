import type { AnyRuleset, RulesetId } from './contract';
import { anrt } from './anrt/index';
import { bp } from './bp/index';
import { dram } from './dram/index';
import { nw } from './nw/index';
import { solo } from './solo/index';
import type { ScenarioProfile } from './scenario/profiles';

/**
 * The rulesets the bot can run, by id: the one place that names them. Each record carries its
 * rules, scenario profile, presentation and the verbs it accepts (src/rules/README.md), so
 * adding a ruleset is its folder, one line here and its scenarios.
 */
export const RULESETS: Readonly<Partial<Record<RulesetId, AnyRuleset>>> = { dram, nw, bp, anrt, solo };

export function rulesetById(id: string): AnyRuleset | null {
  return (RULESETS as Record<string, AnyRuleset | undefined>)[id] ?? null;
}

/** Every registered ruleset's scenario profile, for the shared loader (src/rules/scenario). */
export const SCENARIO_PROFILES: Readonly<Partial<Record<RulesetId, ScenarioProfile>>> = Object.fromEntries(
  Object.values(RULESETS).flatMap((r) => (r.profile ? [[r.id, r.profile] as const] : [])),
);
