import { and, asc, count, desc, eq, isNull, lte } from 'drizzle-orm';
import type { ChainEntry } from '../dice/entry';
import type { VerifiableEntry } from '../dice/verify';

const EPOCH_COLUMNS = 'id, guild_id AS guildId, game_id AS gameId, scope, commitment, seed, opened_at AS openedAt, closes_at AS closesAt, revealed_at AS revealedAt, next_index AS nextIndex, last_roll_seq AS lastRollSeq';
import type { Db } from './open';
import { ENTRY_COLUMNS, iterateVerifiable, parseDetail, seeds, seedsWithCommitments } from './trail-read';
import { auditEntries, seedEpochs, trailBreaks, type AuditEntryRow, type NewAuditEntryRow, type SeedEpochRow, type TrailAnchorRow, type TrailBreakRow } from './schema';

const BREAK_COLUMNS = 'id, guild_id AS guildId, first_bad_seq AS firstBadSeq, code, message, found_at AS foundAt, channel_id AS channelId';

/**
 * Storage of the audit trail and seed epochs. Returns null for absence; the services decide
 * what absence means. All writes run inside the caller's transaction.
 */
export class AuditRepo {
  // The hot path of every roll runs on statements prepared once: drizzle's query builder
  // costs more than SQLite itself at thousands of rolls per second.
  private readonly stmt;

  constructor(private readonly db: Db) {
    const c = db.$client;
    this.stmt = {
      last: c.prepare<[string], { seq: number; hash: string }>('SELECT seq, hash FROM audit_entries WHERE guild_id = ? ORDER BY seq DESC LIMIT 1'),
      insert: c.prepare(`INSERT INTO audit_entries (guild_id, seq, kind, created_at, actor_id, actor_name, game_id, epoch_id, roll_index,
          visibility, derives_from, detail, detail_hash, prev_hash, hash)
        VALUES (@guildId, @seq, @kind, @createdAt, @actorId, @actorName, @gameId, @epochId, @rollIndex,
          @visibility, @derivesFrom, @detail, @detailHash, @prevHash, @hash)`),
      openEpoch: c.prepare<[string, string], SeedEpochRow>(`SELECT ${EPOCH_COLUMNS} FROM seed_epochs WHERE guild_id = ? AND scope = ? AND revealed_at IS NULL`),
      // An epoch's last roll: the entry at the seq its row recorded, when it is that roll.
      epochHead: c.prepare<[number], { guildId: string; nextIndex: number; lastRollSeq: number | null }>('SELECT guild_id AS guildId, next_index AS nextIndex, last_roll_seq AS lastRollSeq FROM seed_epochs WHERE id = ?'),
      entryAt: c.prepare<[string, number], { seq: number; hash: string; kind: string; epochId: number | null; rollIndex: number | null }>('SELECT seq, hash, kind, epoch_id AS epochId, roll_index AS rollIndex FROM audit_entries WHERE guild_id = ? AND seq = ?'),
      // The opening of an epoch without rolls, through the index of openings, reveals and voids
      // (its condition repeated so SQLite uses it).
      openingOf: c.prepare<[number], { seq: number; hash: string; rollIndex: number | null }>("SELECT seq, hash, roll_index AS rollIndex FROM audit_entries WHERE epoch_id = ? AND kind <> 'roll' AND kind = 'epoch-open' ORDER BY roll_index DESC LIMIT 1"),
      // What the lookups above stand for, read from the trail alone: the epoch's highest roll, else
      // its opening (NULL sorts last). No index has every roll of an epoch: this reads the guild's
      // entries, and runs only when the trail and the epoch's row disagree (a tampered trail).
      lastOfEpochInTrail: c.prepare<[number], { seq: number; hash: string; rollIndex: number | null }>("SELECT seq, hash, roll_index AS rollIndex FROM audit_entries WHERE epoch_id = ? AND kind IN ('epoch-open', 'roll') ORDER BY roll_index DESC LIMIT 1"),
      hashAt: c.prepare<[string, number], { hash: string }>('SELECT hash FROM audit_entries WHERE guild_id = ? AND seq = ?'),
      hasReveal: c.prepare<[number], { one: number }>("SELECT 1 AS one FROM audit_entries WHERE epoch_id = ? AND kind <> 'roll' AND kind = 'epoch-reveal' LIMIT 1"),
      // Anchors only move forward: a roll that gets a seq at or below the last anchor means the
      // trail went back (the caller records a break), and the anchor keeps the evidence.
      advanceAnchor: c.prepare(`INSERT INTO trail_anchors (guild_id, seq, hash, shown_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (guild_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, shown_at = excluded.shown_at WHERE excluded.seq > trail_anchors.seq`),
      setAnchor: c.prepare('INSERT OR REPLACE INTO trail_anchors (guild_id, seq, hash, shown_at) VALUES (?, ?, ?, ?)'),
      anchor: c.prepare<[string], TrailAnchorRow>('SELECT guild_id AS guildId, seq, hash, shown_at AS shownAt FROM trail_anchors WHERE guild_id = ?'),
      firstBreak: c.prepare<[string], TrailBreakRow>(`SELECT ${BREAK_COLUMNS} FROM trail_breaks WHERE guild_id = ? ORDER BY found_at, id LIMIT 1`),
      // One row write per roll: its index, and where its entry will be (issue 12).
      takeIndex: c.prepare<[number, number], { next: number }>('UPDATE seed_epochs SET next_index = next_index + 1, last_roll_seq = ? WHERE id = ? RETURNING next_index AS next'),
    };
  }

  lastLink(guildId: string): { seq: number; hash: string } | null {
    return this.stmt.last.get(guildId) ?? null;
  }

