import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import type { NwSettings } from '../settings';
import { presenceBonus } from '../tables/initiative';
import {
  DISORDERED_EFFECTS, independentInRange, MANEUVER_MODIFIERS, MANEUVER_TABLE, maneuverColumn, maneuverInches, maneuverRow,
  type DisorderedResult, type ManeuverCondition,
} from '../tables/maneuver';
import type { Arm, MoveFraction, Skill } from '../tables/vocabulary';
import { namedModifier, rangeText, tableModifiers, type Procedure } from './common';

/**
 * N5 Maneuver — NW §9.0 C L230-243, Maneuver Table chart L632-651 (DIGEST §3(b) N5): 2d6 + net
 * modifiers read down the commander's skill column (one column worse out of range or while the
 * commander awaits replacement, §11.7 L421; Poor out of range: Poor with −1, L232); a good-order
 * unit (and all artillery) reads the good-order result, a disordered unit the disordered one.
 * Routed units do not roll (HR N-18). Independent brigades use the CinC's skill (L240, HR N-21).
 */

export const MANEUVER_RULE = 'NW §9.0 C';

export interface ManeuverInput {
  readonly unit: string;
  /** Skill of the unit's commander (the CinC's for an independent brigade, L240). */
  readonly commanderSkill: Skill;
  /** Within the commander's range (false also while he awaits replacement, §11.7 L421). */
  readonly inRange: boolean;
  /** An independent brigade: HR N-21 `independent.range` may put it always in range. */
  readonly independent?: boolean;
  readonly status: 'good-order' | 'disordered' | 'routed';
  readonly arm: Arm;
  /**
   * Modifier conditions that hold (chart L645-651). 'outside-poor-commander-range' is derived from
   * skill and range and must not be passed; 'cinc-presence' is derived from `cincWithin3`.
   */
  readonly conditions: readonly ManeuverCondition[];
  /** The army CinC within 3" (chart L651; Ch.II §3.1 L549): adds his presence bonus. */
  readonly cincWithin3?: { readonly skill: Skill; readonly isNapoleon?: boolean };
  /** Movement allowance in inches (§9.1 chart L653-661), to turn the result into inches. */
  readonly allowance?: number;
  /** Road bonus inches (§9.5 note 6 L300), joined per HR N-17. */
  readonly roadBonus?: number;
}

export interface ManeuverResult {
  /** The column read, and whether it was shifted for being out of range. */
  readonly column: Skill;
  readonly outOfRangeShift: boolean;
  readonly natural: number;
  readonly total: number;
  /** Index into MANEUVER_TABLE (0 = worst row, chart L635). */
  readonly rowIndex: number;
  /** Which result column was read: artillery always reads good order (DIGEST N5). */
  readonly read: 'good-order' | 'disordered';
  /** The good-order result or, for a disordered unit, the disordered one. */
  readonly outcome: MoveFraction | DisorderedResult;
  /** The fraction of the allowance it may move. */
  readonly fraction: MoveFraction;
  /** A disordered unit re-orders (good order again). */
  readonly reorders: boolean;
  /** A disordered unit on the worst row retreats ½ move. */
  readonly retreatHalfMove: boolean;
  /** Inches it may move (when `allowance` was given), via maneuverInches. */
  readonly inches?: number;
  /** Inches it must retreat (½ allowance) on a retreat result, when `allowance` was given. */
  readonly retreatInches?: number;
}

const FRACTION_TEXT = { hold: 'Hold position', quarter: '¼ move allowed', half: '½ move allowed', 'three-quarters': '¾ move allowed', full: 'Full move' } as const;
const DISORDERED_TEXT = {
  'retreat-half': 'Retreat ½ move', hold: 'Hold position', 'reorder-hold': 'Re-order & hold', 'reorder-quarter': 'Re-order with ¼ Mv',
  'reorder-half': 'Re-order with ½ Mv', 'reorder-full': 'Re-order & full Mv',
} as const satisfies Record<DisorderedResult, string>;

/** The dice modifiers of a maneuver roll, named after the chart lines (L645-651). */
export function maneuverModifiers(input: ManeuverInput, settings: NwSettings): { column: Skill; shifted: boolean; modifiers: Modifier[] } {
  if (input.conditions.includes('outside-poor-commander-range') || input.conditions.includes('cinc-presence')) {
    throw new RangeError('NW maneuver: pass inRange/cincWithin3, not the derived outside-poor-commander-range/cinc-presence conditions');
  }
  const inRange = input.independent ? independentInRange(input.inRange, settings) : input.inRange;
  const col = maneuverColumn(input.commanderSkill, inRange);
  const conditions: ManeuverCondition[] = [...input.conditions];
  if (col.modifier !== 0) conditions.push('outside-poor-commander-range');
  const numeric = MANEUVER_MODIFIERS.filter((m): m is Extract<(typeof MANEUVER_MODIFIERS)[number], { value: number }> => m.value !== 'presence');
  const modifiers = tableModifiers(numeric, conditions);
  if (input.cincWithin3) {
    const p = presenceBonus(input.cincWithin3.skill, input.cincWithin3.isNapoleon);
    const ref = MANEUVER_MODIFIERS.find((m) => m.condition === 'cinc-presence')!.ref;
    if (p !== 0) modifiers.push(namedModifier('cinc-presence', p, ref));
  }
  return { column: col.column, shifted: !inRange, modifiers };
}

/** N5: roll a unit's maneuver (NW §9.0 C L230-243; chart L632-651). */
export function rollManeuver(input: ManeuverInput, settings: NwSettings, dice: Dice): Procedure<ManeuverResult> {
  if (input.status === 'routed') throw new RangeError(`NW maneuver: ${input.unit} is routed and does not roll (HR N-18)`);
  const { column, shifted, modifiers } = maneuverModifiers(input, settings);
  const roll = ruleRoll(dice, '2d6', { rule: MANEUVER_RULE, purpose: 'maneuver', subject: input.unit, modifiers });
  const total = roll.rolled.total;
  const row = maneuverRow(column, total);
  const rowIndex = MANEUVER_TABLE.indexOf(row as (typeof MANEUVER_TABLE)[number]);
  const read = input.status === 'disordered' && input.arm !== 'artillery' ? 'disordered' : 'good-order';
  const [min, max] = row.ranges[column];
  const effect = read === 'disordered' ? DISORDERED_EFFECTS[row.disordered] : { reorders: false, fraction: row.goodOrder, retreatHalfMove: false };
  const resultText = read === 'disordered' ? `Disordered unit: ${DISORDERED_TEXT[row.disordered]}` : `Good-order unit: ${FRACTION_TEXT[row.goodOrder]}`;
  const tableRow = `Maneuver Table chart L${635 + rowIndex}, ${column} column${shifted ? ' (out of range)' : ''} ${rangeText(min, max)}: ${resultText}`;
  const result: ManeuverResult = {
    column, outOfRangeShift: shifted, natural: total - modifiers.reduce((s, m) => s + m.value, 0), total, rowIndex, read,
    outcome: read === 'disordered' ? row.disordered : row.goodOrder, fraction: effect.fraction, reorders: effect.reorders,
    retreatHalfMove: effect.retreatHalfMove,
    ...(input.allowance !== undefined ? { inches: maneuverInches(input.allowance, effect.fraction, input.roadBonus ?? 0, settings) } : {}),
    ...(input.allowance !== undefined && effect.retreatHalfMove ? { retreatInches: input.allowance / 2 } : {}),
  };
  return { result, events: [roll.event(tableRow)] };
}
