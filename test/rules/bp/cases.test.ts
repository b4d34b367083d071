import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseState, checkExpectation, parseCases, runCase, unexpectedRefusals, type BpCase } from '../../helpers/bp-cases';

// Plain-text B&P adjudication cases (format: test/helpers/bp-cases.ts), one file per topic.
const DIR = join(import.meta.dirname, 'cases');
const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();
const casesOf = (file: string): BpCase[] => parseCases(readFileSync(join(DIR, file), 'utf8'));

describe.each(files)('B&P cases: %s', (file) => {
  const cases = casesOf(file);
  it.each(cases.map((c) => [`${c.case} (${c.rule})`, c] as const))('%s', (_name, c) => {
    expect(c.rule, 'a case names the rule line it checks').toMatch(/L\d+|HR B-\d+|BP-/);
    expect(c.expect.length, 'a case asserts something').toBeGreaterThan(0);
    caseState(c); // the set-up parses
    const r = runCase(c);
    const failures = c.expect.map((line) => checkExpectation(line, r)).filter((x): x is string => x !== null);
    failures.push(...unexpectedRefusals(c, r));
    if (r.diceLeft !== 0) failures.push(`${r.diceLeft} scripted dice left over: every die must be used`);
    expect(failures, JSON.stringify(r.events, null, 1).slice(0, 6000)).toEqual([]);
  });
});

describe('the case format', () => {
  const base = { case: 't', rule: 'B&P L39', acts: ['move A forward 4in'], expect: ['A at 20,14'] };
  it('runs at least 40 B&P cases', () => {
    expect(files.reduce((n, f) => n + casesOf(f).length, 0)).toBeGreaterThanOrEqual(40);
  });
  it('an expectation that does not hold fails, with what it got', () => {
    const r = runCase({ ...base, units: ['A fr infantry line 3,3,3,3 at 20,10'] });
    expect(checkExpectation('A at 20,14', r)).toBeNull();
    expect(checkExpectation('A at 20,15', r)).toMatch(/expected 20,15/);
    expect(checkExpectation('A figures 11', r)).toMatch(/expected 11, got 12/);
    expect(checkExpectation('A sings', r)).toMatch(/unknown expectation/);
  });
  it('a refusal nobody expected fails the case', () => {
    const c = { ...base, acts: ['move A forward 5in'], units: ['A fr infantry line 3,3,3,3 at 20,10'] };
    expect(unexpectedRefusals(c, runCase(c))).toEqual([expect.stringMatching(/move\/too-far/)]);
  });
  it('bad set-up lines say how to write them', () => {
    expect(() => caseState({ ...base, units: ['A fr dragoons line 2,2 at 1,1'] })).toThrow(/one of infantry/);
    expect(() => caseState({ ...base, units: ['A fr infantry line 3,3 at 1,1 sleepy'] })).toThrow(/unknown unit word "sleepy"/);
  });
});
