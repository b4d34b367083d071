/**
 * End to end through the REAL discord.js client: the bot's Discord adapter, command layer and
 * services against the fake Discord on 127.0.0.1 (test/helpers/fake-discord.ts).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMap, COMMANDS } from '../../commands/index';
import { startDiscord, type DiscordBot } from '../../src/adapters/discord';
import { AuditExport } from '../../src/dice/entry';
import { verifyChain } from '../../src/dice/verify';
import type { Services } from '../../src/services/services';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord';
import { silentLog, testServices } from '../helpers/services';

const GUILD = '1200000000000000001';
const CHANNEL = '1200000000000000002';
const NEY = { id: '1200000000000000010', username: 'ney', globalName: 'Michel Ney' };
const ADMIN = { id: '1200000000000000011', username: 'napoleon' };
const MANAGE_GUILD = String(1n << 5n);

describe('the bot on (fake) Discord', () => {
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let services: Services;

  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds: [{ id: GUILD, name: 'Waterloo', channels: [{ id: CHANNEL, name: 'battle' }] }] });
    services = testServices();
    bot = await startDiscord({ token: fake.token, restApi: fake.restApi, commands: commandMap(), services, log: silentLog });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
  });

  const roll = (options: Record<string, string | boolean>, user: { id: string; username: string; globalName?: string } = NEY) => fake.sendSlashCommand({
    guildId: GUILD, channelId: CHANNEL, user, name: 'roll',
    options: Object.entries(options).map(([name, value]) => ({ name, type: typeof value === 'boolean' ? 5 : 3, value })),
  });

  it('answers a public /roll with every die, visible in the channel', async () => {
    const h = await roll({ expression: '2d6+1', reason: "Ney's nerve" }).waitForResponse();
    expect(h.callback).toMatchObject({ callbackType: 4, ephemeral: false });
    expect(h.callback!.content).toMatch(/^🎲 \*\*Michel Ney\*\* rolled `2d6\+1` for \*Ney's nerve\*\n2d6 \[\d, \d\] \+ 1 = \*\*\d+\*\*\n-# audit #\d+ · seed #1/);
    expect(h.callback!.request.body).toMatchObject({ data: { allowed_mentions: { parse: [] } } });
    expect(fake.channelMessages(CHANNEL).some((m) => m.message.content.includes("Ney's nerve"))).toBe(true);
  });

  it('answers a private /roll only to the roller and tells the channel a roll was made', async () => {
    const ix = roll({ expression: '1d6', reason: 'where is Grouchy', private: true });
    const h = await ix.waitFor((x) => x.followUps.length === 1);
    expect(h.callback).toMatchObject({ callbackType: 4, ephemeral: true });
    expect(h.callback!.content).toContain('where is Grouchy');
    expect(h.followUps[0]).toMatchObject({ ephemeral: false });
    expect(h.followUps[0]!.content).toMatch(/🔒 \*\*Michel Ney\*\* made a private roll — audit #\d+/);
    const publicText = fake.channelMessages(CHANNEL).map((m) => m.message.content).join('\n');
    expect(publicText).toContain('made a private roll');
    expect(publicText).not.toContain('where is Grouchy');
  });

  it('defers /rolls stats and edits in the chart as a PNG attachment', async () => {
    for (let i = 0; i < 5; i++) await roll({ expression: '4d6' }).waitForResponse();
    const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'rolls', subcommand: 'stats', options: [{ name: 'die', type: 3, value: 'd6' }] }).waitForResponse();
    expect(h.callback?.callbackType).toBe(5);
    const edit = h.edits[0]!;
    expect(edit.attachments).toHaveLength(1);
    expect(edit.attachments[0]).toMatchObject({ filename: 'dice-stats.png', contentType: 'image/png' });
    expect(edit.attachments[0]!.data.subarray(1, 4).toString()).toBe('PNG');
    expect(edit.embeds?.[0]).toMatchObject({ title: 'Dice statistics — d6', image: { url: 'attachment://dice-stats.png' } });
    expect(h.original?.message.attachments[0]?.width).toBe(720);
  });

  it('answers a user error privately with a code and a fix', async () => {
    const h = await roll({ expression: '2d6+banana' }).waitForResponse();
    expect(h.callback).toMatchObject({ callbackType: 4, ephemeral: true });
    expect(h.callback!.content).toMatch(/❌ .*position 4[\s\S]*💡[\s\S]*`dice\/syntax`/);
  });

  it('keeps an error after a public defer private: the placeholder is removed', async () => {
    const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'rolls', subcommand: 'stats', options: [{ name: 'die', type: 3, value: 'd6+1' }] })
      .waitFor((x) => x.followUps.length === 1);
    expect(h.callback?.callbackType).toBe(5);
    expect(h.events.some((e) => e.kind === 'delete')).toBe(true);
    expect(h.followUps[0]).toMatchObject({ ephemeral: true });
    expect(h.followUps[0]!.content).toContain('`stats/bad-die`');
  });

  it('exports a trail that verifies offline, and /rolls verify agrees', async () => {
    const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'rolls', subcommand: 'export' }).waitForResponse();
    const file = h.edits[0]!.attachments[0]!;
    expect(file.filename).toMatch(/^audit-1200000000000000001-\d{4}-\d\d-\d\d\.json$/);
    const data = AuditExport.parse(JSON.parse(file.data.toString()));
    const offline = verifyChain(data.entries, { guildId: GUILD });
    expect(offline.ok && offline.value.sealed).toBe(1);
    const v = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'rolls', subcommand: 'verify' }).waitForResponse();
    expect(v.edits[0]!.content).toMatch(/✅ \*\*Audit trail intact\*\* — \d+ entries/);
  });

  it('lets only a Manage Server member reveal the seed', async () => {
    const denied = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, memberPermissions: '0', name: 'rolls', subcommand: 'reveal' }).waitForResponse();
    expect(denied.callback).toMatchObject({ ephemeral: true });
    expect(denied.callback!.content).toContain('`permission/admin-only`');
    const ok = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: ADMIN, memberPermissions: MANAGE_GUILD, name: 'rolls', subcommand: 'reveal' }).waitForResponse();
    expect(ok.callback).toMatchObject({ ephemeral: false });
    expect(ok.callback!.content).toMatch(/Seed #1 revealed\*\* by napoleon: `[0-9a-f]{64}`/);
  });

  it('filters the log by a user option', async () => {
    await roll({ expression: '1d20' }, ADMIN).waitForResponse();
    const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'rolls', subcommand: 'log', options: [{ name: 'user', type: 6, value: ADMIN.id }, { name: 'limit', type: 4, value: 5 }] }).waitForResponse();
    const embed = h.callback!.embeds![0]!;
    expect(embed.title).toBe('Audit trail of napoleon — page 1/1');
    expect(embed.description).toContain('`1d20`');
    expect(embed.description).not.toContain('Michel Ney');
  });

  it('refuses an unknown command privately', async () => {
    const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'parley' }).waitForResponse();
    expect(h.callback).toMatchObject({ ephemeral: true });
    expect(h.callback!.content).toContain('`command/unknown`');
  });

  it('asked nothing of Discord that it does not serve', () => {
    expect(fake.unknownRoutes).toEqual([]);
  });
});

describe('the real process with DISCORD_TOKEN and DISCORD_REST_API', () => {
  it('registers commands with the deploy script, then serves /roll until SIGTERM', async () => {
    const fake = await startFakeDiscord({ guilds: [{ id: GUILD, name: 'Waterloo', channels: [{ id: CHANNEL, name: 'battle' }] }] });
    try {
      const env = { DISCORD_TOKEN: fake.token, DISCORD_REST_API: fake.restApi, DISCORD_APPLICATION_ID: fake.applicationId, DISCORD_DEV_GUILD_ID: GUILD, DATABASE_PATH: ':memory:', LOG_LEVEL: 'info' };
      const deploy = await runToEnd(['src/deploy-commands.ts'], env);
      expect(deploy.code).toBe(0);
      const names = COMMANDS.map((c) => c.data.name);
      expect(deploy.stdout).toContain(`Registered ${names.length} command(s) to guild ${GUILD}: ${names.map((n) => `/${n}`).join(', ')}`);
      expect(fake.commands(GUILD).map((c) => c.name).sort()).toEqual([...names].sort());

      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let logs = '';
      child.stdout.on('data', (c) => { logs += c; });
      child.stderr.on('data', (c) => { logs += c; });
      await fake.waitFor(() => logs.includes('connected to Discord'), { timeoutMs: 60_000 });
      const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: NEY, name: 'roll', options: [{ name: 'expression', type: 3, value: '3d6' }] }).waitForResponse({ timeoutMs: 10_000 });
      expect(h.callback!.content).toMatch(/rolled `3d6`/);
      const exited = new Promise<number | null>((r) => child.on('close', r));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(logs).not.toContain(fake.token);
      expect(logs).toContain('shutting down');
    } finally {
      await fake.close();
    }
    // Two full process starts through tsx (the deploy script, then the bot): on a loaded 2-core
    // machine each takes 10-20 s, more than the suite's 30 s default for both together.
  }, 90_000);

  it('exits with a clear message when Discord rejects the token', async () => {
    const fake = await startFakeDiscord();
    try {
      const wrong = `${fake.token.slice(0, -4)}AAAA`;
      const r = await runToEnd(['src/main.ts'], { DISCORD_TOKEN: wrong, DISCORD_REST_API: fake.restApi, DATABASE_PATH: ':memory:', LOG_LEVEL: 'silent' });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('Discord rejected DISCORD_TOKEN');
      expect(r.stderr + r.stdout).not.toContain(wrong);
    } finally {
      await fake.close();
    }
  });
});

function runToEnd(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
