// WAL checkpoints on their own connection and thread (issue 12): the checkpoint's fsyncs of the
// WAL and the database file never run inside a roll's commit on the main thread. Plain
// JavaScript (no tsx in a worker, see src/lib/ts-worker.mjs); Checkpointer in checkpointer.ts
// starts it and is the only user.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { path, everyMs, restartFrames } = workerData;
const db = new Database(path, { fileMustExist: true });
// A checkpoint syncs the WAL before copying it and the database after; FULL keeps both syncs.
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');

/**
 * PASSIVE: copy what no reader still needs, never wait for a lock, never block a writer. The
 * main connection restarts the WAL from its start on its next write once everything was copied,
 * so the file stays the size of the writes between two checkpoints.
 */
/** A pause of the writers was asked for and the final pass has not run yet. */
let quieting = false;

/**
 * Under writes that never stop, a PASSIVE checkpoint never restarts the WAL: commits land while
 * it copies, so the WAL is never wholly copied when the next write begins, and it grows without
 * bound (issue 12: 21,700 frames, 85 MB, in 30 s of bench:load). Once it holds `restartFrames`,
 * the main thread is asked to hold new commands (Checkpointer: 'quiesce'); when it answers
 * 'quiet', a last pass copies the few frames written meanwhile, and the next write starts the
 * WAL from its beginning. Best effort: a write the pause does not hold only delays the restart.
 */
function checkpoint(final = false) {
  // Wall-clock times (this thread's timeOrigin), for the load trace's spans.
  const at = performance.timeOrigin + performance.now();
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ kind: 'done', frames: r.log, copied: r.checkpointed, busy: r.busy, at, end: performance.timeOrigin + performance.now(), final });
    if (!final && !quieting && restartFrames && r.log >= restartFrames) {
      quieting = true;
      parentPort.postMessage({ kind: 'quiesce' });
    }
  } catch (e) {
    // A full disk or a failing one: say so and try again at the next tick (the data is in the WAL).
    parentPort.postMessage({ kind: 'failed', code: e.code ?? null, message: String(e.message ?? e) });
  }
}

const timer = setInterval(checkpoint, everyMs);
parentPort.on('message', (m) => {
  if (m === 'now') checkpoint();
  if (m === 'quiet') {
    quieting = false;
    checkpoint(true);
  }
  if (m === 'stop') {
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort.close();
  }
});
