import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, discordDeadline, discordTimestamp, formatDeadline, nextDeadline, offsetAt, parsePace, type PaceSpec } from '../../../src/scheduler/time';
import { wallClockAt } from '../../../src/scheduler/time/zone';

/**
 * Deadlines across the 2026 DST changes. Every instant is a literal epoch number with its
 * UTC reading; the first test checks each pair so a typo cannot hide. Reasoning:
 *  - Europe/Paris: CET = UTC+1, CEST = UTC+2. Spring forward Sun 29 Mar 2026 at 01:00Z
 *    (02:00 CET → 03:00 CEST); fall back Sun 25 Oct 2026 at 01:00Z (03:00 CEST → 02:00 CET).
 *    So 20:00 CET = 19:00Z and 20:00 CEST = 18:00Z.
 *  - America/New_York: EST = UTC−5, EDT = UTC−4. Spring forward Sun 8 Mar 2026 at 07:00Z
 *    (02:00 EST → 03:00 EDT); fall back Sun 1 Nov 2026 at 06:00Z (02:00 EDT → 01:00 EST).
 *    So 20:00 EST = 01:00Z next day and 20:00 EDT = 00:00Z next day.
 */
const T = {
  mar28_1000: [1774692000000, '2026-03-28T10:00:00.000Z'],
  mar28_1200: [1774699200000, '2026-03-28T12:00:00.000Z'],
  mar28_1830: [1774722600000, '2026-03-28T18:30:00.000Z'],
  mar28_1900: [1774724400000, '2026-03-28T19:00:00.000Z'],
  mar28_1930: [1774726200000, '2026-03-28T19:30:00.000Z'],
  mar29_0100: [1774746000000, '2026-03-29T01:00:00.000Z'],
  mar29_1200: [1774785600000, '2026-03-29T12:00:00.000Z'],
  mar29_1800: [1774807200000, '2026-03-29T18:00:00.000Z'],
  mar22_1900: [1774206000000, '2026-03-22T19:00:00.000Z'],
  oct24_1000: [1792836000000, '2026-10-24T10:00:00.000Z'],
  oct24_1200: [1792843200000, '2026-10-24T12:00:00.000Z'],
  oct24_1800: [1792864800000, '2026-10-24T18:00:00.000Z'],
  oct24_1900: [1792868400000, '2026-10-24T19:00:00.000Z'],
  oct24_2345: [1792885500000, '2026-10-24T23:45:00.000Z'],
  oct25_0015: [1792887300000, '2026-10-25T00:15:00.000Z'],
  oct25_0030: [1792888200000, '2026-10-25T00:30:00.000Z'],
  oct25_0130: [1792891800000, '2026-10-25T01:30:00.000Z'],
  oct25_1900: [1792954800000, '2026-10-25T19:00:00.000Z'],
  mar07_1200: [1772884800000, '2026-03-07T12:00:00.000Z'],
  mar08_0100: [1772931600000, '2026-03-08T01:00:00.000Z'],
  mar08_0200: [1772935200000, '2026-03-08T02:00:00.000Z'],
  mar08_0700: [1772953200000, '2026-03-08T07:00:00.000Z'],
  mar09_0000: [1773014400000, '2026-03-09T00:00:00.000Z'],
  oct31_1200: [1793448000000, '2026-10-31T12:00:00.000Z'],
  nov01_0000: [1793491200000, '2026-11-01T00:00:00.000Z'],
  nov01_0100: [1793494800000, '2026-11-01T01:00:00.000Z'],
  nov01_0530: [1793511000000, '2026-11-01T05:30:00.000Z'],
  nov02_0100: [1793581200000, '2026-11-02T01:00:00.000Z'],
  nov22_1900: [1795374000000, '2026-11-22T19:00:00.000Z'],
  nov25_1200: [1795608000000, '2026-11-25T12:00:00.000Z'],
  nov29_1730: [1795973400000, '2026-11-29T17:30:00.000Z'],
  nov29_1800: [1795975200000, '2026-11-29T18:00:00.000Z'],
  dec06_1800: [1796580000000, '2026-12-06T18:00:00.000Z'],
} as const;
const t = (k: keyof typeof T): number => T[k][0];

