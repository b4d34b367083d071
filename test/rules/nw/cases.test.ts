import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseState, caseState, checkExpectation, expectationProblem, parseCases, runCase, unexpectedRefusals, type NwCase } from '../../helpers/nw-cases';

// Plain-text NW adjudication cases (format: test/helpers/nw-cases.ts), one file per phase.
const DIR = join(import.meta.dirname, 'cases');
const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();
const casesOf = (file: string): NwCase[] => parseCases(readFileSync(join(DIR, file), 'utf8'));

/** Every failure of the case: expectations, refusals nobody expected, dice left over. */
async function failuresOf(c: NwCase): Promise<{ failures: string[]; detail: string }> {
  const r = await runCase(c);
  const failures = (c.expect ?? []).map((line) => checkExpectation(line, r)).filter((x): x is string => x !== null);
  failures.push(...unexpectedRefusals(c, r));
  if (r.diceLeft !== 0) failures.push(`${r.diceLeft} scripted dice left over: every die must be used`);
  return { failures, detail: JSON.stringify(r.events, null, 1).slice(0, 6000) };
}

describe.each(files)('NW cases: %s', (file) => {
  const cases = casesOf(file);

  // Well-formed, known cases included: pieces parse, every expectation is known and names pieces of the case.
  it('every case is well-formed', async () => {
    const base = await baseState();
    for (const c of cases) {
      const s = caseState(base, c);
      const problems = (c.expect ?? []).map((l) => expectationProblem(l, s)).filter((x) => x !== null);
      expect(problems, c.case).toEqual([]);
      expect((c.expect ?? []).length, `${c.case}: a case asserts something`).toBeGreaterThan(0);
    }
  });

  for (const c of cases) {
    const name = `${c.case} (${c.rule})`;
    if (c.known) {
      // The code disagrees with the rule text: expected to fail until the code is fixed.
      it.fails(`${name} [known: ${c.known}]`, async () => {
        const { failures, detail } = await failuresOf(c);
        expect(failures, detail).toEqual([]);
      });
    } else {
      it(name, async () => {
        const { failures, detail } = await failuresOf(c);
        expect(failures, detail).toEqual([]);
      });
    }
  }
});

it('has at least 58 NW cases, in every phase', () => {
  const all = files.flatMap(casesOf);
  expect(all.length).toBeGreaterThanOrEqual(58);
  expect(new Set(all.map((c) => c.phase))).toEqual(new Set(['initiative', 'skirmish', 'artillery', 'maneuver', 'reaction', 'combat', 'rally']));
});
