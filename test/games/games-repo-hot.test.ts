/**
 * Issue 12, load: the reads and writes every input makes. A live game's row leaves its state
 * text in the database until something reads it (the service keeps each version parsed), and a
 * sealed receipt finds the unsent post it supersedes through the dedupe index, not by scanning
 * every unsent post.
 */
import { and, asc, eq, getTableColumns, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readiness, seats, submissions, windows } from '../../src/db/games.schema';
import { testServices } from '../helpers/services';
import { prefixEnd } from '../../src/games/games.repo';

const GM = { id: 'gm', name: 'GM' };

describe('a live game row', () => {
  it('reads its state only when asked, as it stood at the row\'s version', async () => {
    const s = testServices();
    await s.games.create({ guildId: 'g', channelId: 'c', gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    const stored = s.db.$client.prepare('SELECT state, version FROM games').get() as { state: string; version: number };
    const row = s.games.repo.liveGameIn('c')!;
    expect(row.version).toBe(stored.version);
    expect({ ...row }).toEqual(s.games.repo.game(row.id)); // every column, named as drizzle names them
    expect(row.state).toBe(stored.state);
    expect({ ...row }.state).toBe(stored.state); // a copy of the row carries it too
    // Read after its game changed (another version stored): refused, never the newer state under the old version.
    const stale = s.games.repo.liveGameIn('c')!;
    s.games.repo.updateGame(row.id, { state: '{"changed":true}', version: row.version + 1 });
    expect(() => stale.state).toThrow(/changed after version/);
    expect(s.games.repo.liveGameIn('c')!.state).toBe('{"changed":true}');
    expect(s.games.repo.liveGameIn('elsewhere')).toBeNull();
  });

  it('live() parses a version once and serves that parse while the version stands', async () => {
    const s = testServices();
    await s.games.create({ guildId: 'g', channelId: 'c', gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    const first = s.games.live('c').state;
    expect(s.games.live('c').state).toBe(first); // the same object: not parsed again
    const g = s.games.repo.liveGameIn('c')!;
    s.games.repo.updateGame(g.id, { state: JSON.stringify({ ...(first as object), marker: 1 }), version: g.version + 1 });
    expect(s.games.live('c').state).toMatchObject({ marker: 1 });
  });
});

describe('the reads every input makes, in plain SQL', () => {
  it('return the rows drizzle\'s select returns: every column, named as drizzle names them, in the same order', async () => {
    const s = testServices();
    await s.games.create({ guildId: 'g', channelId: 'c', gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    const FR = { id: 'fr', name: 'Davout' }, AU = { id: 'au', name: 'Mack' };
    for (const seat of ['french:command', 'french:fr-i-corps', 'french:fr-ii-corps', 'french:fr-cavalry']) s.games.join('c', FR, seat);
    s.games.join('c', AU, 'austrians:command'); // the other Austrian seats stay open (user null)
    s.games.start('c', GM, false);
    s.games.submit('c', FR, { kind: 'move', unit: 'fabre', to: 'forward 2in' });
    s.games.submit('c', FR, { kind: 'move', unit: 'garnier', to: 'forward 1in' });
    s.games.submit('c', FR, { kind: 'move', unit: 'fabre', to: 'forward 3in' }); // amends: the first is withdrawn
    s.games.ready('c', AU);
    const { db, games: { repo } } = s;
    const game = repo.liveGameIn('c')!;
    const w = repo.openWindow(game.id)!;
    expect(repo.seats(game.id)).toEqual(db.select().from(seats).where(eq(seats.gameId, game.id)).orderBy(asc(seats.seatId)).all());
    expect(repo.seats(game.id).map((x) => x.userId)).toContain(null);
    expect(w).toEqual(db.select().from(windows).where(and(eq(windows.gameId, game.id), eq(windows.status, 'open'))).get());
    const live = db.select().from(submissions).where(and(eq(submissions.windowId, w.id), isNull(submissions.withdrawnAt))).orderBy(asc(submissions.id)).all();
    expect(live.map((x) => x.body)).toEqual([expect.stringContaining('garnier'), expect.stringContaining('forward 3in')]);
    expect(repo.activeSubmissions(w.id)).toEqual(live);
    expect(repo.activeSubmissions(w.id, 'french:fr-i-corps')).toEqual(live.filter((x) => x.seatId === 'french:fr-i-corps'));
    expect(repo.activeSubmissions(w.id, 'austrians:command')).toEqual([]);
    // A player's seats in one read: the rows of those seats only, oldest first, each naming its seat.
    const frSeats = ['french:fr-ii-corps', 'french:command', 'french:fr-i-corps'];
    expect(repo.activeSubmissionsOfSeats(w.id, frSeats)).toEqual(live);
    expect(repo.activeSubmissionsOfSeats(w.id, ['french:fr-i-corps'])).toEqual(live.filter((x) => x.seatId === 'french:fr-i-corps'));
    expect(repo.activeSubmissionsOfSeats(w.id, ['french:command', 'french:fr-ii-corps'])).toEqual([]);
    expect(repo.activeSubmissionsOfSeats(w.id, ['austrians:command', 'fr-i-corps', "x') OR 1=1 --"])).toEqual([]);
    expect(Object.keys(repo.seats(game.id)[0]!)).toEqual(Object.keys(getTableColumns(seats)));
    expect(Object.keys(w)).toEqual(Object.keys(getTableColumns(windows)));
    expect(Object.keys(repo.activeSubmissions(w.id)[0]!)).toEqual(Object.keys(getTableColumns(submissions)));
    expect(repo.readySeats(w.id)).toEqual(new Set(db.select().from(readiness).where(eq(readiness.windowId, w.id)).all().map((r) => r.seatId)));
    expect(repo.readySeats(w.id).size).toBeGreaterThan(0);
    expect(repo.openWindow(game.id + 1)).toBeNull();
    expect(repo.seats(game.id + 1)).toEqual([]);
  });
});

describe('superseding an unsent receipt', () => {
  it('looks the family up among the unsent posts by key (outbox_unsent_key: no other unsent post, no sent receipt is walked), and leaves neighbouring families alone', () => {
    const s = testServices();
    const repo = s.games.repo;
    const row = (key: string, content: string) => ({ gameId: null, channelId: 'c', body: JSON.stringify({ content }), dedupeKey: key, createdAt: 1, nextAttemptAt: 1 });
    repo.enqueueLatest('receipt:1:a:', row('receipt:1:a:1', 'a1'));
    repo.enqueueLatest('receipt:10:a:', row('receipt:10:a:1', 'ten'));
    repo.enqueueLatest('receipt:1:a:', row('receipt:1:a:2', 'a2'));
    repo.enqueueLatest('receipt:1:', row('receipt:1:zz', 'broad')); // a shorter family takes in the longer ones' unsent rows
    expect(repo.outboxFor('c').map((r) => [r.dedupeKey, (JSON.parse(r.body) as { content: string }).content])).toEqual([
      ['receipt:1:zz', 'broad'], ['receipt:10:a:1', 'ten'],
    ]);
    // Keys just outside the range on either side, and a sent one inside it: all left as they were.
    repo.enqueueLatest('receipt:2:', row('receipt:2:b', 'two'));
    repo.enqueue(row('receipt:2', 'bare')); // not in family 'receipt:2:' (no colon)
    repo.enqueue(row('receipt:2;', 'semicolon')); // ';' is ':' + 1: the range's end, outside it
    const sent = repo.outboxFor('c').find((r) => r.dedupeKey === 'receipt:2:b')!;
    repo.markSent(sent.id, 5, 'm1');
    repo.enqueueLatest('receipt:2:', row('receipt:2:c', 'after'));
    expect(repo.outboxFor('c').map((r) => r.dedupeKey)).toEqual(['receipt:1:zz', 'receipt:10:a:1', 'receipt:2:b', 'receipt:2', 'receipt:2;', 'receipt:2:c']);
    const { source } = (repo as unknown as { hot: { replaceUnsent: { source: string } } }).hot.replaceUnsent;
    const plan = (s.db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all({ body: 'b', key: 'k', family: 'f:', familyEnd: 'f;' }) as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan).toContain('outbox_unsent_key');
  });
});

describe('prefixEnd: the key range of a prefix', () => {
  // Every string that starts with the prefix sorts in [prefix, end) under SQLite's byte order; the end itself does not start with it.
  it.each([
    ['receipt:1:a:', 'receipt:1:a;'],
    ['a', 'b'],
    ['z\u{10FFFF}', '{'], // no successor of U+10FFFF: the range of the shorter prefix
    ['\uD7FF', '\uE000'], // past the surrogates
    ['é', 'ê'],
  ])('%j → %j', (prefix, end) => {
    expect(prefixEnd(prefix)).toBe(end);
    const c = testServices().db.$client;
    for (const inside of [prefix, `${prefix}x`, `${prefix}\u{10FFFF}`]) expect(c.prepare('SELECT ? >= ? AND ? < ? AS ok').get(inside, prefix, inside, end)).toEqual({ ok: 1 });
    expect(end.startsWith(prefix)).toBe(false);
    expect(c.prepare('SELECT ? > ? AS ok').get(end, prefix)).toEqual({ ok: 1 });
  });
  it('refuses an empty prefix (every string starts with it)', () => {
    expect(() => prefixEnd('')).toThrow(/empty prefix/);
  });
});
