import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MAX_DURATION_MS, MINUTE, MIN_DURATION_MS, WEEKDAYS, formatPace, nextDeadline, parsePace, type PaceSpec } from '../../../src/scheduler/time';
import { formatDuration, readDuration } from '../../../src/scheduler/time/duration';
import { localMs, offsetAt, wallClockAt, weekdayOf } from '../../../src/scheduler/time/zone';

// Zones with ordinary DST (north and south), none, half-hour DST (Lord Howe), a :45 offset (Chatham) and a midnight change (Santiago).
const ZONES = ['Europe/Paris', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Santiago', 'Europe/London'] as const;

const zone = fc.constantFrom(...ZONES);
const hour = fc.integer({ min: 0, max: 23 });
const minute = fc.oneof(fc.constantFrom(0, 30), fc.integer({ min: 0, max: 59 }));
// 2000–2040, with extra weight on the 2026 European and American change weeks.
const opened = fc.oneof(fc.integer({ min: 946_684_800_000, max: 2_208_988_800_000 }), fc.integer({ min: 1_774_400_000_000, max: 1_775_000_000_000 }), fc.integer({ min: 1_792_600_000_000, max: 1_793_700_000_000 }));
const minMs = fc.oneof(fc.constant(HOUR), fc.integer({ min: 5, max: 3 * 24 * 60 }).map((m) => m * MINUTE));

const hhmm = (ms: number, z: string) => {
  const w = wallClockAt(ms, z);
  return [w.hour, w.minute, w.second];
};

/**
 * Brute force, independent of zone.ts's conversion: no whole minute in [from, to) reads
 * HH:MM (offsets are whole minutes, so every HH:MM:00 instant is on a minute boundary).
 */
function noEarlierHit(from: number, to: number, z: string, h: number, m: number, weekday?: number): boolean {
  for (let t = Math.ceil(from / MINUTE) * MINUTE; t < to; t += MINUTE) {
    const w = wallClockAt(t, z);
    if (w.hour === h && w.minute === m && (weekday === undefined || weekdayOf(w) === weekday)) return false;
  }
  return true;
}

/** A deadline that is not HH:MM must be the end of a gap that swallowed HH:MM. */
function isGapEndFor(d: number, z: string, h: number, m: number): boolean {
  const before = wallClockAt(d - 1000, z);
  const target = localMs({ ...before, hour: h, minute: m, second: 0 });
  return offsetAt(d - 1000, z) < offsetAt(d, z) && localMs(before) < target && target < localMs(wallClockAt(d, z));
}

describe('nextDeadline properties', () => {
  it('daily: HH:MM (or the end of a gap) at least min after opening, less than min + 25 h, and the first such', () => {
    fc.assert(
      fc.property(zone, hour, minute, opened, minMs, (z, h, m, openedAt, min) => {
        const d = nextDeadline({ kind: 'daily', hour: h, minute: m, zone: z, minMs: min }, openedAt);
        expect(d - openedAt).toBeGreaterThanOrEqual(min);
        expect(d - openedAt).toBeLessThan(min + 25 * HOUR);
        const [dh, dm, ds] = hhmm(d, z);
        if (dh !== h || dm !== m) expect(isGapEndFor(d, z, h, m)).toBe(true);
        else expect(ds).toBe(0);
        expect(noEarlierHit(openedAt + min, d, z, h, m)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('weekly: on the weekday at HH:MM, at least min after opening, less than min + 7 d + 1 h', () => {
    fc.assert(
      fc.property(zone, fc.constantFrom(...WEEKDAYS), hour, minute, opened, minMs, (z, day, h, m, openedAt, min) => {
        const d = nextDeadline({ kind: 'weekly', weekday: day, hour: h, minute: m, zone: z, minMs: min }, openedAt);
        expect(d - openedAt).toBeGreaterThanOrEqual(min);
        expect(d - openedAt).toBeLessThan(min + 7 * DAY + HOUR);
        const [dh, dm] = hhmm(d, z);
        if (dh === h && dm === m) expect(weekdayOf(wallClockAt(d, z))).toBe(WEEKDAYS.indexOf(day));
        else expect(isGapEndFor(d, z, h, m)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('parser properties', () => {
  const wholeMinutes = (lo: number, hi: number) => fc.integer({ min: lo / MINUTE, max: hi / MINUTE }).map((n) => n * MINUTE);
  const spec: fc.Arbitrary<PaceSpec> = fc.oneof(
    wholeMinutes(MIN_DURATION_MS, MAX_DURATION_MS).map((ms) => ({ kind: 'duration' as const, ms })),
    fc.record({ kind: fc.constant('daily' as const), hour, minute, zone, minMs: wholeMinutes(MIN_DURATION_MS, 7 * DAY) }),
    fc.record({ kind: fc.constant('weekly' as const), weekday: fc.constantFrom(...WEEKDAYS), hour, minute, zone, minMs: wholeMinutes(MIN_DURATION_MS, 7 * DAY) }),
  );

  it('formatPace reads back to the same spec', () => {
    fc.assert(fc.property(spec, (s) => {
      expect(parsePace(formatPace(s))).toEqual({ ok: true, value: s });
    }));
  });

  it('formatDuration reads back to the same duration', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 60 * 24 * 400 }), (n) => {
      expect(readDuration(formatDuration(n * MINUTE))).toBe(n * MINUTE);
    }));
  });

  it('parsePace never throws, whatever the text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (text) => {
      expect(typeof parsePace(text).ok).toBe('boolean');
    }));
    fc.assert(fc.property(fc.stringMatching(/^(daily |weekly )?(sun )?\d{1,2}(:\d{2})? ?(am|pm)? ?[A-Za-z_/]{0,20}( min \d{1,3}[mhd])?$/), (text) => {
      expect(typeof parsePace(text).ok).toBe('boolean');
    }));
  });
});