function pace(text: string): PaceSpec {
  const r = parsePace(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

it('every literal instant is the UTC time written beside it', () => {
  for (const [ms, iso] of Object.values(T)) expect(new Date(ms).toISOString()).toBe(iso);
});

describe('nextDeadline: daily 20:00 around DST changes', () => {
  // [pace, opened, expected deadline, local wall time, UTC offset in hours, why]
  const cases: [string, keyof typeof T, keyof typeof T, string, number, string][] = [
    ['daily 20:00 Europe/Paris', 'mar28_1000', 'mar28_1900', '20:00', 1, 'Sat 11:00 CET → same evening, 20:00 CET'],
    ['daily 20:00 Europe/Paris', 'mar28_1830', 'mar29_1800', '20:00', 2, '19:30 CET + 1 h min is past 20:00 → Sunday 20:00 CEST, after the change'],
    ['daily 20:00 Europe/Paris', 'mar28_1930', 'mar29_1800', '20:00', 2, 'Sat 20:30 CET → Sun 20:00 CEST: a 22.5 h window, an hour lost'],
    ['daily 20:00 Europe/Paris', 'mar29_1200', 'mar29_1800', '20:00', 2, 'Sun 14:00 CEST, on the change day'],
    ['daily 20:00 Europe/Paris min 12h', 'mar28_1000', 'mar29_1800', '20:00', 2, '11:00 CET + 12 h = 23:00 → next day'],
    ['daily 20:00 Europe/Paris', 'oct24_1000', 'oct24_1800', '20:00', 2, 'Sat 12:00 CEST → same evening, 20:00 CEST'],
    ['daily 20:00 Europe/Paris', 'oct24_1900', 'oct25_1900', '20:00', 1, 'Sat 21:00 CEST → Sun 20:00 CET: exactly 24 h, an hour gained'],
    ['daily 8pm America/New_York', 'mar07_1200', 'mar08_0100', '20:00', -5, 'Sat 07:00 EST → Sat 20:00 EST'],
    ['daily 8pm America/New_York', 'mar08_0200', 'mar09_0000', '20:00', -4, 'Sat 21:00 EST → Sun 20:00 EDT: 22 h'],
    ['daily 8pm America/New_York', 'oct31_1200', 'nov01_0000', '20:00', -4, 'Sat 08:00 EDT → Sat 20:00 EDT'],
    ['daily 8pm America/New_York', 'nov01_0100', 'nov02_0100', '20:00', -5, 'Sat 21:00 EDT → Sun 20:00 EST: 24 h'],
    // Spring-forward gap: 02:30 never happens; the deadline is the end of the gap (zone.ts ruling).
    ['daily 02:30 Europe/Paris', 'mar28_1200', 'mar29_0100', '03:00', 2, '02:30 on 29 Mar does not exist → 03:00 CEST'],
    ['daily 2:30am America/New_York', 'mar07_1200', 'mar08_0700', '03:00', -4, '02:30 on 8 Mar does not exist → 03:00 EDT'],
    // Fall-back overlap: 02:30 happens twice; the earlier (CEST/EDT) wins…
    ['daily 02:30 Europe/Paris', 'oct24_1200', 'oct25_0030', '02:30', 2, 'first 02:30, still CEST'],
    ['daily 02:30 Europe/Paris min 5m', 'oct25_0015', 'oct25_0030', '02:30', 2, 'opened 02:15 CEST, first 02:30 still ahead'],
    ['daily 1:30am America/New_York', 'oct31_1200', 'nov01_0530', '01:30', -4, 'first 01:30, still EDT'],
    // …unless it is before the window's minimum, then the later one rather than a day later.
    ['daily 02:30 Europe/Paris', 'oct24_2345', 'oct25_0130', '02:30', 1, '01:45 CEST + 1 h = 02:45 CEST, past the first 02:30 → the second, CET'],
    // Weekly.
    ['weekly sun 20:00 Europe/Paris', 'mar22_1900', 'mar29_1800', '20:00', 2, 'Sun 20:00 CET + 1 h → next Sunday 20:00 CEST'],
    ['weekly sun 18:00 UTC', 'nov25_1200', 'nov29_1800', '18:00', 0, 'Wed → Sun'],
    ['weekly sun 18:00 UTC', 'nov29_1730', 'dec06_1800', '18:00', 0, 'Sun 17:30 + 1 h min → a week later'],
  ];
  it.each(cases)('%s opened %s → %s (%s)', (text, opened, expected, local, offsetHours) => {
    const spec = pace(text);
    const d = nextDeadline(spec, t(opened));
    expect(new Date(d).toISOString()).toBe(T[expected][1]);
    const zone = spec.kind === 'duration' ? 'UTC' : spec.zone;
    const w = wallClockAt(d, zone);
    expect(`${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`).toBe(local);
    expect(offsetAt(d, zone)).toBe(offsetHours * HOUR);
  });

  it('a duration pace is the opening time plus the duration, whatever the clocks do', () => {
    expect(nextDeadline(pace('24h'), t('mar28_1930'))).toBe(t('mar28_1930') + 24 * HOUR);
    expect(nextDeadline(pace('90m'), t('oct25_0015'))).toBe(t('oct25_0015') + 90 * MINUTE);
  });
});

describe('formatting deadlines', () => {
  it.each<[keyof typeof T, string | undefined, string]>([
    ['nov22_1900', 'Europe/Paris', 'Sun 22 Nov 20:00 CET'],
    ['mar29_1800', 'Europe/Paris', 'Sun 29 Mar 20:00 CEST'],
    ['nov22_1900', 'America/New_York', 'Sun 22 Nov 14:00 EST'],
    ['mar09_0000', 'America/New_York', 'Sun 8 Mar 20:00 EDT'],
    ['nov22_1900', undefined, 'Sun 22 Nov 19:00 UTC'],
  ])('%s in %s → %s', (k, zone, text) => {
    expect(formatDeadline(t(k), zone)).toBe(text);
  });

  it('writes Discord timestamps in whole seconds', () => {
    expect(discordTimestamp(t('nov22_1900'))).toBe('<t:1795374000:F>');
    expect(discordTimestamp(t('nov22_1900') + 999, 'R')).toBe('<t:1795374000:R>');
    expect(discordDeadline(t('nov22_1900'))).toBe('<t:1795374000:F> (<t:1795374000:R>)');
  });
});
