/** Deadlines, reminders and durations for the scheduler (issue 4). Pure: the time is always a parameter. */
export { DAY, HOUR, MAX_DURATION_MS, MIN_DURATION_MS, MINUTE, WEEK, formatDuration, parseDuration } from './duration';
export { DEFAULT_MIN_WINDOW_MS, MAX_MIN_WINDOW_MS, PACE_ERROR_CODES, PACE_HINT, WEEKDAYS, formatPace, paceSpecSchema, parsePace, readPace } from './pace';
export type { PaceErrorCode, PaceSpec, Weekday } from './pace';
export { DEFAULT_PACE, WINDOW_KINDS, paceFor, pacesSchema, parsePaces } from './paces';
export type { Paces, WindowKind } from './paces';
export { DISCORD_STYLES, discordDeadline, discordTimestamp, formatDeadline, nextDeadline } from './deadline';
export type { DiscordStyle } from './deadline';
export { DEFAULT_REMINDER_TABLE, MAX_REMINDERS, dueReminders, parseReminderLeads, reminderConfigSchema, reminderLeadTimes } from './reminders';
export type { DueReminders, ReminderConfig, ReminderRow } from './reminders';
export { GRACE_SHARE, MIN_GRACE_MS, deadlineCheck, defaultGrace, extendDeadline, parseExtension } from './outage';
export type { DeadlineVerdict } from './outage';
export { offsetAt, resolveZone, wallClockAt, zonedToUtc } from './zone';
export type { LocalDate, WallClock } from './zone';
