import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bp } from '../../../src/rules/bp/index';
import { BP_PROFILE } from '../../../src/rules/bp/profile';
import { spreadFigures } from '../../../src/rules/bp/scenario';
import { BP_SETTINGS_DEFAULTS } from '../../../src/rules/bp/settings';
import { parseScenarioYaml } from '../../../src/rules/scenario';

// The teaching scenario with one edit: each broken snippet must give exactly this error, placed
// at file:line:column (the loader's promise, test/rules/scenario/errors.test.ts).
const TEXT = readFileSync('assets/scenarios/bp/teaching.yaml', 'utf8');
const FILE = 'assets/scenarios/bp/teaching.yaml';
const edit = (from: string, to: string) => {
  expect(TEXT.split(from)).toHaveLength(2);
  return TEXT.replace(from, to);
};
const parse = (text: string) => parseScenarioYaml(text, FILE, { profiles: { bp: BP_PROFILE } });
const lineOf = (needle: string) => TEXT.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('the B&P scenario profile', () => {
  it('the teaching scenario parses and prepares: 11 units, 4 command figures, the farm as a building', () => {
    const r = parse(TEXT);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const d = bp.scenario.prepare(r.value, BP_SETTINGS_DEFAULTS);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(Object.keys(d.value.units)).toHaveLength(11);
    expect(Object.keys(d.value.commanders)).toHaveLength(4);
    expect(Object.keys(d.value.buildings)).toEqual(['kapellenhof']);
    expect(d.value.units['fr-bty']!.stands).toEqual([4]);
    expect(d.value.units['au-lw']).toMatchObject({ green: true, controlClass: 'C', formation: 'column', stands: [3, 3, 3, 3] });
    expect(d.value.units['au-hus']).toMatchObject({ arm: 'cavalry', heavy: false, stands: [2, 2, 2, 2] });
  });
  it.each([
    { name: 'strength in s.p.', from: 'arm: infantry, figures: 12, stands: 4, formation: skirmish }', to: 'arm: infantry, sp: 4, formation: skirmish }', code: 'scenario/strength', path: /divisions\[0\]\.sp/, line: lineOf('fr-1-24l, name'), message: /figures, not sp/ },
    { name: 'a formation B&P does not know', from: 'figures: 8, stands: 4, formation: column }', to: 'figures: 8, stands: 4, formation: limbered }', code: 'scenario/bad-value', path: /divisions\[3\]\.formation/, line: lineOf('fr-chass'), message: /limbered is not one/ },
    { name: 'a rules key B&P does not read', from: 'rules: { green: true, control: C }', to: 'rules: { green: true, control: C, elite: true }', code: 'scenario/unknown-field', path: /rules/, line: lineOf('au-lw, name'), message: /elite/ },
    { name: 'a control class that does not exist (L206)', from: 'control: C }', to: 'control: D }', code: 'scenario/bad-value', path: /rules\.control/, line: lineOf('au-lw, name'), message: /D/ },
    { name: 'more stands than figures', from: 'figures: 3, stands: 1', to: 'figures: 3, stands: 4', code: 'scenario/strength', path: /divisions\[3\]\.stands/, line: lineOf('au-farm, name'), message: /4 stands for 3 figures/ },
  ])('$name → $code at its line', (c) => {
    const r = parse(edit(c.from, c.to));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toHaveLength(1);
    const e = r.error[0]!;
    expect(e.code).toBe(c.code);
    expect(e.path).toMatch(c.path);
    expect(e.line).toBe(c.line);
    expect(e.message).toMatch(c.message);
  });
  it('prepare refuses cavalry in square (L40) and formations on a battery (L32)', () => {
    for (const [from, to, msg] of [
      ['figures: 8, stands: 4, formation: column }', 'figures: 8, stands: 4, formation: square }', /cavalry cannot form square/],
      ['à pied", arm: artillery, figures: 4 }', 'à pied", arm: artillery, figures: 4, formation: column }', /battery takes no formation/],
    ] as const) {
      const r = parse(edit(from, to));
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const d = bp.scenario.prepare(r.value, BP_SETTINGS_DEFAULTS);
      expect(!d.ok && d.error.map((p) => p.message).join(' ')).toMatch(msg);
    }
  });
  it('figures spread over stands, fuller first', () => {
    expect(spreadFigures(10, 4)).toEqual([3, 3, 2, 2]);
    expect(spreadFigures(12, 4)).toEqual([3, 3, 3, 3]);
    expect(spreadFigures(2, 4)).toEqual([1, 1]);
  });
});
