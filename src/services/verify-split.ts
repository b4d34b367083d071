import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { bundleWorker } from '../lib/worker-bundle';
import { execArgvWithoutTsx } from '../lib/worker-argv';
import { combineSplit, recomputeRolls, verifyChain, type RollOwner, type RollToCheck, type VerifyFailure, type VerifyReport } from '../dice/verify';
import type { Result } from '../lib/result';
import type { WarmTrail } from './verify-warm';
import { iterateRollsToCheck, iterateVerifiable, seeds, seedsWithCommitments, type TrailClient } from '../db/trail-read';

/**
 * The bot's verify of a large trail, split over two worker threads so it neither blocks the
 * event loop (other players' commands keep flowing) nor uses one core only:
 *  - 'chain': every link, hash, seed commitment and roll index, in order, and the dice of
 *    the rolls it reaches before the dice half has taken them;
 *  - 'dice':  the dice of the rest, recomputed from each epoch's stored seed.
 * The bot holds every seed (each checked against its published commitment by 'chain'), so
 * dice do not depend on chain order. Both halves read up to the same seq.
 *
 * Who recomputes which roll is settled as they run, through shared memory (newMeet): a fixed
 * share measured warm (0.08) left one worker idle for 0.1-0.2 s of a first call (issue 12), as
 * the two workers start at different times on a loaded machine and warm up at different speeds.
 */
export type VerifyPart = 'chain' | 'dice';

export interface VerifyJob {
  readonly dbPath: string;
  readonly guildId: string;
  readonly part: VerifyPart;
  readonly uptoSeq: number;
  /** Shared by both halves of one verify (newMeet): who recomputes which rolls. Without it, the fixed CHAIN_SHARE split. */
  readonly meet?: SharedArrayBuffer | undefined;
}

export type PartResult = Result<VerifyReport, VerifyFailure> | Result<{ rolls: number }, VerifyFailure>;

/**
 * Share of the trail whose dice the chain half recomputes when the halves do not share a Meet
 * (one half run alone: bench/verify.ts's per-half figures). Measured on the 2-core machine (warm,
 * 100k rolls, after issue 12's cuts: HMAC in hex, headerJson, no guild_id column, mmap): the
 * chain scan alone costs ~6.4 µs/entry, each roll it recomputes ~7 µs more, and the
 * standalone dice half ~7.6 µs/roll; 0.08 gives both halves about the same time (~0.69 s).
 */
const CHAIN_SHARE = 0.08;
const splitSeq = (uptoSeq: number) => Math.floor(uptoSeq * CHAIN_SHARE);

/**
 * Who recomputes which rolls (and checks their detail hashes), settled as the halves run: the
 * trail is cut in chunks of MEET_CHUNK seqs, one shared cell each (FREE, CHAIN or DICE), and a
 * chunk belongs to whichever half claims it first (Atomics.compareExchange: exactly one can). The
 * chain scan claims each chunk as it reaches it, unless the dice half has; the dice half claims the
 * free chunks in order, skipping those the scan took. While the scan is faster over a chunk it
 * skips than the dice half over one it recomputes (warm: ~4 against ~7 µs a roll), it keeps
 * catching up, and the two end within about a chunk's work of each other, whichever started
 * first. A scan still colder than the dice half never catches up: the dice half then takes nearly
 * every chunk and the scan reads its last chunks alone (measured: up to ~0.25 s of a first call).
 *
 * Every roll is checked: the owner of its chunk checks all of the chunk's rolls in seq order,
 * stopping only at a broken one (the dice half takes a chunk only after it has checked the one
 * before, so every chunk it took below its failure was checked whole); the earliest broken entry
 * of the two halves is the trail's (combineSplit).
 */
const FREE = 0, CHAIN = 1, DICE = 2;
/** Seqs per chunk: ~7 ms of recomputing, so the halves end within a few ms of each other. */
export const MEET_CHUNK = 1024;
const chunkOf = (seq: number) => Math.floor((seq - 1) / MEET_CHUNK);

/** The shared cells of one verify up to `uptoSeq`, every chunk free. */
export function newMeet(uptoSeq: number): SharedArrayBuffer {
  return new SharedArrayBuffer(Math.max(1, Math.ceil(uptoSeq / MEET_CHUNK)) * Int32Array.BYTES_PER_ELEMENT);
}

/** The chain half's side: it recomputes the rolls of each chunk it claims first. */
export function chainOwner(buf: SharedArrayBuffer): RollOwner {
  const cells = new Int32Array(buf);
  let chunk = -1, ours = false;
  return {
    mine(seq: number): boolean {
      const k = chunkOf(seq);
      if (k !== chunk) {
        chunk = k;
        // Past the cells (a seq above the verify's uptoSeq, which the scan never reads): ours.
        ours = k >= cells.length || Atomics.compareExchange(cells, k, FREE, CHAIN) !== DICE;
      }
      return ours;
    },
  };
}

