import { ok, err, type Result } from '../../lib/result';
import type { DieSpec } from './ast';
import type { Cursor } from './cursor';
import { limitError, syntaxError, unknownDieError, type ExpressionError } from './errors';
import { MAX_FACE_ABS, MAX_FACES, MAX_SIDES, MIN_FACES, MIN_SIDES } from './limits';
import { lookupNamedDie, NAMED_DIE_NAMES } from './named-dice';

type Parsed<T> = Result<T, ExpressionError>;

/** What may follow `d`. */
export const DIE_START: readonly string[] = ['a number of sides', '%', '{', ...NAMED_DIE_NAMES];
const SIDES_RANGE = [`a number of sides from ${MIN_SIDES} to ${MAX_SIDES}`];
const FACE_START = ['+', '-', 'a number'];
const FACE_NEXT = [',', '}'];

/** The die after `d` (whitespace already skipped): `6`, `%`, `{…}` or a named die like `K8`. */
export function parseDie(c: Cursor): Parsed<DieSpec> {
  const start = c.pos;
  const sides = c.number();
  if (sides) {
    if (sides.value < MIN_SIDES) {
      return err(limitError('dice/too-few-sides', c.text, start, `A d${sides.value} has too few sides`, `a die needs at least ${MIN_SIDES} sides`, SIDES_RANGE, 'Use d2 or more; for a fixed number just write the number.'));
    }
    if (sides.value > MAX_SIDES) {
      return err(limitError('dice/too-many-sides', c.text, start, 'Too many sides', `dice have at most ${MAX_SIDES} sides`, SIDES_RANGE, `Use a die of at most ${MAX_SIDES} sides.`));
    }
    return ok({ kind: 'standard', sides: sides.value });
  }
  if (c.peek() === '%') {
    c.pos++;
    return ok({ kind: 'standard', sides: 100 });
  }
  if (c.peek() === '{') return parseFaceList(c);
  // A name is one letter plus digits, so `dFkh2` reads as dF then kh2.
  const name = c.name();
  if (name !== null) {
    const named = lookupNamedDie(name);
    if (!named) return err(unknownDieError(c.text, start, name, DIE_START));
    return ok({ kind: 'named', name: named.name, faces: named.faces });
  }
  return err(syntaxError(c.text, start, DIE_START));
}

/** `{1, +2, -3, 0}`: signed integers, whitespace allowed anywhere between tokens. */
function parseFaceList(c: Cursor): Parsed<DieSpec> {
  c.pos++; // the '{'
  const faces: number[] = [];
  for (;;) {
    c.skipWs();
    const itemStart = c.pos;
    if (faces.length >= MAX_FACES) {
      return err(limitError('dice/too-many-sides', c.text, itemStart, 'Too many faces', `a custom die has at most ${MAX_FACES} faces`, ['}'], `List at most ${MAX_FACES} faces.`));
    }
    const sign = c.sign() ?? 1;
    if (c.pos !== itemStart) c.skipWs();
    const n = c.number();
    if (!n) return err(syntaxError(c.text, c.pos, c.pos === itemStart ? FACE_START : ['a number']));
    if (n.value > MAX_FACE_ABS) {
      return err(limitError('dice/number-too-large', c.text, itemStart, 'Face too large', `faces are between -${MAX_FACE_ABS} and ${MAX_FACE_ABS}`, [`a number up to ${MAX_FACE_ABS}`], 'Use smaller faces.'));
    }
    // `-0` is stored as 0: the tree must not contain -0, which deep-equality tells apart from 0.
    faces.push(n.value === 0 ? 0 : sign * n.value);
    c.skipWs();
    const sep = c.peek();
    if (sep !== ',' && sep !== '}') return err(syntaxError(c.text, c.pos, FACE_NEXT));
    c.pos++;
    if (sep === '}') break;
  }
  if (faces.length < MIN_FACES) {
    // Points at the closing brace, where another ", face" was needed.
    return err(limitError('dice/too-few-sides', c.text, c.pos - 1, 'Too few faces', `a custom die needs at least ${MIN_FACES} faces`, [','], 'List two or more faces, like d{1,2,3,0}.'));
  }
  return ok({ kind: 'custom', faces });
}
