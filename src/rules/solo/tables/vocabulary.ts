/**
 * Kuryakin vocabulary (Solo Napoleonic Wargames Rules, Ilya Kuryakin, First Empire #52;
 * `/work/shared/rules/solo-kuryakin.txt`, cited `KUR Lnn`). Declared once as `as const` tuples;
 * types derive from them. DIGEST §2(c) is the data model.
 */

/**
 * KUR L9, L14, L17-20: the kinds of unit the text distinguishes. Infantry and foot artillery
 * roll the D8 (L9), cavalry and horse guns the D12; light cavalry may skirmish (L14); rifles may
 * not move over ½ and fire (L14); "fully armoured cuirassiers" save better (L18, L20). Medium and
 * heavy cavalry are named only by DIGEST K-11 (cavalry melee points).
 */
export const UNIT_TYPES = ['line-inf', 'light-inf', 'rifles', 'light-cav', 'medium-cav', 'heavy-cav', 'cuirassier', 'foot-art', 'horse-art'] as const;
/** A unit's kind. */
export type UnitType = (typeof UNIT_TYPES)[number];

/** The arm a kind belongs to. */
export type Arm = 'infantry' | 'cavalry' | 'artillery';
const ARM_OF: Record<UnitType, Arm> = {
  'line-inf': 'infantry', 'light-inf': 'infantry', rifles: 'infantry',
  'light-cav': 'cavalry', 'medium-cav': 'cavalry', 'heavy-cav': 'cavalry', cuirassier: 'cavalry',
  'foot-art': 'artillery', 'horse-art': 'artillery',
};
/** Infantry, cavalry or artillery. */
export const armOf = (t: UnitType): Arm => ARM_OF[t];

/** KUR L10, L12, L14, L17, L22, L26-27: troop classes A (best) to D. */
export const CLASSES = ['A', 'B', 'C', 'D'] as const;
/** A unit's class. */
export type TroopClass = (typeof CLASSES)[number];
/** "Charged by higher class troops" (L23), "charging inferior class troops" (L27): A is highest. */
export const classRank = (c: TroopClass): number => 4 - CLASSES.indexOf(c);

/** KUR L9, L14, L16, L23: formations the text names; batteries are limbered or unlimbered. */
export const FORMATIONS = ['line', 'column', 'square', 'skirmish', 'limbered', 'unlimbered'] as const;
/** A unit's formation. */
export type Formation = (typeof FORMATIONS)[number];

/** KUR L7, L16: the nations the text names (others take no variation). */
export const NATIONS = ['french', 'british', 'austrian', 'russian', 'prussian', 'spanish', 'neapolitan', 'dutch-belgian', 'hanoverian', 'other'] as const;
/** A unit's or general's nation. */
export type Nation = (typeof NATIONS)[number];

/** KUR L3-4, L9-10: Troop Handling, low to high ("Below Average" is the lost 1-2 row, DIGEST K-1). */
export const TROOP_HANDLING = ['below-average', 'average', 'above-average'] as const;
/** A general's Troop Handling (TH). */
export type TroopHandling = (typeof TROOP_HANDLING)[number];

/** KUR L4-5, L10, L27: Attack Value, low to high ("Timid" is the lost 1-2 row, DIGEST K-1). */
export const ATTACK_VALUES = ['timid', 'normal', 'aggressive'] as const;
/** A general's Attack Value (AV). */
export type AttackValue = (typeof ATTACK_VALUES)[number];

/** KUR L6, L23, L27-28: brigadier, divisional and corps commanders. */
export const GENERAL_LEVELS = ['brigadier', 'division', 'corps'] as const;
/** A general's level of command. */
export type GeneralLevel = (typeof GENERAL_LEVELS)[number];

/** KUR L14, L16, L23: no cover, soft cover or hard cover. */
export const COVERS = ['none', 'soft', 'hard'] as const;
/** The cover a target or defender stands in. */
export type Cover = (typeof COVERS)[number];

/** KUR L14: short or long range (the distances themselves are lost: settings `ranges.*`, DIGEST K-4). */
export const RANGE_BANDS = ['short', 'long'] as const;
/** A musket range band. */
export type RangeBand = (typeof RANGE_BANDS)[number];

/** KUR L10, L20, L23: a unit's way of going (DIGEST §2(c) `state`). */
export const MOTIONS = ['halted', 'advancing', 'retiring', 'routing', 'pursuing'] as const;
/** Whether a unit stands, advances, retires, routs or pursues. */
export type Motion = (typeof MOTIONS)[number];

/** KUR L29 (optional): the special figures a unit may carry. */
export const SPECIAL_FIGURES = ['officer', 'musician', 'standard'] as const;
/** An officer, musician (drummer) or standard bearer. */
export type SpecialFigure = (typeof SPECIAL_FIGURES)[number];

/** A natural face of one die of `sides` sides. */
export function assertFace(face: number, sides: number, what: string): void {
  if (!Number.isInteger(face) || face < 1 || face > sides) throw new RangeError(`KUR ${what}: a D${sides} shows 1-${sides}, not ${face}`);
}

/** A count of figures, dice, chits or casualties: a whole number ≥ 0. */
export function assertCount(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`KUR ${what}: expected a whole number ≥ 0, got ${n}`);
}
