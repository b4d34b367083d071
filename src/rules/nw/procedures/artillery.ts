import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import { NW_FIXED_RULINGS, type NwSettings } from '../settings';
import {
  artilleryEvades, batteryHalfPoints, EVASION_ATTACKER_COST_INCHES, EVASION_MODIFIERS, EVASION_TABLE, evasionColumn,
  FIRE_AFFECTS_TABLE, FIRE_MODIFIERS, fireAffectsRow, fireEffect, fireKillsGeneral, fireResultOnRow, finalFireStopsAttack,
  firePointsAt, totalFirePoints, type EvasionColumn, type EvasionCondition, type FireCondition, type FireEffect,
  type FireModifier, type FirePointsTotal, type FireResult, type RangeBand,
} from '../tables/artillery';
import { ROCKETS, rocketFirePointDice } from '../tables/optional';
import type { Arm, ArtilleryCondition, ArtilleryKind, CavalryWeight, GunWeight } from '../tables/vocabulary';
import { namedModifier, naturalOf, rangeText, tableModifiers, type Procedure } from './common';
import { rollLeaderLoss } from './leaders';

/**
 * N3 Artillery fire and N4 final fire / evasion — NW §8.0-8.6 L156-221, charts L674-683 and
 * L713-761 (DIGEST §3(b) N3, N4).
 * - `rollArtilleryFire`: every battery firing at one target fires together (§8.2 L168). Each
 *   battery's fire points come from its weight and range (chart L713-718), halved when damaged
 *   or suppressed (none when both, §8.0 L158, L196). The halves are totalled and rounded under
 *   HR N-3 / N-4. The firing player rolls 2d6 + net modifiers (L185-198, chart L740-750) on the
 *   Fire Affects Table row for the total (chart L720-738; HR N-1, N-2). The effect is read from
 *   the Fire Effects chart (L752-759). A natural 12 kills an attached general (L198, L761).
 * - `rollEvasion`: a contacted battery rolls 2d6 + modifiers against the Evasion Table (§8.5
 *   L204-215, chart L674-683; HR N-6). Attached artillery never evades (§8.6 L219, HR N-31).
 * - `rollFinalFire`: a battery attacked from its front fires once at the charging unit, even if
 *   suppressed (§8.5 L202). HR N-13 (`finalFire.stopsOn`) says whether the attack stops; if not,
 *   an unattached battery then rolls to evade (`rollEvasion`, called by the engine).
 * - Optional §4.0 L626 (`optional.rockets`, the caller sets `rocket`): a rocket battery's fire
 *   points are rolled at each fire, 1d6 vs infantry and artillery, 2d6 vs cavalry (an audited roll
 *   before the fire roll, OPT-4), out to 12" whatever its weight; damage and suppression halve the
 *   rolled points as any battery's (OPT-4). Rockets have no final fire (`rollFinalFire` refuses).
 * Ranges, arcs, lines of fire and targets are the caller's geometry.
 */

export const ROCKET_RULE = 'NW Optional §4.0 L626';

export const ARTILLERY_FIRE_RULE = 'NW §8.4';
export const EVASION_RULE = 'NW §8.5';
export const FINAL_FIRE_RULE = 'NW §8.5';

/** Chart line of each gun weight's Fire Points row (L716-718). */
const FIRE_POINTS_LINE = { light: 'L716', medium: 'L717', heavy: 'L718' } as const satisfies Record<GunWeight, string>;

/** Chart line of a Fire Affects row: the "½" row is L723, the rows follow in order. */
const fireRowLine = (label: string): string => `L${723 + FIRE_AFFECTS_TABLE.findIndex((r) => r.label === label)}`;

const RESULT_TEXT = {
  desultory: 'Desultory fire', effective: 'Effective fire', damaging: 'Damaging fire', horrendous: 'Horrendous fire', destructive: 'Destructive fire',
} as const satisfies Record<FireResult, string>;

/** One battery firing. */
export interface FiringBattery {
  readonly unit: string;
  readonly weight: GunWeight;
  readonly kind: ArtilleryKind;
  readonly condition: ArtilleryCondition;
  /** Range to the nearest part of the target's base, in whole tenths of an inch. */
  readonly rangeTenths: number;
  /** A rocket battery under `optional.rockets`: fire points rolled, 12" range (Optional §4.0 L626). */
  readonly rocket?: boolean;
}

