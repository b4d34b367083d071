import { describe, expect, it } from 'vitest';
import { formatScenarioError, parseScenarioYaml, SCENARIO_ERROR_CODES, type ScenarioError } from '../../../src/rules/scenario';
import { SCENARIO_PROFILES } from '../../../src/rules/index';
import { BASE, edit } from './fixture';

/** The errors of a text that must not parse. */
function errorsOf(text: string, options?: Parameters<typeof parseScenarioYaml>[2]): ScenarioError[] {
  const r = parseScenarioYaml(text, 'test.yaml', { profiles: SCENARIO_PROFILES, ...options });
  if (r.ok) throw new Error('expected the scenario to be rejected');
  return r.error;
}

/** Exactly one error, and it is this one. */
function onlyError(text: string): ScenarioError {
  const errors = errorsOf(text);
  expect(errors.map(formatScenarioError)).toHaveLength(1);
  return errors[0]!;
}

describe('the fixture', () => {
  it('is a valid scenario (so every case below fails for its own edit alone)', () => {
    const r = parseScenarioYaml(BASE);
    expect(r.ok ? 'ok' : r.error.map(formatScenarioError)).toBe('ok');
  });
});

// Each broken snippet: the edit, then the one error it must produce. Line and column are
// 1-based positions in the edited text; the comment says what a human would have done.
type Case = { name: string; from: string; to: string; code: string; path: string; line: number; column: number; message?: RegExp; hint?: RegExp };
const CASES: Case[] = [
  // A misspelt order chit (DRAM §5): points at the value, suggests the code.
  { name: 'misspelt order', from: 'facing: N, order: A }', to: 'facing: N, order: Atack }', code: 'scenario/bad-order', path: 'deployment[2].order', line: 53, column: 52, hint: /Did you mean A \(Attack\)\?/ },
  // An order written out in full is still not a code.
  { name: 'order by name', from: 'facing: 0, order: D }', to: 'facing: 0, order: Deploy }', code: 'scenario/bad-order', path: 'deployment[3].order', line: 54, column: 47, hint: /Did you mean D \(Deploy\)\?/ },
  { name: 'duplicate objective id', from: 'id: hold-mill', to: 'id: hold-hamlet', code: 'scenario/duplicate-id', path: 'victory.objectives[1].id', line: 64, column: 13, message: /used twice \(see line 63\)/ },
  // Names are matched without case or accents, so "moulin" is Moulin again.
  { name: 'duplicate landmark alias', from: '{ name: North edge, at: [12, 11.5] }', to: '{ name: North edge, at: [12, 11.5], aliases: [moulin] }', code: 'scenario/duplicate-id', path: 'map.landmarks[1].aliases[0]', line: 21, column: 53, message: /already taken \(see line 20\)/ },
  { name: 'unresolved landmark', from: 'at: Moulin, facing', to: 'at: Moulni, facing', code: 'scenario/unknown-landmark', path: 'deployment[6].at', line: 57, column: 24, hint: /Did you mean 'Moulin'\?/ },
  { name: 'deployed and a reinforcement', from: '{ unit: red-2, at: off-table }', to: '{ unit: red-2, at: [6, 10], facing: S, order: D }', code: 'scenario/deployed-twice', path: 'reinforcements[0].units[0]', line: 60, column: 15, message: /already deployed on the table \(see line 58\)/ },
  { name: 'position off the table', from: 'at: [12, 3], facing: N', to: 'at: [12, 13], facing: N', code: 'scenario/off-table', path: 'deployment[2].at', line: 53, column: 25, message: /\(12, 13\) is off the 24" × 12" table/ },
  { name: 'grid reference off the map', from: 'at: B2, facing', to: 'at: B3, facing', code: 'scenario/off-table', path: 'deployment[3].at', line: 54, column: 25 },
  { name: 'misspelt key', from: '{ general: red-chief, at: [20, 10], facing: S }', to: '{ general: red-chief, at: [20, 10], facng: S }', code: 'scenario/unknown-field', path: 'deployment[4].facng', line: 55, column: 41, hint: /Did you mean 'facing'\?/ },
  { name: 'missing field', from: '  turns: 4\n', to: '', code: 'scenario/missing', path: 'meta.turns', line: 1, column: 1, message: /'turns' is required/ },
  { name: 'polygon of two points', from: 'polygon: [[10, 7], [14, 7], [14, 9], [10, 9]]', to: 'polygon: [[10, 7], [14, 7]]', code: 'scenario/too-few-points', path: 'map.terrain[2].polygon', line: 18, column: 46 },
  { name: 'same colour twice', from: 'colour: "#b22222"', to: 'colour: "#1F4E9C"', code: 'scenario/colour-clash', path: 'sides[1].colour', line: 24, column: 35, message: /same colour as 'blue'/ },
  // Unquoted, "#…" is a YAML comment: the value is empty. The error points where it should be.
  { name: 'unquoted colour', from: '{ id: red, name: Red, colour: "#b22222", commander: red-chief }', to: 'id: red\n    name: Red\n    commander: red-chief\n    colour: #b22222', code: 'scenario/missing', path: 'sides[1].colour', line: 27, column: 13, hint: /in quotes/ },
  { name: 'unit not deployed', from: '  - { unit: blue-1, at: [12, 3], facing: N, order: A }\n', to: '', code: 'scenario/not-deployed', path: 'orderOfBattle.blue.corps[0].divisions[0].id', line: 36, column: 19 },
  { name: 'off-table without a reinforcement', from: 'reinforcements:\n  - { units: [red-2], turn: 2, at: North edge, facing: S, order: M }\n', to: '', code: 'scenario/not-deployed', path: 'deployment[7].unit', line: 58, column: 13 },
  { name: 'historical without sources', from: 'historical: false', to: 'historical: true', code: 'scenario/missing-sources', path: 'meta.sources', line: 1, column: 1 },
  { name: 'unknown corps general', from: 'general: red-corps-general\n', to: 'general: red-corps-genral\n', code: 'scenario/unknown-ref', path: 'orderOfBattle.red.corps[0].general', line: 46, column: 18, hint: /Did you mean 'red-corps-general'\?/ },
  { name: 'army general commanding a corps', from: 'general: blue-corps-general\n', to: 'general: blue-chief\n', code: 'scenario/level-mismatch', path: 'orderOfBattle.blue.corps[0].general', line: 34, column: 18 },
  { name: 'general of the other side', from: 'commander: red-chief', to: 'commander: blue-chief', code: 'scenario/unknown-ref', path: 'sides[1].commander', line: 24, column: 57, message: /belongs to side 'blue'/ },
  { name: 'sp and composition', from: '{ id: blue-1, name: Blue 1st, arm: infantry, sp: 3 }', to: '{ id: blue-1, name: Blue 1st, arm: infantry, sp: 3, composition: { infantry: 4000 }, grade: average-line, officers: good }', code: 'scenario/strength', path: 'orderOfBattle.blue.corps[0].divisions[0].sp', line: 36, column: 58 },
  { name: 'guns without gun weight', from: 'officers: good, gunWeight: light }', to: 'officers: good }', code: 'scenario/strength', path: 'orderOfBattle.blue.corps[0].divisions[1].composition.guns', line: 37, column: 95 },
  { name: 'arm that the composition contradicts', from: 'arm: infantry, composition', to: 'arm: light-cavalry, composition', code: 'scenario/strength', path: 'orderOfBattle.blue.corps[0].divisions[1].arm', line: 37, column: 48, message: /no lightCavalry/ },
  { name: 'composition without a grade', from: 'grade: average-line, officers: good, gunWeight', to: 'officers: good, gunWeight', code: 'scenario/strength', path: 'orderOfBattle.blue.corps[0].divisions[1]', line: 37, column: 13, hint: /grade: one of excellent/ },
  // Figures are a battalion-level game's strength (B&P L12): DRAM's profile refuses them, at the key.
  { name: 'figures in a DRAM scenario', from: 'Blue 1st, arm: infantry, sp: 3 }', to: 'Blue 1st, arm: infantry, figures: 12 }', code: 'scenario/strength', path: 'orderOfBattle.blue.corps[0].divisions[0].figures', line: 36, column: 58, message: /sp or historical, not figures/, hint: /sp: 3/ },
  { name: 'stands beside sp', from: 'Blue 1st, arm: infantry, sp: 3 }', to: 'Blue 1st, arm: infantry, sp: 3, stands: 4 }', code: 'scenario/strength', path: 'orderOfBattle.blue.corps[0].divisions[0].stands', line: 36, column: 65, message: /counted in figures/ },
  { name: 'grade beside sp', from: 'arm: infantry, sp: 3 }\n          - { id: blue-2', to: 'arm: infantry, sp: 3, grade: good-line }\n          - { id: blue-2', code: 'scenario/strength', path: 'orderOfBattle.blue.corps[0].divisions[0].grade', line: 36, column: 65 },
  // DRAM stands take no ruleset block yet: a stray one is refused, not ignored.
  { name: 'unknown DRAM unit rule', from: 'arm: heavy-cavalry, sp: 2 }', to: 'arm: heavy-cavalry, sp: 2, rules: { morale: 3 } }', code: 'scenario/unknown-field', path: 'orderOfBattle.red.corps[0].divisions[1].rules.morale', line: 49, column: 77 },
  { name: 'arm misspelt', from: 'arm: heavy-cavalry', to: 'arm: heavy-cavalery', code: 'scenario/bad-value', path: 'orderOfBattle.red.corps[0].divisions[1].arm', line: 49, column: 46, hint: /Did you mean 'heavy-cavalry'\?/ },
  { name: 'number as text', from: 'turns: 4', to: 'turns: four', code: 'scenario/wrong-type', path: 'meta.turns', line: 11, column: 10 },
  { name: 'reinforcement after the last turn', from: 'turn: 2, at: North edge', to: 'turn: 9, at: North edge', code: 'scenario/out-of-range', path: 'reinforcements[0].turn', line: 60, column: 29 },
  { name: 'order of battle for a side that does not exist', from: 'deployment:\n', to: '  redd: { army: X, generals: [{ id: x-chief, name: X, level: army, rules: { cr: 1, ap: 1 } }], corps: [{ id: x-corps, name: X, general: x-chief, divisions: [{ id: x-1, name: X, arm: infantry, sp: 1 }] }] }\ndeployment:\n', code: 'scenario/sides-mismatch', path: 'orderOfBattle.redd', line: 50, column: 3, hint: /Did you mean 'red'\?/ },
  { name: 'bridge off its stream', from: 'at: [12, 6], crosses', to: 'at: [12, 9], crosses', code: 'scenario/crossing-off-line', path: 'map.terrain[1].at', line: 17, column: 44 },
  { name: 'village drawn as a line', from: 'kind: built-up, polygon', to: 'kind: built-up, line', code: 'scenario/wrong-geometry', path: 'map.terrain[2].line', line: 18, column: 37, message: /drawn with 'polygon', not 'line'/ },
  { name: 'objective at an unknown area', from: 'area: hamlet', to: 'area: hamlett', code: 'scenario/unknown-ref', path: 'victory.objectives[0].area', line: 63, column: 32, hint: /Did you mean 'hamlet'\?/ },
  { name: 'landmark objective without radius', from: 'landmark: the mill, radius: 2,', to: 'landmark: the mill,', code: 'scenario/missing', path: 'victory.objectives[1]', line: 64, column: 7 },
  { name: 'wrong scale for DRAM', from: 'inchesPerMile: 6', to: 'inchesPerMile: 3', code: 'scenario/scale-mismatch', path: 'meta.scale.inchesPerMile', line: 8, column: 27 },
  { name: 'DRAM general without CR', from: 'rules: { cr: 1, ap: 2 } }\n    corps:\n      - id: red-corps', to: 'rules: { ap: 2 } }\n    corps:\n      - id: red-corps', code: 'scenario/missing', path: 'orderOfBattle.red.generals[1].rules.cr', line: 42, column: 73 },
  { name: 'bad id', from: 'id: hold-hamlet', to: 'id: Hold Hamlet', code: 'scenario/bad-id', path: 'victory.objectives[0].id', line: 63, column: 13, hint: /hold-hamlet/ },
  { name: 'bad clock time', from: 'firstTurn: "10:00"', to: 'firstTurn: "10h00"', code: 'scenario/bad-format', path: 'meta.firstTurn', line: 10, column: 14 },
  { name: 'point of one number', from: '{ name: North edge, at: [12, 11.5] }', to: '{ name: North edge, at: [12] }', code: 'scenario/bad-point', path: 'map.landmarks[1].at', line: 21, column: 31, hint: /\[12, 8\]/ },
  { name: 'place that is neither', from: 'at: North edge, facing', to: 'at: true, facing', code: 'scenario/bad-place', path: 'reinforcements[0].at', line: 60, column: 36 },
  { name: 'facing out of range', from: 'at: B2, facing: 0,', to: 'at: B2, facing: 360,', code: 'scenario/out-of-range', path: 'deployment[3].facing', line: 54, column: 37 },
];

