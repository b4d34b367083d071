import { describe, expect, it } from 'vitest';
import { NW_SETTINGS_DEFAULTS, NW_SETTING_KEYS, describeSettings, parseNwSettings } from '../../../../src/rules/nw/settings';

describe('NW settings (DIGEST §3(e))', () => {
  it('defaults are the DIGEST proposals', () => {
    expect(NW_SETTINGS_DEFAULTS.rounding.mode).toBe('tenths'); // N-4
    expect(NW_SETTINGS_DEFAULTS.fet).toEqual({ row10To12Roll9: 'damaging', belowRange: 'lowest-listed' }); // N-1, N-2
    expect(NW_SETTINGS_DEFAULTS.fp).toEqual({ roundOn: 'sum', halfRow: true }); // N-3
    expect(NW_SETTINGS_DEFAULTS.fire.targetArtilleryMod).toBe(true); // N-5
    expect(NW_SETTINGS_DEFAULTS.evasion.mediumCav).toBe('infantry-heavy'); // N-6
    expect(NW_SETTINGS_DEFAULTS.combinedArms.includesAttachedArtillery).toBe(false); // N-7
    expect(NW_SETTINGS_DEFAULTS.combat.vulnerableBonusTo).toBe('attacker'); // N-8
    expect(NW_SETTINGS_DEFAULTS.crt).toEqual({ retreatImpliesDisorder: true, zeroLoopMax: 'unbounded' }); // N-10, N-11
    expect(NW_SETTINGS_DEFAULTS.finalFire.stopsOn).toEqual(['horrendous', 'destructive']); // N-13
    expect(NW_SETTINGS_DEFAULTS.skirmish.double).toBe('gte'); // N-14
    expect(NW_SETTINGS_DEFAULTS.labels.validate).toBe('warn'); // N-15
    expect(NW_SETTINGS_DEFAULTS.road.bonusBeforeFraction).toBe(true); // N-17
    expect(NW_SETTINGS_DEFAULTS.reaction.counterchargeAttacker).toBe('phasing'); // N-19
    expect(NW_SETTINGS_DEFAULTS.independent.range).toBe('always'); // N-21
    expect(NW_SETTINGS_DEFAULTS.command.path).toBe('straight-line'); // N-22
    expect(NW_SETTINGS_DEFAULTS.pursuit).toEqual({ dice: 'half-steps', lightOnly: true }); // N-25
    expect(NW_SETTINGS_DEFAULTS.data.importStrict).toBe(true); // N-32
  });
  it('parses nested and dotted overrides', () => {
    const r = parseNwSettings({ fet: { belowRange: 'desultory' }, 'rounding.mode': 'half-down' });
    expect(r.ok && r.value.fet.belowRange).toBe('desultory');
    expect(r.ok && r.value.rounding.mode).toBe('half-down');
    expect(r.ok && r.value.fet.row10To12Roll9).toBe('damaging');
  });
  it('null/undefined → defaults', () => {
    const r = parseNwSettings(undefined);
    expect(r.ok && r.value).toEqual(NW_SETTINGS_DEFAULTS);
  });
  it('unknown key → settings/unknown-key', () => {
    const r = parseNwSettings({ fet: { nope: 1 } });
    expect(!r.ok && r.error.code).toBe('settings/unknown-key');
  });
  it('bad value → settings/bad-value naming the allowed values', () => {
    const r = parseNwSettings({ 'skirmish.double': 'maybe' });
    expect(!r.ok && r.error.code).toBe('settings/bad-value');
    expect(!r.ok && r.error.message).toContain('gte, eq');
  });
  it('not an object → settings/not-an-object', () => {
    const r = parseNwSettings([1]);
    expect(!r.ok && r.error.code).toBe('settings/not-an-object');
  });
  it('describeSettings: one line per key with ruling id and default', () => {
    const d = describeSettings();
    expect(d.map((x) => x.key)).toEqual(NW_SETTING_KEYS);
    // House rulings are N-1…N-33 or the engine's own (NT-n, MV-n, RX-n, WX-n, in the README); the optional rules switch cites DIGEST procedure N11.
    expect(d.every((x) => /^(N|NT|MV|RX|WX)-\d+$/.test(x.ruling) || (x.key.startsWith('optional.') && x.ruling === 'N11'))).toBe(true);
    expect(d.find((x) => x.key === 'independent.measuredRangeInches')?.default).toBe('12');
    expect(d.find((x) => x.key === 'optional.pursuit')?.default).toBe('false');
    expect(d.find((x) => x.key === 'finalFire.stopsOn')?.default).toBe('["horrendous","destructive"]');
  });
});
