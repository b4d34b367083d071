import type { NwSettings } from '../settings';
import { nwRound } from './rounding';
import { assertInteger, assertNatural2d6, type Arm, type ArtilleryCondition, type ArtilleryKind, type CavalryWeight, type GunWeight, netModifier, type Modifier } from './vocabulary';

/**
 * N3 Artillery fire and N4 final fire / evasion (NW §8.0-8.6 L156-221; charts L674-683, L713-761).
 * Ranges are whole TENTHS of an inch (the chart's "3.1"+" bands, L716), so band edges are exact.
 */

/** The three range bands (NW §8.4 L180; chart L715). */
export const RANGE_BANDS = ['canister', 'medium', 'long'] as const;
/** A fire range band. */
export type RangeBand = (typeof RANGE_BANDS)[number];

/** One band of the Artillery Fire Points Table: out to `maxTenths` (inclusive) = `points`. */
export interface FirePointsBand {
  readonly band: RangeBand;
  readonly maxTenths: number;
  readonly points: number;
}

/**
 * Artillery Fire Points Table, chart L713-718 (= §8.4 L180-183). [OCR] §8.4 prints LaTeX debris
 * ("$9$ "", "$10$ " = $5$"); the chart copy is clean and agrees (DIGEST N3).
 */
export const FIRE_POINTS_TABLE = {
  light: [
    { band: 'canister', maxTenths: 30, points: 4 }, // L716 "Out to 3"= 4"
    { band: 'medium', maxTenths: 60, points: 2 }, // "3.1"+ out to 6"= 2"
    { band: 'long', maxTenths: 90, points: 1 }, // "6.1"+ out to 9"=1"
  ],
  medium: [
    { band: 'canister', maxTenths: 40, points: 6 }, // L717
    { band: 'medium', maxTenths: 80, points: 3 },
    { band: 'long', maxTenths: 120, points: 1 },
  ],
  heavy: [
    { band: 'canister', maxTenths: 50, points: 10 }, // L718
    { band: 'medium', maxTenths: 100, points: 5 },
    { band: 'long', maxTenths: 160, points: 2 },
  ],
} as const satisfies Record<GunWeight, readonly FirePointsBand[]>;

/** The band and full-strength fire points at this range (tenths of an inch), or null when out of range. */
export function firePointsAt(weight: GunWeight, rangeTenths: number): FirePointsBand | null {
  assertInteger(rangeTenths, 'artillery range (tenths of an inch)');
  if (rangeTenths < 0) throw new RangeError(`NW artillery range: negative range ${rangeTenths}`);
  return FIRE_POINTS_TABLE[weight].find((b) => rangeTenths <= b.maxTenths) ?? null;
}

/**
 * NW §8.0 L158, §8.4 L196, §11.6 L413: a battery's fire points in HALF-points. Damaged or
 * suppressed fire at ½; a damaged battery that is suppressed may not fire (0).
 */
export function batteryHalfPoints(fullPoints: number, condition: ArtilleryCondition): number {
  assertInteger(fullPoints, 'fire points');
  switch (condition) {
    case 'full':
      return 2 * fullPoints;
    case 'damaged':
    case 'suppressed':
      return fullPoints;
    case 'damaged-and-suppressed':
      return 0;
  }
}

/** The row of the Fire Affects Table to read: the "½" row, a whole number of points, or no fire. */
export type FirePointsTotal = { readonly kind: 'half' } | { readonly kind: 'points'; readonly points: number } | { readonly kind: 'none' };

/**
 * NW §8.2 L168 (all batteries at one target fire together) and §8.4 L178 rounding, under HR N-3
 * (`fp.roundOn`, `fp.halfRow`) and N-4 (`rounding.mode`). Input: each battery's half-points.
 */
