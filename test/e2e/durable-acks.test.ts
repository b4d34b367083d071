/**
 * Group commit (issue 12): nothing is acknowledged before it is on disk. Each ack path — a
 * Discord reply, an outbox post, a console reply — is held while the fsync of its commit is held,
 * and a failed fsync turns the ack into a private "not confirmed" error, logged, never a success.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { runConsole } from '../../src/adapters/console';
import { startDiscord, type DiscordBot } from '../../src/adapters/discord';
import { openDb } from '../../src/db/open';
import { OutboxSender, type ChannelPoster } from '../../src/games/outbox';
import { createLogger } from '../../src/logger';
import { createServices } from '../../src/services/services';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord';
import { gatedSync, settle } from '../helpers/gated-sync';
import { testSeeds } from '../helpers/services';

const GUILD = '1300000000000000001';
const CHANNEL = '1300000000000000002';
const NEY = { id: '1300000000000000010', username: 'ney' };

/** Services on a real WAL file whose fsyncs the test holds, with the log captured. */
function gatedServices() {
  const g = gatedSync();
  const path = join(mkdtempSync(join(tmpdir(), 'estafette-acks-')), 'a.db');
  const db = openDb(path, { sync: g.sync });
  let logs = '';
  const log = createLogger('info', new Writable({ write(c, _e, cb) { logs += c.toString(); cb(); } }));
  const services = createServices(db, { dbPath: path, seedEpochHours: 24, newSeed: testSeeds() });
  return { g, db, services, log, logs: () => logs };
}

describe('acknowledgements wait for the fsync of their commit', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds: [{ id: GUILD, name: 'Quatre Bras', channels: [{ id: CHANNEL, name: 'battle' }] }] });
  });
  afterAll(async () => { await fake?.close(); });

  async function botOn(s: ReturnType<typeof gatedServices>): Promise<DiscordBot> {
    return startDiscord({ token: fake.token, restApi: fake.restApi, commands: commandMap(), services: s.services, log: s.log });
  }
  const roll = () => fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'roll', options: [{ name: 'expression', type: 3, value: '2d6' }] });

  it('a Discord reply to /roll is not sent while its fsync is held, and is sent once it finishes', async () => {
    const s = gatedServices();
    const bot = await botOn(s);
    try {
      const ix = roll();
      await s.g.until(1);
      await new Promise((r) => setTimeout(r, 150)); // the bot has had time to answer, were it not held
      expect(ix.history.callback).toBeUndefined();
      expect(s.services.trail.repo.lastLink(GUILD)?.seq).toBeGreaterThan(0); // committed, not yet durable
      s.g.release();
      const h = await ix.waitForResponse();
      expect(h.callback!.content).toMatch(/rolled `2d6`/);
    } finally {
      await bot.stop();
      s.db.$client.close();
    }
  });

  it('a failed fsync answers privately that the roll is not confirmed, logs it, and never shows the dice', async () => {
    const s = gatedServices();
    const bot = await botOn(s);
    try {
      const ix = roll();
      await s.g.until(1);
      s.g.fail();
      const h = await ix.waitForResponse();
      expect(h.callback).toMatchObject({ ephemeral: true });
      expect(h.callback!.content).toMatch(/could not make sure it was saved/);
      expect(h.callback!.content).toContain('storage/not-durable');
      expect(h.callback!.content).not.toMatch(/rolled|2d6 \[/);
      expect(s.logs()).toMatch(/"level":50.*EIO/);
      // Every later command is refused the same way: no later fsync can vouch for the lost one.
      const again = await roll().waitForResponse();
      expect(again.callback!.content).toContain('storage/not-durable');
    } finally {
      await bot.stop();
      s.db.$client.close();
    }
  });
});

describe('outbox posts wait for the fsync of their commit', () => {
  function outboxOn(s: ReturnType<typeof gatedServices>) {
    const posted: string[] = [];
    const poster: ChannelPoster = { async post(_c, message) { posted.push(message.content ?? ''); return `m-${posted.length}`; } };
    const sender = new OutboxSender(s.services.games.repo, poster, () => 1_000, s.log);
    s.services.games.repo.enqueue({ gameId: null, channelId: CHANNEL, body: JSON.stringify({ content: 'receipt A' }), dedupeKey: null, createdAt: 0, nextAttemptAt: 0 });
    s.services.games.repo.enqueue({ gameId: null, channelId: CHANNEL, body: JSON.stringify({ content: 'notice B' }), dedupeKey: null, createdAt: 0, nextAttemptAt: 0 });
    return { posted, sender };
  }

  it('posts nothing while the fsync is held; one fsync releases the whole batch', async () => {
    const s = gatedServices();
    const o = outboxOn(s);
    const flushed = o.sender.flush();
    await s.g.until(1);
    await settle();
    expect(o.posted).toEqual([]);
    s.g.release();
    await expect(flushed).resolves.toBe(2);
    expect(o.posted).toEqual(['receipt A', 'notice B']);
    expect(s.g.started).toBe(1);
    s.db.$client.close();
  });

  it('a failed fsync posts nothing, logs it, and leaves the rows due', async () => {
    const s = gatedServices();
    const o = outboxOn(s);
    const flushed = o.sender.flush();
    await s.g.until(1);
    s.g.fail();
    await expect(flushed).resolves.toBe(0);
    expect(o.posted).toEqual([]);
    expect(s.logs()).toMatch(/"level":50.*not known to be on disk/);
    expect(s.services.games.repo.dueOutbox(1_000)).toHaveLength(2);
    s.db.$client.close();
  });
});

describe('console replies wait for the fsync of their commit', () => {
  it('prints the roll only after its fsync finished', async () => {
    const s = gatedServices();
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c: Buffer) => { text += c.toString(); });
    const done = runConsole({ commands: commandMap(), services: s.services, log: s.log, input, output, outputDir: mkdtempSync(join(tmpdir(), 'estafette-acks-out-')), user: { id: 'u1', name: 'Davout' } });
    input.write('/roll expression:1d6\n');
    await s.g.until(1);
    await settle();
    expect(text).not.toMatch(/rolled/);
    s.g.release();
    input.end();
    await done;
    expect(text).toMatch(/rolled `1d6`/);
    s.db.$client.close();
  });
});
