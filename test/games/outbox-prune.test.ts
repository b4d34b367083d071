/**
 * Issue 12: sent receipts (a row per input) leave the outbox after the retention; what is read
 * again stays: unsent posts, the dedupe keys of a turn's posts, the dashboard's jump link.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_RETENTION_MS, OutboxSender } from '../../src/games/outbox';
import { testClock, testServices } from '../helpers/services';

const DAY = 86_400_000;
const row = (dedupeKey: string | null, at: number) => ({ gameId: null, channelId: 'c', body: JSON.stringify({ content: dedupeKey ?? 'keyless' }), dedupeKey, createdAt: at, nextAttemptAt: at });
const never = { post: () => Promise.reject(new Error('nothing should be posted')) };

describe('outbox pruning', () => {
  function filled() {
    const clock = testClock(100 * DAY);
    const s = testServices({ clock });
    const repo = s.games.repo;
    const sent = (key: string | null, ageDays: number, messageId: string | null = null) => {
      repo.enqueue(row(key, clock() - ageDays * DAY));
      const r = repo.outboxFor('c').at(-1)!;
      repo.markSent(r.id, clock() - ageDays * DAY, messageId);
    };
    sent('receipt:1:french:7', 9);
    sent('receipt:1:french:8', 8);
    sent(null, 30);
    sent('resolution:1:0', 9, 'm-1');
    sent('resolution:1:1', 9);
    sent('window-open:1', 10);
    sent('receipt:2:french:9', 6);
    repo.enqueue(row('receipt:2:austrians:10', clock() - 20 * DAY)); // never sent (failing channel): kept
    return { clock, repo, s };
  }
  const keys = (repo: ReturnType<typeof filled>['repo']) => repo.outboxFor('c').map((r) => r.dedupeKey);

  it('deletes sent receipts and keyless posts past the retention (a week by default), and nothing else', async () => {
    const { clock, repo } = filled();
    expect(DEFAULT_OUTBOX_RETENTION_MS).toBe(7 * DAY);
    const sender = new OutboxSender(repo, never, clock);
    expect(await sender.prune()).toBe(3);
    expect(keys(repo)).toEqual(['resolution:1:0', 'resolution:1:1', 'window-open:1', 'receipt:2:french:9', 'receipt:2:austrians:10']);
    // The dashboard's jump link to the last resolution still resolves.
    expect(repo.sentMessageId('resolution:1:0')).toBe('m-1');
    // A turn's post is still posted only once: its key is kept.
    repo.enqueue(row('window-open:1', clock()));
    expect(keys(repo).filter((k) => k === 'window-open:1')).toHaveLength(1);
    expect(await sender.prune()).toBe(0);
  });

  it('follows the retention setting, in batches until none is left', async () => {
    const { clock, repo } = filled();
    for (let i = 0; i < 4_500; i++) repo.enqueue(row(`receipt:3:a:${100 + i}`, clock() - 2 * DAY));
    for (const r of repo.outboxFor('c')) if (r.dedupeKey?.startsWith('receipt:3:')) repo.markSent(r.id, clock() - 2 * DAY);
    expect(await new OutboxSender(repo, never, clock, undefined, undefined, { retentionMs: 1 * DAY }).prune()).toBe(4_500 + 4);
    expect(keys(repo)).toEqual(['resolution:1:0', 'resolution:1:1', 'window-open:1', 'receipt:2:austrians:10']);
  });

  it('a storage error is logged, not thrown, and the next prune tries again', async () => {
    const { clock, repo, s } = filled();
    const warned: unknown[] = [];
    const log = { warn: (o: unknown) => warned.push(o), info: () => undefined } as never;
    s.db.$client.exec("CREATE TRIGGER no_delete BEFORE DELETE ON outbox BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END");
    const sender = new OutboxSender(repo, never, clock, log);
    expect(await sender.prune()).toBe(0);
    expect(warned).toHaveLength(1);
    s.db.$client.exec('DROP TRIGGER no_delete');
    expect(await sender.prune()).toBe(3);
  });
});
