import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TurnBatch } from './batch';
import { ALREADY_DURABLE, Durability, type DurabilityLike, type DurabilityOptions } from './durability';
import { checkDatabaseFile, checkIsEstafette } from './file-check';
import * as schema from './schema';

/**
 * `$durability`: await its durable() before acknowledging anything this connection committed (issue 12).
 * `$batch`: the interaction queue's turn transaction, and the marker that says whether a service
 * transaction is running (src/db/batch.ts).
 */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database; $durability: DurabilityLike; $batch: TurnBatch };

/** The committed drizzle-kit migrations (SQL + meta/_journal.json). */
export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * The SQLite synchronous level of every read-write connection in WAL mode (see openDb): commits
 * do not fsync; `Db.$durability` does, once for many commits (group commit).
 */
export const SYNCHRONOUS = 'NORMAL';

/**
 * Open (creating if needed) the database at `path` — or ':memory:' — with the pragmas set
 * explicitly and every migration applied. Nothing opens a database on import.
 */
export function openDb(path: string, durability: DurabilityOptions = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  if (path !== ':memory:') checkDatabaseFile(path);
  const sqlite = new Database(path);
  try {
    checkIsEstafette(sqlite, path, MIGRATIONS_DIR);
  } catch (e) {
    sqlite.close();
    throw e;
  }
  // WAL: readers never block the writer. Commits are made durable by group commit (issue 12):
  // with NORMAL a commit writes its WAL frames without fsync, and Durability fsyncs the -wal once
  // for all the commits made since the last fsync; every reply, receipt and post awaits it, so
  // nothing is acknowledged before it is on disk. A power cut can take back only commits nobody
  // was told about. Without WAL (a filesystem that refuses it) FULL syncs each commit itself.
  // Cost: `npx tsx bench/run.ts --sync` (README, "Durability").
  if (path !== ':memory:') sqlite.pragma('journal_mode = WAL');
  const wal = path !== ':memory:' && sqlite.pragma('journal_mode', { simple: true }) === 'wal';
  sqlite.pragma(`synchronous = ${wal ? SYNCHRONOUS : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const batch = countTransactions(sqlite);
  const d = wal ? new Durability(sqlite, `${resolve(path)}-wal`, { ...durability, batch }) : ALREADY_DURABLE;
  db.$durability = d;
  db.$batch = batch;
  // Whoever closes the connection (the bot, a CLI, a test) leaves its commits on disk.
  const close = sqlite.close.bind(sqlite);
  sqlite.close = () => { d.closing(); return close(); };
  return db;
}

/** A read-only connection for a worker that scans the trail while the bot keeps writing (WAL allows both). */
export function openDbReadOnly(path: string): Db {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return Object.assign(drizzle(sqlite, { schema }), { $durability: ALREADY_DURABLE, $batch: new TurnBatch(sqlite) }) as Db;
}

/**
 * The connection's turn batch, and every transaction function built on it counted in its
 * `depth` while it runs: once a turn is one transaction, `inTransaction` is true for the whole
 * turn and no longer tells whether a service's own transaction is running (issue 12).
 */
function countTransactions(sqlite: Database.Database): TurnBatch {
  const batch = new TurnBatch(sqlite);
  const transaction = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn: (...a: unknown[]) => unknown) => transaction(function counted(this: unknown, ...args: unknown[]) {
    batch.depth++;
    try {
      return fn.apply(this, args);
    } finally {
      batch.depth--;
    }
  })) as typeof sqlite.transaction;
  return batch;
}
