import type Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { traceSpan } from '../lib/load-trace';
import { execArgvWithoutTsx } from '../lib/worker-argv';
import type { Logger } from '../logger';

/** SQLite's default: checkpoint when a commit leaves the WAL over 1,000 pages. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;
const WORKER = new URL('./checkpoint.worker.mjs', import.meta.url);

export interface CheckpointResult {
  readonly frames: number;
  readonly copied: number;
  readonly busy: number;
}

/**
 * WAL checkpoints off the hot path (issue 12). With SQLite's automatic checkpoint, the commit
 * that takes the WAL past 1,000 pages copies it into the database and fsyncs both, inline: that
 * roll's reply waits milliseconds (the p99 tail). Here the main connection's automatic
 * checkpoint is off and a worker thread with its own connection runs a PASSIVE checkpoint every
 * `everyMs`; commits are made durable by group commit (Durability: one fsync of the WAL for
 * many commits), which a checkpoint does not change — it syncs the WAL before copying committed
 * pages into the database file and syncs that file after, so the WAL restarts only over pages
 * already safe in the database (its new header is synced by SQLite at the restart).
 *
 * If the worker stops for any reason the main connection's automatic checkpoint is switched back
 * on, so the WAL can never grow without bound.
 */
export class Checkpointer {
  private worker: Worker | null = null;
  private stopping: Promise<void> | null = null;
  /** The latest outcome, for tests and benchmarks. */
  last: CheckpointResult | null = null;
  private readonly waiters: ((r: CheckpointResult) => void)[] = [];

  constructor(private readonly client: Database.Database, private readonly path: string, private readonly opts: { everyMs?: number; log?: Logger } = {}) {}

  start(): this {
    if (this.worker || this.path === ':memory:') return this;
    this.client.pragma('wal_autocheckpoint = 0');
    // Plain JavaScript: without the tsx loader the bot runs under, ~7.5 MB less RSS (issue 12).
    const w = new Worker(WORKER, { workerData: { path: this.path, everyMs: this.opts.everyMs ?? 1000 }, execArgv: execArgvWithoutTsx() });
    w.unref();
    w.on('message', (m: { kind: 'done'; frames: number; copied: number; busy: number; at: number; end: number } | { kind: 'failed'; code: string | null; message: string }) => {
      if (m.kind === 'failed') {
        this.opts.log?.error({ code: m.code, err: m.message }, 'WAL checkpoint failed; will retry');
        return;
      }
      this.last = { frames: m.frames, copied: m.copied, busy: m.busy };
      if (m.copied) traceSpan('checkpoint', m.at, m.end, m.copied);
      for (const f of this.waiters.splice(0)) f(this.last);
    });
    w.on('error', (e) => this.opts.log?.error({ err: e }, 'WAL checkpoint worker failed'));
    w.on('exit', () => {
      if (this.worker === w) this.fallBack();
    });
    this.worker = w;
    return this;
  }

  /** Ask for a checkpoint now; resolves with its outcome (tests, benchmarks). */
  now(): Promise<CheckpointResult> {
    if (!this.worker) return Promise.reject(new Error('the checkpointer is not running'));
    const done = new Promise<CheckpointResult>((r) => this.waiters.push(r));
    this.worker.postMessage('now');
    return done;
  }

  /** A last checkpoint, then the worker ends and SQLite's automatic checkpoint is back on. */
  stop(): Promise<void> {
    const w = this.worker;
    if (!w) return Promise.resolve();
    return (this.stopping ??= new Promise<void>((resolve) => {
      w.once('exit', () => resolve());
      // Held while it finishes: unreferenced, the process could end before the last checkpoint
      // and before the caller's next shutdown steps (the lease, closing the database).
      w.ref();
      w.postMessage('stop');
    }).then(() => this.fallBack()));
  }

  private fallBack(): void {
    this.worker = null;
    if (this.client.open) this.client.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
  }
}
