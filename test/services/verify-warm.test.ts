import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';
import { MEET_CHUNK, VerifyPool } from '../../src/services/verify-split';
import { verifyChain } from '../../src/dice/verify';
import { iterateVerifiable, seeds } from '../../src/db/trail-read';
import { WARM_GUILD, writeWarmTrail, type WarmTrail } from '../../src/services/verify-warm';
import { testClock } from '../helpers/services';

const G = '111111111111111111';
const ney = { id: '300000000000000001', name: 'Ney' };

/** A trail of `n` rolls in a file, as verify's workers read it. */
function fileTrail(n: number) {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'estafette-warm-')), 't.db');
  const db = openDb(dbPath);
  const s = createServices(db, { clock: testClock(), dbPath, seedEpochHours: 0 });
  db.$client.transaction(() => {
    for (let i = 0; i < n; i++) s.rolls.roll({ guildId: G, actor: ney, expression: i % 2 ? '2d6' : '4d6kh3', private: i % 5 === 0 });
  })();
  return { dbPath, db, s, upto: s.trail.repo.lastLink(G)!.seq };
}

/**
 * The start-up warm-up of verify's workers (issue 12): a synthetic trail written by the bot's own
 * AuditTrail, verified by both workers as either half, which the pool then keeps. It must change
 * nothing in what a verify finds.
 */
describe('verify workers warmed up at start-up', () => {
  it('the warm-up trail is a real one: two epochs (one revealed), public and private rolls, and it verifies', async () => {
    const t = await writeWarmTrail(600);
    try {
      const client = new Database(t.dbPath, { readonly: true });
      const r = verifyChain(iterateVerifiable(client, WARM_GUILD), { guildId: WARM_GUILD, secretSeeds: seeds(client, WARM_GUILD) });
      client.close();
      // 600 rolls, two openings and one reveal (the first epoch, revealed halfway).
      expect(t.uptoSeq).toBe(603);
      expect(r.ok && r.value).toMatchObject({ entries: 603, rolls: 600, epochs: 2, revealedEpochs: 1, recomputed: 300, recomputedWithSecret: 300 });
      const raw = new Database(t.dbPath, { readonly: true });
      const vis = raw.prepare("SELECT visibility, count(*) AS n FROM audit_entries WHERE kind = 'roll' GROUP BY visibility").all() as { visibility: string; n: number }[];
      raw.close();
      expect(vis.map((v) => v.visibility).sort()).toEqual(['private', 'public']);
    } finally {
      t.remove();
    }
    expect(existsSync(dirname(t.dbPath))).toBe(false);
  });

  it('keeps the warmed workers, which then verify a real trail as the single pass does and find a rewritten face', async () => {
    const { dbPath, db, s, upto } = fileTrail(3 * MEET_CHUNK);
    const pool = new VerifyPool();
    let removed = false;
    try {
      const errors: unknown[] = [];
      expect(await pool.prepare((e) => errors.push(e), { warmTrail: async () => { const t = await writeWarmTrail(1200); return { ...t, remove: () => { removed = true; t.remove(); } }; } })).toBe(true);
      expect(await pool.warmed).toBe(true);
      expect(errors).toEqual([]);
      expect(removed).toBe(true);
      const warmed = [...pool.idleThreads].sort();
      expect(warmed).toHaveLength(2);

      expect(await pool.verify(dbPath, G, upto)).toEqual(s.rolls.verify(G));
      // The same two threads did it, and stay (no retirement of warmed workers).
      expect([...pool.idleThreads].sort()).toEqual(warmed);

      db.$client.exec('DROP TRIGGER audit_entries_no_update');
      const target = db.$client.prepare("SELECT id, seq, detail FROM audit_entries WHERE guild_id = ? AND kind = 'roll' ORDER BY seq DESC LIMIT 1 OFFSET 7").get(G) as { id: number; seq: number; detail: string };
      const d = JSON.parse(target.detail);
      d.terms[0].dice[0].face = d.terms[0].dice[0].face === 1 ? 2 : 1;
      db.$client.prepare('UPDATE audit_entries SET detail = ? WHERE id = ?').run(JSON.stringify(d), target.id);
      const single = s.rolls.verify(G);
      expect(!single.ok && single.error.seq).toBe(target.seq);
      expect(await pool.verify(dbPath, G, upto)).toEqual(single);

      // A kept worker that dies while idle leaves the pool; the next verify starts another.
      const idle = (pool as unknown as { idle: Worker[] }).idle;
      const dead = idle[0]!;
      await dead.terminate();
      await new Promise((r) => setImmediate(r));
      expect(pool.idleThreads).toHaveLength(1);
      expect(await pool.verify(dbPath, G, upto)).toEqual(single);
      expect(pool.idleThreads).toHaveLength(2);
    } finally {
      await pool.close();
      await s.rolls.close();
      db.$client.close();
    }
    expect(pool.idleThreads).toEqual([]);
  }, 120_000);

  it('a verify asked during the warm-up waits for the warmed workers instead of starting two more', async () => {
    const { dbPath, db, s, upto } = fileTrail(MEET_CHUNK + 100);
    const pool = new VerifyPool();
    try {
      void pool.prepare(undefined, { warmTrail: () => writeWarmTrail(300) });
      const r = await pool.verify(dbPath, G, upto);
      expect(r).toEqual(s.rolls.verify(G));
      expect(await pool.warmed).toBe(true);
      expect(pool.idleThreads).toHaveLength(2);
    } finally {
      await pool.close();
      await s.rolls.close();
      db.$client.close();
    }
  }, 120_000);

  it('a pool closed during its warm-up (the bot stopping as it starts) ends the warm-up quietly, its workers gone', async () => {
    const pool = new VerifyPool();
    const errors: unknown[] = [];
    let written!: () => void;
    const trailWritten = new Promise<void>((r) => { written = r; });
    void pool.prepare((e) => errors.push(e), { warmTrail: async () => { const t = await writeWarmTrail(2000); written(); return t; } });
    await trailWritten;
    // The workers are running their passes now, or about to start them.
    await pool.close();
    expect(await pool.warmed).toBe(false);
    expect(errors).toEqual([]);
    expect(pool.idleThreads).toEqual([]);
  }, 120_000);

  it('a warm-up trail that does not verify is reported and its workers dropped; verify works without them', async () => {
    const { dbPath, db, s, upto } = fileTrail(MEET_CHUNK + 100);
    const pool = new VerifyPool();
    const broken = async (): Promise<WarmTrail> => {
      const t = await writeWarmTrail(300);
      const w = new Database(t.dbPath);
      w.exec('DROP TRIGGER audit_entries_no_update');
      w.prepare("UPDATE audit_entries SET actor_name = 'Grouchy' WHERE seq = 10").run();
      w.close();
      return t;
    };
    try {
      const errors: unknown[] = [];
      expect(await pool.prepare((e) => errors.push(e), { warmTrail: broken })).toBe(true);
      expect(await pool.warmed).toBe(false);
      expect(String(errors[0])).toMatch(/warm-up trail did not verify: Entry #10/);
      expect(pool.idleThreads).toEqual([]);
      expect(await pool.verify(dbPath, G, upto)).toEqual(s.rolls.verify(G));
    } finally {
      await pool.close();
      await s.rolls.close();
      db.$client.close();
    }
  }, 120_000);
});
