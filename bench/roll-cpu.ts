/**
 * `npx tsx bench/roll-cpu.ts` — the CPU (user + system, this process) one audited roll costs the
 * roll service in process: 10 batches of 2,000 `1d6` rolls over 32 guilds on a WAL file, group
 * commit awaited between batches, the first two batches left out (warm-up). Min and median per
 * batch: on a shared machine the minimum moves least. Prints figures; asserts nothing (issue 12).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../src/db/open';
import { createServices } from '../src/services/services';

const dir = mkdtempSync(join(tmpdir(), 'estafette-roll-cpu-'));
const dbPath = join(dir, 'r.db');
const db = openDb(dbPath);
const s = createServices(db, { seedEpochHours: 0, dbPath });
const actor = { id: '300000000000000001', name: 'Ney' };
const perRoll: number[] = [];
for (let b = 0; b < 10; b++) {
  const c = process.cpuUsage();
  for (let i = 0; i < 2000; i++) s.rolls.roll({ guildId: `1000000000000002${String(i % 32).padStart(2, '0')}`, actor, expression: '1d6', private: false });
  const u = process.cpuUsage(c);
  perRoll.push((u.user + u.system) / 2000);
  await db.$durability.durable();
}
const warm = perRoll.slice(2).sort((a, b) => a - b);
console.log(`one audited roll, roll service in process: CPU min ${warm[0]!.toFixed(1)} µs, median ${warm[Math.floor(warm.length / 2)]!.toFixed(1)} µs (user + system; load average ${loadavg()[0]!.toFixed(1)})`);
await s.rolls.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