describe('broken scenarios: code, path, line and column', () => {
  it.each(CASES)('$name', (c) => {
    const e = onlyError(edit(c.from, c.to));
    expect({ code: e.code, path: e.path, line: e.line, column: e.column }).toEqual({ code: c.code, path: c.path, line: c.line, column: c.column });
    expect(e.file).toBe('test.yaml');
    if (c.message) expect(e.message).toMatch(c.message);
    if (c.hint) expect(e.hint).toMatch(c.hint);
    expect(e.hint.length).toBeGreaterThan(0);
  });

  it('covers every stable code but those tested on their own below (a new code needs a case)', () => {
    const covered = new Set(CASES.map((c) => c.code));
    // yaml-syntax and file-mismatch: below; unreadable: load.test.ts; invalid: the fallback for zod issues we never raise.
    expect(SCENARIO_ERROR_CODES.filter((c) => !covered.has(c))).toEqual(['scenario/yaml-syntax', 'scenario/file-mismatch', 'scenario/unreadable', 'scenario/invalid']);
  });
});

describe('YAML syntax errors', () => {
  it('an unclosed flow sequence is reported with its line', () => {
    const errors = errorsOf(edit('line: [[0, 6], [24, 6]] }', 'line: [[0, 6], [24, 6] }'));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.code === 'scenario/yaml-syntax')).toBe(true);
    expect(errors[0]!.line).toBe(16);
  });

  it('a tab used for indentation names the line and says to use spaces', () => {
    const errors = errorsOf(edit('  gridCell: 6\n', '\tgridCell: 6\n'));
    expect(errors[0]).toMatchObject({ code: 'scenario/yaml-syntax', line: 14 });
    expect(errors.map((e) => e.hint).join(' ')).toMatch(/spaces/);
  });

  it('a key given twice points at the second one', () => {
    const e = onlyError(edit('  turns: 4\n', '  turns: 4\n  turns: 5\n'));
    expect(e).toMatchObject({ code: 'scenario/yaml-syntax', line: 12, column: 3 });
    expect(e.hint).toMatch(/only once/);
  });

  it('a second document is refused', () => {
    const e = errorsOf(`${BASE}---\nmeta: {}\n`)[0]!;
    expect(e.code).toBe('scenario/yaml-syntax');
    expect(e.hint).toMatch(/One scenario per file/);
  });

  it('an empty file (or only comments) is one error at 1:1 that lists the sections', () => {
    for (const text of ['', '# nothing yet\n']) {
      const e = onlyError(text);
      expect(e).toMatchObject({ code: 'scenario/missing', line: 1, column: 1, path: '' });
      expect(e.hint).toMatch(/meta, map, sides, orderOfBattle/);
    }
  });

  it('a list where a mapping belongs is a wrong type at the top', () => {
    const e = onlyError('- meta\n- map\n');
    expect(e).toMatchObject({ code: 'scenario/wrong-type', line: 1, column: 1, path: '' });
  });
});

