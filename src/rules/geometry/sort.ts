/**
 * Sort in place, stably, exactly as `xs.sort(cmp)` does for a consistent comparator, without its
 * work space: by insertion for the few items geometry sorts per segment or per look-up, where
 * V8's sort allocated on every call (segmentProfile's cuts and crossings, a timeline's events,
 * the grid's finds: ~3% of the bytes a /move allocated under bench:load, issue 12). Longer
 * arrays go to `Array#sort`. Both are stable, so ties keep their order either way.
 */
export function sortSmall<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  if (xs.length > SMALL) return xs.sort(cmp);
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let j = i - 1;
    for (; j >= 0 && cmp(xs[j]!, x) > 0; j--) xs[j + 1] = xs[j]!;
    xs[j + 1] = x;
  }
  return xs;
}
const SMALL = 24;

/** Numbers ascending (a module function: no comparator made per call). */
export const ascending = (x: number, y: number): number => x - y;
