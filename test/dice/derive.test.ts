import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { commitmentOf, derivedRng, hmacHexOf, hmacOf, rollSalt } from '../../src/dice/derive';
import { chiSquareTest } from '../../src/dice/stats';

// Known-answer vectors computed by an independent Python implementation of the documented
// algorithm (hmac + struct): HMAC-SHA256(seed, "estafette/roll/<index>/<block>"), big-endian
// 32-bit words, rejection above the largest multiple of n.
const SEED = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('hex');

describe('derivation (provably fair)', () => {
  it('publishes SHA-256(seed) as the commitment', () => {
    expect(commitmentOf(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it.each([
    [0, 6, [3, 5, 2, 3, 3, 5, 4, 1, 6, 5]],
    [1, 20, [13, 9, 14, 17, 7]],
    [7, 100, [91, 65, 78, 52]],
    [3, 3, [2, 2, 2, 1, 2, 1, 1, 2, 3, 3, 1, 1]],
  ])('roll index %i on d%i matches the reference implementation', (index, sides, faces) => {
    const rng = derivedRng(SEED, index);
    expect(faces.map(() => rng.uniformInt(sides) + 1)).toEqual(faces);
  });

  it('derives the salt from the seed', () => {
    expect(rollSalt(SEED, 0)).toBe('2bf5e69a29da2332308b5ee321c4aeff');
  });

  it('derives the same salt from the seed as a key (cached pads) as createHmac does', () => {
    const key = Buffer.from(SEED, 'hex');
    for (const i of [0, 1, 9, 4242, 2 ** 31]) {
      const want = createHmac('sha256', key).update(`estafette/salt/${i}`).digest('hex').slice(0, 32);
      expect(rollSalt(key, i)).toBe(want);
      expect(rollSalt(SEED, i)).toBe(want);
    }
  });

  it('is deterministic per (seed, index) and differs between indices', () => {
    const a = derivedRng(SEED, 42), b = derivedRng(SEED, 42), c = derivedRng(SEED, 43);
    const seqA = Array.from({ length: 50 }, () => a.uniformInt(1000));
    expect(Array.from({ length: 50 }, () => b.uniformInt(1000))).toEqual(seqA);
    expect(Array.from({ length: 50 }, () => c.uniformInt(1000))).not.toEqual(seqA);
  });

  it('rejects a malformed seed or index', () => {
    expect(() => derivedRng('xyz', 0)).toThrow(/seed/);
    expect(() => derivedRng(SEED, -1)).toThrow(/index/);
  });

  it('keeps 100,000 d6 within chi-square bounds (fixed seeds, so deterministic)', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 100_000; i++) counts[derivedRng(SEED, i).uniformInt(6)]!++;
    const t = chiSquareTest(counts.map((count, f) => ({ face: f + 1, count, weight: 1 })));
    // df 5: the 0.1% critical value is 20.52. A biased derivation (e.g. plain modulo of a
    // byte) overshoots this by orders of magnitude at this sample size.
    expect(t.chiSquare).toBeLessThan(20.52);
    expect(t.pValue).toBeGreaterThan(0.001);
    for (const c of counts) expect(Math.abs(c - 100_000 / 6)).toBeLessThan(600);
  });

  it('is unbiased where plain modulo would not be: d3 over one byte-sized range', () => {
    // With n = 2^32 - 1 almost every word is accepted; with n close to 2^31+1 about half are
    // rejected. Both must still return values inside the range.
    const rng = derivedRng(SEED, 9);
    for (const n of [1, 2, 3, 2 ** 31 + 1, 2 ** 32 - 1]) {
      for (let k = 0; k < 20; k++) {
        const v = rng.uniformInt(n);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(n);
      }
    }
  });

  it('hmacOf (two one-shot hashes over pads made once per key) equals createHmac for any key and message', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 0, maxLength: 100 }), fc.array(fc.string({ maxLength: 80, unit: 'binary' }), { minLength: 1, maxLength: 4 }), (k, messages) => {
      const key = Buffer.from(k);
      const mac = hmacOf(key);
      for (const m of messages) expect(mac(m).toString('hex')).toBe(createHmac('sha256', key).update(m).digest('hex'));
    }), { numRuns: 200 });
    const key = Buffer.from(SEED, 'hex');
    for (let i = 0; i < 200; i++) expect(hmacOf(key)(`estafette/roll/${i * 7919}/${i % 3}`).equals(createHmac('sha256', key).update(`estafette/roll/${i * 7919}/${i % 3}`).digest())).toBe(true);
  });

  it('hmacHexOf equals createHmac for every message length, lengths interleaved (its pad views are kept per length)', () => {
    const key = Buffer.from(SEED, 'hex');
    const mac = hmacHexOf(key);
    const lengths = [...Array.from({ length: 71 }, (_, n) => n), ...Array.from({ length: 71 }, (_, n) => 70 - n), 5, 64, 0, 63, 65];
    for (const n of lengths) {
      const m = 'estafette/roll/'.concat('9'.repeat(80)).slice(0, n);
      expect(mac(m)).toBe(createHmac('sha256', key).update(m).digest('hex'));
    }
    expect(hmacHexOf(key)).toBe(mac);
  });
});
