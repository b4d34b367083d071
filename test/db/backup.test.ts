import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFileName, PeriodicBackup } from '../../src/db/backup';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';
import { silentLog, testClock, testSeeds } from '../helpers/services';

const G = '111111111111111111';
const ney = { id: '300000000000000001', name: 'Ney' };

/** A live database with rolls, and a way to keep rolling while a backup runs. */
function liveDb() {
  const dir = mkdtempSync(join(tmpdir(), 'estafette-backup-'));
  const path = join(dir, 'estafette.db');
  const db = openDb(path);
  const s = createServices(db, { clock: testClock(), newSeed: testSeeds(), dbPath: path, seedEpochHours: 0 });
  const roll = (n: number) => db.$client.transaction(() => {
    for (let i = 0; i < n; i++) s.rolls.roll({ guildId: G, actor: ney, expression: '4d6kh3', private: i % 7 === 0 });
  })();
  return { dir, path, db, s, roll };
}

/** What /rolls verify does, on a backup opened as the bot would open it after a restore. */
function verifyCopy(path: string) {
  const db = openDb(path);
  try {
    const r = createServices(db, { dbPath: path }).rolls.verify(G);
    if (!r.ok) throw new Error(`backup trail broken: ${r.error.message}`);
    expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
    return r.value;
  } finally {
    db.$client.close();
  }
}

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/estafette.mjs', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npx estafette backup <file>', () => {
  it('copies the live database while it is being written, and the copy passes /rolls verify', async () => {
    const live = liveDb();
    live.roll(300);
    const dest = join(live.dir, 'copies', 'estafette-copy.db');
    // Keep writing from this process while the CLI process copies.
    const writer = setInterval(() => live.roll(5), 5);
    const r = await cli(['backup', dest], { DATABASE_PATH: live.path });
    clearInterval(writer);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Backed up ${live.path} to ${dest}: \\d+ pages, \\d+ KiB in \\d+ ms; integrity check ok\\.`));
    const report = verifyCopy(dest);
    expect(report.rolls).toBeGreaterThanOrEqual(300);
    // No .partial left behind (opening the copy to verify it may add its own <db>.shown marks file).
    expect(readdirSync(join(live.dir, 'copies')).filter((f) => f !== 'estafette-copy.db.shown')).toEqual(['estafette-copy.db']);
    live.db.$client.close();
  }, 60_000);

  it('refuses to overwrite a file, and says what it needs', async () => {
    const live = liveDb();
    const dest = join(live.dir, 'taken.db');
    writeFileSync(dest, 'keep me');
    const r = await cli(['backup', dest], { DATABASE_PATH: live.path });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('already exists; choose a new file name');
    const none = await cli(['backup'], { DATABASE_PATH: live.path });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('backup needs a destination file');
    live.db.$client.close();
  }, 60_000);
});

describe('periodic backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP)', () => {
  it('backs up when due, keeps the newest BACKUP_KEEP, and each copy verifies', async () => {
    const live = liveDb();
    const dir = join(live.dir, 'backups');
    const clock = testClock(Date.UTC(2026, 10, 25, 6, 0, 0));
    const hour = 3_600_000;
    const b = new PeriodicBackup(live.db.$client, { dir, everyMs: 6 * hour, keep: 2 }, clock, silentLog);
    const counts: number[] = [];
    for (let step = 0; step < 4; step++) {
      live.roll(20);
      counts.push((step + 1) * 20);
      expect(await b.runIfDue()).not.toBeNull();
      expect(await b.runIfDue()).toBeNull(); // not due again until 6 h later
      clock.advance(3 * hour);
      expect(await b.runIfDue()).toBeNull();
      clock.advance(3 * hour);
    }
    const names = readdirSync(dir).sort();
    expect(names).toEqual([backupFileName(Date.UTC(2026, 10, 25, 18)), backupFileName(Date.UTC(2026, 10, 26, 0))]);
    expect(names[0]).toBe('estafette-20261125-180000Z.db');
    expect(verifyCopy(join(dir, names[0]!)).rolls).toBe(60);
    expect(verifyCopy(join(dir, names[1]!)).rolls).toBe(80);
    live.db.$client.close();
  });

  it('reads its schedule from the backups already there, so restarts do not postpone it', async () => {
    const live = liveDb();
    const dir = join(live.dir, 'backups');
    const clock = testClock(Date.UTC(2026, 10, 25, 6, 0, 0));
    await new PeriodicBackup(live.db.$client, { dir, everyMs: 3_600_000, keep: 5 }, clock).runIfDue();
    clock.advance(3_599_000);
    const restarted = new PeriodicBackup(live.db.$client, { dir, everyMs: 3_600_000, keep: 5 }, clock);
    expect(restarted.nextDueAt()).toBe(Date.UTC(2026, 10, 25, 7, 0, 0));
    expect(await restarted.runIfDue()).toBeNull();
    clock.advance(1_000);
    expect(await restarted.runIfDue()).not.toBeNull();
    live.db.$client.close();
  });

  it('runs on its timer in the bot and waits for a backup under way on stop', async () => {
    const live = liveDb();
    live.roll(50);
    const dir = join(live.dir, 'backups');
    let t = Date.UTC(2026, 10, 25, 6, 0, 0);
    const b = new PeriodicBackup(live.db.$client, { dir, everyMs: 1_000, keep: 3, checkEveryMs: 20 }, () => (t += 400));
    b.start();
    await new Promise((r) => setTimeout(r, 600));
    await b.stop();
    const names = readdirSync(dir);
    expect(names.length).toBe(3);
    expect(names.every((n) => !n.endsWith('.partial'))).toBe(true);
    expect(verifyCopy(join(dir, names[0]!)).rolls).toBe(50);
    expect(existsSync(join(dir, names[0]!))).toBe(true);
    live.db.$client.close();
  });
});
