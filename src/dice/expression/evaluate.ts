import type { Rng } from '../rng';
import type { DiceExpression, DiceTerm, KeepDrop, Sign } from './ast';
import { bounds } from './bounds';
import { dieFaces } from './faces';
import { normalize, termNotation } from './format';
import type { DiceTermResult, DieResult, RollResult, TermResult } from './roll-result';

/**
 * Roll order is part of the verifiable record: terms left to right, and within a term die by
 * die, each die taking exactly one rng.uniformInt(faceCount) call. A verifier replaying the
 * same Rng must get the same faces, so never reorder, skip or add calls.
 */
export function evaluate(expr: DiceExpression, rng: Rng): RollResult {
  const { terms, total } = rollTerms(expr, rng);
  const { min, max } = bounds(expr);
  return { expression: normalize(expr), terms, total, min, max };
}

/**
 * The dice of evaluate() without its normalized text and bounds: what a stored roll keeps and
 * verify recomputes. The audit trail and verify call this once per roll, and the text and the
 * bounds were a string and objects built for nothing each time (issue 12).
 */
export function rollTerms(expr: DiceExpression, rng: Rng): Pick<RollResult, 'terms' | 'total'> {
  const terms: TermResult[] = expr.terms.map(({ sign, term }) =>
    term.kind === 'const' ? { kind: 'const', sign, value: term.value } : rollTerm(term, sign, rng),
  );
  let total = 0;
  for (const t of terms) total += t.sign * (t.kind === 'const' ? t.value : t.subtotal);
  return { terms, total: total === 0 ? 0 : total };
}

function rollTerm(term: DiceTerm, sign: Sign, rng: Rng): DiceTermResult {
  const faces = dieFaces(term);
  const rolled: number[] = [];
  for (let i = 0; i < term.count; i++) {
    const index = rng.uniformInt(faces.length);
    const face = faces[index];
    // A broken Rng is a bug, not a user error: fail loudly rather than total NaN.
    if (face === undefined) throw new Error(`evaluate: Rng returned ${index} for a die with ${faces.length} faces`);
    rolled.push(face);
  }
  const kept = keptFlags(rolled, term.keep);
  const dice: DieResult[] = rolled.map((face, i) => ({ face, kept: kept[i]! }));
  const subtotal = dice.reduce((s, d) => s + (d.kept ? d.face : 0), 0);
  const result: DiceTermResult = {
    kind: 'dice',
    sign,
    notation: termNotation(term),
    sides: faces.length,
    dice,
    subtotal,
  };
  // `faces` only for custom and named dice: the stored shape omits it for d6 and friends.
  return term.die.kind === 'standard' ? result : { ...result, faces: [...faces] };
}

/**
 * Which dice count. Dropping the n highest is keeping the count−n lowest (and vice versa), so
 * all four modes reduce to "keep the k best by some order". Ties go to the earlier die, which
 * makes the choice deterministic: with [5, 5, 2] kh1 the first 5 is kept.
 */
export function keptFlags(faces: readonly number[], keep: KeepDrop | undefined): boolean[] {
  if (!keep) return faces.map(() => true);
  const highest = keep.mode === 'kh' || keep.mode === 'dl';
  const k = keep.mode === 'kh' || keep.mode === 'kl' ? keep.n : faces.length - keep.n;
  const order = faces
    .map((face, i) => ({ face, i }))
    .sort((a, b) => (highest ? b.face - a.face : a.face - b.face) || a.i - b.i);
  const flags = faces.map(() => false);
  for (const { i } of order.slice(0, k)) flags[i] = true;
  return flags;
}
