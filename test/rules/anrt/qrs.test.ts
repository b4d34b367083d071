import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ANRT_SETTINGS_DEFAULTS, describeAnrtSettings, parseAnrtSettings } from '../../../src/rules/anrt/settings';
import { parseQrs, qrsCell, qrsCells, qrsGaps, ResultCodeSchema } from '../../../src/rules/anrt/tables/qrs';
import { STAND_IN_QRS } from '../../../src/rules/anrt/tables/stand-in';

/** The QRS the text leaves out (DIGEST A-1): its schema, the stand-in file, entry and errors. */
const FILE = 'assets/anrt/qrs-stand-in.yaml';

describe('the example tables file (the project stand-in)', () => {
  const text = readFileSync(FILE, 'utf8');
  it('is marked as the project\'s own stand-in, not the author\'s, in its first line', () => {
    expect(text.split('\n')[0]).toMatch(/EXAMPLE TABLES FILE: THE ESTAFETTE PROJECT'S OWN STAND-IN, NOT THE AUTHOR'S/);
  });
  it('is the same data as the stand-in the rules load, and fills every cell of the sheet', () => {
    const data = parse(text) as unknown;
    expect(data).toEqual(STAND_IN_QRS);
    const r = parseQrs(data, true);
    expect(r.ok).toBe(true);
    expect(qrsGaps(STAND_IN_QRS)).toEqual([]);
    expect(qrsCells().length).toBeGreaterThan(300);
  });
});

describe('result codes (§VIII L463-478)', () => {
  it.each([['X', 'X'], ['x+', 'X+'], [' 2x', '2X'], ['ne', 'NE'], ['E', 'E'], ['4', 4], [6, 6], [2, 2]])('%j reads as %j', (raw, code) => {
    expect(ResultCodeSchema.parse(raw)).toBe(code);
  });
  it.each([['3X'], [1], [7], ['X++'], ['']])('%j is refused', (raw) => {
    expect(ResultCodeSchema.safeParse(raw).success).toBe(false);
  });
});

describe('entering the QRS', () => {
  it('a bad cell is named with what it takes', () => {
    const r = parseQrs({ melee: { cavalry: { MASSE: '3X' } } }, false);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('qrs/invalid');
    expect(r.error.message).toContain('qrs.melee.cavalry.MASSE');
    expect(r.error.message).toContain('X, X+, 2X, NE, E');
    expect(r.error.hint).toContain('/game ruling key:qrs.melee.cavalry.MASSE');
  });
  it('an unknown key lists the keys known there', () => {
    const r = parseQrs({ melee: { cavalry: { SQAURE: 'X' } } }, false);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain("unknown 'SQAURE'");
    expect(r.error.message).toContain('SQUARE');
  });
  it('in "gm" mode a partial sheet is fine; in "entered" mode a missing row is refused with the cell and a hint', () => {
    const partial = { movement: { 'infantry-line': 6 } };
    expect(parseQrs(partial, false).ok).toBe(true);
    const { melee, ...rest } = STAND_IN_QRS;
    const { MASSE: _gone, ...cavalry } = melee!.cavalry!;
    const missingRow = { ...rest, melee: { ...melee, cavalry } };
    const r = parseQrs(missingRow, true);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('qrs/missing-rows');
    expect(r.error.message).toContain('1 cell(s)');
    expect(r.error.message).toContain('qrs.melee.cavalry.MASSE');
    expect(r.error.hint).toContain('/game ruling key:qrs.melee.cavalry.MASSE');
    expect(r.error.hint).toContain('tables.mode value:gm');
  });
  it('qrsCell reads a dotted cell', () => {
    expect(qrsCell(STAND_IN_QRS, 'melee.cavalry.MASSE')).toBe(STAND_IN_QRS.melee!.cavalry!.MASSE);
    expect(qrsCell({}, 'melee.cavalry.MASSE')).toBeUndefined();
  });
});

describe('ANRT settings', () => {
  it('default: DIGEST rulings, an empty sheet, the GM rules each needed result', () => {
    const r = parseAnrtSettings({});
    expect(r).toEqual({ ok: true, value: ANRT_SETTINGS_DEFAULTS });
    expect(ANRT_SETTINGS_DEFAULTS).toMatchObject({ tables: { mode: 'gm' }, adjust: { capHits: 2 }, initiative: { die: 'd6', firstTurnDraw: 'reroll' }, size: { verySmallMaxFigures: 4, smallMaxFigures: 8, largeMinFigures: 15 }, half: { rule: 'ceil' }, replacement: { timing: 'split' }, fire: { sequential: true }, qrs: {} });
  });
  it('"stand-in" loads the example sheet; a cell entered as /game ruling nests it (withPath) and overrides it', () => {
    const r = parseAnrtSettings({ qrs: 'stand-in', tables: { mode: 'entered' } });
    expect(r.ok && r.value.qrs).toEqual(STAND_IN_QRS);
    const cell = parseAnrtSettings({ qrs: { melee: { cavalry: { MASSE: '2x' } } } });
    expect(cell.ok && cell.value.qrs.melee?.cavalry?.MASSE).toBe('2X');
  });
  it('entered mode without a complete sheet is refused before the start', () => {
    const r = parseAnrtSettings({ tables: { mode: 'entered' } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('qrs/missing-rows');
  });
  it('a bad ruling names its key and allowed values', () => {
    const r = parseAnrtSettings({ adjust: { capHits: 5 } });
    expect(!r.ok && r.error.message).toContain("'adjust.capHits'");
  });
  it('settings lines echo each table, the stand-in labelled as not the author\'s', () => {
    const r = parseAnrtSettings({ qrs: 'stand-in' });
    const lines = describeAnrtSettings(r.ok ? r.value : ANRT_SETTINGS_DEFAULTS);
    const melee = lines.find((l) => l.key === 'qrs.melee')!;
    expect(melee.value).toBe("44/44 — the project's stand-in, not the author's");
    const empty = describeAnrtSettings(ANRT_SETTINGS_DEFAULTS).find((l) => l.key === 'qrs.melee')!;
    expect(empty.value).toBe('0/44 (empty: the GM rules each result)');
    expect(lines.find((l) => l.key === 'tables.mode')).toMatchObject({ ruling: 'A-1', value: 'gm' });
  });
});
