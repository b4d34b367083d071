/**
 * `npm run bench` — speed figures for the foundation, printed, never asserted (shared, noisy
 * machines). Runs on a real WAL database file in a temp folder, as the bot does.
 *   1. one /roll handled in process: parse, derive, persist with chain hash, build reply; the
 *      handler's time and the time until the roll is durable (group commit), apart
 *   2. sustained audited rolls per second, 32 rollers at once, through the bot's interaction queue:
 *      one transaction per turn (TURN_BATCH=off: one per roll)
 *   3. verify throughput over 100,000 stored rolls read from the database
 * `--rolls-only`: 1 and 2 (what `npm run bench:all` takes from here). `--profile=<file>`: a CPU
 * profile of the main thread over figure 2 (bench/cpuprofile-top.ts reads it).
 * `npx tsx bench/run.ts --sync`: 1 and 2 only, with synchronous=FULL, NORMAL (not durable) and
 * group commit (what the bot uses), FULL and NORMAL each with SQLite's inline automatic
 * checkpoint and with the bot's checkpoint worker (issue 12), each on its own fresh database
 * file, printed side by side (issue 16).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { commandMap } from '../commands/index';
import { verifyChain } from '../src/dice/verify';
import { toChainEntry } from '../src/db/audit.repo';
import { Checkpointer } from '../src/db/checkpointer';
import { ALREADY_DURABLE } from '../src/db/durability';
import { openDb, SYNCHRONOUS } from '../src/db/open';
import { execute, prepare } from '../src/interaction/dispatch';
import { TURN_BUDGET_MS } from '../src/adapters/discord';
import { TurnQueue } from '../src/lib/turn-queue';
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

type Svc = typeof services;
const pctOf = (xs: number[], p: number) => pct([...xs].sort((a, b) => a - b), p);

/**
 * One roller, one /roll after another. `handler`: the command's own time on the event loop
 * (with FULL it includes the commit's fsync, which blocks the loop); `ack`: until the reply may
 * leave, i.e. until the roll is durable (group commit waits for its fsync here, off the loop).
 */
async function rollLatencyOf(svc: Svc): Promise<{ handler: { median: number; p99: number }; ack: { median: number; p99: number; max: number } }> {
  const guildId = '100000000000000001';
  const ctx = { guildId, channelId: '1', user: actor, isAdmin: false, services: svc, now: () => new Date(), log, users: {} };
  const inv = { name: 'roll', options: { expression: '2d6+1d3-1', reason: "Ney's nerve" } };
  for (let i = 0; i < 500; i++) await execute(prepare(commands, inv), ctx);
  const handler: number[] = [];
  const ack: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t = process.hrtime.bigint();
    const p = prepare(commands, inv);
    await p.command.execute(ctx, p.input);
    const t1 = process.hrtime.bigint();
    await svc.db.$durability.durable();
    const t2 = process.hrtime.bigint();
    handler.push(Number(t1 - t) / 1000);
    ack.push(Number(t2 - t) / 1000);
  }
  return { handler: { median: pctOf(handler, 50), p99: pctOf(handler, 99) }, ack: { median: pctOf(ack, 50), p99: pctOf(ack, 99), max: Math.max(...ack) } };
}

/** Concurrent rollers (as many players at once), each sending its next /roll when the last is acknowledged. */
const ROLLERS = 32;
/** TURN_BATCH=off: the rolls of a turn commit one by one, as the bot does with that setting (README). */
const BATCH = process.env.TURN_BATCH !== 'off';

async function sustainedOf(svc: Svc): Promise<{ perSec: number; secs: number; ackP99: number; loopP99: number; perFsync: number | null; userUs: number }> {
  const inv = { name: 'roll', options: { expression: '1d6' } };
  const acks: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const fsyncs0 = svc.db.$durability.fsyncs;
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const end = start + 3_000_000_000n;
  let n = 0;
  // Each roll arrives through the bot's interaction queue (turns of up to TURN_BUDGET_MS, each one
  // transaction unless TURN_BATCH=off), as an interaction does, and lets the loop-delay timer run.
  const queue = new TurnQueue<() => void>((f) => f(), {
    maxWaitMs: Number.POSITIVE_INFINITY, budgetMs: TURN_BUDGET_MS, stale: () => undefined,
    ...(BATCH ? { around: (items: () => void) => svc.db.$batch.run(items) } : {}),
  });
  loop.enable();
  await Promise.all(Array.from({ length: ROLLERS }, async (_, r) => {
    const ctx = { guildId: `1000000000000002${String(r).padStart(2, '0')}`, channelId: '1', user: actor, isAdmin: false, services: svc, now: () => new Date(), log, users: {} };
    while (process.hrtime.bigint() < end) {
      const t = process.hrtime.bigint();
      await new Promise<unknown>((resolve, reject) => queue.push(() => { execute(prepare(commands, inv), ctx).then(resolve, reject); }));
      acks.push(Number(process.hrtime.bigint() - t) / 1000);
      n++;
    }
  }));
  loop.disable();
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  // The bot's own CPU per roll (user time: the fsync's wait and the kernel's share left out).
  const fsyncs = svc.db.$durability.fsyncs - fsyncs0;
  return { perSec: n / secs, secs, ackP99: pctOf(acks, 99), loopP99: loop.percentile(99) / 1000, perFsync: fsyncs ? n / fsyncs : null, userUs: process.cpuUsage(cpu).user / n };
}

