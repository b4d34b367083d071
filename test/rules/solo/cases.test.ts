import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSoloExpectation, parseSoloCases, runSoloCase, type SoloCase } from '../../helpers/solo-cases';

// Plain-text Kuryakin adjudication cases (format: test/helpers/solo-cases.ts), one file per topic.
const DIR = join(import.meta.dirname, 'cases');
const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();
const casesOf = (file: string): SoloCase[] => parseSoloCases(readFileSync(join(DIR, file), 'utf8'));

describe.each(files)('Kuryakin cases: %s', (file) => {
  it.each(casesOf(file).map((c) => [`${c.case} (${c.rule})`, c] as const))('%s', (_name, c) => {
    expect(c.rule, 'a case names the rule line it checks').toMatch(/L\d+|K-\d+|KS-\d+/);
    expect(c.expect.length, 'a case asserts something').toBeGreaterThan(0);
    const r = runSoloCase(c);
    const failures = c.expect.map((line) => checkSoloExpectation(line, r)).filter((x): x is string => x !== null);
    if (r.diceLeft !== 0) failures.push(`${r.diceLeft} scripted dice left over: every die must be used`);
    expect(failures, JSON.stringify(r.events, null, 1).slice(0, 6000)).toEqual([]);
  });
});

describe('the case format', () => {
  const base: SoloCase = { case: 't', rule: 'KUR L6', generals: ['F brigadier french TH average AV normal grade 6'], call: 'control', with: { brigadier: 'F' }, dice: [5], expect: [] };
  it('runs at least 30 Kuryakin cases', () => {
    expect(files.reduce((n, f) => n + casesOf(f).length, 0)).toBeGreaterThanOrEqual(30);
  });
  it('an expectation that does not hold fails, with what it got', () => {
    const r = runSoloCase(base);
    expect(checkSoloExpectation('passes true', r)).toBeNull();
    expect(checkSoloExpectation('passes false', r)).toMatch(/expected false, got true/);
    expect(checkSoloExpectation('rolls KUR L6 totals 4', r)).toMatch(/expected 4, got 5/);
    expect(checkSoloExpectation('placeholder move.baseMm', r)).toMatch(/no number labelled/);
    expect(checkSoloExpectation('sings', r)).toMatch(/unknown expectation/);
  });
  it('a die left over, a bad unit line and an unknown call are caught', () => {
    expect(runSoloCase({ ...base, dice: [5, 5] }).diceLeft).toBe(1);
    expect(() => runSoloCase({ ...base, units: ['x line-inf Z line 5'] })).toThrow(/bad class "Z"/);
    expect(() => runSoloCase({ ...base, call: 'dance' })).toThrow(/unknown call/);
  });
});
