import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { MIGRATIONS_DIR, openDb } from '../../src/db/open';
import type { CommandContext } from '../../src/interaction/command';
import { execute, prepare } from '../../src/interaction/dispatch';
import { createServices, type Services } from '../../src/services/services';
import { silentLog, testClock } from '../helpers/services';

type Row = Record<string, unknown>;
const fixture = JSON.parse(readFileSync(join(__dirname, '../fixtures/trail-0009.json'), 'utf8')) as {
  tables: { seed_epochs: Row[]; audit_entries: Row[]; trail_anchors: Row[]; trail_breaks: Row[] };
  verified: Record<string, string>;
};
// The guilds and the verify time of test/fixtures/make-trail-0009.ts, which made the fixture.
const [A, B, C] = ['111111111111111111', '222222222222222222', '333333333333333333'] as const;
const FIXTURE_NOW = Date.UTC(1815, 5, 18, 20, 0);
const dir = mkdtempSync(join(tmpdir(), 'estafette-0010-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database file at migration 0009 holding the fixture's rows, as a bot before 0010 left it. */
function databaseAt0009(): string {
  const folder = join(dir, 'migrations-0009');
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  for (const e of journal.entries.filter((e) => e.idx > 9)) rmSync(join(folder, `${e.tag}.sql`));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 9) }));
  const path = join(dir, 'bot.db');
  const raw = new Database(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  migrate(drizzle(raw), { migrationsFolder: folder });
  for (const [table, rows] of Object.entries(fixture.tables)) {
    for (const r of rows) raw.prepare(`INSERT INTO ${table} (${Object.keys(r).join(', ')}) VALUES (${Object.keys(r).map((k) => `@${k}`).join(', ')})`).run(r);
  }
  expect(raw.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'audit_entries'").get()).toEqual({ seq: fixture.tables.audit_entries.length });
  raw.close();
  return path;
}

const verify = async (s: Services, guildId: string) => (await execute(prepare(commandMap(), { name: 'rolls', subcommand: 'verify', options: {} }),
  { guildId, channelId: '444444444444444444', user: { id: '300000000000000001', name: 'Ney' }, isAdmin: false, services: s, now: () => new Date(FIXTURE_NOW), log: silentLog, users: {} } as CommandContext)).content;

/** The seq of each epoch's roll with the highest index in the fixture: what the old epoch index gave. */
function lastRollSeqs(): Map<number, number> {
  const last = new Map<number, { seq: number; index: number }>();
  for (const e of fixture.tables.audit_entries) {
    if (e.kind !== 'roll') continue;
    const prev = last.get(e.epoch_id as number);
    if (!prev || (e.roll_index as number) > prev.index) last.set(e.epoch_id as number, { seq: e.seq as number, index: e.roll_index as number });
  }
  return new Map([...last].map(([id, l]) => [id, l.seq]));
}

describe('migration 0010 (issue 12): a trail written at 0009 upgrades whole', () => {
  const path = databaseAt0009();
  const db = openDb(path);
  const clock = testClock(FIXTURE_NOW);
  const s = createServices(db, { dbPath: path, clock, seedEpochHours: 0 });
  const sql = db.$client;
  afterAll(async () => { await s.rolls.close(); sql.close(); });

  it('keeps every row and id, fills each epoch\'s last roll, and leaves no AUTOINCREMENT behind', () => {
    expect(sql.prepare('SELECT * FROM audit_entries ORDER BY id').all()).toEqual(fixture.tables.audit_entries);
    expect(sql.prepare('SELECT * FROM trail_anchors ORDER BY rowid').all()).toEqual(fixture.tables.trail_anchors);
    expect(sql.prepare('SELECT * FROM trail_breaks ORDER BY id').all()).toEqual(fixture.tables.trail_breaks);
    const seqs = lastRollSeqs();
    expect(sql.prepare('SELECT * FROM seed_epochs ORDER BY id').all()).toEqual(fixture.tables.seed_epochs.map((e) => ({ ...e, last_roll_seq: seqs.get(e.id as number) ?? null })));
    expect(sql.prepare("SELECT name FROM sqlite_sequence WHERE name = 'audit_entries'").get()).toBeUndefined();
    expect((sql.prepare("SELECT sql FROM sqlite_master WHERE name = 'audit_entries'").get() as { sql: string }).sql).not.toMatch(/AUTOINCREMENT/i);
    const indexes = (sql.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_entries' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    expect(indexes).toEqual(['audit_entries_epoch_marks', 'audit_entries_guild_actor', 'audit_entries_guild_seq']);
    expect(sql.pragma('foreign_key_check')).toEqual([]);
    expect(sql.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('still refuses to edit or delete an entry (the triggers came back with the table)', () => {
    expect(() => sql.prepare("UPDATE audit_entries SET actor_name = 'Mallory' WHERE id = 1").run()).toThrow(/append-only/);
    expect(() => sql.prepare('DELETE FROM audit_entries WHERE id = 1').run()).toThrow(/append-only/);
    expect(() => sql.prepare(`DELETE FROM audit_entries WHERE id = ${fixture.tables.audit_entries.length}`).run()).toThrow(/append-only/);
  });

  it('/rolls verify says of each guild what it said before the upgrade: intact, and the recorded break still marked', async () => {
    for (const g of [A, B, C]) expect(await verify(s, g)).toBe(fixture.verified[g]);
    expect(fixture.verified[A]).toMatch(/✅ \*\*Audit trail intact\*\* — 21 entries/);
    expect(fixture.verified[B]).toMatch(/chain broken at #3 since/);
  });

  it('continues each chain: the open seed\'s next index, a new seed after a revealed one, new ids past every old one', async () => {
    const old = (g: string) => fixture.tables.audit_entries.filter((e) => e.guild_id === g).at(-1)!;
    const maxId = fixture.tables.audit_entries.length;
    const a = s.rolls.roll({ guildId: A, actor: { id: '300000000000000002', name: 'Soult' }, expression: '2d6', private: false });
    // Seed #2 of guild A is open with five rolls; its last one (index 4) came after the game seed's entries.
    expect(a).toMatchObject({ seq: 22, epoch: { id: 2 }, rollIndex: 5 });
    expect(a.id).toBe(maxId + 1);
    expect(sql.prepare('SELECT prev_hash AS prev FROM audit_entries WHERE id = ?').get(a.id)).toEqual({ prev: old(A).hash });
    expect(s.trail.repo.lastEpochEntry(2)).toEqual({ seq: 22, hash: a.hash, rollIndex: 5 });
    // Guild C's only seed is revealed: the roll opens seed #6 (entry #6) and is entry #7.
    const c = s.rolls.roll({ guildId: C, actor: { id: '300000000000000001', name: 'Ney' }, expression: '1d6', private: true });
    expect(c).toMatchObject({ seq: 7, epoch: { id: 6 }, rollIndex: 0 });
    expect(c.id).toBe(maxId + 3);
    s.rolls.roll({ guildId: B, actor: { id: '300000000000000001', name: 'Ney' }, expression: '1d6', private: false });
    s.rolls.revealServerSeed(A, { id: '300000000000000001', name: 'Ney' });
    await db.$durability.durable();
    expect(await verify(s, A)).toMatch(/✅ \*\*Audit trail intact\*\* — 23 entries, every hash link checked\.\n• 16 roll\(s\): 16 recomputed die by die/);
    expect(await verify(s, C)).toMatch(/✅ \*\*Audit trail intact\*\* — 7 entries/);
    expect(await verify(s, B)).toMatch(/⚠️ \*\*Audit trail consistent now, but it was found broken before\*\* — 9 entries[\s\S]*chain broken at #3 since/);
    // The reveal of seed #2 committed to its last roll, found through the seed's row.
    const reveal = sql.prepare("SELECT detail FROM audit_entries WHERE guild_id = ? AND kind = 'epoch-reveal' ORDER BY seq DESC LIMIT 1").get(A) as { detail: string };
    expect(JSON.parse(reveal.detail)).toMatchObject({ rolls: 6, lastSeq: 22, lastHash: a.hash });
  });
});
