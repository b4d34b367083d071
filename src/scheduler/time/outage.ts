import type { Problem, Result } from '../../lib/result';
import { discordTimestamp } from './deadline';
import { HOUR, MAX_DURATION_MS, MINUTE, MIN_DURATION_MS, formatDuration, parseDuration } from './duration';

/** What the deadline sweep should do with one window now. */
export type DeadlineVerdict = 'wait' | 'resolve' | { readonly extendTo: number; readonly graceMs: number; readonly reason: string };

/** The least grace after an outage: time for a player to notice the bot is back and post. */
export const MIN_GRACE_MS = HOUR;
/** Share of the window added after an outage: a week-long window deserves more than an hour. */
export const GRACE_SHARE = 0.1;

/** Default outage grace: max(1 h, 10% of the window), rounded up to a whole minute. */
export function defaultGrace(windowMs?: number): number {
  const share = windowMs === undefined ? 0 : Math.ceil((windowMs * GRACE_SHARE) / MINUTE) * MINUTE;
  return Math.max(MIN_GRACE_MS, share);
}

/**
 * Outage protection (issue 4). `lastSeenAlive` is the scheduler's previous heartbeat, read
 * BEFORE this tick writes its own. A live bot beats every `tickMs`, so at the first tick
 * after a deadline its previous beat is at most one tick before it; we allow two (a slow
 * tick, timer drift) before calling it an outage. Then:
 *  - now < deadline → 'wait';
 *  - the bot was alive at the deadline → 'resolve';
 *  - it was down when the deadline passed → extend to now + grace (graceMs, else
 *    defaultGrace(windowMs)), with a reason for the channel: nothing resolves unseen.
 * After an extension the next tick sees a fresh heartbeat, so the check is idempotent.
 */
export function deadlineCheck(input: { deadline: number; now: number; lastSeenAlive: number; tickMs: number; graceMs?: number; windowMs?: number }): DeadlineVerdict {
  const { deadline, now, lastSeenAlive, tickMs } = input;
  if (now < deadline) return 'wait';
  if (lastSeenAlive >= deadline - 2 * tickMs) return 'resolve';
  const graceMs = input.graceMs ?? defaultGrace(input.windowMs);
  return {
    extendTo: now + graceMs,
    graceMs,
    reason: `Estafette was last seen running ${discordTimestamp(lastSeenAlive, 'f')}, before the deadline ${discordTimestamp(deadline, 'f')}; ${formatDuration(graceMs)} of grace is added from now.`,
  };
}

/** `/game extend 12h`: the deadline moved later by `byMs`. */
export function extendDeadline(deadline: number, byMs: number): number {
  return deadline + byMs;
}

/** Reads the duration of `/game extend` (`12h`, `1d`, `+90m`) with the pace duration grammar and bounds. */
export function parseExtension(text: string): Result<number, Problem> {
  return parseDuration(text.trim().replace(/^\+\s*/, ''), { min: MIN_DURATION_MS, max: MAX_DURATION_MS, hint: 'Extend by a duration like 12h, 1d or 90m (5 minutes to 30 days).' });
}
