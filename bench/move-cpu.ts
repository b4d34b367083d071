/**
 * `npx tsx bench/move-cpu.ts [inputs=20000]` — the CPU one `/move` amendment costs the bot's
 * command path in process, without Discord (issue 12, load): 50 DRAM games (Saint-Rémy) on a WAL
 * file, four players each, inputs round-robin over the games as the load benchmark sends them,
 * 200 at a time (the load's players in flight, sharing fsyncs), each through the command layer (option parsing, validation, the transaction that stores and
 * seals it, the wait for its fsync). Every 50 inputs the outbox is marked sent, as the bot's
 * sender would; WAL checkpoints run in their worker thread, as in the bot. Prints µs of CPU per input (process.cpuUsage over the whole run / inputs) and
 * wall µs per input; asserts nothing. Profile it with `node --cpu-prof --import tsx bench/move-cpu.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandMap } from '../commands/index';
import { Checkpointer } from '../src/db/checkpointer';
import { openDb } from '../src/db/open';
import { execute, prepare } from '../src/interaction/dispatch';
import { createLogger } from '../src/logger';
import { createServices } from '../src/services/services';

const INPUTS = Number(process.argv[2] ?? 20_000);
const GAMES = 50;
const GUILD = '1600000000000000001';
const channel = (g: number) => `16000000000000${String(1000 + g).padStart(5, '0')}`;
const gm = { id: '1600000000000999999', name: 'GM' };
const player = (g: number, p: number) => ({ id: `1600000000000${String(10000 + g * 10 + p).padStart(6, '0')}`, name: `p${g}-${p}` });
const seatsOf = [['french:command', 'french:fr-i-corps'], ['french:fr-ii-corps', 'french:fr-cavalry'], ['austrians:command', 'austrians:au-i-korps'], ['austrians:au-ii-korps', 'austrians:au-reserve']];
const units = [['fabre', 'garnier'], ['hubert', 'lasserre', 'morel'], ['kessler', 'stauffer'], ['ebersberg', 'hohenfeld']];

const dir = mkdtempSync(join(tmpdir(), 'estafette-move-cpu-'));
const dbPath = join(dir, 'move.db');
const db = openDb(dbPath);
const services = createServices(db, { dbPath });
const commands = commandMap();
const log = createLogger('silent');
for (let g = 0; g < GAMES; g++) {
  await services.games.create({ guildId: GUILD, channelId: channel(g), gm, ruleset: 'dram', scenario: 'saint-remy' });
  seatsOf.forEach((seats, p) => seats.forEach((seat) => services.games.join(channel(g), player(g, p), seat)));
  services.games.start(channel(g), gm, false);
}
// WAL checkpoints in their worker, as the bot runs them (src/main.ts): never inside a commit here.
const checkpoints = new Checkpointer(db.$client, dbPath).start();
const markSent = db.$client.prepare('UPDATE outbox SET claimed_at = ?, sent_at = ? WHERE sent_at IS NULL');
async function one(i: number): Promise<void> {
  const g = i % GAMES, p = Math.floor(i / GAMES) % 4, n = Math.floor(i / (GAMES * 4));
  const list = units[p]!;
  const inv = { name: 'move', options: { unit: list[n % list.length]!, to: `forward ${(600 + (n % 800)) / 1000}in` } }; // never the same text twice for a stand (bench/load-games.ts)
  const ctx = { guildId: GUILD, channelId: channel(g), user: player(g, p), isAdmin: false, services, now: () => new Date(), log, users: {} };
  const r = await execute(prepare(commands, inv), ctx);
  if (!r.content?.includes('accepted')) throw new Error(`not accepted: ${JSON.stringify(r).slice(0, 300)}`);
  if (i % 50 === 49) markSent.run(Date.now(), Date.now());
}
/** Inputs `from`..`to` in batches of 200 at once, as the load's 200 players have them in flight (they share fsyncs). */
async function run(from: number, to: number): Promise<void> {
  for (let i = from; i < to; i += 200) await Promise.all(Array.from({ length: Math.min(200, to - i) }, (_, k) => one(i + k)));
}
await run(0, 2_000); // warm-up (JIT, caches)
const cpu = process.cpuUsage();
const t = performance.now();
await run(2_000, 2_000 + INPUTS);
const wallUs = ((performance.now() - t) * 1000) / INPUTS;
const used = process.cpuUsage(cpu);
const cpuUs = (used.user + used.system) / INPUTS;
console.log(`/move through the command path, ${INPUTS} inputs over ${GAMES} games: ${cpuUs.toFixed(0)} µs CPU per input (user ${(used.user / INPUTS).toFixed(0)}, system ${(used.system / INPUTS).toFixed(0)}), ${wallUs.toFixed(0)} µs wall; ${db.$durability.fsyncs} fsyncs; load average ${loadavg()[0]!.toFixed(1)}`);
console.log(`JSON: ${JSON.stringify({ cpuUsPerInput: cpuUs, wallUsPerInput: wallUs, inputs: INPUTS, loadAverage: loadavg()[0] })}`);
await checkpoints.stop();
await services.rolls.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
