import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDetailOf } from '../../src/dice/detail-check';
import { DETAIL_SCHEMAS, ENTRY_KINDS, type EntryKind } from '../../src/dice/entry';

// verify checks details with isDetailOf instead of zod (issue 12: zod was most of the verify
// worker's start-up). It must accept exactly what DETAIL_SCHEMAS accepts.
const zodSays = (kind: EntryKind, v: unknown) => DETAIL_SCHEMAS[kind].safeParse(v).success;

const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const int = fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
const die = fc.record({ face: int, kept: fc.boolean() });
const term = fc.oneof(
  fc.record({ kind: fc.constant('dice'), sign: fc.constantFrom(1, -1), notation: fc.string({ maxLength: 8 }), sides: int, faces: fc.option(fc.array(int, { maxLength: 4 }), { nil: undefined }), dice: fc.array(die, { maxLength: 4 }), subtotal: int }, { requiredKeys: ['kind', 'sign', 'notation', 'sides', 'dice', 'subtotal'] }),
  fc.record({ kind: fc.constant('const'), sign: fc.constantFrom(1, -1), value: int }),
);
const VALID: Record<EntryKind, fc.Arbitrary<Record<string, unknown>>> = {
  roll: fc.record({
    expression: fc.string({ maxLength: 402 }), purpose: fc.option(fc.string({ maxLength: 502 }), { nil: null }),
    terms: fc.array(term, { maxLength: 3 }), modifiers: fc.array(fc.record({ label: fc.string({ maxLength: 202 }), value: int }), { maxLength: 3 }),
    total: int, tableRow: fc.option(fc.string({ maxLength: 302 }), { nil: null }), salt: fc.option(hex(32), { nil: null }),
  }),
  'epoch-open': fc.record({ scope: fc.string(), commitment: hex(64), closesAt: fc.option(int, { nil: null }) }),
  'epoch-reveal': fc.record({ scope: fc.string(), commitment: hex(64), seed: hex(64), rolls: int, lastSeq: int, lastHash: hex(64) }, { requiredKeys: ['scope', 'commitment', 'seed'] }),
  'epoch-void': fc.record({ scope: fc.string(), reason: fc.string({ maxLength: 502 }) }),
};

/** Values that break one thing: the wrong type, a float, NaN, a bad hex, too long, null, missing. */
const odd = fc.oneof(
  fc.anything(), fc.constantFrom(undefined, null, NaN, Infinity, 1.5, -0, 2 ** 53, '1', true, [], {}, 'A'.repeat(64), 'g'.repeat(32), `${'a'.repeat(64)}\n`, 0, -1, 2),
  hex(64), hex(32), fc.string({ maxLength: 600 }),
  // Each length limit and one past it.
  fc.constantFrom(...[200, 201, 300, 301, 400, 401, 500, 501].map((n) => 'x'.repeat(n))),
);

/** Replace, delete or add a member somewhere in the value (nested terms, dice and modifiers too). */
function mutate(v: unknown, path: readonly number[], replacement: unknown, op: number): unknown {
  if (typeof v !== 'object' || v === null) return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(v) ? [...v] : { ...(v as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || op === 2) { (copy as Record<string, unknown>)[`extra${path.length}`] = replacement; return copy; }
  const key = keys[path[0]! % keys.length]!;
  const here = copy as Record<string, unknown>;
  if (path.length === 1 || typeof here[key] !== 'object' || here[key] === null) {
    if (op === 1 && !Array.isArray(copy)) delete here[key];
    else here[key] = replacement;
  } else {
    here[key] = mutate(here[key], path.slice(1), replacement, op);
  }
  return copy;
}

describe('isDetailOf (verify, without zod)', () => {
  it.each(ENTRY_KINDS)('accepts every valid %s detail zod accepts, and rejects the invalid ones zod rejects', (kind) => {
    fc.assert(fc.property(VALID[kind], (v) => { expect(isDetailOf(kind, v)).toBe(zodSays(kind, v)); }), { numRuns: 400 });
  });

  it.each(ENTRY_KINDS)('agrees with zod on %s details with one member replaced, deleted or added, at any depth', (kind) => {
    fc.assert(fc.property(VALID[kind], fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), odd, fc.nat(2), (v, path, replacement, op) => {
      const m = mutate(v, path, replacement, op);
      expect(isDetailOf(kind, m)).toBe(zodSays(kind, m));
    }), { numRuns: 1500 });
  });

  it('agrees with zod on arbitrary values, and on each kind given another kind\'s detail', () => {
    fc.assert(fc.property(fc.constantFrom(...ENTRY_KINDS), fc.oneof(odd, ...ENTRY_KINDS.map((k) => VALID[k])), (kind, v) => {
      expect(isDetailOf(kind, v)).toBe(zodSays(kind, v));
    }), { numRuns: 1500 });
  });

  it('agrees with zod at each length limit and one past it', () => {
    const roll = { expression: '1d6', purpose: null, terms: [], modifiers: [], total: 0, tableRow: null, salt: null };
    for (const n of [200, 201, 300, 301, 400, 401, 500, 501]) {
      const s = 'x'.repeat(n);
      for (const v of [{ ...roll, expression: s }, { ...roll, purpose: s }, { ...roll, tableRow: s }, { ...roll, modifiers: [{ label: s, value: 1 }] }]) {
        expect(isDetailOf('roll', v)).toBe(zodSays('roll', v));
      }
      const voided = { scope: 'guild', reason: s };
      expect(isDetailOf('epoch-void', voided)).toBe(zodSays('epoch-void', voided));
    }
  });

  it('rejects a kind that is not an entry kind instead of throwing', () => {
    expect(isDetailOf('roll-call' as EntryKind, {})).toBe(false);
  });

  it('accepts the details the bot writes', () => {
    const roll = { expression: '2d6+1', purpose: null, terms: [{ kind: 'dice', sign: 1, notation: '2d6', sides: 6, dice: [{ face: 3, kept: true }, { face: 5, kept: true }], subtotal: 8 }, { kind: 'const', sign: 1, value: 1 }], modifiers: [{ label: 'attached general', value: 1 }], total: 10, tableRow: null, salt: null };
    expect(isDetailOf('roll', roll)).toBe(true);
    expect(isDetailOf('roll', { ...roll, salt: 'ab'.repeat(16) })).toBe(true);
    expect(isDetailOf('roll', { ...roll, total: 10.5 })).toBe(false);
    expect(isDetailOf('epoch-reveal', { scope: 'guild', commitment: 'a'.repeat(64), seed: 'b'.repeat(64), rolls: 3, lastSeq: 4, lastHash: 'c'.repeat(64) })).toBe(true);
    expect(isDetailOf('epoch-reveal', { scope: 'guild', commitment: 'a'.repeat(64), seed: 'b'.repeat(64), rolls: -1 })).toBe(false);
  });
});
