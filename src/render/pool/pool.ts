/**
 * Maps are drawn in a small pool of CHILD PROCESSES, never on the bot's main thread:
 * node-canvas draws synchronously (a full map takes ~150 ms), and a blocked event loop
 * would miss Discord's 3-second interaction deadline for everyone else. Not worker_threads:
 * measured on this machine, canvas 3.2 draws correctly in a worker but the process then dies
 * with a segmentation fault (exit 139) at exit, whether workers were terminated or not.
 *
 * Bounded concurrency (`size` children, one job each), a bounded FIFO queue, a per-job
 * timeout (the child is killed and replaced), a crashed child replaced, and `close()` that
 * lets in-flight jobs finish, then stops every child. An idle pool does not keep the process
 * alive: the IPC channel is referenced only while a child starts or works.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { RenderedMap, RenderOptions } from '../map/draw';
import type { MapDescription } from '../map/model';
import { RenderError, type FromChild, type ToChild } from './protocol';

export interface RenderPoolOptions {
  /** Children, i.e. renders at once (default 2: one per core of the bot's machine). */
  readonly size?: number;
  /** A job still running after this long is abandoned and its child killed (default 30 s). */
  readonly timeoutMs?: number;
  /** Jobs waiting beyond this are refused at once with 'render/busy' (default 64). */
  readonly maxQueue?: number;
  /** The child's entry module (tests pass one that can crash or hang on demand). */
  readonly entry?: string | URL;
  /** How long close() waits for a child to exit before SIGKILL (default 2 s). */
  readonly killAfterMs?: number;
  /**
   * Scheduling niceness of the children (default 10). Measured on the 2-core machine: with
   * two children drawing at full tilt, the main thread at equal priority was starved of CPU
   * for up to 150 ms at a time; niced children yield to it.
   */
  readonly nice?: number;
}

interface Job {
  readonly id: number;
  readonly description: MapDescription;
  readonly options: RenderOptions;
  readonly resolve: (r: RenderedMap) => void;
  readonly reject: (e: RenderError) => void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  exited: Promise<void>;
}

export interface RenderPoolStats {
  readonly size: number;
  readonly busy: number;
  readonly queued: number;
  readonly restarts: number;
  readonly pids: readonly number[];
}

export interface RenderPool {
  /** Render a description; settles with the image or a RenderError. */
  render(description: MapDescription, options?: RenderOptions): Promise<RenderedMap>;
  /** Resolves when every child has started (fonts registered, modules loaded). */
  ready(): Promise<void>;
  /** Refuse new jobs, drop queued ones, let running ones finish, then stop every child. */
  close(): Promise<void>;
  stats(): RenderPoolStats;
}

const DEFAULT_ENTRY = new URL('./child.ts', import.meta.url);
/** Children that die before they are ready this many times in a row mean a broken install: stop. */
const MAX_START_FAILURES = 3;

