import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ChainEntry } from '../dice/entry';
import type { Db } from './open';
import { auditEntries, seedEpochs, type AuditEntryRow, type NewAuditEntryRow, type SeedEpochRow } from './schema';

/**
 * Storage of the audit trail and seed epochs. Returns null for absence; the services decide
 * what absence means. All writes run inside the caller's transaction.
 */
export class AuditRepo {
  private readonly lastStmt;
  private readonly insertStmt;

  constructor(private readonly db: Db) {
    // The hot path of every roll: prepared once.
    this.lastStmt = db
      .select({ seq: auditEntries.seq, hash: auditEntries.hash })
      .from(auditEntries)
      .where(eq(auditEntries.guildId, sql.placeholder('guildId')))
      .orderBy(desc(auditEntries.seq))
      .limit(1)
      .prepare();
    this.insertStmt = db.insert(auditEntries).values({
      guildId: sql.placeholder('guildId'), seq: sql.placeholder('seq'), kind: sql.placeholder('kind'),
      createdAt: sql.placeholder('createdAt'), actorId: sql.placeholder('actorId'), actorName: sql.placeholder('actorName'),
      gameId: sql.placeholder('gameId'), epochId: sql.placeholder('epochId'), rollIndex: sql.placeholder('rollIndex'),
      visibility: sql.placeholder('visibility'), derivesFrom: sql.placeholder('derivesFrom'), detail: sql.placeholder('detail'),
      detailHash: sql.placeholder('detailHash'), prevHash: sql.placeholder('prevHash'), hash: sql.placeholder('hash'),
    }).returning({ id: auditEntries.id }).prepare();
  }

  lastLink(guildId: string): { seq: number; hash: string } | null {
    return this.lastStmt.get({ guildId }) ?? null;
  }

  insertEntry(row: Omit<NewAuditEntryRow, 'id'>): number {
    return this.insertStmt.get(row as Record<string, unknown>)!.id;
  }

  openEpoch(guildId: string, scope: string): SeedEpochRow | null {
    return this.db.select().from(seedEpochs)
      .where(and(eq(seedEpochs.guildId, guildId), eq(seedEpochs.scope, scope), isNull(seedEpochs.revealedAt)))
      .get() ?? null;
  }

  epoch(id: number): SeedEpochRow | null {
    return this.db.select().from(seedEpochs).where(eq(seedEpochs.id, id)).get() ?? null;
  }

  createEpoch(e: Omit<SeedEpochRow, 'id' | 'revealedAt' | 'nextIndex'>): SeedEpochRow {
    return this.db.insert(seedEpochs).values(e).returning().get();
  }

  /** Claim the next roll index of an epoch. */
  takeIndex(epochId: number): number {
    const row = this.db.update(seedEpochs).set({ nextIndex: sql`${seedEpochs.nextIndex} + 1` })
      .where(eq(seedEpochs.id, epochId)).returning({ next: seedEpochs.nextIndex }).get();
    return row!.next - 1;
  }

  markRevealed(epochId: number, at: number): void {
    this.db.update(seedEpochs).set({ revealedAt: at }).where(eq(seedEpochs.id, epochId)).run();
  }

  dueEpochs(now: number): SeedEpochRow[] {
    return this.db.select().from(seedEpochs)
      .where(and(isNull(seedEpochs.revealedAt), lte(seedEpochs.closesAt, now)))
      .orderBy(asc(seedEpochs.id)).all();
  }

  epochs(guildId: string, limit: number): SeedEpochRow[] {
    return this.db.select().from(seedEpochs).where(eq(seedEpochs.guildId, guildId)).orderBy(desc(seedEpochs.id)).limit(limit).all();
  }

  /** Secret seeds of every epoch of the guild, for the bot's own full check. */
  seeds(guildId: string): Map<number, string> {
    const rows = this.db.select({ id: seedEpochs.id, seed: seedEpochs.seed }).from(seedEpochs).where(eq(seedEpochs.guildId, guildId)).all();
    return new Map(rows.map((r) => [r.id, r.seed]));
  }

  /** Newest first, optionally one actor's, for the paginated log. */
  page(guildId: string, opts: { actorId?: string | undefined; kind?: string; limit: number; offset: number }): AuditEntryRow[] {
    return this.db.select().from(auditEntries)
      .where(and(eq(auditEntries.guildId, guildId), opts.actorId ? eq(auditEntries.actorId, opts.actorId) : undefined, opts.kind ? eq(auditEntries.kind, opts.kind) : undefined))
      .orderBy(desc(auditEntries.seq)).limit(opts.limit).offset(opts.offset).all();
  }

  count(guildId: string, opts: { actorId?: string | undefined; kind?: string }): number {
    return this.db.select({ n: count() }).from(auditEntries)
      .where(and(eq(auditEntries.guildId, guildId), opts.actorId ? eq(auditEntries.actorId, opts.actorId) : undefined, opts.kind ? eq(auditEntries.kind, opts.kind) : undefined))
      .get()!.n;
  }

  /** The whole chain in order, streamed: verify and export read 100k+ rows without holding them. */
  *iterate(guildId: string, kind?: string): Generator<AuditEntryRow> {
    const stmt = this.db.$client.prepare(
      `SELECT id, guild_id AS guildId, seq, kind, created_at AS createdAt, actor_id AS actorId, actor_name AS actorName,
              game_id AS gameId, epoch_id AS epochId, roll_index AS rollIndex, visibility, derives_from AS derivesFrom,
              detail, detail_hash AS detailHash, prev_hash AS prevHash, hash
         FROM audit_entries WHERE guild_id = ? ${kind ? 'AND kind = ?' : ''} ORDER BY seq`,
    );
    yield* stmt.iterate(...(kind ? [guildId, kind] : [guildId])) as IterableIterator<AuditEntryRow>;
  }
}

/** A stored row as the chain sees it. Unparseable detail JSON stays visible as such, so verify flags it. */
export function toChainEntry(row: AuditEntryRow): ChainEntry {
  let detail: unknown;
  try {
    detail = JSON.parse(row.detail);
  } catch {
    detail = { unreadable: row.detail };
  }
  return {
    id: row.id, guildId: row.guildId, seq: row.seq, kind: row.kind as ChainEntry['kind'], createdAt: row.createdAt,
    actorId: row.actorId, actorName: row.actorName, gameId: row.gameId, epochId: row.epochId, rollIndex: row.rollIndex,
    visibility: row.visibility as ChainEntry['visibility'], derivesFrom: row.derivesFrom, detail,
    detailHash: row.detailHash, prevHash: row.prevHash, hash: row.hash,
  };
}
