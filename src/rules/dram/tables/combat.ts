import type { DramSettings } from '../settings';
import { assertDieFace, type DieFace, type Order } from './vocabulary';
import type { HalfMiles } from './scale';

/** "–" in the casualty table: no casualties (DRAM §8 L128-131). */
export const NO_CASUALTIES = '–';
/** "•" in the casualty table: an unidentified glyph, resolved by HR D-1 `casualty.bullet`. */
export const BULLET = '•';

/** One cell of the casualty table: the faces that inflict 1 SP, or one of the two glyphs. */
export type CasualtyCell = readonly DieFace[] | typeof NO_CASUALTIES | typeof BULLET;

/**
 * DRAM §8 L119-131, the casualty table as printed (DIGEST B3). Row = the roller's OWN order,
 * column = the ENEMY's order; a listed face on a die passed over by the enemy costs the roller
 * 1 SP. [OCR] stray "h" dropped; Greek "Α" read as A. "•" is kept distinct from "–" (HR D-1);
 * the "1" cells are literal (HR D-2).
 */
export const CASUALTY_TABLE = {
  D: { D: NO_CASUALTIES, R: [1], A: [5, 6], M: BULLET },
  R: { D: NO_CASUALTIES, R: BULLET, A: [5, 6], M: BULLET },
  A: { D: [6], R: BULLET, A: [5, 6], M: NO_CASUALTIES },
  M: { D: [1], R: NO_CASUALTIES, A: [4, 5, 6], M: NO_CASUALTIES },
} as const satisfies Record<Order, Record<Order, CasualtyCell>>;

/**
 * The faces that cost the roller (on `own` orders, facing `enemy`) 1 SP each. A per-cell
 * override (`casualty.cells`, HR D-2) wins; a "•" cell takes `casualty.bullet` (HR D-1);
 * "–" is none.
 */
export function casualtyFaces(own: Order, enemy: Order, settings: DramSettings): readonly number[] {
  const override = settings.casualty.cells[`${own}/${enemy}`];
  if (override) return override;
  const cell: CasualtyCell = CASUALTY_TABLE[own][enemy];
  if (cell === NO_CASUALTIES) return [];
  if (cell === BULLET) return settings.casualty.bullet === 'none' ? [] : settings.casualty.bullet;
  return cell;
}

/** DRAM §8 L119: the SP the roller loses: one per die (passed over by the enemy) showing a listed face. */
export function casualtiesSuffered(faces: readonly number[], own: Order, enemy: Order, settings: DramSettings): number {
  const hits = casualtyFaces(own, enemy, settings);
  let n = 0;
  for (const f of faces) {
    assertDieFace(f, 'casualty roll');
    if (hits.includes(f)) n++;
  }
  return n;
}

/** The conditions under which a combat modifier applies; the engine decides which hold. */
export const COMBAT_CONDITIONS = [
  'general-in-contact',
  'infantry-A-defending-difficult-contacted-this-turn',
  'cavalry-moved-to-contact-this-turn',
  'artillery',
  'cavalry-moving-to-contact-in-difficult',
  'attacking-across-bridge-or-ford',
] as const;
/** A condition key of a combat modifier. */
export type CombatCondition = (typeof COMBAT_CONDITIONS)[number];

/** A modifier to a side's number of dice; 'CR' = the general's charisma rating. */
export interface CombatModifier {
  readonly condition: CombatCondition;
  readonly label: string;
  readonly value: number | 'CR';
  /** HR D-15: unit modifiers per qualifying stand, a general's CR once per general. */
  readonly per: 'stand' | 'general';
}

/** DRAM §8 L110-117: "Count own SPs involved and apply modifiers". */
export const COMBAT_MODIFIERS = [
  { condition: 'general-in-contact', label: '+ CR of friendly general in contact', value: 'CR', per: 'general' },
  { condition: 'infantry-A-defending-difficult-contacted-this-turn', label: "+1 infantry with 'A' orders defending difficult terrain contacted this turn", value: 1, per: 'stand' },
  { condition: 'cavalry-moved-to-contact-this-turn', label: '+1 cavalry which moved to contact this turn', value: 1, per: 'stand' },
  { condition: 'artillery', label: '+1 artillery', value: 1, per: 'stand' },
  { condition: 'cavalry-moving-to-contact-in-difficult', label: '−1 cavalry moving to contact in difficult terrain such as BUA or woods', value: -1, per: 'stand' },
  { condition: 'attacking-across-bridge-or-ford', label: '−1 attacking across a bridge or ford', value: -1, per: 'stand' },
] as const satisfies readonly CombatModifier[];

/** DRAM §8 L110 + HR D-15: dice in a side's pool = own SPs + modifiers, and a pool ≤ 0 rolls none. */
export const combatDice = (ownSp: number, modifierTotal: number): number => Math.max(0, ownSp + modifierTotal);

/** DRAM §8 L108: artillery with 'A' orders engages "in range (half a mile)". */
export const ARTILLERY_RANGE_HALF_MILES: HalfMiles = 1;
/** DRAM §8 L108: only artillery on 'A' orders may fire at range. */
export const ARTILLERY_FIRES_ON: Order = 'A';

/** DRAM §8 L133: troops in prepared defences ignore the first loss per stand (scope: HR D-16). */
export const PREPARED_DEFENCES_IGNORED_LOSSES = 1;

/**
 * DRAM §8 L135: removal. A stand that started the turn at 0 SP is removed if contacted by an
 * enemy on one of these orders (HR D-21: any contact that turn); one forced below 0 is removed.
 */
export const REMOVAL = {
  zeroSpContactedBy: ['D', 'A'],
  removedBelowSp: 0,
} as const satisfies { zeroSpContactedBy: readonly Order[]; removedBelowSp: number };
