import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * A seed epoch: one secret seed whose SHA-256 commitment is published (as an `epoch-open`
 * audit entry) before any roll uses it, and which is revealed (an `epoch-reveal` entry)
 * when the epoch closes. Server-wide epochs close on a schedule or on an admin's demand;
 * game epochs will close per phase.
 */
export const seedEpochs = sqliteTable(
  'seed_epochs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    /** null for server-wide (free) rolls. */
    gameId: text('game_id'),
    /** 'server', or a game-phase label such as 'game:12/turn:3/phase:initiative'. */
    scope: text('scope').notNull(),
    /** Hex SHA-256 of the seed bytes. */
    commitment: text('commitment').notNull(),
    /** Hex secret seed (32 bytes); public once `revealedAt` is set. */
    seed: text('seed').notNull(),
    openedAt: integer('opened_at').notNull(),
    /** When the scheduler reveals it (ms since epoch); null = only on demand. */
    closesAt: integer('closes_at'),
    revealedAt: integer('revealed_at'),
    /** Index the next roll in this epoch will use. */
    nextIndex: integer('next_index').notNull().default(0),
    /**
     * The guild seq of this epoch's last roll (null before its first), set by the same row write
     * that takes its index (migration 0010, issue 12): finding the epoch's last roll no longer
     * needs every roll in an index of its own. A lookup that finds anything else there falls back
     * to reading the trail (AuditRepo.lastEpochEntry).
     */
    lastRollSeq: integer('last_roll_seq'),
  },
  (t) => [
    // At most one open epoch per scope in a guild: every roll knows which seed it draws from.
    uniqueIndex('seed_epochs_one_open_per_scope').on(t.guildId, t.scope).where(sql`revealed_at IS NULL`),
    index('seed_epochs_closes_at').on(t.closesAt),
  ],
);

/**
 * The audit trail: append-only (enforced by triggers in the migration) and hash-chained per
 * guild. `hash` = SHA-256 over `prevHash` and the canonical header, which includes
 * `detailHash` = SHA-256 of the canonical `detail` JSON. See src/dice/chain.ts.
 */
export const auditEntries = sqliteTable(
  'audit_entries',
  {
    // A plain INTEGER PRIMARY KEY (the rowid), not AUTOINCREMENT (migration 0010, issue 12): a new
    // row takes the largest id + 1 without writing sqlite_sequence, one WAL page less per roll.
    // Ids still only grow: no row is ever deleted (the triggers of migration 0001 refuse it), so
    // the largest id is never given back.
    id: integer('id').primaryKey(),
    guildId: text('guild_id').notNull(),
    /** 1, 2, 3… within the guild's chain, no gaps. */
    seq: integer('seq').notNull(),
    /** 'epoch-open' | 'roll' | 'epoch-reveal' */
    kind: text('kind').notNull(),
    createdAt: integer('created_at').notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    gameId: text('game_id'),
    epochId: integer('epoch_id').references(() => seedEpochs.id),
    /** The roll's index within its epoch: with the seed, it determines every face. */
    rollIndex: integer('roll_index'),
    /** 'public' | 'private' (a private roll's detail stays sealed until its seed is revealed). */
    visibility: text('visibility').notNull(),
    /** What this entry derives from, e.g. 'audit:41' for a roll that reacts to another, or a game event. */
    derivesFrom: text('derives_from'),
    /** Canonical JSON of the kind-specific detail (expression, purpose, faces, modifiers, total…). */
    detail: text('detail').notNull(),
    detailHash: text('detail_hash').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_guild_seq').on(t.guildId, t.seq),
    index('audit_entries_guild_actor').on(t.guildId, t.actorId, t.seq),
    // Only an epoch's openings, reveals and voids (migration 0010, issue 12): its rolls are found
    // from seed_epochs.last_roll_seq, so a roll's commit no longer writes a page of this index.
    // Queries that use it repeat the condition (`kind <> 'roll'`), as SQLite requires.
    index('audit_entries_epoch_marks').on(t.epochId, t.kind).where(sql`kind <> 'roll'`),
  ],
);

export type SeedEpochRow = typeof seedEpochs.$inferSelect;
export type AuditEntryRow = typeof auditEntries.$inferSelect;
export type NewAuditEntryRow = typeof auditEntries.$inferInsert;
export * from './games.schema';
export * from './lease.schema';
export * from './trail.schema';
export * from './campaigns.schema';
