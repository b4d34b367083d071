import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import type { SoloSettings } from '../settings';
import { CONTROL_DIE, CONTROL_RANGE_MM, SENIOR_INFLUENCE_MM } from '../tables/generals';
import { placeholderNote } from './common';
import type { GeneralInput, Procedure } from './types';

/**
 * K2 Control (KUR L6-7): each brigadier rolls a D8 and passes if it is less than his grade. A
 * division or corps commander within 300 mm of him adds the placeholder modifiers (K-2,
 * `control.divMod`, `control.corpsMod`) to the grade. Units over 150 mm from their brigadier are
 * out of command control whatever he rolls.
 */

/** What the control roll reads besides the brigadier. */
export interface ControlInput {
  readonly brigadier: GeneralInput;
  /** Distance (mm) from the brigadier to his division commander, if there is one alive. */
  readonly divisionMm?: number;
  /** Distance (mm) to the corps commander. */
  readonly corpsMm?: number;
}

/** The grade the D8 must come under, with its parts. */
export function controlTarget(input: ControlInput, settings: SoloSettings): { target: number; parts: { label: string; value: number }[] } {
  const parts: { label: string; value: number }[] = [];
  if (input.divisionMm !== undefined && input.divisionMm <= SENIOR_INFLUENCE_MM) parts.push({ label: `division commander within ${SENIOR_INFLUENCE_MM} mm (placeholder control.divMod)`, value: settings.control.divMod });
  if (input.corpsMm !== undefined && input.corpsMm <= SENIOR_INFLUENCE_MM) parts.push({ label: `corps commander within ${SENIOR_INFLUENCE_MM} mm (placeholder control.corpsMod)`, value: settings.control.corpsMod });
  return { target: input.brigadier.grade + parts.reduce((s, p) => s + p.value, 0), parts };
}

/** L6: the brigadier's control roll; `passes` → one card for the formation (L7). */
export function controlRoll(input: ControlInput, settings: SoloSettings, dice: Dice): Procedure<{ roll: number; target: number; passes: boolean }> {
  const { target, parts } = controlTarget(input, settings);
  const r = ruleRoll(dice, CONTROL_DIE, { rule: 'KUR L6', purpose: 'control roll (D8 under the grade)', subject: input.brigadier.name });
  const roll = r.rolled.total;
  const passes = roll < target;
  const why = parts.length ? ` (grade ${input.brigadier.grade}${parts.map((p) => ` ${p.value >= 0 ? '+' : '−'}${Math.abs(p.value)} ${p.label}`).join('')})` : '';
  const events = [
    r.event(`${roll} ${passes ? '<' : '≥'} ${target}${why} → ${passes ? 'in control: one card for the brigade' : 'fails: a card per unit'}`),
    placeholderNote('generals.crTable', `${input.brigadier.name}'s grade ${input.brigadier.grade}`),
  ];
  if (parts.length) events.push(placeholderNote('control.divMod/corpsMod', `senior commanders' modifier ${parts.map((p) => p.value).join(', ')}`));
  return { result: { roll, target, passes }, events };
}

/** L6: a unit more than 150 mm from its brigade commander is out of command control. */
export const inCommandReach = (distanceMm: number): boolean => distanceMm <= CONTROL_RANGE_MM;
