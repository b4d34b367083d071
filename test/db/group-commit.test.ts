import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Checkpointer } from '../../src/db/checkpointer';
import { DurabilityError, type SyncFile } from '../../src/db/durability';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';
import { gatedSync, settle } from '../helpers/gated-sync';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'estafette-gc-')), 'g.db');

/** A database with a scratch table; `write()` commits one row on its own. */
function scratch(sync?: SyncFile, onFailed?: (e: DurabilityError) => void) {
  const path = fresh();
  const db = openDb(path, { ...(sync ? { sync } : {}), ...(onFailed ? { onFailed } : {}) });
  db.$client.exec('CREATE TABLE t (x TEXT)');
  const insert = db.$client.prepare('INSERT INTO t VALUES (?)');
  return { path, db, d: db.$durability, write: (x = 'x') => insert.run(x) };
}

/** Watch a promise without awaiting it. */
function watch(p: Promise<void>) {
  const s = { done: false, error: null as unknown };
  p.then(() => { s.done = true; }, (e: unknown) => { s.error = e; });
  return s;
}

describe('group commit (issue 12)', () => {
  it('commits with synchronous=NORMAL in WAL mode; an in-memory database has nothing to wait for', async () => {
    const { db } = scratch();
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(1); // 1 = NORMAL, 2 = FULL
    db.$client.close();
    const mem = openDb(':memory:');
    await expect(mem.$durability.durable()).resolves.toBeUndefined();
  });

  it('resolves only after an fsync that started after the commit has finished', async () => {
    const g = gatedSync();
    const { db, d, write } = scratch(g.sync);
    write('a');
    const a = watch(d.durable());
    await g.until(1); // fsync #1 is under way and covers a
    write('b'); // committed after fsync #1 started
    const b = watch(d.durable());
    await settle();
    expect([a.done, b.done]).toEqual([false, false]);
    g.release();
    await settle();
    expect(a.done).toBe(true);
    expect(b.done).toBe(false); // fsync #1 does not cover b
    await g.until(1); // fsync #2 started as soon as #1 ended
    g.release();
    await settle();
    expect(b.done).toBe(true);
    expect(g.started).toBe(2);
    db.$client.close();
  });

  it('one fsync serves every commit made while the previous one ran, and a read-only reply waits for none', async () => {
    const g = gatedSync();
    const { db, d, write } = scratch(g.sync);
    write();
    const first = watch(d.durable());
    await g.until(1);
    const waits = Array.from({ length: 50 }, (_, i) => { write(`r${i}`); return watch(d.durable()); });
    g.release();
    await g.until(1);
    g.release();
    await settle();
    expect(first.done).toBe(true);
    expect(waits.every((w) => w.done)).toBe(true);
    expect(g.started).toBe(2); // 51 commits, 2 fsyncs
    // Nothing written since: nothing to wait for.
    db.$client.prepare('SELECT count(*) FROM t').get();
    await d.durable();
    expect(g.started).toBe(2);
    db.$client.close();
  });

  it('a failed fsync rejects every waiter and every later durable(), is reported once, and is never followed by a silent success', async () => {
    const g = gatedSync();
    const failures: DurabilityError[] = [];
    const { db, d, write } = scratch(g.sync, (e) => failures.push(e));
    write('a');
    const a = watch(d.durable());
    await g.until(1);
    write('b');
    const b = watch(d.durable());
    g.fail();
    await settle();
    expect(a.error).toBeInstanceOf(DurabilityError);
    expect((a.error as Error).message).toMatch(/could not fsync .*g\.db-wal: EIO/);
    expect(b.error).toBe(a.error); // b's commit came after a lost one: it cannot be vouched for either
    write('c');
    await expect(d.durable()).rejects.toBe(a.error);
    await expect(d.durable(0)).rejects.toBe(a.error);
    expect(failures).toHaveLength(1);
    expect(d.failed).toBe(a.error);
    expect(g.started).toBe(1);
    db.$client.close();
  });

  it('keeps syncing the same -wal across checkpoints, WAL restarts and truncation (the real fdatasync)', async () => {
    const { path, db, d, write } = scratch();
    const c = new Checkpointer(db.$client, path, { everyMs: 60_000 }).start();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 200; i++) write(`${round}-${i}`);
      await d.durable();
      await c.now(); // copied into the database: the next write restarts the WAL from its start
    }
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    write('after truncate');
    await d.durable();
    await c.stop();
    db.$client.close();
    const again = openDb(path);
    expect(again.$client.prepare('SELECT count(*) FROM t').pluck().get()).toBe(601);
    again.$client.close();
  });

  it('closing the connection syncs what it committed, and durable() after close resolves', async () => {
    const g = gatedSync();
    const { db, d, write, path } = scratch(g.sync);
    write('last');
    db.$client.close();
    expect(g.started).toBe(0); // synced inline by close, not through the async path
    await expect(d.durable()).resolves.toBeUndefined();
    const again = openDb(path);
    expect(again.$client.prepare('SELECT x FROM t').pluck().all()).toEqual(['last']);
    again.$client.close();
  });

  it('lets go of the -wal file once an fsync under way at close has finished', async () => {
    const g = gatedSync();
    const { db, d, write, path } = scratch(g.sync);
    const walOpen = () => readdirSync('/proc/self/fd').some((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${path}-wal`); } catch { return false; } });
    write('a');
    const a = watch(d.durable());
    await g.until(1);
    write('b');
    const b = watch(d.durable()); // waits for the next fsync
    db.$client.close(); // syncs b inline
    g.release();
    await settle();
    expect([a.done, b.done]).toEqual([true, true]);
    expect(g.started).toBe(1);
    expect(walOpen()).toBe(false);
  });

  it('waits for the connection to leave an open transaction before taking the mark of an fsync', async () => {
    const g = gatedSync();
    const { db, d, write } = scratch(g.sync);
    db.$client.exec('BEGIN');
    write('in tx');
    const w = watch(d.durable());
    await settle();
    expect(g.started).toBe(0); // its rows are not committed yet: an fsync now would not cover them
    db.$client.exec('COMMIT');
    await g.until(1);
    g.release();
    await settle();
    expect(w.done).toBe(true);
    db.$client.close();
  });

  it('writes a shown-roll mark only once the roll is on disk', async () => {
    const g = gatedSync();
    const { db, path } = scratch(g.sync);
    const s = createServices(db, { dbPath: path, seedEpochHours: 0 });
    const r = s.rolls.roll({ guildId: '111111111111111111', actor: { id: '1', name: 'Ney' }, expression: '1d6', private: false });
    const marks = () => { try { return readFileSync(`${path}.shown`, 'utf8'); } catch { return ''; } };
    await g.until(1);
    expect(marks()).toBe('');
    g.release();
    await settle();
    expect(marks()).toBe(`111111111111111111 ${r.seq} ${r.hash}\n`);
    await s.rolls.close();
    db.$client.close();
  });
});
