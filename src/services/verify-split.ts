import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { bundleWorker } from '../lib/worker-bundle';
import { execArgvWithoutTsx } from '../lib/worker-argv';
import { combineSplit, recomputeRolls, verifyChain, type VerifyFailure, type VerifyReport } from '../dice/verify';
import type { Result } from '../lib/result';
import { iterateRollsToCheck, iterateVerifiable, seeds, seedsWithCommitments, type TrailClient } from '../db/trail-read';

/**
 * The bot's verify of a large trail, split over two worker threads so it neither blocks the
 * event loop (other players' commands keep flowing) nor uses one core only:
 *  - 'chain': every link, hash, seed commitment and roll index, in order, and the dice of
 *    the first CHAIN_SHARE of the trail;
 *  - 'dice':  the dice of the rest, recomputed from each epoch's stored seed.
 * The bot holds every seed (each checked against its published commitment by 'chain'), so
 * dice do not depend on chain order. Both halves read up to the same seq.
 */
export type VerifyPart = 'chain' | 'dice';

export interface VerifyJob {
  readonly dbPath: string;
  readonly guildId: string;
  readonly part: VerifyPart;
  readonly uptoSeq: number;
}

export type PartResult = Result<VerifyReport, VerifyFailure> | Result<{ rolls: number }, VerifyFailure>;

/**
 * Share of the trail whose dice the chain half recomputes. Measured on the 2-core machine (warm,
 * 100k rolls, after issue 12's cuts: HMAC in hex, headerJson, no guild_id column, mmap): the
 * chain scan alone costs ~6.4 µs/entry, each roll it recomputes ~7 µs more, and the
 * standalone dice half ~7.6 µs/roll; 0.08 gives both halves about the same time (~0.69 s).
 */
const CHAIN_SHARE = 0.08;
const splitSeq = (uptoSeq: number) => Math.floor(uptoSeq * CHAIN_SHARE);

/** One half of a split verify, on a bare connection (no drizzle: see trail-read.ts). */
export function runVerifyPart(client: TrailClient, guildId: string, part: VerifyPart, uptoSeq: number): PartResult {
  const split = splitSeq(uptoSeq);
  if (part === 'chain') {
    return verifyChain(iterateVerifiable(client, guildId, { uptoSeq, lazyDetail: true }), { guildId, secretSeeds: seeds(client, guildId), recompute: { uptoSeq: split } });
  }
  return recomputeRolls(iterateRollsToCheck(client, guildId, { fromSeq: split + 1, uptoSeq }), seedsWithCommitments(client, guildId));
}

const BOOT = new URL('../lib/ts-worker.mjs', import.meta.url);
const ENTRY_URL = new URL('./verify.worker.ts', import.meta.url);
const ENTRY = ENTRY_URL.href;
/** Idle workers are kept this long, so a second verify does not pay start-up again. */
const IDLE_MS = 5 * 60_000;

/** Two reusable worker threads; started on first use, retired when idle. */
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

  prepare(onError?: (e: unknown) => void): Promise<boolean> {
    return (this.preparing ??= bundleWorker(ENTRY_URL).then(
      (url) => { this.bundle = url; return true; },
      (e: unknown) => { onError?.(e); return false; },
    ));
  }

  async verify(dbPath: string, guildId: string, uptoSeq: number): Promise<Result<VerifyReport, VerifyFailure>> {
    const [chain, dice] = await Promise.all((['chain', 'dice'] as const).map((part) => this.run({ dbPath, guildId, part, uptoSeq })));
    return combineSplit(chain as Result<VerifyReport, VerifyFailure>, dice as Result<{ rolls: number }, VerifyFailure>);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    const ws = this.idle;
    this.idle = [];
    await Promise.all(ws.map((w) => w.terminate()));
  }

  private run(job: VerifyJob): Promise<PartResult> {
    clearTimeout(this.timer);
    // A bundle deleted since (a temp-folder cleaner, on a bot up for weeks) is given up for tsx.
    if (this.bundle && !existsSync(this.bundle)) this.bundle = null;
    // From the bundle, without the tsx the bot runs under (lib/worker-argv.ts).
    const w = this.idle.pop() ?? (this.bundle ? new Worker(this.bundle, { execArgv: execArgvWithoutTsx() }) : new Worker(BOOT, { workerData: { entry: ENTRY } }));
    const id = this.nextId++;
    return new Promise<PartResult>((resolve, reject) => {
      const onMessage = (m: { id: number; result: PartResult }) => {
        if (m.id !== id) return;
        cleanup();
        this.release(w);
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
    this.timer = setTimeout(() => void this.close(), IDLE_MS);
    this.timer.unref();
  }
}
