import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';
import { testClock } from '../helpers/services';

const G = '111111111111111111';
const ney = { id: '300000000000000001', name: 'Ney' };

/**
 * A roll committed on its own reads the chain head once (issue 12): the check against what the
 * bot has shown reads it, and the roll's entry links to it, or to whatever the same transaction
 * appended since (a seed's reveal and the next seed's opening).
 */
describe('one chain-head read per roll', () => {
  it('reads the head once, links every entry the transaction appends, and forgets it when the roll fails', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'estafette-head-')), 'h.db');
    const db = openDb(dbPath);
    const clock = testClock();
    // One-hour seeds: a roll past the hour reveals the old seed and opens a new one in its own transaction.
    const s = createServices(db, { dbPath, seedEpochHours: 1, clock });
    try {
      s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
      await db.$durability.durable();
      await new Promise((r) => setImmediate(r)); // the shown mark is written in the fsync's callbacks
      const reads = vi.spyOn(s.trail.repo, 'lastLink');
      const r = s.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false });
      expect(reads).toHaveBeenCalledTimes(1);
      expect(r.seq).toBe(3);

      clock.advance(2 * 3_600_000);
      reads.mockClear();
      const later = s.rolls.roll({ guildId: G, actor: ney, expression: '2d6', private: false });
      expect(reads).toHaveBeenCalledTimes(1);
      // #4 the reveal, #5 the new seed's opening, #6 the roll: each linked to the one before.
      expect(later).toMatchObject({ seq: 6, epoch: { id: 2 }, rollIndex: 0 });
      expect(s.trail.repo.lastEpochEntry(1)).toMatchObject({ seq: 3 });

      // A roll whose entry cannot be written leaves nothing behind, not even the head it read.
      const insert = vi.spyOn(s.trail.repo, 'insertEntry').mockImplementationOnce(() => { throw new Error('database or disk is full'); });
      expect(() => s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false })).toThrow(/disk is full/);
      insert.mockRestore();
      // A roll in a transaction of its caller's does not use the shown check's head: it reads its own.
      db.$client.transaction(() => {
        s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
        s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false });
      })();
      expect(s.rolls.roll({ guildId: G, actor: ney, expression: '1d6', private: false }).seq).toBe(9);
      expect(s.rolls.verify(G)).toMatchObject({ ok: true, value: { entries: 9, rolls: 6 } });
      await s.rolls.close();
    } finally {
      db.$client.close();
    }
  }, 60_000);
});
