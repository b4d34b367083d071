import { describe, expect, it } from 'vitest';
import { SOLO_FIXED_RULINGS, SOLO_PLACEHOLDER_KEYS, SOLO_SETTINGS_DEFAULTS, SOLO_SETTING_INFO, SOLO_SETTING_KEYS, describeSoloSettings, parseSoloSettings, placeholderLabel } from '../../../src/rules/solo/settings';

describe('Kuryakin settings (DIGEST §2(e), §6)', () => {
  it('defaults are the DIGEST placeholders and proposals (§6)', () => {
    const d = SOLO_SETTINGS_DEFAULTS;
    expect(d.generals.crTable).toEqual([{ from: 1, to: 2, label: 'Poor', grade: 4 }, { from: 3, to: 4, label: 'Average', grade: 6 }, { from: 5, to: 6, label: 'Good', grade: 8 }]); // K-1
    expect(d.control).toEqual({ divMod: 1, corpsMod: 1 }); // K-2
    expect(d.move.baseMm).toEqual({ infantry: 150, infantryColumn: 200, footArtillery: 100, cavalry: 300, horseArtillery: 250 }); // K-3
    expect([d.ranges.musketShortMm, d.ranges.musketLongMm]).toEqual([100, 200]); // K-4
    expect(d.ranges.artillery.map((b) => [b.band, b.maxMm, b.dice, b.deduction, b.saveFrom])).toEqual([['canister', 300, '2d6', 0, 6], ['ball-short', 600, '1d6', 0, 5], ['ball-long', 1000, '1d6', -1, 4]]); // K-4
    expect(d.morale.d10Chart.map((r) => [r.from, r.to, r.result, r.chits])).toEqual([[1, 2, 'rout', 2], [3, 4, 'retire', 1], [5, 7, 'halt', 1], [8, 10, 'shaken', 1]]); // K-5
    expect(d.morale.triggers).toEqual(['charged', 'lost-melee', 'friend-routs-within-300', 'fire-casualties']); // K-5
    expect([d.morale.bplA, d.charge.bplA]).toEqual([90, 85]); // K-6
    expect(d.chance).toEqual({ deck: [], timing: 'between-actions' }); // K-7, K-19
    expect(d.fire.volleyDie).toBe('d6'); // K-8
    expect(d.queue.chargedSlot).toBe('after-charger'); // K-10
    expect(d.melee).toEqual({ cavPoints: { medium: 1.5, heavy: 2, cuirassier: 2 }, dice: 'ceil', modifiersOn: 'total', half: 'percentage' }); // K-11, K-12
    expect(d.move.zeroWithBelowAverage).toBe('stays-zero'); // K-13
    expect(d.d100.compare).toBe('lt'); // K-14
    expect(d.chargeHome).toEqual({ cavalryFail: 'halt-short-plus-1d', classDFail: 'd10', haltShortMm: 100 }); // K-17
    expect(d.morale.casualtyScope).toBe('turn'); // K-18
  });
  it('fixed rulings K-9, K-15, K-16', () => {
    expect(SOLO_FIXED_RULINGS).toMatchObject({ mojibakeFractions: '3/4 short, 1/4 long', fractionByPercentile: true, formationChangeFloor: 0 });
  });
  it('every configurable DIGEST K-ruling has a key; every key has an info line', () => {
    const ids = new Set(SOLO_SETTING_KEYS.map((k) => SOLO_SETTING_INFO[k].ruling));
    for (const k of ['K-1', 'K-2', 'K-3', 'K-4', 'K-5', 'K-6', 'K-7', 'K-8', 'K-10', 'K-11', 'K-12', 'K-13', 'K-14', 'K-17', 'K-18', 'K-19']) expect(ids).toContain(k);
    expect(describeSoloSettings().map((x) => x.key)).toEqual(SOLO_SETTING_KEYS);
    for (const k of SOLO_SETTING_KEYS) expect(SOLO_SETTING_INFO[k].ruling).toMatch(/^(K-\d+|KS-\d+|L29)$/);
  });
  it('the placeholders are exactly the lost tables, each explained as PLACEHOLDER', () => {
    expect([...SOLO_PLACEHOLDER_KEYS].sort()).toEqual([
      'charge.bplA', 'control.corpsMod', 'control.divMod', 'generals.crTable', 'morale.bplA', 'morale.d10Chart', 'morale.fireCasualtyPercent', 'morale.retireMoves', 'morale.routMoves', 'morale.triggers',
      'move.baseMm', 'ranges.artillery', 'ranges.musketLongMm', 'ranges.musketShortMm',
    ]);
    for (const k of SOLO_PLACEHOLDER_KEYS) expect(SOLO_SETTING_INFO[k].explanation).toMatch(/PLACEHOLDER/);
    expect(placeholderLabel('move.baseMm')).toBe("placeholder move.baseMm (not the author's)");
  });
  it('parses nested and dotted overrides', () => {
    const r = parseSoloSettings({ queue: { chargedSlot: 'literal-plus-2-5' }, 'fire.volleyDie': 'd4' });
    expect(r.ok && r.value.queue.chargedSlot).toBe('literal-plus-2-5');
    expect(r.ok && r.value.fire).toEqual({ volleyDie: 'd4', disorderTo: 'firer', volleyArcDeg: 45, artilleryArcDeg: 45 });
  });
  it('a campaign may replace a lost table; a table with a gap is refused with the key', () => {
    const ok = parseSoloSettings({ 'generals.crTable': [{ from: 1, to: 3, label: 'Poor', grade: 5 }, { from: 4, to: 6, label: 'Good', grade: 7 }] });
    expect(ok.ok && ok.value.generals.crTable.length).toBe(2);
    const gap = parseSoloSettings({ 'generals.crTable': [{ from: 1, to: 2, label: 'Poor', grade: 5 }, { from: 4, to: 6, label: 'Good', grade: 7 }] });
    expect(!gap.ok && gap.error.code).toBe('settings/bad-value');
    expect(!gap.ok && gap.error.message).toContain('generals.crTable');
    const short = parseSoloSettings({ 'morale.d10Chart': [{ from: 1, to: 9, result: 'rout', chits: 2 }] });
    expect(short.ok).toBe(false);
  });
  it('unknown key and bad value name the key and the allowed values', () => {
    const u = parseSoloSettings({ queue: { slot: 1 } });
    expect(!u.ok && u.error.code).toBe('settings/unknown-key');
    expect(!u.ok && u.error.message).toContain('queue.chargedSlot');
    const b = parseSoloSettings({ 'd100.compare': 'gt' });
    expect(!b.ok && b.error.message).toContain('lt, le');
  });
});
