import Database from 'better-sqlite3';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { openDb } from '../../src/db/open';
import { GamesRepo } from '../../src/games/games.repo';
import { OutboxSender, type ChannelPoster } from '../../src/games/outbox';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { ReplyModel } from '../../src/interaction/reply';
import { createLogger } from '../../src/logger';
import { createServices } from '../../src/services/services';
import { testClock, testSeeds } from '../helpers/services';

const full = () => new Database.SqliteError('database or disk is full', 'SQLITE_FULL');

/** The real repository on a real database, whose writes fail while `failing` is set. */
function fixture() {
  const db = openDb(':memory:');
  const real = new GamesRepo(db);
  const state = { failing: false };
  const repo = Object.create(real) as GamesRepo;
  repo.markSent = (id, at, messageId) => { if (state.failing) throw full(); real.markSent(id, at, messageId); };
  repo.markFailed = (...a) => { if (state.failing) throw full(); real.markFailed(...a); };
  const posted: { channel: string; nonce: string; content: string }[] = [];
  let refuse = false;
  const poster: ChannelPoster = {
    async post(channel, message, nonce) {
      if (refuse) throw new Error('Discord is down');
      posted.push({ channel, nonce, content: message.content ?? '' });
      return `m-${posted.length}`;
    },
  };
  let logs = '';
  const log = createLogger('debug', new Writable({ write(c, _e, cb) { logs += c.toString(); cb(); } }));
  const clock = testClock(Date.UTC(2026, 10, 25));
  const sender = new OutboxSender(repo, poster, clock, log);
  const enqueue = (channel: string, content: string) => real.enqueue({ gameId: null, channelId: channel, body: JSON.stringify({ content }), dedupeKey: null, createdAt: 0, nextAttemptAt: 0 });
  return { db, real, state, posted, sender, clock, enqueue, logs: () => logs, refuse: (on: boolean) => { refuse = on; } };
}

describe('the outbox when storage fails (disk full, I/O errors)', () => {
  it('never posts a row twice when "sent" cannot be recorded, holds later posts, and catches up when space returns', async () => {
    const f = fixture();
    f.enqueue('c1', 'receipt A');
    f.enqueue('c1', 'receipt B');
    f.enqueue('c2', 'notice C');
    f.state.failing = true;
    // c1 and c2 post at once (their own lanes): both go out once and neither can be recorded;
    // c1's B, behind the unrecorded A, is held.
    await expect(f.sender.flush()).resolves.toBe(2);
    expect(f.posted.map((p) => p.content)).toEqual(['receipt A', 'notice C']);
    expect(f.sender.unrecordedCount).toBe(2);
    // Polls while the disk stays full: nothing re-sent, nothing new sent, no rejection.
    for (let i = 0; i < 5; i++) await expect(f.sender.flush()).resolves.toBe(0);
    expect(f.posted).toHaveLength(2);
    expect(f.logs()).toContain('"code":"SQLITE_FULL"');
    expect(f.logs().match(/"level":50/g)).toHaveLength(1); // one error, then debug lines: no log flood
    // Space returns: A and C are recorded (not re-posted), then B goes out, each with its own nonce.
    f.state.failing = false;
    await expect(f.sender.flush()).resolves.toBe(1);
    expect(f.posted.map((p) => p.content)).toEqual(['receipt A', 'notice C', 'receipt B']);
    expect(new Set(f.posted.map((p) => p.nonce)).size).toBe(3);
    expect(f.real.outboxFor('c1').every((r) => r.sentAt !== null)).toBe(true);
    expect(f.real.outboxFor('c2').every((r) => r.sentAt !== null)).toBe(true);
    // Each row keeps the id of the message it became, A's too though it was recorded late (issue 11).
    expect(f.real.outboxFor('c1').map((r) => r.messageId)).toEqual(['m-1', 'm-3']);
    expect(f.real.outboxFor('c2').map((r) => r.messageId)).toEqual(['m-2']);
    expect(f.logs()).toContain('storage works again');
  });

  it('backs off in memory when a failed post cannot be recorded either, and retries with the same nonce', async () => {
    const f = fixture();
    f.enqueue('c1', 'map');
    f.refuse(true);
    f.state.failing = true;
    await expect(f.sender.flush()).resolves.toBe(0);
    f.refuse(false);
    await f.sender.flush();
    expect(f.posted).toHaveLength(0); // held back, not hammered every poll
    f.clock.advance(11_000);
    f.state.failing = false;
    await expect(f.sender.flush()).resolves.toBe(1);
    expect(f.posted).toEqual([{ channel: 'c1', nonce: `estafette-${f.real.outboxFor('c1')[0]!.id}`, content: 'map' }]);
  });

  it('resolves flush even when the outbox cannot be read (I/O error)', async () => {
    const f = fixture();
    (f.sender as unknown as { repo: GamesRepo }).repo.dueOutbox = () => { throw new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_READ'); };
    await expect(f.sender.flush()).resolves.toBe(0);
    expect(f.logs()).toContain('SQLITE_IOERR_READ');
  });
});

describe('the error boundary when the disk is full', () => {
  it('answers privately that storage is failing and nothing was recorded (a real SQLITE_FULL from max_page_count)', async () => {
    const db = openDb(':memory:');
    const services = createServices(db, { clock: testClock(), seedEpochHours: 24, newSeed: testSeeds() });
    let logs = '';
    const log = createLogger('info', new Writable({ write(c, _e, cb) { logs += c.toString(); cb(); } }));
    const ctx: CommandContext = { guildId: '111111111111111111', channelId: '2', user: { id: '5', name: 'Soult' }, isAdmin: false, services, now: () => new Date(Date.UTC(1815, 5, 18)), log, users: {} };
    const inv: Invocation = { name: 'roll', options: { expression: '2d6', reason: 'x'.repeat(90) } };
    const run = async (): Promise<ReplyModel> => {
      try { return await execute(prepare(commandMap(), inv), ctx); } catch (e) { return errorReply(e, ctx, inv, { guildId: ctx.guildId, userId: '5' }); }
    };
    await run();
    db.$client.pragma(`max_page_count = ${db.$client.pragma('page_count', { simple: true }) as number}`);
    let reply: ReplyModel | undefined;
    for (let i = 0; i < 500 && !reply?.content?.includes('storage'); i++) reply = await run();
    expect(reply).toMatchObject({ visibility: 'private' });
    expect(reply!.content).toContain("The bot's storage is full or failing");
    expect(reply!.content).toContain('nothing was recorded');
    expect(reply!.content).toContain('`storage/unavailable`');
    expect(reply!.content).not.toMatch(/SQLITE|at .*\.ts/);
    expect(logs).toMatch(/"storage":"SQLITE_FULL"/);
    // The trail is intact: the failed roll left no half-written entry.
    expect(services.rolls.verify('111111111111111111').ok).toBe(true);
  });
});