describe('several errors at once', () => {
  it('are all reported, in line order', () => {
    let text = edit('facing: N, order: A }', 'facing: N, order: Atack }');
    text = edit('at: Moulin, facing', 'at: Moulni, facing', text);
    text = edit('colour: "#b22222"', 'colour: "#1f4e9c"', text);
    const errors = errorsOf(text);
    expect(errors.map((e) => [e.line, e.code])).toEqual([
      [24, 'scenario/colour-clash'],
      [53, 'scenario/bad-order'],
      [57, 'scenario/unknown-landmark'],
    ]);
  });

  it('a structural error hides cross-field ones until it is fixed', () => {
    // The landmark is unknown too, but an unknown field stops the cross-checks.
    let text = edit('at: Moulin, facing', 'at: Moulni, facing');
    text = edit('{ id: brook, kind: stream,', '{ id: brook, knd: stream,', text);
    expect(errorsOf(text).map((e) => [e.code, e.path, e.line, e.column])).toEqual([
      ['scenario/missing', 'map.terrain[0].kind', 16, 7],
      ['scenario/unknown-field', 'map.terrain[0].knd', 16, 20],
    ]);
  });
});

describe('formatting', () => {
  it('reads file:line:column path: message [code], then the hint', () => {
    const e = onlyError(edit('facing: N, order: A }', 'facing: N, order: Atack }'));
    expect(formatScenarioError(e)).toBe(
      "test.yaml:53:52 deployment[2].order: 'Atack' is not a dram order [scenario/bad-order]\n    Did you mean A (Attack)? Orders are written as codes: D (Deploy), R (Reserve), A (Attack), M (Manoeuvre).",
    );
  });
});

