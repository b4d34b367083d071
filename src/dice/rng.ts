/**
 * The one source of randomness the dice model sees. Injected per roll, so a test can script
 * exact faces and a game can replay a phase from its stored seed.
 */
export interface Rng {
  /** A uniformly distributed integer in [0, n). `n` is a positive safe integer. */
  uniformInt(n: number): number;
}

/** An Rng that returns scripted indices in order: for tests. Throws when exhausted. */
export function scriptedRng(indices: readonly number[]): Rng {
  let i = 0;
  return {
    uniformInt(n: number): number {
      if (i >= indices.length) throw new Error(`scriptedRng: script exhausted after ${indices.length} values`);
      const v = indices[i++]!;
      if (!Number.isInteger(v) || v < 0 || v >= n) {
        throw new Error(`scriptedRng: value ${v} out of range [0, ${n})`);
      }
      return v;
    },
  };
}
