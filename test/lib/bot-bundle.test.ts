import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleBot, PROJECT_ROOT, productionNodeArgs } from '../../src/lib/bot-bundle';

// `npm start` runs the bot from dist/main.mjs (issue 12: its memory). The bundle under test is
// built into a folder of its own under dist/ (node finds the native packages from there), one
// level deeper than dist/main.mjs, so the rewritten `import.meta.url`s are really relative.
mkdirSync(join(PROJECT_ROOT, 'dist'), { recursive: true });
const out = mkdtempSync(join(PROJECT_ROOT, 'dist', 'test-'));
const bundle = join(out, 'nested', 'main.mjs');

describe('the bundled bot (npm start)', () => {
  beforeAll(async () => { await bundleBot({ outfile: bundle }); }, 180_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('is plain ASCII, so V8 holds its source one byte a character', () => {
    expect(readFileSync(bundle, 'latin1')).not.toMatch(/[^\0-\x7f]/);
  });

  it('runs the console as the source does: migrations, scenarios, names with accents, the map pool, verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-bundle-'));
    try {
      const { code, stdout, stderr } = await run(bundle, [
        '/roll 3d6 reason:"Old Guard"',
        '/game create ruleset:dram scenario:saint-remy',
        '/game join seat:"French I Corps"',
        '/as Blücher',
        '/game join seat:austrians:command',
        '/map',
        '/rolls verify',
      ], { DATABASE_PATH: join(dir, 'e.db'), CONSOLE_OUTPUT_DIR: join(dir, 'out'), LOG_LEVEL: 'warn' });
      expect(stderr).not.toMatch(/error/i);
      expect(code).toBe(0);
      expect(stdout).toMatch(/🎲 \S+ rolled `3d6` for \*Old Guard\*/);
      expect(stdout).toContain('🪖 Blücher takes Austrians army command.');
      expect(stdout).toMatch(/I Corps/);
      expect(stdout).toMatch(/✅|verified|intact/i);
      const pngs = readdirSync(join(dir, 'out')).filter((f) => f.endsWith('.png'));
      expect(pngs.length).toBeGreaterThan(0);
      expect(readFileSync(join(dir, 'out', pngs[0]!)).subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('an unminified bundle (bench:load BOT_UNMINIFIED, for a CPU profile)', () => {
  it('keeps the source names of functions, which the minified one mangles', async () => {
    const dir = mkdtempSync(join(PROJECT_ROOT, 'dist', 'test-names-'));
    try {
      const entry = join(dir, 'entry.ts');
      writeFileSync(entry, 'export function sealReceiptForTheProfile(n: number): number { const doubled = n * 2; return doubled + 1; }\nconsole.log(sealReceiptForTheProfile(2));\n');
      const plain = readFileSync(await bundleBot({ entry, outfile: join(dir, 'plain.mjs'), minify: false }), 'utf8');
      const minified = readFileSync(await bundleBot({ entry, outfile: join(dir, 'min.mjs') }), 'utf8');
      expect(plain).toMatch(/function sealReceiptForTheProfile\(n\)/);
      expect(plain).toContain('doubled');
      expect(minified).not.toContain('doubled');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('one way to start the bot', () => {
  it('reads the node arguments of package.json "start", and the Dockerfile runs the same', () => {
    expect(productionNodeArgs(JSON.stringify({ scripts: { start: 'tsx src/build-bot.ts && node --max-old-space-size=256 dist/main.mjs' } }))).toEqual(['--max-old-space-size=256', 'dist/main.mjs']);
    expect(() => productionNodeArgs(JSON.stringify({ scripts: { start: 'tsx src/main.ts' } }))).toThrow(/does not end with a node command/);
    const args = productionNodeArgs();
    expect(args.at(-1)).toBe('dist/main.mjs');
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(resolve(PROJECT_ROOT, 'Dockerfile'), 'utf8'));
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...args]);
    expect(existsSync(resolve(PROJECT_ROOT, 'src/build-bot.ts'))).toBe(true);
  });
});

function run(file: string, lines: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [file], { env: { ...process.env, DISCORD_TOKEN: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  });
}
