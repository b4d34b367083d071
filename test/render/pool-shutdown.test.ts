/**
 * Stopping the real bot while maps are being drawn (issue 16): the render children stop
 * quietly — no EPIPE or ERR_IPC_CHANNEL_CLOSED stack on stderr — whether the bot shuts down
 * on SIGTERM or dies outright, and the pool does not restart a child during shutdown.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRenderPool } from '../../src/render/pool/index';

const SETUP = [
  '/game create ruleset:dram scenario:saint-remy',
  '/game join seat:french:command',
  '/as Blücher',
  '/game join seat:austrians:command',
  '/as me',
  '/game start',
];

function startConsole() {
  const dir = mkdtempSync(join(tmpdir(), 'estafette-stop-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DISCORD_TOKEN: '', DATABASE_PATH: join(dir, 'e.db'), LOG_LEVEL: 'warn', CONSOLE_OUTPUT_DIR: join(dir, 'out') },
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  let stdout = '', stderr = '';
  child.stdout.on('data', (c) => { stdout += c; });
  child.stderr.on('data', (c) => { stderr += c; });
  // 'close' waits for every holder of the pipes: the render children inherit stderr.
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('close', (code, signal) => r({ code, signal })));
  const waitFor = (re: RegExp, timeoutMs = 90_000) => new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${re} in:\n${stdout}\n--- stderr ---\n${stderr}`)), timeoutMs);
    const check = () => { if (re.test(stdout)) { clearTimeout(timer); resolve(); } };
    child.stdout.on('data', check);
    check();
  });
  return { child, closed, waitFor, stdout: () => stdout, stderr: () => stderr };
}

/** Set up a game, draw one map (the pool is up), then ask for more maps and return at once. */
async function whileMapsRender(bot: ReturnType<typeof startConsole>): Promise<void> {
  bot.child.stdin.write(`${SETUP.join('\n')}\n/map\n`);
  await bot.waitFor(/\.png/);
  bot.child.stdin.write('/map\n/map\n/map\n/map\n');
  await new Promise((r) => setTimeout(r, 150));
}

const STACK = /\n\s+at |EPIPE|ERR_IPC_CHANNEL_CLOSED|Error \[/;

describe('stopping the bot while maps render', () => {
  it('SIGTERM: a clean exit 0, nothing on stderr', async () => {
    const bot = startConsole();
    await whileMapsRender(bot);
    bot.child.kill('SIGTERM');
    const r = await bot.closed;
    expect(r.code).toBe(0);
    expect(bot.stderr()).not.toMatch(STACK);
    expect(bot.stderr()).not.toContain('"level":50');
  }, 150_000);

  it('SIGKILL of the bot: its render children leave without a word', async () => {
    const bot = startConsole();
    await whileMapsRender(bot);
    bot.child.kill('SIGKILL');
    const r = await bot.closed;
    expect(r.signal).toBe('SIGKILL');
    expect(bot.stderr()).not.toMatch(STACK);
  }, 150_000);
});

describe('render children and the signals of a shutdown', () => {
  it('ignore SIGTERM and SIGINT sent to the process group (no restart mid-shutdown), and leave when the pool closes', async () => {
    const pool = createRenderPool({ size: 1 });
    try {
      await pool.ready();
      const [pid] = pool.stats().pids;
      process.kill(pid!, 'SIGTERM');
      process.kill(pid!, 'SIGINT');
      await new Promise((r) => setTimeout(r, 500));
      expect(pool.stats()).toMatchObject({ restarts: 0, pids: [pid] });
      expect(() => process.kill(pid!, 0)).not.toThrow();
    } finally {
      await pool.close();
    }
    expect(() => process.kill(pool.stats().pids[0]!, 0)).toThrow();
  }, 60_000);
});
