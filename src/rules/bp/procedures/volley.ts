import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import type { BpSettings } from '../settings';
import { FIRE_MODIFIERS, coverCondition, volleyHits, type FireCondition } from '../tables/fire';
import type { Formation } from '../tables/vocabulary';
import { namedModifier, greenCounts } from './common';
import type { Procedure, VolleyInput } from './types';

/**
 * P1/P2 Volley and skirmish fire (B&P L73-91, DIGEST §4(b)): one D6, modified "from 'to hit'",
 * × figures firing / 10, fractions discounted (L77). A modified die below 0 counts 0 (HR B-9).
 * Worked examples: 12 figures roll 4 → 4 kills (L89); L133: 3 × 12 → 3, return fire 4 × 9 → 3.
 */

export const VOLLEY_RULE = 'B&P L77';
export const SKIRMISH_FIRE_RULE = 'B&P L91';

/** What one volley did. */
export interface VolleyResult {
  readonly face: number;
  /** The die after modifiers (may be below 0; the hits use max(0, ·)). */
  readonly modifiedDie: number;
  readonly figures: number;
  /** Figures the target loses (L77, L89: "kills"). */
  readonly hits: number;
}

/** The fire conditions that hold for this volley, in table order ('target-strong' replaces 'target-defended'). */
export function volleyConditions(input: VolleyInput, settings: BpSettings): FireCondition[] {
  const held = new Set<FireCondition>();
  const cover = coverCondition(input.targetPosition ?? 'open');
  if (cover) held.add(cover);
  if (input.skirmish) held.add('skirmish-fire');
  if (input.disrupted) held.add('firer-disrupted');
  if (greenCounts(input, settings)) held.add('firer-green');
  return FIRE_MODIFIERS.filter((m) => held.has(m.condition)).map((m) => m.condition);
}

/** The die modifiers of a volley, named after their lines. */
export function volleyModifiers(input: VolleyInput, settings: BpSettings): Modifier[] {
  const held = volleyConditions(input, settings);
  return FIRE_MODIFIERS.filter((m) => held.includes(m.condition)).map((m) => namedModifier(m.label, m.value, m.ref));
}

/** P1/P2: roll one volley or skirmish fire. */
export function volley(input: VolleyInput, settings: BpSettings, dice: Dice): Procedure<VolleyResult> {
  if (!Number.isInteger(input.figures) || input.figures < 1) throw new RangeError(`B&P volley L77: ${input.firer} fires with ${input.figures} figures; at least 1 must fire`);
  const modifiers = volleyModifiers(input, settings);
  const rule = input.skirmish ? SKIRMISH_FIRE_RULE : VOLLEY_RULE;
  const purpose = `${input.skirmish ? 'skirmish fire' : 'volley'}${input.returnFire ? ' (return fire, L131)' : ''} at ${input.target}`;
  const r = ruleRoll(dice, '1d6', { rule, purpose, subject: input.firer, modifiers });
  const modifiedDie = r.rolled.total;
  const hits = volleyHits(modifiedDie, input.figures);
  const shown = modifiedDie < 0 ? `max(0, ${modifiedDie}) = 0` : `${modifiedDie}`;
  const row = `${shown} × ${input.figures} figures / 10 = ${hits} hit${hits === 1 ? '' : 's'} (L77, fractions discounted${modifiedDie < 0 ? '; HR B-9' : ''})`;
  const face = modifiedDie - modifiers.reduce((s, m) => s + m.value, 0);
  return { result: { face, modifiedDie, figures: input.figures, hits }, events: [r.event(row)] };
}

/**
 * Figures that fire a volley (L73: "by single rank only"). `standFigures` lists the unit's stands
 * front to back (for a square, the attacked face first). Line and skirmish: every stand; column:
 * the lead stands (BP-1 `fire.columnLeadStands`); square: the attacked face (BP-2
 * `fire.squareFaceStands`, L175). Cavalry does not shoot (L69, L135).
 */
export function firingFigures(arm: 'infantry' | 'cavalry' | 'artillery', formation: Formation, standFigures: readonly number[], settings: BpSettings): number {
  if (arm !== 'infantry') throw new RangeError(`B&P L69, L135: ${arm === 'cavalry' ? 'cavalry does not shoot' : 'artillery fires round shot or canister, not volleys'}`);
  for (const f of standFigures) if (!Number.isInteger(f) || f < 0) throw new RangeError(`B&P L73: a stand has ${f} figures; expected a whole number ≥ 0`);
  const take = formation === 'column' ? settings.fire.columnLeadStands : formation === 'square' ? settings.fire.squareFaceStands : standFigures.length;
  return standFigures.slice(0, take).reduce((s, f) => s + f, 0);
}
