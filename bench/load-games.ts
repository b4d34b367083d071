/**
 * `npm run bench:load [seconds] [--rate N]` — games under load (issue 4; open loop: issue 12). The bot runs as in production, in
 * its own process (built and started as `npm start` does: `dist/main.mjs`, DISCORD_REST_API pointing at the fake Discord on 127.0.0.1);
 * this process runs the fake and the players. Prints figures; asserts nothing.
 *   - 50 concurrent games (Saint-Rémy), 4 players each, every player submitting and amending
 *     moves as fast as the bot answers, for LOAD_SECONDS (default 60): acknowledgement latency
 *     (p50/p99/max; Discord's hard limit is 3 s) and lost or duplicated inputs;
 *   - a full-size game (Ligny): time from the last /ready to the resolution post in the channel.
 * LOAD_TRACE=1 adds where each acknowledgement waited, stage by stage, and what else the bot did
 * (fsyncs, checkpoints, turns, GC); LOAD_TRACE_OUT=<file> keeps all of it as JSON.
 */
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { openDb } from '../src/db/open';
import { createServices } from '../src/services/services';
import { startFakeDiscord } from '../test/helpers/fake-discord';
import { mib, type MemorySummary } from '../src/lib/memory-stats';
import { bundleBot, productionNodeArgs } from '../src/lib/bot-bundle';

const rateAt = process.argv.indexOf('--rate');
/** Open-loop arrival rate (inputs/s in all); 0: closed loop. */
const RATE = rateAt < 0 ? 0 : Number(process.argv[rateAt + 1]);
const SECONDS = Number(process.argv.slice(2).find((a, i, all) => /^\d+$/.test(a) && all[i - 1] !== '--rate') ?? 60);
const GAMES = 50;
const GUILD = '1400000000000000001';
const channel = (i: number) => `14000000000000${String(1000 + i).padStart(5, '0')}`;
const user = (g: number, p: number) => ({ id: `1400000000000${String(10000 + g * 10 + p).padStart(6, '0')}`, username: `p${g}-${p}` });
/** The largest of xs without spreading it into arguments (Math.max(...xs) overflows the stack past ~120k samples: a 60 s closed loop at 2,000 inputs/s). */
const maxOf = (xs: readonly number[]) => xs.reduce((m, x) => (x > m ? x : m), -Infinity);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

const dir = mkdtempSync(join(tmpdir(), 'estafette-load-'));
const dbPath = join(dir, 'load.db');
let db = openDb(dbPath);
let services = createServices(db, { dbPath });
// Lean: no request log and no RESUME replay log growing with every input in this process.
// LOAD_TRACE=1: each input's life, stage by stage, in the fake, the bot and the players (printed at the end).
const TRACE = Boolean(process.env.LOAD_TRACE);
const traceFile = join(dir, 'trace.json');
/** Per interaction id: when a player sent it and when its promise resolved (LOAD_TRACE). */
const playerMarks = new Map<string, { sent: number; resolved: number }>();
const wallNow = () => performance.timeOrigin + performance.now();
// keepAnswered: each player's /move is answered privately and never touched again; the fake keeps
// the last 2,000 of them (a second of load) instead of all (5 KB each: 620 MB after 40 s, whose
// GC in this process took CPU from the bot on the same two cores; until 2026-11-27).
const fake = await startFakeDiscord({ lean: true, keepAnswered: 2_000, trace: TRACE, guilds: [{ id: GUILD, name: 'Load', channels: Array.from({ length: GAMES + 1 }, (_, i) => ({ id: channel(i), name: `game-${i}` })) }] });

