/**
 * B&P vocabulary (Beer and Pretzel, Robert Epstein 1996; `/work/shared/rules/beer-and-pretzel.txt`,
 * cited `B&P Lnn`). Declared once as `as const` tuples; types derive from them.
 */

/** B&P L14-18: infantry, cavalry, artillery. */
export const ARMS = ['infantry', 'cavalry', 'artillery'] as const;
/** A unit's arm. */
export type Arm = (typeof ARMS)[number];

/** B&P L14, L38, L173: the four formations of the movement table. */
export const FORMATIONS = ['line', 'column', 'skirmish', 'square'] as const;
/** A unit's formation. */
export type Formation = (typeof FORMATIONS)[number];

/**
 * The rows of the Morale and Point Table (B&P L139-145), one per kind of unit. Light and medium
 * cavalry are "Line Cav"; "Guard or Hvy Cav" covers guard and heavy cavalry (L16).
 */
export const UNIT_TYPES = ['artillery', 'skirm-inf', 'skirm-cav', 'line-inf', 'guard-inf', 'line-cav', 'guard-or-heavy-cav'] as const;
/** A row of the Morale and Point Table. */
export type UnitType = (typeof UNIT_TYPES)[number];

/**
 * Where the target / defender stands, as the fire modifiers (L86-87), the canister thresholds
 * (L101) and the point-table rows (L150-155) name it: in the open; uphill, in a wood or behind a
 * stream ("defended"); more than one contour up, behind breastworks or a wide stream ("strong").
 */
export const POSITIONS = ['open', 'defended', 'strong'] as const;
/** The target's or defender's position. */
export type Position = (typeof POSITIONS)[number];

/** B&P L206: troop-control classes of the optional Control rule. */
export const CONTROL_CLASSES = ['A', 'B', 'C'] as const;
/** A unit's (or army's) control class. */
export type ControlClass = (typeof CONTROL_CLASSES)[number];

/**
 * The B&P table formation of a unit whose formation comes from the shared battalion layer (which
 * adds `limbered` / `unlimbered` for batteries). A battery reads one Morale and Point row and one
 * movement row (9" in every column, L41), so both gun formations read as `line`.
 */
export function tableFormation(f: Formation | 'limbered' | 'unlimbered'): Formation {
  return f === 'limbered' || f === 'unlimbered' ? 'line' : f;
}

/** From which side a charge comes (B&P L117: flank = 45° or more from the front). */
export const ATTACK_DIRECTIONS = ['front', 'flank', 'rear'] as const;
/** From which side a unit is charged. */
export type AttackDirection = (typeof ATTACK_DIRECTIONS)[number];

/** What kind of unit a stand belongs to, as every table reads it. */
export interface UnitKind {
  readonly arm: Arm;
  readonly formation: Formation;
  /** Guard infantry, cavalry or artillery (L14-18). */
  readonly guard?: boolean;
  /** Heavy cavalry (L16, "Guard or Hvy Cav", L145). */
  readonly heavy?: boolean;
}

/**
 * The Morale and Point Table row for a unit. Artillery is one row whatever its formation (L18:
 * "all artillery is the same"); skirmish order takes the Skirm rows; infantry in square takes its
 * line or guard row (the square increment is the separate "Inf in Square" row, L146).
 */
export function unitTypeOf(kind: UnitKind): UnitType {
  if (kind.arm === 'artillery') return 'artillery';
  if (kind.arm === 'cavalry') {
    if (kind.formation === 'square') throw new RangeError('B&P: cavalry cannot form square (movement table L40: "-")');
    if (kind.formation === 'skirmish') return 'skirm-cav';
    return kind.guard || kind.heavy ? 'guard-or-heavy-cav' : 'line-cav';
  }
  if (kind.formation === 'skirmish') return 'skirm-inf';
  return kind.guard ? 'guard-inf' : 'line-inf';
}

/** A natural face of one D6. */
export function assertD6(face: number, what: string): void {
  if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`B&P ${what}: a D6 shows 1-6, not ${face}`);
}

/** A count of figures, stands or casualties: a whole number ≥ 0. */
export function assertCount(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`B&P ${what}: expected a whole number ≥ 0, got ${n}`);
}
