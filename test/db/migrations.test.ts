import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDb } from '../../src/db/open';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };

describe('migrations', () => {
  it('lists every SQL file in the journal, and only existing ones', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files);
  });

  it('numbers migrations in journal order with descriptive names', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag).toMatch(new RegExp(`^${String(i).padStart(4, '0')}_[a-z][a-z0-9-]+$`));
    });
  });

  it('builds the schema in memory with foreign keys on', () => {
    const db = openDb(':memory:');
    const tables = db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['audit_entries', 'seed_epochs']));
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    const triggers = db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { name: string }[];
    expect(triggers.map((t) => t.name)).toEqual(['audit_entries_no_delete', 'audit_entries_no_update', 'campaign_log_no_delete', 'campaign_log_no_update', 'seats_delete_rev', 'seats_insert_rev', 'seats_update_rev', 'seed_epochs_no_delete', 'seed_epochs_seed_immutable', 'trail_breaks_no_delete', 'windows_delete_rev', 'windows_insert_rev', 'windows_update_rev']);
  });

  it('opens a file database in WAL mode and re-opens it without re-applying migrations', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-')), 'sub', 'x.db');
    const a = openDb(path);
    expect(a.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    a.$client.close();
    const b = openDb(path);
    expect((b.$client.prepare('SELECT count(*) n FROM __drizzle_migrations').get() as { n: number }).n).toBe(journal.entries.length);
    b.$client.close();
  });
});
