import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { facesOf, ruleRoll } from '../../roll';
import type { NwSettings } from '../settings';
import { commandFatigueLevel, FATIGUE_LOSS_HALVES, isFatigued, MORALE_MULTIPLIER_HUNDREDTHS } from '../tables/fatigue';
import { replacementArrivalTurn, replacementCommander, replacementDelay, REPLACEMENT_SETUP_INCHES } from '../tables/leaders';
import { assertInteger, type Arm, type MoraleLevel, type Quality, type Skill } from '../tables/vocabulary';
import { namedModifier, type Procedure } from './common';

/**
 * Rally-phase checks (NW §12.0 L429-435, steps 2 and 3):
 * - command fatigue and army break — Ch.II §4.0 L581-599 (DIGEST §3(b) N10 neighbours; HR N-24):
 *   level = units × morale multiplier, NW-rounded; fatigued (army: broken) once losses ≥ level.
 *   Losses: destroyed unit 1, Spent ½, destroyed battery ½, routed off the table ½ (§12.0.1 L431),
 *   each unit capped at its destroyed value (HR N-24); Guard infantry/cavalry ×2 for the army only;
 *   Cossack/Yoruk/Bedouin/Arab/militia cavalry not counted for the army.
 * - commander replacement — §11.7 "Officer Casualties" L421-425 (DIGEST N10).
 * No dice for fatigue; one 1d6 for a replacement.
 */

export const FATIGUE_RULE = 'NW Ch.II §4.0';
export const REPLACEMENT_RULE = 'NW §11.7 Officer Casualties';

/** One unit as the fatigue count sees it. Flags combine (a Spent unit later routed off the table). */
export interface FatigueUnit {
  readonly unit: string;
  readonly arm: Arm;
  /** Guard infantry or cavalry count double for the army (L597). */
  readonly quality?: Quality;
  /** Cossacks, Yoruks, Bedouin, Arab and militia cavalry: not counted for the army (L598). */
  readonly irregularCavalry?: boolean;
  /** Down to its spent level (L595). Not for batteries. */
  readonly spent?: boolean;
  /** Eliminated (L594, L596) — surrendered units too. */
  readonly destroyed?: boolean;
  /** Routed off the table (§12.0.1 L431). Not for batteries. */
  readonly routedOffTable?: boolean;
}

/** Whose fatigue is counted: a division/corps/wing, or the army (Guard ×2, irregular cavalry 0). */
export type FatigueScope = 'command' | 'army';

const isIrregularForArmy = (u: FatigueUnit): boolean => u.arm === 'cavalry' && u.irregularCavalry === true;
const isGuardForArmy = (u: FatigueUnit): boolean => u.quality === 'guard' && u.arm !== 'artillery';

/** Does this unit count toward the scope's unit total (and losses)? HR: irregular cavalry is left out of the army entirely. */
export const countsForFatigue = (u: FatigueUnit, scope: FatigueScope): boolean => !(scope === 'army' && isIrregularForArmy(u));

/**
 * A unit's fatigue loss in HALF-units (Ch.II §4.0 L593-599, §12.0.1 L431, HR N-24): the flags sum,
 * capped at the destroyed value (unit 2 halves, battery 1); then Guard ×2 for the army.
 */
export function unitFatigueLossHalves(u: FatigueUnit, scope: FatigueScope): number {
  if (u.arm === 'artillery' && (u.spent || u.routedOffTable)) {
    throw new RangeError(`NW fatigue: battery ${u.unit} cannot be spent or routed off the table (only destroyed counts, L594)`);
  }
  if (!countsForFatigue(u, scope)) return 0;
  const cap = u.arm === 'artillery' ? FATIGUE_LOSS_HALVES.destroyedBattery : FATIGUE_LOSS_HALVES.destroyedUnit;
  const sum = u.destroyed ? cap : (u.spent ? FATIGUE_LOSS_HALVES.spentUnit : 0) + (u.routedOffTable ? FATIGUE_LOSS_HALVES.routedOffTable : 0);
  const halves = Math.min(cap, sum);
  return scope === 'army' && isGuardForArmy(u) ? halves * FATIGUE_LOSS_HALVES.guardArmyFactor : halves;
}

