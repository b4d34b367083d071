import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAnrtCases, runAnrtCase } from '../../helpers/anrt-cases';

/** The plain-text ANRT cases (test/rules/anrt/cases/*.yaml; format in test/helpers/anrt-cases.ts). */
const DIR = 'test/rules/anrt/cases';

for (const file of readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort()) {
  describe(file, () => {
    for (const c of loadAnrtCases(`${DIR}/${file}`)) {
      it(`${c.case} (${c.rule})`, () => {
        const got = runAnrtCase(c);
        const { ask, ...rest } = c.expect as { ask?: string };
        if (ask !== undefined) {
          expect(got.ask, 'the GM is asked').toBeTypeOf('string');
          expect(got.ask).toContain(ask);
        } else {
          expect(got.ask, 'no question for the GM').toBeUndefined();
        }
        expect(got).toMatchObject(rest);
      });
    }
  });
}

it('there are at least 30 plain-text cases', () => {
  const n = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).reduce((k, f) => k + loadAnrtCases(`${DIR}/${f}`).length, 0);
  expect(n).toBeGreaterThanOrEqual(30);
});
