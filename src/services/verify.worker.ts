import Database from 'better-sqlite3';
import { parentPort } from 'node:worker_threads';
import { runVerifyPart, type VerifyJob } from './verify-split';

// Runs halves of split verifies (see verify-split.ts), each on a fresh read-only connection,
// for as long as the pool keeps this worker. A bare better-sqlite3 connection: the worker
// loads no drizzle and no migrations, so it starts sooner (issue 12).
/** Up to 1 GiB of the database file mapped (address space, not memory: pages are the file's own). */
const MMAP_BYTES = 2 ** 30;

parentPort!.on('message', ({ id, job }: { id: number; job: VerifyJob }) => {
  const db = new Database(job.dbPath, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Pages read through a memory map, not one read() call and copy each: a verify reads the
    // whole trail once, and the system time of those calls was ~15% of the read (issue 12).
    // The map goes with the connection when the job ends. (A mapped file that shrinks under a
    // reader can fault; the bot never truncates its database: no VACUUM, WAL checkpoints only.)
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    parentPort!.postMessage({ id, result: runVerifyPart(db, job.guildId, job.part, job.uptoSeq, job.meet) });
  } finally {
    db.close();
  }
});
