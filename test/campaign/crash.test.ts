import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';

const GUILD = 'g-crash';
const GM = { id: 'gm', name: 'GM' };

/** Run the worker; kill it `killAfterMs` after it starts, or when it reaches the aftermath ('aftermath'), or never (null). */
function run(dbPath: string, gameId: number, mode: 'run' | 'stall', killAfterMs: number | 'aftermath' | null): Promise<{ code: number | null; signal: NodeJS.Signals | null; sawAftermath: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'crash-worker.ts'), dbPath, String(gameId), mode], { stdio: ['ignore', 'pipe', 'ignore'] });
    let timer: NodeJS.Timeout | null = null;
    let sawAftermath = false;
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes('aftermath')) sawAftermath = true;
      if (killAfterMs === 'aftermath' && sawAftermath) child.kill('SIGKILL');
      if (typeof killAfterMs === 'number' && !timer && text.includes('ready')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.on('exit', (code, signal) => { if (timer) clearTimeout(timer); resolve({ code, signal, sawAftermath }); });
  });
}

/** What must hold whenever the process stops: the battle's end and its aftermath together, or neither. */
function check(dbPath: string, gameId: number) {
  const db = openDb(dbPath);
  try {
    const s = createServices(db, { dbPath });
    const game = s.games.repo.game(gameId)!;
    const battle = s.campaigns.repo.battleOfGame(gameId)!;
    const log = s.campaigns.repo.logOf(battle.campaignId).filter((e) => e.kind === 'aftermath');
    const units = s.campaigns.repo.units(battle.campaignId);
    if (game.status === 'ended') {
      expect(battle.status).toBe('applied');
      expect(log).toHaveLength(1);
    } else {
      expect(battle.status).toBe('running');
      expect(log).toHaveLength(0);
      // Untouched: still the founding strengths.
      expect(units.filter((u) => u.kind === 'unit').every((u) => u.strength === u.full)).toBe(true);
    }
    expect(s.rolls.verify(GUILD).ok).toBe(true);
    return { ended: game.status === 'ended', log };
  } finally {
    db.$client.close();
  }
}

describe('campaign crash safety (issue 15)', () => {
  it('a SIGKILL inside the transaction that ends the battle loses both the end and the aftermath; the restart applies it exactly once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estafette-campaign-crash-'));
    const dbPath = join(dir, 'campaign.db');
    let gameId: number;
    {
      const db = openDb(dbPath);
      const s = createServices(db, { dbPath });
      const c = await s.campaigns.create({ guildId: GUILD, channelId: 'hq', gm: GM, ruleset: 'nw', scenario: 'teaching', name: 'Crash' });
      s.campaigns.join(c, { id: 'p1', name: 'P1' }, 'french');
      const b = await s.campaigns.startBattle(c, { channelId: 'field', gm: GM, isAdmin: false, scenario: 'teaching' });
      s.games.start('field', GM, false);
      gameId = b.game.id;
      db.$client.close();
    }
    // Killed inside the final resolution's transaction, after the aftermath was written in it.
    const stalled = await run(dbPath, gameId, 'stall', 'aftermath');
    expect(stalled.signal).toBe('SIGKILL');
    expect(stalled.sawAftermath).toBe(true);
    expect(check(dbPath, gameId).ended).toBe(false);
    // Killed again at random points (some land in the final resolution), then run to the end.
    for (const after of [3, 11]) {
      await run(dbPath, gameId, 'run', after);
      check(dbPath, gameId);
    }
    const final = await run(dbPath, gameId, 'run', null);
    expect(final.code).toBe(0);
    const end = check(dbPath, gameId);
    expect(end.ended).toBe(true);
    expect(end.log).toHaveLength(1);
    // The end hook called again (a retried resolution) finds the battle applied and does nothing.
    const db = openDb(dbPath);
    const s = createServices(db, { dbPath });
    const game = s.games.repo.game(gameId)!;
    s.games.tx(() => { for (const f of s.games.onGameEnded) f(game, JSON.parse(game.state!)); });
    db.$client.close();
    expect(check(dbPath, gameId).log).toHaveLength(1);
  }, 120_000);
});
