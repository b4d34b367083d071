import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import { BP_FIXED_RULINGS, type BpSettings } from '../settings';
import { COMMAND_FIGURE, GREEN_TROOPS } from '../tables/command-control';
import { FLANK_OR_REAR_MORALE, SQUARE_ROW, TERRAIN_ROWS, unitRow } from '../tables/morale-points';
import { DISRUPTED } from '../tables/rout';
import { unitTypeOf } from '../tables/vocabulary';
import { assertUnit, commandCounts, greenCounts, namedModifier } from './common';
import type { MoraleInput, Procedure } from './types';

/**
 * P5 Morale (B&P L109, L125, L137-155; DIGEST §4(b)): 2D6 + modifiers ≥ the unit's "Morale Die to
 * Hold" holds, else it routs (L133: a line battalion holds on 8, "if a seven had been rolled A
 * would have routed"). Modifiers: charged in flank or rear −3 (L117), command figure within 4"
 * +1 (L202), disrupted −1 (L167), green −1 (L208, optional), terrain +1/+2 to whoever HR B-4 gives
 * it. A square charged by cavalry holds on 4, i.e. routs only on 2-3 (L146, L175).
 */

export const MORALE_RULE = 'B&P L109';

/** What a morale test decided. */
export interface MoraleResult {
  readonly natural: number;
  readonly total: number;
  /** 2D6 needed to hold. */
  readonly hold: number;
  readonly holds: boolean;
}

/** The 2D6 a unit needs to hold, and the line that prints it. */
export function moraleHold(input: MoraleInput): { hold: number; row: string } {
  const u = input.unit;
  if (u.arm === 'infantry' && u.formation === 'square') {
    const vsCavalry = input.reason === 'charged' && !!input.chargedByCavalry;
    if (vsCavalry || !BP_FIXED_RULINGS.squareVsInfantryUsesRegularRow) return { hold: SQUARE_ROW.hold, row: `Inf in Square: ${SQUARE_ROW.hold} (L146; routs only on 2-3 vs cavalry, L175)` };
  }
  const row = unitRow(unitTypeOf(u));
  return { hold: row.hold, row: `${row.label}: ${row.hold} (L${row.line})` };
}

/** The morale roll's modifiers, named after their lines. */
export function moraleModifiers(input: MoraleInput, settings: BpSettings): Modifier[] {
  const u = input.unit;
  const mods: Modifier[] = [];
  if (input.reason === 'charged' && (input.chargedFrom === 'flank' || input.chargedFrom === 'rear')) {
    mods.push(namedModifier(`charged in the ${input.chargedFrom}`, FLANK_OR_REAR_MORALE, 'B&P L117'));
  }
  const pos = input.defenderPosition ?? 'open';
  const terrainForThisRoll = settings.terrain.bonusTo === 'defender' ? input.reason === 'charged' : input.reason === 'charger-fired-upon';
  if (pos !== 'open' && terrainForThisRoll) {
    const t = TERRAIN_ROWS[pos];
    mods.push(namedModifier(pos === 'defended' ? 'uphill / wood / stream' : 'higher than 1 contour / works / wide stream', t.roll, `B&P L${t.lines}; HR B-4 ${settings.terrain.bonusTo}`));
  }
  if (commandCounts(u, settings)) mods.push(namedModifier('command figure within 4"', COMMAND_FIGURE.morale, 'B&P L202'));
  if (u.disrupted) mods.push(namedModifier('disrupted', DISRUPTED.morale, 'B&P L167'));
  if (greenCounts(u, settings)) mods.push(namedModifier('green troops', GREEN_TROOPS.morale, 'B&P L208'));
  return mods;
}

/** P5: roll one morale test. */
export function moraleTest(input: MoraleInput, settings: BpSettings, dice: Dice): Procedure<MoraleResult> {
  assertUnit(input.unit, 'morale');
  if (input.reason === 'charger-fired-upon' && input.chargedFrom !== undefined) throw new RangeError('B&P morale: chargedFrom describes the charged unit, not a charger that was fired upon');
  const { hold, row } = moraleHold(input);
  const modifiers = moraleModifiers(input, settings);
  const purpose = input.reason === 'charged' ? 'morale: receiving a charge (L109)' : 'morale: charging home after being fired upon (L125)';
  const r = ruleRoll(dice, '2d6', { rule: MORALE_RULE, purpose, subject: input.unit.name, modifiers });
  const total = r.rolled.total;
  const natural = total - modifiers.reduce((s, m) => s + m.value, 0);
  const holds = total >= hold;
  const event = r.event(`Morale and Point Table ${row}: ${total} ${holds ? '≥' : '<'} ${hold} → ${holds ? 'holds' : 'routs'}`);
  return { result: { natural, total, hold, holds }, events: [event] };
}
