import { SlashCommandBuilder } from '@discordjs/builders';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { commandMap, COMMANDS } from '../../commands/index';
import { AuditExport } from '../../src/dice/entry';
import { verifyChain } from '../../src/dice/verify';
import { defineCommand, type CommandContext, type Invocation } from '../../src/interaction/command';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { ReplyModel } from '../../src/interaction/reply';
import { createLogger } from '../../src/logger';
import { UserError } from '../../src/lib/user-error';
import type { Services } from '../../src/services/services';
import { silentLog, testServices } from '../helpers/services';

const G = '111111111111111111';

function ctxFor(services: Services, over: Partial<CommandContext> = {}): CommandContext {
  return { guildId: G, channelId: '2', user: { id: '5', name: 'Soult' }, isAdmin: false, services, now: () => new Date(Date.UTC(1815, 5, 18)), log: silentLog, users: {}, ...over };
}

async function invoke(services: Services, inv: Invocation, over: Partial<CommandContext> = {}, commands = commandMap()): Promise<ReplyModel> {
  const ctx = ctxFor(services, over);
  try {
    return await execute(prepare(commands, inv), ctx);
  } catch (e) {
    return errorReply(e, ctx, inv, { guildId: G, userId: ctx.user.id });
  }
}

describe('command definitions', () => {
  it('are valid Discord command JSON with the documented option names', () => {
    const json = COMMANDS.map((c) => c.data.toJSON());
    const roll = json.find((c) => c.name === 'roll')!;
    expect(roll.options?.map((o) => o.name)).toEqual(['expression', 'reason', 'private']);
    const rolls = json.find((c) => c.name === 'rolls')!;
    expect(rolls.options?.map((o) => o.name)).toEqual(['log', 'verify', 'export', 'stats', 'seeds', 'reveal']);
    for (const c of json) expect(c.description.length).toBeLessThanOrEqual(100);
  });
});

describe('error boundary', () => {
  it('answers a user error privately with its code and a fix', async () => {
    const r = await invoke(testServices(), { name: 'roll', options: { expression: '2d6+' } });
    expect(r.visibility).toBe('private');
    expect(r.content).toMatch(/❌ .*position 4/);
    expect(r.content).toContain('💡');
    expect(r.content).toContain('`dice/syntax`');
  });

  it('answers invalid options privately', async () => {
    const r = await invoke(testServices(), { name: 'rolls', subcommand: 'log', options: { limit: 500 } });
    expect(r.visibility).toBe('private');
    expect(r.content).toContain('`input/invalid`');
  });

  it('logs a bug with context and answers with a short apology, no stack trace', async () => {
    const lines: string[] = [];
    const log = createLogger('error', { write: (s: string) => { lines.push(s); } } as never);
    const boom = defineCommand({
      data: new SlashCommandBuilder().setName('boom').setDescription('fails'),
      input: z.object({}),
      execute() { throw new TypeError('undefined is not a function at secret/path.ts:12'); },
    });
    const r = await invoke(testServices(), { name: 'boom', options: {} }, { log }, new Map([['boom', boom]]));
    expect(r.visibility).toBe('private');
    expect(r.content).toMatch(/^Sorry — something went wrong on our side .*ref `[0-9a-f]{6}`/);
    expect(r.content).not.toContain('secret/path');
    const logged = JSON.parse(lines[0]!);
    expect(logged).toMatchObject({ level: 50, command: 'boom', guildId: G, userId: '5', msg: 'command failed' });
    expect(r.content).toContain(logged.ref);
  });

  it('a UserError thrown inside a handler is not treated as a bug', () => {
    const r = errorReply(new UserError('x/y', 'Nope.', 'Do this.'), { log: { error: vi.fn() } as never }, { name: 'x', options: {} }, { guildId: G, userId: '1' });
    expect(r).toEqual({ visibility: 'private', content: '❌ Nope.\n💡 Do this.\n-# error code `x/y`' });
  });
});