/** The target of artillery fire. */
export interface FireTarget {
  readonly unit: string;
  readonly arm: Arm;
  /** An artillery target's own condition: a damaged battery that is damaged again is destroyed (L196, HR N-14). */
  readonly condition?: ArtilleryCondition;
  /** The general attached to the target, if any (L198). Generals attach only to infantry or cavalry (§9.0 A). */
  readonly attachedGeneral?: string;
}

export interface ArtilleryFireInput {
  readonly batteries: readonly FiringBattery[];
  readonly target: FireTarget;
  /**
   * Conditions of the fire modifiers (a modifier applies if at least one battery qualifies, L198).
   * 'target-artillery' is derived from `target.arm` and must not be given.
   */
  readonly conditions: readonly FireCondition[];
}

/** What one battery contributed. */
export interface BatteryFirePoints {
  readonly unit: string;
  /** The Fire Points Table band, or 'rocket' (rolled points, Optional §4.0 L626). */
  readonly band: RangeBand | 'rocket';
  /** Full-strength fire points at this range (chart L713-718). */
  readonly fullPoints: number;
  /** After damage / suppression, in HALF-points (0 = may not fire). */
  readonly halfPoints: number;
}

export interface ArtilleryFireResult {
  readonly batteries: readonly BatteryFirePoints[];
  /** The Fire Affects row to read ('none': nothing could fire, no roll). */
  readonly total: FirePointsTotal;
  readonly natural: number | null;
  readonly modifiedRoll: number | null;
  /** The Fire Affects row label ("10-12"), or null with no fire. */
  readonly row: string | null;
  readonly result: FireResult | null;
  /** What the result does to the target (chart L752-759), or null with no fire. */
  readonly effect: FireEffect | null;
  /** The attached general was killed by a natural 12 (L198). */
  readonly generalKilled: boolean;
}

/** Half-points as printed: 5 → "2½", 4 → "2", 1 → "½". */
const halvesText = (h: number): string => (h % 2 === 0 ? `${h / 2}` : h === 1 ? '½' : `${(h - 1) / 2}½`);

/**
 * The fire dice modifiers, named after the chart lines; the same net as `fireModifier`
 * (national modifiers not vs hard cover or behind works; chart-only −1 per HR N-5). The
 * 'behind-works' marker (0) is not listed.
 */
export function artilleryFireModifiers(conditions: readonly FireCondition[], settings: NwSettings): Modifier[] {
  const held = new Set(conditions);
  const covered = held.has('hard-cover') || held.has('behind-works');
  const mods: Modifier[] = [];
  for (const m of FIRE_MODIFIERS as readonly FireModifier[]) {
    if (!held.has(m.condition) || m.value === 0) continue;
    if (m.nationalNotVsCover && covered) continue;
    if (m.chartOnly && !settings.fire.targetArtilleryMod) continue;
    mods.push(namedModifier(m.condition, m.value, m.condition === 'target-artillery' ? `${m.ref}; HR N-5` : m.ref));
  }
  return mods;
}

/** A battery's band and half-points (throws when the target is beyond its long range, §8.1 L160). */
export function batteryFirePoints(b: FiringBattery): BatteryFirePoints {
  const band = firePointsAt(b.weight, b.rangeTenths);
  if (band === null) throw new RangeError(`NW artillery fire: ${b.unit} (${b.weight}) is out of range at ${b.rangeTenths / 10}" (§8.1 L160; chart ${FIRE_POINTS_LINE[b.weight]})`);
  return { unit: b.unit, band: band.band, fullPoints: band.points, halfPoints: batteryHalfPoints(band.points, b.condition) };
}

/**
 * OPT-4: a rocket battery's fire points, rolled for this fire (Optional §4.0 L626): 1d6 vs infantry
 * and artillery, 2d6 vs cavalry, out to 12". A battery that may not fire (damaged and suppressed)
 * rolls nothing.
 */
