import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bounds,
  diceCount,
  dieFaces,
  evaluate,
  EXPRESSION_ERROR_CODES,
  formatRoll,
  keptCount,
  normalize,
  parseExpression,
  rollTerms,
  type DiceExpression,
  type DiceTerm,
} from '../../../src/dice/expression';
import type { Rng } from '../../../src/dice/rng';
import { grammarishArb, rngFrom, rngValuesArb, sampleArb } from './arbitraries';

describe('generated valid expressions', () => {
  it('rollTerms gives exactly evaluate()\'s terms and total, with the same Rng calls (what the trail stores and verify recomputes)', () => {
    fc.assert(
      fc.property(sampleArb, rngValuesArb, ({ ast }, values) => {
        const a = rngFrom(values), b = rngFrom(values);
        const whole = evaluate(ast, a);
        expect(rollTerms(ast, b)).toEqual({ terms: whole.terms, total: whole.total });
        expect(b.calls).toBe(a.calls);
      }),
      { numRuns: 500 },
    );
  });

  it('parse to exactly the tree they were generated from', () => {
    fc.assert(
      fc.property(sampleArb, ({ text, ast }) => {
        const r = parseExpression(text);
        if (!r.ok) throw new Error(`${JSON.stringify(text)}: ${r.error.message}`);
        expect(r.value).toEqual(ast);
      }),
      { numRuns: 500 },
    );
  });

  it('evaluate: total within bounds, equal to the signed sum of kept dice and constants, one Rng call per die', () => {
    fc.assert(
      fc.property(sampleArb, rngValuesArb, ({ ast }, values) => {
        const rng = rngFrom(values);
        const r = evaluate(ast, rng);
        const b = bounds(ast);
        expect(r.expression).toBe(normalize(ast));
        expect({ min: r.min, max: r.max }).toEqual(b);
        expect(r.total).toBeGreaterThanOrEqual(b.min);
        expect(r.total).toBeLessThanOrEqual(b.max);
        expect(rng.calls).toBe(diceCount(ast));

        let sum = 0;
        r.terms.forEach((t, i) => {
          const { sign, term } = ast.terms[i]!;
          expect(t.sign).toBe(sign);
          if (term.kind === 'const') {
            expect(t).toEqual({ kind: 'const', sign, value: term.value });
            sum += sign * term.value;
            return;
          }
          if (t.kind !== 'dice') throw new Error('a dice term was rolled as a constant');
          const faces = dieFaces(term);
          expect(t.dice).toHaveLength(term.count);
          expect(t.sides).toBe(faces.length);
          for (const d of t.dice) expect(faces).toContain(d.face);
          const kept = t.dice.filter((d) => d.kept);
          expect(kept).toHaveLength(keptCount(term));
          const keptSum = kept.reduce((s, d) => s + d.face, 0);
          expect(t.subtotal).toBe(keptSum);
          sum += sign * keptSum;
          expectKeepRule(term, t.dice);
        });
        expect(r.total).toBe(sum === 0 ? 0 : sum);
        expect(formatRoll(r).endsWith(` = ${r.total < 0 ? `\u2212${-r.total}` : r.total}`)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('bounds are exact: an Rng showing the best (worst) face on every die reaches max (min)', () => {
    fc.assert(
      fc.property(sampleArb, ({ ast }) => {
        expect(evaluate(ast, extremeRng(ast, 'max')).total).toBe(bounds(ast).max);
        expect(evaluate(ast, extremeRng(ast, 'min')).total).toBe(bounds(ast).min);
      }),
      { numRuns: 300 },
    );
  });

  it('normalize round-trips: its text parses back to an equal tree and is a fixed point', () => {
    fc.assert(
      fc.property(sampleArb, ({ ast }) => expectRoundTrip(ast)),
      { numRuns: 500 },
    );
  });
});

describe('parseExpression on arbitrary input', () => {
  const inputs = [
    ['fc.string()', fc.string({ maxLength: 250 })],
    ['full Unicode (binary) strings', fc.string({ unit: 'binary', maxLength: 250 })],
    ['strings over the grammar alphabet', grammarishArb],
    ['valid expressions with one character changed', sampleArb.chain(({ text }) => mutated(text))],
  ] as const;

  it.each(inputs)('never throws on %s; errors point inside the text; anything accepted round-trips', (_, arb) => {
    fc.assert(
      fc.property(arb, (text) => {
        const r = parseExpression(text);
        if (r.ok) {
          expectRoundTrip(r.value);
          return;
        }
        const e = r.error;
        expect(EXPRESSION_ERROR_CODES).toContain(e.code);
        expect(e.position).toBeGreaterThanOrEqual(0);
        expect(e.position).toBeLessThanOrEqual(text.length);
        expect(Number.isInteger(e.position)).toBe(true);
        expect(e.expected.length).toBeGreaterThan(0);
        expect(e.message).not.toBe('');
        expect(e.hint).not.toBe('');
      }),
      { numRuns: 1000 },
    );
  });
});

function expectRoundTrip(ast: DiceExpression): void {
  const text = normalize(ast);
  const again = parseExpression(text);
  if (!again.ok) throw new Error(`normalized ${JSON.stringify(text)} does not parse: ${again.error.message}`);
  expect(again.value).toEqual(ast);
  expect(normalize(again.value)).toBe(text);
}

/** Kept dice dominate dropped ones; among equal faces the earlier die is kept. */
function expectKeepRule(term: DiceTerm, dice: readonly { face: number; kept: boolean }[]): void {
  if (!term.keep) return expect(dice.every((d) => d.kept)).toBe(true);
  const highest = term.keep.mode === 'kh' || term.keep.mode === 'dl';
  const violations: string[] = [];
  dice.forEach((a, i) =>
    dice.forEach((b, j) => {
      if (!a.kept || b.kept) return;
      const better = highest ? a.face > b.face : a.face < b.face;
      if (!better && !(a.face === b.face && i < j)) violations.push(`kept #${i} (${a.face}) over dropped #${j} (${b.face})`);
    }),
  );
  expect(violations).toEqual([]);
}

/** An Rng that puts the face pushing the total toward `goal` on every die, in roll order. */
function extremeRng(ast: DiceExpression, goal: 'min' | 'max'): Rng {
  const indices: number[] = [];
  for (const { sign, term } of ast.terms) {
    if (term.kind !== 'dice') continue;
    const faces = dieFaces(term);
    const target = (goal === 'max') === sign > 0 ? Math.max(...faces) : Math.min(...faces);
    for (let k = 0; k < term.count; k++) indices.push(faces.indexOf(target));
  }
  let i = 0;
  return { uniformInt: () => indices[i++]! };
}

/** Insert, delete or replace one character: near-misses of valid input. */
function mutated(text: string): fc.Arbitrary<string> {
  return fc.tuple(fc.nat({ max: text.length }), fc.constantFrom('insert', 'delete', 'replace'), fc.constantFrom(...'0d%{},+-kKhl x\u2212'.split(''))).map(([i, op, c]) => {
    if (op === 'insert') return text.slice(0, i) + c + text.slice(i);
    if (op === 'delete') return text.slice(0, i) + text.slice(i + 1);
    return text.slice(0, i) + c + text.slice(i + 1);
  });
}
