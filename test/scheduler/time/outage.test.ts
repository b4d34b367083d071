import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, deadlineCheck, defaultGrace, extendDeadline, parseExtension } from '../../../src/scheduler/time';

const deadline = 1795374000000; // 2026-11-22T19:00:00Z
const tickMs = 30_000;

describe('deadlineCheck', () => {
  it('waits before the deadline, even if the bot was down', () => {
    expect(deadlineCheck({ deadline, now: deadline - 1, lastSeenAlive: deadline - 5 * HOUR, tickMs })).toBe('wait');
  });

  it('resolves when the bot was running at the deadline', () => {
    // Previous beat 20 s before the deadline, this tick 10 s after it: an ordinary tick.
    expect(deadlineCheck({ deadline, now: deadline + 10_000, lastSeenAlive: deadline - 20_000, tickMs })).toBe('resolve');
    // Two ticks of slack (a slow tick) still count as alive…
    expect(deadlineCheck({ deadline, now: deadline + 1, lastSeenAlive: deadline - 60_000, tickMs })).toBe('resolve');
  });

  it('extends when the deadline passed while the bot was down', () => {
    // …one millisecond more is an outage. No window given: the minimum grace, 1 h.
    expect(deadlineCheck({ deadline, now: deadline + 1, lastSeenAlive: deadline - 60_001, tickMs })).toMatchObject({ extendTo: deadline + 1 + HOUR, graceMs: HOUR });
  });

  it('grace is 10% of a long window, from now, and the reason says why', () => {
    // Down from 16:00Z to 21:00Z across a 19:00Z deadline of a 24 h window: grace 2.4 h = 2 h 24 min.
    const lastSeenAlive = deadline - 3 * HOUR;
    const now = deadline + 2 * HOUR;
    const v = deadlineCheck({ deadline, now, lastSeenAlive, tickMs, windowMs: DAY });
    expect(v).toEqual({
      extendTo: now + 144 * MINUTE,
      graceMs: 144 * MINUTE,
      reason: 'Estafette was last seen running <t:1795363200:f>, before the deadline <t:1795374000:f>; 2 h 24 min of grace is added from now.',
    });
  });

  it('an explicit grace wins over the default', () => {
    const v = deadlineCheck({ deadline, now: deadline + HOUR, lastSeenAlive: deadline - HOUR, tickMs, graceMs: 30 * MINUTE, windowMs: 7 * DAY });
    expect(typeof v === 'object' && v.extendTo).toBe(deadline + 90 * MINUTE);
  });

  it('the next tick after an extension waits, then resolves normally', () => {
    const now = deadline + 2 * HOUR;
    const v = deadlineCheck({ deadline, now, lastSeenAlive: deadline - 3 * HOUR, tickMs });
    if (typeof v !== 'object') throw new Error('expected an extension');
    expect(deadlineCheck({ deadline: v.extendTo, now: now + tickMs, lastSeenAlive: now, tickMs })).toBe('wait');
    expect(deadlineCheck({ deadline: v.extendTo, now: v.extendTo + 5_000, lastSeenAlive: v.extendTo - 25_000, tickMs })).toBe('resolve');
  });
});

describe('defaultGrace = max(1 h, 10% of the window)', () => {
  it.each<[number | undefined, number]>([
    [undefined, HOUR],
    [2 * HOUR, HOUR],
    [10 * HOUR, HOUR],
    [DAY, 144 * MINUTE],
    [7 * DAY, 16 * HOUR + 48 * MINUTE],
    [95 * MINUTE + 1, HOUR],
    [11 * HOUR + 1, 67 * MINUTE], // 66 min 0.1 ms rounds up to a whole minute
  ])('%s → %s', (windowMs, grace) => {
    expect(defaultGrace(windowMs)).toBe(grace);
  });
});

describe('/game extend', () => {
  it('moves the deadline later', () => {
    expect(extendDeadline(deadline, 12 * HOUR)).toBe(deadline + 12 * HOUR);
  });

  it.each<[string, number]>([
    ['12h', 12 * HOUR],
    ['1d', DAY],
    ['+90m', 90 * MINUTE],
    ['1d 12h', 36 * HOUR],
  ])('reads %s', (text, ms) => {
    expect(parseExtension(text)).toEqual({ ok: true, value: ms });
  });

  it.each<[string, string]>([
    ['soon', 'pace/syntax'],
    ['-1h', 'pace/syntax'],
    ['2m', 'pace/too-short'],
    ['31d', 'pace/too-long'],
  ])('refuses %s with %s', (text, code) => {
    const r = parseExtension(text);
    expect(r.ok ? null : [r.error.code, r.error.hint]).toEqual([code, 'Extend by a duration like 12h, 1d or 90m (5 minutes to 30 days).']);
  });
});
