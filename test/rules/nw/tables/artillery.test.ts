import { describe, expect, it } from 'vitest';
import {
  FIRE_AFFECTS_TABLE, FIRE_RESULTS, artilleryEvades, batteryHalfPoints, evasionColumn, evasionModifier, fireEffect, fireKillsGeneral,
  fireModifier, firePointsAt, fireResult, fireResultOnRow, finalFireStopsAttack, totalFirePoints, type FireResult,
} from '../../../../src/rules/nw/tables';
import { settingsWith } from './settings-helper';

const defaults = settingsWith();

describe('Artillery Fire Points Table (chart L715-718), band edges in tenths of an inch', () => {
  it.each([
    ['light', 0, 4], ['light', 30, 4], ['light', 31, 2], ['light', 60, 2], ['light', 61, 1], ['light', 90, 1], ['light', 91, null],
    ['medium', 40, 6], ['medium', 41, 3], ['medium', 80, 3], ['medium', 81, 1], ['medium', 120, 1], ['medium', 121, null],
    ['heavy', 50, 10], ['heavy', 51, 5], ['heavy', 100, 5], ['heavy', 101, 2], ['heavy', 160, 2], ['heavy', 161, null],
  ] as const)('%s guns at %d tenths → %s fire points', (w, t, p) => expect(firePointsAt(w, t)?.points ?? null).toBe(p));
});

describe('fire points: damaged/suppressed halving (§8.0 L158, §8.4 L196) and HR N-3 sums', () => {
  it.each([
    ['full', 5, 10], ['damaged', 5, 5], ['suppressed', 5, 5], ['damaged-and-suppressed', 5, 0],
  ] as const)('%s battery of %d points → %d half-points', (c, p, h) => expect(batteryHalfPoints(p, c)).toBe(h));
  it('heavy medium-range suppressed: 5 → 2.5 → 2 (L178 .5 down)', () => {
    expect(totalFirePoints([batteryHalfPoints(5, 'suppressed')], defaults)).toEqual({ kind: 'points', points: 2 });
  });
  it('damaged light long: ½ → the "½" row (N-3); without halfRow → no fire', () => {
    expect(totalFirePoints([1], defaults)).toEqual({ kind: 'half' });
    expect(totalFirePoints([1], settingsWith({ fp: { halfRow: false } }))).toEqual({ kind: 'none' });
  });
  it('½ + ½ summed = 1 (N-3 example); per-battery rounding gives 0 → ½ row', () => {
    expect(totalFirePoints([1, 1], defaults)).toEqual({ kind: 'points', points: 1 });
    expect(totalFirePoints([1, 1], settingsWith({ fp: { roundOn: 'per-battery' } }))).toEqual({ kind: 'half' });
  });
  it('5.5 → 5; 2.5 + 2.5 = 5 summed, 2 + 2 = 4 per battery', () => {
    expect(totalFirePoints([11], defaults)).toEqual({ kind: 'points', points: 5 });
    expect(totalFirePoints([5, 5], defaults)).toEqual({ kind: 'points', points: 5 });
    expect(totalFirePoints([5, 5], settingsWith({ 'fp.roundOn': 'per-battery' }))).toEqual({ kind: 'points', points: 4 });
  });
  it('nothing to fire → none', () => expect(totalFirePoints([0], defaults)).toEqual({ kind: 'none' }));
});

