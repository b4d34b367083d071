import { DAY } from './duration';

/**
 * IANA time zones through Intl alone (no tz dependency): validate a name, read the wall
 * clock at an instant, and turn a wall clock back into instants across DST changes.
 * Everything here is pure; the formatter cache only saves rebuilding Intl objects.
 */

/** A local calendar date; month is 1–12. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A local wall-clock reading in some zone, to the second. */
export interface WallClock extends LocalDate {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // en-US with h23: numeric fields and 00–23 hours (some ICU versions print 24 for midnight with hour12: false).
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's canonical spelling if Intl knows it (any case, aliases included), else null. */
export function resolveZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/** The wall clock in `zone` at instant `ms`. */
export function wallClockAt(ms: number, zone: string): WallClock {
  const fields: Record<string, number> = {};
  for (const p of partsFormatter(zone).formatToParts(ms)) if (p.type !== 'literal') fields[p.type] = Number(p.value);
  return { year: fields['year'] ?? NaN, month: fields['month'] ?? NaN, day: fields['day'] ?? NaN, hour: fields['hour'] ?? NaN, minute: fields['minute'] ?? NaN, second: fields['second'] ?? NaN };
}

/** A wall clock read as if it were UTC: the "local ms" that offsets are measured against. */
export function localMs(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** UTC offset of `zone` at instant `ms` (ms east of Greenwich: +1 h for CET, −5 h for EST). */
export function offsetAt(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000; // Intl shows seconds only; compare like with like
  return localMs(wallClockAt(whole, zone)) - whole;
}

/** The date `n` days after `d` on the proleptic Gregorian calendar. */
export function addDays(d: LocalDate, n: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday, like Date#getUTCDay. */
export function weekdayOf(d: LocalDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/** Distinct offsets the zone uses within a day either side of local time `l`: the only candidates for an instant showing `l`. */
function nearbyOffsets(l: number, zone: string): number[] {
  return [...new Set([offsetAt(l - DAY, zone), offsetAt(l, zone), offsetAt(l + DAY, zone)])];
}

/**
 * Every instant whose wall clock in `zone` reads `w`, earliest first: one on an ordinary
 * day, two in a fall-back overlap (e.g. 02:30 on 25 Oct 2026 in Paris: CEST then CET),
 * none in a spring-forward gap (02:30 on 29 Mar 2026 in Paris never happens).
 */
export function instantsAt(w: WallClock, zone: string): number[] {
  const l = localMs(w);
  const hits = nearbyOffsets(l, zone)
    .map((o) => l - o)
    .filter((t) => localMs(wallClockAt(t, zone)) === l);
  return [...new Set(hits)].sort((a, b) => a - b);
}

/**
 * The first instant after a spring-forward gap that swallowed wall clock `w`: the moment
 * of the change itself (03:00 CEST for a Paris 02:30 on 29 Mar 2026). Found by bisection
 * on whole seconds between the readings of `w` under the offsets before and after.
 */
export function gapEnd(w: WallClock, zone: string): number {
  const l = localMs(w);
  const offs = nearbyOffsets(l, zone);
  // Invariant: the wall clock at lo is before w, at hi after it (w itself never shows).
  let lo = (l - Math.max(...offs)) / 1000;
  let hi = (l - Math.min(...offs)) / 1000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localMs(wallClockAt(mid * 1000, zone)) > l) hi = mid;
    else lo = mid;
  }
  return hi * 1000;
}

/**
 * The instant a wall clock in `zone` stands for. Ruling for the two DST cases:
 *  - overlap (fall back, the time happens twice): the EARLIER instant, so a deadline is
 *    never later than a player reading the clock could expect;
 *  - gap (spring forward, the time never happens): the first valid instant after the gap,
 *    i.e. the moment of the change (02:30 → 03:00 CEST in Paris), not 03:30 as a naive
 *    "add the missing hour" would give: the nearest real instant to what the GM asked for.
 */
export function zonedToUtc(w: WallClock, zone: string): number {
  return instantsAt(w, zone)[0] ?? gapEnd(w, zone);
}
