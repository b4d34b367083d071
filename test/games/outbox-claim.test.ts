/**
 * Issue 16, the amend race at the outbox: a row a sender has claimed is never rewritten, and a
 * row waiting out its back-off holds back the later posts of its channel.
 */
import { describe, expect, it } from 'vitest';
import { testClock, testServices } from '../helpers/services';

const row = (gameId: number | null, channelId: string, dedupeKey: string, content: string, at: number) =>
  ({ gameId, channelId, body: JSON.stringify({ content }), dedupeKey, createdAt: at, nextAttemptAt: at });

describe('outbox claims', () => {
  it('coalesces unclaimed receipts, and queues a newer one behind a claimed one', () => {
    const clock = testClock(1_000);
    const { games: { repo } } = testServices({ clock });
    repo.enqueueLatest('receipt:1:a:', row(null, 'c', 'receipt:1:a:1', 'r1', 1_000));
    repo.enqueueLatest('receipt:1:a:', row(null, 'c', 'receipt:1:a:2', 'r2', 1_000));
    expect(repo.outboxFor('c').map((r) => r.body)).toEqual([JSON.stringify({ content: 'r2' })]); // a burst of amendments: one post
    const [claimed] = repo.outboxFor('c');
    expect(repo.claimOutbox(claimed!.id, 1_001)).toMatchObject({ id: claimed!.id, claimedAt: 1_001 });
    repo.enqueueLatest('receipt:1:a:', row(null, 'c', 'receipt:1:a:3', 'r3', 1_002));
    repo.enqueueLatest('receipt:1:a:', row(null, 'c', 'receipt:1:a:4', 'r4', 1_003));
    // Another seat whose id merely matches as a LIKE pattern ("_" is any character there) is its own family.
    repo.enqueueLatest('receipt:1:a_:', row(null, 'c', 'receipt:1:a_:1', 'other', 1_003));
    repo.enqueueLatest('receipt:1:ab:', row(null, 'c', 'receipt:1:ab:1', 'third', 1_003));
    expect(repo.outboxFor('c').map((r) => (JSON.parse(r.body) as { content: string }).content)).toEqual(['r2', 'r4', 'other', 'third']);
    // A claim survives a restart (it is in the database): a second claim keeps the first time.
    expect(repo.claimOutbox(claimed!.id, 2_000)!.claimedAt).toBe(1_001);
    repo.markSent(claimed!.id, 2_001);
    expect(repo.claimOutbox(claimed!.id, 2_002)).toBeNull();
  });

  it('holds back a channel behind a post in back-off, and only that channel', () => {
    const clock = testClock(1_000);
    const { games: { repo } } = testServices({ clock });
    repo.enqueue(row(null, 'c', 'k1', 'receipt', 1_000));
    repo.enqueue(row(null, 'c', 'k2', 'reveal', 1_000));
    repo.enqueue(row(null, 'd', 'k3', 'elsewhere', 1_000));
    const [first] = repo.outboxFor('c');
    repo.markFailed(first!.id, 1, 11_000, 'Missing Access');
    expect(repo.dueOutbox(1_000).map((r) => r.dedupeKey)).toEqual(['k3']);
    expect(repo.dueOutbox(11_000).map((r) => r.dedupeKey)).toEqual(['k1', 'k2', 'k3']);
  });
});
