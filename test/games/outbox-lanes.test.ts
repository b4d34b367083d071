/**
 * Per-channel fairness (issue 12, load): Discord rate-limits each channel on its own, so a
 * channel whose posts are slow (waiting out 429s) must not hold back another channel's posts.
 * Each channel keeps its order, at most MAX_CHANNELS_IN_FLIGHT channels post at once, and a
 * crash between posting and recording "sent" still never posts a row twice once it is marked.
 */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { GamesRepo } from '../../src/games/games.repo';
import { MAX_CHANNELS_IN_FLIGHT, OutboxSender, type ChannelPoster } from '../../src/games/outbox';
import { testClock } from '../helpers/services';

/** A poster whose channel `slow` waits until released (as discord.js waits out a channel's rate limit). */
function fakePoster(slowChannels: readonly string[] = []) {
  const posted: { channel: string; content: string; nonce: string }[] = [];
  const waiting: (() => void)[] = [];
  const inFlight = { now: 0, max: 0 };
  const perChannel = new Map<string, number>();
  let calls = 0;
  const poster: ChannelPoster = {
    async post(channel, message, nonce) {
      calls++;
      inFlight.now++;
      inFlight.max = Math.max(inFlight.max, inFlight.now);
      perChannel.set(channel, (perChannel.get(channel) ?? 0) + 1);
      if (perChannel.get(channel)! > 1) throw new Error(`two posts in flight in ${channel}`);
      try {
        if (slowChannels.includes(channel)) await new Promise<void>((r) => waiting.push(r));
        posted.push({ channel, content: message.content ?? '', nonce });
        return `m-${posted.length}`;
      } finally {
        inFlight.now--;
        perChannel.set(channel, perChannel.get(channel)! - 1);
      }
    },
  };
  return { poster, posted, inFlight, calls: () => calls, release: () => { for (const r of waiting.splice(0)) r(); } };
}

function fixture(slow: readonly string[] = []) {
  const db = openDb(':memory:');
  const repo = new GamesRepo(db);
  const clock = testClock(1_000);
  const fake = fakePoster(slow);
  const enqueue = (channel: string, content: string) =>
    repo.enqueue({ gameId: null, channelId: channel, body: JSON.stringify({ content }), dedupeKey: null, createdAt: clock(), nextAttemptAt: clock() });
  return { db, repo, clock, fake, enqueue, sender: new OutboxSender(repo, fake.poster, clock) };
}

const contents = (posted: { channel: string; content: string }[], channel: string) => posted.filter((p) => p.channel === channel).map((p) => p.content);

describe('outbox lanes', () => {
  it('posts another channel while one channel is held by its rate limit, and keeps each channel in order', async () => {
    const f = fixture(['busy']);
    for (let i = 1; i <= 5; i++) f.enqueue('busy', `busy ${i}`);
    f.enqueue('quiet', 'quiet 1');
    const first = f.sender.flush();
    // quiet's post goes out while busy's first post is still waiting out its limit.
    await expect.poll(() => contents(f.fake.posted, 'quiet')).toEqual(['quiet 1']);
    expect(contents(f.fake.posted, 'busy')).toEqual([]);
    // A post queued later in quiet is not behind busy either: a new flush takes it at once.
    f.enqueue('quiet', 'quiet 2');
    await expect(f.sender.flush()).resolves.toBe(1);
    expect(contents(f.fake.posted, 'quiet')).toEqual(['quiet 1', 'quiet 2']);
    // busy's posts, released one at a time, leave in the order they were queued.
    while (contents(f.fake.posted, 'busy').length < 5) { f.fake.release(); await new Promise((r) => setImmediate(r)); }
    await expect(first).resolves.toBe(6);
    expect(contents(f.fake.posted, 'busy')).toEqual(['busy 1', 'busy 2', 'busy 3', 'busy 4', 'busy 5']);
    expect(f.repo.outboxFor('busy').every((r) => r.sentAt !== null)).toBe(true);
    await f.sender.stop();
  });

  it(`posts to at most ${MAX_CHANNELS_IN_FLIGHT} channels at once, one post in flight per channel, and gets to the rest`, async () => {
    const channels = Array.from({ length: 7 }, (_, i) => `c${i}`);
    const f = fixture(channels);
    for (const c of channels) for (let i = 1; i <= 3; i++) f.enqueue(c, `${c} ${i}`);
    const first = f.sender.flush();
    await expect.poll(() => f.fake.inFlight.now).toBe(MAX_CHANNELS_IN_FLIGHT);
    // Releasing lets every channel through (a lane that ends starts the channels left waiting).
    while (f.fake.posted.length < 21) { f.fake.release(); await new Promise((r) => setImmediate(r)); }
    await first;
    await f.sender.stop();
    expect(f.fake.inFlight.max).toBe(MAX_CHANNELS_IN_FLIGHT);
    for (const c of channels) expect(contents(f.fake.posted, c)).toEqual([`${c} 1`, `${c} 2`, `${c} 3`]);
    expect(f.fake.calls()).toBe(21); // none posted twice
  });

  it('a failing channel backs off alone: the other channel\'s later posts still go', async () => {
    const f = fixture();
    let refuse = true;
    const sender = new OutboxSender(f.repo, { post: async (channel, m, nonce) => { if (channel === 'down' && refuse) throw new Error('Missing Access'); return f.fake.poster.post(channel, m, nonce); } }, f.clock);
    f.enqueue('down', 'down 1');
    f.enqueue('down', 'down 2');
    f.enqueue('up', 'up 1');
    await expect(sender.flush()).resolves.toBe(1);
    f.enqueue('up', 'up 2');
    await expect(sender.flush()).resolves.toBe(1);
    expect(f.fake.posted.map((p) => p.content)).toEqual(['up 1', 'up 2']);
    refuse = false;
    f.clock.advance(11_000); // past the back-off
    await expect(sender.flush()).resolves.toBe(2);
    expect(contents(f.fake.posted, 'down')).toEqual(['down 1', 'down 2']);
  });

  it('after a crash mid-post, a claimed row not marked sent is posted again with the same nonce; a row marked sent never is', async () => {
    const f = fixture(['c']);
    f.enqueue('c', 'first');
    f.enqueue('d', 'elsewhere');
    void f.sender.flush(); // this process "dies" while c's post waits on Discord
    await expect.poll(() => contents(f.fake.posted, 'd')).toEqual(['elsewhere']);
    const [row] = f.repo.outboxFor('c');
    expect(row!.claimedAt).not.toBeNull();
    expect(row!.sentAt).toBeNull();
    // A new process on the same database.
    const after = fakePoster();
    const restarted = new OutboxSender(f.repo, after.poster, f.clock);
    await expect(restarted.flush()).resolves.toBe(1);
    expect(after.posted).toEqual([{ channel: 'c', content: 'first', nonce: `estafette-${row!.id}` }]);
    // Marked sent now: a third process posts nothing.
    const third = fakePoster();
    await expect(new OutboxSender(f.repo, third.poster, f.clock).flush()).resolves.toBe(0);
    expect(third.calls()).toBe(0);
    f.fake.release();
  });
});
