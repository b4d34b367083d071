import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDatabaseFile, checkIsEstafette } from './file-check';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The committed drizzle-kit migrations (SQL + meta/_journal.json). */
export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** The SQLite synchronous level of every read-write connection (see openDb). */
export const SYNCHRONOUS = 'FULL';

/**
 * Open (creating if needed) the database at `path` — or ':memory:' — with the pragmas set
 * explicitly and every migration applied. Nothing opens a database on import.
 */
export function openDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  if (path !== ':memory:') checkDatabaseFile(path);
  const sqlite = new Database(path);
  try {
    checkIsEstafette(sqlite, path, MIGRATIONS_DIR);
  } catch (e) {
    sqlite.close();
    throw e;
  }
  // WAL: readers never block the writer. FULL: every commit fsyncs the WAL before returning, so
  // a roll is on disk before its reply is shown; NORMAL survives a process crash but a power cut
  // can roll back the last commits, and the next roll would reuse a shown seq, seed and index
  // (issue 16). Cost: `npx tsx bench/run.ts --sync` (README, "Durability").
  if (path !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${SYNCHRONOUS}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

/** A read-only connection for a worker that scans the trail while the bot keeps writing (WAL allows both). */
export function openDbReadOnly(path: string): Db {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return drizzle(sqlite, { schema }) as Db;
}
