import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseFileError } from '../../src/db/file-check';
import { openDb } from '../../src/db/open';

const dir = () => mkdtempSync(join(tmpdir(), 'estafette-file-'));

/** The console bot, as an operator starts it (no token), fed one command. */
function startConsole(dbPath: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, DISCORD_TOKEN: '', DATABASE_PATH: dbPath, LOG_LEVEL: 'silent', CONSOLE_OUTPUT_DIR: join(dbPath, '..', 'out') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '', stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end('/roll 1d6\n');
  });
}

function code(f: () => unknown): string | undefined {
  try { f(); } catch (e) { return e instanceof DatabaseFileError ? e.code : `other: ${(e as Error).message}`; }
  return undefined;
}

describe('the database file is checked before it is trusted', () => {
  it('refuses an empty (0-byte) file and leaves it untouched, through the real process', async () => {
    const path = join(dir(), 'estafette.db');
    writeFileSync(path, '');
    const r = await startConsole(path);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the database file ${path} is empty`);
    expect(r.stderr).toContain('If this is a new install, delete it or point DATABASE_PATH elsewhere');
    expect(r.stderr).toContain('restore it from a backup');
    expect(r.stdout).not.toContain('rolled');
    expect(statSync(path).size).toBe(0);
  });

  it('refuses an SQLite database that is not Estafette\'s, through the real process', async () => {
    const path = join(dir(), 'other.db');
    const other = new Database(path);
    other.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)');
    other.close();
    const r = await startConsole(path);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path} is an SQLite database but not an Estafette database`);
    expect(r.stderr).toContain('invoices');
    // Nothing of ours was written into someone else's database.
    const check = new Database(path, { readonly: true });
    expect(check.prepare("SELECT count(*) n FROM sqlite_master WHERE name = 'audit_entries'").get()).toEqual({ n: 0 });
    check.close();
  });

  it('refuses a non-SQLite file', () => {
    const path = join(dir(), 'notes.db');
    writeFileSync(path, 'orders for the Guard: hold the farm\n'.repeat(200));
    expect(code(() => openDb(path))).toBe('db/not-sqlite');
  });

  it('refuses another drizzle project\'s database and one migrated by a newer Estafette', () => {
    const foreign = join(dir(), 'foreign.db');
    const f = new Database(foreign);
    f.exec('CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric); INSERT INTO __drizzle_migrations (hash, created_at) VALUES (\'abc\', 1600000000000); CREATE TABLE users (id INTEGER)');
    f.close();
    expect(code(() => openDb(foreign))).toBe('db/not-estafette');

    const newer = join(dir(), 'newer.db');
    openDb(newer).$client.close();
    const n = new Database(newer);
    n.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', 4_000_000_000_000);
    n.close();
    expect(code(() => openDb(newer))).toBe('db/newer-schema');
  });

  it('creates a path that does not exist (a new install) and re-opens its own database', () => {
    const path = join(dir(), 'sub', 'new.db');
    expect(existsSync(path)).toBe(false);
    openDb(path).$client.close();
    expect(statSync(path).size).toBeGreaterThan(0);
    expect(code(() => openDb(path).$client.close())).toBeUndefined();
  });
});
