import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareWithScenario, emitOrderOfBattle, figureBrigade, loadBuildSource, type BuiltOrderOfBattle } from '../../../../src/rules/nw/build';
import { countFatigue } from '../../../../src/rules/nw/procedures/fatigue';
import { buildNwState, loadNwScenarioFile, parseNwScenarioYaml, type NwScenarioData } from '../../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS } from '../../../../src/rules/nw/settings';
import type { NwState } from '../../../../src/rules/nw/state';
import { formatScenarioError, loadScenarioFile, SHIPPED_SCENARIOS, type Scenario } from '../../../../src/rules/scenario';

/**
 * Quatre Bras rebuilt from its battalion-level source (assets/sources/quatre-bras-battalions.yaml)
 * with the Ch.II procedures must give the shipped scenario's units, labels, strengths and
 * command ranges exactly (src/rules/nw/README.md "Scenario building from battalions").
 */

const SOURCE = join(SHIPPED_SCENARIOS, '..', 'sources', 'quatre-bras-battalions.yaml');
const SCENARIO = join(SHIPPED_SCENARIOS, 'nw', 'quatre-bras.yaml');

let built: BuiltOrderOfBattle;
let shipped: Scenario;
let data: NwScenarioData;
let state: NwState;

beforeAll(async () => {
  const b = await loadBuildSource(SOURCE);
  if (!b.ok) throw new Error(b.error.map(formatScenarioError).join('\n'));
  built = b.value.built;
  const s = await loadScenarioFile(SCENARIO);
  if (!s.ok) throw new Error(s.error.map(formatScenarioError).join('\n'));
  shipped = s.value;
  const r = await loadNwScenarioFile(SCENARIO, NW_SETTINGS_DEFAULTS);
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  data = r.value;
  state = buildNwState(data, NW_SETTINGS_DEFAULTS);
});

const shippedPieces = (side: string) => shipped.orderOfBattle[side]!.corps.flatMap((c) => c.divisions.map((u) => ({ ...u, corps: c.id })));
const builtSide = (side: string) => built.sides.find((s) => s.id === side)!;