// Fire Affects Table chart L722-738 as printed; '' = blank, '-' = dash.
const PRINTED: [string, number, string[]][] = [
  ['1/2', 0, ['0-9', '10+', '', '', '']],
  ['1', 1, ['0-8', '9+', '', '', '']],
  ['2', 2, ['0-7', '8+', '', '', '']],
  ['3', 3, ['0-6', '7-11', '12+', '', '']],
  ['4', 4, ['0-5', '6-10', '11+', '', '']],
  ['5', 5, ['0-4', '5-9', '10+', '', '']],
  ['6,7', 7, ['0-3', '4-8', '9-11', '12+', '']],
  ['8,9', 8, ['0-2', '3-7', '8-10', '11+', '']],
  ['10-12', 11, ['0-1', '2-5', '6-8', '10+', '']],
  ['13-15', 15, ['0', '1-5', '6-8', '9+', '']],
  ['16-19', 16, ['0', '1-4', '5-7', '8-11', '12+']],
  ['20-24', 24, ['0', '1-3', '4-6', '7-10', '11+']],
  ['25-29', 25, ['0', '1-2', '3-5', '6-9', '10+']],
  ['30-34', 30, ['-', '0-1', '2-4', '5-8', '9+']],
  ['35-39', 39, ['-', '0', '1-3', '4-7', '8+']],
  ['40+', 55, ['-', '-', '0-2', '3-6', '7+']],
];
const cellHas = (cell: string, r: number): boolean => {
  if (cell === '' || cell === '-') return false;
  if (cell.endsWith('+')) return r >= Number(cell.slice(0, -1));
  const [a, b] = cell.split('-').map(Number);
  return b === undefined ? r === a : r >= (a as number) && r <= b;
};

describe('Fire Affects Table (chart L720-738): every row, modified rolls −3..16', () => {
  it('has 16 rows in printed order', () => expect(FIRE_AFFECTS_TABLE.map((r) => r.label)).toEqual(PRINTED.map(([l]) => l)));
  for (const [label, fp, cells] of PRINTED) {
    for (let roll = -3; roll <= 16; roll++) {
      const hit = cells.findIndex((c) => cellHas(c, roll));
      const lowest = cells.findIndex((c) => c !== '' && c !== '-');
      // below range → lowest listed (N-2); the 10-12 gap at 9 → Damaging (N-1)
      const expected: FireResult =
        hit >= 0 ? (FIRE_RESULTS[hit] as FireResult) : label === '10-12' && roll === 9 ? 'damaging' : (FIRE_RESULTS[lowest] as FireResult);
      it(`row ${label} (fp ${fp}), roll ${roll} → ${expected}`, () => {
        const total = fp === 0 ? ({ kind: 'half' } as const) : ({ kind: 'points', points: fp } as const);
        expect(fireResult(total, roll, defaults)).toBe(expected);
      });
    }
  }
  it('HR N-1 alternative: 10-12 row, 9 → horrendous', () => {
    expect(fireResult({ kind: 'points', points: 10 }, 9, settingsWith({ fet: { row10To12Roll9: 'horrendous' } }))).toBe('horrendous');
  });
  it('HR N-2 alternative: below range → desultory (30-34 row, roll −1)', () => {
    const row = FIRE_AFFECTS_TABLE[13];
    expect(row?.label).toBe('30-34');
    expect(fireResultOnRow(row!, -1, settingsWith({ fet: { belowRange: 'desultory' } }))).toBe('desultory');
    expect(fireResultOnRow(row!, -1, defaults)).toBe('effective');
  });
  it('no fire points → null', () => expect(fireResult({ kind: 'none' }, 12, defaults)).toBeNull());
});

describe('fire modifiers (§8.4 L187-194, chart L742-750)', () => {
  it.each([
    ['british-or-french-artillery', 1], ['russian-heavy-artillery', 1], ['target-vulnerable', 2], ['ottoman-or-cossack-artillery', -1],
    ['soft-cover', -1], ['rain-or-mud', -1], ['different-elevations', -1], ['target-artillery', -1], ['hard-cover', -2],
  ] as const)('%s → %d', (c, v) => expect(fireModifier([c], defaults)).toBe(v));
  it('national modifiers are not used vs hard cover or behind works (L187-190)', () => {
    expect(fireModifier(['british-or-french-artillery', 'hard-cover'], defaults)).toBe(-2);
    expect(fireModifier(['ottoman-or-cossack-artillery', 'hard-cover'], defaults)).toBe(-2);
    expect(fireModifier(['russian-heavy-artillery', 'soft-cover', 'behind-works'], defaults)).toBe(-1);
  });
  it('HR N-5 off: target-artillery gives 0', () => expect(fireModifier(['target-artillery'], settingsWith({ fire: { targetArtilleryMod: false } }))).toBe(0));
});

