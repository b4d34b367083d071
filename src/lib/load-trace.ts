import { writeFileSync } from 'node:fs';

/**
 * A diagnostic for load tests (issue 12), off unless LOAD_TRACE names a file: the life of each
 * interaction in the bot, as wall-clock times in ms (performance.timeOrigin + now(), so the
 * load generator's own marks in the other process line up), written as JSON when the bot stops.
 * bench/load-games.ts merges it with the fake Discord's marks and prints each stage's percentiles:
 * where an acknowledgement waits.
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

export interface LoadTrace {
  mark(id: string, stage: TraceStage): void;
  /** Writes what was marked (at stop). */
  write(): void;
}

export const NO_TRACE: LoadTrace = { mark: () => undefined, write: () => undefined };

export function loadTrace(file: string | null): LoadTrace {
  if (!file) return NO_TRACE;
  const rows = new Map<string, number[]>();
  const index = new Map<TraceStage, number>(TRACE_STAGES.map((s, i) => [s, i]));
  return {
    mark(id, stage) {
      let row = rows.get(id);
      if (!row) rows.set(id, (row = new Array<number>(TRACE_STAGES.length).fill(0)));
      row[index.get(stage)!] = performance.timeOrigin + performance.now();
    },
    write() {
      writeFileSync(file, JSON.stringify({ stages: TRACE_STAGES, rows: Object.fromEntries(rows) }));
    },
  };
}
