import { describe, expect, it } from 'vitest';
import { copyRecord, withEntry } from '../../../src/rules/nw/record';

// Issue 12: the for-in copies replace object spread on the state's id-keyed records; the state's
// JSON (and so every replay hash) depends on their key order, which must be the spread's.
describe('NW record copies (src/rules/nw/record.ts)', () => {
  const rec = (n: number): Record<string, { v: number }> => {
    const out: Record<string, { v: number }> = {};
    // Ids as the scenarios spell them, with integer-like ids too (those come first in any order JS gives).
    for (let i = 0; i < n; i++) out[i % 7 === 0 ? String(1000 - i) : `fr-c${i >> 3}-${i & 7}`] = { v: i };
    return JSON.parse(JSON.stringify(out)) as Record<string, { v: number }>;
  };

  for (const n of [3, 150, 600]) {
    it(`copyRecord equals { ...rec } with the same key order (${n} ids)`, () => {
      const r = rec(n);
      const c = copyRecord(r);
      expect(c).not.toBe(r);
      expect(Object.keys(c)).toEqual(Object.keys({ ...r }));
      expect(JSON.stringify(c)).toBe(JSON.stringify({ ...r }));
      expect(Object.values(c).every((x, i) => x === Object.values(r)[i])).toBe(true);
    });

    it(`withEntry equals { ...rec, [id]: value } for an id held and a new one (${n} ids)`, () => {
      const r = rec(n);
      const held = Object.keys(r)[Math.floor(n / 2)]!;
      for (const id of [held, 'al-new', '7']) {
        const value = { v: -1 };
        const w = withEntry(r, id, value);
        expect(JSON.stringify(w)).toBe(JSON.stringify({ ...r, [id]: value }));
        expect(w[id]).toBe(value);
      }
      // The record given is left alone.
      expect(JSON.stringify(r)).toBe(JSON.stringify(rec(n)));
    });
  }
});
