import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';

const GUILD = '111111111111111111';
const CH = '222222222222222222';

/** Start the worker; SIGKILL it `killAfterMs` after it starts resolving (or let it finish when null). */
function run(dbPath: string, postLog: string, gameId: number, killAfterMs: number | null): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'crash-worker.ts'), dbPath, postLog, String(gameId)], { stdio: ['ignore', 'pipe', 'ignore'] });
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      if (killAfterMs !== null && !timer && chunk.toString().includes('ready')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.on('exit', (code, signal) => { if (timer) clearTimeout(timer); resolve({ code, signal }); });
  });
}

/** The invariants that must hold whenever the process stops, at any instruction. */
function checkConsistent(dbPath: string, gameId: number) {
  const db = openDb(dbPath);
  try {
    const s = createServices(db, { dbPath });
    const sql = db.$client;
    const game = s.games.repo.game(gameId)!;
    const windows = s.games.repo.windowsOf(gameId);
    const resolved = windows.filter((w) => w.status === 'resolved');
    const resolutions = sql.prepare('SELECT window_id FROM resolutions WHERE game_id = ?').all(gameId) as { window_id: number }[];
    // Old state or new state, never half: a resolved window always has its resolution and vice versa.
    expect(resolutions.map((r) => r.window_id).sort()).toEqual(resolved.map((w) => w.id).sort());
    expect(game.version).toBe(1 + resolutions.length);
    expect(windows.filter((w) => w.status === 'open').length).toBe(game.status === 'ended' ? 0 : 1);
    expect(() => JSON.parse(game.state!)).not.toThrow();
    expect(JSON.parse(game.state!).turn).toBeGreaterThanOrEqual(1);
    // Every resolution's dice were revealed with it; the audit trail is intact.
    expect(s.rolls.verify(GUILD).ok).toBe(true);
    return { resolutions: resolutions.length, ended: game.status === 'ended' };
  } finally {
    db.$client.close();
  }
}

describe('crash safety', () => {
  it('stays consistent when the resolving process is SIGKILLed at random points, and finishes exactly once after restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-crash-'));
    const dbPath = join(dir, 'game.db');
    const postLog = join(dir, 'posts.log');
    let gameId: number;
    {
      const db = openDb(dbPath);
      const s = createServices(db, { dbPath });
      const g = await s.games.create({ guildId: GUILD, channelId: CH, gm: { id: 'gm', name: 'GM' }, ruleset: 'dram', scenario: 'saint-remy' });
      s.games.join(CH, { id: 'p1', name: 'P1' }, 'french:fr-i-corps');
      s.games.start(CH, { id: 'gm', name: 'GM' }, false);
      gameId = g.id;
      db.$client.close();
    }
    let kills = 0;
    let last = checkConsistent(dbPath, gameId);
    // Kill points spread through the work (a window resolves in ~10-20 ms here): each run goes on
    // from where the last one was killed.
    for (const after of [3, 8, 13, 21, 2, 17, 5, 11, 29, 7]) {
      const r = await run(dbPath, postLog, gameId, after);
      if (r.signal === 'SIGKILL') kills++;
      const now = checkConsistent(dbPath, gameId);
      expect(now.resolutions).toBeGreaterThanOrEqual(last.resolutions);
      last = now;
      if (now.ended) break;
    }
    expect(kills).toBeGreaterThan(0);
    const final = await run(dbPath, postLog, gameId, null);
    expect(final.code).toBe(0);
    const end = checkConsistent(dbPath, gameId);
    expect(end.ended).toBe(true);

    // Every outbox row reached "Discord" under one stable nonce; resending after a kill reuses it,
    // so Discord's enforce_nonce keeps each post single.
    const db = openDb(dbPath);
    const rows = db.$client.prepare('SELECT id, sent_at FROM outbox').all() as { id: number; sent_at: number | null }[];
    db.$client.close();
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    const nonces = existsSync(postLog) ? readFileSync(postLog, 'utf8').trim().split('\n').map((l) => l.split('\t')[0]) : [];
    expect(new Set(nonces)).toEqual(new Set(rows.map((r) => `estafette-${r.id}`)));
    const dupes = nonces.length - new Set(nonces).size;
    expect(dupes).toBeLessThanOrEqual(kills);
  }, 120_000);
});