export function totalFirePoints(batteryHalves: readonly number[], settings: NwSettings): FirePointsTotal {
  batteryHalves.forEach((h) => assertInteger(h, 'battery half-points'));
  const sumHalves = batteryHalves.reduce((a, b) => a + b, 0);
  if (sumHalves <= 0) return { kind: 'none' };
  const points =
    settings.fp.roundOn === 'sum'
      ? nwRound(sumHalves, 2, settings.rounding.mode)
      : batteryHalves.reduce((s, h) => s + nwRound(h, 2, settings.rounding.mode), 0);
  if (points >= 1) return { kind: 'points', points };
  return settings.fp.halfRow ? { kind: 'half' } : { kind: 'none' };
}

/** Results of the Fire Affects Table, weakest first (chart L722). */
export const FIRE_RESULTS = ['desultory', 'effective', 'damaging', 'horrendous', 'destructive'] as const;
/** A column of the Fire Affects Table. */
export type FireResult = (typeof FIRE_RESULTS)[number];

/** A printed cell: modified rolls `min`..`max` (max null = "n+"); a missing cell ("-" or blank) is absent. */
export type FireCell = readonly [min: number, max: number | null];

/** One row of the Fire Affects Table: fire points `minFp`..`maxFp` (null = "40+"; minFp 0 = the "½" row). */
export interface FireAffectsRow {
  readonly label: string;
  readonly minFp: number;
  readonly maxFp: number | null;
  readonly cells: Partial<Record<FireResult, FireCell>>;
}

/**
 * Fire Affects Table, chart L720-738 (DIGEST N3). The 10-12 row prints Damaging "6-8" and
 * Horrendous "10+", leaving 9 uncovered (HR N-1, `fet.row10To12Roll9`).
 */
export const FIRE_AFFECTS_TABLE = [
  { label: '1/2', minFp: 0, maxFp: 0, cells: { desultory: [0, 9], effective: [10, null] } }, // L723
  { label: '1', minFp: 1, maxFp: 1, cells: { desultory: [0, 8], effective: [9, null] } }, // L724
  { label: '2', minFp: 2, maxFp: 2, cells: { desultory: [0, 7], effective: [8, null] } }, // L725
  { label: '3', minFp: 3, maxFp: 3, cells: { desultory: [0, 6], effective: [7, 11], damaging: [12, null] } }, // L726
  { label: '4', minFp: 4, maxFp: 4, cells: { desultory: [0, 5], effective: [6, 10], damaging: [11, null] } }, // L727
  { label: '5', minFp: 5, maxFp: 5, cells: { desultory: [0, 4], effective: [5, 9], damaging: [10, null] } }, // L728
  { label: '6,7', minFp: 6, maxFp: 7, cells: { desultory: [0, 3], effective: [4, 8], damaging: [9, 11], horrendous: [12, null] } }, // L729
  { label: '8,9', minFp: 8, maxFp: 9, cells: { desultory: [0, 2], effective: [3, 7], damaging: [8, 10], horrendous: [11, null] } }, // L730
  { label: '10-12', minFp: 10, maxFp: 12, cells: { desultory: [0, 1], effective: [2, 5], damaging: [6, 8], horrendous: [10, null] } }, // L731 (9: gap, N-1)
  { label: '13-15', minFp: 13, maxFp: 15, cells: { desultory: [0, 0], effective: [1, 5], damaging: [6, 8], horrendous: [9, null] } }, // L732
  { label: '16-19', minFp: 16, maxFp: 19, cells: { desultory: [0, 0], effective: [1, 4], damaging: [5, 7], horrendous: [8, 11], destructive: [12, null] } }, // L733
  { label: '20-24', minFp: 20, maxFp: 24, cells: { desultory: [0, 0], effective: [1, 3], damaging: [4, 6], horrendous: [7, 10], destructive: [11, null] } }, // L734
  { label: '25-29', minFp: 25, maxFp: 29, cells: { desultory: [0, 0], effective: [1, 2], damaging: [3, 5], horrendous: [6, 9], destructive: [10, null] } }, // L735
  { label: '30-34', minFp: 30, maxFp: 34, cells: { effective: [0, 1], damaging: [2, 4], horrendous: [5, 8], destructive: [9, null] } }, // L736
  { label: '35-39', minFp: 35, maxFp: 39, cells: { effective: [0, 0], damaging: [1, 3], horrendous: [4, 7], destructive: [8, null] } }, // L737
  { label: '40+', minFp: 40, maxFp: null, cells: { damaging: [0, 2], horrendous: [3, 6], destructive: [7, null] } }, // L738
] as const satisfies readonly FireAffectsRow[];