  insertEntry(row: Omit<NewAuditEntryRow, 'id'>): number {
    const r = this.stmt.insert.run({ gameId: null, epochId: null, rollIndex: null, derivesFrom: null, ...row });
    return Number(r.lastInsertRowid);
  }

  /**
   * An epoch's last entry in the trail: its roll with the highest index, or its opening when it
   * has none. Read where the epoch's row says its last roll is (migration 0010); when the trail
   * holds anything else there, or the row counts rolls it has no seq for, the trail alone answers
   * (the same entry the epoch index used to give), so the checks on it stay as strict. (A forged
   * roll carrying an index past the counter was the old index's answer; the seed's own last roll
   * is now. Either passes the counter check: test/db/epoch-last-roll.test.ts.)
   */
  lastEpochEntry(epochId: number): { seq: number; hash: string; rollIndex: number | null } | null {
    const e = this.stmt.epochHead.get(epochId);
    if (e && e.lastRollSeq !== null) {
      const r = this.stmt.entryAt.get(e.guildId, e.lastRollSeq);
      if (r && r.kind === 'roll' && r.epochId === epochId && r.rollIndex === e.nextIndex - 1) return { seq: r.seq, hash: r.hash, rollIndex: r.rollIndex };
    } else if (e && e.nextIndex === 0) {
      return this.stmt.openingOf.get(epochId) ?? null;
    }
    return this.stmt.lastOfEpochInTrail.get(epochId) ?? null;
  }

  /** The full hash of entry #seq, or null. */
  hashAt(guildId: string, seq: number): string | null {
    return this.stmt.hashAt.get(guildId, seq)?.hash ?? null;
  }

  hasReveal(epochId: number): boolean {
    return this.stmt.hasReveal.get(epochId) !== undefined;
  }

  /** Record the chain head as shown; false when the stored anchor is at or past `seq` (the trail went back). */
  advanceAnchor(guildId: string, seq: number, hash: string, at: number): boolean {
    return this.stmt.advanceAnchor.run(guildId, seq, hash, at).changes > 0;
  }

  /** Move the anchor back to the head, once the break that explains it is recorded. */
  resetAnchor(guildId: string, seq: number, hash: string, at: number): void {
    this.stmt.setAnchor.run(guildId, seq, hash, at);
  }

  anchor(guildId: string): TrailAnchorRow | null {
    return this.stmt.anchor.get(guildId) ?? null;
  }

  /** The earliest recorded break of the guild's chain, or null. */
  firstBreak(guildId: string): TrailBreakRow | null {
    return this.stmt.firstBreak.get(guildId) ?? null;
  }

  breaks(guildId: string): TrailBreakRow[] {
    return this.db.select().from(trailBreaks).where(eq(trailBreaks.guildId, guildId)).orderBy(asc(trailBreaks.foundAt), asc(trailBreaks.id)).all();
  }

  /** Record a break unless the same (seq, code) is already recorded; the row when it is new. */
  recordBreak(b: Omit<TrailBreakRow, 'id'>): TrailBreakRow | null {
    const same = this.db.select({ id: trailBreaks.id }).from(trailBreaks)
      .where(and(eq(trailBreaks.guildId, b.guildId), eq(trailBreaks.firstBadSeq, b.firstBadSeq), eq(trailBreaks.code, b.code))).get();
    if (same) return null;
    return this.db.insert(trailBreaks).values(b).returning().get();
  }

  openEpoch(guildId: string, scope: string): SeedEpochRow | null {
    return this.stmt.openEpoch.get(guildId, scope) ?? null;
  }

  /** Claim the next roll index of an epoch for the roll that will be entry #seq of its guild. */
  takeIndex(epochId: number, seq: number): number {
    return this.stmt.takeIndex.get(seq, epochId)!.next - 1;
  }

  epoch(id: number): SeedEpochRow | null {
    return this.db.select().from(seedEpochs).where(eq(seedEpochs.id, id)).get() ?? null;
  }

  createEpoch(e: Omit<SeedEpochRow, 'id' | 'revealedAt' | 'nextIndex' | 'lastRollSeq'>): SeedEpochRow {
    return this.db.insert(seedEpochs).values(e).returning().get();
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
    return seeds(this.db.$client, guildId);
  }

  /** Seeds with their commitments, for recomputing rolls independently of the chain scan. */
  seedsWithCommitments(guildId: string): Map<number, { seed: string; commitment: string }> {
    return seedsWithCommitments(this.db.$client, guildId);
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
    const stmt = this.db.$client.prepare(`SELECT ${ENTRY_COLUMNS} FROM audit_entries WHERE guild_id = ? ${kind ? 'AND kind = ?' : ''} ORDER BY seq`);
    yield* stmt.iterate(...(kind ? [guildId, kind] : [guildId])) as IterableIterator<AuditEntryRow>;
  }

  /** The chain in order as verifyChain wants it (see trail-read.ts). */
  iterateVerifiable(guildId: string, opts: { kind?: string; fromSeq?: number; uptoSeq?: number } = {}): Generator<VerifiableEntry> {
    return iterateVerifiable(this.db.$client, guildId, opts);
  }
}

/** A stored row as the chain sees it. Unparseable detail JSON stays visible as such, so verify flags it. */
export function toChainEntry(row: AuditEntryRow): ChainEntry {
  const detail = parseDetail(row.detail);
  return {
    id: row.id, guildId: row.guildId, seq: row.seq, kind: row.kind as ChainEntry['kind'], createdAt: row.createdAt,
    actorId: row.actorId, actorName: row.actorName, gameId: row.gameId, epochId: row.epochId, rollIndex: row.rollIndex,
    visibility: row.visibility as ChainEntry['visibility'], derivesFrom: row.derivesFrom, detail,
    detailHash: row.detailHash, prevHash: row.prevHash, hash: row.hash,
  };
}
