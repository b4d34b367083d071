import { ok, err, type Result } from '../../lib/result';
import type { DiceExpression, DiceTerm, KeepDrop, KeepMode, Sign, SignedTerm, Term } from './ast';
import { Cursor } from './cursor';
import { END, emptyError, limitError, syntaxError, tooLongError, type ExpressionError } from './errors';
import { signedTermNotation } from './format';
import { MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_TERMS, MAX_TEXT_LENGTH, MIN_DICE_PER_TERM } from './limits';
import { parseDie } from './parse-die';

/*
 * Grammar (case-insensitive; whitespace allowed between any two tokens, including inside a
 * term — ` 2 D 6 `, `4d6 kh 3` — because phones insert spaces and nothing is ambiguous;
 * only the letters of one token stay together: `kh`, `dl`, a named die like `K12`):
 *
 *   expression := [sign] term (sign term)*          sign := '+' | '-' | '−' (U+2212)
 *   term       := number | [number] 'd' die [keep]
 *   die        := number | '%' | '{' face (',' face)* '}' | letter digits*   (dF, dK8, dK12)
 *   face       := [sign] number
 *   keep       := ('kh' | 'k' | 'kl' | 'dh' | 'dl') [number]                  (n defaults to 1)
 *
 * `d` always starts a die at the start of a term and a drop after a die, so one character
 * of look-ahead decides everything: a hand-written recursive descent with no backtracking.
 */

type Parsed<T> = Result<T, ExpressionError>;

const FIRST_TERM_START = ['a number', 'd', '+', '-'];
const TERM_START = ['a number', 'd'];
const AFTER_TERM = ['+', '-', END];
const AFTER_CONST = ['d', ...AFTER_TERM];
const AFTER_DIE = ['kh', 'kl', 'k', 'dh', 'dl', ...AFTER_TERM];
const AFTER_KEEP = ['a number', ...AFTER_TERM];
const COUNT_RANGE = [`a number of dice from ${MIN_DICE_PER_TERM} to ${MAX_DICE_PER_TERM}`];

/** A parsed term and what may follow it, for the "expected" of the next error. */
interface TermParse {
  readonly term: Term;
  readonly follow: readonly string[];
}

/**
 * Parses a dice expression such as `2d6+1`, `4d6kh3`, `d%` or `1dK8`. Never throws: every
 * malformed or over-limit input is an ExpressionError with a position and what was expected.
 */
export function parseExpression(text: string): Result<DiceExpression, ExpressionError> {
  // Checked before anything else so no work is done on a huge paste.
  if (text.length > MAX_TEXT_LENGTH) {
    return err(tooLongError(text, MAX_TEXT_LENGTH, `it is ${text.length} characters long and the limit is ${MAX_TEXT_LENGTH}`));
  }
  const c = new Cursor(text);
  c.skipWs();
  if (c.atEnd()) return err(emptyError(FIRST_TERM_START));

  const terms: SignedTerm[] = [];
  let dice = 0;
  let normalizedLength = 0;
  const leading = c.sign();
  let sign: Sign = leading ?? 1;
  let expected = leading === null ? FIRST_TERM_START : TERM_START;
  for (;;) {
    c.skipWs();
    const start = c.pos;
    if (terms.length >= MAX_TERMS) {
      return err(limitError('dice/too-many-terms', text, start, 'Too many terms', `an expression has at most ${MAX_TERMS} numbers and dice terms`, [END], 'Split it into several rolls.'));
    }
    const parsed = parseTerm(c, expected);
    if (!parsed.ok) return parsed;
    const { term, follow } = parsed.value;
    if (term.kind === 'dice') {
      dice += term.count;
      if (dice > MAX_DICE_TOTAL) {
        return err(limitError('dice/too-many-dice', text, start, 'Too many dice', `an expression rolls at most ${MAX_DICE_TOTAL} dice in all (this one reaches ${dice})`, [`at most ${MAX_DICE_TOTAL - dice + term.count} dice`], 'Roll fewer dice, or split them over several rolls.'));
      }
    }
    // The normalized text is what the audit trail stores and parses again later (d% → 1d100,
    // k → kh1 make it longer), so it must fit the length limit too.
    const signedTerm: SignedTerm = { sign, term };
    normalizedLength += signedTermNotation(signedTerm, terms.length === 0).length;
    if (normalizedLength > MAX_TEXT_LENGTH) {
      return err(tooLongError(text, start, `written out in full it is over ${MAX_TEXT_LENGTH} characters long`));
    }
    terms.push(signedTerm);

    c.skipWs();
    if (c.atEnd()) return ok({ terms });
    const next = c.sign();
    if (next === null) return err(syntaxError(text, c.pos, follow));
    sign = next;
    expected = TERM_START;
  }
}