/** The dice half's side: the seq range of the next chunk it claims at or after `from`, or null at the end. */
export function takeChunk(buf: SharedArrayBuffer, from: number): { chunk: number; fromSeq: number; uptoSeq: number } | null {
  const cells = new Int32Array(buf);
  for (let k = from; k < cells.length; k++) {
    if (Atomics.compareExchange(cells, k, FREE, DICE) === FREE) return { chunk: k, fromSeq: k * MEET_CHUNK + 1, uptoSeq: (k + 1) * MEET_CHUNK };
  }
  return null;
}

/** The rolls of each chunk the dice half claims, the next one claimed only once the one before is checked. */
function* claimedRolls(client: TrailClient, guildId: string, meet: SharedArrayBuffer, uptoSeq: number): Generator<RollToCheck> {
  for (let c = takeChunk(meet, 0); c; c = takeChunk(meet, c.chunk + 1)) {
    yield* iterateRollsToCheck(client, guildId, { fromSeq: c.fromSeq, uptoSeq: Math.min(c.uptoSeq, uptoSeq), withHash: true });
  }
}

/** One half of a split verify, on a bare connection (no drizzle: see trail-read.ts). */
export function runVerifyPart(client: TrailClient, guildId: string, part: VerifyPart, uptoSeq: number, meet?: SharedArrayBuffer): PartResult {
  const split = splitSeq(uptoSeq);
  if (part === 'chain') {
    return verifyChain(iterateVerifiable(client, guildId, { uptoSeq, lazyDetail: true }), {
      guildId, secretSeeds: seeds(client, guildId), recompute: meet ? { owner: chainOwner(meet) } : { uptoSeq: split },
    });
  }
  const rolls = meet ? claimedRolls(client, guildId, meet, uptoSeq) : iterateRollsToCheck(client, guildId, { fromSeq: split + 1, uptoSeq });
  return recomputeRolls(rolls, seedsWithCommitments(client, guildId));
}

const BOOT = new URL('../lib/ts-worker.mjs', import.meta.url);
const ENTRY_URL = new URL('./verify.worker.ts', import.meta.url);
const ENTRY = ENTRY_URL.href;
/** Idle workers are kept this long, so a second verify does not pay start-up again (warmed ones: always). */
const IDLE_MS = 5 * 60_000;
/** Passes of the warm-up trail each worker makes as each half (VerifyPool.warmUp): measured in README "Speed goals". */
const WARM_ROUNDS = 3;

/** Two reusable worker threads; started on first use and retired when idle, or warmed up as the bot starts and kept (prepare). */
export class VerifyPool {
  private idle: Worker[] = [];
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  /** The workers' entry bundled into one module (lib/worker-bundle.ts), once prepare() made it. */
  private bundle: URL | null = null;
  private preparing: Promise<boolean> | null = null;

  /**
   * Bundle the workers' entry in the background (the bot calls this as it starts), so workers
   * start without tsx's loader. Until it is ready, or if it fails, workers start through tsx.
   * Resolves to whether the bundle is in use; never rejects.
   */
  /** The bundle workers start from, or null while they start through tsx (tests, benchmarks). */
  get bundled(): URL | null {
    return this.bundle;
  }

  /**
   * `warmTrail` (verify-warm.ts writeWarmTrail; passed in, so that the workers' bundle, which holds
   * this file, stays without the writer): once the bundle is ready, start both workers and have
   * each verify that small synthetic trail as either half, a few times (warmUp), and keep them for
   * the life of the process: the bot does this as it starts, so an admin's first `/rolls verify`
   * meets warm workers.
   */
  prepare(onError?: (e: unknown) => void, opts: { warmTrail?: () => Promise<WarmTrail> } = {}): Promise<boolean> {
    const bundled = (this.preparing ??= bundleWorker(ENTRY_URL).then(
      (url) => { this.bundle = url; return true; },
      (e: unknown) => { onError?.(e); return false; },
    ));
    const write = opts.warmTrail;
    const closes = this.closes;
    if (write) this.warming ??= bundled.then((ok) => (ok ? this.warmUp(write, closes, onError) : false));
    return bundled;
  }

  /** The start-up warm-up (prepare with `warmTrail`): resolves to whether warm workers are kept; null if none was asked. */
  get warmed(): Promise<boolean> | null {
    return this.warming;
  }

  /** The threads of the idle workers, oldest first (tests and benchmarks: which workers are kept). */
  get idleThreads(): readonly number[] {
    return this.idle.map((w) => w.threadId);
  }

  private warming: Promise<boolean> | null = null;
  /** The workers the warm-up is running (close() terminates them and so ends it). */
  private warmingWorkers: Worker[] = [];
  /** close() calls so far: a warm-up asked before the last one stops. */
  private closes = 0;
  /** Workers warmed at start-up stay for the life of the process: retired, the next call would be cold again. */
  private keepWarm = false;

