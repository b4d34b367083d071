import type { Problem } from '../../lib/result';
import { NAMED_DICE, NAMED_DICE_LIST, NAMED_DIE_NAMES } from './named-dice';

/** Stable codes: adapters and tests rely on them, so only ever add to this list. */
export const EXPRESSION_ERROR_CODES = [
  'dice/empty',
  'dice/syntax',
  'dice/too-long',
  'dice/too-many-terms',
  'dice/too-many-dice',
  'dice/too-few-dice',
  'dice/too-many-sides',
  'dice/too-few-sides',
  'dice/number-too-large',
  'dice/keep-too-many',
  'dice/keep-too-few',
  'dice/unknown-die',
] as const;
export type ExpressionErrorCode = (typeof EXPRESSION_ERROR_CODES)[number];

/** Why an expression did not parse, where (0-based index into the text), and what would have fit there. */
export interface ExpressionError extends Problem {
  readonly code: ExpressionErrorCode;
  /** 0-based UTF-16 index into the text (JS string index); text.length means "at the end". */
  readonly position: number;
  /** What would have been accepted at `position`: tokens ('+', 'kh', '}') or phrases ('a number'). Never empty. */
  readonly expected: readonly string[];
  readonly hint: string;
}

export const GENERAL_HINT = 'Try something like 2d6+1, 4d6kh3, d% or 1dK8.';
export const END = 'end of expression';

const KNOWN_DICE_HINT = `Known named dice: ${NAMED_DIE_NAMES.map((n) => `d${n} (${NAMED_DICE[n].description})`).join('; ')}.`;

/** How an expected item reads in a sentence: 'd' is a die, bare symbols are quoted. */
function phrase(item: string): string {
  if (item === 'd') return 'a die like d6';
  if (['kh', 'kl', 'k', 'dh', 'dl'].includes(item)) return 'keep/drop like kh3 or dl1';
  if (item === END) return 'the end';
  return /^[a-z]+ /.test(item) ? item : `"${item}"`;
}

/** "a, b or c", without repeating a phrase that several tokens share. */
export function describeExpected(expected: readonly string[]): string {
  const parts = [...new Set(expected.map(phrase))];
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}

/** The character at `pos` (a whole code point), or "end of expression". */
function found(text: string, pos: number): string {
  const cp = text.codePointAt(pos);
  return cp === undefined ? 'end of expression' : JSON.stringify(String.fromCodePoint(cp));
}

// JSON.stringify quotes the user's text and escapes control characters, so the message stays one line.
const where = (text: string, pos: number) => `at position ${pos} in ${JSON.stringify(text)}`;

function make(code: ExpressionErrorCode, message: string, position: number, expected: readonly string[], hint: string): ExpressionError {
  return { code, message, position, expected, hint };
}

export function syntaxError(text: string, pos: number, expected: readonly string[]): ExpressionError {
  const message = `Unexpected ${found(text, pos)} ${where(text, pos)}: expected ${describeExpected(expected)}.`;
  return make('dice/syntax', message, pos, expected, GENERAL_HINT);
}

export function emptyError(expected: readonly string[]): ExpressionError {
  return make('dice/empty', 'There is nothing to roll: the expression is empty.', 0, expected, GENERAL_HINT);
}

export function tooLongError(text: string, pos: number, detail: string): ExpressionError {
  return make('dice/too-long', `The expression is too long: ${detail}.`, pos, [END], 'Split it into several shorter rolls.');
}

export function unknownDieError(text: string, pos: number, name: string, expected: readonly string[]): ExpressionError {
  const message = `Unknown die "d${name}" ${where(text, pos)}: known named dice are ${NAMED_DICE_LIST}.`;
  return make('dice/unknown-die', message, pos, expected, `${KNOWN_DICE_HINT} Or use a number of sides (d6) or a face list (d{1,2,3,0}).`);
}

/** A limit or range error: `what` is the problem, `rule` the limit it breaks. */
export function limitError(
  code: ExpressionErrorCode,
  text: string,
  pos: number,
  what: string,
  rule: string,
  expected: readonly string[],
  hint: string,
): ExpressionError {
  return make(code, `${what} ${where(text, pos)}: ${rule}.`, pos, expected, hint);
}
