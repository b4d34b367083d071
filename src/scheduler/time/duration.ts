import { err, ok, type Problem, type Result } from '../../lib/result';

/** Milliseconds in one unit; every duration the scheduler stores is a whole number of minutes. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

/** Bounds of a window length (issue 4): shorter cannot be played, longer stalls a game. */
export const MIN_DURATION_MS = 5 * MINUTE;
export const MAX_DURATION_MS = 30 * DAY;

/** Longest text we try to read; a pace is a few words, anything longer is a paste accident. */
export const MAX_TEXT_LENGTH = 100;

/** Unit spellings a GM may type, by the milliseconds they stand for. Longest first so `min` is not read as `m` + `in`. */
const UNITS: readonly (readonly [RegExp, number])[] = [
  [/^(?:weeks?|wks?|w)/, WEEK],
  [/^(?:days?|d)/, DAY],
  [/^(?:hours?|hrs?|h)/, HOUR],
  [/^(?:minutes?|mins?|m)/, MINUTE],
];

export const DURATION_HINT = 'Write a duration like 24h, 90m, 2d, 1d12h or 1w (between 5 minutes and 30 days).';

/**
 * Reads `24h`, `90m`, `2d`, `1d12h`, `1w`, `1 h 30 min` (case and spaces do not matter).
 * Returns the length in ms without checking bounds: callers apply their own (a window, a
 * minimum, an extension). `null` when the text is not a duration at all.
 */
export function readDuration(text: string): number | null {
  let rest = text.trim().toLowerCase();
  if (rest === '') return null;
  let total = 0;
  while (rest !== '') {
    const num = /^(\d+)\s*/.exec(rest);
    if (!num) return null;
    rest = rest.slice(num[0].length);
    const unit = UNITS.map(([re, ms]) => [re.exec(rest), ms] as const).find(([m]) => m !== null);
    if (!unit || !unit[0]) return null;
    rest = rest.slice(unit[0][0].length);
    // A unit must end at a space, a digit or the end: `5mo` is not 5 minutes + "o".
    if (rest !== '' && !/^[\s\d]/.test(rest)) return null;
    rest = rest.trimStart();
    total += Number(num[1]) * unit[1];
  }
  return total;
}

/** A duration checked against [min, max]; the codes are the pace codes so one hint table serves both. */
export function parseDuration(text: string, bounds: { min: number; max: number; hint: string } = { min: MIN_DURATION_MS, max: MAX_DURATION_MS, hint: DURATION_HINT }): Result<number, Problem> {
  if (text.length > MAX_TEXT_LENGTH) return err({ code: 'pace/syntax', message: `That is too long to be a duration (${text.length} characters).`, hint: bounds.hint });
  const ms = readDuration(text);
  if (ms === null) return err({ code: 'pace/syntax', message: `${JSON.stringify(text.trim())} is not a duration.`, hint: bounds.hint });
  if (ms < bounds.min) return err({ code: 'pace/too-short', message: `${formatDuration(ms)} is too short: the minimum is ${formatDuration(bounds.min)}.`, hint: bounds.hint });
  if (ms > bounds.max) return err({ code: 'pace/too-long', message: `${text.trim()} is too long: the maximum is ${formatDuration(bounds.max)}.`, hint: bounds.hint });
  return ok(ms);
}

/**
 * "24 h", "1 h 30 min", "3 d 12 h". Hours up to 72 h (GMs think of 24 h and 48 h windows in
 * hours), days beyond. Rounded to the minute: only grace periods can carry seconds.
 * readDuration reads every output back to the same value.
 */
export function formatDuration(ms: number): string {
  let minutes = Math.max(0, Math.round(ms / MINUTE));
  if (minutes === 0) return '0 min';
  const parts: string[] = [];
  if (minutes > 72 * 60) {
    parts.push(`${Math.floor(minutes / (24 * 60))} d`);
    minutes %= 24 * 60;
  }
  if (minutes >= 60) parts.push(`${Math.floor(minutes / 60)} h`);
  if (minutes % 60 !== 0) parts.push(`${minutes % 60} min`);
  return parts.join(' ');
}
