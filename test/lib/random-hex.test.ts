import { describe, expect, it } from 'vitest';
import { randomHex } from '../../src/lib/random-hex';

describe('randomHex (pooled CSPRNG bytes, issue 12)', () => {
  it('gives the asked number of bytes as lowercase hex', () => {
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(1)).toMatch(/^[0-9a-f]{2}$/);
    expect(randomHex(4096)).toMatch(/^[0-9a-f]{8192}$/);
  });

  it('never hands out the same bytes twice, across many refills of the pool', () => {
    // 3,000 nonces of 16 bytes: ~12 refills of the 4 KB pool, and a draw that straddles each boundary.
    const seen = new Set<string>();
    for (let i = 0; i < 3_000; i++) seen.add(randomHex(16));
    randomHex(4_000);
    for (let i = 0; i < 10; i++) seen.add(randomHex(100));
    expect(seen.size).toBe(3_010);
  });

  it('looks uniform: every hex digit about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) for (const c of randomHex(16)) counts.set(c, (counts.get(c) ?? 0) + 1);
    // 64,000 digits: 4,000 expected per digit; ±10% is many standard deviations (σ ≈ 61).
    expect(counts.size).toBe(16);
    for (const n of counts.values()) expect(Math.abs(n - 4_000)).toBeLessThan(400);
  });

  it('refuses a size it cannot serve from the pool', () => {
    expect(() => randomHex(0)).toThrow(RangeError);
    expect(() => randomHex(4097)).toThrow(RangeError);
    expect(() => randomHex(1.5)).toThrow(RangeError);
  });
});
