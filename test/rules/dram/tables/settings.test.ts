import { describe, expect, it } from 'vitest';
import {
  DRAM_FIXED_RULINGS, DRAM_SETTING_KEYS, DRAM_SETTINGS_DEFAULTS, describeSettings, parseDramSettings, settingValue,
} from '../../../../src/rules/dram/settings';

describe('DRAM settings defaults = the DIGEST §1(e)/§6 proposals', () => {
  it('every default, key by key', () => {
    expect(DRAM_SETTINGS_DEFAULTS).toEqual({
      casualty: { bullet: 'none', cells: {} }, // D-1, D-2
      initiative: { ties: 'reroll' }, // D-3
      move: { wagonsA: 'forbidden', roadOverridesDifficult: true, windows: 'plotted' }, // D-4, D-17, DE-14
      sp: { rounding: 'half-up', min: 1, modsApplyTo: 'all' }, // D-5
      ap: { perTurn: true }, // D-6
      orders: { writtenCost: 'as-chit', reserveContact: 'force-D' }, // D-7, D-10
      los: { model: 'scenario-terrain' }, // D-9
      combat: { alloc: 'owner', artilleryReply: 'artillery-only' }, // D-13, D-14
      prepared: { firstLossScope: 'turn' }, // D-16
      generals: { floor: 0, promotion: 'ablest', crAssists: 'subordinates' }, // D-18, D-19, DE-15
      reorg: { auto: true }, // DIGEST §1(a) phase 6: Auto with an opt-out
    });
  });
  it('the defaults are frozen', () => {
    expect(Object.isFrozen(DRAM_SETTINGS_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(DRAM_SETTINGS_DEFAULTS.move)).toBe(true);
  });
  it('undefined, null and {} all give the defaults', () => {
    for (const o of [undefined, null, {}]) expect(parseDramSettings(o)).toEqual({ ok: true, value: DRAM_SETTINGS_DEFAULTS });
  });
});

describe('partial overrides merge over the defaults', () => {
  it('nested form', () => {
    const r = parseDramSettings({ move: { wagonsA: 1 }, casualty: { bullet: [6] } });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.move).toEqual({ wagonsA: 1, roadOverridesDifficult: true, windows: 'plotted' });
    expect(r.value.casualty).toEqual({ bullet: [6], cells: {} });
    expect(r.value.sp).toEqual(DRAM_SETTINGS_DEFAULTS.sp);
  });
  it('dotted form, as a /game settings command sends it', () => {
    const r = parseDramSettings({ 'sp.rounding': 'floor', 'generals.floor': 1, 'initiative.ties': 'side-with-lower-total-first' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.sp.rounding).toBe('floor');
    expect(r.value.sp.min).toBe(1);
    expect(r.value.generals.floor).toBe(1);
    expect(r.value.initiative.ties).toBe('side-with-lower-total-first');
  });
  it('dotted and nested forms combine; the dotted key wins on a clash', () => {
    const r = parseDramSettings({ move: { wagonsA: 0, roadOverridesDifficult: false }, 'move.wagonsA': 1 });
    expect(r.ok && r.value.move).toEqual({ wagonsA: 1, roadOverridesDifficult: false, windows: 'plotted' });
  });
  it('casualty.cells accepts any of the 16 own/enemy cells', () => {
    const r = parseDramSettings({ 'casualty.cells': { 'A/R': [6], 'M/D': [] } });
    expect(r.ok && r.value.casualty.cells).toEqual({ 'A/R': [6], 'M/D': [] });
  });
});

describe('bad keys and values are problems naming the key and the allowed values', () => {
  it('an unknown top-level key', () => {
    const r = parseDramSettings({ weather: 'rain' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('settings/unknown-key');
    expect(r.error.message).toContain("'weather'");
    expect(r.error.message).toContain('casualty.bullet');
  });
  it('an unknown key inside a group suggests that group’s keys', () => {
    const r = parseDramSettings({ 'move.wagonA': 1 });
    expect(r.ok ? null : r.error.code).toBe('settings/unknown-key');
    expect(r.ok ? '' : r.error.message).toMatch(/'move\.wagonA'.*move\.wagonsA, move\.roadOverridesDifficult/);
  });
  it.each([
    [{ 'move.wagonsA': 2 }, 'move.wagonsA', 'forbidden, 0, 1'],
    [{ 'sp.rounding': 'ceil' }, 'sp.rounding', 'half-up, floor, nearest-half-down'],
    [{ 'sp.min': -1 }, 'sp.min', 'a whole number 0-6'],
    [{ 'casualty.bullet': [] }, 'casualty.bullet', 'none, or a list of die faces 1-6'],
    [{ 'casualty.bullet': [7] }, 'casualty.bullet', 'none, or a list of die faces 1-6'],
    [{ 'casualty.cells': { 'X/Y': [1] } }, 'casualty.cells', 'own/enemy cells'],
    [{ 'reorg.auto': 'yes' }, 'reorg.auto', 'true, false'],
    [{ 'combat.artilleryReply': 'sometimes' }, 'combat.artilleryReply', 'artillery-only, always, never'],
  ])('%j', (overrides, key, allowed) => {
    const r = parseDramSettings(overrides);
    expect(r.ok ? null : r.error.code).toBe('settings/bad-value');
    expect(r.ok ? '' : r.error.message).toContain(`'${key}'`);
    expect(r.ok ? '' : r.error.message).toContain(allowed);
  });
  it('a group given a value names the group and its keys', () => {
    const r = parseDramSettings({ sp: 3 });
    expect(r.ok ? '' : r.error.message).toContain("'sp' is a group of DRAM settings (sp.rounding, sp.min, sp.modsApplyTo)");
  });
  it('several problems are all reported', () => {
    const r = parseDramSettings({ 'sp.min': 'x', 'los.model': 'magic' });
    expect(r.ok ? [] : r.error.message.split('\n')).toHaveLength(2);
  });
  it.each(['none', 3, [1]])('overrides that are not an object (%j)', (o) => {
    const r = parseDramSettings(o);
    expect(r.ok ? null : r.error.code).toBe('settings/not-an-object');
  });
});

describe('describeSettings for /game settings', () => {
  const lines = describeSettings();
  it('one line per setting: every leaf of the defaults, in schema order', () => {
    const leaves = Object.entries(DRAM_SETTINGS_DEFAULTS).flatMap(([g, v]) => Object.keys(v).map((k) => `${g}.${k}`));
    expect(lines.map((l) => l.key)).toEqual(leaves);
    expect(DRAM_SETTING_KEYS).toEqual(leaves);
  });
  it('each line has the DIGEST id, the default, allowed values and an explanation', () => {
    for (const l of lines) {
      // DIGEST house rulings, or the engine's own (DE-n, src/rules/dram/README.md).
      expect(l.ruling).toMatch(/^(D-\d+|DE-\d+|DIGEST §1\(a\) phase 6)$/);
      expect(l.allowed.length).toBeGreaterThan(0);
      expect(l.explanation.length).toBeGreaterThan(10);
    }
    expect(lines.find((l) => l.key === 'casualty.bullet')).toMatchObject({ ruling: 'D-1', default: 'none' });
    expect(lines.find((l) => l.key === 'move.wagonsA')).toMatchObject({ ruling: 'D-4', default: 'forbidden' });
  });
  it('shows the current value beside the default', () => {
    const r = parseDramSettings({ 'casualty.bullet': [5, 6] });
    if (!r.ok) throw new Error(r.error.message);
    expect(describeSettings(r.value).find((l) => l.key === 'casualty.bullet')).toMatchObject({ default: 'none', value: '[5,6]' });
    expect(settingValue(r.value, 'casualty.bullet')).toEqual([5, 6]);
  });
  it('every DIGEST-configurable ruling D-1…D-7, D-9, D-10, D-13, D-14, D-16…D-18 has a setting', () => {
    const ids = new Set(lines.map((l) => l.ruling));
    for (const id of ['D-1', 'D-2', 'D-3', 'D-4', 'D-5', 'D-6', 'D-7', 'D-9', 'D-10', 'D-13', 'D-14', 'D-16', 'D-17', 'D-18']) expect(ids).toContain(id);
  });
});

describe('fixed (not configurable) rulings', () => {
  it('HR D-8 order bands: ≤ 2 mi base, ≤ 4 mi +1, beyond impossible', () => {
    expect(DRAM_FIXED_RULINGS.orderBands).toEqual({ baseMaxMiles: 2, surchargeMaxMiles: 4, surchargeAp: 1 });
  });
  it('HR D-15: a pool of 0 or less rolls no dice', () => expect(DRAM_FIXED_RULINGS.combatModifierScope.leastPool).toBe(0));
});
