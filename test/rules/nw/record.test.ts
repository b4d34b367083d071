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

  // The cloners (one object literal per key set) take records of 64 keys or more: copies of
  // copies, a draft's in-place replacements, a new id and many key sets must all read as spread.
  it('copies of copies, with entries replaced in place as a draft does, equal the spread', () => {
    const r = rec(600);
    let c = copyRecord(r);
    const spread: Record<string, { v: number }> = { ...r };
    for (let i = 0; i < 50; i++) {
      const id = Object.keys(c)[(i * 37) % 600]!;
      c[id] = { v: 1000 + i }; // a draft's own copy, changed in place
      spread[id] = { v: 1000 + i };
      c = i % 2 ? copyRecord(c) : withEntry(c, id, { v: 2000 + i });
      if (i % 2 === 0) spread[id] = { v: 2000 + i };
      expect(JSON.stringify(c)).toBe(JSON.stringify({ ...spread }));
    }
  });

  it('a copy that gained an id is copied with its new key set', () => {
    const r = rec(150);
    copyRecord(r);
    const grown = withEntry(r, 'zz-new', { v: -5 });
    const again = copyRecord(grown);
    expect(Object.keys(again)).toEqual([...Object.keys(r), 'zz-new']);
    expect(JSON.stringify(withEntry(again, 'zz-new', { v: -6 }))).toBe(JSON.stringify({ ...grown, 'zz-new': { v: -6 } }));
  });

  // withEntry's new ids read the key list of the record they grow from (log.rolls gains one a
  // roll): a line grown one id at a time, a branch grown twice from one record (a check and its
  // act), integer-like ids among them, must each read as the spread.
  it('records grown one id at a time, and branches grown from one of them, equal the spread', () => {
    let r: Record<string, { v: number }> = {};
    let spread: Record<string, { v: number }> = {};
    const kept: { r: Record<string, { v: number }>; spread: Record<string, { v: number }> }[] = [];
    for (let i = 0; i < 400; i++) {
      const id = i % 9 === 0 ? String(900 - i) : `au-${i}`;
      r = withEntry(r, id, { v: i });
      spread = { ...spread, [id]: { v: i } };
      expect(Object.keys(r)).toEqual(Object.keys(spread));
      if (i % 50 === 10) kept.push({ r, spread });
    }
    expect(JSON.stringify(r)).toBe(JSON.stringify(spread));
    for (const [j, k] of kept.entries()) {
      // Grown again from an earlier record of the line: its own keys and the new one, no later ones.
      const a = withEntry(k.r, `branch-${j}`, { v: -j });
      const b = withEntry(withEntry(k.r, `other-${j}`, { v: -j }), '5', { v: 5 });
      expect(JSON.stringify(a)).toBe(JSON.stringify({ ...k.spread, [`branch-${j}`]: { v: -j } }));
      expect(JSON.stringify(b)).toBe(JSON.stringify({ ...k.spread, [`other-${j}`]: { v: -j }, '5': { v: 5 } }));
      expect(Object.keys(withEntry(a, 'x', { v: 0 }))).toEqual([...Object.keys({ ...k.spread, [`branch-${j}`]: 0 }), 'x']);
      // The record grown from is left alone.
      expect(JSON.stringify(k.r)).toBe(JSON.stringify(k.spread));
    }
  });

  it('ids that are no identifiers (quotes, backslashes, line separators, digits) are keys, never code', () => {
    const out: Record<string, { v: number }> = {};
    for (let i = 0; i < 80; i++) out[[`q"${i}`, `b\\${i}`, `l\u2028${i}`, `${i}`, `c\`\${x}${i}`][i % 5]!] = { v: i };
    const r = JSON.parse(JSON.stringify(out)) as Record<string, { v: number }>;
    const c = copyRecord(r);
    expect(Object.keys(c)).toEqual(Object.keys({ ...r }));
    expect(JSON.stringify(c)).toBe(JSON.stringify({ ...r }));
  });

  it('more key sets than the cloners kept are all copied rightly', () => {
    for (let k = 0; k < 80; k++) {
      const out: Record<string, number> = {};
      for (let i = 0; i < 64 + k; i++) out[`set${k}-id${i}`] = i;
      const r = JSON.parse(JSON.stringify(out)) as Record<string, number>;
      expect(JSON.stringify(copyRecord(copyRecord(r)))).toBe(JSON.stringify({ ...r }));
    }
  });
});
