import { z } from 'zod';
import { err, ok, type Problem, type Result } from '../../lib/result';
import { DAY, HOUR, MAX_DURATION_MS, MAX_TEXT_LENGTH, MIN_DURATION_MS, MINUTE, formatDuration, parseDuration, readDuration } from './duration';
import { resolveZone } from './zone';

/** Stable codes: adapters and tests rely on them, so only ever add to this list. */
export const PACE_ERROR_CODES = ['pace/syntax', 'pace/unknown-zone', 'pace/too-short', 'pace/too-long', 'pace/invalid'] as const;
export type PaceErrorCode = (typeof PACE_ERROR_CODES)[number];

/** Day names in Date#getUTCDay order, so a weekday's index is its JS day number. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const WEEKDAY_NAMES: Record<Weekday, string> = { sun: 'Sunday', mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday' };

/**
 * Default minimum window for fixed-time paces: 1 h. A window opening at 19:55 under
 * "daily 20:00" closes tomorrow at 20:00, not in five minutes; one opening at 18:30 still
 * closes today (1 h 30 min), which is what a GM who picked a fixed evening deadline expects.
 */
export const DEFAULT_MIN_WINDOW_MS = HOUR;
/** A minimum above a week on top of a fixed time is a mistake, and keeps every window under 30 days. */
export const MAX_MIN_WINDOW_MS = 7 * DAY;

/** How long a window lasts: a fixed duration, or until a wall-clock time in an IANA zone. */
export type PaceSpec =
  | { readonly kind: 'duration'; readonly ms: number }
  | { readonly kind: 'daily'; readonly hour: number; readonly minute: number; readonly zone: string; readonly minMs: number }
  | { readonly kind: 'weekly'; readonly weekday: Weekday; readonly hour: number; readonly minute: number; readonly zone: string; readonly minMs: number };

export const PACE_HINT =
  'Accepted forms: a duration like 24h, 90m, 2d, 1d12h or 1w (5 minutes to 30 days); a time of day like "daily 20:00 Europe/Paris" or "daily 8pm America/New_York", optionally followed by "min 12h"; or a weekly time like "weekly sun 18:00 UTC".';

const problem = (code: PaceErrorCode, message: string, hint: string = PACE_HINT): Problem => ({ code, message, hint });

/** Semantic checks shared by typed text and stored JSON, so both give the same codes. */
function checkPace(spec: PaceSpec): Problem | null {
  if (spec.kind === 'duration') {
    if (spec.ms < MIN_DURATION_MS) return problem('pace/too-short', `${formatDuration(spec.ms)} is too short for a window: the minimum is ${formatDuration(MIN_DURATION_MS)}.`);
    if (spec.ms > MAX_DURATION_MS) return problem('pace/too-long', `${formatDuration(spec.ms)} is too long for a window: the maximum is ${formatDuration(MAX_DURATION_MS)}.`);
    return null;
  }
  if (resolveZone(spec.zone) === null) return problem('pace/unknown-zone', `Unknown time zone ${JSON.stringify(spec.zone)}.`, zoneHint(spec.zone));
  if (spec.minMs < MIN_DURATION_MS) return problem('pace/too-short', `A minimum window of ${formatDuration(spec.minMs)} is too short: it must be at least ${formatDuration(MIN_DURATION_MS)}.`);
  if (spec.minMs > MAX_MIN_WINDOW_MS) return problem('pace/too-long', `A minimum window of ${formatDuration(spec.minMs)} is too long: it can be at most ${formatDuration(MAX_MIN_WINDOW_MS)}.`);
  return null;
}

const clock = { hour: z.number().int().min(0).max(23), minute: z.number().int().min(0).max(59) };
const wholeMinutes = z.number().int().refine((ms) => ms % MINUTE === 0, 'a whole number of minutes');
const minMs = wholeMinutes.default(DEFAULT_MIN_WINDOW_MS);

/**
 * A pace as stored in JSON. Zones are checked with Intl only (not against today's list of
 * canonical names), so a zone ICU later renames (Europe/Kiev → Kyiv) still reads back.
 * A failed semantic check carries its pace code in the issue's params.
 */
