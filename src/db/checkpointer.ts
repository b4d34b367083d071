import type Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { traceSpan } from '../lib/load-trace';
import { execArgvWithoutTsx } from '../lib/worker-argv';
import type { Logger } from '../logger';

/** SQLite's default: checkpoint when a commit leaves the WAL over 1,000 pages. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;
const WORKER = new URL('./checkpoint.worker.mjs', import.meta.url);
/**
 * WAL frames (4 KiB pages: 64 MiB) past which the worker asks for a short pause of new commands so
 * the WAL can restart (checkpoint.worker.mjs says why). A real table's writes have pauses of their
 * own and never get there; a sustained load of hundreds of commands a second reaches it every
 * ~20 s (bench:load: ~780 frames/s at 500 inputs/s).
 */
export const RESTART_FRAMES = 16_384;
/**
 * How often the worker checkpoints. Each checkpoint syncs the database file, and a WAL fsync (what
 * every acknowledgement waits for) that overlaps one took ~4–5x longer at p50 (bench:load at
 * 200/s, loaded VM: 22–23 vs 4–5 ms), ~2% of the fsyncs at one a second. One every 5 s cut that to
 * 0.3%, but in four back-to-back comparisons the acknowledgements' p50 and p99 were worse in all
 * four (a longer WAL between checkpoints, more restart pauses): kept at 1 s (issue 12, README).
 */
export const CHECKPOINT_EVERY_MS = 1_000;
/** Longest pause of new commands for a restart: released then whether or not the last pass finished. */
export const MAX_QUIET_MS = 250;

/** Holds new commands until the returned release is called (the TurnQueue's pause). */
export type Quiesce = () => () => void;

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
 * `everyMs` (CHECKPOINT_EVERY_MS); commits are made durable by group commit (Durability: one fsync of the WAL for
 * many commits), which a checkpoint does not change — it syncs the WAL before copying committed
 * pages into the database file and syncs that file after, so the WAL restarts only over pages
 * already safe in the database (its new header is synced by SQLite at the restart).
 *
 * Under commands that never stop, PASSIVE passes alone never let the WAL restart: past
 * `restartFrames` the worker asks for a short pause of new commands (`quiesce`) and a last pass
 * (checkpoint.worker.mjs). If the worker stops for any reason the main connection's automatic
 * checkpoint is switched back on, so the WAL can never grow without bound.
 */
export class Checkpointer {
  private worker: Worker | null = null;
  private stopping: Promise<void> | null = null;
  /** The latest outcome, for tests and benchmarks. */
  last: CheckpointResult | null = null;
  private readonly waiters: ((r: CheckpointResult) => void)[] = [];
  /** What pauses new commands (set once the bot takes commands); without it the last pass runs at once. */
  quiesce: Quiesce | null = null;
  private release: (() => void) | null = null;
  private releaseTimer: NodeJS.Timeout | undefined;
  /** Pauses asked for by the worker, and last passes run in them (tests, benchmarks). */
  quiets = 0;
  lastPasses = 0;
  private quietUntil = 0;
  private retries = 0;
  private writesAtPass = Number.NaN;
  private totalChanges: Database.Statement | null = null;

  constructor(private readonly client: Database.Database, private readonly path: string, private readonly opts: { everyMs?: number; log?: Logger; restartFrames?: number } = {}) {}

  start(): this {
    if (this.worker || this.path === ':memory:') return this;
    this.client.pragma('wal_autocheckpoint = 0');
    // Plain JavaScript: without the tsx loader the bot runs under, ~7.5 MB less RSS (issue 12).
    const w = new Worker(WORKER, { workerData: { path: this.path, everyMs: this.opts.everyMs ?? CHECKPOINT_EVERY_MS, restartFrames: this.opts.restartFrames ?? RESTART_FRAMES }, execArgv: execArgvWithoutTsx() });
    w.unref();
    type Message = { kind: 'done'; frames: number; copied: number; busy: number; at: number; end: number; final: boolean } | { kind: 'failed'; code: string | null; message: string } | { kind: 'quiesce' };
    w.on('message', (m: Message) => {
      if (m.kind === 'quiesce') {
        this.quiet(w);
        return;
      }
      if (m.kind === 'failed') {
        this.resume();
        this.opts.log?.error({ code: m.code, err: m.message }, 'WAL checkpoint failed; will retry');
        return;
      }
      this.last = { frames: m.frames, copied: m.copied, busy: m.busy };
      if (m.final) this.afterLastPass(w);
      if (m.copied) traceSpan(m.final ? 'checkpoint:final' : 'checkpoint', m.at, m.end, m.copied);
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

  /**
   * The worker asks for a pause to restart the WAL: new commands are held (they run between turns
   * of the event loop, so none is part-way through its transaction here) until its last pass is
   * done, MAX_QUIET_MS at most. The acknowledgements of commands already run are not held.
   */
  private quiet(w: Worker): void {
    this.resume();
    this.quiets++;
    this.release = this.quiesce?.() ?? null;
    if (this.release) {
      this.quietUntil = performance.now() + MAX_QUIET_MS;
      this.releaseTimer = setTimeout(() => this.resume(), MAX_QUIET_MS);
      this.releaseTimer.unref();
    }
    this.lastPass(w);
  }

  /** Ask for the last pass, noting where this connection's writes stood. */
  private lastPass(w: Worker): void {
    this.writesAtPass = this.writes();
    this.lastPasses++;
    w.postMessage('quiet');
  }

  /**
   * A write the pause does not hold (the outbox marking a post sent, a deadline's tick) that came
   * during the last pass leaves frames it did not copy, and the WAL would not restart: one more
   * pass, while the pause lasts (three at most).
   */
  private afterLastPass(w: Worker): void {
    if (this.release && this.writes() !== this.writesAtPass && ++this.retries < 3 && performance.now() < this.quietUntil) {
      this.lastPass(w);
      return;
    }
    this.resume();
  }

  /** This connection's rows written so far (SQLite's total_changes): did anything commit meanwhile? */
  private writes(): number {
    try {
      return (this.totalChanges ??= this.client.prepare('SELECT total_changes()').pluck()).get() as number;
    } catch {
      return Number.NaN; // busy or closed: counts as a write
    }
  }

  private resume(): void {
    this.retries = 0;
    clearTimeout(this.releaseTimer);
    const release = this.release;
    this.release = null;
    release?.();
  }

  private fallBack(): void {
    this.resume();
    this.worker = null;
    if (this.client.open) this.client.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
  }
}
