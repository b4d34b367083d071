/**
 * Commands run in a turn's batch (issue 12, src/db/batch.ts), as the Discord adapter's queue runs
 * them: several /roll of one turn commit together and share one fsync; each is shown (reply,
 * shown mark) only once that commit is durable; a turn whose COMMIT fails answers every one of
 * its inputs "not confirmed" and leaves the trail and the marks as they were. Without a batch
 * (the local console, services called directly) rolls are shown as before.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandMap } from '../../commands/index';
import { runConsole } from '../../src/adapters/console';
import { startDiscord } from '../../src/adapters/discord';
import Database from 'better-sqlite3';
import { TurnBatch, TurnCommitError } from '../../src/db/batch';
import { openDb } from '../../src/db/open';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { ReplyModel } from '../../src/interaction/reply';
import { createLogger } from '../../src/logger';
import { createServices } from '../../src/services/services';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord';
import { gatedSync, settle } from '../helpers/gated-sync';
import { silentLog, testSeeds } from '../helpers/services';

const GUILD = '1300000000000000101';
const CHANNEL = '1300000000000000102';
const commands = commandMap();

function gated() {
  const g = gatedSync();
  const path = join(mkdtempSync(join(tmpdir(), 'estafette-batch-')), 'b.db');
  const db = openDb(path, { sync: g.sync });
  let logs = '';
  const log = createLogger('info', new Writable({ write(c, _e, cb) { logs += c.toString(); cb(); } }));
  const services = createServices(db, { dbPath: path, seedEpochHours: 24, newSeed: testSeeds() });
  const marks = () => (existsSync(`${path}.shown`) ? readFileSync(`${path}.shown`, 'utf8').split('\n').filter(Boolean) : []);
  const ctx = (user: string) => ({ guildId: GUILD, channelId: CHANNEL, user: { id: user, name: user }, isAdmin: false, services, now: () => new Date(), log, users: {} });
  /** A /roll as the adapter runs it: executed, and its error (if any) answered by the boundary. */
  const roll = (user: string): Promise<ReplyModel> => {
    const inv = { name: 'roll', options: { expression: '2d6' } };
    return execute(prepare(commands, inv), ctx(user)).catch((e: unknown) => errorReply(e, ctx(user), inv, { guildId: GUILD, userId: user }));
  };
  /** A first roll (and the epoch it opens), outside any batch, its fsync let through. */
  const first = async () => {
    const r = roll('u0');
    await g.until(1);
    g.release();
    expect((await r).content).toMatch(/rolled/);
    await settle();
  };
  return { g, db, services, marks, roll, first, logs: () => logs, head: () => services.trail.repo.lastLink(GUILD)?.seq ?? 0 };
}

