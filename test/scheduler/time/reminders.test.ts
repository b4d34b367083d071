import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, dueReminders, parseReminderLeads, reminderLeadTimes } from '../../../src/scheduler/time';

describe('reminderLeadTimes scale with the window (issue 4)', () => {
  it.each<[string, number, number[]]>([
    ['10 min: 15 min would fire at opening', 10 * MINUTE, []],
    ['30 min', 30 * MINUTE, [15 * MINUTE]],
    ['1 h', HOUR, [15 * MINUTE]],
    ['2 h', 2 * HOUR, [HOUR]],
    ['24 h', 24 * HOUR, [HOUR]],
    ['48 h', 48 * HOUR, [4 * HOUR, HOUR]],
    ['7 d', 7 * DAY, [DAY, 4 * HOUR]],
  ])('%s', (_, length, leads) => {
    expect(reminderLeadTimes(length)).toEqual(leads);
  });

  it('takes an override list, dropping leads as long as the window and duplicates, most distant first', () => {
    expect(reminderLeadTimes(24 * HOUR, { leadsMs: [HOUR, 2 * DAY, 15 * MINUTE, HOUR, 24 * HOUR] })).toEqual([HOUR, 15 * MINUTE]);
    expect(reminderLeadTimes(24 * HOUR, { leadsMs: [] })).toEqual([]); // reminders off
  });

  it('takes a replacement table', () => {
    const table = [{ upToMs: Number.POSITIVE_INFINITY, leadsMs: [30 * MINUTE, 2 * HOUR] }];
    expect(reminderLeadTimes(24 * HOUR, { table })).toEqual([2 * HOUR, 30 * MINUTE]);
  });

  it('property: leads are distinct, shorter than the window and in descending order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 * DAY }), fc.option(fc.array(fc.integer({ min: 1, max: 10 * DAY }), { maxLength: 6 }), { nil: undefined }), (length, leadsMs) => {
        const leads = reminderLeadTimes(length, leadsMs === undefined ? {} : { leadsMs });
        expect(leads.every((l) => l > 0 && l < length)).toBe(true);
        expect(leads).toEqual([...new Set(leads)].sort((a, b) => b - a));
      }),
    );
  });
});

describe('dueReminders', () => {
  const openedAt = 1795374000000; // 2026-11-22T19:00Z
  const deadline = openedAt + 48 * HOUR;
  const leads = [4 * HOUR, HOUR];
  const at = (beforeDeadline: number, sent: number[] = []) => dueReminders({ openedAt, deadline, now: deadline - beforeDeadline, sent: new Set(sent), leads });

  it('sends each lead once, when its moment comes', () => {
    expect(at(5 * HOUR)).toEqual({ send: [], skip: [] });
    expect(at(4 * HOUR)).toEqual({ send: [4 * HOUR], skip: [] });
    expect(at(3 * HOUR, [4 * HOUR])).toEqual({ send: [], skip: [] });
    expect(at(HOUR, [4 * HOUR])).toEqual({ send: [HOUR], skip: [] });
    expect(at(30 * MINUTE, [4 * HOUR, HOUR])).toEqual({ send: [], skip: [] });
  });

  it('after downtime sends only the most urgent and skips the rest', () => {
    expect(at(30 * MINUTE)).toEqual({ send: [HOUR], skip: [4 * HOUR] });
  });

  it('sends nothing once the deadline has passed or before the window opens', () => {
    expect(at(0)).toEqual({ send: [], skip: [] });
    expect(dueReminders({ openedAt, deadline, now: openedAt - 1, sent: new Set(), leads: [47 * HOUR] })).toEqual({ send: [], skip: [] });
  });

  it('never sends a lead whose moment fell before the window opened', () => {
    const short = dueReminders({ openedAt, deadline: openedAt + 10 * HOUR, now: openedAt, sent: new Set(), leads: [DAY, 4 * HOUR] });
    expect(short).toEqual({ send: [], skip: [DAY] });
  });

  it('property: ticking through a window, each lead is handled once; with no gaps between ticks none is skipped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 7 * 24 * 60 }), fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 30 }), (lengthMin, gaps) => {
        const deadline = openedAt + lengthMin * MINUTE;
        const leads = reminderLeadTimes(lengthMin * MINUTE);
        for (const tickMin of [1, ...gaps]) {
          const handled = new Set<number>();
          let sends = 0;
          for (let now = openedAt; now < deadline; now += tickMin * MINUTE) {
            const due = dueReminders({ openedAt, deadline, now, sent: handled, leads });
            expect(due.send.length).toBeLessThanOrEqual(1);
            for (const l of [...due.send, ...due.skip]) {
              expect(handled.has(l)).toBe(false);
              handled.add(l);
            }
            sends += due.send.length;
          }
          if (tickMin === 1) expect(sends).toBe(leads.length); // every lead is a whole number of minutes
          if (leads.length > 0 && handled.size > 0) expect(sends).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('parseReminderLeads', () => {
  it.each<[string, number[]]>([
    ['24h, 1h', [DAY, HOUR]],
    ['15m', [15 * MINUTE]],
    ['1h,4h,1h', [4 * HOUR, HOUR]],
    ['off', []],
  ])('%s', (text, leads) => {
    expect(parseReminderLeads(text)).toEqual({ ok: true, value: leads });
  });

  it.each<[string, string]>([
    ['1h, soon', 'pace/syntax'],
    ['', 'pace/syntax'],
    ['1h,2h,3h,4h,5h,6h', 'pace/syntax'],
    ['1m', 'pace/too-short'],
    ['8d', 'pace/too-long'],
  ])('%s → %s', (text, code) => {
    const r = parseReminderLeads(text);
    expect(!r.ok && r.error.code).toBe(code);
  });
});
