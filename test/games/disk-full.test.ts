/**
 * The disk fills up under the REAL bot process (issue 16): its file-size limit is lowered
 * with prlimit(1) to the size its WAL has, so its next write fails with a real I/O error
 * (EFBIG → SQLITE_IOERR_WRITE), as on a full disk, while the test process can still write.
 * A post is then sent but cannot be recorded as sent: the bot must stay up, never post it
 * again, tell a user whose command fails, and record it once space returns.
 */
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord';

const GUILD = '1300000000000000001';
const CH = '1300000000000000002';
const NEY = { id: '1300000000000000010', username: 'ney' };

function startBot(fake: FakeDiscord, dbPath: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DISCORD_TOKEN: fake.token, DISCORD_REST_API: fake.restApi, DATABASE_PATH: dbPath, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  child.stdout.on('data', (c) => { logs += c; });
  child.stderr.on('data', (c) => { logs += c; });
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, exited, logs: () => logs };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a full disk under the real bot process', () => {
  it('stays up, posts a receipt once, answers users that storage is failing, and records the post when space returns', async () => {
    const fake = await startFakeDiscord({ guilds: [{ id: GUILD, name: 'Waterloo', channels: [{ id: CH, name: 'battle' }] }] });
    const dbPath = join(mkdtempSync(join(tmpdir(), 'estafette-full-')), 'e.db');
    openDb(dbPath).$client.close();
    const bot = startBot(fake, dbPath);
    try {
      await fake.waitFor(() => bot.logs().includes('connected to Discord'), { timeoutMs: 60_000 });
      // The disk is "full" for the bot from here: no byte past the WAL's current end.
      execFileSync('prlimit', ['--pid', String(bot.child.pid), `--fsize=${statSync(`${dbPath}-wal`).size}:`]);
      const side = new Database(dbPath);
      const now = Date.now();
      const row = side.prepare("INSERT INTO outbox (channel_id, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?)")
        .run(CH, JSON.stringify({ content: '📜 Sealed receipt for the French orders' }), now, now);
      side.close();
      const posts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${CH}/messages`);
      await fake.waitFor(() => posts().length === 1, { timeoutMs: 20_000 });
      expect(posts()[0]!.body).toMatchObject({ nonce: `estafette-${row.lastInsertRowid}`, enforce_nonce: true });
      await fake.waitFor(() => bot.logs().includes('could not be recorded as sent'), { timeoutMs: 10_000 });
      expect(bot.logs()).toMatch(/"code":"SQLITE_IOERR[A-Z_]*"/);
      expect(bot.logs()).toMatch(/"stack":"[^"]*SqliteError/); // the error reached the log whole (issue 16 part 2)

      // A player's command fails on the full disk: told privately, nothing recorded.
      const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: CH, user: NEY, name: 'roll', options: [{ name: 'expression', type: 3, value: '2d6' }] }).waitForResponse({ timeoutMs: 20_000 });
      expect(h.callback).toMatchObject({ ephemeral: true });
      expect(h.callback!.content).toContain("The bot's storage is full or failing");
      expect(h.callback!.content).toContain('nothing was recorded');

      // Several polls later: still one post, and the process is alive.
      await sleep(6_000);
      expect(posts()).toHaveLength(1);
      expect(bot.child.exitCode).toBeNull();

      // Space returns: the post is recorded, not sent again.
      execFileSync('prlimit', ['--pid', String(bot.child.pid), '--fsize=unlimited:']);
      await fake.waitFor(() => bot.logs().includes('recorded a post sent while storage was failing'), { timeoutMs: 20_000 });
      const check = new Database(dbPath, { readonly: true });
      expect(check.prepare('SELECT sent_at FROM outbox WHERE id = ?').get(row.lastInsertRowid)).toEqual({ sent_at: expect.any(Number) });
      check.close();
      const ok = await fake.sendSlashCommand({ guildId: GUILD, channelId: CH, user: NEY, name: 'roll', options: [{ name: 'expression', type: 3, value: '2d6' }] }).waitForResponse({ timeoutMs: 20_000 });
      expect(ok.callback!.content).toMatch(/rolled `2d6`/);

      bot.child.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
      // A restart does not post the receipt again.
      const again = startBot(fake, dbPath);
      await fake.waitFor(() => again.logs().includes('connected to Discord'), { timeoutMs: 60_000 });
      await sleep(3_000);
      expect(posts()).toHaveLength(1);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
      await fake.close();
    }
  }, 180_000);

  it('refuses to start on a full disk with a message that says so', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'estafette-full-')), 'e.db');
    openDb(dbPath).$client.close();
    // No byte may be written to any file: the bot cannot even create its shared-memory index.
    const child = spawn('prlimit', ['--fsize=0:', process.execPath, '--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, DISCORD_TOKEN: '', DATABASE_PATH: dbPath, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => { stderr += c; });
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^Cannot open the database at ${dbPath}: its storage is full or failing \\(SQLITE_IOERR_[A-Z]+\\)\\. Free space on its disk`));
  }, 60_000);
});
