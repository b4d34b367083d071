import type Database from 'better-sqlite3';
import type { ChainEntry } from '../dice/entry';
import type { RollToCheck, VerifiableEntry } from '../dice/verify';

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
 * ENTRY_COLUMNS without guild_id, for iterateVerifiable: its rows are those whose guild_id
 * equals the guild asked for (`guild_id = ?`, binary collation: the same text), so the column
 * is not read again as one more string per row (issue 12).
 */
const VERIFY_COLUMNS = `id, seq, kind, created_at, actor_id, actor_name, game_id, epoch_id, roll_index, visibility, derives_from,
  detail, detail_hash, prev_hash, hash`;

/**
 * The chain in order as verifyChain wants it. Rows come as arrays (better-sqlite3 raw mode)
 * and become one object each: at 100k+ rows per second the row objects are a real cost.
 * `lazyDetail`: the detail is parsed only when read (the chain half of a split verify hashes the
 * text of most rolls and never reads their detail: verifyChain's `deferred`). Its rows are
 * StoredEntry objects, whose detail is a getter: not for spreading.
 */
export function* iterateVerifiable(client: TrailClient, guildId: string, opts: { kind?: string; fromSeq?: number; uptoSeq?: number; lazyDetail?: boolean } = {}): Generator<VerifiableEntry> {
  const stmt = client.prepare(`SELECT ${VERIFY_COLUMNS} FROM audit_entries WHERE guild_id = ? AND seq BETWEEN ? AND ? ${opts.kind ? 'AND kind = ?' : ''} ORDER BY seq`).raw(true);
  const args = [guildId, opts.fromSeq ?? 1, opts.uptoSeq ?? Number.MAX_SAFE_INTEGER, ...(opts.kind ? [opts.kind] : [])];
  for (const r of stmt.iterate(...args) as IterableIterator<unknown[]>) {
    if (opts.lazyDetail) { yield new StoredEntry(guildId, r); continue; }
    const text = r[11] as string;
    yield {
      id: r[0] as number, guildId, seq: r[1] as number, kind: r[2] as ChainEntry['kind'], createdAt: r[3] as number,
      actorId: r[4] as string, actorName: r[5] as string, gameId: r[6] as string | null, epochId: r[7] as number | null,
      rollIndex: r[8] as number | null, visibility: r[9] as ChainEntry['visibility'], derivesFrom: r[10] as string | null,
      detail: parseDetail(text), detailText: text, detailHash: r[12] as string, prevHash: r[13] as string, hash: r[14] as string,
    };
  }
}

const UNPARSED = Symbol('unparsed');

/** A row of VERIFY_COLUMNS whose detail JSON is parsed on first read. */
class StoredEntry implements VerifiableEntry {
  readonly id: number; readonly seq: number; readonly kind: ChainEntry['kind']; readonly createdAt: number;
  readonly actorId: string; readonly actorName: string; readonly gameId: string | null; readonly epochId: number | null;
  readonly rollIndex: number | null; readonly visibility: ChainEntry['visibility']; readonly derivesFrom: string | null;
  readonly detailText: string; readonly detailHash: string; readonly prevHash: string; readonly hash: string;
  private parsed: unknown = UNPARSED;
  constructor(readonly guildId: string, r: unknown[]) {
    this.id = r[0] as number; this.seq = r[1] as number; this.kind = r[2] as ChainEntry['kind']; this.createdAt = r[3] as number;
    this.actorId = r[4] as string; this.actorName = r[5] as string; this.gameId = r[6] as string | null; this.epochId = r[7] as number | null;
    this.rollIndex = r[8] as number | null; this.visibility = r[9] as ChainEntry['visibility']; this.derivesFrom = r[10] as string | null;
    this.detailText = r[11] as string; this.detailHash = r[12] as string; this.prevHash = r[13] as string; this.hash = r[14] as string;
  }
  get detail(): unknown {
    if (this.parsed === UNPARSED) this.parsed = parseDetail(this.detailText);
    return this.parsed;
  }
}

/**
 * The rolls the dice half of a split verify recomputes, with only the columns it reads (the chain
 * half checks the rest of every row): a third of the columns is a third of the strings made per
 * row, and at 100k rows a verify that was most of the dice half's reading and GC (issue 12).
 */
export function* iterateRollsToCheck(client: TrailClient, guildId: string, opts: { fromSeq: number; uptoSeq: number; withHash?: boolean }): Generator<RollToCheck> {
  // Prepared once per connection: the split verify reads its rolls a chunk at a time (verify-split.ts).
  const cache = opts.withHash ? rollsWithHash : rollsToCheck;
  let stmt = cache.get(client);
  if (!stmt) cache.set(client, stmt = client.prepare(`SELECT id, seq, epoch_id, roll_index, visibility, detail${opts.withHash ? ', detail_hash' : ''} FROM audit_entries WHERE guild_id = ? AND seq BETWEEN ? AND ? AND kind = 'roll' ORDER BY seq`).raw(true));
  for (const r of stmt.iterate(guildId, opts.fromSeq, opts.uptoSeq) as IterableIterator<unknown[]>) {
    const text = r[5] as string;
    // With its text and hash, the roll's detail hash is checked by the dice half (RollOwner).
    yield { id: r[0] as number, seq: r[1] as number, kind: 'roll', epochId: r[2] as number | null, rollIndex: r[3] as number | null, visibility: r[4] as ChainEntry['visibility'], detail: parseDetail(text), detailText: opts.withHash ? text : undefined, detailHash: r[6] as string | undefined };
  }
}

const rollsToCheck = new WeakMap<TrailClient, Database.Statement>();
const rollsWithHash = new WeakMap<TrailClient, Database.Statement>();

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