  /**
   * Each worker verifies the synthetic trail (verify-warm.ts) as the chain half and as the dice
   * half, WARM_ROUNDS times, sharing one Meet per pass like a real verify. A warm-up trail that
   * does not verify is a bug, said through onError; the workers are then dropped (a real verify
   * starts its own, as it would without the warm-up).
   */
  private async warmUp(write: () => Promise<WarmTrail>, closes: number, onError?: (e: unknown) => void): Promise<boolean> {
    let trail: WarmTrail | null = null;
    const ws: Worker[] = [];
    // Closed since it was asked (the bot stopping as it starts): stop there, quietly.
    const closed = () => this.closes !== closes;
    try {
      trail = await write();
      if (closed()) return false;
      ws.push(this.spawn(), this.spawn());
      this.warmingWorkers = ws;
      for (let round = 0; round < WARM_ROUNDS; round++) {
        for (const [c, d] of [[ws[0]!, ws[1]!], [ws[1]!, ws[0]!]] as const) {
          const job = { dbPath: trail.dbPath, guildId: trail.guildId, uptoSeq: trail.uptoSeq, meet: newMeet(trail.uptoSeq) };
          const [chain, dice] = await Promise.all([this.runOn(c, { ...job, part: 'chain' }, false), this.runOn(d, { ...job, part: 'dice' }, false)]);
          const r = combineSplit(chain as Result<VerifyReport, VerifyFailure>, dice as Result<{ rolls: number }, VerifyFailure>);
          if (!r.ok) throw new Error(`the verify warm-up trail did not verify: ${r.error.message}`);
        }
      }
      if (closed()) return false;
      this.keepWarm = true;
      this.warmingWorkers = [];
      for (const w of ws) this.release(w);
      return true;
    } catch (e) {
      if (!closed()) onError?.(e);
      await Promise.all(ws.map((w) => w.terminate()));
      return false;
    } finally {
      if (this.warmingWorkers === ws) this.warmingWorkers = [];
      trail?.remove();
    }
  }

  /**
   * The last verify's balance, for benchmarks: how long after the first half the second answered
   * (one worker idle meanwhile), and the chunks each half recomputed.
   */
  lastSplit: { idleMs: number; chainChunks: number; diceChunks: number } | null = null;

  async verify(dbPath: string, guildId: string, uptoSeq: number): Promise<Result<VerifyReport, VerifyFailure>> {
    // A verify asked while the workers warm up waits for them: sooner than two cold workers more.
    if (this.warming) await this.warming;
    const meet = newMeet(uptoSeq);
    const ends: number[] = [];
    const [chain, dice] = await Promise.all((['chain', 'dice'] as const).map((part) => this.run({ dbPath, guildId, part, uptoSeq, meet }).then((r) => { ends.push(performance.now()); return r; })));
    const cells = new Int32Array(meet);
    this.lastSplit = { idleMs: ends[1]! - ends[0]!, chainChunks: cells.filter((c) => c === CHAIN).length, diceChunks: cells.filter((c) => c === DICE).length };
    return combineSplit(chain as Result<VerifyReport, VerifyFailure>, dice as Result<{ rolls: number }, VerifyFailure>);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.keepWarm = false;
    this.closes++;
    const ws = [...this.idle, ...this.warmingWorkers];
    this.idle = [];
    this.warmingWorkers = [];
    await Promise.all(ws.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    // A bundle deleted since (a temp-folder cleaner, on a bot up for weeks) is given up for tsx.
    if (this.bundle && !existsSync(this.bundle)) this.bundle = null;
    // From the bundle, without the tsx the bot runs under (lib/worker-argv.ts).
    const w = this.bundle ? new Worker(this.bundle, { execArgv: execArgvWithoutTsx() }) : new Worker(BOOT, { workerData: { entry: ENTRY } });
    // A worker that dies while idle is not handed a job it would never answer (warm ones are kept for good).
    w.once('exit', () => { this.idle = this.idle.filter((x) => x !== w); });
    return w;
  }

  private run(job: VerifyJob): Promise<PartResult> {
    clearTimeout(this.timer);
    return this.runOn(this.idle.pop() ?? this.spawn(), job);
  }

  /** Run one job on `w`; `pool`: then back to the idle workers (the warm-up holds its own until it ends). */
  private runOn(w: Worker, job: VerifyJob, pool = true): Promise<PartResult> {
    const id = this.nextId++;
    return new Promise<PartResult>((resolve, reject) => {
      const onMessage = (m: { id: number; result: PartResult }) => {
        if (m.id !== id) return;
        cleanup();
        if (pool) this.release(w);
        resolve(m.result);
      };
      const onError = (e: Error) => { cleanup(); void w.terminate(); reject(e); };
      const onExit = (code: number) => { cleanup(); reject(new Error(`verify worker (${job.part}) exited with code ${code} before answering`)); };
      const cleanup = () => { w.off('message', onMessage); w.off('error', onError); w.off('exit', onExit); };
      w.on('message', onMessage);
      w.once('error', onError);
      w.once('exit', onExit);
      w.postMessage({ id, job });
    });
  }

  private release(w: Worker): void {
    this.idle.push(w);
    w.unref();
    clearTimeout(this.timer);
    if (this.keepWarm) return;
    this.timer = setTimeout(() => void this.close(), IDLE_MS);
    this.timer.unref();
  }
}
