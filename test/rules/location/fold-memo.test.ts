import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, FOLDS_KEPT } from '../../../src/rules/location/names';

/**
 * foldText remembers what it folded (issue 12: players send the same texts again and again). A
 * remembered answer must be the answer: the first call, a repeat, and a repeat after the memo has
 * been filled past FOLDS_KEPT and started again all give the same text.
 */
describe('foldText, remembered', () => {
  it('folds as the grammar needs, the first time and when remembered', () => {
    for (let k = 0; k < 2; k++) {
      expect(foldText('  Toward  SAINT-Rémy ‘Bridge’ 1mi ')).toBe("toward saint-remy 'bridge' 1mi");
      expect(foldText('forward 9’’')).toBe('forward 9"');
      expect(foldText('Ｆ７')).toBe('f7');
    }
  });

  it('gives the same answer before, during and after the memo fills and starts again', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 40 }), (texts) => {
        const first = texts.map((t) => foldText(t));
        // Push every one of them out of the memo, then ask again.
        for (let i = 0; i <= FOLDS_KEPT; i++) foldText(`filler ${i} ${texts.length}`);
        expect(texts.map((t) => foldText(t))).toEqual(first);
        expect(texts.map((t) => foldText(t))).toEqual(first);
      }),
      { numRuns: 30 },
    );
  });

  it('does not hand one text the fold of another', () => {
    const texts = Array.from({ length: FOLDS_KEPT * 2 + 5 }, (_, i) => `Forward ${i}IN`);
    for (const t of texts) foldText(t);
    texts.forEach((t, i) => expect(foldText(t)).toBe(`forward ${i}in`));
  });
});
