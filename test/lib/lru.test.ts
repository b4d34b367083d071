import { describe, expect, it } from 'vitest';
import { WeightedLru } from '../../src/lib/lru';

describe('WeightedLru (what the bot keeps is bounded, issue 12)', () => {
  it('forgets the least recently used entries once the weights pass the budget', () => {
    const lru = new WeightedLru<string, number>(10);
    lru.set('a', 1, 4);
    lru.set('b', 2, 4);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3, 4); // 12 > 10: b, the least recently used, goes
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c')]).toEqual([1, 3]);
    expect([lru.size, lru.weight]).toEqual([2, 8]);
  });

  it('replacing an entry counts its new weight only', () => {
    const lru = new WeightedLru<string, string>(10);
    lru.set('a', 'v1', 6);
    lru.set('a', 'v2', 3);
    lru.set('b', 'w', 7);
    expect([lru.get('a'), lru.get('b'), lru.weight]).toEqual(['v2', 'w', 10]);
  });

  it('always keeps the entry just set, even heavier than the budget, and drops the rest', () => {
    const lru = new WeightedLru<number, string>(10);
    lru.set(1, 'x', 5);
    lru.set(2, 'huge', 25);
    expect(lru.get(1)).toBeUndefined();
    expect(lru.get(2)).toBe('huge');
    lru.set(3, 'y', 1); // the heavy one is the oldest now: it goes
    expect([lru.get(2), lru.get(3), lru.size, lru.weight]).toEqual([undefined, 'y', 1, 1]);
  });

  it('stays within its budget whatever the order of use (seeded walk)', () => {
    const lru = new WeightedLru<number, number>(1000);
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const k = next() % 300;
      if (next() % 3 === 0) lru.get(k);
      else lru.set(k, i, 1 + (next() % 50));
      expect(lru.weight).toBeLessThanOrEqual(1000);
    }
    expect(lru.size).toBeGreaterThan(10);
  });
});
