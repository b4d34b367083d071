import { describe, expect, it } from 'vitest';
import { pointSegmentDistance, ringDistanceApart, ringsIntersect } from '../../../src/rules/geometry/primitives';
import type { Point } from '../../../src/rules/geometry/types';

// ringDistanceApart (issue 12's fast form, edge vectors worked out once per edge) must give the
// very number of the plain definition: the least pointSegmentDistance from every corner of one
// ring to every edge of the other, both ways. Rings from a fixed LCG, so the cases never change.
const plain = (a: readonly Point[], b: readonly Point[]): number => {
  let d = Infinity;
  for (const [from, ring] of [[a, b], [b, a]] as const) {
    for (const p of from) for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) d = Math.min(d, pointSegmentDistance(p, ring[j]!, ring[i]!));
  }
  return d;
};

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 2 ** 32; };
}

/** A rectangle (a base's ring: front left, front right, rear right, rear left) at a random pose. */
function rect(r: () => number): Point[] {
  const cx = r() * 48, cy = r() * 36, w = 0.5 + r() * 3, d = 0.5 + r() * 2, f = r() * 2 * Math.PI;
  const hx = Math.sin(f) * d / 2, hy = Math.cos(f) * d / 2, rx = Math.cos(f) * w / 2, ry = -Math.sin(f) * w / 2;
  return [
    { x: cx + hx - rx, y: cy + hy - ry }, { x: cx + hx + rx, y: cy + hy + ry },
    { x: cx - hx + rx, y: cy - hy + ry }, { x: cx - hx - rx, y: cy - hy - ry },
  ];
}

describe('ringDistanceApart', () => {
  it('equals the plain corner-to-edge minimum, bit for bit, on 2000 pairs of rings apart', () => {
    const r = lcg(12);
    let checked = 0;
    while (checked < 2000) {
      const a = rect(r), b = rect(r);
      if (ringsIntersect(a, b)) continue;
      expect(ringDistanceApart(a, b)).toBe(plain(a, b));
      checked++;
    }
  });

  it('measures a known gap: two unit squares 2" apart side by side', () => {
    const sq = (x: number): Point[] => [{ x, y: 1 }, { x: x + 1, y: 1 }, { x: x + 1, y: 0 }, { x, y: 0 }];
    expect(ringDistanceApart(sq(0), sq(3))).toBe(2);
  });

  it('falls back to the plain form for NaN coordinates (no number made up)', () => {
    const bad: Point[] = [{ x: NaN, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }];
    const ok: Point[] = [{ x: 5, y: 0 }, { x: 6, y: 0 }, { x: 6, y: 1 }, { x: 5, y: 1 }];
    expect(ringDistanceApart(bad, ok)).toBe(plain(bad, ok));
  });
});
