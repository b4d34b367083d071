import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listScenarios, loadScenarioFile, parseScenarioYaml, SCENARIO_ERROR_CODES, SHIPPED_SCENARIOS } from '../../../src/rules/scenario';
import { locate } from '../../../src/rules/scenario/locate';
import { BASE, edit } from './fixture';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'estafette-scenarios-'));
  await mkdir(join(dir, 'dram'));
  await mkdir(join(dir, 'notes'));
  await writeFile(join(dir, 'dram', 'test-bridge.yaml'), BASE);
  await writeFile(join(dir, 'dram', 'wrong-name.yaml'), BASE);
  await writeFile(join(dir, 'dram', 'readme.txt'), 'not a scenario');
  await writeFile(join(dir, 'notes', 'x.yaml'), 'not a ruleset folder');
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('loadScenarioFile and listScenarios', () => {
  it('lists only .yaml files in ruleset folders', async () => {
    expect(await listScenarios(dir)).toEqual([
      { ruleset: 'dram', id: 'test-bridge', path: join(dir, 'dram', 'test-bridge.yaml') },
      { ruleset: 'dram', id: 'wrong-name', path: join(dir, 'dram', 'wrong-name.yaml') },
    ]);
  });

  it('loads a file whose name and folder match its meta', async () => {
    const r = await loadScenarioFile(join(dir, 'dram', 'test-bridge.yaml'));
    expect(r.ok && r.value.meta.id).toBe('test-bridge');
  });

  it('reports a file named otherwise than its meta.id, with the path as file', async () => {
    const path = join(dir, 'dram', 'wrong-name.yaml');
    const r = await loadScenarioFile(path);
    expect(r.ok ? [] : r.error.map((e) => [e.file, e.line, e.code])).toEqual([[path, 2, 'scenario/file-mismatch']]);
  });

  it('reports a missing file as unreadable, not by throwing', async () => {
    const r = await loadScenarioFile(join(dir, 'dram', 'nope.yaml'));
    expect(r.ok ? 'ok' : r.error[0]!.code).toBe('scenario/unreadable');
  });

  it('the shipped folder is assets/scenarios', () => {
    expect(SHIPPED_SCENARIOS.replace(/\\/g, '/')).toMatch(/\/assets\/scenarios$/);
  });
});

describe('locating a path in the YAML', () => {
  const text = 'a:\n  b:\n    - x: 1\n    - { x: 2, y: [3, 4] }\n  c:\n';
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  it.each([
    [['a', 'b', 0, 'x'], undefined, { line: 3, column: 10 }], // a value in a block mapping
    [['a', 'b', 1, 'y', 1], undefined, { line: 4, column: 22 }], // an item of a flow sequence
    [['a', 'b', 1, 'y'], 'key' as const, { line: 4, column: 15 }], // the key itself
    [['a', 'b', 1, 'z'], undefined, { line: 4, column: 7 }], // missing key: the item that should hold it
    [['a', 'b', 5], undefined, { line: 2, column: 3 }], // missing item: the list's key
    [['a', 'c', 'd'], undefined, { line: 5, column: 3 }], // below an empty value: its key
    [[], undefined, { line: 1, column: 1 }],
  ])('%j', (path, at, pos) => {
    expect(locate(doc, lines, path, at)).toEqual(pos);
  });
});

describe('robustness', () => {
  // Every way of deleting one line of a valid file: the loader never throws, and every error
  // has a stable code and a line inside the file.
  it('deleting any single line gives well-formed errors or a valid scenario', () => {
    const lines = BASE.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const text = [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n');
      const r = parseScenarioYaml(text, 'cut.yaml');
      if (r.ok) continue;
      for (const e of r.error) {
        expect(SCENARIO_ERROR_CODES).toContain(e.code);
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.line).toBeLessThanOrEqual(lines.length);
        expect(e.hint).not.toBe('');
      }
    }
  });

  it('an alias bomb is refused, not expanded', () => {
    const bomb = 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n';
    const r = parseScenarioYaml(bomb);
    expect(r.ok ? 'ok' : r.error[0]!.code).toBe('scenario/yaml-syntax');
  });

  it('YAML anchors and merge keys work for repeated fields', () => {
    const text = edit(
      '          - { id: blue-1, name: Blue 1st, arm: infantry, sp: 3 }',
      '          - &line { id: blue-1, name: Blue 1st, arm: infantry, sp: 3 }',
    ).replace('          - { id: red-1, name: Red 1st, arm: infantry, sp: 3 }', '          - { <<: *line, id: red-1, name: Red 1st }');
    const r = parseScenarioYaml(text);
    expect(r.ok && r.value.orderOfBattle.red!.corps[0]!.divisions[0]).toEqual({ id: 'red-1', name: 'Red 1st', arm: 'infantry', strength: { kind: 'sp', sp: 3 }, rules: {} });
  });
});
