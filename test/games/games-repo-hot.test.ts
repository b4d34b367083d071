/**
 * Issue 12, load: the reads and writes every input makes. A live game's row leaves its state
 * text in the database until something reads it (the service keeps each version parsed), and a
 * sealed receipt finds the unsent post it supersedes through the dedupe index, not by scanning
 * every unsent post.
 */
import { describe, expect, it } from 'vitest';
import { testServices } from '../helpers/services';

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

describe('superseding an unsent receipt', () => {
  it('looks the family up among the unsent posts (outbox_pending: sent receipts are never walked), and leaves neighbouring families alone', () => {
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
    const { sql, params } = (repo as unknown as { hot: { replaceUnsent: { getQuery(): { sql: string; params: unknown[] } } } }).hot.replaceUnsent.getQuery();
    const plan = (s.db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params.map(() => 'x')) as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan).toContain('outbox_pending');
  });
});
