/**
 * DRAM vocabulary, declared once (STYLE.md: `as const` tuples, types derived from them).
 * Every other DRAM module speaks these words; names follow the rule text.
 */

/** Order chits, in the order the text lists them (DRAM §5 L71-75, §7 L96). */
export const ORDERS = ['D', 'R', 'A', 'M'] as const;
/** One of the four order chits. */
export type Order = (typeof ORDERS)[number];

/** The chits' full names (DRAM §5 L72-75). */
export const ORDER_NAMES = {
  D: 'Deploy',
  R: 'Reserve',
  A: 'Attack',
  M: 'Manoeuvre',
} as const satisfies Record<Order, string>;

/** Arms a stand may belong to (DRAM §7 L96-102, §10 L183-189; wagons = supply column §10 L165). */
export const ARMS = ['infantry', 'heavy-cavalry', 'light-cavalry', 'artillery', 'wagons'] as const;
/** The arm of a stand. */
export type Arm = (typeof ARMS)[number];

/** Whatever moves on the movement table: a stand's arm, or a general (DRAM §7 L101). */
export type Mover = Arm | 'general';

/** Cavalry arms, for the modifiers that say "cavalry" (DRAM §8 L114/L116, §9 L148). */
export const CAVALRY_ARMS = ['heavy-cavalry', 'light-cavalry'] as const satisfies readonly Arm[];

/** Levels of command: corps commanders and "higher level generals" (DRAM §5 L77, §6 L90, §10 L163-164). */
export const GENERAL_LEVELS = ['corps', 'wing', 'army'] as const;
/** The level a general commands at. */
export type GeneralLevel = (typeof GENERAL_LEVELS)[number];

/** Faces of the one kind of die DRAM uses ("a dice", "1D6", "two dice"). */
export const DIE_FACES = [1, 2, 3, 4, 5, 6] as const;
/** A face of a D6. */
export type DieFace = (typeof DIE_FACES)[number];

export const isOrder = (x: unknown): x is Order => typeof x === 'string' && (ORDERS as readonly string[]).includes(x);
export const isArm = (x: unknown): x is Arm => typeof x === 'string' && (ARMS as readonly string[]).includes(x);
export const isDieFace = (x: unknown): x is DieFace => typeof x === 'number' && (DIE_FACES as readonly number[]).includes(x);
export const isCavalry = (arm: Arm): boolean => (CAVALRY_ARMS as readonly Arm[]).includes(arm);

/** Throws on a face a D6 cannot show: the engine passes faces in, so a bad one is a bug, not a user error. */
export function assertDieFace(face: number, what: string): asserts face is DieFace {
  if (!isDieFace(face)) throw new RangeError(`DRAM ${what}: a D6 cannot show ${face}`);
}

/** A cell of the casualty table, named own order / enemy order (DRAM §8 L119-131). */
export type CasualtyCellKey = `${Order}/${Order}`;
/** All 16 casualty cells, row by row (own order), column by column (enemy order). */
export const CASUALTY_CELL_KEYS = ORDERS.flatMap((own) => ORDERS.map((enemy) => `${own}/${enemy}` as const)) as [
  CasualtyCellKey,
  ...CasualtyCellKey[],
];
