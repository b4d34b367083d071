import { openDb, type Db } from '../../src/db/open';
import { createServices, type Services } from '../../src/services/services';
import { createLogger } from '../../src/logger';

/** A settable clock for tests (ms since epoch). */
export function testClock(start = Date.UTC(1815, 5, 18, 11, 0)) {
  let t = start;
  const clock = () => t;
  return Object.assign(clock, {
    advance(ms: number) { t += ms; },
    set(ms: number) { t = ms; },
    date: () => new Date(t),
  });
}

/** Deterministic seeds: 00…01, 00…02, … so tests can recompute anything. */
export function testSeeds() {
  let n = 0;
  return () => (++n).toString(16).padStart(64, '0');
}

/** Services on a fresh in-memory database built from the real migrations. */
export function testServices(opts: { clock?: () => number; seedEpochHours?: number; receiptSettleMs?: number } = {}): Services & { db: Db } {
  const db = openDb(':memory:');
  return createServices(db, { clock: opts.clock ?? testClock(), seedEpochHours: opts.seedEpochHours ?? 24, newSeed: testSeeds(), receiptSettleMs: opts.receiptSettleMs ?? 0 });
}

export const silentLog = createLogger('silent');
