import Database from 'better-sqlite3';
import { loadConfig } from './config';
import { backupDatabase } from './db/backup';
import { checkDatabaseFile, checkIsEstafette } from './db/file-check';
import { MIGRATIONS_DIR } from './db/open';

/**
 * `npx estafette backup <file>` — an online copy of the bot's database (DATABASE_PATH), safe
 * while the bot runs: SQLite's backup API on a read-only connection, then an integrity check
 * of the copy. Restore: see the README ("Backups").
 */
export async function backupCommand(args: readonly string[], out: (s: string) => void, errOut: (s: string) => void): Promise<number> {
  const dest = args[0];
  if (!dest || dest.startsWith('-')) { errOut('backup needs a destination file: estafette backup <file.db>'); return 2; }
  const path = loadConfig().databasePath;
  if (path === ':memory:') { errOut('DATABASE_PATH is :memory: — there is no database file to back up.'); return 2; }
  let source: Database.Database;
  try {
    checkDatabaseFile(path);
    source = new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    errOut(`Cannot open the database ${path}: ${(e as Error).message}`);
    return 1;
  }
  try {
    checkIsEstafette(source, path, MIGRATIONS_DIR);
    const r = await backupDatabase(source, dest);
    const copy = new Database(r.path, { readonly: true });
    const check = copy.pragma('quick_check', { simple: true });
    copy.close();
    if (check !== 'ok') { errOut(`The copy ${r.path} failed SQLite's integrity check: ${String(check)}`); return 1; }
    out(`Backed up ${path} to ${r.path}: ${r.pages} pages, ${(r.bytes / 1024).toFixed(0)} KiB in ${r.ms} ms; integrity check ok.`);
    return 0;
  } catch (e) {
    errOut(`Backup failed: ${(e as Error).message}`);
    return 1;
  } finally {
    source.close();
  }
}
