import type { NamedDieName } from './named-dice';

/**
 * The parsed form of a dice expression. Pure data with no positions or source text, so two
 * spellings of one roll (`2D6 + 1`, `2d6+1`) give deep-equal trees and normalize() of a
 * tree is canonical.
 */

/** Keep highest, keep lowest, drop highest, drop lowest. `k` is parsed as `kh`. */
export const KEEP_MODES = ['kh', 'kl', 'dh', 'dl'] as const;
export type KeepMode = (typeof KEEP_MODES)[number];

/** +1 or −1: how a term enters the total. */
export type Sign = 1 | -1;

/** What one die is: d6 (faces 1..6), a custom face list, or a named die (which carries its faces). */
export type DieSpec =
  | { readonly kind: 'standard'; readonly sides: number }
  | { readonly kind: 'custom'; readonly faces: readonly number[] }
  | { readonly kind: 'named'; readonly name: NamedDieName; readonly faces: readonly number[] };

/** A keep/drop suffix: `kh3` is { mode: 'kh', n: 3 }. */
export interface KeepDrop {
  readonly mode: KeepMode;
  readonly n: number;
}

/** `count` dice of one kind, optionally keeping/dropping some: `4d6kh3`. */
export interface DiceTerm {
  readonly kind: 'dice';
  readonly count: number;
  readonly die: DieSpec;
  /** Absent when every die counts. */
  readonly keep?: KeepDrop;
}

/** A non-negative integer constant: `1` in `2d6+1`. */
export interface ConstTerm {
  readonly kind: 'const';
  readonly value: number;
}

export type Term = DiceTerm | ConstTerm;

/** A term with the sign it enters the total with. */
export interface SignedTerm {
  readonly sign: Sign;
  readonly term: Term;
}

/** A whole expression: at least one signed term, in the order written (and rolled). */
export interface DiceExpression {
  readonly terms: readonly SignedTerm[];
}