/** A count of half-units as printed: "0", "½", "5½", "6". */
export const halvesText = (h: number): string => (h % 2 === 0 ? `${h / 2}` : h === 1 ? '½' : `${(h - 1) / 2}½`);

const multiplierText = (m: MoraleLevel): string => `.${MORALE_MULTIPLIER_HUNDREDTHS[m]}`;

/** What the fatigue count found (shared by command fatigue and army break). */
export interface FatigueCount {
  /** Units counted for the level (all units of the command; the army without irregular cavalry). */
  readonly units: number;
  /** units × multiplier, NW-rounded (HR: raised to 1 when it rounds to 0). */
  readonly level: number;
  /** Losses in half-units. */
  readonly lossHalves: number;
  /** Losses as units (lossHalves / 2). */
  readonly losses: number;
}

/**
 * Counts a command's or army's losses against its level. HR: a level that rounds to 0 (a 1-unit
 * command) is 1, so no command is fatigued before it loses anything.
 */
export function countFatigue(units: readonly FatigueUnit[], morale: MoraleLevel, scope: FatigueScope, settings: NwSettings): FatigueCount {
  const counted = units.filter((u) => countsForFatigue(u, scope));
  if (counted.length === 0) throw new RangeError(`NW fatigue: a ${scope} needs at least one counted unit`);
  const level = Math.max(1, commandFatigueLevel(counted.length, morale, settings.rounding.mode));
  const lossHalves = units.reduce((s, u) => s + unitFatigueLossHalves(u, scope), 0);
  return { units: counted.length, level, lossHalves, losses: lossHalves / 2 };
}

export interface CommandFatigueInput {
  /** The division (traditional army), corps or wing. */
  readonly command: string;
  /** Its morale level (usually the army's; L591 allows a different one). */
  readonly morale: MoraleLevel;
  readonly units: readonly FatigueUnit[];
  /** Already marked with the red flag: no new status event. */
  readonly alreadyFatigued?: boolean;
}

export interface CommandFatigueResult extends FatigueCount {
  readonly fatigued: boolean;
  /** Fatigued this check and not before (the red flag goes on now). */
  readonly newlyFatigued: boolean;
}

/**
 * §12.0 step 3 (L435), Ch.II §4.0 L587: is the command fatigued? Fatigued commands take −1 on all
 * maneuver rolls, and their cavalry −1 on reaction rolls (L587); the commander gets a red flag.
 */
export function checkCommandFatigue(input: CommandFatigueInput, settings: NwSettings): Procedure<CommandFatigueResult> {
  const count = countFatigue(input.units, input.morale, 'command', settings);
  const fatigued = isFatigued(count.lossHalves, count.level);
  const newlyFatigued = fatigued && !input.alreadyFatigued;
  const events: GameEvent[] = [
    {
      kind: 'note',
      rule: `${FATIGUE_RULE} L587`,
      text: `${input.command}: ${halvesText(count.lossHalves)} lost of ${count.units} units; fatigue level ${count.units} × ${multiplierText(input.morale)} → ${count.level}: ${fatigued ? 'fatigued' : 'not fatigued'}`,
    },
  ];
  if (newlyFatigued) {
    events.push({
      kind: 'status', rule: `${FATIGUE_RULE} L587`, unit: input.command, status: 'fatigued', on: true,
      reason: `lost ${halvesText(count.lossHalves)} units, level ${count.level}: red flag; −1 to all maneuver rolls, cavalry −1 to reaction rolls`,
    });
  }
  return { result: { ...count, fatigued, newlyFatigued }, events };
}

export interface ArmyBreakInput {
  readonly army: string;
  readonly morale: MoraleLevel;
  /** Every unit of the army (irregular cavalry is left out of the count here). */
  readonly units: readonly FatigueUnit[];
}

export interface ArmyBreakResult extends FatigueCount {
  readonly broken: boolean;
}

/**
 * §12.0 step 3 (L435), Ch.II §4.0 L587-591: an army whose losses reach its fatigue level is broken;
 * it will no longer fight and the battle is over (example L589: 18 units × .35 → 6).
 */
