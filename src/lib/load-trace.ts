import { writeFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * A diagnostic for load tests (issue 12), off unless LOAD_TRACE names a file: the life of each
 * interaction in the bot, as wall-clock times in ms (performance.timeOrigin + now(), so the
 * load generator's own marks in the other process line up), written as JSON when the bot stops.
 * bench/load-games.ts merges it with the fake Discord's marks and prints each stage's percentiles:
 * where an acknowledgement waits. Beside the inputs it keeps spans of what else ran (the WAL
 * fsyncs, the checkpoints, the TurnQueue's turns, GC pauses, periodic work), so a slow input can
 * be set against what the bot was doing at that moment.
 */
export const TRACE_STAGES = [
  /** The gateway frame was parsed (discord.js's raw dispatch). */
  'frame',
  /** Queued in the TurnQueue. */
  'push',
  /** Taken from the queue: the command starts. */
  'run',
  /** The command returned (its commit made, not yet durable). */
  'executed',
  /** durable(): the fsync covering its commit finished. */
  'durable',
  /** The reply's REST request is handed to discord.js. */
  'replyStart',
  /** The reply's REST request answered. */
  'replyDone',
] as const;
export type TraceStage = (typeof TRACE_STAGES)[number];

/** Something the bot did from `start` to `end` (wall-clock ms); `n`: how many (inputs in a turn, frames in a checkpoint). */
export type TraceSpan = readonly [kind: string, start: number, end: number, n?: number];

export interface LoadTrace {
  mark(id: string, stage: TraceStage): void;
  span(kind: string, start: number, end: number, n?: number): void;
  /** Writes what was marked (at stop). */
  write(): void;
}

/** Wall-clock ms, comparable across this machine's processes and threads. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

export const NO_TRACE: LoadTrace = { mark: () => undefined, span: () => undefined, write: () => undefined };

let active: LoadTrace = NO_TRACE;
/** Records a span in the running trace, if any (layers that have no trace handed to them: durability, the checkpointer). */
export function traceSpan(kind: string, start: number, end: number, n?: number): void {
  active.span(kind, start, end, n);
}
/** True while a trace records (so callers skip reading clocks otherwise). */
export const tracing = (): boolean => active !== NO_TRACE;

export function loadTrace(file: string | null): LoadTrace {
  if (!file) return NO_TRACE;
  const rows = new Map<string, number[]>();
  const spans: TraceSpan[] = [];
  const index = new Map<TraceStage, number>(TRACE_STAGES.map((s, i) => [s, i]));
  // GC pauses of the main thread: entry times are relative to this thread's timeOrigin.
  const gcs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = ((e as { detail?: unknown }).detail as { kind?: number } | undefined)?.kind;
      spans.push([`gc:${GC_KINDS[kind ?? 0] ?? kind}`, performance.timeOrigin + e.startTime, performance.timeOrigin + e.startTime + e.duration]);
    }
  });
  gcs.observe({ entryTypes: ['gc'] });
  const trace: LoadTrace = {
    mark(id, stage) {
      let row = rows.get(id);
      if (!row) rows.set(id, (row = new Array<number>(TRACE_STAGES.length).fill(0)));
      row[index.get(stage)!] = wallNow();
    },
    span(kind, start, end, n) {
      spans.push(n === undefined ? [kind, start, end] : [kind, start, end, n]);
    },
    write() {
      gcs.disconnect();
      active = NO_TRACE;
      writeFileSync(file, JSON.stringify({ stages: TRACE_STAGES, rows: Object.fromEntries(rows), spans }));
    },
  };
  active = trace;
  return trace;
}

/** perf_hooks' NODE_PERFORMANCE_GC_* kinds (minor: a scavenge of the young generation; major: a mark-compact). */
const GC_KINDS: Record<number, string> = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb' };
