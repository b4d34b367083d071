import { parentPort } from 'node:worker_threads';
import { AuditRepo } from '../db/audit.repo';
import { openDbReadOnly } from '../db/open';
import { runVerifyPart, type VerifyJob } from './verify-split';

// Runs halves of split verifies (see verify-split.ts), each on a fresh read-only connection,
// for as long as the pool keeps this worker.
parentPort!.on('message', ({ id, job }: { id: number; job: VerifyJob }) => {
  const db = openDbReadOnly(job.dbPath);
  try {
    parentPort!.postMessage({ id, result: runVerifyPart(new AuditRepo(db), job.guildId, job.part, job.uptoSeq) });
  } finally {
    db.$client.close();
  }
});
