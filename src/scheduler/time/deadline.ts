import type { PaceSpec } from './pace';
import { WEEKDAYS } from './pace';
import { addDays, gapEnd, instantsAt, type LocalDate, wallClockAt, weekdayOf } from './zone';

/**
 * When a window opened at `openedAt` (ms since epoch) closes under `spec`.
 *  - duration: openedAt + the duration;
 *  - daily / weekly: the first instant ≥ openedAt + minMs whose wall clock in the zone reads
 *    HH:MM (on the weekday, for weekly). On a fall-back day that is normally the earlier of
 *    the two HH:MMs (zone.ts ruling); only when the earlier one falls before openedAt + minMs
 *    is the later taken, rather than waiting a whole day. On a spring-forward day where
 *    HH:MM does not exist, the deadline is the end of the gap (02:30 → 03:00 CEST).
 */
export function nextDeadline(spec: PaceSpec, openedAt: number): number {
  if (spec.kind === 'duration') return openedAt + spec.ms;
  const earliest = openedAt + spec.minMs;
  const start: LocalDate = wallClockAt(earliest, spec.zone);
  const target = spec.kind === 'weekly' ? WEEKDAYS.indexOf(spec.weekday) : null;
  // Today's and tomorrow's HH:MM always suffice for daily (two weeks for weekly); the margin covers zones that skipped a whole date (Pacific/Apia, 30 Dec 2011).
  const horizon = target === null ? 3 : 15;
  for (let i = 0; i < horizon; i++) {
    const date = addDays(start, i);
    if (target !== null && weekdayOf(date) !== target) continue;
    const wall = { ...date, hour: spec.hour, minute: spec.minute, second: 0 };
    const instants = instantsAt(wall, spec.zone);
    const hit = (instants.length > 0 ? instants : [gapEnd(wall, spec.zone)]).find((t) => t >= earliest);
    if (hit !== undefined) return hit;
  }
  throw new Error(`nextDeadline: no ${spec.hour}:${spec.minute} in ${spec.zone} within ${horizon} days of ${earliest}`); // a bug, not a user error
}

/** Discord timestamp styles: t 20:00, T 20:00:00, d 22/11/2026, D 22 November 2026, f/F date and time, R "in 3 hours". */
export const DISCORD_STYLES = ['t', 'T', 'd', 'D', 'f', 'F', 'R'] as const;
export type DiscordStyle = (typeof DISCORD_STYLES)[number];

/** `<t:SECONDS:STYLE>`: each reader sees it in their own zone and language. */
export function discordTimestamp(ms: number, style: DiscordStyle = 'F'): string {
  return `<t:${Math.floor(ms / 1000)}:${style}>`;
}

/** "<t:…:F> (<t:…:R>)": the full date and how long is left, the usual way to show a deadline. */
export function discordDeadline(ms: number): string {
  return `${discordTimestamp(ms, 'F')} (${discordTimestamp(ms, 'R')})`;
}

/**
 * The zone's short name at `ms`: CET/CEST and EST/EDT where English has one. en-GB knows
 * the European names and en-US the American ones; elsewhere ICU falls back to "GMT+9".
 */
function zoneAbbreviation(ms: number, zone: string): string {
  const names = ['en-GB', 'en-US'].map((locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '');
  return names.find((n) => n !== '' && !/^(GMT|UTC)[+−-]/.test(n)) ?? names[0] ?? zone;
}

/** "Sun 22 Nov 20:00 CET": a deadline in one zone, for logs and texts outside Discord's own timestamps. */
export function formatDeadline(ms: number, zone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('hour')}:${get('minute')} ${zoneAbbreviation(ms, zone)}`;
}