export const paceSpecSchema: z.ZodType<PaceSpec, unknown> = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('duration'), ms: wholeMinutes }),
    z.object({ kind: z.literal('daily'), ...clock, zone: z.string(), minMs }),
    z.object({ kind: z.literal('weekly'), weekday: z.enum(WEEKDAYS), ...clock, zone: z.string(), minMs }),
  ])
  .superRefine((spec, ctx) => {
    const p = checkPace(spec);
    if (p) ctx.addIssue({ code: 'custom', message: p.message, params: { code: p.code, hint: p.hint } });
  });

/** Reads a stored pace back; shape errors are 'pace/invalid', semantic ones keep their own code. */
export function readPace(json: unknown): Result<PaceSpec, Problem> {
  const r = paceSpecSchema.safeParse(json);
  if (r.success) return ok(r.data);
  const issue = r.error.issues[0];
  const params = issue && issue.code === 'custom' ? (issue.params as { code?: PaceErrorCode; hint?: string } | undefined) : undefined;
  return err(problem(params?.code ?? 'pace/invalid', issue?.message ?? 'Invalid pace.', params?.hint ?? PACE_HINT));
}

/** For unknown zones: suggest zones whose city matches ("Paris" → Europe/Paris), else examples. */
function zoneHint(name: string): string {
  const city = (name.split('/').pop() ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  const matches = city === '' ? [] : Intl.supportedValuesOf('timeZone').filter((zone) => zone.toLowerCase().split('/').pop() === city);
  const examples = 'Use an IANA zone name such as Europe/Paris, America/New_York or UTC.';
  return matches.length > 0 ? `Did you mean ${matches.slice(0, 3).join(' or ')}? ${examples}` : examples;
}

/**
 * Validates a typed zone and picks the spelling to store: the canonical one when it differs
 * only in case (europe/paris → Europe/Paris), else the name as typed (Asia/Kolkata stays
 * Kolkata even where ICU still calls it Calcutta). Bare names
 * other than UTC/GMT (EST, CET, Japan) are refused: they are legacy aliases, and "EST"
 * in particular is a fixed UTC−5 without daylight saving, rarely what a player means.
 */
function readZone(name: string): Result<string, Problem> {
  const resolved = resolveZone(name);
  if (resolved === null) return err(problem('pace/unknown-zone', `Unknown time zone ${JSON.stringify(name)}.`, zoneHint(name)));
  if (!name.includes('/') && resolved !== 'UTC') {
    const hint = resolved.includes('/') ? `${name} is an abbreviation or alias; the tz database reads it as ${resolved}. Use a place name such as Europe/Paris or America/New_York, which follows daylight saving.` : zoneHint(name);
    return err(problem('pace/unknown-zone', `${JSON.stringify(name)} is not a region/city time zone.`, hint));
  }
  const canonical = [resolved, ...Intl.supportedValuesOf('timeZone')].find((z) => z.toLowerCase() === name.toLowerCase());
  return ok(canonical ?? name);
}

const DAY_WORDS: Record<string, Weekday> = Object.fromEntries(
  WEEKDAYS.flatMap((d) => [[d, d], [WEEKDAY_NAMES[d].toLowerCase(), d]] as [string, Weekday][]),
);

// daily|weekly, [on] [weekday], [at], time, zone, [[,] min <duration>]. The zone is any non-space run; readZone judges it.
const FIXED = /^(?:(daily|every day|weekly|every week)\s+)?(?:on\s+)?(?:(?!at\s)([a-z]+)\s+)?(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?:\s+([^\s,]+))?(?:\s*,?\s*(?:min|minimum|at least)\s+(.+))?$/i;

/** Parses a pace as a GM types it: `24h`, `daily 20:00 Europe/Paris min 12h`, `weekly sun 18:00 UTC`. */
export function parsePace(text: string): Result<PaceSpec, Problem> {
  if (text.length > MAX_TEXT_LENGTH) return err(problem('pace/syntax', `That is too long to be a pace (${text.length} characters).`));
  const s = text.trim().replace(/\s+/g, ' ');
  const asDuration = s.replace(/\s*per window$/i, '');
  if (readDuration(asDuration) !== null) {
    const ms = parseDuration(asDuration, { min: MIN_DURATION_MS, max: MAX_DURATION_MS, hint: PACE_HINT });
    return ms.ok ? ok({ kind: 'duration', ms: ms.value }) : ms;
  }
  const m = FIXED.exec(s);
  if (!m) return err(problem('pace/syntax', `${JSON.stringify(s)} is not a pace.`));
  const [, every, dayWord, hText, mText, ampm, zoneText, minText] = m;
  const weekday = dayWord === undefined ? undefined : DAY_WORDS[dayWord.toLowerCase()];
  if (dayWord !== undefined && weekday === undefined) return err(problem('pace/syntax', `${JSON.stringify(dayWord)} is not a day of the week.`));
  const weekly = every !== undefined && /week/i.test(every);
  if (weekly && weekday === undefined) return err(problem('pace/syntax', 'A weekly pace needs a day, as in "weekly sun 18:00 UTC".'));
  if (every !== undefined && !weekly && weekday !== undefined) return err(problem('pace/syntax', `"${every}" and a weekday do not go together; write "weekly ${dayWord} …".`));

  const time = readTime(Number(hText), mText, ampm);
  if (!time.ok) return time;
  if (zoneText === undefined) return err(problem('pace/syntax', `Add a time zone after the time, as in "daily ${hText}${mText ? `:${mText}` : ''}${ampm ?? ''} Europe/Paris".`));
  const zone = readZone(zoneText);
  if (!zone.ok) return zone;
  let min = DEFAULT_MIN_WINDOW_MS;
  if (minText !== undefined) {
    const r = readDuration(minText);
    if (r === null) return err(problem('pace/syntax', `${JSON.stringify(minText)} is not a duration for the minimum window.`));
    min = r;
  }
  const base = { ...time.value, zone: zone.value, minMs: min };
  const spec: PaceSpec = weekday === undefined ? { kind: 'daily', ...base } : { kind: 'weekly', weekday, ...base };
  const p = checkPace(spec);
  return p ? err(p) : ok(spec);
}

/** 24-hour `20:00` (minutes required, so a bare `20` is not mistaken for a time) or 12-hour `8pm`, `8:30 pm`, `12am` (midnight). */
function readTime(h: number, mText: string | undefined, ampm: string | undefined): Result<{ hour: number; minute: number }, Problem> {
  const minute = mText === undefined ? 0 : Number(mText);
  if (ampm === undefined && mText === undefined) return err(problem('pace/syntax', `Write the time as ${h}:00 (24-hour) or with am/pm, as in 8pm.`));
  if (minute > 59) return err(problem('pace/syntax', `${mText} is not a valid minute.`));
  if (ampm === undefined) return h > 23 ? err(problem('pace/syntax', `${h}:${mText} is not a time of day (hours run 00–23).`)) : ok({ hour: h, minute });
  if (h < 1 || h > 12) return err(problem('pace/syntax', `${h}${ampm} is not a 12-hour time (hours run 1–12 with am/pm).`));
  const pm = ampm.toLowerCase().startsWith('p');
  return ok({ hour: (h % 12) + (pm ? 12 : 0), minute });
}

const hhmm = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** "24 h per window", "daily at 20:00 Europe/Paris", "weekly on Sunday at 18:00 UTC, min 12 h". parsePace reads it back. */
export function formatPace(spec: PaceSpec): string {
  if (spec.kind === 'duration') return `${formatDuration(spec.ms)} per window`;
  const when = spec.kind === 'daily' ? 'daily' : `weekly on ${WEEKDAY_NAMES[spec.weekday]}`;
  const min = spec.minMs === DEFAULT_MIN_WINDOW_MS ? '' : `, min ${formatDuration(spec.minMs)}`;
  return `${when} at ${hhmm(spec.hour, spec.minute)} ${spec.zone}${min}`;
}