describe('/roll and /rolls', () => {
  it('/roll public shows every die and the audit reference', async () => {
    const r = await invoke(testServices(), { name: 'roll', options: { expression: '4d6kh3', reason: 'Old Guard @everyone' } });
    expect(r.visibility).toBe('public');
    expect(r.content).toMatch(/^🎲 \*\*Soult\*\* rolled `4d6kh3` for \*Old Guard @\u200beveryone\*\n4d6kh3 \[.*~~\d~~.*\] = \*\*\d+\*\*\n-# audit #2 · seed #1/);
  });

  it('/roll -1d6 says its negative total once, with a true minus sign (issue 11)', async () => {
    const r = await invoke(testServices(), { name: 'roll', options: { expression: '-1d6' } });
    expect(r.content).toMatch(/^🎲 \*\*Soult\*\* rolled `-1d6`\n\u22121d6 \[([1-6])\] = \*\*\u2212\1\*\*\n-# audit/);
  });

  it('/roll 1d{1,1,2,3} prints the face as on the die, without a plus sign (issue 11)', async () => {
    const r = await invoke(testServices(), { name: 'roll', options: { expression: '1d{1,1,2,3}' } });
    expect(r.content).toMatch(/\n1d\{1,1,2,3\} \[([123])\] = \*\*\1\*\*\n/);
  });

  it('/roll private answers only the roller and announces the roll publicly', async () => {
    const r = await invoke(testServices(), { name: 'roll', options: { expression: '1d6', reason: 'ambush', private: true } });
    expect(r.visibility).toBe('private');
    expect(r.announcements).toHaveLength(1);
    expect(r.announcements![0]).toContain('made a private roll');
    expect(r.announcements![0]).not.toContain('ambush');
    // The sealed entry's anchor is public too (issue 16): its hash is salted, so it reveals nothing.
    expect(r.announcements![0]).toMatch(/\n-# anchor `#2:[0-9a-f]{16}`$/);
  });

  it('/rolls reveal is for admins only', async () => {
    const s = testServices();
    await invoke(s, { name: 'roll', options: { expression: '1d6' } });
    const denied = await invoke(s, { name: 'rolls', subcommand: 'reveal', options: {} });
    expect(denied.content).toContain('`permission/admin-only`');
    const ok = await invoke(s, { name: 'rolls', subcommand: 'reveal', options: {} }, { isAdmin: true });
    expect(ok.visibility).toBe('public');
    expect(ok.content).toMatch(/Seed #1 revealed\*\* by Soult: `[0-9a-f]{64}`/);
  });

  it('/rolls export gives a file the offline verifier accepts', async () => {
    const s = testServices();
    for (const e of ['1d6', '2d6', '1d20']) await invoke(s, { name: 'roll', options: { expression: e } });
    const r = await invoke(s, { name: 'rolls', subcommand: 'export', options: {} });
    expect(r.files?.[0]?.name).toBe(`audit-${G}-1815-06-18.json`);
    const data = AuditExport.parse(JSON.parse(r.files![0]!.data.toString()));
    const v = verifyChain(data.entries, { guildId: G });
    expect(v.ok && v.value.rolls).toBe(3);
  });

  it('/rolls export compresses a large trail', async () => {
    const s = testServices();
    for (let i = 0; i < 14_000; i++) s.rolls.roll({ guildId: G, actor: { id: '5', name: 'Soult' }, expression: '10d6', reason: 'a long reason to make the export large enough', private: false });
    const r = await invoke(s, { name: 'rolls', subcommand: 'export', options: {} });
    const f = r.files![0]!;
    expect(f.name.endsWith('.json.gz')).toBe(true);
    expect(f.data.length).toBeLessThan(9 * 1024 * 1024);
    expect(AuditExport.parse(JSON.parse(gunzipSync(f.data).toString())).entries).toHaveLength(14_001);
  });

  it('/rolls stats returns the chi-square figures and a PNG chart', async () => {
    const s = testServices();
    for (let i = 0; i < 40; i++) await invoke(s, { name: 'roll', options: { expression: '3d6' } });
    const r = await invoke(s, { name: 'rolls', subcommand: 'stats', options: { die: 'd6' } });
    expect(r.embeds?.[0]?.fields?.map((f) => f.name)).toEqual(['Chi-square', 'p-value', 'Verdict']);
    expect(r.embeds?.[0]?.description).toContain('120 dice in 40 rolls');
    expect(r.files?.[0]?.data.subarray(1, 4).toString()).toBe('PNG');
  });

  it('/rolls seeds publishes the open commitment before anyone rolls', async () => {
    const s = testServices();
    const r = await invoke(s, { name: 'rolls', subcommand: 'seeds', options: {} });
    expect(r.embeds?.[0]?.description).toMatch(/Seed #1.*open since/);
    const roll = s.rolls.roll({ guildId: G, actor: { id: '1', name: 'x' }, expression: '1d6', private: false });
    expect(roll.epoch.id).toBe(1);
    expect(r.embeds?.[0]?.description).toContain(roll.epoch.commitment);
  });

  it('/rolls log on an empty trail says how to start', async () => {
    const r = await invoke(testServices(), { name: 'rolls', subcommand: 'log', options: {} });
    expect(r.content).toContain('empty');
  });
});