async function rollLatency(): Promise<void> {
  const l = await rollLatencyOf(services);
  json.rollP99Us = l.ack.p99;
  json.rollMedianUs = l.ack.median;
  json.rollHandlerP99Us = l.handler.p99;
  console.log(`1. /roll in process (5,000 after 500 warm-up, group commit: synchronous=${SYNCHRONOUS} + one fsync of the WAL shared by the commits before it, checkpoint worker):`);
  console.log(`   the handler on the event loop: median ${fmt(l.handler.median)} µs, p99 ${fmt(l.handler.p99)} µs   (target p99 < 2,000 µs)`);
  console.log(`   until durable (the reply may leave): median ${fmt(l.ack.median)} µs, p99 ${fmt(l.ack.p99)} µs, max ${fmt(l.ack.max)} µs   (one fsync of this disk at least)`);
}

/**
 * `--profile=<file.cpuprofile>`: a V8 CPU profile of the main thread over figure 2 only (the
 * sustained rolls), for bench/cpuprofile-top.ts: `node --cpu-prof` would mix in start-up and figure 1.
 */
async function profiled<T>(f: () => Promise<T>): Promise<T> {
  const file = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
  if (!file) return f();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const r = await f();
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  return r;
}

async function sustained(): Promise<void> {
  const r = await profiled(() => sustainedOf(services));
  json.sustainedRollsPerSec = r.perSec;
  json.sustainedAckP99Us = r.ackP99;
  json.rollUserCpuUs = r.userUs;
  console.log(`2. sustained audited rolls, ${ROLLERS} rollers through the interaction queue (${BATCH ? 'one transaction per turn' : 'TURN_BATCH=off: one per roll'}), each reply after its roll is durable: ${fmt(r.perSec)} rolls/s over ${fmt(r.secs)} s, ack p99 ${fmt(r.ackP99)} µs, event-loop delay p99 ${fmt(r.loopP99)} µs, ${r.perFsync ? fmt(r.perFsync) : '?'} rolls per fsync, user CPU ${fmt(r.userUs)} µs per roll   (target ≥ 5,000/s)`);
}

/**
 * Figures 1 and 2 for FULL (each commit fsynced inline), NORMAL (no fsync: NOT durable, shown
 * for scale) and group commit (what the bot uses), FULL and NORMAL each with SQLite's inline
 * automatic checkpoint and with the bot's checkpoint worker (issue 12), each on a fresh file, in one run.
 */
async function syncComparison(): Promise<void> {
  const modes = [
    { level: 'FULL', ckpt: 'inline' }, { level: 'FULL', ckpt: 'worker' },
    { level: 'NORMAL', ckpt: 'inline' }, { level: 'NORMAL', ckpt: 'worker' },
    { level: 'group', ckpt: 'worker' },
  ] as const;
  const rows: { level: string; ckpt: string; lat: Awaited<ReturnType<typeof rollLatencyOf>>; sus: Awaited<ReturnType<typeof sustainedOf>> }[] = [];
  for (const { level, ckpt } of modes) {
    const path = join(dir, `sync-${level}-${ckpt}.db`);
    const d = openDb(path);
    // FULL: each commit is durable when it returns; NORMAL: never waited for (not durable).
    if (level !== 'group') {
      d.$client.pragma(`synchronous = ${level}`);
      d.$durability = ALREADY_DURABLE;
    }
    const checkpoints = ckpt === 'worker' ? new Checkpointer(d.$client, path).start() : null;
    const svc = createServices(d, { seedEpochHours: 0, dbPath: path });
    rows.push({ level, ckpt, lat: await rollLatencyOf(svc), sus: await sustainedOf(svc) });
    await checkpoints?.stop();
    await svc.rolls.close();
    d.$client.close();
  }
  console.log(`durability cost, WAL journal, same run, fresh database file each (the bot uses group commit and the checkpoint worker; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}):`);
  console.log(`   mode          checkpoint   durable   handler median/p99     until durable median/p99/max      ${ROLLERS} rollers: rolls/s   ack p99   loop p99   rolls/fsync`);
  // For bench:all: p99 and sustained rate of each, e.g. fullWorkerP99Us, groupWorkerRollsPerSec.
  for (const r of rows) {
    const k = `${r.level.toLowerCase()}${r.ckpt[0]!.toUpperCase()}${r.ckpt.slice(1)}`;
    json[`${k}P99Us`] = r.lat.ack.p99;
    json[`${k}HandlerP99Us`] = r.lat.handler.p99;
    json[`${k}RollsPerSec`] = r.sus.perSec;
  }
  const us = (n: number) => `${fmt(n)} µs`;
  for (const r of rows) {
    const mode = r.level === 'group' ? 'group commit' : r.level;
    console.log(`   ${mode.padEnd(12)}  ${r.ckpt.padEnd(10)}   ${(r.level === 'NORMAL' ? 'NO' : 'yes').padEnd(7)}   ${`${us(r.lat.handler.median)} / ${us(r.lat.handler.p99)}`.padStart(20)}   ${`${us(r.lat.ack.median)} / ${us(r.lat.ack.p99)} / ${us(r.lat.ack.max)}`.padStart(32)}   ${fmt(r.sus.perSec).padStart(16)}   ${us(r.sus.ackP99).padStart(10)}   ${us(r.sus.loopP99).padStart(9)}   ${(r.sus.perFsync ? fmt(r.sus.perFsync) : '-').padStart(8)}`);
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
  await sustained();
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
