import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Checkpointer, type CheckpointResult } from '../../src/db/checkpointer';
import { openDb } from '../../src/db/open';
import { TurnQueue } from '../../src/lib/turn-queue';

/** Issue 12: WAL checkpoints run in a worker, not inside a commit on the main connection. */
describe('the checkpoint worker', () => {
  it('turns the inline automatic checkpoint off, copies the WAL into the database on its own connection, and turns it back on when stopped', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-ckpt-')), 'c.db');
    const db = openDb(path);
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const c = new Checkpointer(db.$client, path, { everyMs: 60_000 }).start();
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    // Well past SQLite's 1,000-page threshold: with the automatic checkpoint off, the WAL keeps it all.
    db.$client.exec('CREATE TABLE t (x TEXT)');
    const insert = db.$client.prepare('INSERT INTO t VALUES (?)');
    for (let i = 0; i < 1500; i++) insert.run('x'.repeat(4000));
    const walBefore = statSync(`${path}-wal`).size;
    expect(walBefore).toBeGreaterThan(1000 * 4096);
    const dbBefore = statSync(path).size;

    const r = await c.now();
    expect(r.busy).toBe(0);
    expect(r.frames).toBeGreaterThan(1500);
    expect(r.copied).toBe(r.frames); // nothing left behind: no reader held an old snapshot
    expect(statSync(path).size).toBeGreaterThan(dbBefore + 1500 * 4000);

    // The next write restarts the WAL from its start instead of growing it.
    insert.run('after');
    expect(statSync(`${path}-wal`).size).toBe(walBefore);
    await c.stop();
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await expect(c.now()).rejects.toThrow(/not running/);
    db.$client.close();

    const again = openDb(path);
    expect(again.$client.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1501 });
    again.$client.close();
  });

  it('keeps the process alive until its last checkpoint is done, so a shutdown runs to its end', () => {
    // The worker is unreferenced while it runs; stopping must hold the process for it, or a
    // process with nothing else pending ends mid-shutdown (exit code 13, the steps after it skipped).
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-ckpt-')), 'c.db');
    const root = join(import.meta.dirname, '../..');
    const script = `const { Checkpointer } = await import(${JSON.stringify(join(root, 'src/db/checkpointer.ts'))});
      const { openDb } = await import(${JSON.stringify(join(root, 'src/db/open.ts'))});
      const db = openDb(${JSON.stringify(path)});
      await new Checkpointer(db.$client, ${JSON.stringify(path)}).start().stop();
      console.log('after stop', db.$client.pragma('wal_autocheckpoint', { simple: true }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: root });
    expect(out.trim()).toBe('after stop 1000');
  }, 60_000);

  it('does nothing for an in-memory database', async () => {
    const db = openDb(':memory:');
    const c = new Checkpointer(db.$client, ':memory:').start();
    await expect(c.now()).rejects.toThrow(/not running/);
    await c.stop();
    db.$client.close();
  });
  it('restarts the WAL under commits that never stop: past restartFrames it holds new commands for one last pass (issue 12: a PASSIVE checkpoint alone never caught up and the WAL grew to 85 MB in 30 s)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'estafette-ckpt-')), 'c.db');
    const db = openDb(path);
    db.$client.exec('CREATE TABLE t (n INTEGER, x TEXT)');
    const insert = db.$client.prepare('INSERT INTO t VALUES (?, ?)');
    const c = new Checkpointer(db.$client, path, { everyMs: 10, restartFrames: 300 }).start();
    // Commands through the bot's queue, each queueing the next: a commit in every turn of the loop.
    let ran = 0, stopping = false;
    const q: TurnQueue<number> = new TurnQueue<number>((n) => { insert.run(n, 'x'.repeat(3000)); ran++; if (!stopping) q.push(n + 1); }, { maxWaitMs: 60_000, budgetMs: 2, stale: () => undefined });
    let pauses = 0, releases = 0;
    const lastPasses: (CheckpointResult | null)[] = [];
    c.quiesce = () => {
      pauses++;
      const release = q.pause();
      // A write the pause does not hold (the outbox marking a post sent), during the first last pass: the pass is run again.
      if (pauses === 1) setImmediate(() => insert.run(-1, 'outside the queue'));
      return () => { releases++; lastPasses.push(c.last); release(); };
    };
    q.push(0);
    // Watch the WAL's length at each checkpoint: past 300 frames, then back under it (restarted).
    let over = false, restarted = false;
    while (!restarted) {
      const r = await c.now();
      if (r.frames >= 300) over = true;
      else if (over && r.frames < 300) restarted = true;
    }
    stopping = true;
    await new Promise((r) => setTimeout(r, 50));
    expect(c.quiets).toBeGreaterThan(0);
    expect(pauses).toBe(c.quiets);
    await c.stop();
    expect(releases).toBe(pauses); // every pause released: no command held for good
    // With the commands held, the last pass copied the whole WAL: the next write restarts it.
    expect(lastPasses.some((r) => r !== null && r.copied === r.frames && r.frames >= 300)).toBe(true);
    // Nothing was lost to the pauses: every command ran once and its row is there.
    expect(c.lastPasses).toBeGreaterThan(c.quiets); // the write outside the queue had its pass run again
    expect(db.$client.prepare('SELECT count(*) AS n, max(n) AS last FROM t WHERE n >= 0').get()).toEqual({ n: ran, last: ran - 1 });
    db.$client.close();
  }, 60_000);
});
