/**
 * One write transaction per turn of the interaction queue (issue 12, src/db/batch.ts): the
 * commands of a turn commit together, each command's own transaction a savepoint; a commit that
 * fails loses the whole turn and says so, never half of it.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { TurnBatch, TurnCommitError } from '../../src/db/batch';
import { openDb, type Db } from '../../src/db/open';
import { gatedSync } from '../helpers/gated-sync';

function withTable(db: Db = openDb(':memory:')) {
  db.$client.exec('CREATE TABLE t (x TEXT NOT NULL)');
  const insert = db.$client.prepare('INSERT INTO t VALUES (?)');
  // A "command": its own transaction, as every service's is.
  const command = db.$client.transaction((x: string) => {
    insert.run(x);
    if (x.startsWith('boom')) throw new Error(x);
  });
  const rows = () => db.$client.prepare('SELECT x FROM t ORDER BY rowid').pluck().all();
  return { db, command, rows };
}

const full = () => new Database.SqliteError('database or disk is full', 'SQLITE_FULL');

describe('TurnBatch (one transaction per turn)', () => {
  it('runs a turn in one write transaction: commands inside are savepoints, counted by depth; hooks run after the commit', () => {
    const { db, command, rows } = withTable();
    const b = db.$batch;
    const seen: string[] = [];
    b.afterCommit(() => seen.push('outside: at once'));
    b.run(() => {
      expect(db.$client.inTransaction).toBe(true);
      expect(b.open).toBe(true);
      expect(b.depth).toBe(0);
      expect(b.outermost).toBe(true);
      db.$client.transaction(() => { expect(b.depth).toBe(1); expect(b.outermost).toBe(false); command('a'); expect(b.depth).toBe(1); })();
      command('b');
      b.afterCommit(() => seen.push(`committed ${rows().length}`));
      b.afterTurn(() => seen.push('turn ended'));
      expect(seen).toEqual(['outside: at once']);
    });
    expect(seen).toEqual(['outside: at once', 'committed 2', 'turn ended']);
    expect(db.$client.inTransaction).toBe(false);
    expect(b.open).toBe(false);
    expect(b.outcome).toBeNull();
    expect(rows()).toEqual(['a', 'b']);
  });

  it('a command that throws inside the batch undoes only its own work; the others of the turn commit', async () => {
    const { db, command, rows } = withTable();
    let outcome: Promise<void> | null = null;
    db.$batch.run(() => {
      outcome = db.$batch.outcome;
      command('a');
      expect(() => command('boom 1')).toThrow('boom 1');
      command('b');
    });
    await expect(outcome).resolves.toBeUndefined();
    expect(rows()).toEqual(['a', 'b']);
  });

  it('a body that throws still commits what ran before it, and the error goes on', () => {
    const { db, command, rows } = withTable();
    expect(() => db.$batch.run(() => { command('a'); throw new Error('route'); })).toThrow('route');
    expect(db.$client.inTransaction).toBe(false);
    expect(rows()).toEqual(['a']);
  });

  it('a failed COMMIT (SQLITE_FULL) rolls the whole turn back, rejects its outcome, tells the rollback listeners and runs no commit hook', async () => {
    const { db, command, rows } = withTable();
    const commit = db.$client.prepare('COMMIT');
    let failNext = true;
    const b = new TurnBatch(db.$client, { commit: () => { if (failNext) throw full(); commit.run(); } });
    const told: string[] = [];
    b.onRollback(() => told.push('rolled back'));
    let outcome: Promise<void> | null = null;
    b.run(() => {
      outcome = b.outcome;
      command('a'); command('b');
      b.afterCommit(() => told.push('commit hook'));
      b.afterTurn(() => told.push('turn ended'));
    });
    const e = await (outcome as unknown as Promise<void>).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TurnCommitError);
    expect((e as TurnCommitError).cause).toMatchObject({ code: 'SQLITE_FULL' });
    expect(told).toEqual(['rolled back', 'turn ended']);
    expect(db.$client.inTransaction).toBe(false); // rolled back, not left open for the next statement to commit
    expect(rows()).toEqual([]);
    // The connection goes on: the next turn commits.
    failNext = false;
    b.run(() => command('c'));
    expect(rows()).toEqual(['c']);
  });

  it('a COMMIT that SQLite itself refuses (a deferred foreign key) is a failed turn too, rolled back', async () => {
    const { db, command, rows } = withTable();
    let outcome: Promise<void> | null = null;
    db.$batch.run(() => {
      outcome = db.$batch.outcome;
      command('a');
      db.$client.pragma('defer_foreign_keys = ON');
      // A seat of a game that does not exist: only checked at COMMIT.
      db.$client.prepare("INSERT INTO seats (game_id, seat_id, user_id) VALUES (999999, 'x', 'u')").run();
    });
    await expect(outcome).rejects.toBeInstanceOf(TurnCommitError);
    expect(db.$client.inTransaction).toBe(false);
    expect(rows()).toEqual([]);
  });

  it('a batch SQLite rolled back on its own (an error inside a statement) is a failed turn', async () => {
    const { db, command, rows } = withTable();
    let outcome: Promise<void> | null = null;
    db.$batch.run(() => {
      outcome = db.$batch.outcome;
      command('a');
      db.$client.exec('ROLLBACK'); // what SQLITE_FULL or IOERR inside a statement may do
    });
    await expect(outcome).rejects.toThrow(/rolled the transaction back/);
    expect(rows()).toEqual([]);
  });

  it('runs the body without a batch inside another transaction, and when the write lock cannot be had', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-batch-')), 'b.db');
    const { db, command, rows } = withTable(openDb(path));
    expect(db.$batch.outermost).toBe(true);
    db.$client.transaction(() => db.$batch.run(() => { expect(db.$batch.open).toBe(false); command('in a transaction'); }))();
    db.$client.exec('BEGIN');
    expect(db.$batch.outermost).toBe(false); // a transaction opened by hand holds the caller too
    db.$client.exec('ROLLBACK');
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    db.$client.pragma('busy_timeout = 0');
    let opened: boolean | null = null;
    db.$batch.run(() => { opened = db.$batch.open; expect(() => command('locked')).toThrow(/locked|busy/i); });
    expect(opened).toBe(false);
    other.exec('ROLLBACK');
    other.close();
    expect(rows()).toEqual(['in a transaction']);
    db.$client.close();
  });

  it('an fsync asked for inside a turn starts as the turn ends (no 1 ms polling while it is open), and covers its commit', async () => {
    const g = gatedSync();
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-batch-')), 'b.db');
    const { db, command } = withTable(openDb(path, { sync: g.sync }));
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let durable: Promise<void> | null = null;
    db.$batch.run(() => {
      command('a');
      durable = db.$durability.durable();
      expect(g.started).toBe(0);
    });
    expect(g.started).toBe(1); // started by the turn's end, before any timer could run
    expect(timers).not.toHaveBeenCalled();
    timers.mockRestore();
    let done = false;
    void (durable as unknown as Promise<void>).then(() => { done = true; });
    await g.until(1);
    expect(done).toBe(false);
    g.release();
    await durable;
    expect(db.$durability.durable()).toBeInstanceOf(Promise);
    await db.$durability.durable(); // already covered: resolves without another fsync
    expect(g.started).toBe(1);
    db.$client.close();
  });
});

describe('TurnBatch.transaction (a service transaction without better-sqlite3\'s per-call wrappers)', () => {
  it('commits on its own outside a transaction, and is a savepoint inside one, counted by depth while its function runs', () => {
    const { db, rows } = withTable();
    const b = db.$batch, insert = db.$client.prepare('INSERT INTO t VALUES (?)');
    expect(b.transaction(() => { expect(db.$client.inTransaction).toBe(true); expect(b.depth).toBe(1); insert.run('a'); return 7; })).toBe(7);
    expect(db.$client.inTransaction).toBe(false);
    expect(b.depth).toBe(0);
    // Nested in better-sqlite3's own transaction and around it: one savepoint name, so they nest either way.
    db.$client.transaction(() => {
      b.transaction(() => { expect(b.depth).toBe(2); insert.run('b'); });
      expect(() => b.transaction(() => { insert.run('lost'); db.$client.transaction(() => insert.run('lost too'))(); throw new Error('undo'); })).toThrow('undo');
      expect(b.depth).toBe(1);
      insert.run('c');
    })();
    expect(rows()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back all of its work when it throws outside a transaction, and refuses a promise', () => {
    const { db, rows } = withTable();
    const b = db.$batch, insert = db.$client.prepare('INSERT INTO t VALUES (?)');
    expect(() => b.transaction(() => { insert.run('x'); throw new Error('no'); })).toThrow('no');
    expect(() => b.transaction(() => { insert.run('y'); return Promise.resolve(1); })).toThrow(/cannot return a promise/);
    expect(rows()).toEqual([]);
    expect(db.$client.inTransaction).toBe(false);
    expect(b.depth).toBe(0);
  });

  it('inside a turn\'s batch, a throwing one undoes only its own work and the turn commits the rest', () => {
    const { db, rows } = withTable();
    const b = db.$batch, insert = db.$client.prepare('INSERT INTO t VALUES (?)');
    b.run(() => {
      b.transaction(() => insert.run('kept'));
      expect(() => b.transaction(() => { insert.run('undone'); throw new Error('x'); })).toThrow('x');
      expect(b.outermost).toBe(true);
    });
    expect(rows()).toEqual(['kept']);
  });
});
