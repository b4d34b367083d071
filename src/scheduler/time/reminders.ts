import { z } from 'zod';
import type { Problem, Result } from '../../lib/result';
import { err, ok } from '../../lib/result';
import { DAY, HOUR, MINUTE, parseDuration } from './duration';

/** One row of the scaling table: windows up to `upToMs` long are reminded `leadsMs` before their deadline. */
export interface ReminderRow {
  readonly upToMs: number;
  readonly leadsMs: readonly number[];
}

/**
 * Issue 4: "15 min before a ≤1 h window, 1 h before a day, 4 h before a week". Longer
 * windows get an early warning too, because players of multi-day windows check in daily.
 */
export const DEFAULT_REMINDER_TABLE: readonly ReminderRow[] = [
  { upToMs: HOUR, leadsMs: [15 * MINUTE] },
  { upToMs: DAY, leadsMs: [HOUR] },
  { upToMs: 3 * DAY, leadsMs: [4 * HOUR, HOUR] },
  { upToMs: Number.POSITIVE_INFINITY, leadsMs: [DAY, 4 * HOUR] },
];

/** A game's reminder setting: an explicit list of lead times (empty = no reminders), or a replacement table. */
export interface ReminderConfig {
  readonly leadsMs?: readonly number[];
  readonly table?: readonly ReminderRow[];
}

/** At most this many reminders per window: more is nagging. */
export const MAX_REMINDERS = 5;

export const reminderConfigSchema = z.object({ leadsMs: z.array(z.number().int().positive()).max(MAX_REMINDERS).optional() });

/**
 * Lead times (ms before the deadline) for a window of this length, most distant first.
 * Leads as long as the window or longer are dropped: they would fire the moment it opens.
 */
export function reminderLeadTimes(windowLengthMs: number, config: ReminderConfig = {}): number[] {
  const table = config.table ?? DEFAULT_REMINDER_TABLE;
  const leads = config.leadsMs ?? table.find((row) => windowLengthMs <= row.upToMs)?.leadsMs ?? [];
  return [...new Set(leads)].filter((l) => l > 0 && l < windowLengthMs).sort((a, b) => b - a);
}

/** Reads a GM's `24h, 1h` (or `off`) into lead times; each one a duration of 5 min to 7 days. */
export function parseReminderLeads(text: string): Result<number[], Problem> {
  const hint = 'Write lead times like "24h, 1h" or "15m", or "off" for no reminders.';
  if (/^\s*(off|none)\s*$/i.test(text)) return ok([]);
  const parts = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length === 0 || parts.length > MAX_REMINDERS) return err({ code: 'pace/syntax', message: `Give between 1 and ${MAX_REMINDERS} lead times.`, hint });
  const leads: number[] = [];
  for (const p of parts) {
    const r = parseDuration(p, { min: 5 * MINUTE, max: 7 * DAY, hint });
    if (!r.ok) return r;
    leads.push(r.value);
  }
  return ok([...new Set(leads)].sort((a, b) => b - a));
}

/** What to do about reminders for one player now: send at most one, and retire the skipped ones. */
export interface DueReminders {
  /** Zero or one lead time to remind for now. */
  readonly send: readonly number[];
  /** Lead times whose moment passed without a reminder; record them as handled so they never fire. */
  readonly skip: readonly number[];
}

/**
 * Which reminders are due for one player at `now`. `sent` holds the lead times already
 * handled (sent or skipped). A lead is due once `deadline − lead ≤ now < deadline`.
 * When several are due at once (the bot was down, or a tick was slow) only the most urgent
 * (smallest lead) is sent and the rest are skipped: one "closes in 50 min" beats three
 * pings in a row. A lead whose moment fell before the window opened is skipped, never sent.
 */
export function dueReminders(input: { openedAt: number; deadline: number; now: number; sent: ReadonlySet<number>; leads: readonly number[] }): DueReminders {
  const { openedAt, deadline, now, sent, leads } = input;
  if (now < openedAt || now >= deadline) return { send: [], skip: [] };
  const due = [...new Set(leads)].filter((l) => !sent.has(l) && deadline - l <= now).sort((a, b) => a - b);
  const stale = due.filter((l) => deadline - l < openedAt);
  const live = due.filter((l) => deadline - l >= openedAt);
  const [urgent, ...rest] = live;
  return { send: urgent === undefined ? [] : [urgent], skip: [...rest, ...stale].sort((a, b) => b - a) };
}
