import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, WEEK, formatPace, paceFor, parsePace, parsePaces, readPace, type PaceSpec } from '../../../src/scheduler/time';
import { formatDuration, readDuration } from '../../../src/scheduler/time/duration';

const daily = (hour: number, minute: number, zone: string, minMs = HOUR): PaceSpec => ({ kind: 'daily', hour, minute, zone, minMs });

describe('parsePace: accepted forms', () => {
  // Each form is from issue 4 or the brief, then the spellings formatPace writes back.
  const cases: [string, PaceSpec][] = [
    ['24h', { kind: 'duration', ms: 24 * HOUR }],
    ['48h', { kind: 'duration', ms: 48 * HOUR }],
    ['90m', { kind: 'duration', ms: 90 * MINUTE }],
    ['2d', { kind: 'duration', ms: 2 * DAY }],
    ['1d12h', { kind: 'duration', ms: 36 * HOUR }],
    ['1w', { kind: 'duration', ms: WEEK }],
    ['5m', { kind: 'duration', ms: 5 * MINUTE }], // the minimum itself
    ['30d', { kind: 'duration', ms: 30 * DAY }], // the maximum itself
    ['1 h 30 min', { kind: 'duration', ms: 90 * MINUTE }],
    ['24 h per window', { kind: 'duration', ms: 24 * HOUR }],
    ['  2 Days ', { kind: 'duration', ms: 2 * DAY }],
    ['daily 20:00 Europe/Paris', daily(20, 0, 'Europe/Paris')],
    ['20:00 Europe/Paris', daily(20, 0, 'Europe/Paris')],
    ['daily 8pm America/New_York', daily(20, 0, 'America/New_York')],
    ['daily at 8:30 PM america/new_york', daily(20, 30, 'America/New_York')], // zone case corrected
    ['daily 12am UTC', daily(0, 0, 'UTC')], // 12am is midnight
    ['daily 12pm UTC', daily(12, 0, 'UTC')], // 12pm is noon
    ['daily 7 a.m. Asia/Tokyo', daily(7, 0, 'Asia/Tokyo')],
    ['every day at 06:05 Europe/London', daily(6, 5, 'Europe/London')],
    ['daily 20:00 Europe/Paris min 12h', daily(20, 0, 'Europe/Paris', 12 * HOUR)],
    ['daily at 20:00 Europe/Paris, min 12 h', daily(20, 0, 'Europe/Paris', 12 * HOUR)],
    ['daily 20:00 Asia/Kolkata', daily(20, 0, 'Asia/Kolkata')], // newer name, kept even where ICU says Calcutta
    ['weekly sun 18:00 UTC', { kind: 'weekly', weekday: 'sun', hour: 18, minute: 0, zone: 'UTC', minMs: HOUR }],
    ['weekly on Sunday at 18:00 UTC, min 12 h', { kind: 'weekly', weekday: 'sun', hour: 18, minute: 0, zone: 'UTC', minMs: 12 * HOUR }],
    ['fri 9pm Europe/Berlin', { kind: 'weekly', weekday: 'fri', hour: 21, minute: 0, zone: 'Europe/Berlin', minMs: HOUR }],
  ];
  it.each(cases)('%s', (text, spec) => {
    expect(parsePace(text)).toEqual({ ok: true, value: spec });
  });
});

describe('parsePace: errors carry a stable code and the accepted forms', () => {
  const cases: [string, string, RegExp][] = [
    ['', 'pace/syntax', /not a pace/],
    ['soon', 'pace/syntax', /not a pace/],
    ['1h30', 'pace/syntax', /not a pace/], // a number without its unit
    ['5mo', 'pace/syntax', /not a pace/],
    ['20:00', 'pace/syntax', /time zone/],
    ['daily 20 Europe/Paris', 'pace/syntax', /24-hour|am\/pm/], // a bare hour is not a time
    ['daily 25:00 UTC', 'pace/syntax', /00–23/],
    ['daily 20:61 UTC', 'pace/syntax', /minute/],
    ['daily 13pm UTC', 'pace/syntax', /1–12/],
    ['weekly 18:00 UTC', 'pace/syntax', /needs a day/],
    ['daily sun 18:00 UTC', 'pace/syntax', /weekly sun/],
    ['weekly funday 18:00 UTC', 'pace/syntax', /day of the week/],
    ['daily 20:00 UTC min soon', 'pace/syntax', /minimum/],
    ['x'.repeat(101), 'pace/syntax', /too long/],
    ['daily 20:00 Mars/Olympus_Mons', 'pace/unknown-zone', /Unknown time zone/],
    ['daily 20:00 Paris', 'pace/unknown-zone', /Unknown time zone/],
    ['daily 8pm EST', 'pace/unknown-zone', /not a region\/city/], // fixed UTC−5, never EDT
    ['4m', 'pace/too-short', /minimum is 5 min/],
    ['0h', 'pace/too-short', /minimum/],
    ['daily 20:00 UTC min 1m', 'pace/too-short', /at least 5 min/],
    ['31d', 'pace/too-long', /maximum is 30 d/],
    ['5w', 'pace/too-long', /maximum/],
    ['daily 20:00 UTC min 8d', 'pace/too-long', /at most 7 d/],
  ];
  it.each(cases)('%s → %s', (text, code, message) => {
    const r = parsePace(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.message).toMatch(message);
    // Zone errors explain zones; the rest list the accepted forms.
    expect(r.error.hint).toMatch(code === 'pace/unknown-zone' ? /Europe\/Paris/ : /24h.*daily 20:00 Europe\/Paris.*weekly sun 18:00 UTC/);
  });

  it('suggests the zone a bare city belongs to', () => {
    const r = parsePace('daily 20:00 Paris');
    expect(!r.ok && r.error.hint).toMatch(/Did you mean Europe\/Paris\?/);
  });

  it('explains what an abbreviation really means', () => {
    const r = parsePace('daily 8pm EST');
    expect(!r.ok && r.error.hint).toMatch(/daylight saving/);
  });
});

