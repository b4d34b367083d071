/**
 * LOAD_TRACE (issue 12): the bot marks each interaction's stages and the fake Discord its own, on
 * one clock, so bench:load can say where an acknowledgement waits. Checked through the real
 * discord.js client: every stage of a command's life is marked, once, in the order it happens.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { startDiscord, type DiscordBot } from '../../src/adapters/discord';
import { openDb } from '../../src/db/open';
import { loadTrace, TRACE_STAGES, type LoadTrace } from '../../src/lib/load-trace';
import { createLogger } from '../../src/logger';
import { createServices } from '../../src/services/services';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord';
import { testSeeds } from '../helpers/services';

const GUILD = '1310000000000000001';
const CHANNEL = '1310000000000000002';

describe('LOAD_TRACE: an interaction traced stage by stage in the bot and the fake', () => {
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let trace: LoadTrace;
  const file = join(mkdtempSync(join(tmpdir(), 'estafette-trace-')), 'trace.json');
  beforeAll(async () => {
    fake = await startFakeDiscord({ trace: true, guilds: [{ id: GUILD, name: 'Ligny', channels: [{ id: CHANNEL, name: 'battle' }] }] });
    const dir = mkdtempSync(join(tmpdir(), 'estafette-trace-db-'));
    const services = createServices(openDb(join(dir, 't.db')), { dbPath: join(dir, 't.db'), seedEpochHours: 24, newSeed: testSeeds() });
    trace = loadTrace(file);
    bot = await startDiscord({ token: fake.token, restApi: fake.restApi, commands: commandMap(), services, log: createLogger('silent'), trace });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
  });

  it('marks every stage of a committed, durable, answered /roll, in order, on both sides', async () => {
    const ix = fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: { id: '1310000000000000010', username: 'grouchy' }, name: 'roll', options: [{ name: 'expression', type: 3, value: '2d6' }] });
    const h = await ix.waitForResponse();
    expect(h.callback?.content).toMatch(/2d6/);
    // The reply's promise settles once the fake's HTTP answer is back in the bot: read the trace until it is there.
    const read = () => { trace.write(); return JSON.parse(readFileSync(file, 'utf8')) as { stages: string[]; rows: Record<string, number[]> }; };
    let out = read();
    for (let i = 0; i < 250 && !out.rows[ix.id]?.[TRACE_STAGES.indexOf('replyDone')]; i++) {
      await new Promise((r) => setTimeout(r, 20));
      out = read();
    }
    const row = out.rows[ix.id]!;
    expect(out.stages).toEqual([...TRACE_STAGES]);
    for (const [i, at] of row.entries()) expect(at, TRACE_STAGES[i]).toBeGreaterThan(0);
    for (let i = 1; i < row.length; i++) expect(row[i]!, `${TRACE_STAGES[i - 1]} → ${TRACE_STAGES[i]}`).toBeGreaterThanOrEqual(row[i - 1]!);
    const f = fake.trace!.get(ix.id)!;
    const bot = (s: (typeof TRACE_STAGES)[number]) => row[TRACE_STAGES.indexOf(s)]!;
    expect(f.frameSent!).toBeLessThanOrEqual(bot('frame'));
    expect(f.callbackIn!).toBeGreaterThanOrEqual(bot('replyStart'));
    expect(f.callbackDone!).toBeGreaterThanOrEqual(f.callbackIn!);
    expect(bot('replyDone')).toBeGreaterThanOrEqual(f.callbackDone!);
  });

  it('traces nothing in the fake unless asked', async () => {
    const plain = await startFakeDiscord();
    expect(plain.trace).toBeNull();
    await plain.close();
  });
  it('holds interactions while the bot is paused for a WAL restart (src/db/checkpointer.ts), answers them once released, and traces each turn of the queue', async () => {
    const release = bot.pause();
    const ix = fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: { id: '1310000000000000010', username: 'grouchy' }, name: 'roll', options: [{ name: 'expression', type: 3, value: '1d6' }] });
    let answered = false;
    const h = ix.waitForResponse().then((x) => { answered = true; return x; });
    // Delivered to the bot and queued, but not run while the pause lasts.
    for (let i = 0; i < 250 && !fake.trace!.get(ix.id)?.frameSent; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(answered).toBe(false);
    release();
    expect((await h).callback?.content).toMatch(/1d6/);
    trace.write();
    const out = JSON.parse(readFileSync(file, 'utf8')) as { spans: [string, number, number, number?][] };
    expect(out.spans.some(([k, , , n]) => k === 'turn' && n === 1)).toBe(true);
  });
});
