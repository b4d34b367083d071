import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packBlocks, splitLine } from '../../src/narrative/split';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What packing must preserve: the messages, read in order, are the input's lines in order,
 * with nothing lost or added except a line break where a too-long line had to be cut. So:
 * join the messages, fold the blank lines between blocks, and the input's text must come out
 * once more after deleting some "\n" — and only "\n" — characters.
 */
function checkPacking(blocks: readonly (readonly string[])[], messages: readonly string[], limit: number): void {
  const lines = blocks.flat().filter((l) => l.length > 0);
  for (const m of messages) {
    expect(m.length).toBeGreaterThan(0);
    expect(m.length).toBeLessThanOrEqual(limit);
    expect(m).not.toMatch(LONE_SURROGATE);
    expect(m.startsWith('\n') || m.endsWith('\n')).toBe(false);
  }
  const original = lines.join('\n');
  const joined = messages.join('\n').replace(/\n\n/g, '\n');
  let i = 0;
  let inserted = 0;
  for (const c of joined) {
    if (original.startsWith(c, i)) i += c.length;
    else if (c === '\n') inserted++;
    else throw new Error(`unexpected ${JSON.stringify(c)} at ${i}`);
  }
  expect(i).toBe(original.length);
  expect(inserted).toBeLessThanOrEqual(Math.max(0, messages.length - 1));
  // Never mid-line: every line that fits in a message is one whole line of some message, in order.
  const messageLines = messages.flatMap((m) => m.split('\n'));
  let k = 0;
  for (const line of lines.filter((l) => l.length <= limit)) {
    while (k < messageLines.length && messageLines[k] !== line) k++;
    expect(k, `line ${JSON.stringify(line.slice(0, 40))} kept whole`).toBeLessThan(messageLines.length);
    k++;
  }
}

// Lines without newlines, mixing ASCII, accents, emoji (surrogate pairs, ZWJ sequences) and spaces.
const unit = fc.constantFrom('a', 'b', ' ', 'é', '🎲', '⚔️', '👨‍👩‍👧', '\\', '*', 'Z');
const shortLine = fc.string({ unit, maxLength: 60 });
const anyText = fc.string({ unit: 'grapheme', maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, ' '));

describe('packing lines into Discord messages', () => {
  it('keeps every line, in order, within a small limit (long lines, emoji, blank lines)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 2, max: 120 }),
      fc.array(fc.array(fc.oneof(shortLine, anyText, fc.string({ unit, minLength: 100, maxLength: 400 })), { maxLength: 8 }), { maxLength: 8 }),
      (limit, blocks) => checkPacking(blocks, packBlocks(blocks, limit), limit),
    ), { numRuns: 400 });
  });

  it('keeps every line, in order, at Discord\'s 2000 characters (lines up to 5000)', () => {
    fc.assert(fc.property(
      fc.array(fc.array(fc.oneof(shortLine, fc.string({ unit, minLength: 1500, maxLength: 5000 })), { maxLength: 6 }), { maxLength: 6 }),
      (blocks) => {
        const messages = packBlocks(blocks);
        checkPacking(blocks, messages, 2000);
      },
    ), { numRuns: 60 });
  });

  it('moves a block that does not fit to the next message instead of cutting it', () => {
    const a = ['x'.repeat(10), 'y'.repeat(10)];
    const b = ['z'.repeat(10), 'w'.repeat(10)];
    expect(packBlocks([a, b], 40)).toEqual([a.join('\n'), b.join('\n')]);
    expect(packBlocks([a, b], 44)).toEqual([`${a.join('\n')}\n\n${b.join('\n')}`]);
  });

  it('cuts a block longer than a message between lines', () => {
    expect(packBlocks([['aaaa', 'bbbb', 'cccc']], 10)).toEqual(['aaaa\nbbbb', 'cccc']);
  });

  it('cuts a too-long line after a space, and the pieces make up the line', () => {
    const line = 'one two three four five six';
    expect(splitLine(line, 10)).toEqual(['one two ', 'three ', 'four five ', 'six']);
    expect(splitLine(line, 10).join('')).toBe(line);
    // Not before a "-": the next message would start a list or subtext.
    expect(splitLine('aaaa bbbb -cc dd', 10)).toEqual(['aaaa ', 'bbbb -cc ', 'dd']);
  });

  it('cuts a word longer than a message at the limit, never inside an emoji', () => {
    expect(splitLine('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(splitLine('ab🎲cd', 3)).toEqual(['ab', '🎲c', 'd']);
  });

  it('drops empty lines and blocks: Discord refuses an empty message', () => {
    expect(packBlocks([[], [''], ['a', '', 'b']], 2000)).toEqual(['a\nb']);
    expect(packBlocks([], 2000)).toEqual([]);
    expect(packBlocks([['a\n\nb']], 2000)).toEqual(['a\nb']);
  });
});