// Set-up written straight to the database before the bot starts (not what is measured):
// 50 games of 2 players a side, and a full-size Ligny game.
const FR = { a: ['french:command', 'french:fr-i-corps'], b: ['french:fr-ii-corps', 'french:fr-cavalry'] };
const AU = { a: ['austrians:command', 'austrians:au-i-korps'], b: ['austrians:au-ii-korps', 'austrians:au-reserve'] };
const units = { 0: ['fabre', 'garnier'], 1: ['hubert', 'lasserre', 'morel'], 2: ['kessler', 'stauffer'], 3: ['ebersberg', 'hohenfeld'] } as Record<number, string[]>;
const gm = { id: '1400000000000999999', name: 'GM' };
for (let g = 0; g < GAMES; g++) {
  await services.games.create({ guildId: GUILD, channelId: channel(g), gm, ruleset: 'dram', scenario: 'saint-remy' });
  [FR.a, FR.b, AU.a, AU.b].forEach((seats, p) => seats.forEach((seat) => services.games.join(channel(g), { id: user(g, p).id, name: user(g, p).username }, seat)));
  services.games.start(channel(g), gm, false);
}
const big = channel(GAMES);
await services.games.create({ guildId: GUILD, channelId: big, gm, ruleset: 'dram', scenario: 'ligny' });
const bigSeats = services.games.openSeats(big);
const firstSide = bigSeats[0]!.id.split(':')[0];
const bigPlayer = (seat: string) => (seat.split(':')[0] === firstSide ? '1400000000000888881' : '1400000000000888882');
for (const s of bigSeats) services.games.join(big, { id: bigPlayer(s.id), name: bigPlayer(s.id) }, s.id);
services.games.start(big, gm, false);
services.games.ready(big, { id: '1400000000000888881', name: 'a' });
await services.rolls.close();
db.$client.close();

