import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseAnchors, checkAnchors } from '../../src/dice/anchor';
import { openDb } from '../../src/db/open';
import { rollMessage } from '../../src/interaction/present-rolls';
import { createServices } from '../../src/services/services';

const G = '111111111111111111';
const ney = { id: '1', name: 'Ney' };

/** Run the rolling child and SIGKILL it once it has shown `shown` rolls; returns what it printed. */
function rollUntilKilled(dbPath: string, shown: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'durability-child.ts'), dbPath, G], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if ((out.match(/anchor/g) ?? []).length >= shown) child.kill('SIGKILL');
    });
    child.on('exit', () => resolve(out));
  });
}


/** The database file and its shown-marks copied without the -wal (a lost -wal, or a copy taken alone), the original closed, and the copy opened with its services. */
async function reopenWithoutWal(dir: string, dbPath: string, s: ReturnType<typeof createServices>, db: ReturnType<typeof openDb>) {
  copyFileSync(dbPath, join(dir, 'copy.db'));
  copyFileSync(`${dbPath}.shown`, join(dir, 'copy.db.shown'));
  await s.rolls.close();
  db.$client.close();
  const copy = openDb(join(dir, 'copy.db'));
  return { copy, c: createServices(copy, { dbPath: join(dir, 'copy.db'), seedEpochHours: 0 }) };
}

describe('a roll is durable before its reply (issue 16)', () => {
  it('opens read-write databases with WAL and synchronous=NORMAL: commits are fsynced by group commit (issue 12)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-sync-'));
    const db = openDb(join(dir, 'e.db'));
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(1); // 2 = FULL, 1 = NORMAL
    db.$client.close();
  });

  it('every roll whose reply was printed survives a kill -9 of the process, and the next roll takes the next number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-kill-'));
    const dbPath = join(dir, 'e.db');
    const printed = await rollUntilKilled(dbPath, 200);
    expect(printed).toMatch(/^ready synchronous=1\n/);
    const anchors = parseAnchors(printed);
    if (!anchors.ok) throw new Error(anchors.error.message);
    expect(anchors.value.length).toBeGreaterThanOrEqual(200);
    const db = openDb(dbPath);
    try {
      const s = createServices(db, { dbPath, seedEpochHours: 0 });
      const last = s.trail.repo.lastLink(G)!;
      expect(checkAnchors(anchors.value, (seq) => s.trail.repo.hashAt(G, seq), last.seq)).toEqual([]);
      const next = s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
      expect(next.seq).toBe(last.seq + 1);
      expect(Math.max(...anchors.value.map((a) => a.seq))).toBeLessThan(next.seq);
      expect(s.rolls.verify(G).ok).toBe(true);
    } finally {
      db.$client.close();
    }
  }, 60_000);

  it('the break and reveal of a lost -wal commit with the roll that found them: a roll that fails leaves neither, and the next roll records them once (issue 12: one transaction)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-wal-'));
    const dbPath = join(dir, 'e.db');
    const db = openDb(dbPath);
    const s = createServices(db, { dbPath, seedEpochHours: 0 });
    s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    s.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false });
    await db.$durability.durable();
    const { copy, c } = await reopenWithoutWal(dir, dbPath, s, db);
    try {
      // The roll's own entry cannot be written (a full disk): nothing of it, nor of the catch-up, stays.
      const insert = vi.spyOn(c.trail.repo, 'insertEntry').mockImplementationOnce(() => { throw new Error('database or disk is full'); });
      expect(() => c.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false })).toThrow(/disk is full/);
      expect(c.trail.repo.breaks(G)).toEqual([]);
      expect(c.trail.repo.lastLink(G)!.seq).toBe(2);
      expect(c.trail.repo.epoch(1)!.revealedAt).toBeNull();
      insert.mockRestore();
      const next = c.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false });
      expect(next).toMatchObject({ seq: 5, epoch: { id: 2 }, rollIndex: 0 });
      expect(c.trail.repo.breaks(G)).toMatchObject([{ firstBadSeq: 3, code: 'trail/rolled-back' }]);
      expect(c.trail.repo.epoch(1)!.revealedAt).not.toBeNull();
      await copy.$durability.durable();
      await new Promise((r) => setImmediate(r)); // the marks file is written in the fsync's callbacks
      // The roll's mark (set once durable) is past the reveal the catch-up wrote.
      expect(readFileSync(join(dir, 'copy.db.shown'), 'utf8').trim().split('\n').at(-1)).toBe(`${G} 5 ${next.hash}`);
      expect(c.rolls.verify(G).ok).toBe(true);
      await c.rolls.close();
    } finally {
      copy.$client.close();
    }
  }, 60_000);

  it('a lost -wal file (the .db copied alone) rolls back what it held under any synchronous level: the next roll records the break and draws from a fresh seed, and the posted anchors expose the reused numbers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-wal-'));
    const dbPath = join(dir, 'e.db');
    const db = openDb(dbPath);
    const s = createServices(db, { dbPath, seedEpochHours: 0 });
    s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
    db.$client.pragma('wal_checkpoint(TRUNCATE)'); // the .db file holds #1-#2
    const lost = [1, 2, 3, 4].map(() => s.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false }));
    // Shown: the replies go out once the rolls are durable (group commit), and so does the mark.
    await db.$durability.durable();
    const replies = lost.map((r) => rollMessage(ney.name, r));
    expect(existsSync(`${dbPath}-wal`)).toBe(true);
    // The database without its -wal (#3-#6 are only in the -wal); the marks file beside it stays.
    const { copy, c } = await reopenWithoutWal(dir, dbPath, s, db);
    try {
      expect(c.trail.repo.lastLink(G)!.seq).toBe(2);
      const next = c.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false });
      // Seed #1's counter went back with the trail: it is revealed, and the roll uses a new seed,
      // so it does not deal the dice the lost reply of seed #1 roll 1 showed.
      expect(lost[0]!).toMatchObject({ epoch: { id: 1 }, rollIndex: 1 });
      expect(next.epoch.id).toBe(2);
      expect(c.trail.repo.breaks(G)).toMatchObject([{ firstBadSeq: 3, code: 'trail/rolled-back', message: expect.stringMatching(/ends at #2, but the bot had shown entries up to #6/) }]);
      expect(rollMessage(ney.name, next)).toMatch(/⚠️ The audit chain is broken at #3 since/);
      // The trail alone is self-consistent, and the reveal made seed #1 public: anyone can now
      // recompute the lost rolls from the replies.
      expect(c.rolls.verify(G).ok).toBe(true);
      // The anchors the lost replies printed are not in it.
      const anchors = parseAnchors(replies.join('\n'));
      if (!anchors.ok) throw new Error(anchors.error.message);
      const problems = checkAnchors(anchors.value, (seq) => c.trail.repo.hashAt(G, seq), c.trail.repo.lastLink(G)!.seq);
      expect(problems.map((p) => `${p.code} #${p.seq}`)).toEqual(['anchor/mismatch #3', 'anchor/mismatch #4', 'anchor/mismatch #5', 'anchor/missing #6']);
      // Later rolls carry on normally (the break stays recorded).
      expect(c.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false })).toMatchObject({ seq: 6, epoch: { id: 2 }, rollIndex: 1 });
      expect(c.trail.repo.breaks(G)).toHaveLength(1);
    } finally {
      copy.$client.close();
    }
  });
});
