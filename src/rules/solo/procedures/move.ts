import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import type { SoloSettings } from '../settings';
import { disorderRow, REFORM_DIE, REFORM_MODIFIERS } from '../tables/disorder';
import { FORMATION_CHANGE_DIE, FORMATION_CHANGE_MODIFIERS, MM_PER_CM, MOVE_DIE, QUARTERS_PER_MOVE, STANDSTILL, SWERVE, swerveDirection, thAdjustedMove } from '../tables/movement';
import { armOf, type AttackValue, type Formation, type TroopHandling, type UnitType } from '../tables/vocabulary';
import { modifiersFrom, modifierTotal, placeholderNote, rowModifier, specialLost } from './common';
import type { Procedure, SoloUnitInput } from './types';

/**
 * K4-K9 movement, swerve, formation change, standstill and reforming (KUR L9-12).
 */

/** K-3 placeholder: the base move of a unit (mm), and the key it comes from. */
export function baseMoveMm(type: UnitType, formation: Formation, settings: SoloSettings): number {
  const b = settings.move.baseMm;
  if (type === 'foot-art') return b.footArtillery;
  if (type === 'horse-art') return b.horseArtillery;
  if (armOf(type) === 'cavalry') return b.cavalry;
  return formation === 'column' ? b.infantryColumn : b.infantry;
}

/** What a move allowance roll decided. */
export interface MoveAllowance {
  readonly baseMm: number;
  /** The marked die's face, and after the brigadier's TH (L9). */
  readonly face: number;
  readonly adjustedCm: number;
  /** Base + adjusted cm × 10, never below 0. */
  readonly mm: number;
}

/** K4 (L9): base move (placeholder) + the marked die, bent by the brigade commander's TH. */
export function moveAllowance(unit: Pick<SoloUnitInput, 'name' | 'type' | 'formation'>, th: TroopHandling, settings: SoloSettings, dice: Dice): Procedure<MoveAllowance> {
  const die = MOVE_DIE[unit.type];
  const baseMm = baseMoveMm(unit.type, unit.formation, settings);
  const r = ruleRoll(dice, `1${die}`, { rule: 'KUR L9', purpose: `random movement (${die})`, subject: unit.name });
  const face = r.rolled.total;
  const adjustedCm = thAdjustedMove(face, th, settings.move.zeroWithBelowAverage);
  const mm = Math.max(0, baseMm + adjustedCm * MM_PER_CM);
  const bend = adjustedCm !== face ? `, TH ${th} → ${adjustedCm} cm` : '';
  return {
    result: { baseMm, face, adjustedCm, mm },
    events: [r.event(`${face} cm${bend}: ${baseMm} mm base ${adjustedCm >= 0 ? '+' : '−'} ${Math.abs(adjustedCm) * MM_PER_CM} mm = ${mm} mm`), placeholderNote('move.baseMm', `${unit.name}: base move ${baseMm} mm`)],
  };
}

/** K5 (L9): the swerve, rolled after the player has moved the unit. */
export function swerveRoll(unitName: string, dice: Dice): Procedure<{ direction: 'left' | 'right' | null; mm: number }> {
  const r = ruleRoll(dice, 'd6', { rule: 'KUR L9', purpose: 'swerve (1 left, 6 right)', subject: unitName });
  const direction = swerveDirection(r.rolled.total);
  if (!direction) return { result: { direction: null, mm: 0 }, events: [r.event('no swerve')] };
  const d = ruleRoll(dice, SWERVE.distanceDie, { rule: 'KUR L9', purpose: `swerve ${direction} (D6 cm)`, subject: unitName });
  const mm = d.rolled.total * MM_PER_CM;
  return { result: { direction, mm }, events: [r.event(`pulls ${direction}`), d.event(`${d.rolled.total} cm = ${mm} mm ${direction}`)] };
}

/** What the formation-change roll reads. */
export interface FormationChangeInput {
  readonly unit: SoloUnitInput;
  /** The brigade commander's TH (L10). */
  readonly th: TroopHandling;
  readonly outOfCommand: boolean;
}

