import type Database from 'better-sqlite3';
import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';
import { traceSpan, tracing, wallNow } from '../lib/load-trace';
import type { TurnBatch } from './batch';

/**
 * A commit was made but could not be made durable: the fsync of the WAL failed (an I/O error,
 * a full or vanished disk). What it acknowledges may or may not survive a power cut, so it is
 * never acknowledged as done (issue 12).
 */
export class DurabilityError extends Error {
  readonly code = 'durability/fsync-failed';
  constructor(readonly walPath: string, cause: unknown) {
    super(`could not fsync ${walPath}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'DurabilityError';
  }
}

/** How the WAL file is synced: fdatasync on libuv's thread pool (tests inject a slow or failing one). */
export type SyncFile = (fd: number) => Promise<void>;

const fdatasyncAsync: SyncFile = (fd) => new Promise((resolve, reject) => fdatasync(fd, (e) => (e ? reject(e) : resolve())));

export interface DurabilityOptions {
  readonly sync?: SyncFile;
  /** Told once, when an fsync fails: from then on every durable() rejects (see fail). */
  readonly onFailed?: (e: DurabilityError) => void;
  /** The connection's turn batch: an fsync asked for inside a turn starts when the turn ends. */
  readonly batch?: TurnBatch;
}

/**
 * Group commit (issue 12). Read-write connections commit with synchronous=NORMAL in WAL mode:
 * a commit writes its frames to the -wal file but does not fsync it, so the main thread never
 * blocks on the disk. Nothing may be acknowledged (a reply, a receipt, a post) until its commit
 * is on disk: the caller awaits `durable()`, which resolves once an fdatasync of the -wal file
 * that *started after that commit* has finished. One fsync covers every commit written before
 * it started (the WAL is appended in order and each frame carries a running checksum, so
 * recovery keeps exactly the commits before the first missing frame), so the commits of many
 * interactions share one fsync: while one runs, new waiters gather for the next.
 *
 * Which commits are new is told by SQLite's total_changes() on this connection (rows written
 * by INSERT/UPDATE/DELETE, triggers included): a reply after a read-only command costs nothing.
 * Only this connection's commits are tracked; every read-write connection has its own
 * Durability (openDb).
 *
 * A failed fsync is final: Linux may drop the failed pages and report the error once, so a later
 * fsync that succeeds proves nothing about the earlier commits (and WAL recovery stops at the
 * first lost frame, taking later commits with it). Every later durable() rejects too, and
 * `onFailed` is told so the bot can stop and re-read what is really on disk.
 */
export class Durability {
  /** total_changes() covered by the last fsync that finished. -1: nothing synced yet (the migrations' DDL). */
  private synced = -1;
  private running: { readonly mark: number; readonly done: Promise<void> } | null = null;
  /** Waiters for the fsync after the running one (their commits came after it started). */
  private next: { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } | null = null;
  private failure: DurabilityError | null = null;
  private fd: number | null = null;
  private closed = false;
  private readonly changes: Database.Statement;
  private readonly sync: SyncFile;
  /** fsyncs started (benchmarks, tests: how many commits shared one). */
  fsyncs = 0;

  constructor(private readonly client: Database.Database, readonly walPath: string, private readonly opts: DurabilityOptions = {}) {
    this.changes = client.prepare('SELECT total_changes()').pluck();
    this.sync = opts.sync ?? fdatasyncAsync;
  }

  /** Where this connection's writes stand now; NaN when it cannot be read (a query under way: sync anyway). */
  mark(): number {
    try {
      return this.changes.get() as number;
    } catch {
      return Number.NaN;
    }
  }

  /** The error every durable() now rejects with, or null. */
  get failed(): DurabilityError | null {
    return this.failure;
  }

  /**
   * Resolves once every commit made before `mark` (default: now) is on disk; rejects with a
   * DurabilityError if the fsync failed. Await it before any acknowledgement.
   */
  durable(mark = this.mark()): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    // Closed: closing() synced whatever this connection had committed.
    if (this.closed && !this.running) return Promise.resolve();
    if (mark <= this.synced) return Promise.resolve();
    if (this.running) {
      if (mark <= this.running.mark) return this.running.done;
      return (this.next ??= deferred()).promise;
    }
    const waiter = (this.next ??= deferred()).promise;
    this.startNext();
    // The fsync just started covers this mark: answer with its promise, the one later callers
    // covered by it get (above), so that their callbacks run in call order. Shown marks are
    // written per promise (ShownMarks): with two promises a turn's later rolls wrote their lines
    // a tick before the first roll's, and the guild's last line went back (issue 12).
    const started = this.running as { readonly mark: number; readonly done: Promise<void> } | null;
    return started && mark <= started.mark ? started.done : waiter;
  }

  /** Start the fsync the `next` waiters need, with the mark taken right before it starts. */
  private startNext(): void {
    const waiters = this.next;
    if (!waiters || this.running) return;
    if (this.closed) {
      this.next = null;
      waiters.resolve();
      return;
    }
    // Inside an open transaction total_changes counts rows not yet committed, and a query under
    // way (an iterator) stops us reading it: either way wait for the connection to be idle.
    // A turn's batch holds the transaction open for up to a turn (20 ms): start when it ends
    // rather than look again every millisecond (issue 12).
    if (this.opts.batch?.open) {
      this.opts.batch.afterTurn(() => this.startNext());
      return;
    }
    const mark = this.client.open && !this.client.inTransaction ? this.mark() : Number.NaN;
    if (Number.isNaN(mark)) {
      setTimeout(() => this.startNext(), 1);
      return;
    }
    this.next = null;
    let done: Promise<void>;
    const at = tracing() ? wallNow() : 0;
    try {
      this.fd ??= openSync(this.walPath, 'r');
      this.fsyncs++;
      done = this.sync(this.fd);
    } catch (e) {
      done = Promise.reject(e);
    }
    const run = { mark, done: done.then(() => { this.synced = Math.max(this.synced, mark); if (at) traceSpan('fsync', at, wallNow()); }, (e: unknown) => { throw this.fail(e); }) };
    this.running = run;
    run.done.then(waiters.resolve, waiters.reject);
    // The next batch starts as soon as this one ends, so a waiter waits at most two fsyncs.
    void run.done.catch(() => undefined).finally(() => {
      this.running = null;
      if (this.failure) {
        this.next?.reject(this.failure);
        this.next = null;
      } else if (this.next) this.startNext();
      if (this.closed && !this.running) this.releaseFd();
    });
  }

  private fail(e: unknown): DurabilityError {
    if (!this.failure) {
      this.failure = e instanceof DurabilityError ? e : new DurabilityError(this.walPath, e);
      this.opts.onFailed?.(this.failure);
    }
    return this.failure;
  }

  /**
   * Before the connection closes: commits not yet synced are synced here, inline (so a tool that
   * writes and closes leaves them on disk), and the file is let go once no fsync is under way.
   */
  closing(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.failure && this.client.open && this.mark() !== this.synced) {
      try {
        const fd = this.fd ?? openSync(this.walPath, 'r');
        this.fd = fd;
        fdatasyncSync(fd);
        this.synced = this.mark();
      } catch (e) {
        // Closing anyway; SQLite's own close checkpoints and syncs if it is the last connection.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.fail(e);
      }
    }
    if (!this.running) this.releaseFd();
  }

  private releaseFd(): void {
    if (this.fd === null) return;
    try { closeSync(this.fd); } catch { /* already gone */ }
    this.fd = null;
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void, reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  // A batch nobody awaits any more (its caller gave up) must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** For a database with nothing to sync (in memory, or not in WAL mode, where commits sync themselves). */
export const ALREADY_DURABLE = {
  durable: (_mark?: number): Promise<void> => Promise.resolve(),
  mark: (): number => 0,
  failed: null,
  fsyncs: 0,
  closing: (): void => undefined,
} as const;

export type DurabilityLike = Pick<Durability, 'durable' | 'mark' | 'failed' | 'closing' | 'fsyncs'>;
