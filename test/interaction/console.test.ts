import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { runConsole } from '../../src/adapters/console';
import { silentLog, testServices } from '../helpers/services';

async function session(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (c) => { text += c.toString(); });
  const dir = mkdtempSync(join(tmpdir(), 'estafette-console-'));
  const services = testServices();
  const done = runConsole({ commands: commandMap(), services, log: silentLog, input, output, outputDir: dir, user: { id: 'u1', name: 'Davout' } });
  input.end(`${lines.join('\n')}\n`);
  await done;
  return { text, dir, services };
}

describe('local console', () => {
  it("prints what the README's console example shows (issue 11)", async () => {
    const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
    const block = /With no `DISCORD_TOKEN`[\s\S]*?```\n([\s\S]*?)```/.exec(readme)![1]!.split('\n');
    const first = block.findIndex((l) => l.startsWith('> '));
    const next = block.findIndex((l, i) => i > first && l.startsWith('> '));
    const command = block[first]!.slice(2);
    // What the README prints for its first command, numbers and hashes left free (dice and ids vary).
    const shown = block.slice(first + 1, next).join('\n').replace('<you>', 'Davout');
    const pattern = shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[0-9a-f]{12}…/g, 'HASH').replace(/\d+/g, '\\d+').replace('HASH', '[0-9a-f]{12}…');
    const { text } = await session([command, ...block.slice(next).filter((l) => l.startsWith('> ')).map((l) => l.slice(2).replace(/\s+←.*$/, ''))]);
    expect(text).toMatch(new RegExp(pattern));
    // The later commands of the example run without an error.
    expect(text).not.toContain('❌');
    expect(text).toMatch(/dice-stats\.png/);
  });

  it('answers the same commands a Discord user types', async () => {
    const { text, dir } = await session([
      '/roll expression:2d6+1 reason:"Ney\'s nerve"',
      '/roll 1d6 private:true',
      '/rolls log limit:5',
      '/rolls stats',
      '/rolls verify',
      '/roll 2d6+banana',
      '/help',
      '/help roll',
      '/help dance',
    ]);
    expect(text).toMatch(/\[posted in the channel\]\n🎲 Davout rolled `2d6\+1` for \*Ney's nerve\*\n2d6 \[\d, \d\] \+ 1 = \d+/);
    expect(text).toMatch(/\[only you can see this\]\n🎲 Davout rolled `1d6`/);
    expect(text).toContain('[posted in the channel] 🔒 Davout made a private roll');
    expect(text).toContain('Audit trail — page 1/1');
    expect(text).toContain('rolled privately (sealed until seed #1 is revealed)');
    expect(text).toContain('✅ Audit trail intact — 3 entries');
    expect(text).toMatch(/❌ Unexpected "b" at position 4/);
    expect(text).toContain('error code `dice/syntax`');
    expect(text).toContain('/rolls log [user:<user>]');
    expect(text).toContain('/roll — ');
    expect(text).toMatch(/\n {6}expression: Dice to roll/);
    expect(text).toContain('There is no /dance command.');
    const files = readdirSync(dir);
    expect(files).toEqual(['001-dice-stats.png']);
    expect(readFileSync(join(dir, files[0]!)).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('/as switches the acting player, so one person can try a two-player game; only the console user is admin', async () => {
    const { text, services } = await session([
      '/game create ruleset:dram scenario:saint-remy',
      '/game join seat:french:command',
      '/game join seat:"French I Corps"',
      '/as Blücher',
      '/game join seat:austrians:command',
      '/game start',
      '/as Davout',
      '/game start',
      '/game status',
    ]);
    expect(text).toContain('You are now "Blücher".');
    // The seat as printed, not its id (issue 11).
    expect(text).toContain('🪖 Blücher takes Austrians army command.');
    expect(text).toContain('🪖 Davout takes I Corps (also holds French army command).');
    expect(text).not.toMatch(/takes .*(austrians|french):/);
    expect(text).toContain('error code `permission/gm-only`');
    expect(text).toContain('You are now "Davout" (server admin).');
    expect(text).toContain('The game begins');
    expect(text).toMatch(/Austrians army command: @Blücher/); // mentions read as @name
    expect(text).toMatch(/deadline \S+ \(in \d+ h/); // relative timestamps read as a duration
    expect(services.games.live('console').seats.find((s) => s.seatId === 'austrians:command')?.userId).toBe('Blücher');
  });

  it('stops at /quit', async () => {
    const { services } = await session(['/roll 1d6', '/quit', '/roll 1d6']);
    expect(services.trail.repo.count('local', { kind: 'roll' })).toBe(1);
  });

  it('runs as `npm start` with no token: commands piped into the real process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-main-'));
    const { code, stdout, stderr } = await run(['/roll 3d6 reason:"Old Guard"', '/rolls export'], { DATABASE_PATH: join(dir, 'db', 'e.db'), CONSOLE_OUTPUT_DIR: join(dir, 'out'), LOG_LEVEL: 'warn' });
    expect(stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    expect(stdout).toContain('no DISCORD_TOKEN set');
    expect(stdout).toMatch(/🎲 \S+ rolled `3d6` for \*Old Guard\*/);
    expect(existsSync(join(dir, 'db', 'e.db'))).toBe(true);
    const exported = readdirSync(join(dir, 'out'));
    expect(exported[0]).toMatch(/^001-audit-local-\d{4}-\d\d-\d\d\.json$/);
  });

  it('refuses a damaged database file with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-bad-'));
    writeFileSync(join(dir, 'e.db'), 'this is not a database, just text that is long enough '.repeat(200));
    const { code, stderr } = await run(['/roll 1d6'], { DATABASE_PATH: join(dir, 'e.db'), LOG_LEVEL: 'silent' });
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot open the database');
    expect(stderr).toContain('restore it from a backup');
  });

  it('refuses a malformed token before connecting, naming the variable', async () => {
    const { code, stderr } = await run([], { DISCORD_TOKEN: 'oops', LOG_LEVEL: 'silent' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/DISCORD_TOKEN must look like a bot token/);
  });
});

function run(lines: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, DISCORD_TOKEN: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  });
}