/** The row for a fire-point total (the "½" row for `{kind:'half'}`); null for no fire. */
export function fireAffectsRow(total: FirePointsTotal): FireAffectsRow | null {
  if (total.kind === 'none') return null;
  const fp = total.kind === 'half' ? 0 : total.points;
  return FIRE_AFFECTS_TABLE.find((r) => fp >= r.minFp && (r.maxFp === null || fp <= r.maxFp)) ?? null;
}

/**
 * Reads a modified 2d6 on a row. Below the lowest printed value: HR N-2 (`fet.belowRange`);
 * the 10-12 row's uncovered 9: HR N-1 (`fet.row10To12Roll9`).
 */
export function fireResultOnRow(row: FireAffectsRow, modifiedRoll: number, settings: NwSettings): FireResult {
  assertInteger(modifiedRoll, 'fire roll');
  const listed = FIRE_RESULTS.filter((r) => row.cells[r] !== undefined);
  for (const r of listed) {
    const [min, max] = row.cells[r] as FireCell;
    if (modifiedRoll >= min && (max === null || modifiedRoll <= max)) return r;
  }
  const lowest = listed[0];
  const lowestMin = lowest === undefined ? 0 : (row.cells[lowest] as FireCell)[0];
  if (lowest !== undefined && modifiedRoll < lowestMin) return settings.fet.belowRange === 'lowest-listed' ? lowest : 'desultory';
  if (row.label === '10-12' && modifiedRoll === 9) return settings.fet.row10To12Roll9;
  throw new RangeError(`NW Fire Affects Table: roll ${modifiedRoll} falls in no cell of row ${row.label}`);
}

/** NW §8.4: fire points total + modified roll → result (null when the batteries cannot fire). */
export function fireResult(total: FirePointsTotal, modifiedRoll: number, settings: NwSettings): FireResult | null {
  const row = fireAffectsRow(total);
  return row === null ? null : fireResultOnRow(row, modifiedRoll, settings);
}

/** Conditions of the artillery fire modifiers (NW §8.4 L185-194, chart L740-750). */
export const FIRE_CONDITIONS = [
  'british-or-french-artillery', 'russian-heavy-artillery', 'target-vulnerable', 'ottoman-or-cossack-artillery',
  'soft-cover', 'rain-or-mud', 'different-elevations', 'target-artillery', 'hard-cover', 'behind-works',
] as const;
/** A condition of an artillery fire modifier (it applies if at least one firing battery qualifies, L198). */
export type FireCondition = (typeof FIRE_CONDITIONS)[number];

/** One artillery fire modifier. `nationalNotVsCover`: not used versus hard cover or behind any works. */
export interface FireModifier {
  readonly condition: FireCondition;
  readonly value: number;
  readonly label: string;
  readonly ref: string;
  readonly nationalNotVsCover?: true;
  readonly chartOnly?: true;
}

/**
 * NW §8.4 L187-194 and chart L742-750. 'behind-works' is a marker (0) so that "behind any type of
 * works" cancels the national modifiers even where the works are soft cover (hasty works L191).
 */