describe('Quatre Bras rebuilt from battalions = the shipped scenario', () => {
  for (const side of ['french', 'allies']) {
    it(`${side}: the same brigades and batteries, in the same commands, with the same s.p., labels and arms`, () => {
      const want = shippedPieces(side).map((u) => ({ id: u.id, corps: u.corps, arm: u.arm, sp: u.strength.kind === 'sp' ? u.strength.sp : null, label: u.rules['label'] }));
      const got = builtSide(side).commands.flatMap((c) => [
        ...c.brigades.map((b) => ({ id: b.id, corps: c.id, arm: b.weight ? `${b.weight}-cavalry` : 'infantry', sp: b.sp, label: b.label })),
        ...c.batteries.map((b) => ({ id: b.id, corps: c.id, arm: b.kind === 'horse' ? 'horse-artillery' : 'artillery', sp: 1, label: b.label })),
      ]);
      const byId = (xs: { id: string }[]) => [...xs].sort((a, b) => a.id.localeCompare(b.id));
      expect(byId(got)).toEqual(byId(want));
    });

    it(`${side}: each brigade's men are the ones its note records`, () => {
      const notes = new Map(shippedPieces(side).map((u) => [u.id, u.note ?? '']));
      for (const c of builtSide(side).commands) {
        for (const b of c.brigades) expect(notes.get(b.id)!.startsWith(`${b.men.toLocaleString('en-GB')} men`), b.id).toBe(true);
      }
    });

    it(`${side}: every commander's label and base range, counting the units that arrive later (L555)`, () => {
      const want = Object.fromEntries(shipped.orderOfBattle[side]!.generals.filter((g) => g.rules['commander'] !== undefined).map((g) => [g.id, { label: g.rules['commander'], base: g.rules['baseRange'] }]));
      const s = builtSide(side);
      const got = Object.fromEntries([...s.wings.map((w) => w.commander), ...s.commands.map((c) => c.commander)].map((c) => [c.id, { label: c.label, base: c.base }]));
      expect(got).toEqual(want);
      for (const c of s.commands) expect(c.commander.later, c.id).toBe(c.brigades.filter((b) => b.arrives > 1).length + c.batteries.filter((b) => b.arrives > 1).length);
    });

    it(`${side}: the generals and ADCs the scenario has (§3.3 L575), and the engine's army break level (§4.0)`, () => {
      const s = builtSide(side);
      const generals = shipped.orderOfBattle[side]!.generals.filter((g) => g.level === 'division');
      const adcs = generals.filter((g) => g.rules['general'] === 'ADC');
      expect({ generals: s.generals.generals, adcs: s.generals.adcs }).toEqual({ generals: generals.length - adcs.length, adcs: adcs.length });
      const pieces = [...Object.values(state.units).filter((u) => u.side === side).map((u) => ({ unit: u.id, arm: u.arm, quality: u.quality })), ...Object.values(state.batteries).filter((b) => b.side === side).map((b) => ({ unit: b.id, arm: 'artillery' as const }))];
      const engine = countFatigue(pieces, state.armies[side]!.morale, 'army', NW_SETTINGS_DEFAULTS);
      expect(s.armyFatigue).toEqual({ units: engine.units, level: engine.level });
      for (const c of s.commands) {
        const command = state.commands[c.id]!;
        const engineC = countFatigue([...command.units, ...command.batteries].map((id) => ({ unit: id, arm: state.units[id]?.arm ?? 'artillery' })), state.armies[side]!.morale, 'command', NW_SETTINGS_DEFAULTS);
        expect({ id: c.id, ...c.fatigue }).toEqual({ id: c.id, units: engineC.units, level: engineC.level });
      }
    });
  }

  it('the emitted orderOfBattle, pasted into the scenario, loads through the NW loader into the same brigades and officers', () => {
    // Paste: the built pieces replace each command's, the built CinC and commander entries replace
    // theirs; division generals and ADCs (assigned by the author, §3.3 L575) are kept.
    const doc = parse(readFileSync(SCENARIO, 'utf8')) as { orderOfBattle: Record<string, { generals: { id: string }[]; corps: { id: string; divisions: unknown[] }[] }> };
    const emitted = (parse(emitOrderOfBattle(built)) as { orderOfBattle: Record<string, { generals: { id: string }[]; corps: { id: string; divisions: unknown[] }[] }> }).orderOfBattle;
    for (const [side, oob] of Object.entries(doc.orderOfBattle)) {
      const e = emitted[side]!;
      oob.generals = oob.generals.map((g) => e.generals.find((x) => x.id === g.id) ?? g);
      for (const c of oob.corps) c.divisions = e.corps.find((x) => x.id === c.id)!.divisions;
    }
    const pasted = parseNwScenarioYaml(stringify(doc), 'pasted.yaml', NW_SETTINGS_DEFAULTS);
    if (!pasted.ok) throw new Error(pasted.error.map(formatScenarioError).join('\n'));
    expect(pasted.value.warnings).toEqual([]);
    const again = buildNwState(pasted.value, NW_SETTINGS_DEFAULTS);
    const units = (s: NwState) => Object.values(s.units).map(({ id, command, label, arm, weight, sk, quality, levels, spStart, irregularCavalry, armoured, nation, alliedTo }) => ({ id, command, label, arm, weight, sk, quality, levels, spStart, irregularCavalry, armoured, nation, alliedTo }));
    expect(units(again)).toEqual(units(state));
    const officers = (s: NwState) => Object.values(s.commanders).map(({ id, skill, valorous, rangeInches, baseRangeInches }) => ({ id, skill, valorous, rangeInches, baseRangeInches }));
    expect(officers(again)).toEqual(officers(state));
    expect(Object.values(again.armies).map((a) => [a.cinc.id, a.cinc.skill, a.cinc.presence, a.morale, a.nation])).toEqual(Object.values(state.armies).map((a) => [a.cinc.id, a.cinc.skill, a.cinc.presence, a.morale, a.nation]));
    expect(Object.values(again.batteries).map((b) => [b.id, b.label, b.weight, b.kind, b.nation])).toEqual(Object.values(state.batteries).map((b) => [b.id, b.label, b.weight, b.kind, b.nation]));
    // QB-17 came through the paste: Guiton armoured, the contingents' own nations.
    expect(again.units['guiton']!.armoured).toBe(true);
    expect([again.units['bylandt']!.nation, again.units['bylandt']!.alliedTo, again.batteries['brunswick-foot']!.nation]).toEqual(['other', 'british', 'other']);
  });

  it('compareWithScenario finds no difference', () => expect(compareWithScenario(built, shipped)).toEqual([]));

  it('totals: French 10 brigades, 55 s.p., 3 stands; Allies 15 brigades, 93 s.p., 2 stands', () => {
    const total = (side: string) => builtSide(side).commands.reduce((t, c) => ({ brigades: t.brigades + c.brigades.length, sp: t.sp + c.brigades.reduce((u, b) => u + b.sp, 0), stands: t.stands + c.batteries.length }), { brigades: 0, sp: 0, stands: 0 });
    expect(total('french')).toEqual({ brigades: 10, sp: 55, stands: 3 });
    expect(total('allies')).toEqual({ brigades: 15, sp: 93, stands: 2 });
  });

  it('the cross-check source: Maitland at 2,080 (Kessler, History Files) is 10 s.p. as at 2,000', () => {
    const guards = (men: number) => figureBrigade({ id: 'maitland', name: 'Maitland', number: 1, weight: null, mixed: false, irregular: false, armoured: false, arrives: 10, battalions: [{ name: '2/1st', quality: 'guard', light: false, sk: 2, men: men / 2 }, { name: '3/1st', quality: 'guard', light: false, sk: 2, men: men / 2 }] }, false, 'tenths')[0]!.menSp;
    expect(guards(2080)).toBe(10);
    expect(guards(2000)).toBe(10);
  });

  it('both readings of the rounding (HR N-4) give the same Quatre Bras', async () => {
    const { readFile } = await import('node:fs/promises');
    const { parseBuildSource } = await import('../../../../src/rules/nw/build');
    const text = (await readFile(SOURCE, 'utf8')).replace('rounding: tenths', 'rounding: half-down');
    const r = parseBuildSource(text, SOURCE);
    if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
    const labels = (o: BuiltOrderOfBattle) => o.sides.flatMap((s) => s.commands.flatMap((c) => c.brigades.map((b) => b.label)));
    expect(labels(r.value.built)).toEqual(labels(built));
  });
});
