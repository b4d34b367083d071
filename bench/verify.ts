/**
 * `npx tsx bench/verify.ts [rolls=100000] [--tsx] [--warm] [--first-only]` — `/rolls verify` throughput (issue 12): the first call
 * of a process (worker start-up included; `--warm`: on workers warmed up as the bot warms them as it
 * starts, src/services/verify-warm.ts, the warm-up done before the trail is filled), then warm calls, over `rolls` stored rolls (half in a
 * revealed epoch, half open), on a WAL database file. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../src/db/open';
import { createServices } from '../src/services/services';
import { runVerifyPart } from '../src/services/verify-split';

const ROLLS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'estafette-verify-'));
const dbPath = join(dir, 'verify.db');
const db = openDb(dbPath);
const services = createServices(db, { seedEpochHours: 0, dbPath });
// As the bot does at start (src/main.ts): verify's workers start from one bundle. `--tsx`: through tsx, as before issue 12.
const WARM = process.argv.includes('--warm');
const warmStart = process.hrtime.bigint(), warmCpuStart = process.cpuUsage();
const bundled = process.argv.includes('--tsx') ? Promise.resolve(false) : services.rolls.prepareVerify((e) => console.error('could not bundle or warm up the verify workers:', e), { warm: WARM });
// The warm-up alone, before the trail is filled: its wall time and the CPU of every thread meanwhile.
const warmUp = WARM ? await services.rolls.verifyWarmed!.then((ok) => {
  if (!ok) throw new Error('the warm-up failed');
  const u = process.cpuUsage(warmCpuStart);
  return { ms: Number(process.hrtime.bigint() - warmStart) / 1e6, cpuMs: (u.user + u.system) / 1000 };
}) : null;
const guildId = '100000000000000003';
const actor = { id: '300000000000000001', name: 'Ney' };
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const insert = db.$client.transaction((k: number) => { for (let i = 0; i < k; i++) services.rolls.roll({ guildId, actor, expression: '2d6', reason: 'bench', private: false }); });
for (let b = 0; b < ROLLS / 1000; b++) {
  insert(1000);
  if (b === ROLLS / 2000 - 1) services.rolls.revealServerSeed(guildId, actor);
}
const rolls = services.trail.repo.count(guildId, { kind: 'roll' });
/** CPU of every thread of the process (main, both workers and their start-up) in each call, in s. */
const cpu: number[] = [];
const timed = async (f: () => Promise<unknown> | unknown) => {
  const t = process.hrtime.bigint(); const c = process.cpuUsage();
  const r = await f() as { ok: boolean }; if (!r.ok) throw new Error('verify failed');
  const u = process.cpuUsage(c); cpu.push((u.user + u.system) / 1e6);
  return Number(process.hrtime.bigint() - t) / 1e9;
};
const usesBundle = await bundled; // long done by now: filling the trail takes seconds
const cold = await timed(() => services.rolls.verifyAsync(guildId));
const coldSplit = services.rolls.lastVerifySplit;
if (process.argv.includes('--first-only')) {
  // For profiling the first call alone (node --cpu-prof: the workers write their own profiles).
  console.log(`first call of the process${WARM ? ' (warmed workers)' : ''} ${fmt(rolls / cold)} rolls/s, CPU ${fmt(cpu[0]! * 1000)} ms${warmUp ? `; warm-up ${fmt(warmUp.ms)} ms, CPU ${fmt(warmUp.cpuMs)} ms` : ''}`);
  await services.rolls.close();
  process.exit(0);
}
const warm: number[] = [];
for (let i = 0; i < 5; i++) warm.push(await timed(() => services.rolls.verifyAsync(guildId)));
warm.sort((a, b) => a - b);
const main = await timed(() => services.rolls.verify(guildId));
// Each half of the split alone on this thread, warm (median CPU of 5): what CHAIN_SHARE balances.
const halfCpu = (part: 'chain' | 'dice') => {
  const runs: number[] = [];
  for (let i = 0; i < 6; i++) {
    const c = process.cpuUsage();
    if (!runVerifyPart(db.$client, guildId, part, uptoSeq).ok) throw new Error(`${part} half failed`);
    const u = process.cpuUsage(c);
    runs.push((u.user + u.system) / 1000);
  }
  return runs.slice(1).sort((a, b) => a - b)[2]!;
};
const uptoSeq = services.trail.repo.lastLink(guildId)!.seq;
const chainMs = halfCpu('chain'), diceMs = halfCpu('dice');
if (warmUp) console.log(`warm-up (bundling, writing the synthetic trail, both workers' passes): ${fmt(warmUp.ms)} ms, CPU of all threads ${fmt(warmUp.cpuMs)} ms`);
console.log(`verify over ${fmt(rolls)} rolls, workers started ${usesBundle ? 'from the bundle' : 'through tsx'}${WARM ? ' and warmed up' : ''}: first call of the process ${fmt(rolls / cold)} rolls/s (${fmt(cold * 1000)} ms)   (target ≥ 100,000/s); warm median of 5 ${fmt(rolls / warm[2]!)} rolls/s; one pass on the main thread ${fmt(rolls / main)} rolls/s`);
// On a shared machine the wall time follows the other tenants; the CPU does much less.
const [coldCpu, ...warmCpu] = cpu;
warmCpu.pop(); // the main-thread pass
warmCpu.sort((a, b) => a - b);
console.log(`CPU of the whole process (all threads): first call ${fmt(coldCpu! * 1000)} ms, warm median ${fmt(warmCpu[2]! * 1000)} ms; load average ${loadavg()[0]!.toFixed(1)}`);
if (coldSplit) console.log(`first call: the second worker answered ${fmt(coldSplit.idleMs)} ms after the first (one idle meanwhile); chunks of rolls recomputed by the chain scan ${coldSplit.chainChunks}, by the dice worker ${coldSplit.diceChunks}`);
console.log(`each half alone on the main thread, warm, CPU median of 5: chain ${fmt(chainMs)} ms, dice ${fmt(diceMs)} ms`);
console.log(`JSON: ${JSON.stringify({ chainCpuMs: chainMs, diceCpuMs: diceMs,  rolls, coldPerSec: rolls / cold, warmPerSec: rolls / warm[2]!, mainPerSec: rolls / main, bundled: usesBundle ? 1 : 0, coldCpuMs: coldCpu! * 1000, warmCpuMs: warmCpu[2]! * 1000, ...(coldSplit ? { coldIdleMs: coldSplit.idleMs } : {}), ...(warmUp ? { warmUpMs: warmUp.ms, warmUpCpuMs: warmUp.cpuMs } : {}) })}`);
await services.rolls.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
