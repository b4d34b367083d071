import type { DramSettings } from '../settings';
import { assertDieFace, type DieFace } from './vocabulary';

/** Every outcome of a general's personal risk roll (DRAM §6 L83-88). */
export const RISK_OUTCOMES = [
  'flees', 'carry-on', 'near-miss', 'light-wound-cr', 'light-wound-ap', 'serious-wound', 'mortally-wounded', 'killed',
] as const;
/** The outcome of a general's personal risk roll. */
export type RiskOutcome = (typeof RISK_OUTCOMES)[number];

/** A 1D6 sub-roll: fixed face ranges, or (on a 2) the die against the general's CR. */
export type RiskSubRoll =
  | { readonly kind: 'faces'; readonly ranges: readonly { readonly faces: readonly DieFace[]; readonly outcome: RiskOutcome }[] }
  | { readonly kind: 'versus-cr'; readonly atOrBelowCr: RiskOutcome; readonly aboveCr: RiskOutcome };

/** One row of the risk table: a fixed outcome or a sub-roll. */
export interface RiskRow {
  readonly totals: readonly number[];
  readonly text: string;
  readonly outcome?: RiskOutcome;
  readonly subRoll?: RiskSubRoll;
}

/**
 * DRAM §6 L81-88 (DIGEST B4): "Roll two dice for each general participating in combat".
 * [OCR] L83 `if <or= cr,="" effect,="" if="" no=""> CR then flee` reconstructed as: roll 1D6,
 * ≤ CR no effect, > CR flee in terror.
 */
export const GENERAL_RISK_TABLE = [
  { totals: [2], text: 'Roll 1D6: if ≤ CR no effect; if > CR flee in terror (leave the field), physically intact but with honour in shreds', subRoll: { kind: 'versus-cr', atOrBelowCr: 'carry-on', aboveCr: 'flees' } },
  { totals: [3, 4, 5], text: 'Carry on', outcome: 'carry-on' },
  { totals: [6, 7, 8], text: 'Near miss. Have an aide retrieve your bullet-holed hat and carry on', outcome: 'near-miss' },
  {
    totals: [9, 10], text: 'Light wound, roll 1D6: 1,2 −1 CR; 3-6 −1 AP',
    subRoll: { kind: 'faces', ranges: [{ faces: [1, 2], outcome: 'light-wound-cr' }, { faces: [3, 4, 5, 6], outcome: 'light-wound-ap' }] },
  },
  { totals: [11], text: 'Serious wound; carried from field', outcome: 'serious-wound' },
  {
    totals: [12], text: 'Roll 1D6: 1-3 Mortally wounded, utter brave last words! 4-6 Die a hero, sword in hand!',
    subRoll: { kind: 'faces', ranges: [{ faces: [1, 2, 3], outcome: 'mortally-wounded' }, { faces: [4, 5, 6], outcome: 'killed' }] },
  },
] as const satisfies readonly RiskRow[];

/** What each outcome does to the general (DRAM §6 L83-88). */
export const RISK_EFFECTS = {
  'flees': { leavesField: true, cr: 0, ap: 0 },
  'carry-on': { leavesField: false, cr: 0, ap: 0 },
  'near-miss': { leavesField: false, cr: 0, ap: 0 },
  'light-wound-cr': { leavesField: false, cr: -1, ap: 0 },
  'light-wound-ap': { leavesField: false, cr: 0, ap: -1 },
  'serious-wound': { leavesField: true, cr: 0, ap: 0 },
  'mortally-wounded': { leavesField: true, cr: 0, ap: 0 },
  'killed': { leavesField: true, cr: 0, ap: 0 },
} as const satisfies Record<RiskOutcome, { leavesField: boolean; cr: number; ap: number }>;

function riskRow(total2d6: number): RiskRow {
  const row = (GENERAL_RISK_TABLE as readonly RiskRow[]).find((r) => r.totals.includes(total2d6));
  if (!row) throw new RangeError(`DRAM generals' risk: 2D6 cannot total ${total2d6}`);
  return row;
}

/** DRAM §6 L83-88: totals 2, 9-10 and 12 need a further 1D6. */
export const needsSubRoll = (total2d6: number): boolean => riskRow(total2d6).subRoll !== undefined;

/**
 * DRAM §6 L81-88: the outcome of a general's 2D6 (and 1D6 sub-roll when needsSubRoll). `cr`
 * is his current charisma, read only on a 2. Impossible totals, a missing or unneeded
 * sub-roll are engine bugs and throw.
 */
export function generalRisk(total2d6: number, subRoll: number | undefined, cr: number): RiskOutcome {
  const row = riskRow(total2d6);
  if (!row.subRoll) {
    if (subRoll !== undefined) throw new RangeError(`DRAM generals' risk: a total of ${total2d6} takes no sub-roll`);
    return row.outcome!;
  }
  if (subRoll === undefined) throw new RangeError(`DRAM generals' risk: a total of ${total2d6} needs a 1D6 sub-roll`);
  assertDieFace(subRoll, "generals' risk sub-roll");
  const sub = row.subRoll;
  if (sub.kind === 'versus-cr') return subRoll <= cr ? sub.atOrBelowCr : sub.aboveCr;
  return sub.ranges.find((r) => r.faces.includes(subRoll))!.outcome;
}

/** A general's ratings (DRAM §6 L81). */
export interface Ratings {
  readonly cr: number;
  readonly ap: number;
}

/** DRAM §6 L86 light wounds, floored at `generals.floor` (HR D-18). */
export function woundedRatings(r: Ratings, outcome: RiskOutcome, settings: DramSettings): Ratings {
  const e = RISK_EFFECTS[outcome];
  const floor = settings.generals.floor;
  return { cr: e.cr ? Math.max(floor, r.cr + e.cr) : r.cr, ap: e.ap ? Math.max(floor, r.ap + e.ap) : r.ap };
}

/**
 * DRAM §6 L90, succession. A corps general who leaves the field (or this life): "his staff and
 * subordinates take over: CR 0, AP 1". A higher general "may be replaced by a subordinate
 * general, whose AP now becomes the higher of his own, or that of his late predecessor minus
 * one" (his CR is his own: the text changes only AP). HR D-19: the vacated corps gets staff.
 */
export const SUCCESSION = {
  corpsStaff: { cr: 0, ap: 1 },
  higher: { optional: true, apFromPredecessorMinus: 1, vacatedCorps: 'staff' },
} as const;

/** DRAM §6 L90: the staff replacement for a departed corps general. */
export const corpsReplacement = (): Ratings => ({ ...SUCCESSION.corpsStaff });

/** DRAM §6 L90: a promoted subordinate's AP = max(own, predecessor − 1). */
export const promotedAp = (subAp: number, predecessorAp: number): number =>
  Math.max(subAp, predecessorAp - SUCCESSION.higher.apFromPredecessorMinus);
