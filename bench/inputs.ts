/**
 * `npx tsx bench/inputs.ts [amendments=10000]` — does a submit cost more when the window has a
 * long history? (issue 12, "Inputs whose cost does not grow with history"). Prints figures;
 * asserts nothing.
 *
 * Two DRAM games (Saint-Rémy) on a WAL database file, four players each. In each, one player
 * amends moves again and again (each amendment withdraws the old order and seals a new
 * receipt); after every submit the outbox is marked sent, as the bot's sender would, so its rows
 * pile up as in production. Game A stops at 500 amendments, game B goes on to `amendments`; then
 * 300 more `/move`s in each, alternating, are timed through the command (parse, validate, store,
 * seal, reply): the medians should be within 1.3× of each other. Wall time includes the wait
 * for the commit's fsync (group commit: the reply waits until it is durable) and so the disk's
 * mood; CPU time shows the work. Database growth per
 * amendment is the file's size (after a TRUNCATE checkpoint) across game B's run, divided by its
 * amendments, with a per-table split from dbstat.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandMap } from '../commands/index';
import { openDb } from '../src/db/open';
import { execute, prepare } from '../src/interaction/dispatch';
import { createLogger } from '../src/logger';
import { createServices } from '../src/services/services';

const AMENDMENTS = Number(process.argv[2] ?? 10_000);
const SAMPLES = 300;
const GUILD = '1500000000000000001';
const CH = '1500000000000000002';
const CH2 = '1500000000000000003';
const gm = { id: '1500000000000999999', name: 'GM' };
const players = [0, 1, 2, 3].map((p) => ({ id: `15000000000000100${p}`, name: `p${p}` }));
const seatsOf = [['french:command', 'french:fr-i-corps'], ['french:fr-ii-corps', 'french:fr-cavalry'], ['austrians:command', 'austrians:au-i-korps'], ['austrians:au-ii-korps', 'austrians:au-reserve']];

const dir = mkdtempSync(join(tmpdir(), 'estafette-inputs-'));
const dbPath = join(dir, 'inputs.db');
const db = openDb(dbPath);
const services = createServices(db, { dbPath });
const commands = commandMap();
const log = createLogger('silent');
for (const ch of [CH, CH2]) {
  await services.games.create({ guildId: GUILD, channelId: ch, gm, ruleset: 'dram', scenario: 'saint-remy' });
  seatsOf.forEach((seats, p) => seats.forEach((seat) => services.games.join(ch, players[p]!, seat)));
  services.games.start(ch, gm, false);
}

const ctxIn = (channelId: string) => ({ guildId: GUILD, channelId, user: players[0]!, isAdmin: false, services, now: () => new Date(), log, users: {} });
const ctxs = [ctxIn(CH), ctxIn(CH2)];
const markSent = db.$client.prepare('UPDATE outbox SET claimed_at = ?, sent_at = ? WHERE sent_at IS NULL');
const count = [0, 0];
/** One amendment in game `g`; its wall-clock and CPU time (µs). */
async function amend(g: number): Promise<{ wall: number; cpu: number }> {
  const n = count[g]!;
  const inv = { name: 'move', options: { unit: n % 2 ? 'garnier' : 'fabre', to: `forward ${(1 + (n % 9)) / 10 + 0.5}in` } };
  const c = process.cpuUsage();
  const t = process.hrtime.bigint();
  const r = await execute(prepare(commands, inv), ctxs[g]!);
  const wall = Number(process.hrtime.bigint() - t) / 1000;
  const cu = process.cpuUsage(c);
  if (!JSON.stringify(r).includes('accepted')) throw new Error(`not accepted: ${JSON.stringify(r).slice(0, 300)}`);
  markSent.run(Date.now(), Date.now());
  count[g] = n + 1;
  return { wall, cpu: cu.user + cu.system };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number, d = 1) => x.toLocaleString('en-US', { maximumFractionDigits: d });

function size(): { bytes: number; tables: Map<string, number> } {
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  const tables = new Map<string, number>();
  for (const r of db.$client.prepare('SELECT name, SUM(pgsize) AS b FROM dbstat GROUP BY name').all() as { name: string; b: number }[]) tables.set(r.name, r.b);
  return { bytes: statSync(dbPath).size, tables };
}

// Game 0 stops at 500 amendments, game 1 goes on to AMENDMENTS; growth is measured over game 1's run.
while (count[0]! < 500) await amend(0);
while (count[1]! < 500) await amend(1);
const before = size();
while (count[1]! < AMENDMENTS) await amend(1);
const after = size();
const between = AMENDMENTS - 500;
// Timed submits alternate between the two games, so a change in the machine's load falls on both alike.
const early = { wall: [] as number[], cpu: [] as number[] };
const late = { wall: [] as number[], cpu: [] as number[] };
for (let i = 0; i < SAMPLES; i++) {
  for (const [g, into] of [[0, early], [1, late]] as const) {
    const s = await amend(g);
    into.wall.push(s.wall);
    into.cpu.push(s.cpu);
  }
}
const ratio = median(late.wall) / median(early.wall);
const cpuRatio = median(late.cpu) / median(early.cpu);
console.log(`submit (/move through the command, one transaction, reply once durable: group commit), ${SAMPLES} alternating samples each:`);
console.log(`   after 500 amendments: median ${fmt(median(early.wall))} µs wall, ${fmt(median(early.cpu))} µs CPU`);
console.log(`   after ${fmt(AMENDMENTS, 0)} amendments: median ${fmt(median(late.wall))} µs wall, ${fmt(median(late.cpu))} µs CPU`);
console.log(`   ratio ${fmt(ratio, 2)} wall, ${fmt(cpuRatio, 2)} CPU   (target ≤ 1.3)`);
const perAmendment = (after.bytes - before.bytes) / between;
console.log(`database growth per amendment: ${fmt(perAmendment)} bytes (${fmt(between, 0)} amendments, file after TRUNCATE checkpoint)`);
const grew = [...after.tables].map(([t, b]) => [t, (b - (before.tables.get(t) ?? 0)) / between] as const).filter(([, b]) => b > 0.5).sort((a, b) => b[1] - a[1]);
console.log(`   by table/index: ${grew.map(([t, b]) => `${t} ${fmt(b)}`).join(', ')}`);
// What stays per amendment once the sent receipts are pruned (OutboxSender.prune, retention 0 here):
// pages in use, from dbstat (the file keeps its size; SQLite reuses the freed pages).
const used = () => [...size().tables.values()].reduce((a, b) => a + b, 0);
const usedBefore = used();
const pruned = services.games.repo.pruneSentOutbox(Date.now() + 1, 1_000_000);
const keptPerAmendment = perAmendment - (usedBefore - used()) / (count[0]! + count[1]!);
console.log(`   once sent receipts are pruned (${fmt(pruned, 0)} rows; OUTBOX_RETENTION_DAYS, default 7): ${fmt(keptPerAmendment)} bytes per amendment stay`);
console.log(`JSON: ${JSON.stringify({ submitAfter500Us: median(early.wall), submitAfterNUs: median(late.wall), amendments: AMENDMENTS, ratio, cpuRatio, bytesPerAmendment: perAmendment, bytesPerAmendmentPruned: keptPerAmendment })}`);
await services.rolls.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