export function checkArmyBreak(input: ArmyBreakInput, settings: NwSettings): Procedure<ArmyBreakResult> {
  const count = countFatigue(input.units, input.morale, 'army', settings);
  const broken = isFatigued(count.lossHalves, count.level);
  const events: GameEvent[] = [
    {
      kind: 'note',
      rule: `${FATIGUE_RULE} L587`,
      text: `${input.army}: ${halvesText(count.lossHalves)} lost of ${count.units} units; breaking point ${count.units} × ${multiplierText(input.morale)} → ${count.level}: ${broken ? 'broken' : 'holds'}`,
    },
  ];
  if (broken) {
    events.push({ kind: 'status', rule: `${FATIGUE_RULE} L587`, unit: input.army, status: 'broken', on: true, reason: `lost ${halvesText(count.lossHalves)} units, breaking point ${count.level}: the army will no longer fight; the battle is over (§12.0 L435)` });
  }
  return { result: { ...count, broken }, events };
}

export interface ReplacementInput {
  /** The lost commander. CinCs and generals are never replaced (L421): not for them. */
  readonly commander: string;
  readonly command: string;
  readonly skill: Skill;
  /** His command range and its basic amount (inches). */
  readonly range: number;
  readonly baseRange: number;
  readonly lostOnTurn: number;
  /** The army CinC's presence rating (Napoleon 4, example L425). */
  readonly cincPresence: number;
  /** The replacement's name, if the scenario gives one. */
  readonly replacement?: string;
}

export interface ReplacementResult {
  readonly die: number;
  /** Turns that must go by, at least 1. */
  readonly delay: number;
  /** The turn whose Initiative phase brings him, within 8" of a unit of the command. */
  readonly arrivesOnTurn: number;
  readonly setupInches: typeof REPLACEMENT_SETUP_INCHES;
  readonly replacement: { readonly name: string; readonly skill: Skill; readonly valorous: false; readonly range: number };
}

/**
 * §12.0 step 2 (L433), §11.7 L421-425 (DIGEST N10): 1d6 − the CinC's presence (never below 1)
 * turns go by; the replacement is one skill lower (Poor stays Poor, HR NT-4), has no V and a
 * range 2" shorter, never below the basic amount. Until he arrives the command's units are out of
 * command range (one table lower).
 */
export function rollCommanderReplacement(input: ReplacementInput, dice: Dice): Procedure<ReplacementResult> {
  assertInteger(input.lostOnTurn, 'turn lost');
  assertInteger(input.cincPresence, 'CinC presence');
  const modifiers = input.cincPresence === 0 ? [] : [namedModifier('CinC presence', -input.cincPresence, 'L421')];
  const roll = ruleRoll(dice, '1d6', { rule: REPLACEMENT_RULE, purpose: 'commander replacement', subject: input.commander, modifiers });
  const die = facesOf(roll.rolled)[0]!;
  const delay = replacementDelay(die, input.cincPresence);
  const arrivesOnTurn = replacementArrivalTurn(input.lostOnTurn, delay);
  const r = replacementCommander(input.skill, input.range, input.baseRange);
  const name = input.replacement ?? `${input.commander}'s replacement`;
  const clamped = roll.rolled.total < 1 ? ' (never below 1)' : '';
  const events: GameEvent[] = [
    roll.event(`L421: ${delay} turn${delay === 1 ? '' : 's'}${clamped} ${delay === 1 ? 'goes' : 'go'} by; arrives in the Initiative phase of turn ${arrivesOnTurn}`),
    {
      kind: 'general', rule: `${REPLACEMENT_RULE} L421-423`, general: name, what: 'replaced',
      detail: `replaces ${input.commander} (${input.command}) on turn ${arrivesOnTurn}, within ${REPLACEMENT_SETUP_INCHES}" of a unit of the command: ${input.skill} → ${r.skill}, no V, range ${input.range}" → ${r.range}"; until then its units are out of command range`,
    },
  ];
  return {
    result: { die, delay, arrivesOnTurn, setupInches: REPLACEMENT_SETUP_INCHES, replacement: { name, ...r } },
    events,
  };
}