describe('the file name must match meta', () => {
  it('reports id and ruleset mismatches at their lines', () => {
    const errors = errorsOf(BASE, { expect: { id: 'other', ruleset: 'nw' } });
    expect(errors.map((e) => [e.code, e.path, e.line])).toEqual([
      ['scenario/file-mismatch', 'meta.id', 2],
      ['scenario/file-mismatch', 'meta.ruleset', 5],
    ]);
  });
});

// The optional brigade level (issue 10 part 2): DRAM and NW scenarios use none; a battalion game's do.
describe('brigades in the order of battle', () => {
  const at = (text: string, needle: string) => {
    const i = text.indexOf(needle);
    const before = text.slice(0, i).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  };
  it('a unit naming a brigade that does not exist is refused at its brigade key, with the line and column', () => {
    const text = edit('{ id: blue-1, name: Blue 1st, arm: infantry, sp: 3 }', '{ id: blue-1, name: Blue 1st, arm: infantry, sp: 3, brigade: nowhere }');
    const e = onlyError(text);
    expect(e).toMatchObject({ code: 'scenario/unknown-ref', path: 'orderOfBattle.blue.corps[0].divisions[0].brigade', ...at(text, 'nowhere') });
    expect(e.message).toMatch(/no brigade has the id 'nowhere'/);
  });
  it('a brigade needs a brigade-level general, and DRAM has none', () => {
    const text = edit('    corps:\n      - id: blue-corps', '    brigades:\n      - { id: blue-bde, name: Blue Brigade, general: blue-corps-general }\n    corps:\n      - id: blue-corps');
    const e = onlyError(text);
    expect(e).toMatchObject({ code: 'scenario/level-mismatch', path: 'orderOfBattle.blue.brigades[0].general' });
    expect(e.message).toMatch(/needs a brigade general/);
    const bde = edit('general: blue-corps-general }', 'general: blue-brigadier }', edit('level: corps, rules: { cr: 1, ap: 2 } }\n    brigades', 'level: corps, rules: { cr: 1, ap: 2 } }\n      - { id: blue-brigadier, name: Blue Brigadier, level: brigade, rules: { cr: 1, ap: 1 } }\n    brigades', text));
    const errors = errorsOf(bde);
    // DRAM's profile has no brigade level (its general is also left undeployed: a second error).
    const bad = errors.find((x) => x.code === 'scenario/bad-value');
    expect(bad?.path).toBe('orderOfBattle.blue.generals[2].level');
    expect(bad?.message).toMatch(/no 'brigade' generals/);
  });
  it('a DRAM corps still needs a corps general, not its army commander', () => {
    const e = onlyError(edit('general: blue-corps-general\n', 'general: blue-chief\n'));
    expect(e.message).toMatch(/needs a corps general/);
  });
});
