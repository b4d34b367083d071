import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExpectation, parseCases, runCase } from '../../helpers/dram-cases';

// Plain-text adjudication cases (format: test/helpers/dram-cases.ts), one file per phase.
const DIR = join(import.meta.dirname, 'cases');
const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();

describe.each(files)('DRAM cases: %s', (file) => {
  const cases = parseCases(readFileSync(join(DIR, file), 'utf8'));
  it.each(cases.map((c) => [`${c.case} (${c.rule})`, c] as const))('%s', (_name, c) => {
    const r = runCase(c);
    if (c.phase === 'validate') {
      expect(r.rejected ?? 'none').toBe(c.reject ?? 'none');
    }
    const failures = (c.expect ?? []).map((line) => checkExpectation(line, r.state, r.events)).filter((x): x is string => x !== null);
    expect(failures, JSON.stringify(r.events, null, 1).slice(0, 4000)).toEqual([]);
    expect(r.diceLeft, 'every scripted die must be used').toBe(0);
  });
});

it('has at least 30 DRAM cases', () => {
  const n = files.reduce((a, f) => a + parseCases(readFileSync(join(DIR, f), 'utf8')).length, 0);
  expect(n).toBeGreaterThanOrEqual(30);
});
