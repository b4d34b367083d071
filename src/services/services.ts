import type { Db } from '../db/open';
import { AuditTrail } from './audit-trail';
import { RollsService } from './rolls.service';

/** The services the command layer may call. Built once at start-up (and per test). */
export interface Services {
  readonly db: Db;
  readonly trail: AuditTrail;
  readonly rolls: RollsService;
}

export interface ServiceOptions {
  readonly clock?: () => number;
  readonly seedEpochHours?: number;
  readonly newSeed?: () => string;
  /** The database file, so heavy reads can run on their own connections in worker threads. */
  readonly dbPath?: string;
}

export function createServices(db: Db, opts: ServiceOptions = {}): Services {
  const trail = new AuditTrail(db, {
    clock: opts.clock ?? Date.now,
    seedEpochHours: opts.seedEpochHours ?? 24,
    ...(opts.newSeed ? { newSeed: opts.newSeed } : {}),
  });
  return { db, trail, rolls: new RollsService(trail, opts.dbPath ?? ':memory:') };
}
