import type Database from 'better-sqlite3';
import type { ChainEntry } from '../dice/entry';
import type { VerifiableEntry } from '../dice/verify';

/**
 * What verify reads from the trail, on a bare better-sqlite3 connection: no drizzle, so a verify
 * worker thread starts without loading the query builder (issue 12: worker start-up was most of
 * the first verify's time). AuditRepo serves the same reads through these functions.
 */
export type TrailClient = Pick<Database.Database, 'prepare'>;

export const ENTRY_COLUMNS = `id, guild_id AS guildId, seq, kind, created_at AS createdAt, actor_id AS actorId, actor_name AS actorName,
  game_id AS gameId, epoch_id AS epochId, roll_index AS rollIndex, visibility, derives_from AS derivesFrom,
  detail, detail_hash AS detailHash, prev_hash AS prevHash, hash`;

/**
 * The chain in order as verifyChain wants it. Rows come as arrays (better-sqlite3 raw mode)
 * and become one object each: at 100k+ rows per second the row objects are a real cost.
 */
export function* iterateVerifiable(client: TrailClient, guildId: string, opts: { kind?: string; fromSeq?: number; uptoSeq?: number } = {}): Generator<VerifiableEntry> {
  const stmt = client.prepare(`SELECT ${ENTRY_COLUMNS} FROM audit_entries WHERE guild_id = ? AND seq BETWEEN ? AND ? ${opts.kind ? 'AND kind = ?' : ''} ORDER BY seq`).raw(true);
  const args = [guildId, opts.fromSeq ?? 1, opts.uptoSeq ?? Number.MAX_SAFE_INTEGER, ...(opts.kind ? [opts.kind] : [])];
  for (const r of stmt.iterate(...args) as IterableIterator<unknown[]>) {
    const text = r[12] as string;
    yield {
      id: r[0] as number, guildId: r[1] as string, seq: r[2] as number, kind: r[3] as ChainEntry['kind'], createdAt: r[4] as number,
      actorId: r[5] as string, actorName: r[6] as string, gameId: r[7] as string | null, epochId: r[8] as number | null,
      rollIndex: r[9] as number | null, visibility: r[10] as ChainEntry['visibility'], derivesFrom: r[11] as string | null,
      detail: parseDetail(text), detailText: text, detailHash: r[13] as string, prevHash: r[14] as string, hash: r[15] as string,
    };
  }
}

/** Secret seeds of every epoch of the guild, for the bot's own full check. */
export function seeds(client: TrailClient, guildId: string): Map<number, string> {
  const rows = client.prepare('SELECT id, seed FROM seed_epochs WHERE guild_id = ?').all(guildId) as { id: number; seed: string }[];
  return new Map(rows.map((r) => [r.id, r.seed]));
}

/** Seeds with their commitments, for recomputing rolls independently of the chain scan. */
export function seedsWithCommitments(client: TrailClient, guildId: string): Map<number, { seed: string; commitment: string }> {
  const rows = client.prepare('SELECT id, seed, commitment FROM seed_epochs WHERE guild_id = ?').all(guildId) as { id: number; seed: string; commitment: string }[];
  return new Map(rows.map((r) => [r.id, { seed: r.seed, commitment: r.commitment }]));
}

/** Unparseable detail JSON stays visible as such, so verify flags it. */
export function parseDetail(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { unreadable: text };
  }
}