function rocketFirePoints(b: FiringBattery, target: FireTarget, dice: Dice, events: GameEvent[]): BatteryFirePoints {
  if (b.rangeTenths > ROCKETS.maxRangeInches * 10) throw new RangeError(`NW rocket fire: ${b.unit} is out of range at ${b.rangeTenths / 10}" (max ${ROCKETS.maxRangeInches}", ${ROCKET_RULE})`);
  if (batteryHalfPoints(1, b.condition) === 0) return { unit: b.unit, band: 'rocket', fullPoints: 0, halfPoints: 0 };
  const n = rocketFirePointDice(target.arm);
  const roll = ruleRoll(dice, `${n}d6`, { rule: ROCKET_RULE, purpose: 'rocket fire points', subject: `${b.unit} at ${target.unit}` });
  const full = roll.rolled.total;
  events.push(roll.event(`${n}d6 vs ${target.arm === 'cavalry' ? 'cavalry' : target.arm}: ${full} fire points`));
  return { unit: b.unit, band: 'rocket', fullPoints: full, halfPoints: batteryHalfPoints(full, b.condition) };
}

/** Shared by fire and final fire: points, roll, row, effect, general. */
function resolveFire(
  batteries: readonly FiringBattery[], target: FireTarget, conditions: readonly FireCondition[],
  rule: string, purpose: string, settings: NwSettings, dice: Dice,
): Procedure<ArtilleryFireResult> {
  if (batteries.length === 0) throw new RangeError('NW artillery fire: no batteries');
  if (conditions.includes('target-artillery')) throw new RangeError("NW artillery fire: 'target-artillery' comes from target.arm, do not pass it");
  if (target.attachedGeneral && target.arm === 'artillery') throw new RangeError('NW artillery fire: generals attach only to infantry or cavalry (§9.0 A)');
  if (target.condition && target.arm !== 'artillery') throw new RangeError('NW artillery fire: only an artillery target has a battery condition');
  const rocketEvents: GameEvent[] = [];
  const points = batteries.map((b) => (b.rocket ? rocketFirePoints(b, target, dice, rocketEvents) : batteryFirePoints(b)));
  const total = totalFirePoints(points.map((p) => p.halfPoints), settings);
  const names = batteries.map((b) => b.unit).join(' + ');
  const breakdown = batteries
    .map((b, i) => {
      const p = points[i]!;
      const cond = b.condition === 'full' ? '' : b.condition === 'damaged-and-suppressed' ? ', damaged and suppressed: may not fire' : `, ${b.condition}: ½`;
      const what = b.rocket ? `rockets ${b.rangeTenths / 10}" = ${p.fullPoints} rolled` : `${b.weight} ${p.band} ${b.rangeTenths / 10}" = ${p.fullPoints}`;
      return `${b.unit} ${what}${cond} → ${halvesText(p.halfPoints)}`;
    })
    .join('; ');
  const sumHalves = points.reduce((s, p) => s + p.halfPoints, 0);
  const totalText = total.kind === 'none' ? 'no fire' : total.kind === 'half' ? '"½" row' : `${total.points}`;
  const events: GameEvent[] = [...rocketEvents, {
    kind: 'note', rule: `${rule} L178-183, L196; chart L713-718; HR N-3/N-4${rocketEvents.length ? `; ${ROCKET_RULE}` : ''}`,
    text: `Fire points at ${target.unit}: ${breakdown}; total ${halvesText(sumHalves)} → ${totalText} (${settings.fp.roundOn}, ${settings.rounding.mode}).`,
  }];
  const row = fireAffectsRow(total);
  if (row === null) {
    events.push({ kind: 'note', rule: `${rule} L158, L196`, text: `${names} may not fire at ${target.unit}: no fire points.` });
    return { result: { batteries: points, total, natural: null, modifiedRoll: null, row: null, result: null, effect: null, generalKilled: false }, events };
  }
  const all: FireCondition[] = target.arm === 'artillery' ? [...conditions, 'target-artillery'] : [...conditions];
  const mods = artilleryFireModifiers(all, settings);
  const roll = ruleRoll(dice, '2d6', { rule, purpose, subject: `${names} at ${target.unit}`, modifiers: mods });
  const modifiedRoll = roll.rolled.total;
  const natural = naturalOf(modifiedRoll, mods);
  const result = fireResultOnRow(row, modifiedRoll, settings);
  const cell = row.cells[result];
  const inCell = cell !== undefined && modifiedRoll >= cell[0] && (cell[1] === null || modifiedRoll <= cell[1]);
  const how = inCell
    ? rangeText(cell[0], cell[1])
    : row.label === '10-12' && modifiedRoll === 9
      ? `unprinted 9, HR N-1 ${settings.fet.row10To12Roll9}`
      : `below the row, HR N-2 ${settings.fet.belowRange}`;
  let effect = fireEffect(result, target.arm);
  if (target.arm === 'artillery' && effect.damaged && (target.condition === 'damaged' || target.condition === 'damaged-and-suppressed')) {
    effect = { spLoss: 0, disordered: false, retreat: 0, destroyed: true };
  }
  events.push(roll.event(`Fire Affects Table chart ${fireRowLine(row.label)}, row ${row.label} fire points, roll ${modifiedRoll} (${how}): ${RESULT_TEXT[result]}`));
  let generalKilled = false;
  if (target.attachedGeneral && fireKillsGeneral(natural)) {
    const loss = rollLeaderLoss({ officer: target.attachedGeneral, trigger: 'skirmishOrFireNatural', natural }, dice);
    generalKilled = loss.result.killed;
    events.push(...loss.events);
  }
  return {
    result: { batteries: points, total, natural, modifiedRoll, row: row.label, result, effect, generalKilled },
    events,
  };
}