export const FIRE_MODIFIERS = [
  { condition: 'british-or-french-artillery', value: 1, label: '+1 British and French artillery', ref: 'NW §8.4 L187; chart L742', nationalNotVsCover: true },
  { condition: 'russian-heavy-artillery', value: 1, label: '+1 Russian heavy artillery', ref: 'NW §8.4 L188; chart L743', nationalNotVsCover: true },
  { condition: 'target-vulnerable', value: 2, label: '+2 target vulnerable (flank/rear, fording, bridge, road movement)', ref: 'NW §8.4 L189; chart L744' },
  { condition: 'ottoman-or-cossack-artillery', value: -1, label: '−1 Ottoman and Cossack artillery', ref: 'NW §8.4 L190; chart L745', nationalNotVsCover: true },
  { condition: 'soft-cover', value: -1, label: '−1 target in or behind soft cover', ref: 'NW §8.4 L191; chart L746' },
  { condition: 'rain-or-mud', value: -1, label: '−1 rain or mud', ref: 'NW §8.4 L192; chart L747' },
  { condition: 'different-elevations', value: -1, label: '−1 artillery and target on different elevations', ref: 'NW §8.4 L193; chart L748' },
  { condition: 'target-artillery', value: -1, label: '−1 target is an artillery unit (chart only, HR N-5)', ref: 'NW chart L749', chartOnly: true },
  { condition: 'hard-cover', value: -2, label: '−2 target in or behind hard cover', ref: 'NW §8.4 L194; chart L750' },
  { condition: 'behind-works', value: 0, label: 'target behind works (cancels national modifiers)', ref: 'NW §8.4 L187-190' },
] as const satisfies readonly FireModifier[];

/** The net fire modifier for the conditions that hold (HR N-5 `fire.targetArtilleryMod`). */
export function fireModifier(conditions: readonly FireCondition[], settings: NwSettings): number {
  const held = new Set(conditions);
  const covered = held.has('hard-cover') || held.has('behind-works');
  return (FIRE_MODIFIERS as readonly FireModifier[]).reduce((sum, m) => {
    if (!held.has(m.condition)) return sum;
    if (m.nationalNotVsCover && covered) return sum;
    if (m.chartOnly && !settings.fire.targetArtilleryMod) return sum;
    return sum + m.value;
  }, 0);
}

/** What a fire result does to its target (NW chart L752-759). 'full-move' = a full move. */
export interface FireEffect {
  readonly spLoss: number;
  readonly disordered: boolean;
  readonly retreat: 0 | 6 | 'full-move';
  readonly suppressed?: true;
  readonly damaged?: true;
  readonly destroyed?: true;
}

/** Fire Effects, chart L752-759 (DIGEST N3): for infantry/cavalry, and for artillery targets. */
export const FIRE_EFFECTS = {
  desultory: { unit: { spLoss: 0, disordered: false, retreat: 0 }, artillery: { spLoss: 0, disordered: false, retreat: 0 } }, // L754
  effective: { unit: { spLoss: 0, disordered: true, retreat: 0 }, artillery: { spLoss: 0, disordered: false, retreat: 0, suppressed: true } }, // L755
  damaging: { unit: { spLoss: 1, disordered: true, retreat: 0 }, artillery: { spLoss: 0, disordered: false, retreat: 'full-move', suppressed: true } }, // L756
  horrendous: { unit: { spLoss: 1, disordered: true, retreat: 6 }, artillery: { spLoss: 0, disordered: false, retreat: 'full-move', damaged: true } }, // L757-758
  destructive: { unit: { spLoss: 2, disordered: true, retreat: 'full-move' }, artillery: { spLoss: 0, disordered: false, retreat: 0, destroyed: true } }, // L759
} as const satisfies Record<FireResult, { unit: FireEffect; artillery: FireEffect }>;

/** The effect of a fire result on a target of this arm. */
export const fireEffect = (result: FireResult, targetArm: Arm): FireEffect =>
  targetArm === 'artillery' ? FIRE_EFFECTS[result].artillery : FIRE_EFFECTS[result].unit;

/** NW §8.4 L198, chart L761: a natural 12 by the firing player kills any attached general. */
export const FIRE_GENERAL_KILLED_ON = 12;
export const fireKillsGeneral = (natural: number): boolean => {
  assertNatural2d6(natural, 'artillery fire');
  return natural === FIRE_GENERAL_KILLED_ON;
};

