import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson } from '../../src/dice/canonical';
import { headerJson, versionedHeader } from '../../src/dice/chain';
import type { ChainHeader } from '../../src/dice/entry';

// headerJson writes the hashed header by hand, with JSON.stringify skipped for plain text
// (issue 12): it must equal the generic canonical serializer on every input, escapes included.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  // Any UTF-16 code units: quotes, backslashes, controls, lone and paired surrogates.
  fc.string({ unit: codeUnit }),
  fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\ud800', '\udc00', 'é', 'a') }),
);
const int = fc.oneof(fc.integer(), fc.constantFrom(0, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
const header: fc.Arbitrary<ChainHeader> = fc.record({
  guildId: text, seq: int, kind: fc.constantFrom('epoch-open', 'roll', 'epoch-reveal', 'epoch-void'), createdAt: int,
  actorId: text, actorName: text, gameId: fc.option(text, { nil: null }), epochId: fc.option(int, { nil: null }),
  rollIndex: fc.option(int, { nil: null }), visibility: fc.constantFrom('public', 'private'), derivesFrom: fc.option(text, { nil: null }),
  detailHash: fc.oneof(text, fc.stringMatching(/^[0-9a-f]{64}$/)),
});

describe('headerJson', () => {
  it('equals canonicalJson of the versioned header for any header', () => {
    fc.assert(fc.property(header, (h) => { expect(headerJson(h)).toBe(canonicalJson(versionedHeader(h))); }), { numRuns: 3000 });
  });

  it('escapes what JSON escapes, field by field', () => {
    const h: ChainHeader = { guildId: 'g"1', seq: 1, kind: 'roll', createdAt: 0, actorId: 'a\\b', actorName: 'N\ney\u0001', gameId: '\ud800', epochId: null, rollIndex: null, visibility: 'public', derivesFrom: '\ud83d\ude00', detailHash: 'x' };
    expect(headerJson(h)).toBe(canonicalJson(versionedHeader(h)));
    expect(headerJson(h)).toContain('"actorName":"N\\ney\\u0001"');
    expect(headerJson(h)).toContain('"gameId":"\\ud800"');
  });

  it('refuses a number that is not a safe integer', () => {
    const h = { guildId: 'g', seq: 1.5, kind: 'roll', createdAt: 0, actorId: 'a', actorName: 'n', gameId: null, epochId: null, rollIndex: null, visibility: 'public', derivesFrom: null, detailHash: 'x' } as ChainHeader;
    expect(() => headerJson(h)).toThrow(/safe integer/);
  });
});