/** One term, at a non-space character. */
function parseTerm(c: Cursor, expected: readonly string[]): Parsed<TermParse> {
  let count = 1;
  const num = c.number();
  if (num) {
    c.skipWs();
    if (c.lower() !== 'd') {
      if (num.value > MAX_CONSTANT) {
        return err(limitError('dice/number-too-large', c.text, num.start, 'Number too large', `numbers are at most ${MAX_CONSTANT}`, [`a number up to ${MAX_CONSTANT}`], 'Use a smaller number.'));
      }
      return ok({ term: { kind: 'const', value: num.value }, follow: AFTER_CONST });
    }
    if (num.value < MIN_DICE_PER_TERM) {
      return err(limitError('dice/too-few-dice', c.text, num.start, `Rolling ${num.value} dice`, `roll at least ${MIN_DICE_PER_TERM} die`, COUNT_RANGE, 'Write 1d6 or just d6 for one die.'));
    }
    if (num.value > MAX_DICE_PER_TERM) {
      return err(limitError('dice/too-many-dice', c.text, num.start, 'Too many dice', `one term rolls at most ${MAX_DICE_PER_TERM} dice`, COUNT_RANGE, `Roll at most ${MAX_DICE_PER_TERM} dice at once, or split them over several terms or rolls.`));
    }
    count = num.value;
  } else if (c.lower() !== 'd') {
    return err(syntaxError(c.text, c.pos, expected));
  }
  c.pos++; // the 'd'
  c.skipWs();
  const die = parseDie(c);
  if (!die.ok) return die;
  c.skipWs();
  const keep = parseKeep(c, count);
  if (!keep.ok) return keep;
  if (keep.value === null) return ok({ term: { kind: 'dice', count, die: die.value }, follow: AFTER_DIE });
  const term: DiceTerm = { kind: 'dice', count, die: die.value, keep: keep.value.keep };
  return ok({ term, follow: keep.value.follow });
}

/** An optional keep/drop suffix after a die; null when there is none. */
function parseKeep(c: Cursor, count: number): Parsed<{ keep: KeepDrop; follow: readonly string[] } | null> {
  const at = c.pos;
  const first = c.lower();
  if (first !== 'k' && first !== 'd') return ok(null);
  c.pos++;
  const second = c.lower();
  let mode: KeepMode;
  if (second === 'h' || second === 'l') {
    c.pos++;
    mode = `${first}${second}` as KeepMode; // k|d then h|l: one of the four
  } else if (first === 'k') {
    mode = 'kh'; // plain `k` keeps the highest, as in Roll20 and most bots
  } else {
    return err(syntaxError(c.text, c.pos, ['h', 'l']));
  }
  c.skipWs();
  const num = c.number();
  const n = num ? num.value : 1;
  const verb = mode[0] === 'k' ? 'keep' : 'drop';
  const range = [`a number from 1 to ${count}`];
  if (n < 1) {
    return err(limitError('dice/keep-too-few', c.text, num?.start ?? at, `Can't ${verb} ${n} dice`, `${verb} at least 1 die`, range, 'Leave out the keep/drop suffix to count every die.'));
  }
  if (n > count) {
    return err(limitError('dice/keep-too-many', c.text, num?.start ?? at, `Can't ${verb} ${n} of ${count} dice`, `${verb} at most as many dice as are rolled`, range, `Roll more dice, or ${verb} at most ${count}.`));
  }
  return ok({ keep: { mode, n }, follow: num ? AFTER_TERM : AFTER_KEEP });
}
