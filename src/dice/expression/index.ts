/** The dice expression language: parse `2d6+1`, roll it with an injected Rng, bound it, format it. */
export type { DiceExpression, DiceTerm, ConstTerm, DieSpec, KeepDrop, KeepMode, Sign, SignedTerm, Term } from './ast';
export { KEEP_MODES } from './ast';
export type { ConstTermResult, DiceTermResult, DieResult, RollResult, TermResult } from './roll-result';
export type { ExpressionError, ExpressionErrorCode } from './errors';
export { EXPRESSION_ERROR_CODES } from './errors';
export type { Bounds } from './bounds';
export { parseExpression } from './parse';
export { evaluate, keptFlags, rollTerms } from './evaluate';
export { bounds, termBounds } from './bounds';
export { formatRoll, normalize, termNotation } from './format';
export { diceCount, dieFaces, keptCount } from './faces';
export { NAMED_DICE, NAMED_DIE_NAMES, lookupNamedDie, type NamedDie, type NamedDieName } from './named-dice';
export * from './limits';