describe('fire effects (chart L752-759)', () => {
  it('unit targets', () => {
    expect(fireEffect('desultory', 'infantry')).toMatchObject({ spLoss: 0, disordered: false });
    expect(fireEffect('effective', 'cavalry')).toMatchObject({ spLoss: 0, disordered: true });
    expect(fireEffect('damaging', 'infantry')).toMatchObject({ spLoss: 1, disordered: true, retreat: 0 });
    expect(fireEffect('horrendous', 'infantry')).toMatchObject({ spLoss: 1, disordered: true, retreat: 6 });
    expect(fireEffect('destructive', 'infantry')).toMatchObject({ spLoss: 2, disordered: true, retreat: 'full-move' });
  });
  it('artillery targets', () => {
    expect(fireEffect('effective', 'artillery')).toMatchObject({ suppressed: true });
    expect(fireEffect('damaging', 'artillery')).toMatchObject({ suppressed: true, retreat: 'full-move' });
    expect(fireEffect('horrendous', 'artillery')).toMatchObject({ damaged: true, retreat: 'full-move' });
    expect(fireEffect('destructive', 'artillery')).toMatchObject({ destroyed: true });
  });
  it('natural 12 kills an attached general (L761)', () => {
    expect(fireKillsGeneral(12)).toBe(true);
    expect(fireKillsGeneral(11)).toBe(false);
  });
});

describe('Artillery Evasion Table (§8.5 L204-215, chart L674-683) and final fire (HR N-13)', () => {
  it.each([
    ['foot', 'infantry-heavy', 7], ['foot', 'other-cavalry', 9], ['horse', 'infantry-heavy', 6], ['horse', 'other-cavalry', 8],
  ] as const)('%s vs %s: escapes on %d, not %d-1', (k, c, need) => {
    expect(artilleryEvades(k, c, need)).toBe(true);
    expect(artilleryEvades(k, c, need - 1)).toBe(false);
  });
  it('columns: infantry, heavy; medium per HR N-6; light → other', () => {
    expect(evasionColumn('infantry', null, defaults)).toBe('infantry-heavy');
    expect(evasionColumn('cavalry', 'heavy', defaults)).toBe('infantry-heavy');
    expect(evasionColumn('cavalry', 'medium', defaults)).toBe('infantry-heavy');
    expect(evasionColumn('cavalry', 'medium', settingsWith({ evasion: { mediumCav: 'other' } }))).toBe('other-cavalry');
    expect(evasionColumn('cavalry', 'light', defaults)).toBe('other-cavalry');
  });
  it('modifiers −1 mud/rain/snow, −1 suppressed, −1 rough, +1 obstacle/higher', () => {
    expect(evasionModifier(['mud-rain-or-snow'])).toBe(-1);
    expect(evasionModifier(['suppressed'])).toBe(-1);
    expect(evasionModifier(['rough-terrain'])).toBe(-1);
    expect(evasionModifier(['behind-obstacle-or-higher'])).toBe(1);
    expect(evasionModifier(['mud-rain-or-snow', 'suppressed', 'rough-terrain', 'behind-obstacle-or-higher'])).toBe(-2);
  });
  it('final fire stops the attack on horrendous/destructive only (default)', () => {
    expect(FIRE_RESULTS.filter((r) => finalFireStopsAttack(r, defaults))).toEqual(['horrendous', 'destructive']);
    expect(finalFireStopsAttack(null, defaults)).toBe(false);
    expect(finalFireStopsAttack('damaging', settingsWith({ finalFire: { stopsOn: ['damaging'] } }))).toBe(true);
  });
});
