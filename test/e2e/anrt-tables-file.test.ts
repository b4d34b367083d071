/**
 * A tables file attached to a Discord message (issue 14): `/game tables file:<attachment>`
 * through the REAL discord.js client against the fake Discord. The attachment is served by a
 * local HTTP server standing in for Discord's CDN; the bot fetches it (size-limited), validates
 * it with the QRS schema and echoes every table back. Bad files change nothing and are answered
 * privately with a hint naming the cell or row.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { AnrtSettings } from '../../src/rules/anrt/settings';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel, type Opt } from '../helpers/e2e-channel';
import { testClock } from '../helpers/services';

const GUILD = '1700000000000000001';
const CHANNEL = '1700000000000000002';
const GM = { id: '1700000000000000010', username: 'umpire' };
const PLAYER = { id: '1700000000000000011', username: 'lagrange' };

const STAND_IN = readFileSync('assets/anrt/qrs-stand-in.yaml', 'utf8');
/** The stand-in with one row taken out: the melee table's cavalry against masse. */
const MISSING_ROW = (() => { const q = parse(STAND_IN) as { melee: { cavalry: Record<string, unknown> } }; delete q.melee.cavalry['MASSE']; return stringify(q); })();
const FILES: Record<string, string> = {
  'my-qrs.yaml': STAND_IN,
  'missing-row.yaml': MISSING_ROW,
  'bad-cell.yaml': STAND_IN.replace('infantry-line: 6', 'infantry-line: far'),
  'broken.yaml': 'movement:\n  infantry-line: 6\n bad indent: [\n',
};

describe('a tables file attached to /game tables (issue 14)', () => {
  const clock = testClock(Date.UTC(2026, 10, 25, 18, 0));
  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Courier', channels: [{ id: CHANNEL, name: 'tables' }] }, clock, seedOffset: 7, maps: false });
  const { cmd, str, replyText, isPrivate } = e2eChannel(() => e2e, GUILD, CHANNEL);
  let cdn: Server;
  let base = '';
  const served: string[] = [];
  beforeAll(async () => {
    cdn = createServer((req, res) => {
      const name = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
      served.push(name);
      if (name === 'huge.yaml') { res.writeHead(200, { 'content-type': 'text/yaml' }); res.end('x'.repeat(300 * 1024)); return; }
      const body = FILES[name];
      if (body === undefined) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'content-type': 'text/yaml' }); res.end(body);
    });
    await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/attachments/${CHANNEL}`;
  });
  afterAll(() => new Promise<void>((r) => cdn.close(() => r())));

  let n = 0;
  /** /game tables as `user`, the file attached (its declared size may lie, as `huge.yaml`'s does). */
  const tables = (user: typeof GM, name: string, extra: Opt[] = [], size?: number) => {
    const id = `18000000000000000${String(++n).padStart(2, '0')}`;
    return e2e.fake.sendSlashCommand({
      guildId: GUILD, channelId: CHANNEL, user, name: 'game', subcommand: 'tables', memberPermissions: '0',
      options: [{ name: 'file', type: 11, value: id }, ...extra],
      resolved: { attachments: { [id]: { id, filename: name, size: size ?? Buffer.byteLength(FILES[name] ?? ''), url: `${base}/${name}`, proxy_url: `${base}/${name}`, content_type: 'text/yaml' } } },
    }).waitFor((h) => h.followUps.length > 0 || h.edits.length > 0, { timeoutMs: 15_000 });
  };
  const settings = () => JSON.parse(e2e.services.games.live(CHANNEL).game.settings) as AnrtSettings;

  it('the GM creates an ANRT game; a player may not enter tables, and nothing is downloaded for him', async () => {
    expect(replyText(await cmd(GM, 'game', 'create', [str('ruleset', 'anrt'), str('scenario', 'teaching')]))).toContain('The Brandhof ridge');
    const h = await tables(PLAYER, 'my-qrs.yaml');
    expect(isPrivate(h)).toBe(true);
    expect(replyText(h)).toMatch(/GM/);
    expect(served).toEqual([]);
  });

  it('the GM attaches a whole tables file: fetched, validated and echoed back table by table, publicly', async () => {
    const h = await tables(GM, 'my-qrs.yaml', [{ name: 'mode', type: 3, value: 'entered' }]);
    const text = replyText(h);
    expect(isPrivate(h)).toBe(false);
    expect(text).toContain('Tables file **my-qrs.yaml** entered');
    expect(text).toContain('`qrs.movement` = 17/17');
    expect(text).toMatch(/`qrs\.melee` = 44\/44 — the project's stand-in, not the author's/);
    expect(text).toContain('`tables.mode` = entered');
    expect(served).toEqual(['my-qrs.yaml']);
    expect(settings().qrs.melee?.cavalry?.MASSE).toBeDefined();
  });

  it('a file with a missing row, to be entered whole, is refused privately naming the row, with a hint; the tables stay as they were', async () => {
    const h = await tables(GM, 'missing-row.yaml', [{ name: 'mode', type: 3, value: 'entered' }]);
    expect(isPrivate(h)).toBe(true);
    const text = replyText(h);
    expect(text).toContain('missing-row.yaml');
    expect(text).toContain('qrs.melee.cavalry.MASSE');
    expect(text).toMatch(/💡 Add the missing rows to missing-row\.yaml/);
    expect(text).toContain('qrs/missing-rows');
    expect(settings().qrs.melee?.cavalry?.MASSE).toBeDefined();
  });

  it('the same file with mode gm is taken: the GM will rule the empty cell, and the echo says so', async () => {
    const text = replyText(await tables(GM, 'missing-row.yaml', [{ name: 'mode', type: 3, value: 'gm' }]));
    expect(text).toMatch(/`qrs\.melee` = 43\/44 \(gaps: the GM rules those\)/);
    expect(settings().qrs.melee?.cavalry?.MASSE).toBeUndefined();
  });

  it('a bad cell, a broken file and an oversized file are each refused privately with a hint', async () => {
    const bad = await tables(GM, 'bad-cell.yaml');
    expect(isPrivate(bad)).toBe(true);
    expect(replyText(bad)).toContain('qrs.movement.infantry-line');
    expect(replyText(bad)).toContain('qrs/invalid');
    const broken = await tables(GM, 'broken.yaml');
    expect(isPrivate(broken)).toBe(true);
    expect(replyText(broken)).toContain('tables/not-yaml');
    expect(replyText(broken)).toMatch(/line \d/);
    // Declared as 300 KiB: refused before anything is downloaded.
    const before = served.length;
    const big = await tables(GM, 'huge.yaml', [], 300 * 1024);
    expect(replyText(big)).toContain('attachment/too-big');
    expect(served.length).toBe(before);
    // Declared small but sending 300 KiB: the read stops at the limit.
    const liar = await tables(GM, 'huge.yaml', [], 100);
    expect(isPrivate(liar)).toBe(true);
    expect(replyText(liar)).toContain('attachment/too-big');
    expect(settings().qrs.melee?.cavalry?.MASSE).toBeUndefined();
  });
});