describe('formatPace', () => {
  it.each<[PaceSpec, string]>([
    [{ kind: 'duration', ms: 24 * HOUR }, '24 h per window'],
    [{ kind: 'duration', ms: 90 * MINUTE }, '1 h 30 min per window'],
    [{ kind: 'duration', ms: WEEK }, '7 d per window'],
    [daily(20, 0, 'Europe/Paris'), 'daily at 20:00 Europe/Paris'],
    [daily(8, 5, 'UTC', 12 * HOUR), 'daily at 08:05 UTC, min 12 h'],
    [{ kind: 'weekly', weekday: 'sun', hour: 18, minute: 0, zone: 'UTC', minMs: HOUR }, 'weekly on Sunday at 18:00 UTC'],
  ])('%j → %s', (spec, text) => {
    expect(formatPace(spec)).toBe(text);
    expect(parsePace(text)).toEqual({ ok: true, value: spec });
  });

  it('formats durations in hours up to 72 h, then days', () => {
    expect([45 * MINUTE, 72 * HOUR, 73 * HOUR, 30 * DAY].map(formatDuration)).toEqual(['45 min', '72 h', '3 d 1 h', '30 d']);
    expect(readDuration('3 d 1 h')).toBe(73 * HOUR);
  });
});

describe('readPace (stored JSON)', () => {
  it('reads a stored spec and fills the default minimum', () => {
    expect(readPace({ kind: 'daily', hour: 20, minute: 0, zone: 'Europe/Paris' })).toEqual({ ok: true, value: daily(20, 0, 'Europe/Paris') });
  });

  it('accepts zone names ICU knows only as aliases, so stored games survive ICU renames', () => {
    expect(readPace(daily(20, 0, 'Europe/Kiev')).ok).toBe(true);
    expect(readPace(daily(20, 0, 'Europe/Kyiv')).ok).toBe(true);
  });

  it.each<[unknown, string]>([
    [{ kind: 'daily', hour: 20, minute: 0, zone: 'Mars/Olympus_Mons' }, 'pace/unknown-zone'],
    [{ kind: 'duration', ms: MINUTE }, 'pace/too-short'],
    [{ kind: 'duration', ms: 31 * DAY }, 'pace/too-long'],
    [{ kind: 'daily', hour: 20, minute: 0, zone: 'UTC', minMs: 8 * DAY }, 'pace/too-long'],
    [{ kind: 'duration', ms: 90_000 }, 'pace/invalid'], // not whole minutes
    [{ kind: 'daily', hour: 24, minute: 0, zone: 'UTC' }, 'pace/invalid'],
    [{ kind: 'weekly', weekday: 'sunday', hour: 18, minute: 0, zone: 'UTC' }, 'pace/invalid'],
    [{ kind: 'hourly' }, 'pace/invalid'],
    ['24h', 'pace/invalid'], // text belongs to parsePace
  ])('%j → %s', (json, code) => {
    const r = readPace(json);
    expect(!r.ok && r.error.code).toBe(code);
  });
});

describe('paces per window type', () => {
  const parsed = parsePaces({ default: '24h', 'dram/orders': 'daily 20:00 Europe/Paris', movement: '48h' });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const paces = parsed.value;

  it.each<[string, PaceSpec]>([
    ['dram/orders', daily(20, 0, 'Europe/Paris')], // exact phase id
    ['dram/movement', { kind: 'duration', ms: 48 * HOUR }], // by kind after the slash
    ['nw/movement', { kind: 'duration', ms: 48 * HOUR }],
    ['nw/orders', { kind: 'duration', ms: 24 * HOUR }], // only DRAM's orders are paced apart
    ['dram/combat', { kind: 'duration', ms: 24 * HOUR }],
    ['movement', { kind: 'duration', ms: 48 * HOUR }],
  ])('%s', (kind, spec) => {
    expect(paceFor(paces, kind)).toEqual(spec);
  });

  it('falls back to 24 h when no default is named', () => {
    const r = parsePaces({ orders: '12h' });
    expect(r.ok && paceFor(r.value, 'dram/movement')).toEqual({ kind: 'duration', ms: 24 * HOUR });
    expect(r.ok && paceFor(r.value, 'dram/orders')).toEqual({ kind: 'duration', ms: 12 * HOUR });
  });

  it('names the entry that failed', () => {
    const r = parsePaces({ default: '24h', orders: 'daily 20:00 Paris' });
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual(['pace/unknown-zone', 'orders: Unknown time zone "Paris".']);
    const k = parsePaces({ 'Orders!': '24h' });
    expect(!k.ok && k.error.code).toBe('pace/invalid');
  });
});
