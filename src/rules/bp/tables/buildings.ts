/**
 * B&P Fighting in Buildings (L177-198). [OCR] the Building Melee Results rows run their cells
 * together ("11-2 fig routs-2 fig"); the tests keep the printed text and compare cell by cell.
 */

/** B&P L181: the defending stand hits on 2D6 ≥ 8, −1 per existing casualty on it. */
export const DEFENDER_FIRE_HITS_ON = 8;
/** B&P L183: each attacking stand firing into the building hits on 2D6 ≥ 9, −1 per existing casualty. */
export const ATTACKER_FIRE_HITS_ON = 9;
/** B&P L181, L183: the die point deducted per existing casualty on the firing stand. */
export const FIRE_MOD_PER_CASUALTY = -1;

/** B&P L179, L185: one defending stand; one attacking stand per side; four sides. */
export const BUILDING_SIDES = 4;

/** What one cell of the Building Melee Results does to one side. */
export interface BuildingEffect {
  /** Figures removed. */
  readonly figures: number;
  /** The side's stand routs out of the fight. */
  readonly routs: boolean;
  /** The side's stand is eliminated. */
  readonly eliminated: boolean;
}

const none: BuildingEffect = { figures: 0, routs: false, eliminated: false };
const fig = (figures: number, routs = false): BuildingEffect => ({ figures, routs, eliminated: false });
const elim: BuildingEffect = { figures: 0, routs: false, eliminated: true };

/** One row of the Building Melee Results. `min`/`max` are the modified 2D6 totals it covers. */
export interface BuildingMeleeRow {
  readonly roll: string;
  readonly min: number | null;
  readonly max: number | null;
  readonly defender: BuildingEffect;
  readonly attacker: BuildingEffect;
  readonly line: number;
}

/**
 * B&P L187-196, top to bottom. Row 8 is transcribed literally ("attacker elim", HR B-5; the
 * `building.row8: no-effect` alternative reads it as "-"). Engine ruling BP-7: a modified total
 * above 12 reads row 12 (the modifiers only add, L197-198).
 */
export const BUILDING_MELEE_RESULTS = [
  { roll: '12', min: 12, max: null, defender: elim, attacker: none, line: 189 },
  { roll: '11', min: 11, max: 11, defender: fig(2, true), attacker: fig(2), line: 190 },
  { roll: '10', min: 10, max: 10, defender: fig(2, true), attacker: fig(1), line: 191 },
  { roll: '9', min: 9, max: 9, defender: fig(1), attacker: fig(1), line: 192 },
  { roll: '8', min: 8, max: 8, defender: none, attacker: elim, line: 193 },
  { roll: '7', min: 7, max: 7, defender: none, attacker: fig(2, true), line: 194 },
  { roll: '6', min: 6, max: 6, defender: none, attacker: fig(1, true), line: 195 },
  { roll: '5 or less', min: null, max: 5, defender: none, attacker: { figures: 0, routs: true, eliminated: false }, line: 196 },
] as const satisfies readonly BuildingMeleeRow[];

/** The row 8 reading of HR B-5 `building.row8: no-effect`. */
export const ROW8_NO_EFFECT: BuildingMeleeRow = { roll: '8', min: 8, max: 8, defender: none, attacker: none, line: 193 };

/** The row a modified total reads (row 8 per HR B-5). */
export function buildingMeleeRow(total: number, row8: 'attacker-eliminated' | 'no-effect'): BuildingMeleeRow {
  if (!Number.isInteger(total)) throw new RangeError(`B&P Building Melee Results L187-196: the total is whole, not ${total}`);
  const row = BUILDING_MELEE_RESULTS.find((r) => (r.min === null || total >= r.min) && (r.max === null || total <= r.max));
  if (!row) throw new Error(`B&P Building Melee Results: no row for ${total}`);
  return row.roll === '8' && row8 === 'no-effect' ? ROW8_NO_EFFECT : row;
}

/** B&P L197: +1 to the attacker's die for each additional stand attacking. */
export const PER_ADDITIONAL_ATTACKING_STAND = 1;
/** B&P L198: "+1 to defender die" per defender casualty; where it goes is HR B-6 (`building.defenderCasualtyMod`). */
export const PER_DEFENDER_CASUALTY = 1;
