import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNwState, loadNwScenarioFile, parseNwScenarioYaml, type NwScenarioData } from '../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS, parseNwSettings, type NwSettings } from '../../../src/rules/nw/settings';
import {
  attachedBatteryOf, cincOf, commanderOf, commandersInCommand, enemyOf, liveBatteries, liveUnits, nwClockOf, NW_PHASES, sideOf, unitsOfCommand, unitsOfSide,
  type NwState,
} from '../../../src/rules/nw/state';
import { formatScenarioError, listScenarios, loadScenarioFile, SHIPPED_SCENARIOS, type ScenarioError } from '../../../src/rules/scenario';

const FILE = join(SHIPPED_SCENARIOS, 'nw', 'teaching.yaml');
const TEXT = readFileSync(FILE, 'utf8');

async function teaching(settings: NwSettings = NW_SETTINGS_DEFAULTS): Promise<NwScenarioData> {
  const r = await loadNwScenarioFile(FILE, settings);
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  return r.value;
}

/** `text` with the last occurrence of `from` replaced (the file's header comment shows the same labels). */
function replaceLast(text: string, from: string, to: string): string {
  const at = text.lastIndexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
const edited = (from: string, to: string): string => replaceLast(TEXT, from, to);

/** 1-based line of the last occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string): number => text.slice(0, text.lastIndexOf(needle)).split('\n').length;

function errorsOf(text: string, settings: NwSettings = NW_SETTINGS_DEFAULTS): ScenarioError[] {
  const r = parseNwScenarioYaml(text, 'teaching.yaml', settings);
  if (r.ok) throw new Error('expected errors');
  return r.error;
}

describe('the NW teaching scenario (assets/scenarios/nw/teaching.yaml)', () => {
  it('loads: each side a CinC, one corps commander, 3 infantry brigades, a cavalry brigade and a battery', async () => {
    const d = await teaching();
    expect(d.warnings).toEqual([]);
    for (const side of ['french', 'austrians']) {
      expect(d.armies.filter((a) => a.side === side)).toHaveLength(1);
      expect(d.commanders.filter((c) => c.side === side)).toHaveLength(1);
      expect(d.commands.filter((c) => c.side === side)).toHaveLength(1);
      const units = d.units.filter((u) => u.side === side);
      expect(units.filter((u) => u.arm === 'infantry')).toHaveLength(3);
      expect(units.filter((u) => u.arm === 'cavalry')).toHaveLength(1);
      expect(d.batteries.filter((b) => b.side === side)).toHaveLength(1);
    }
    const kinds = new Set(d.map.terrain.map((t) => t.kind));
    for (const k of ['stream', 'built-up', 'bridge', 'ford'] as const) expect(kinds).toContain(k);
    expect(d.map.yardsPerInch).toBe(100);
    expect(d.clock).toEqual({ start: 13 * 60, turnMinutes: 30 });
  });

  it('reads every piece from its label', async () => {
    const d = await teaching();
    const napoleon = d.armies.find((a) => a.side === 'french')!;
    expect(napoleon.cinc).toMatchObject({ id: 'napoleon', skill: 'excellent', isNapoleon: true, presence: 4, onTable: true });
    expect(napoleon.morale).toBe('good');
    expect(d.armies.find((a) => a.side === 'austrians')).toMatchObject({ morale: 'average', cinc: { skill: 'good', isNapoleon: false, presence: 2 } });
    expect(d.commanders.find((c) => c.id === 'lemaire')).toMatchObject({ skill: 'good', valorous: true, rangeInches: 12, command: 'fr-i-corps' });
    expect(d.commanders.find((c) => c.id === 'hohenau')).toMatchObject({ skill: 'average', valorous: false, rangeInches: 9 });
    expect(d.generals.find((g) => g.id === 'dufour')).toMatchObject({ kind: 'division', command: 'fr-i-corps', attachedTo: 'fr-1b' });
    expect(d.generals.find((g) => g.id === 'au-adc')).toMatchObject({ kind: 'adc', command: null });
    expect(d.units.find((u) => u.id === 'fr-1b')).toMatchObject({ brigade: 1, division: 1, corps: 1, sk: 1, quality: 'veteran', levels: { fresh: 7, worn: 5, spent: 3 }, spStart: 7 });
    expect(d.units.find((u) => u.id === 'au-hussars')).toMatchObject({ arm: 'cavalry', weight: 'medium', onTable: false, pose: { at: { x: 24, y: 36 }, facing: 180 } });
    expect(d.batteries.find((b) => b.id === 'au-battery')).toMatchObject({ pounds: 12, weight: 'heavy', kind: 'foot' });
    expect(d.reinforcements).toEqual([expect.objectContaining({ turn: 2, pieces: ['au-hussars'] })]);
  });

  it('is also a valid scenario for the shared loader', async () => {
    expect((await listScenarios()).filter((s) => s.ruleset === 'nw').map((s) => s.id)).toContain('teaching');
    const r = await loadScenarioFile(FILE);
    expect(r.ok ? 'ok' : r.error.map(formatScenarioError)).toBe('ok');
  });
});

describe('NW scenario errors name file:line and the label', () => {
  it('a bad brigade label', () => {
    const text = edited('1B/2/I SK2 6/4/2 LN', '1B/2/I SK5 6/4/2 LN');
    const [e, ...rest] = errorsOf(text);
    expect(rest).toEqual([]);
    expect(e).toMatchObject({ file: 'teaching.yaml', line: lineOf(text, 'SK5'), path: 'orderOfBattle.french.corps[0].divisions[2].rules.label' });
    expect(formatScenarioError(e!)).toMatch(new RegExp(`^teaching\\.yaml:${lineOf(text, 'SK5')}:\\d+ .*"1B/2/I SK5 6/4/2 LN"`));
    expect(e!.hint).toContain('nw/label-');
  });

  it('a bad battery, commander, CinC and general label, each on its own line', () => {
    let text = edited('"I Corp, 8 lb, Foot"', '"I Corp, 8 lb, Rocket"');
    text = replaceLast(text, 'Lemaire (V), I Corp, G,12"', 'Lemaire (V), I Corp, X,12"');
    text = replaceLast(text, '"Archduke Charles,G,+2"', '"Archduke Charles,G,+4"');
    text = replaceLast(text, 'general: ADC', 'general: I/1');
    const errors = errorsOf(text);
    const expected: [string, string][] = [
      ['Lemaire (V)', 'Lemaire (V), I Corp, X,12"'],
      ['8 lb, Rocket', 'I Corp, 8 lb, Rocket'],
      ['Archduke Charles,G,+4', 'Archduke Charles,G,+4'],
      ['general: I/1', 'I/1'],
    ];
    expect(errors).toHaveLength(expected.length);
    expected.forEach(([needle, label], i) => {
      expect(errors[i]!.line).toBe(lineOf(text, needle));
      expect(formatScenarioError(errors[i]!)).toContain(`teaching.yaml:${lineOf(text, needle)}:`);
      expect(errors[i]!.message).toContain(JSON.stringify(label));
    });
    expect(errors.find((e) => e.message.includes('Archduke'))!.hint).toContain('nw/label-presence');
  });

  it('cross-field problems are placed too: a label against its arm, sp against the fresh level, a stray attachment', () => {
    let text = edited('arm: light-cavalry', 'arm: heavy-cavalry');
    text = replaceLast(text, 'sp: 8, rules: { label: 1B/1/II 8/5/3 LN }', 'sp: 9, rules: { label: 1B/1/II 8/5/3 LN }');
    text = replaceLast(text, 'attachedTo: fr-1b', 'attachedTo: au-1b');
    const errors = errorsOf(text);
    expect(errors.map((e) => [e.line, e.path])).toEqual([
      [lineOf(text, 'attachedTo: au-1b'), 'orderOfBattle.french.generals[2].rules.attachedTo'],
      [lineOf(text, 'arm: heavy-cavalry'), 'orderOfBattle.french.corps[0].divisions[3].arm'],
      [lineOf(text, 'sp: 9'), 'orderOfBattle.austrians.corps[0].divisions[0].sp'],
    ]);
    expect(errors[1]!.message).toContain('light cavalry');
  });

  it('a label that differs from the Fatigue Level Chart warns, or is refused with labels.validate: error (HR N-15)', () => {
    const text = edited('1B/1/I SK1 7/5/3 Vet', '1B/1/I SK1 7/4/3 Vet');
    const warned = parseNwScenarioYaml(text, 'teaching.yaml', NW_SETTINGS_DEFAULTS);
    expect(warned.ok && warned.value.warnings.map((w) => w.code)).toEqual(['nw/label-chart']);
    const strict = parseNwSettings({ labels: { validate: 'error' } });
    if (!strict.ok) throw new Error(strict.error.message);
    const [e] = errorsOf(text, strict.value);
    expect(e).toMatchObject({ line: lineOf(text, '7/4/3'), code: 'scenario/bad-format' });
  });

  it('an officer without his label', () => {
    const text = edited("rules: { commander: 'Lemaire (V), I Corp, G,12\"' }", 'rules: {}');
    const [e] = errorsOf(text);
    expect(e).toMatchObject({ line: lineOf(text, 'id: lemaire'), code: 'scenario/missing' });
  });
});

describe('NwState', () => {
  it('starts at turn 1 initiative, every brigade fresh and in good order', async () => {
    const s = buildNwState(await teaching(), NW_SETTINGS_DEFAULTS);
    expect(s).toMatchObject({ v: 1, turn: 1, lastTurn: 8, phase: 'initiative', playerTurn: null, phasing: null, initiative: null, ended: null });
    expect(NW_PHASES).toEqual(['initiative', 'skirmish', 'artillery', 'maneuver', 'reaction', 'combat', 'rally', 'ended']);
    for (const u of Object.values(s.units)) expect([u.sp, u.status, u.fatigue]).toEqual([u.spStart, 'good-order', 'fresh']);
    for (const b of Object.values(s.batteries)) expect(b.condition).toBe('full');
    for (const a of Object.values(s.armies)) expect([a.broken, a.napoleonRerollSpent]).toEqual([false, false]);
    for (const c of Object.values(s.commands)) expect(c.fatigued).toBe(false);
    expect(Object.values(s.commanders).map((c) => c.status)).toEqual(['in-command', 'in-command']);
    expect(s.units['fr-1b']!.attachedGeneral).toBe('dufour');
    expect(nwClockOf(s, 3)).toBe('14:00');
    expect(s.seats.map((x) => x.side)).toEqual(['french', 'austrians']);
  });

  it('has helpers to read it', async () => {
    const s = buildNwState(await teaching(), NW_SETTINGS_DEFAULTS);
    expect(liveUnits(s, 'austrians').map((u) => u.id)).toEqual(['au-1b', 'au-2b', 'au-3b']); // the hussars arrive on turn 2
    expect(unitsOfSide(s, 'austrians')).toHaveLength(4);
    expect(liveBatteries(s).map((b) => b.id)).toEqual(['fr-battery', 'au-battery']);
    expect(unitsOfCommand(s, 'fr-i-corps').map((u) => u.id)).toEqual(['fr-1b', 'fr-2b', 'fr-3b', 'fr-chasseurs']);
    expect(commanderOf(s, 'fr-2b')?.id).toBe('lemaire');
    expect(commanderOf(s, 'au-battery')?.id).toBe('hohenau');
    expect(cincOf(s, 'french')?.isNapoleon).toBe(true);
    expect(commandersInCommand(s, 'austrians').map((c) => c.id)).toEqual(['hohenau']);
    expect([sideOf(s, 'charles'), sideOf(s, 'dufour'), sideOf(s, 'fr-battery'), sideOf(s, 'nobody')]).toEqual(['austrians', 'french', 'french', undefined]);
    expect(enemyOf(s, 'french')).toBe('austrians');
    expect(attachedBatteryOf(s, 'fr-1b')).toBeNull();
  });

  it('is plain JSON: it survives a round trip unchanged', async () => {
    const s: NwState = buildNwState(await teaching(), NW_SETTINGS_DEFAULTS);
    const back = JSON.parse(JSON.stringify(s)) as NwState;
    expect(back).toEqual(s);
    expect(JSON.stringify(back)).toBe(JSON.stringify(s));
  });

  it('building does not change the scenario data', async () => {
    const d = await teaching();
    const before = JSON.stringify(d);
    buildNwState(d, NW_SETTINGS_DEFAULTS);
    expect(JSON.stringify(d)).toBe(before);
  });
});