/** N3: resolve the fire of every battery firing at one target (NW §8.0-8.4 L156-198; charts L713-761). */
export function rollArtilleryFire(input: ArtilleryFireInput, settings: NwSettings, dice: Dice): Procedure<ArtilleryFireResult> {
  return resolveFire(input.batteries, input.target, input.conditions, ARTILLERY_FIRE_RULE, 'artillery fire', settings, dice);
}

export interface EvasionInput {
  readonly battery: {
    readonly unit: string;
    readonly kind: ArtilleryKind;
    /** Attached to an infantry unit (§8.6): never rolls to evade (HR N-31). */
    readonly attached?: boolean;
  };
  /** The contacting unit; cavalry needs its weight for the column (HR N-6). */
  readonly attacker: { readonly unit: string; readonly arm: 'infantry' | 'cavalry'; readonly weight?: CavalryWeight };
  readonly conditions: readonly EvasionCondition[];
}

export interface EvasionResult {
  readonly column: EvasionColumn;
  /** The 2d6 needed to escape (chart L677-678). */
  readonly need: number;
  readonly natural: number;
  readonly total: number;
  readonly escaped: boolean;
  /** On an escape the attacker deducts 1" and may continue (L202); 0 otherwise. */
  readonly attackerCostInches: number;
}

const EVASION_LINE = { foot: 'L677', horse: 'L678' } as const satisfies Record<ArtilleryKind, string>;
const COLUMN_TEXT = { 'infantry-heavy': 'infantry / heavy (medium) cavalry', 'other-cavalry': 'other cavalry' } as const satisfies Record<EvasionColumn, string>;

