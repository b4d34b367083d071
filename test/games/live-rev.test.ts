/**
 * Issue 12, load: a player command's seats and open window come from a copy kept per game while
 * the game's `rev` stands (GamesRepo.liveIn); the database changes `rev` with every write to the
 * game's seats or windows, whoever writes them, and a rollback puts it back (migration 0012).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';
import { testClock, testSeeds, testServices } from '../helpers/services';

const GM = { id: 'gm', name: 'GM' };
const FR = { id: 'fr', name: 'Davout' };

async function saintRemy(s: ReturnType<typeof testServices>) {
  await s.games.create({ guildId: 'g', channelId: 'c', gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
  return s.games.repo.liveGameIn('c')!.id;
}
const userOf = (s: ReturnType<typeof testServices>, seat: string) => s.games.live('c').seats.find((x) => x.seatId === seat)?.userId ?? null;

describe('the seats and open window a command reads', () => {
  it('are read once per rev and shared, frozen, until a seat or window is written', async () => {
    const s = testServices();
    await saintRemy(s);
    const a = s.games.live('c'), b = s.games.live('c');
    expect(b.seats).toBe(a.seats); // the copy, not read again
    expect(Object.isFrozen(a.seats) && a.seats.every((x) => Object.isFrozen(x))).toBe(true);
    s.games.join('c', FR, 'french:command'); // a seat written
    const c = s.games.live('c');
    expect(c.seats).not.toBe(a.seats);
    expect(userOf(s, 'french:command')).toBe('fr');
    expect(c.window).toBeNull();
    s.games.start('c', GM, false); // a window opened
    const d = s.games.live('c');
    expect(d.window).toMatchObject({ status: 'open', seq: 1 });
    expect(d.window).toEqual(s.games.repo.openWindow(d.game.id));
    expect(d.seats).toEqual(s.games.repo.seats(d.game.id));
  });

  it('never serve a copy taken inside a transaction that rolled back, even when the next write lands on it', async () => {
    const s = testServices();
    const id = await saintRemy(s);
    const { repo } = s.games;
    const before = repo.liveGameIn('c')!.rev;
    const tx = s.db.$client.transaction((userId: string) => {
      repo.updateSeat(id, 'french:command', { userId, userName: userId });
      expect(userOf(s, 'french:command')).toBe(userId); // the copy taken inside, at the new rev
      throw new Error('undo');
    });
    expect(() => tx('ghost')).toThrow('undo');
    expect(repo.liveGameIn('c')!.rev).toBe(before); // the rollback restored the rev with the row
    expect(userOf(s, 'french:command')).toBeNull();
    // A later write gets a new rev of its own: the discarded copy is not read as if current.
    repo.updateSeat(id, 'french:command', { userId: 'fr', userName: 'Davout' });
    expect(userOf(s, 'french:command')).toBe('fr');
  });

  it('sees a write made by another connection to the same file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-live-rev-'));
    try {
      const db = openDb(join(dir, 'g.db'));
      const s = Object.assign(createServices(db, { clock: testClock(), seedEpochHours: 24, newSeed: testSeeds(), receiptSettleMs: 0 }), { db });
      await saintRemy(s);
      s.games.join('c', FR, 'french:command');
      expect(userOf(s, 'french:command')).toBe('fr');
      const other = new Database(join(dir, 'g.db'));
      other.prepare("UPDATE seats SET user_id = NULL, user_name = NULL WHERE seat_id = 'french:command'").run();
      other.close();
      expect(userOf(s, 'french:command')).toBeNull();
      await s.rolls.close();
      db.$client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('changes rev on every kind of write to seats and windows, and on nothing else', async () => {
    const s = testServices();
    const id = await saintRemy(s);
    const raw = s.db.$client;
    const rev = () => (raw.prepare('SELECT rev FROM games WHERE id = ?').get(id) as { rev: number }).rev;
    const changes = (sql: string) => { const r0 = rev(); raw.prepare(sql).run(); return rev() !== r0; };
    expect(changes("UPDATE seats SET misses = misses + 1 WHERE seat_id = 'french:command'")).toBe(true);
    expect(changes("INSERT INTO seats (game_id, seat_id) VALUES (" + id + ", 'extra')")).toBe(true);
    expect(changes("DELETE FROM seats WHERE seat_id = 'extra'")).toBe(true);
    expect(changes("INSERT INTO windows (game_id, seq, turn, phase, label, opened_at, status, version) VALUES (" + id + ", 99, 1, 'p', 'l', 0, 'open', 1)")).toBe(true);
    expect(changes("UPDATE windows SET deadline_at = 5 WHERE seq = 99")).toBe(true);
    expect(changes("DELETE FROM windows WHERE seq = 99")).toBe(true);
    expect(changes("UPDATE games SET name = 'renamed'")).toBe(false);
    expect(changes("INSERT INTO readiness (window_id, seat_id, ready_at) SELECT 1, 'x', 0 WHERE 0")).toBe(false);
  });
});
