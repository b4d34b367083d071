import type { DiceExpression, SignedTerm } from './ast';
import { dieFaces, keptCount } from './faces';

/** The exact smallest and largest total of an expression or term. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
}

// 0 rather than -0, so a bound deep-equals the total that reaches it.
const plain = (n: number) => (n === 0 ? 0 : n);

/**
 * Exact for every term: k kept dice sum to between k·lowest face and k·highest face, and
 * both ends are reached (every die showing that face), whatever is kept or dropped.
 */
export function termBounds({ sign, term }: SignedTerm): Bounds {
  let lo: number;
  let hi: number;
  if (term.kind === 'const') {
    lo = hi = term.value;
  } else {
    const faces = dieFaces(term);
    const k = keptCount(term);
    lo = k * Math.min(...faces);
    hi = k * Math.max(...faces);
  }
  return sign > 0 ? { min: plain(lo), max: plain(hi) } : { min: plain(-hi), max: plain(-lo) };
}

/** Terms are independent, so the bounds of the sum are the sums of the bounds. */
export function bounds(expr: DiceExpression): Bounds {
  let min = 0;
  let max = 0;
  for (const t of expr.terms) {
    const b = termBounds(t);
    min += b.min;
    max += b.max;
  }
  return { min: plain(min), max: plain(max) };
}
