import { readFileSync, writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

/** One reading of the process's memory (bytes), as `process.memoryUsage()` gives it. */
export type MemoryReading = Readonly<Record<'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'arrayBuffers', number>>;

export interface MemorySummary {
  readonly samples: number;
  /** The whole reading taken when the RSS was highest: its parts add up at one instant. */
  readonly atPeakRss: MemoryReading;
  /** Each figure's own highest reading (they need not coincide). */
  readonly max: MemoryReading;
  /** The kernel's high-water mark of the RSS (VmHWM, Linux), bytes: counts peaks between samples. */
  readonly kernelPeakRss: number | null;
  /** Threads of the process at the peak RSS (Linux): the main thread, libuv's pool, V8's helpers, worker threads. */
  readonly threadsAtPeak: number | null;
  /** The main thread's garbage collections while sampling: how many, and their pauses in all (ms): the CPU a smaller heap costs. */
  readonly gc: { readonly count: number; readonly pauseMs: number; readonly sampledMs: number };
  /** The process's CPU time (user + system, every thread) up to the summary, ms. */
  readonly cpuMs: number;
}

/** The process's own /proc/self/status field, in bytes or as a count; null off Linux. */
function procStatus(field: 'VmHWM' | 'Threads'): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
    if (!m) return null;
    return field === 'VmHWM' ? Number(m[1]) * 1024 : Number(m[1]);
  } catch {
    return null;
  }
}

/**
 * Memory of the bot under load (issue 12), sampled every `everyMs` while MEMORY_STATS names a
 * file: the summary is written there as JSON when the process exits (bench/load-games.ts reads
 * it). `process.memoryUsage()` speaks for the main thread's V8 heap only; the RSS counts every
 * thread's heap (worker threads have their own), native code and its allocations (SQLite's page
 * cache, cairo), and the code of the loaded programs.
 */
export class MemoryStats {
  private samples = 0;
  private atPeak: MemoryReading | null = null;
  private threadsAtPeak: number | null = null;
  private readonly max: Record<keyof MemoryReading, number> = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  private timer: NodeJS.Timeout | undefined;
  private readonly gc = { count: 0, pauseMs: 0 };
  private readonly since = performance.now();

  constructor(private readonly read: () => MemoryReading = () => process.memoryUsage()) {}

  /** Take one reading now. */
  sample(): void {
    const r = this.read();
    this.samples++;
    for (const k of Object.keys(this.max) as (keyof MemoryReading)[]) this.max[k] = Math.max(this.max[k], r[k]);
    if (!this.atPeak || r.rss > this.atPeak.rss) {
      this.atPeak = { rss: r.rss, heapTotal: r.heapTotal, heapUsed: r.heapUsed, external: r.external, arrayBuffers: r.arrayBuffers };
      this.threadsAtPeak = procStatus('Threads');
    }
  }

  summary(): MemorySummary {
    return {
      samples: this.samples, atPeakRss: this.atPeak ?? { ...this.max }, max: { ...this.max }, kernelPeakRss: procStatus('VmHWM'), threadsAtPeak: this.threadsAtPeak,
      gc: { count: this.gc.count, pauseMs: Math.round(this.gc.pauseMs), sampledMs: Math.round(performance.now() - this.since) },
      cpuMs: cpuMs(),
    };
  }

  /** Sample every `everyMs` (the timer never keeps the process alive) and write the summary to `file` at exit. */
  start(file: string, everyMs = 1000): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
    const gcs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) { this.gc.count++; this.gc.pauseMs += e.duration; }
    });
    gcs.observe({ entryTypes: ['gc'] });
    process.once('exit', () => {
      clearInterval(this.timer);
      gcs.disconnect();
      this.sample();
      try { writeFileSync(file, `${JSON.stringify(this.summary())}\n`); } catch (e) { process.stderr.write(`memory stats: cannot write ${file}: ${(e as Error).message}\n`); }
    });
    return this;
  }
}

/** A byte count in MiB, for the people reading the figures. */
export const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`;

function cpuMs(): number {
  const u = process.cpuUsage();
  return Math.round((u.user + u.system) / 1000);
}
