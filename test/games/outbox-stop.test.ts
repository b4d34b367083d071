import { describe, expect, it } from 'vitest';
import { ALREADY_DURABLE } from '../../src/db/durability';
import type { GamesRepo } from '../../src/games/games.repo';
import { OutboxSender } from '../../src/games/outbox';

describe('OutboxSender.stop', () => {
  it('waits for a flush under way, and no flush queued before it touches the database afterwards', async () => {
    let release: () => void = () => undefined;
    let posting: () => void = () => undefined;
    const posted = new Promise<void>((r) => { posting = r; });
    const touched: string[] = [];
    const row = { id: 1, gameId: 1, channelId: 'c', body: JSON.stringify({ content: 'hi' }), dedupeKey: 'k', attempts: 0, createdAt: 0, nextAttemptAt: 0, sentAt: null, claimedAt: null, lastError: null };
    const repo = {
      dueOutbox: () => { touched.push('due'); return [row]; },
      claimOutbox: () => { touched.push('claim'); return row; },
      markSent: () => { touched.push('sent'); },
      markFailed: () => { touched.push('failed'); },
      durability: ALREADY_DURABLE,
    } as unknown as GamesRepo;
    const poster = { post: () => new Promise<void>((r) => { release = r; posting(); }) };
    const sender = new OutboxSender(repo, poster as never, () => 0);
    const first = sender.flush();
    sender.kick(); // a kick queued while the first flush waits on Discord
    await posted;
    const stopping = sender.stop();
    release();
    await stopping;
    expect(await first).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(await sender.flush()).toBe(0);
    expect(touched).toEqual(['due', 'claim', 'sent']);
  });
});

describe('OutboxSender.kick', () => {
  it('many kicks before the loop turns scan once: a turn\'s orders each kick after their commit', async () => {
    let scans = 0;
    const repo = { dueOutbox: () => { scans++; return []; }, nextDueAfter: () => null, durability: ALREADY_DURABLE } as unknown as GamesRepo;
    const sender = new OutboxSender(repo, { post: async () => undefined } as never, () => 0);
    for (let i = 0; i < 40; i++) sender.kick();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(scans).toBe(1);
    sender.kick(); // a later kick scans again
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(scans).toBe(2);
  });
});