describe('commands in a turn\'s batch', () => {
  it('rolls of one turn commit together and share one fsync; replies and shown marks wait for it', async () => {
    const s = gated();
    await s.first();
    expect(s.marks()).toHaveLength(1);
    const fsyncs = s.g.started;
    let replies: Promise<ReplyModel>[] = [];
    let marksInTurn: unknown = 'unset';
    s.db.$batch.run(() => {
      replies = ['u1', 'u2', 'u3'].map((u) => s.roll(u));
      marksInTurn = s.marks().length;
      expect(s.db.$client.inTransaction).toBe(true); // not committed yet
    });
    expect(marksInTurn).toBe(1);
    expect(s.head()).toBe(5); // epoch-open, roll 1, then 3, 4, 5: committed once the turn ended
    let answered = 0;
    for (const r of replies) void r.then(() => answered++);
    await s.g.until(1);
    await settle();
    expect(s.g.started - fsyncs).toBe(1); // one fsync for the turn's three commits' worth
    expect(answered).toBe(0);
    expect(s.marks()).toHaveLength(1); // not shown before its commit is durable
    s.g.release();
    const out = await Promise.all(replies);
    for (const r of out) expect(r.content).toMatch(/rolled `2d6`/);
    await settle();
    expect(s.marks().at(-1)).toMatch(new RegExp(`^${GUILD} 5 [0-9a-f]{64}$`));
    expect(s.services.trail.repo.firstBreak(GUILD)).toBeNull();
    s.db.$client.close();
  });

  it('a turn whose COMMIT fails answers every input "not confirmed", shows nothing and records nothing; the next turn goes on from the same trail', async () => {
    const s = gated();
    await s.first();
    const before = s.head();
    let replies: Promise<ReplyModel>[] = [];
    s.db.$batch.run(() => {
      replies = ['u1', 'u2'].map((u) => s.roll(u));
      // A third input whose work SQLite refuses only at COMMIT (a deferred foreign key): the
      // COMMIT of the whole turn fails, as it would on a full disk.
      s.db.$client.pragma('defer_foreign_keys = ON');
      s.db.$client.prepare("INSERT INTO seats (game_id, seat_id, user_id) VALUES (999999, 'x', 'u')").run();
    });
    const out = await Promise.all(replies);
    for (const r of out) {
      expect(r.visibility).toBe('private');
      expect(r.content).toMatch(/could not make sure it was saved/);
      expect(r.content).toContain('storage/not-durable');
      expect(r.content).not.toMatch(/rolled/);
    }
    expect(s.logs()).toMatch(/the commit of its turn failed/);
    expect(s.head()).toBe(before);
    await settle();
    expect(s.marks()).toHaveLength(1);
    const next = s.roll('u3');
    await s.g.until(1);
    s.g.release();
    expect((await next).content).toMatch(/rolled `2d6`/);
    expect(s.head()).toBe(before + 1);
    expect(s.services.trail.repo.firstBreak(GUILD)).toBeNull(); // no false break from marks of lost rolls
    s.db.$client.close();
  });

  it('a turn whose COMMIT failed on a full or failing disk is answered as any storage failure: not carried out, nothing recorded', () => {
    const log = createLogger('silent');
    const inv = { name: 'roll', options: { expression: '2d6' } };
    const where = { guildId: GUILD, userId: 'u1' };
    for (const code of ['SQLITE_FULL', 'SQLITE_IOERR_WRITE']) {
      const r = errorReply(new TurnCommitError(new Database.SqliteError('disk I/O error', code)), { log }, inv, where);
      expect(r.visibility).toBe('private');
      expect(r.content).toContain('nothing was recorded');
      expect(r.content).toContain('storage/unavailable');
    }
    const refused = errorReply(new TurnCommitError(new Database.SqliteError('FOREIGN KEY constraint failed', 'SQLITE_CONSTRAINT_FOREIGNKEY')), { log }, inv, where);
    expect(refused.content).toContain('storage/not-durable');
    expect(refused.content).not.toMatch(/rolled/);
  });

  it('a turn that does not commit forgets the game states parsed during it', () => {
    const db = openDb(':memory:');
    const services = createServices(db, { seedEpochHours: 24, newSeed: testSeeds() });
    const parsed = (services.games as unknown as { parsed: { size: number } }).parsed;
    return (async () => {
      const gm = { id: 'gm', name: 'GM' };
      await services.games.create({ guildId: GUILD, channelId: CHANNEL, gm, ruleset: 'dram', scenario: 'saint-remy' });
      services.games.live(CHANNEL);
      expect(parsed.size).toBe(1);
      db.$batch.run(() => {
        services.games.live(CHANNEL);
        db.$client.exec('ROLLBACK');
      });
      expect(parsed.size).toBe(0);
    })();
  });

  it('the local console runs no batch: a roll is shown once durable, as before', async () => {
    const s = gated();
    const run = vi.spyOn(TurnBatch.prototype, 'run');
    const input = new PassThrough();
    let text = '';
    const output = new Writable({ write(c, _e, cb) { text += c.toString(); cb(); } });
    const done = runConsole({ commands, services: s.services, log: silentLog, input, output, outputDir: mkdtempSync(join(tmpdir(), 'estafette-batch-out-')), user: { id: 'u1', name: 'Davout' } });
    input.write('/roll expression:1d6\n');
    await s.g.until(1);
    await settle();
    expect(text).not.toMatch(/rolled/);
    expect(s.marks()).toHaveLength(0);
    s.g.release();
    input.end();
    await done;
    expect(text).toMatch(/rolled `1d6`/);
    expect(s.marks()).toHaveLength(1);
    expect(run).not.toHaveBeenCalled();
    run.mockRestore();
    s.db.$client.close();
  });
});

describe('the Discord adapter with TURN_BATCH on', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds: [{ id: GUILD, name: 'Ligny', channels: [{ id: CHANNEL, name: 'battle' }] }] });
  });
  afterAll(async () => { await fake?.close(); });

  it('runs each turn in the database\'s batch, and a /roll is answered and marked once durable', async () => {
    const s = gated();
    const run = vi.spyOn(s.db.$batch, 'run');
    const bot = await startDiscord({ token: fake.token, restApi: fake.restApi, commands, services: s.services, log: silentLog, turn: (items) => s.db.$batch.run(items) });
    try {
      const ix = fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: { id: '1300000000000000110', username: 'ney' }, name: 'roll', options: [{ name: 'expression', type: 3, value: '2d6' }] });
      await s.g.until(1);
      await settle();
      expect(ix.history.callback).toBeUndefined();
      expect(s.marks()).toHaveLength(0);
      expect(run).toHaveBeenCalled();
      s.g.release();
      const h = await ix.waitForResponse();
      expect(h.callback!.content).toMatch(/rolled `2d6`/);
      await settle();
      expect(s.marks()).toHaveLength(1);
    } finally {
      await bot.stop();
      s.db.$client.close();
    }
  });
});