// BOT_HEAP_SNAPSHOT=<dir>: a heap snapshot of the bot's main thread when the load ends (its peak).
const heapDir = process.env.BOT_HEAP_SNAPSHOT;
const memoryFile = join(dir, 'memory.json');
// Started as `npm start` starts it (package.json): built into dist/main.mjs, then node with the
// same options. BOT_NODE_ARGS="--import tsx src/main.ts" (say) runs another way, for comparisons.
const botArgs = process.env.BOT_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? productionNodeArgs();
// BOT_UNMINIFIED=1: the same bundle unminified, so that a BOT_PROFILE names our functions.
if (!process.env.BOT_NODE_ARGS) await bundleBot({ minify: !process.env.BOT_UNMINIFIED });
const bot = spawn(process.execPath, [...(process.env.BOT_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BOT_PROFILE] : []), ...(heapDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`] : []), ...botArgs], {
  env: { ...process.env, DISCORD_TOKEN: fake.token, DISCORD_REST_API: fake.restApi, DATABASE_PATH: dbPath, LOG_LEVEL: 'info', LOAD_STATS: '1000', MEMORY_STATS: memoryFile, LOAD_TRACE: TRACE ? traceFile : '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
/** The bot's event-loop delay each second (src/lib/loop-stats.ts), while the load runs. */
const loopSpans: { p50: number; p99: number; max: number }[] = [];
let loadRunning = false;
let pendingLine = '';
// BOT_STDOUT=<file>: a copy of everything the bot writes to stdout (its log, V8's --trace-* output).
const botStdout = process.env.BOT_STDOUT ? createWriteStream(process.env.BOT_STDOUT) : null;
// The load starts on a bot in its steady state: connected, and done warming its verify workers up
// (VERIFY_WARM: ~2.5 s of CPU once per start, which a bot that has run for hours has long paid;
// their memory stays in the RSS figure). At most 60 s for the warm-up, then the load starts anyway.
let warmedUp: () => void = () => undefined;
const warmed = new Promise<string>((resolve) => { warmedUp = () => resolve('warmed'); });
await new Promise<void>((resolve) => bot.stdout!.on('data', (c: Buffer) => {
  botStdout?.write(c);
  const lines = (pendingLine + c.toString()).split('\n');
  pendingLine = lines.pop()!;
  for (const line of lines) {
    if (line.includes('connected to Discord')) resolve();
    if (line.includes('verify workers warmed up') || line.includes('verify workers: could not')) warmedUp();
    // From the log line's own start: V8's --trace-* output (BOT_NODE_ARGS) may share the line.
    const at = line.indexOf('{"level"');
    if (loadRunning && at >= 0 && line.includes('"load stats"')) {
      try { loopSpans.push((JSON.parse(line.slice(at)) as { loopDelay: { p50: number; p99: number; max: number } }).loopDelay); } catch { /* a trace line cut into it: that second is left out */ }
    }
  }
}));

const warmWait = performance.now();
const warmState = await Promise.race([warmed, new Promise<string>((r) => setTimeout(() => r('not warmed after 60 s'), 60_000).unref())]);
console.log(`bot's verify workers: ${warmState} (${Math.round(performance.now() - warmWait)} ms after it connected)`);

// Load: every player amends a move for one of their stands, again and again.
const latencies: number[] = [];
/** Per `game|unit`: every `to` sent, in order, and how many of them had been sent when the last acknowledged one was. */
const sentTo = new Map<string, { tos: string[]; acked: number }>();
let failures = 0, sent = 0;
const until = Date.now() + SECONDS * 1000;
/** One /move from player p of game g; its latency counts from `from` (open loop: the time it was due). */
async function one(g: number, p: number, n: number, from?: number): Promise<void> {
  const unit = units[p]![n % units[p]!.length]!;
  // 800 distances (0.6–1.399 in): no player sends the same text twice for a stand within a run,
  // as a real one seldom would, so what the rules remember per text (DRAM's resolvePath) does not
  // flatter the figure. Until 2026-11-26 the load cycled 9 texts (0.6–1.4 in by tenths).
  const to = `forward ${(600 + (n % 800)) / 1000}in`;
  const record = sentTo.get(`${g}|${unit}`) ?? { tos: [], acked: 0 };
  sentTo.set(`${g}|${unit}`, record);
  record.tos.push(to);
  const index = record.tos.length;
  const t = from ?? performance.now();
  const sentAt = TRACE ? wallNow() : 0;
  const ix = fake.sendSlashCommand({ guildId: GUILD, channelId: channel(g), user: user(g, p), name: 'move', memberPermissions: '0', options: [{ name: 'unit', type: 3, value: unit }, { name: 'to', type: 3, value: to }] });
  sent++;
  // Told by the fake when the callback arrives (no polling); given up after 5 s. The fake refuses
  // a callback later than Discord's 3 s, so a late answer never arrives.
  let timer: NodeJS.Timeout | undefined;
  const h = await Promise.race([ix.whenCallback(), new Promise<null>((r) => { timer = setTimeout(() => r(null), 5_000); })]);
  clearTimeout(timer);
  if (!h) { failures++; return; }
  latencies.push(performance.now() - t);
  if (TRACE) playerMarks.set(ix.id, { sent: sentAt, resolved: wallNow() });
  if (!h.callback?.content?.includes('accepted')) failures++;
  else record.acked = Math.max(record.acked, index);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
/**
 * Closed loop (default): each player sends again as soon as its last input is acknowledged, so
 * the rate is the bot's saturation throughput. Open loop (`--rate N`): inputs arrive at N a
 * second in all, spread evenly over the players whatever the bot's answers, and each latency
 * counts from when the input was due (no coordinated omission).
 */
async function player(g: number, p: number): Promise<void> {
  if (!RATE) {
    for (let n = 0; Date.now() < until; n++) await one(g, p, n);
    return;
  }
  const players = GAMES * 4;
  const every = (players * 1000) / RATE;
  const start = performance.now() + ((g * 4 + p) / players) * every;
  const inFlight: Promise<void>[] = [];
  for (let n = 0; ; n++) {
    const due = start + n * every;
    if (Date.now() + (due - performance.now()) >= until) break;
    await sleep(due - performance.now());
    inFlight.push(one(g, p, n, due));
  }
  await Promise.all(inFlight);
}
/**
 * CPU seconds (user + system, every thread) of the bot process, from the kernel's count in
 * /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms): the bot's own work, whatever
 * the load generator in this process costs.
 */
const botCpuSeconds = (): number => {
  const fields = readFileSync(`/proc/${bot.pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime (fields 14, 15; 3 is fields[0] here)
};
/**
 * CPU seconds of each of the bot's threads by name (/proc/<pid>/task/<tid>/stat: comm, utime,
 * stime): the main thread, libuv's pool (fsyncs), V8's helpers (GC), worker threads (the WAL
 * checkpointer, verify, the bundle's esbuild), so the bot's CPU is split by where it runs.
 */
const botThreadCpu = (): Map<string, number> => {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${bot.pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${bot.pid}/task/${tid}/stat`, 'utf8');
      // Node 20 names no thread but the main one (all are "node"): by thread id, then.
      const comm = tid === String(bot.pid) ? 'main thread' : `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))} ${tid}`;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(comm, (out.get(comm) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
    } catch { /* the thread ended */ }
  }
  return out;
};
/** Channel posts (outbox: receipts, reveals, maps) in the game channels so far: HTTP posts per input. */
const channelPosts = () => Array.from({ length: GAMES }, (_, g) => fake.channelMessages(channel(g)).length).reduce((a, b) => a + b, 0);
const posts0 = channelPosts();
const cpu0 = { bot: botCpuSeconds(), bench: process.cpuUsage(), threads: botThreadCpu() };
loadRunning = true;
const t0 = Date.now();
await Promise.all(Array.from({ length: GAMES }, (_, g) => [0, 1, 2, 3].map((p) => player(g, p))).flat());
const elapsed = (Date.now() - t0) / 1000;
if (heapDir) bot.kill('SIGUSR2');
loadRunning = false;
// CPU over the load window only (set-up, the lost-input check and the Ligny game excluded): the
// bot's and this process's (the fake Discord + the 200 players), per input sent.
const botCpu = botCpuSeconds() - cpu0.bot;
const threadCpu = [...botThreadCpu()].map(([name, s]) => [name, s - (cpu0.threads.get(name) ?? 0)] as const).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
const benchUsage = process.cpuUsage(cpu0.bench);
const benchCpu = (benchUsage.user + benchUsage.system) / 1e6;

// Lost or duplicated inputs: the stored live order of each stand is the last acknowledged one (or one sent after it).
await new Promise((r) => setTimeout(r, 2_000)); // let the bot finish what is in flight
// Posted over the load and its 2 s tail (settling receipts included): what the inputs cost in Discord requests.
const posts = channelPosts() - posts0;
db = openDb(dbPath);
services = createServices(db, { dbPath });
let lost = 0, duplicated = 0;
for (let g = 0; g < GAMES; g++) {
  const l = services.games.live(channel(g));
  const live = services.games.repo.activeSubmissions(l.window!.id);
  const byKey = new Map<string, number>();
  for (const x of live) byKey.set(x.key, (byKey.get(x.key) ?? 0) + 1);
  for (const n of byKey.values()) if (n > 1) duplicated += n - 1;
  // Lost: the stored order is not the last acknowledged one or one sent after it (an input the
  // bot took but could not acknowledge in time, as when it is overloaded, may come later).
  for (const [key, { tos, acked }] of sentTo) {
    const [gi, unit] = key.split('|');
    if (Number(gi) !== g || acked === 0) continue;
    const stored = live.find((x) => x.key === `move:${unit}`);
    if (!stored || !tos.slice(acked - 1).includes((JSON.parse(stored.body) as { to: string }).to)) lost++;
  }
}
console.log(`games under load (${RATE ? `open loop, ${RATE} inputs/s due` : 'closed loop'}): ${GAMES} games x 4 players for ${elapsed.toFixed(0)} s: ${sent} inputs (${(sent / elapsed).toFixed(0)}/s), ${failures} not acknowledged in time`);
console.log(`  channel posts (HTTP POSTs by the outbox): ${posts}, ${(posts / sent).toFixed(3)} per input; TCP connections the fake accepted: ${fake.connectionsAccepted}`);
console.log(`  acknowledgement latency: p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${maxOf(latencies).toFixed(1)} ms   (target p99 < 250 ms; Discord's limit 3 s)`);
console.log(`  CPU over the load: bot ${botCpu.toFixed(1)} s (${((botCpu / elapsed) * 100).toFixed(0)}% of a core, ${((botCpu * 1e6) / sent).toFixed(0)} µs/input), load generator + fake Discord ${benchCpu.toFixed(1)} s (${((benchCpu / elapsed) * 100).toFixed(0)}% of a core, ${((benchCpu * 1e6) / sent).toFixed(0)} µs/input); load average ${loadavg()[0]!.toFixed(1)}`);
console.log(`  the bot's CPU by thread: ${threadCpu.map(([name, s]) => `${name} ${s.toFixed(1)} s (${((s * 1e6) / sent).toFixed(0)} µs/input)`).join(', ')}`);
const loopP99 = pct(loopSpans.map((x) => x.p99), 50), loopMax = maxOf(loopSpans.map((x) => x.max));
console.log(`  the bot's event-loop delay over ${loopSpans.length} one-second spans: p99 per span median ${loopP99} ms, worst ${maxOf(loopSpans.map((x) => x.p99))} ms; longest stall ${loopMax} ms`);
console.log(`  lost inputs: ${lost}, duplicated inputs: ${duplicated}   (target 0 and 0)`);

// A full-size game: from the last /ready to the resolution post in the channel, measured once
// the load's backlog of posts has drained (so it is not queued behind it).
while ((db.$client.prepare('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL').get() as { n: number }).n > 0) await new Promise((r) => setTimeout(r, 200));
const before = fake.channelMessages(big).length;
const tReady = performance.now();
await fake.sendSlashCommand({ guildId: GUILD, channelId: big, user: { id: '1400000000000888882', username: 'b' }, name: 'ready', memberPermissions: '0' }).waitForResponse({ timeoutMs: 10_000 });
await fake.waitFor(() => fake.channelMessages(big).slice(before).some((m) => m.message.content.startsWith('⚔️')), { timeoutMs: 60_000 });
const ms = performance.now() - tReady;
const stands = Object.keys((services.games.live(big).state as { stands: object }).stands).length;
console.log(`full-size game (Ligny, ${stands} stands): last /ready → resolution post in the channel: ${ms.toFixed(0)} ms (posts leave as soon as the resolution commits)`);

// The bot's peak resident set (the kernel's high-water mark), before it stops.
const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${bot.pid}/status`, 'utf8'));
const peakRssMiB = hwm ? Number(hwm[1]) / 1024 : Number.NaN;
console.log(`bot peak RSS: ${peakRssMiB.toFixed(0)} MiB   (target < 256 MiB)`);
console.log(`JSON: ${JSON.stringify({ inputsPerSec: sent / elapsed, postsPerInput: posts / sent, ackP99Ms: pct(latencies, 99), ackP50Ms: pct(latencies, 50), peakRssMiB, failures, lost, duplicated, rate: RATE, botCpuUsPerInput: (botCpu * 1e6) / sent, benchCpuUsPerInput: (benchCpu * 1e6) / sent, botCpuSeconds: botCpu, benchCpuSeconds: benchCpu, seconds: elapsed, loadAverage: loadavg()[0], loopDelayP99Ms: loopP99, loopDelayMaxMs: loopMax })}`);
bot.kill('SIGTERM');
await new Promise((r) => bot.on('exit', r));
// The bot's own sampling (MEMORY_STATS, every second), written as it exits.
try {
  const m = JSON.parse(readFileSync(memoryFile, 'utf8')) as MemorySummary;
  const p = m.atPeakRss;
  console.log(`  bot memory at its sampled peak RSS ${mib(p.rss)}: V8 heap ${mib(p.heapTotal)} (used ${mib(p.heapUsed)}), external ${mib(p.external)} (array buffers ${mib(p.arrayBuffers)}), the rest ${mib(p.rss - p.heapTotal - p.external)} (code, native allocations, worker threads), ${m.threadsAtPeak ?? '?'} threads; highest heap used ${mib(m.max.heapUsed)} (${m.samples} samples); GC pauses ${m.gc.pauseMs} ms in ${m.gc.count} collections over ${(m.gc.sampledMs / 1000).toFixed(0)} s; CPU ${(m.cpuMs / sent).toFixed(2)} ms per input (start-up included)`);
  console.log(`MEMORY: ${JSON.stringify(m)}`);
} catch (e) {
  console.log(`  bot memory: no summary (${(e as Error).message})`);
}
if (TRACE) printTrace();
await fake.close();
await services.rolls.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });

/**
 * LOAD_TRACE: where an input's acknowledgement waits. Each stage's time since the one before it
 * (p50/p99/max over the inputs of the load that every mark reached), from three clocks on one
 * machine: the players' (sent, resolved), the fake Discord's (frame sent, callback in/recorded)
 * and the bot's (src/lib/load-trace.ts).
 */
function printTrace(): void {
  let bot: { stages: string[]; rows: Record<string, number[]>; spans?: [string, number, number, number?][] };
  try {
    bot = JSON.parse(readFileSync(traceFile, 'utf8')) as typeof bot;
  } catch (e) {
    console.log(`trace: the bot wrote none (${(e as Error).message})`);
    return;
  }
  const order = ['sent', 'fake:frameSent', ...bot.stages.filter((s) => s !== 'replyDone').map((s) => `bot:${s}`), 'fake:callbackIn', 'fake:callbackDone', 'resolved'];
  const deltas = order.slice(1).map(() => [] as number[]);
  const total: number[] = [];
  const inputs: number[][] = [];
  for (const [id, p] of playerMarks) {
    const f = fake.trace?.get(id), b = bot.rows[id];
    if (!f || !b) continue;
    const at = [p.sent, f.frameSent, ...bot.stages.map((_, i) => b[i]).filter((_, i) => bot.stages[i] !== 'replyDone'), f.callbackIn, f.callbackDone, p.resolved];
    if (at.some((x) => !x)) continue;
    for (let i = 1; i < at.length; i++) deltas[i - 1]!.push(at[i]! - at[i - 1]!);
    total.push(p.resolved - p.sent);
    inputs.push(at as number[]);
  }
  console.log(`trace over ${total.length} inputs (ms from the stage before; p50 / p99 / max):`);
  order.slice(1).forEach((s, i) => console.log(`  ${`${order[i]} → ${s}`.padEnd(40)} ${pct(deltas[i]!, 50).toFixed(2).padStart(8)} ${pct(deltas[i]!, 99).toFixed(2).padStart(8)} ${maxOf(deltas[i]!).toFixed(2).padStart(8)}`));
  console.log(`  ${'sent → resolved'.padEnd(40)} ${pct(total, 50).toFixed(2).padStart(8)} ${pct(total, 99).toFixed(2).padStart(8)} ${maxOf(total).toFixed(2).padStart(8)}`);
  printSpans(bot.spans ?? [], inputs, order);
  // LOAD_TRACE_OUT=<file>: every input's marks and the bot's spans, for a closer look.
  if (process.env.LOAD_TRACE_OUT) writeFileSync(process.env.LOAD_TRACE_OUT, JSON.stringify({ order, inputs, spans: bot.spans ?? [] }));
}

/**
 * What else the bot did (LOAD_TRACE spans: fsyncs of the WAL, checkpoints, TurnQueue turns, GC
 * pauses): each kind's count and duration percentiles, the fsyncs apart while a checkpoint ran
 * (does the checkpoint's sync of the database slow the sync every acknowledgement waits for?),
 * and for the slowest 1% of inputs what overlapped their wait.
 */
function printSpans(spans: [string, number, number, number?][], inputs: number[][], order: string[]): void {
  if (!spans.length) return;
  const byKind = new Map<string, number[]>();
  for (const [k, a, b] of spans) byKind.set(k, [...(byKind.get(k) ?? []), b - a]);
  console.log('bot spans (count; ms p50 / p99 / max; total ms):');
  for (const [k, d] of [...byKind].sort()) console.log(`  ${k.padEnd(16)} ${String(d.length).padStart(6)}  ${pct(d, 50).toFixed(2)} / ${pct(d, 99).toFixed(2)} / ${maxOf(d).toFixed(2)}; ${d.reduce((x, y) => x + y, 0).toFixed(0)}`);
  const checkpoints = spans.filter(([k]) => k === 'checkpoint');
  const during = (a: number, b: number, set: typeof spans) => set.some(([, c, d]) => c < b && d > a);
  const fs = spans.filter(([k]) => k === 'fsync');
  const inCk = fs.filter(([, a, b]) => during(a, b, checkpoints)).map(([, a, b]) => b - a), outCk = fs.filter(([, a, b]) => !during(a, b, checkpoints)).map(([, a, b]) => b - a);
  console.log(`  fsyncs overlapping a checkpoint: ${inCk.length}, p50 / p99 ${pct(inCk, 50).toFixed(2)} / ${pct(inCk, 99).toFixed(2)} ms; the others ${outCk.length}, ${pct(outCk, 50).toFixed(2)} / ${pct(outCk, 99).toFixed(2)} ms`);
  // The slowest 1%: the stage that held each, and what overlapped it.
  const slow = [...inputs].sort((x, y) => y[y.length - 1]! - y[0]! - (x[x.length - 1]! - x[0]!)).slice(0, Math.max(1, Math.floor(inputs.length / 100)));
  const held = new Map<number, number>(), with_ = new Map<string, number>();
  for (const at of slow) {
    let worst = 1;
    for (let i = 2; i < at.length; i++) if (at[i]! - at[i - 1]! > at[worst]! - at[worst - 1]!) worst = i;
    held.set(worst, (held.get(worst) ?? 0) + 1);
    const a = at[0]!, b = at[at.length - 1]!;
    for (const k of new Set(spans.filter(([k, c, d]) => c < b && d > a && (k !== 'turn' || d - c > 25) && k !== 'fsync').map(([k]) => (k === 'turn' ? 'turn > 25 ms' : k)))) with_.set(k, (with_.get(k) ?? 0) + 1);
  }
  console.log(`  the slowest ${slow.length} inputs (from ${new Date(Math.min(...slow.map((x) => x[0]!))).toISOString().slice(11, 23)} to ${new Date(Math.max(...slow.map((x) => x[0]!))).toISOString().slice(11, 23)}): held longest before ${[...held].map(([i, n]) => `${order[i]} ${n}`).join(', ')}; overlapping ${[...with_].map(([k, n]) => `${k} ${n}`).join(', ')}`);
}
