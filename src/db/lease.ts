import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt } from 'drizzle-orm';
import { err, ok, type Result } from '../lib/result';
import { processLeases, type ProcessLeaseRow } from './lease.schema';
import type { Db } from './open';

/**
 * One process per scope on a database file (issue 16): a second bot on the same file would
 * send the outbox too and post everything twice. The lease is a row per scope, taken in an
 * IMMEDIATE transaction (two starts race on SQLite's write lock, not on a read), renewed
 * every `ttl/3`, released on a clean shutdown, and taken over only once expired, so a crashed
 * process delays its successor by at most one `ttl` and never blocks it for good.
 */

/** `all` (one process serves every guild) or one discord.js shard of `count`. */
export type LeaseScope = 'all' | `shard:${number}/${number}`;

export function shardScope(id: number, count: number): LeaseScope {
  return `shard:${id}/${count}`;
}

/**
 * Whether two scopes serve a guild in common. Shards of one count split the guilds; shards
 * of different counts, or `all`, overlap everything.
 */
export function scopesOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  const sa = /^shard:(\d+)\/(\d+)$/.exec(a);
  const sb = /^shard:(\d+)\/(\d+)$/.exec(b);
  if (!sa || !sb) return true;
  return sa[2] !== sb[2] || sa[1] === sb[1];
}

/** Held by another live process: who, and when it expires if that process has stopped. */
export interface LeaseHeld {
  readonly code: 'lease/held';
  readonly scope: string;
  readonly holder: string;
  readonly heartbeatAt: number;
  readonly expiresAt: number;
}

export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Take the lease now if no live lease of an overlapping scope is held by another process. */
export function tryAcquire(db: Db, scope: LeaseScope, holder: string, now: number, ttlMs: number): Result<ProcessLeaseRow, LeaseHeld> {
  return db.$client.transaction((): Result<ProcessLeaseRow, LeaseHeld> => {
    db.delete(processLeases).where(lt(processLeases.expiresAt, now)).run();
    const blocking = db.select().from(processLeases).all().find((r) => r.holder !== holder && r.expiresAt >= now && scopesOverlap(r.scope, scope));
    if (blocking) return err({ code: 'lease/held', scope: blocking.scope, holder: blocking.holder, heartbeatAt: blocking.heartbeatAt, expiresAt: blocking.expiresAt });
    const row = { scope, holder, acquiredAt: now, heartbeatAt: now, expiresAt: now + ttlMs };
    db.insert(processLeases).values(row).onConflictDoUpdate({ target: processLeases.scope, set: row }).run();
    return ok(row);
  }).immediate();
}

/** Extend our lease; false when it is no longer ours (expired and taken over, or deleted). */
export function renew(db: Db, scope: LeaseScope, holder: string, now: number, ttlMs: number): boolean {
  const r = db.update(processLeases).set({ heartbeatAt: now, expiresAt: now + ttlMs })
    .where(and(eq(processLeases.scope, scope), eq(processLeases.holder, holder))).run();
  return r.changes === 1;
}

export function release(db: Db, scope: LeaseScope, holder: string): void {
  db.delete(processLeases).where(and(eq(processLeases.scope, scope), eq(processLeases.holder, holder))).run();
}

export class LeaseHeldError extends Error {
  override readonly name = 'LeaseHeldError';
  constructor(readonly held: LeaseHeld, readonly alive: boolean, dbPath: string, now: number) {
    super(leaseHeldMessage(held, alive, dbPath, now));
  }
}

function leaseHeldMessage(h: LeaseHeld, alive: boolean, dbPath: string, now: number): string {
  const ago = Math.max(0, Math.round((now - h.heartbeatAt) / 1000));
  return `another Estafette process (${h.holder}) is already serving ${h.scope === 'all' ? 'every server' : h.scope} from the database ${dbPath}${alive ? ` (it renewed its lease ${ago} s ago)` : ''}. `
    + 'Two processes on one database would post everything twice: stop the other one first. '
    + `If it has crashed, its lease expires ${new Date(h.expiresAt).toISOString()}; start again after that.`;
}

export interface LeaseOptions {
  readonly db: Db;
  readonly dbPath: string;
  readonly scope: LeaseScope;
  readonly ttlMs: number;
  readonly clock: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly holder?: string;
  /** Called when renewal finds the lease is no longer ours: the process must stop serving. */
  readonly onLost: () => void;
  /** Called when a renewal fails on an error (disk full, I/O): the lease is kept if a later renewal succeeds. */
  readonly onRenewError?: (e: unknown) => void;
  /** Called when the lease is held and we wait to see whether its holder is still alive. */
  readonly onWait?: (held: LeaseHeld) => void;
  /** Stop waiting (a shutdown signal): acquireLease then rejects with LeaseWaitAborted. */
  readonly signal?: AbortSignal;
}

export class LeaseWaitAborted extends Error {
  override readonly name = 'LeaseWaitAborted';
}

export interface ProcessLease {
  readonly scope: LeaseScope;
  readonly holder: string;
  /** Stop renewing and release the row. */
  release(): void;
}

/**
 * Take the lease, waiting up to one ttl for a holder that has stopped renewing (a crashed
 * process, or a restart right after a kill). A holder seen renewing while we wait is alive:
 * refuse at once with LeaseHeldError, without waiting out the rest.
 */
export async function acquireLease(o: LeaseOptions): Promise<ProcessLease> {
  const holder = o.holder ?? newHolderId();
  const sleep = o.sleep ?? ((ms) => new Promise<void>((r) => {
    const t = setTimeout(r, ms);
    o.signal?.addEventListener('abort', () => { clearTimeout(t); r(); }, { once: true });
  }));
  const renewEvery = Math.max(1, Math.floor(o.ttlMs / 3));
  let seen: LeaseHeld | null = null;
  for (;;) {
    if (o.signal?.aborted) throw new LeaseWaitAborted('stopped while waiting for the database lease');
    const now = o.clock();
    const r = tryAcquire(o.db, o.scope, holder, now, o.ttlMs);
    if (r.ok) break;
    const h = r.error;
    if (seen && seen.holder === h.holder && h.heartbeatAt > seen.heartbeatAt) throw new LeaseHeldError(h, true, o.dbPath, now);
    if (!seen || seen.holder !== h.holder) o.onWait?.(h);
    seen = h;
    // Wake a little after the expiry, or after one renewal period to see whether it renews.
    await sleep(Math.max(10, Math.min(renewEvery + 50, h.expiresAt - now + 50)));
  }
  const timer = setInterval(() => {
    try {
      if (!renew(o.db, o.scope, holder, o.clock(), o.ttlMs)) {
        clearInterval(timer);
        o.onLost();
      }
    } catch (e) {
      o.onRenewError?.(e);
    }
  }, renewEvery);
  timer.unref();
  return {
    scope: o.scope,
    holder,
    release() {
      clearInterval(timer);
      release(o.db, o.scope, holder);
    },
  };
}
