import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { acquireLease, LeaseHeldError, LeaseWaitAborted, release, renew, scopesOverlap, shardScope, tryAcquire } from '../../src/db/lease';
import { openDb } from '../../src/db/open';

describe('the process lease (one process per scope on a database)', () => {
  it('lets shards of one count share a file, and nothing else', () => {
    // [a, b, overlap]
    const cases: [string, string, boolean][] = [
      ['all', 'all', true],
      ['all', 'shard:0/2', true],
      ['shard:0/2', 'shard:1/2', false],
      ['shard:1/2', 'shard:1/2', true],
      ['shard:0/2', 'shard:0/4', true], // different counts split the guilds differently
      ['shard:1/2', 'shard:3/4', true],
    ];
    for (const [a, b, want] of cases) {
      expect(scopesOverlap(a, b), `${a} vs ${b}`).toBe(want);
      expect(scopesOverlap(b, a), `${b} vs ${a}`).toBe(want);
    }
  });

  it('refuses a live lease, is taken over only after expiry, and the old holder learns it lost it', () => {
    const db = openDb(':memory:');
    const t0 = 1_000_000;
    expect(tryAcquire(db, 'all', 'A', t0, 30_000).ok).toBe(true);
    const b = tryAcquire(db, 'all', 'B', t0 + 29_999, 30_000);
    expect(b).toMatchObject({ ok: false, error: { code: 'lease/held', holder: 'A', expiresAt: t0 + 30_000 } });
    expect(tryAcquire(db, shardScope(0, 2), 'B', t0 + 1, 30_000).ok).toBe(false);
    expect(renew(db, 'all', 'A', t0 + 10_000, 30_000)).toBe(true);
    expect(tryAcquire(db, 'all', 'B', t0 + 39_999, 30_000).ok).toBe(false);
    expect(tryAcquire(db, 'all', 'B', t0 + 40_001, 30_000).ok).toBe(true);
    expect(renew(db, 'all', 'A', t0 + 40_002, 30_000)).toBe(false);
    release(db, 'all', 'A'); // releasing someone else's lease does nothing
    expect(tryAcquire(db, 'all', 'C', t0 + 40_003, 30_000).ok).toBe(false);
    release(db, 'all', 'B');
    expect(tryAcquire(db, shardScope(0, 2), 'S0', t0 + 40_004, 30_000).ok).toBe(true);
    expect(tryAcquire(db, shardScope(1, 2), 'S1', t0 + 40_004, 30_000).ok).toBe(true);
    expect(tryAcquire(db, 'all', 'C', t0 + 40_005, 30_000).ok).toBe(false);
  });

  it('waits for a holder that stopped renewing, and refuses at once when it sees the holder renew', async () => {
    const db = openDb(':memory:');
    let t = 0;
    const sleeps: number[] = [];
    tryAcquire(db, 'all', 'dead', 0, 3_000);
    const lease = await acquireLease({ db, dbPath: 'x.db', scope: 'all', ttlMs: 3_000, clock: () => t, sleep: async (ms) => { sleeps.push(ms); t += ms; }, holder: 'next', onLost: () => undefined });
    expect(t).toBeGreaterThan(3_000);
    expect(t).toBeLessThan(3_000 + 1_100);
    lease.release();

    tryAcquire(db, 'all', 'alive', t, 3_000);
    await expect(acquireLease({
      db, dbPath: 'x.db', scope: 'all', ttlMs: 3_000, clock: () => t, holder: 'second', onLost: () => undefined,
      sleep: async (ms) => { t += ms; renew(db, 'all', 'alive', t, 3_000); },
    })).rejects.toBeInstanceOf(LeaseHeldError);
  });
});

describe('a shutdown while waiting for the lease', () => {
  it('stops waiting at once (real timers, a 60 s lease)', async () => {
    const db = openDb(':memory:');
    tryAcquire(db, 'all', 'dead', Date.now(), 60_000);
    const ac = new AbortController();
    const started = Date.now();
    const waiting = acquireLease({ db, dbPath: 'x.db', scope: 'all', ttlMs: 60_000, clock: Date.now, onLost: () => undefined, signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    await expect(waiting).rejects.toBeInstanceOf(LeaseWaitAborted);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

/** The console bot on `db`, kept running (stdin open) until killed. A 15 s lease: longer than a start-up on a busy machine, so the third process meets an unexpired lease. */
function startBot(db: string, ttlSeconds = 15) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DISCORD_TOKEN: '', DATABASE_PATH: db, LOG_LEVEL: 'info', LEASE_TTL_SECONDS: String(ttlSeconds), CONSOLE_OUTPUT_DIR: join(db, '..', 'out') },
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  let stderr = '';
  child.stderr.on('data', (c) => { stderr += c; });
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  const waitFor = (text: string, timeoutMs = 60_000) => new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${text}" in:\n${stderr}`)), timeoutMs);
    const check = () => { if (stderr.includes(text)) { clearTimeout(timer); resolve(); } };
    child.stderr.on('data', check);
    check();
  });
  return { child, exited, waitFor, stderr: () => stderr };
}

describe('two real processes on one database file', () => {
  it('the second refuses to start; after the first is SIGKILLed a new one starts once the lease expires; a clean stop releases it', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'estafette-lease-')), 'e.db');
    const first = startBot(db);
    await first.waitFor('lease taken');

    const second = startBot(db);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`Estafette cannot start: another Estafette process (`);
    expect(second.stderr()).toContain(`is already serving every server from the database ${db}`);
    expect(second.stderr()).toContain('stop the other one first');
    expect(first.child.exitCode).toBeNull();

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startBot(db);
    await third.waitFor('lease taken');
    expect(third.stderr()).toContain('waiting to see whether it is still alive');

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const fourth = startBot(db);
    await fourth.waitFor('lease taken');
    expect(fourth.stderr()).not.toContain('waiting to see');
    fourth.child.stdin.end();
    expect(await fourth.exited).toBe(0);
  }, 120_000);

  it('a process whose lease was taken over stops serving at its next renewal, exit 1', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'estafette-lease-')), 'e.db');
    const bot = startBot(db, 3);
    await bot.waitFor('lease taken');
    // What a successor does once the lease has expired while this process was frozen.
    const side = new Database(db);
    side.prepare("UPDATE process_leases SET holder = 'other-host:42:abcdef'").run();
    side.close();
    expect(await bot.exited).toBe(1);
    expect(bot.stderr()).toContain('Estafette is stopping: another process took over this database');
  }, 60_000);
});
