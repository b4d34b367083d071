import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Who serves what from this database file. Two bot processes on one file would each send the
 * outbox and double every post; a process takes the lease for its scope at start (`all`
 * today; `shard:<id>/<count>` once discord.js shards split the guilds), renews it while it
 * runs, releases it on a clean shutdown. A crashed holder stops renewing: its lease may be
 * taken over once `expires_at` has passed. See src/db/lease.ts.
 */
export const processLeases = sqliteTable('process_leases', {
  scope: text('scope').primaryKey(),
  /** host:pid:random of the process holding it, for the operator's message. */
  holder: text('holder').notNull(),
  acquiredAt: integer('acquired_at').notNull(),
  heartbeatAt: integer('heartbeat_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

export type ProcessLeaseRow = typeof processLeases.$inferSelect;
