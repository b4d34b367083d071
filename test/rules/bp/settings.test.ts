import { describe, expect, it } from 'vitest';
import { BP_FIXED_RULINGS, BP_SETTINGS_DEFAULTS, BP_SETTING_INFO, BP_SETTING_KEYS, bpSettingValue, describeBpSettings, parseBpSettings } from '../../../src/rules/bp/settings';

describe('B&P settings (DIGEST §4(e), §6)', () => {
  it('defaults are the DIGEST proposals (§6) and our BP-n choices (README)', () => {
    expect(BP_SETTINGS_DEFAULTS.sequence.firstPlayer).toBe('rolloff-each-turn'); // B-1
    expect(BP_SETTINGS_DEFAULTS.melee).toEqual({ tie: 'reroll', rounding: 'unrounded', pointsPerFigure: 'effective' }); // B-2, B-3, BP-9
    expect(BP_SETTINGS_DEFAULTS.terrain.bonusTo).toBe('defender'); // B-4
    expect(BP_SETTINGS_DEFAULTS.building).toEqual({ row8: 'attacker-eliminated', defenderCasualtyMod: 'attacker-roll-plus' }); // B-5, B-6
    expect(BP_SETTINGS_DEFAULTS.art).toEqual({ roundshotUnit: 'figure', coverAppliesRoundshot: true, stickWidthStands: 1, canisterStands: 'touched' }); // B-7, B-8, BP-4
    expect(BP_SETTINGS_DEFAULTS.rout).toEqual({ infantryInches: 9, cavalryInches: 12, artilleryInches: 9 }); // B-10
    expect(BP_SETTINGS_DEFAULTS.recovery.clock).toBe('own'); // B-11
    expect(BP_SETTINGS_DEFAULTS.disruption.lasts).toBe('next-own-move'); // B-16
    expect(BP_SETTINGS_DEFAULTS.control.bSchedule).toBe('even-turns'); // B-12
    expect(BP_SETTINGS_DEFAULTS.command.killDice).toBe('2d6'); // B-14
    expect(BP_SETTINGS_DEFAULTS.fire).toEqual({ columnLeadStands: 2, squareFaceStands: 1 }); // BP-1, BP-2
    expect(BP_SETTINGS_DEFAULTS.casualties).toEqual({ standRemoval: 'rear-first', artilleryHits: 'stands-hit' }); // BP-3, BP-21
    expect(BP_SETTINGS_DEFAULTS.returnFire.noMove).toBe('rest-of-opponent-move'); // BP-5
    expect(BP_SETTINGS_DEFAULTS.pursuit.withinInches).toBe(6); // BP-17
    expect(BP_SETTINGS_DEFAULTS.optional).toEqual({ control: false, greenTroops: false, commandFigures: true }); // BP-10
  });
  it('fixed rulings: B-9 clamp at 0, B-13, B-15, B-17', () => {
    expect(BP_FIXED_RULINGS).toMatchObject({ dieFloor: 0, chargeUsesNormalMove: true, returnFireAfterCasualties: true, crewReinforceMoves: 2 });
  });
  it('parses nested and dotted overrides', () => {
    const r = parseBpSettings({ building: { row8: 'no-effect' }, 'melee.tie': 'defender-wins' });
    expect(r.ok && r.value.building).toEqual({ row8: 'no-effect', defenderCasualtyMod: 'attacker-roll-plus' });
    expect(r.ok && r.value.melee.tie).toBe('defender-wins');
  });
  it('null/undefined → defaults', () => {
    const r = parseBpSettings(undefined);
    expect(r.ok && r.value).toEqual(BP_SETTINGS_DEFAULTS);
  });
  it('unknown key → settings/unknown-key naming the known ones', () => {
    const r = parseBpSettings({ building: { row9: 1 } });
    expect(!r.ok && r.error.code).toBe('settings/unknown-key');
    expect(!r.ok && r.error.message).toContain('building.row8');
  });
  it('bad value → settings/bad-value naming the allowed values', () => {
    const r = parseBpSettings({ 'melee.tie': 'coin-flip' });
    expect(!r.ok && r.error.code).toBe('settings/bad-value');
    expect(!r.ok && r.error.message).toContain('reroll, both-lose-quarter, defender-wins');
    const n = parseBpSettings({ 'fire.columnLeadStands': 0 });
    expect(!n.ok && n.error.code).toBe('settings/bad-value');
  });
  it('one info line per key, with a DIGEST id B-n or an engine id BP-n', () => {
    const d = describeBpSettings();
    expect(d.map((x) => x.key)).toEqual(BP_SETTING_KEYS);
    for (const line of d) expect(line.ruling).toMatch(/^(B|BP)-\d+$/);
    const digest = new Set(d.map((x) => x.ruling).filter((r) => /^B-/.test(r)));
    // Every configurable DIGEST ruling has a key (B-9, B-13, B-15, B-17 are "No" in DIGEST: BP_FIXED_RULINGS).
    expect([...digest].sort()).toEqual(['B-1', 'B-10', 'B-11', 'B-12', 'B-14', 'B-16', 'B-2', 'B-3', 'B-4', 'B-5', 'B-6', 'B-7', 'B-8']);
    expect(Object.keys(BP_SETTING_INFO)).toEqual([...BP_SETTING_KEYS]);
  });
  it('describe shows default and current value', () => {
    const r = parseBpSettings({ 'rout.cavalryInches': 10 });
    const line = r.ok ? describeBpSettings(r.value).find((x) => x.key === 'rout.cavalryInches') : undefined;
    expect(line).toMatchObject({ default: '12', value: '10', ruling: 'B-10' });
    expect(bpSettingValue(BP_SETTINGS_DEFAULTS, 'building.row8')).toBe('attacker-eliminated');
  });
});
