import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';
import { canonicalJson } from '../../src/dice/canonical';
import { detailHashOf, entryHash } from '../../src/dice/chain';
import { combineSplit, type VerifyFailure, type VerifyReport } from '../../src/dice/verify';
import { toChainEntry } from '../../src/db/audit.repo';
import type { Result } from '../../src/lib/result';
import { chainOwner, MEET_CHUNK, newMeet, runVerifyPart, takeChunk, VerifyPool, type PartResult } from '../../src/services/verify-split';
import type { Services } from '../../src/services/services';
import { testClock, testServices } from '../helpers/services';

const G = '111111111111111111';
const ney = { id: '300000000000000001', name: 'Ney' };
const CHAIN = 1, DICE = 2;

/**
 * The split verify settles who recomputes which rolls as its two halves run (verify-split.ts,
 * issue 12): chunks of the trail claimed through shared memory. Whatever the interleaving, every
 * roll is checked by one half or both, and the earliest broken entry is the single pass's.
 */
describe('split verify: chunks claimed as the halves run', () => {
  it('gives each chunk to exactly one half; the scan takes the chunks it reaches first, the dice half the others', () => {
    const upto = 5 * MEET_CHUNK - 10;
    const meet = newMeet(upto);
    const cells = new Int32Array(meet);
    expect(cells.length).toBe(5);
    // The dice half is quicker off the mark: chunks 0 and 1.
    expect(takeChunk(meet, 0)).toEqual({ chunk: 0, fromSeq: 1, uptoSeq: MEET_CHUNK });
    expect(takeChunk(meet, 1)).toMatchObject({ chunk: 1 });
    const owner = chainOwner(meet);
    // The scan skips what the dice half holds, and claims chunk 2 on reaching its first roll.
    expect([1, MEET_CHUNK, MEET_CHUNK + 1, 2 * MEET_CHUNK].map((s) => owner.mine(s))).toEqual([false, false, false, false]);
    expect(owner.mine(2 * MEET_CHUNK + 1)).toBe(true);
    expect(owner.mine(3 * MEET_CHUNK)).toBe(true);
    // The dice half, looking for its next chunk, passes over the scan's.
    expect(takeChunk(meet, 2)).toMatchObject({ chunk: 3, fromSeq: 3 * MEET_CHUNK + 1 });
    expect(owner.mine(3 * MEET_CHUNK + 1)).toBe(false);
    expect(owner.mine(4 * MEET_CHUNK + 1)).toBe(true);
    expect(takeChunk(meet, 4)).toBeNull();
    expect([...cells]).toEqual([DICE, DICE, CHAIN, DICE, CHAIN]);
    // A seq past the verify's end (never read by the scan) would be the scan's own.
    expect(owner.mine(upto + 2 * MEET_CHUNK)).toBe(true);
  });

  describe('on a trail of several chunks', () => {
    let s: Services;
    let sql: Services['db']['$client'];
    let upto: number;

    beforeEach(() => {
      s = testServices({ clock: testClock() });
      sql = s.db.$client;
      const fill = sql.transaction((n: number) => {
        for (let i = 0; i < n; i++) s.rolls.roll({ guildId: G, actor: ney, expression: i % 3 ? '2d6+1' : '4d6kh3', private: i % 7 === 0 });
      });
      fill(2 * MEET_CHUNK);
      s.rolls.revealServerSeed(G, ney);
      fill(MEET_CHUNK + 100);
      upto = s.trail.repo.lastLink(G)!.seq;
      for (const t of ['audit_entries_no_update', 'audit_entries_no_delete']) sql.exec(`DROP TRIGGER ${t}`);
    });

    /** The halves one after the other on this thread, sharing a meet whose cells `setup` may pre-claim. */
    const split = (order: 'chain-first' | 'dice-first', setup: (cells: Int32Array) => void = () => undefined) => {
      const meet = newMeet(upto);
      setup(new Int32Array(meet));
      const run = (part: 'chain' | 'dice'): PartResult => runVerifyPart(sql, G, part, upto, meet);
      const [chain, dice] = order === 'chain-first' ? [run('chain'), run('dice')] : (() => { const d = run('dice'); return [run('chain'), d]; })();
      return { result: combineSplit(chain as Result<VerifyReport, VerifyFailure>, dice as Result<{ rolls: number }, VerifyFailure>), chain, dice, cells: [...new Int32Array(meet)] };
    };
    const interleavings = [
      ['the scan first: it recomputes every roll', 'chain-first', () => undefined],
      ['the dice half first: it recomputes every roll', 'dice-first', () => undefined],
      // As if the scan had claimed the even chunks on its way; the dice half then claims the odd ones.
      // (Only takeChunk marks a chunk DICE: the half that marks it is the one that checks it.)
      ['alternate chunks', 'dice-first', (c: Int32Array) => { for (let k = 0; k < c.length; k += 2) c[k] = CHAIN; }],
    ] as const;

    it.each(interleavings)('agrees with the single pass whatever the interleaving (%s)', (_what, order, setup) => {
      const whole = s.rolls.verify(G);
      expect(whole.ok).toBe(true);
      const r = split(order, setup);
      expect(r.result).toEqual(whole);
      const rolls = (x: PartResult) => (x.ok && 'recomputedWithSecret' in x.value ? x.value.recomputed + x.value.recomputedWithSecret : x.ok ? (x.value as { rolls: number }).rolls : -1);
      if (_what === 'alternate chunks') expect(r.cells).toEqual([CHAIN, DICE, CHAIN, DICE]);
      if (_what.includes('dice half first')) {
        expect(r.cells.every((c) => c === DICE)).toBe(true);
        expect(rolls(r.dice)).toBe(3 * MEET_CHUNK + 100);
      }
      if (_what.includes('scan first')) {
        expect(r.cells.every((c) => c === CHAIN)).toBe(true);
        expect(rolls(r.dice)).toBe(0);
      }
    });

    /** Rewrite a roll's first face and re-hash the whole chain from it, as a careful attacker would. */
    function forgeFace(seq: number): void {
      const rows = [...s.trail.repo.iterate(G)];
      const target = rows.find((r) => r.seq === seq)!;
      const d = JSON.parse(target.detail);
      d.terms[0].dice[0].face = d.terms[0].dice[0].face === 1 ? 2 : 1;
      sql.prepare('UPDATE audit_entries SET detail = ? WHERE id = ?').run(canonicalJson(d), target.id);
      let prev = rows.find((r) => r.seq === seq - 1)!.hash;
      for (const r of [...s.trail.repo.iterate(G)].filter((x) => x.seq >= seq)) {
        const header = { ...toChainEntry(r), detailHash: detailHashOf(JSON.parse(r.detail)) };
        const hash = entryHash(prev, header);
        sql.prepare('UPDATE audit_entries SET detail_hash = ?, prev_hash = ?, hash = ? WHERE id = ?').run(header.detailHash, prev, hash, r.id);
        prev = hash;
      }
    }
    const rollSeqIn = (chunk: number) => (s.db.$client.prepare("SELECT seq FROM audit_entries WHERE guild_id = ? AND kind = 'roll' AND seq > ? ORDER BY seq LIMIT 1").get(G, chunk * MEET_CHUNK + 50) as { seq: number }).seq;

    it.each(interleavings)('reports the earliest forged roll as the single pass does, whichever half holds it (%s)', (_what, order, setup) => {
      // One forged roll in chunk 1 (the dice half's, when alternating) and one in chunk 2 (the scan's).
      const early = rollSeqIn(1), late = rollSeqIn(2);
      forgeFace(late);
      forgeFace(early);
      const whole = s.rolls.verify(G);
      expect(!whole.ok && { code: whole.error.code, seq: whole.error.seq }).toEqual({ code: 'roll/faces-mismatch', seq: early });
      const r = split(order, setup);
      expect(!r.result.ok && { code: r.result.error.code, seq: r.result.error.seq }).toEqual({ code: 'roll/faces-mismatch', seq: early });
    });

    /** Rewrite a roll's stored detail text (and, optionally, its roll index) without fixing its detail hash; re-link the chain. */
    function editWithoutDetailHash(seq: number, opts: { rollIndex?: number } = {}): void {
      const rows = [...s.trail.repo.iterate(G)];
      const target = rows.find((r) => r.seq === seq)!;
      const d = JSON.parse(target.detail);
      d.purpose = 'a different reason';
      sql.prepare('UPDATE audit_entries SET detail = ?, roll_index = ? WHERE id = ?').run(canonicalJson(d), opts.rollIndex ?? target.rollIndex, target.id);
      let prev = rows.find((r) => r.seq === seq - 1)!.hash;
      for (const r of [...s.trail.repo.iterate(G)].filter((x) => x.seq >= seq)) {
        const hash = entryHash(prev, toChainEntry(r)); // the stored detail hash, stale for #seq
        sql.prepare('UPDATE audit_entries SET prev_hash = ?, hash = ? WHERE id = ?').run(prev, hash, r.id);
        prev = hash;
      }
    }

    it.each(interleavings)('finds a detail that no longer matches its hash, whichever half hashes it (%s)', (_what, order, setup) => {
      const target = rollSeqIn(1);
      editWithoutDetailHash(target);
      const whole = s.rolls.verify(G);
      expect(!whole.ok && { code: whole.error.code, seq: whole.error.seq }).toEqual({ code: 'chain/detail-hash', seq: target });
      const r = split(order, setup);
      expect(!r.result.ok && { code: r.result.error.code, seq: r.result.error.seq, message: r.result.error.message }).toEqual({ code: 'chain/detail-hash', seq: target, message: whole.ok ? '' : whole.error.message });
      // The scan leaves the hash of the dice half's rolls to it: with the chunk the dice half's, only it can say.
      if (_what === 'alternate chunks' || _what.includes('dice half first')) expect(!r.dice.ok && r.dice.error.code).toBe('chain/detail-hash');
    });

    it('at one entry, the detail hash the dice half found wrong comes before the scan\'s later check of it, as in the single pass', () => {
      // The roll's index and detail both changed, its entry hash recomputed but not its detail hash:
      // the single pass stops at the detail hash, before it looks at the index.
      const target = rollSeqIn(1);
      const index = (sql.prepare('SELECT roll_index AS i FROM audit_entries WHERE guild_id = ? AND seq = ?').get(G, target) as { i: number }).i;
      editWithoutDetailHash(target, { rollIndex: index + 5 });
      const whole = s.rolls.verify(G);
      expect(!whole.ok && { code: whole.error.code, seq: whole.error.seq }).toEqual({ code: 'chain/detail-hash', seq: target });
      const r = split('dice-first', (c) => { c[0] = CHAIN; });
      expect(!r.chain.ok && { code: r.chain.error.code, seq: r.chain.error.seq }).toEqual({ code: 'roll/index', seq: target });
      expect(!r.dice.ok && { code: r.dice.error.code, seq: r.dice.error.seq }).toEqual({ code: 'chain/detail-hash', seq: target });
      expect(!r.result.ok && { code: r.result.error.code, seq: r.result.error.seq }).toEqual({ code: 'chain/detail-hash', seq: target });
      // A broken link at the same entry is found before its detail hash: the scan's failure stands.
      sql.prepare('UPDATE audit_entries SET prev_hash = ? WHERE guild_id = ? AND seq = ?').run('0'.repeat(64), G, target);
      const linked = split('dice-first', (c) => { c[0] = CHAIN; });
      expect(!linked.result.ok && { code: linked.result.error.code, seq: linked.result.error.seq }).toEqual({ code: 'chain/prev-hash', seq: target });
      expect(!s.rolls.verify(G).ok && (s.rolls.verify(G) as { error: { code: string } }).error.code).toBe('chain/prev-hash');
    });

    it('a forged roll in a chunk the dice half holds, below the scan\'s own failure, still wins', () => {
      // The scan's chunk 0 holds a forged roll; the dice half's chunk 2 an earlier-found one: the trail's first is chunk 0's.
      const first = rollSeqIn(0), later = rollSeqIn(2);
      forgeFace(later);
      forgeFace(first);
      const r = split('dice-first', (c) => { c[0] = CHAIN; c[1] = CHAIN; });
      expect(!r.dice.ok && r.dice.error.seq).toBe(later);
      expect(!r.chain.ok && r.chain.error.seq).toBe(first);
      expect(!r.result.ok && { code: r.result.error.code, seq: r.result.error.seq }).toEqual({ code: 'roll/faces-mismatch', seq: first });
    });
  });

  it('in the two worker threads: the same report as the single pass, every chunk recomputed by one of them, the balance kept for benchmarks', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'estafette-meet-')), 'm.db');
    const db = openDb(dbPath);
    const s = createServices(db, { clock: testClock(), dbPath, seedEpochHours: 0 });
    db.$client.transaction(() => {
      for (let i = 0; i < 3 * MEET_CHUNK; i++) s.rolls.roll({ guildId: G, actor: ney, expression: '3d6', private: i % 5 === 0 });
    })();
    const upto = s.trail.repo.lastLink(G)!.seq;
    const pool = new VerifyPool();
    try {
      expect(pool.lastSplit).toBeNull();
      expect(await pool.verify(dbPath, G, upto)).toEqual(s.rolls.verify(G));
      const split = pool.lastSplit!;
      expect(split.chainChunks + split.diceChunks).toBe(Math.ceil(upto / MEET_CHUNK));
      expect(split.idleMs).toBeGreaterThanOrEqual(0);
    } finally {
      await pool.close();
      await s.rolls.close();
      db.$client.close();
    }
  }, 120_000);
});
