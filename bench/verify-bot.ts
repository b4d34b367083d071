/**
 * `npx tsx bench/verify-bot.ts [rolls=100000] [--idle S]` — the first `/rolls verify` of a bot as an
 * admin meets it (issue 12): the trail (`rolls` rolls, half in a revealed epoch, half open) is
 * written before the bot starts; the bot is then built and started as `npm start` starts it
 * (dist/main.mjs, package.json's node options: src/lib/bot-bundle.ts productionNodeArgs) against
 * the fake Discord, left idle S seconds (default 5) once connected, and sent `/rolls verify`.
 *
 * The figure is the time from sending the command to its settled reply (defer, then the edit
 * with the result), so it includes everything that first call pays in that bot: the gateway and
 * REST hops to the fake, the handler, the records check, and whatever of the workers' start-up
 * and warm-up (src/services/verify-warm.ts) is not finished by then. Prints figures; asserts
 * nothing but that the trail verified.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../src/db/open';
import { bundleBot, productionNodeArgs } from '../src/lib/bot-bundle';
import { createServices } from '../src/services/services';
import { startFakeDiscord } from '../test/helpers/fake-discord';

const ROLLS = Number(process.argv.slice(2).find((a, i, all) => /^\d+$/.test(a) && all[i - 1] !== '--idle') ?? 100_000);
const idleAt = process.argv.indexOf('--idle');
const IDLE_S = idleAt < 0 ? 5 : Number(process.argv[idleAt + 1]);
const GUILD = '1400000000000000003';
const CHANNEL = '1400000000000000004';
const admin = { id: '300000000000000001', name: 'Ney' };
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

const dir = mkdtempSync(join(tmpdir(), 'estafette-verify-bot-'));
const dbPath = join(dir, 'bot.db');
{
  const db = openDb(dbPath);
  const services = createServices(db, { seedEpochHours: 0, dbPath });
  const insert = db.$client.transaction((k: number) => { for (let i = 0; i < k; i++) services.rolls.roll({ guildId: GUILD, actor: admin, expression: '2d6', reason: 'bench', private: false }); });
  for (let b = 0; b < ROLLS / 1000; b++) {
    insert(1000);
    if (b === ROLLS / 2000 - 1) services.rolls.revealServerSeed(GUILD, admin);
  }
  await services.rolls.close();
  db.$client.close();
}

const fake = await startFakeDiscord({ lean: true, guilds: [{ id: GUILD, name: 'Verify', channels: [{ id: CHANNEL, name: 'dice' }] }] });
await bundleBot();
const started = performance.now();
const bot = spawn(process.execPath, productionNodeArgs(), {
  env: { ...process.env, DISCORD_TOKEN: fake.token, DISCORD_REST_API: fake.restApi, DATABASE_PATH: dbPath, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
/** When (ms after the spawn) the bot said it was connected, and that its verify workers were warm. */
const marks: { connected?: number; warmed?: number } = {};
let pending = '';
await new Promise<void>((resolve) => bot.stdout!.on('data', (c: Buffer) => {
  const lines = (pending + c.toString()).split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    if (line.includes('connected to Discord') && marks.connected === undefined) { marks.connected = performance.now() - started; resolve(); }
    if (line.includes('verify workers warmed up')) marks.warmed = performance.now() - started;
  }
}));
await new Promise((r) => setTimeout(r, IDLE_S * 1000));

/** utime + stime of every thread of the bot (clock ticks of 10 ms), and its resident set. */
const botStat = () => {
  const stat = readFileSync(`/proc/${bot.pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${bot.pid}/status`, 'utf8'));
  return { cpuMs: (Number(f[11]) + Number(f[12])) * 10, rssMiB: rss ? Number(rss[1]) / 1024 : Number.NaN };
};
const idle = botStat();
const t = performance.now();
const callAt = t - started;
const reply = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: { id: admin.id, username: admin.name }, name: 'rolls', subcommand: 'verify' }).waitForResponse({ timeoutMs: 120_000 });
const ms = performance.now() - t;
const after = botStat();
const text = reply.edits.at(-1)?.content ?? reply.callback?.content ?? '';
if (!/✅ \*\*Audit trail intact\*\*/.test(text)) throw new Error(`the trail did not verify: ${text.slice(0, 300)}`);
const rolls = Number(/• (\d+) roll\(s\)/.exec(text)?.[1] ?? Number.NaN);

console.log(`first /rolls verify of a bot started as npm start starts it, idle ${IDLE_S} s after connecting: ${fmt(rolls)} rolls in ${fmt(ms)} ms from the command to the reply, ${fmt(rolls / (ms / 1000))} rolls/s   (target ≥ 100,000/s)`);
const warmNote = marks.warmed === undefined ? 'never said they were warm (a bot without the warm-up, or it failed)'
  : marks.warmed <= callAt ? `warm ${fmt(marks.warmed)} ms after its start, before the command`
  : `warm ${fmt(marks.warmed)} ms after its start, after the command: the call waited for the rest of the warm-up, which is in the figure`;
console.log(`  the bot connected ${fmt(marks.connected!)} ms after its start and was sent the command ${fmt(callAt)} ms after it; its verify workers ${warmNote}`);
console.log(`  the bot's CPU (all threads) during the call ${fmt(after.cpuMs - idle.cpuMs)} ms; its RSS idle before the call ${fmt(idle.rssMiB)} MiB, after ${fmt(after.rssMiB)} MiB; load average ${loadavg()[0]!.toFixed(1)}`);
console.log(`JSON: ${JSON.stringify({ firstCallPerSec: rolls / (ms / 1000), firstCallMs: ms, rolls, botCpuMs: after.cpuMs - idle.cpuMs, idleRssMiB: idle.rssMiB, connectedMs: marks.connected, callAtMs: callAt, ...(marks.warmed !== undefined ? { warmedMs: marks.warmed } : {}) })}`);
bot.kill('SIGTERM');
await new Promise((r) => bot.on('exit', r));
await fake.close();
rmSync(dir, { recursive: true, force: true });
