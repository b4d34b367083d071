/**
 * `npm run bench` — speed figures for the foundation, printed, never asserted (shared, noisy
 * machines). Runs on a real WAL database file in a temp folder, as the bot does.
 *   1. one /roll handled in process: parse, derive, persist with chain hash, build reply
 *   2. sustained audited rolls per second, one transaction each
 *   3. verify throughput over 100,000 stored rolls read from the database
 * `--rolls-only`: 1 and 2 (what `npm run bench:all` takes from here).
 * `npx tsx bench/run.ts --sync`: 1 and 2 only, with synchronous=FULL (what the bot uses) and
 * NORMAL, each with SQLite's inline automatic checkpoint and with the bot's checkpoint worker
 * (issue 12), each on its own fresh database file, printed side by side (issue 16).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandMap } from '../commands/index';
import { verifyChain } from '../src/dice/verify';
import { toChainEntry } from '../src/db/audit.repo';
import { Checkpointer } from '../src/db/checkpointer';
import { openDb, SYNCHRONOUS } from '../src/db/open';
import { execute, prepare } from '../src/interaction/dispatch';
import { createLogger } from '../src/logger';
import { createServices } from '../src/services/services';

const dir = mkdtempSync(join(tmpdir(), 'estafette-bench-'));
const db = openDb(join(dir, 'bench.db'));
const dbPath = join(dir, 'bench.db');
const services = createServices(db, { seedEpochHours: 0, dbPath });
// As the bot runs (src/main.ts): WAL checkpoints in a worker, not inside a roll's commit.
const checkpoints = new Checkpointer(db.$client, dbPath).start();
const commands = commandMap();
const log = createLogger('silent');
const actor = { id: '300000000000000001', name: 'Ney' };
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
/** The figures for `npm run bench:all` (bench/all.ts), printed as one JSON line at the end. */
const json: Record<string, number> = {};
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

async function rollLatencyOf(svc: typeof services): Promise<{ median: number; p99: number; max: number }> {
  const guildId = '100000000000000001';
  const ctx = { guildId, channelId: '1', user: actor, isAdmin: false, services: svc, now: () => new Date(), log, users: {} };
  const inv = { name: 'roll', options: { expression: '2d6+1d3-1', reason: "Ney's nerve" } };
  for (let i = 0; i < 500; i++) await execute(prepare(commands, inv), ctx);
  const samples: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t = process.hrtime.bigint();
    await execute(prepare(commands, inv), ctx);
    samples.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  samples.sort((a, b) => a - b);
  return { median: pct(samples, 50), p99: pct(samples, 99), max: samples.at(-1)! };
}

function sustainedOf(svc: typeof services): { perSec: number; secs: number; userUs: number } {
  const guildId = '100000000000000002';
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  let n = 0;
  while (Number(process.hrtime.bigint() - start) < 3e9) {
    svc.rolls.roll({ guildId, actor, expression: '1d6', private: false });
    n++;
  }
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  // The bot's own CPU per roll (user time: the fsync's wait and the kernel's share left out).
  return { perSec: n / secs, secs, userUs: process.cpuUsage(cpu).user / n };
}

async function rollLatency(): Promise<void> {
  const l = await rollLatencyOf(services);
  json.rollP99Us = l.p99;
  json.rollMedianUs = l.median;
  console.log(`1. /roll in process (5,000 after 500 warm-up, synchronous=${SYNCHRONOUS}, checkpoint worker): median ${fmt(l.median)} µs, p99 ${fmt(l.p99)} µs, max ${fmt(l.max)} µs   (target p99 < 2,000 µs)`);
}

function sustained(): void {
  const r = sustainedOf(services);
  json.sustainedRollsPerSec = r.perSec;
  json.rollUserCpuUs = r.userUs;
  console.log(`2. sustained audited rolls, one transaction each: ${fmt(r.perSec)} rolls/s over ${fmt(r.secs)} s, user CPU ${fmt(r.userUs)} µs per roll   (target ≥ 5,000/s)`);
}

/**
 * Figures 1 and 2 under both synchronous levels, with SQLite's inline automatic checkpoint and with
 * the bot's checkpoint worker (issue 12), each on a fresh file, in one run.
 */