export function createRenderPool(opts: RenderPoolOptions = {}): RenderPool {
  const size = Math.max(1, opts.size ?? 2);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxQueue = opts.maxQueue ?? 64;
  const killAfterMs = opts.killAfterMs ?? 2_000;
  const nice = opts.nice ?? 10;
  const entry = typeof opts.entry === 'string' ? opts.entry : fileURLToPath(opts.entry ?? DEFAULT_ENTRY);
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let restarts = 0;
  let startFailures = 0;
  let closing = false;
  let broken: RenderError | null = null;
  let readyWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const idleWaiters: (() => void)[] = [];

  const settleReady = () => {
    if (broken) { for (const w of readyWaiters) w.reject(broken); readyWaiters = []; return; }
    if (slots.every((s) => s.ready)) { for (const w of readyWaiters) w.resolve(); readyWaiters = []; }
  };

  // Reference the channel only while the child starts or works, so an idle pool lets the process exit.
  const hold = (s: Slot, on: boolean) => {
    const channel = s.child.channel as { ref?: () => void; unref?: () => void } | null | undefined;
    if (on) channel?.ref?.();
    else channel?.unref?.();
  };

  function spawn(index: number): void {
    const child = fork(entry, [], {
      execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let onExit!: () => void;
    const slot: Slot = { child, ready: false, job: null, timer: null, exited: new Promise((r) => (onExit = r)) };
    slots[index] = slot;
    try {
      if (child.pid !== undefined && nice !== 0) setPriority(child.pid, nice);
    } catch {
      // Not permitted here (some containers): the children then simply run at normal priority.
    }
    child.unref();
    child.on('message', (m: FromChild) => onMessage(slot, m));
    child.on('error', () => { /* reported by 'exit' */ });
    child.on('exit', (code, signal) => {
      onExit();
      if (slot.timer) clearTimeout(slot.timer);
      const job = slot.job;
      slot.job = null;
      if (job) job.reject(new RenderError('render/crashed', `render child ${child.pid} died (${signal ?? `exit ${code}`}) while drawing`));
      if (closing || slots[index] !== slot) return notifyIdle();
      if (!slot.ready && ++startFailures >= MAX_START_FAILURES) {
        broken = new RenderError('render/unavailable', `render children keep dying at start-up (last: ${signal ?? `exit ${code}`})`);
        for (const j of queue.splice(0)) j.reject(broken);
        settleReady();
        return notifyIdle();
      }
      restarts++;
      spawn(index);
    });
  }

  function onMessage(slot: Slot, m: FromChild): void {
    if (m.type === 'ready') {
      slot.ready = true;
      startFailures = 0;
      settleReady();
      pump();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== m.id) return; // a late answer to a job that already timed out
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if (m.type === 'done') {
      const data = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
      job.resolve({ data, format: m.format, width: m.width, height: m.height, hiddenLabels: m.hiddenLabels, attempts: m.attempts });
    } else {
      job.reject(new RenderError('render/failed', `map could not be drawn: ${m.message}`));
    }
    pump();
    notifyIdle();
  }

  function pump(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.job) continue;
      const job = queue.shift();
      if (!job) { hold(slot, false); continue; }
      slot.job = job;
      hold(slot, true);
      slot.timer = setTimeout(() => {
        slot.timer = null;
        if (slot.job !== job) return;
        slot.job = null;
        job.reject(new RenderError('render/timeout', `map not drawn within ${timeoutMs} ms`));
        // The child may be stuck in native code: only a kill frees the slot; 'exit' replaces it.
        slot.child.kill('SIGKILL');
        notifyIdle();
      }, timeoutMs);
      slot.child.send({ type: 'render', id: job.id, description: job.description, options: job.options } satisfies ToChild);
    }
  }

  function notifyIdle(): void {
    if (slots.some((s) => s.job)) return;
    for (const w of idleWaiters.splice(0)) w();
  }

  for (let i = 0; i < size; i++) spawn(i);

  return {
    render(description, options = {}) {
      if (closing) return Promise.reject(new RenderError('render/closed', 'the render pool is shutting down'));
      if (broken) return Promise.reject(broken);
      if (queue.length >= maxQueue) return Promise.reject(new RenderError('render/busy', `${queue.length} maps already waiting to be drawn`));
      return new Promise<RenderedMap>((resolve, reject) => {
        queue.push({ id: nextId++, description, options, resolve, reject });
        pump();
      });
    },
    ready() {
      if (broken) return Promise.reject(broken);
      if (slots.every((s) => s.ready)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => readyWaiters.push({ resolve, reject }));
    },
    async close() {
      if (!closing) {
        closing = true;
        for (const j of queue.splice(0)) j.reject(new RenderError('render/closed', 'the render pool shut down before this map was drawn'));
      }
      if (slots.some((s) => s.job)) await new Promise<void>((r) => idleWaiters.push(r));
      await Promise.all(slots.map(async (s) => {
        if (s.child.exitCode !== null || s.child.signalCode !== null) return;
        hold(s, true);
        if (s.child.connected) s.child.send({ type: 'exit' } satisfies ToChild);
        const timer = setTimeout(() => s.child.kill('SIGKILL'), killAfterMs);
        await s.exited;
        clearTimeout(timer);
      }));
      for (const w of readyWaiters.splice(0)) w.reject(new RenderError('render/closed', 'the render pool shut down'));
    },
    stats() {
      return { size, busy: slots.filter((s) => s.job).length, queued: queue.length, restarts, pids: slots.map((s) => s.child.pid ?? -1) };
    },
  };
}
