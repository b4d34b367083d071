import { describe, expect, it } from 'vitest';
import { HOUR } from '../../../src/scheduler/time';
import { gapEnd, instantsAt, offsetAt, resolveZone, wallClockAt, zonedToUtc } from '../../../src/scheduler/time/zone';

// Instants as epoch literals with their UTC reading; see deadline.test.ts for the 2026 change dates.
const OCT25_0030Z = 1792888200000; // 2026-10-25T00:30Z = 02:30 CEST
const OCT25_0130Z = 1792891800000; // 2026-10-25T01:30Z = 02:30 CET
const MAR29_0100Z = 1774746000000; // 2026-03-29T01:00Z = 03:00 CEST, the moment of the change
const NOV01_0530Z = 1793511000000; // 2026-11-01T05:30Z = 01:30 EDT
const NOV01_0630Z = 1793514600000; // 2026-11-01T06:30Z = 01:30 EST

const wall = (year: number, month: number, day: number, hour: number, minute: number) => ({ year, month, day, hour, minute, second: 0 });

describe('wall clock ↔ instant', () => {
  it('reads the wall clock and offset either side of a change', () => {
    expect(wallClockAt(MAR29_0100Z - 1000, 'Europe/Paris')).toEqual({ year: 2026, month: 3, day: 29, hour: 1, minute: 59, second: 59 });
    expect(wallClockAt(MAR29_0100Z, 'Europe/Paris')).toEqual(wall(2026, 3, 29, 3, 0));
    expect(offsetAt(MAR29_0100Z - 1, 'Europe/Paris')).toBe(1 * HOUR);
    expect(offsetAt(MAR29_0100Z, 'Europe/Paris')).toBe(2 * HOUR);
  });

  it('an ordinary time has exactly one instant', () => {
    expect(instantsAt(wall(2026, 11, 22, 20, 0), 'Europe/Paris')).toEqual([1795374000000]); // 19:00Z
  });

  it('a fall-back time has two instants, and zonedToUtc takes the earlier', () => {
    expect(instantsAt(wall(2026, 10, 25, 2, 30), 'Europe/Paris')).toEqual([OCT25_0030Z, OCT25_0130Z]);
    expect(zonedToUtc(wall(2026, 10, 25, 2, 30), 'Europe/Paris')).toBe(OCT25_0030Z);
    expect(instantsAt(wall(2026, 11, 1, 1, 30), 'America/New_York')).toEqual([NOV01_0530Z, NOV01_0630Z]);
    expect(zonedToUtc(wall(2026, 11, 1, 1, 30), 'America/New_York')).toBe(NOV01_0530Z);
  });

  it('a spring-forward time has none, and zonedToUtc takes the end of the gap', () => {
    expect(instantsAt(wall(2026, 3, 29, 2, 30), 'Europe/Paris')).toEqual([]);
    expect(gapEnd(wall(2026, 3, 29, 2, 30), 'Europe/Paris')).toBe(MAR29_0100Z);
    expect(zonedToUtc(wall(2026, 3, 29, 2, 0), 'Europe/Paris')).toBe(MAR29_0100Z); // 02:00 itself is in the gap
    expect(zonedToUtc(wall(2026, 3, 29, 3, 0), 'Europe/Paris')).toBe(MAR29_0100Z); // and 03:00 is its end
  });

  it('handles half-hour changes (Lord Howe: +10:30 ↔ +11, 5 Apr 2026 at 02:00 → 01:30)', () => {
    const twice = instantsAt(wall(2026, 4, 5, 1, 45), 'Australia/Lord_Howe');
    expect(twice).toHaveLength(2);
    expect((twice[1] ?? 0) - (twice[0] ?? 0)).toBe(HOUR / 2);
  });

  it('validates zones through Intl', () => {
    expect(resolveZone('europe/paris')).toBe('Europe/Paris');
    expect(resolveZone('Mars/Olympus_Mons')).toBeNull();
  });
});