async function syncComparison(): Promise<void> {
  const rows: { level: string; ckpt: string; lat: Awaited<ReturnType<typeof rollLatencyOf>>; sus: ReturnType<typeof sustainedOf> }[] = [];
  for (const level of ['FULL', 'NORMAL'] as const) {
    for (const ckpt of ['inline', 'worker'] as const) {
      const path = join(dir, `sync-${level}-${ckpt}.db`);
      const d = openDb(path);
      d.$client.pragma(`synchronous = ${level}`);
      const checkpoints = ckpt === 'worker' ? new Checkpointer(d.$client, path).start() : null;
      const svc = createServices(d, { seedEpochHours: 0, dbPath: path });
      rows.push({ level, ckpt, lat: await rollLatencyOf(svc), sus: sustainedOf(svc) });
      await checkpoints?.stop();
      await svc.rolls.close();
      d.$client.close();
    }
  }
  console.log(`durability cost, WAL journal, same run, fresh database file each (the bot uses ${SYNCHRONOUS} and the checkpoint worker):`);
  console.log('   synchronous   checkpoint   /roll median   /roll p99   /roll max   sustained rolls/s');
  // For bench:all: p99 and sustained rate of each, e.g. fullWorkerP99Us, normalInlineRollsPerSec.
  for (const r of rows) {
    const k = `${r.level.toLowerCase()}${r.ckpt[0]!.toUpperCase()}${r.ckpt.slice(1)}`;
    json[`${k}P99Us`] = r.lat.p99;
    json[`${k}RollsPerSec`] = r.sus.perSec;
  }
  for (const r of rows) {
    console.log(`   ${r.level.padEnd(11)}   ${r.ckpt.padEnd(10)}   ${`${fmt(r.lat.median)} µs`.padStart(12)}   ${`${fmt(r.lat.p99)} µs`.padStart(9)}   ${`${fmt(r.lat.max)} µs`.padStart(9)}   ${fmt(r.sus.perSec).padStart(17)}`);
  }
}

async function verifyThroughput(): Promise<void> {
  const guildId = '100000000000000003';
  const t0 = process.hrtime.bigint();
  // Fill 100,000 rolls in batches (one transaction per 1,000) to keep set-up short; the
  // chain is exactly what single rolls would build.
  const insert = db.$client.transaction((k: number) => { for (let i = 0; i < k; i++) services.rolls.roll({ guildId, actor, expression: '2d6', reason: 'bench', private: false }); });
  for (let b = 0; b < 100; b++) {
    insert(1000);
    if (b === 49) services.rolls.revealServerSeed(guildId, actor); // half revealed, half open
  }
  const fill = Number(process.hrtime.bigint() - t0) / 1e9;
  const rolls = services.trail.repo.count(guildId, { kind: 'roll' });

  const t0c = process.hrtime.bigint();
  const cold = await services.rolls.verifyAsync(guildId);
  const coldSecs = Number(process.hrtime.bigint() - t0c) / 1e9;
  if (!cold.ok) throw new Error(cold.error.message);
  const t0s = process.hrtime.bigint();
  const split = await services.rolls.verifyAsync(guildId);
  const splitSecs = Number(process.hrtime.bigint() - t0s) / 1e9;
  if (!split.ok) throw new Error(split.error.message);

  const t1 = process.hrtime.bigint();
  const own = services.rolls.verify(guildId);
  const ownSecs = Number(process.hrtime.bigint() - t1) / 1e9;
  if (!own.ok) throw new Error(own.error.message);

  const t2 = process.hrtime.bigint();
  const pub = verifyChain([...services.trail.repo.iterate(guildId)].map(toChainEntry), { guildId });
  const pubSecs = Number(process.hrtime.bigint() - t2) / 1e9;
  if (!pub.ok) throw new Error(pub.error.message);

  console.log(`3. verify over ${fmt(rolls)} stored rolls (filled in ${fmt(fill)} s):`);
  console.log(`   /rolls verify, two worker threads (chain ‖ dice), warm pool: ${fmt(rolls / splitSecs)} rolls/s (${fmt(splitSecs * 1000)} ms)   (target ≥ 100,000/s)`);
  console.log(`   the same, first call of the process (worker start-up included): ${fmt(rolls / coldSecs)} rolls/s (${fmt(coldSecs * 1000)} ms)`);
  console.log(`   same check in one pass on the main thread: ${fmt(rolls / ownSecs)} rolls/s (${fmt(ownSecs * 1000)} ms)`);
  console.log(`   public check (revealed half recomputed, open half chain-only): ${fmt(rolls / pubSecs)} rolls/s (${fmt(pubSecs * 1000)} ms)`);
}

if (process.argv.includes('--sync')) {
  await syncComparison();
} else {
  await rollLatency();
  sustained();
  // bench:all measures verify in its own process (bench/verify.ts: the first call of a process).
  if (!process.argv.includes('--rolls-only')) await verifyThroughput();
}
if (Object.keys(json).length) console.log(`JSON: ${JSON.stringify(json)}`);
const mem = process.memoryUsage();
console.log(`memory: rss ${fmt(mem.rss / 2 ** 20)} MiB, heap used ${fmt(mem.heapUsed / 2 ** 20)} MiB`);
await checkpoints.stop();
await services.rolls.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