/** N4: a contacted battery rolls to evade (NW §8.5 L202-215; chart L674-683). Refuses attached artillery (§8.6 L219, HR N-31). */
export function rollEvasion(input: EvasionInput, settings: NwSettings, dice: Dice): Procedure<EvasionResult> {
  const b = input.battery;
  if (b.attached && !NW_FIXED_RULINGS.attachedArtilleryEvades) {
    throw new RangeError(`NW evasion: ${b.unit} is attached artillery and does not roll to evade (§8.6 L219; HR N-31)`);
  }
  const a = input.attacker;
  if (a.arm === 'cavalry' && a.weight === undefined) throw new RangeError(`NW evasion: cavalry attacker ${a.unit} needs its weight (§8.5 L206; HR N-6)`);
  const column = evasionColumn(a.arm, a.arm === 'cavalry' ? (a.weight ?? null) : null, settings);
  const need = EVASION_TABLE[b.kind][column];
  const mods = tableModifiers(EVASION_MODIFIERS, input.conditions);
  const roll = ruleRoll(dice, '2d6', { rule: EVASION_RULE, purpose: 'artillery evasion', subject: `${b.unit} from ${a.unit}`, modifiers: mods });
  const total = roll.rolled.total;
  const escaped = artilleryEvades(b.kind, column, total);
  const medium = a.arm === 'cavalry' && a.weight === 'medium' ? `, HR N-6 ${settings.evasion.mediumCav}` : '';
  const row = `Artillery Evasion Table chart ${EVASION_LINE[b.kind]} (§8.5 L207-208): ${b.kind} vs ${COLUMN_TEXT[column]}${medium}, ${need}+: ${total} ${escaped ? 'escapes' : 'fails: contact and combat'}`;
  const events: GameEvent[] = [roll.event(row)];
  if (escaped) events.push({ kind: 'note', rule: `${EVASION_RULE} L202`, text: `${b.unit} escapes a full move to the rear; ${a.unit} deducts ${EVASION_ATTACKER_COST_INCHES}" and may continue (overrun if it still reaches the battery).` });
  return {
    result: { column, need, natural: naturalOf(total, mods), total, escaped, attackerCostInches: escaped ? EVASION_ATTACKER_COST_INCHES : 0 },
    events,
  };
}

export interface FinalFireInput {
  /** The charged battery; final fire is at canister range (range 0, HR: the shot is "prior to contact"). A rocket battery has none (NT-31). */
  readonly battery: Omit<FiringBattery, 'rangeTenths'> & { readonly attached?: boolean };
  /** The charging unit (infantry or cavalry), with any attached general. */
  readonly attacker: { readonly unit: string; readonly arm: 'infantry' | 'cavalry'; readonly attachedGeneral?: string };
  /** Where the attacker contacts the battery: only a frontal attack gets a final shot (L202). */
  readonly contact: 'front' | 'flank' | 'rear';
  readonly conditions: readonly FireCondition[];
}

export interface FinalFireResult extends ArtilleryFireResult {
  /** HR N-13: the result stops the attack (`finalFire.stopsOn`). */
  readonly stopsAttack: boolean;
  /** The battery now rolls to evade: the attack was not stopped and it is not attached (L202, L219). */
  readonly mayEvade: boolean;
}

/** N4: a battery's final shot at a unit charging its front (NW §8.5 L202; HR N-13). */
export function rollFinalFire(input: FinalFireInput, settings: NwSettings, dice: Dice): Procedure<FinalFireResult> {
  const b = input.battery;
  if (input.contact !== 'front') throw new RangeError(`NW final fire: ${b.unit} is contacted in the ${input.contact} and gets no final shot, though it may roll to evade (§8.5 L202)`);
  if (b.rocket) throw new RangeError(`NW final fire: ${b.unit} is a rocket battery and gets no final fire (${ROCKET_RULE}; NT-31)`);
  const battery: FiringBattery = { unit: b.unit, weight: b.weight, kind: b.kind, condition: b.condition, rangeTenths: 0 };
  const target: FireTarget = { unit: input.attacker.unit, arm: input.attacker.arm, ...(input.attacker.attachedGeneral ? { attachedGeneral: input.attacker.attachedGeneral } : {}) };
  const fired = resolveFire([battery], target, input.conditions, FINAL_FIRE_RULE, 'final fire', settings, dice);
  const stopsAttack = finalFireStopsAttack(fired.result.result, settings);
  const mayEvade = !stopsAttack && !b.attached;
  const events = [...fired.events];
  const outcome = stopsAttack
    ? `${RESULT_TEXT[fired.result.result as FireResult]} stops the attack of ${input.attacker.unit}`
    : `the attack of ${input.attacker.unit} is not stopped; ${b.attached ? `${b.unit} is attached and does not evade (§8.6 L219)` : `${b.unit} rolls to evade`}`;
  events.push({ kind: 'note', rule: `${FINAL_FIRE_RULE} L202; HR N-13 [${settings.finalFire.stopsOn.join(', ')}]`, text: `Final fire: ${outcome}.` });
  return { result: { ...fired.result, stopsAttack, mayEvade }, events };
}
