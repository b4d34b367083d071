import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import type { NwSettings } from '../settings';
import { SKIRMISH_MODIFIERS, skirmishResult, skirmishShootsGeneral, type SkirmishCondition, type SkirmishResult } from '../tables/skirmish';
import type { SkValue } from '../tables/vocabulary';
import { naturalOf, namedModifier, type Procedure } from './common';
import { rollLeaderLoss } from './leaders';

/**
 * N2 Skirmish — NW §7.6 L124, §7.7 L128-138, chart L698-711, example L142 (DIGEST §3(b) N2):
 * the attackers roll ONE 2d6 + the SK of every participating unit; the target rolls 2d6 + its
 * own SK + its modifiers (only the defender gets modifiers, L128). Higher attacker: infantry
 * disordered / artillery suppressed; ≤: no effect; twice (HR N-14, `skirmish.double`): −1 s.p.
 * and disordered / artillery damaged. An attacker's natural 12 kills an attached general (L138).
 * The attacker rolls first, then the target. Eligibility and range are the caller's geometry.
 */

export const SKIRMISH_RULE = 'NW §7.6';

export interface SkirmishInput {
  readonly attackers: readonly { readonly unit: string; readonly sk: SkValue }[];
  readonly target: {
    readonly unit: string;
    readonly sk: SkValue;
    /** Infantry (or irregular cavalry that chose to skirmish, §7.9, which reads as infantry) or artillery. */
    readonly arm: 'infantry' | 'cavalry' | 'artillery';
    /** The general attached to the target, if any (L138). */
    readonly attachedGeneral?: string;
  };
  readonly conditions: readonly SkirmishCondition[];
}

export interface SkirmishProcedureResult {
  readonly attackNatural: number;
  readonly attackTotal: number;
  readonly targetNatural: number;
  readonly targetTotal: number;
  readonly outcome: SkirmishResult;
  /** The attached general was shot by a natural 12 (L138). */
  readonly generalKilled: boolean;
}

const OUTCOME_TEXT = {
  'no-effect': 'no effect', disordered: 'target disordered', suppressed: 'artillery suppressed',
  'loss-and-disordered': 'twice: target −1 s.p. and disordered', damaged: 'twice: artillery damaged',
} as const satisfies Record<SkirmishResult, string>;

/** The target's dice modifiers: its SK (L135) then the chart's conditions (Ottoman artillery replaces artillery). */
export function skirmishTargetModifiers(targetSk: SkValue, conditions: readonly SkirmishCondition[]): Modifier[] {
  const held = new Set(conditions);
  if (held.has('target-ottoman-artillery')) held.delete('target-artillery');
  const mods: Modifier[] = targetSk > 0 ? [namedModifier("target's own SK", targetSk, 'NW §7.7 L135')] : [];
  for (const m of SKIRMISH_MODIFIERS) if (held.has(m.condition)) mods.push({ label: `${m.label} (${m.ref})`, value: m.value });
  return mods;
}

/** N2: roll one skirmish attack (NW §7.6 L124; chart L698-711). */
export function rollSkirmish(input: SkirmishInput, settings: NwSettings, dice: Dice): Procedure<SkirmishProcedureResult> {
  if (input.attackers.length === 0) throw new RangeError('NW skirmish: no attackers');
  const sk0 = input.attackers.find((a) => a.sk === 0);
  if (sk0) throw new RangeError(`NW skirmish: ${sk0.unit} is SK0 and cannot attack (§7.1 L87)`);
  const attackMods = input.attackers.map((a) => namedModifier(`SK of ${a.unit}`, a.sk, 'NW §7.6 L124'));
  const names = input.attackers.map((a) => a.unit).join(' + ');
  const att = ruleRoll(dice, '2d6', { rule: SKIRMISH_RULE, purpose: 'skirmish attack', subject: names, modifiers: attackMods });
  const targetMods = skirmishTargetModifiers(input.target.sk, input.conditions);
  const def = ruleRoll(dice, '2d6', { rule: SKIRMISH_RULE, purpose: 'skirmish defence', subject: input.target.unit, modifiers: targetMods });
  const attackTotal = att.rolled.total;
  const targetTotal = def.rolled.total;
  const attackNatural = naturalOf(attackTotal, attackMods);
  const outcome = skirmishResult(attackTotal, targetTotal, input.target.arm === 'artillery' ? 'artillery' : 'infantry', settings);
  const cmp = attackTotal > targetTotal ? (outcome === 'loss-and-disordered' || outcome === 'damaged' ? `${attackTotal} ≥ 2×${targetTotal}` : `${attackTotal} > ${targetTotal}`) : `${attackTotal} ≤ ${targetTotal}`;
  const row = `Skirmish chart L700 (§7.6 L124): attacker ${cmp}: ${OUTCOME_TEXT[outcome]}`;
  const events: GameEvent[] = [att.event(row), def.event(row)];
  let generalKilled = false;
  if (input.target.attachedGeneral && skirmishShootsGeneral(attackNatural)) {
    const loss = rollLeaderLoss({ officer: input.target.attachedGeneral, trigger: 'skirmishOrFireNatural', natural: attackNatural }, dice);
    generalKilled = loss.result.killed;
    events.push(...loss.events);
  }
  return {
    result: { attackNatural, attackTotal, targetNatural: naturalOf(targetTotal, targetMods), targetTotal, outcome, generalKilled },
    events,
  };
}
