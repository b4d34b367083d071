/**
 * "Are the dice rigged?" — Pearson's chi-square goodness-of-fit of observed face counts
 * against a fair die, with its p-value from the chi-square distribution.
 */
export interface FaceCount {
  readonly face: number;
  readonly count: number;
  /** How many of the die's faces show this value (2 for the zero of Kuryakin's D8). */
  readonly weight: number;
}

export interface FairnessTest {
  readonly n: number;
  readonly chiSquare: number;
  readonly degreesOfFreedom: number;
  /** Probability of a deviation at least this large from a fair die; tiny values are suspicious. */
  readonly pValue: number;
  /** Pearson's test needs about 5 expected per cell to be trustworthy. */
  readonly enoughData: boolean;
}

export function chiSquareTest(counts: readonly FaceCount[]): FairnessTest {
  const n = counts.reduce((s, c) => s + c.count, 0);
  const totalWeight = counts.reduce((s, c) => s + c.weight, 0);
  let chi = 0;
  let minExpected = Infinity;
  for (const c of counts) {
    const expected = (n * c.weight) / totalWeight;
    minExpected = Math.min(minExpected, expected);
    if (expected > 0) chi += (c.count - expected) ** 2 / expected;
  }
  const df = counts.length - 1;
  return { n, chiSquare: chi, degreesOfFreedom: df, pValue: n === 0 || df < 1 ? 1 : chiSquareSurvival(chi, df), enoughData: minExpected >= 5 };
}

/** P(X ≥ x) for X ~ chi-square(k) = Q(k/2, x/2), the regularized upper incomplete gamma. */
export function chiSquareSurvival(x: number, k: number): number {
  if (x <= 0) return 1;
  return regularizedGammaQ(k / 2, x / 2);
}

// Numerical Recipes §6.2: series for x < a+1, continued fraction (modified Lentz) otherwise.
function regularizedGammaQ(a: number, x: number): number {
  if (x < a + 1) return 1 - gammaPSeries(a, x);
  return gammaQContinuedFraction(a, x);
}

function gammaPSeries(a: number, x: number): number {
  let sum = 1 / a;
  let term = sum;
  for (let n = 1; n < 1000; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function gammaQContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

// Lanczos approximation (g = 7, n = 9), accurate to ~15 digits for a > 0.
const LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
export function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const x = z - 1;
  let a = LANCZOS[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