/** Geometry constants of artillery fire (NW §8.1-8.3, §8.6; DIGEST 3(d)). */
export const ARTILLERY_FIRE_GEOMETRY = {
  /** §8.3 L172: the line of fire is an alley as wide as the battery's frontage. */
  lineOfFireWidthInches: 1.5,
  /** §8.3 L172: 45° arc of fire from the frontal perspective. */
  arcDegrees: 45,
  /** §8.3 L174: a non-routed enemy within 6" of the front forces fire at the closest. */
  forcedTargetInches: 6,
  /** §8.1 L162: fire penetrates only 1" into woods or forest. */
  woodsPenetrationInches: 1,
  /** §8.6 L221: unattached batteries keep 1½" apart. */
  batterySpacingInches: 1.5,
} as const;

/** N4 evasion columns (NW §8.5 L206; chart L676). */
export const EVASION_COLUMNS = ['infantry-heavy', 'other-cavalry'] as const;
/** Which attacker column of the Artillery Evasion Table applies. */
export type EvasionColumn = (typeof EVASION_COLUMNS)[number];

/** Artillery Evasion Table, NW §8.5 L204-208 and chart L674-678: the 2d6 needed to escape. */
export const EVASION_TABLE = {
  foot: { 'infantry-heavy': 7, 'other-cavalry': 9 }, // L207 / L677
  horse: { 'infantry-heavy': 6, 'other-cavalry': 8 }, // L208 / L678
} as const satisfies Record<ArtilleryKind, Record<EvasionColumn, number>>;

/** The column for this attacker; medium cavalry per HR N-6 (`evasion.mediumCav`). */
export function evasionColumn(attackerArm: Exclude<Arm, 'artillery'>, weight: CavalryWeight | null, settings: NwSettings): EvasionColumn {
  if (attackerArm === 'infantry' || weight === 'heavy') return 'infantry-heavy';
  if (weight === 'medium' && settings.evasion.mediumCav === 'infantry-heavy') return 'infantry-heavy';
  return 'other-cavalry';
}

/** Conditions of the evasion modifiers. */
export const EVASION_CONDITIONS = ['mud-rain-or-snow', 'suppressed', 'rough-terrain', 'behind-obstacle-or-higher'] as const;
/** A condition of an evasion modifier. */
export type EvasionCondition = (typeof EVASION_CONDITIONS)[number];

/** NW §8.5 L210-215, chart L680-683 (cumulative). */
export const EVASION_MODIFIERS = [
  { condition: 'mud-rain-or-snow', value: -1, ref: 'NW §8.5 L212; chart L682' },
  { condition: 'suppressed', value: -1, ref: 'NW §8.5 L213; chart L682' },
  { condition: 'rough-terrain', value: -1, ref: 'NW §8.5 L214; chart L683' },
  { condition: 'behind-obstacle-or-higher', value: 1, ref: 'NW §8.5 L215; chart L683' },
] as const satisfies readonly Modifier<EvasionCondition>[];

/** Net evasion modifier. */
export const evasionModifier = (conditions: readonly EvasionCondition[]): number =>
  netModifier(EVASION_MODIFIERS, conditions);

/** NW §8.5: the battery escapes when its modified 2d6 is at least the table value. */
export function artilleryEvades(kind: ArtilleryKind, column: EvasionColumn, modifiedRoll: number): boolean {
  assertInteger(modifiedRoll, 'evasion roll');
  return modifiedRoll >= EVASION_TABLE[kind][column];
}

/** NW §8.5 L202: after an escape the attacker deducts 1" and may continue. */
export const EVASION_ATTACKER_COST_INCHES = 1;

/** HR N-13 (`finalFire.stopsOn`): does this final-fire result stop the attack? */
export const finalFireStopsAttack = (result: FireResult | null, settings: NwSettings): boolean =>
  result !== null && settings.finalFire.stopsOn.includes(result);

/** NW §9.2 L258-260: a foot battery that fired has its allowance halved; Ottoman cannot move; French Old Guard foot exempt. */
export const FOOT_ARTILLERY_FIRED_PENALTY = { allowanceFactor: { num: 1, den: 2 }, ottoman: 'cannot-move', exempt: ['french-old-guard-foot'] } as const;
