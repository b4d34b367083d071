import fc from 'fast-check';
import type { DiceExpression, DieSpec, KeepDrop, Sign, SignedTerm, Term } from '../../../src/dice/expression';
import { diceCount, MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_FACE_ABS, MAX_SIDES, MAX_TERMS, MAX_TEXT_LENGTH, NAMED_DICE, NAMED_DIE_NAMES, normalize } from '../../../src/dice/expression';
import type { Rng } from '../../../src/dice/rng';

/**
 * Valid expressions generated together with the tree they must parse to. Each piece picks
 * one of its legal spellings (case, spaces, U+2212, d% for d100, k for kh, omitted counts,
 * `+` on faces, leading zeros), so the parser is tested on the surface, not just the model.
 */
export interface Sample {
  readonly text: string;
  readonly ast: DiceExpression;
}

interface Piece<T> {
  readonly value: T;
  readonly text: string;
}

const ws = fc.constantFrom('', '', '', ' ', '  ', '\t', '\u00a0');
const minus = fc.constantFrom('-', '\u2212');
const weighted = <T>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) => fc.oneof({ arbitrary: common, weight: 4 }, { arbitrary: rare, weight: 1 });

const numberText = (n: number) => fc.constantFrom(String(n), String(n), `0${n}`);

const faceArb: fc.Arbitrary<Piece<number>> = weighted(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -MAX_FACE_ABS, max: MAX_FACE_ABS })).chain((f) => {
  if (f > 0) return fc.constantFrom('', '+').map((s) => ({ value: f, text: `${s}${f}` }));
  if (f < 0) return minus.map((m) => ({ value: f, text: `${m}${-f}` }));
  return fc.constantFrom('0', '+0', '-0').map((text) => ({ value: 0, text }));
});

const dieArb: fc.Arbitrary<Piece<DieSpec>> = fc.oneof(
  weighted(fc.constantFrom(2, 3, 4, 6, 8, 10, 12, 20, 100), fc.integer({ min: 2, max: MAX_SIDES })).chain((sides) =>
    (sides === 100 ? fc.constantFrom('100', '%') : numberText(sides)).map((text) => ({ value: { kind: 'standard', sides } as DieSpec, text })),
  ),
  fc.array(fc.tuple(ws, faceArb, ws), { minLength: 2, maxLength: 6 }).map((items) => ({
    value: { kind: 'custom', faces: items.map(([, f]) => f.value) } as DieSpec,
    text: `{${items.map(([a, f, b]) => a + f.text + b).join(',')}}`,
  })),
  fc.constantFrom(...NAMED_DIE_NAMES).map((name) => ({ value: { kind: 'named', name, faces: NAMED_DICE[name].faces } as DieSpec, text: name })),
);

const keepArb = (count: number): fc.Arbitrary<Piece<KeepDrop> | null> =>
  fc.option(
    fc.tuple(fc.constantFrom('kh', 'kl', 'dh', 'dl'), fc.integer({ min: 1, max: count }), ws).chain(([mode, n, space]) =>
      fc
        .tuple(mode === 'kh' ? fc.constantFrom('kh', 'k') : fc.constant(mode), n === 1 ? fc.constantFrom('', '1') : fc.constant(String(n)))
        .map(([m, nText]) => ({ value: { mode, n } as KeepDrop, text: nText === '' ? m : m + space + nText })),
    ),
    { freq: 2 }, // half the dice terms have no suffix
  );

const diceTermArb: fc.Arbitrary<Piece<Term>> = weighted(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: MAX_DICE_PER_TERM })).chain((count) =>
  fc
    .tuple(count === 1 ? fc.constantFrom('', '1') : numberText(count), fc.array(ws, { minLength: 3, maxLength: 3 }), dieArb, keepArb(count))
    .map(([countText, [w1, w2, w3], die, keep]) => ({
      value: keep ? { kind: 'dice', count, die: die.value, keep: keep.value } : { kind: 'dice', count, die: die.value },
      text: `${countText}${w1}d${w2}${die.text}${keep ? w3 + keep.text : ''}`,
    })),
);

const constTermArb: fc.Arbitrary<Piece<Term>> = weighted(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: MAX_CONSTANT })).chain((value) =>
  numberText(value).map((text) => ({ value: { kind: 'const', value } as Term, text })),
);

/** Case-insensitivity: the whole term upper- or lower-cased (digits and signs are unaffected). */
const termArb = fc
  .tuple(fc.oneof({ arbitrary: diceTermArb, weight: 3 }, { arbitrary: constTermArb, weight: 1 }), fc.constantFrom('as-is', 'upper', 'lower'))
  .map(([t, c]) => ({ value: t.value, text: c === 'upper' ? t.text.toUpperCase() : c === 'lower' ? t.text.toLowerCase() : t.text }));

const signedArb = (first: boolean): fc.Arbitrary<Piece<SignedTerm>> =>
  fc.tuple(fc.constantFrom<Sign>(1, -1), termArb, ws, ws, minus).map(([sign, t, a, b, m]) => {
    const op = sign < 0 ? m : first ? '' : '+';
    return { value: { sign, term: t.value }, text: `${a}${op}${b}${t.text}` };
  });

/** A valid expression within every limit, with its expected tree. */
export const sampleArb: fc.Arbitrary<Sample> = fc
  .tuple(signedArb(true), fc.array(signedArb(false), { maxLength: 7 }), ws)
  .map(([head, tail, end]) => ({ text: head.text + tail.map((t) => t.text).join('') + end, ast: { terms: [head.value, ...tail.map((t) => t.value)] } }))
  .filter(
    (s) =>
      s.text.length <= MAX_TEXT_LENGTH &&
      normalize(s.ast).length <= MAX_TEXT_LENGTH &&
      s.ast.terms.length <= MAX_TERMS &&
      diceCount(s.ast) <= MAX_DICE_TOTAL,
  );

/** Strings over the grammar's own alphabet: they reach deep into the parser far more often than random text. */
export const grammarishArb = fc.string({
  unit: fc.constantFrom(...'0123456789dDkKhHlLfF%{},+-\u2212 '.split(''), '1d6', 'kh', 'dl', 'K8', 'K12', '100', '1000001'),
  maxLength: 40,
});

/**
 * Rng values driven by fast-check: -1 means "the last face", so the extremes come up often.
 * Build the Rng inside the property (it is stateful) with rngFrom.
 */
export const rngValuesArb = fc.array(fc.oneof(fc.constant(-1), fc.constant(0), fc.nat()), { minLength: 1, maxLength: 64 });

export function rngFrom(values: readonly number[]): Rng & { readonly calls: number } {
  let i = 0;
  return {
    get calls() {
      return i;
    },
    uniformInt(n: number) {
      const v = values[i++ % values.length]!;
      return v === -1 ? n - 1 : v % n;
    },
  };
}