/** K6 (L10): the modifiers, from the unit and its brigadier. */
export function formationChangeModifiers(input: FormationChangeInput, settings: SoloSettings) {
  const u = input.unit;
  return modifiersFrom(FORMATION_CHANGE_MODIFIERS, {
    'class-b': u.class === 'B', 'class-a': u.class === 'A',
    'th-below-average': input.th === 'below-average', 'th-above-average': input.th === 'above-average',
    'out-of-command': input.outOfCommand, 'musician-dead': specialLost(u.specials, 'musician'),
  }, settings);
}

/** K6 (L9-10): D4 + modifiers = quarters of a move; ≤ 0 is instant (K-16); over 4 carries into the next turn. */
export function formationChange(input: FormationChangeInput, settings: SoloSettings, dice: Dice): Procedure<{ quarters: number; thisTurn: number; carried: number }> {
  const modifiers = formationChangeModifiers(input, settings);
  const r = ruleRoll(dice, `1${FORMATION_CHANGE_DIE}`, { rule: 'KUR L9-10', purpose: 'formation change (quarters of a move)', subject: input.unit.name, modifiers });
  const quarters = Math.max(0, r.rolled.total);
  const thisTurn = Math.min(QUARTERS_PER_MOVE, quarters);
  const carried = quarters - thisTurn;
  const text = quarters === 0 ? 'instant (K-16)' : `${quarters} quarter${quarters === 1 ? '' : 's'}${carried ? `: ${carried} carried into next turn` : ''}`;
  return { result: { quarters, thisTurn, carried }, events: [r.event(text)] };
}

/** The standstill modifier of the leader's AV (L10): Aggressive +1, Timid −1. */
const standstillMods = (av: AttackValue) => STANDSTILL.modifiers.filter((m) => m.condition === av).map((m) => rowModifier(m));

/** K7 (L10): getting halted troops moving — a modified 1 or less means they do not advance. */
export function startFromStandstill(unitName: string, av: AttackValue, dice: Dice): Procedure<{ moves: boolean }> {
  const modifiers = standstillMods(av);
  const r = ruleRoll(dice, 'd6', { rule: 'KUR L10', purpose: 'moving from a standstill', subject: unitName, modifiers });
  const moves = r.rolled.total > STANDSTILL.start.failsOn;
  return { result: { moves }, events: [r.event(moves ? 'they advance' : 'they do not advance')] };
}

/** K7 (L10, DIGEST HR): stopping an advance — a modified 6 or more and they carry on regardless. */
export function stopAdvance(unitName: string, av: AttackValue, dice: Dice): Procedure<{ stops: boolean }> {
  const modifiers = standstillMods(av);
  const r = ruleRoll(dice, 'd6', { rule: 'KUR L10', purpose: 'stopping an advance', subject: unitName, modifiers });
  const stops = r.rolled.total < STANDSTILL.stop.carriesOnFrom;
  return { result: { stops }, events: [r.event(stops ? 'they halt' : 'they carry on regardless')] };
}

/** K8 (L11): D3 'D' for each unit in a collision. */
export function collisionChits(unitName: string, dice: Dice): Procedure<number> {
  const r = ruleRoll(dice, disorderRow('collision').chits as string, { rule: 'KUR L11', purpose: "collision (D3 'D')", subject: unitName });
  return { result: r.rolled.total, events: [r.event(`${r.rolled.total} 'D'`)] };
}

/** K9 (L11): a unit may reform only if it has taken no casualties so far this turn. */
export const mayReform = (casualtiesThisTurn: number): boolean => casualtiesThisTurn === 0;

/** K9 (L11-12): the whole turn; D6 − modifiers 'D's removed (never below 0, never more than it has). */
export function reform(unit: SoloUnitInput, settings: SoloSettings, dice: Dice): Procedure<{ removed: number; left: number }> {
  const modifiers = modifiersFrom(REFORM_MODIFIERS, { 'class-d': unit.class === 'D', 'officer-dead': specialLost(unit.specials, 'officer', true), 'musician-dead': specialLost(unit.specials, 'musician') }, settings);
  const r = ruleRoll(dice, REFORM_DIE, { rule: 'KUR L11-12', purpose: "reform (D6 = 'D's removed)", subject: unit.name, modifiers });
  const removed = Math.min(unit.disorder, Math.max(0, r.rolled.total));
  return { result: { removed, left: unit.disorder - removed }, events: [r.event(`${removed} 'D' removed, ${unit.disorder - removed} left (modifiers ${modifierTotal(modifiers)})`)] };
}
