import type Database from 'better-sqlite3';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The database file is checked before the bot trusts it. A file that exists but is empty, is
 * not SQLite, or is someone else's SQLite database would otherwise be taken for a new
 * install: the bot would start with no games, as if every game had vanished. A path that
 * does not exist is a new install and is created as before.
 */
export class DatabaseFileError extends Error {
  override readonly name = 'DatabaseFileError';
  constructor(readonly code: 'db/empty-file' | 'db/not-sqlite' | 'db/not-estafette' | 'db/newer-schema', message: string) {
    super(message);
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Before opening: an existing file must be a non-empty SQLite file. */
export function checkDatabaseFile(path: string): void {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return; // absent: a new install
  }
  if (size === 0) {
    throw new DatabaseFileError('db/empty-file',
      `the database file ${path} is empty (0 bytes). If this is a new install, delete it or point DATABASE_PATH elsewhere; if it is not, stop here and restore it from a backup (see the README, "Backups") — starting on it would show every game as gone.`);
  }
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER)) {
    throw new DatabaseFileError('db/not-sqlite',
      `${path} is not an SQLite database (it does not start with the SQLite header). Check DATABASE_PATH; if the file is damaged, restore it from a backup or move it away to start a new one.`);
  }
}

interface Journal { readonly entries: readonly { readonly when: number; readonly tag: string }[] }

/**
 * After opening, before migrating: a database with tables must be ours — it carries drizzle's
 * migrations table and its first migration is our first migration — and must not come from a
 * newer Estafette (migrations this build does not know).
 */
export function checkIsEstafette(sqlite: Database.Database, path: string, migrationsDir: string): void {
  const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((t) => t.name);
  if (tables.length === 0) return; // a new (or never migrated) database
  const notOurs = (why: string) => new DatabaseFileError('db/not-estafette',
    `${path} is an SQLite database but not an Estafette database (${why}). Check DATABASE_PATH: point it at the bot's database, or at a path that does not exist yet for a new install.`);
  if (!tables.includes('__drizzle_migrations')) throw notOurs(`it has tables (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}) but no migrations table`);
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as Journal;
  const applied = (sqlite.prepare('SELECT created_at AS at FROM __drizzle_migrations ORDER BY created_at').all() as { at: number }[]).map((r) => Number(r.at));
  if (applied.length === 0) return;
  const first = journal.entries[0];
  if (first && applied[0] !== first.when) throw notOurs(`its first migration is not ${first.tag}`);
  const known = new Set(journal.entries.map((e) => e.when));
  const unknown = applied.filter((a) => !known.has(a) && a > Math.max(...known));
  if (unknown.length) {
    throw new DatabaseFileError('db/newer-schema',
      `${path} was migrated by a newer Estafette (${unknown.length} migration(s) this version does not know). Run the newer version, or restore a backup taken before the upgrade.`);
  }
}
