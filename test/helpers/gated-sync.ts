import { fdatasync } from 'node:fs';
import type { SyncFile } from '../../src/db/durability';

/**
 * An fsync for Durability that the test lets finish (issue 12): each call really fdatasyncs the
 * file, then waits until `release()` (or fails at `fail(e)`). `started` counts calls; `pending`
 * is how many wait.
 */
export function gatedSync() {
  const waiting: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let started = 0;
  const sync: SyncFile = (fd) => new Promise<void>((resolve, reject) => {
    started++;
    fdatasync(fd, (e) => {
      if (e) reject(e);
      else waiting.push({ resolve, reject });
    });
  });
  /** Wait until `n` fsyncs wait for the gate (the real fdatasync is done). */
  const until = async (n: number) => {
    for (let i = 0; i < 2000 && waiting.length < n; i++) await new Promise((r) => setTimeout(r, 1));
    if (waiting.length < n) throw new Error(`only ${waiting.length} fsync(s) waiting, expected ${n}`);
  };
  return {
    sync,
    get started() { return started; },
    get pending() { return waiting.length; },
    until,
    /** Let the oldest waiting fsync finish. */
    release() { waiting.shift()!.resolve(); },
    /** Make the oldest waiting fsync fail as a dying disk does. */
    fail(e: Error = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })) { waiting.shift()!.reject(e); },
  };
}

/** Settle pending promise callbacks and I/O callbacks. */
export const settle = () => new Promise((r) => setTimeout(r, 5));
