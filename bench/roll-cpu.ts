/**
 * `npx tsx bench/roll-cpu.ts` — the CPU (user + system, this process) one audited roll costs the
 * roll service in process: 10 batches of 2,000 `1d6` rolls over 32 guilds on a WAL file, group
 * commit awaited between batches, the first two batches left out (warm-up). Min and median per
 * batch: on a shared machine the minimum moves least. Then the WAL pages one roll's commit
 * writes (issue 12: the sustained rate is bound by the bytes each fsync writes): the -wal's growth
 * over 2,000 more rolls with checkpoints off, and which table or index each frame's page belongs
 * to (SQLite's dbstat); and the time of one fdatasync of the -wal after 16 rolls, the batch one
 * fsync covers with 32 rollers (bench/run.ts), the disk's share of a sustained roll. Prints figures;
 * asserts nothing.
 */
import { closeSync, fdatasyncSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../src/db/open';
import { createServices } from '../src/services/services';

const dir = mkdtempSync(join(tmpdir(), 'estafette-roll-cpu-'));
const dbPath = join(dir, 'r.db');
const db = openDb(dbPath);
const s = createServices(db, { seedEpochHours: 0, dbPath });
const actor = { id: '300000000000000001', name: 'Ney' };
const roll = (i: number) => s.rolls.roll({ guildId: `1000000000000002${String(i % 32).padStart(2, '0')}`, actor, expression: '1d6', private: false });
const perRoll: number[] = [];
for (let b = 0; b < 10; b++) {
  const c = process.cpuUsage();
  for (let i = 0; i < 2000; i++) roll(i);
  const u = process.cpuUsage(c);
  perRoll.push((u.user + u.system) / 2000);
  await db.$durability.durable();
}
const warm = perRoll.slice(2).sort((a, b) => a - b);
console.log(`one audited roll, roll service in process: CPU min ${warm[0]!.toFixed(1)} µs, median ${warm[Math.floor(warm.length / 2)]!.toFixed(1)} µs (user + system; load average ${loadavg()[0]!.toFixed(1)})`);

/** WAL frames (page numbers) of the -wal file: a 32-byte header, then per frame a 24-byte header and the page. */
function walPages(path: string, pageSize: number): number[] {
  let buf: Buffer;
  try { buf = readFileSync(path); } catch { return []; }
  const pages: number[] = [];
  for (let at = 32; at + 24 + pageSize <= buf.length; at += 24 + pageSize) pages.push(buf.readUInt32BE(at));
  return pages;
}

// Pages per roll: a roll is its own transaction as the bot commits it (one /roll, one commit).
const N = 2000;
const client = db.$client;
client.pragma('wal_autocheckpoint = 0');
client.pragma('wal_checkpoint(TRUNCATE)');
const pageSize = client.pragma('page_size', { simple: true }) as number;
for (let i = 0; i < N; i++) roll(i);
await db.$durability.durable();
const frames = walPages(`${dbPath}-wal`, pageSize);
const owner = new Map((client.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]).map((r) => [r.pageno, r.name]));
const byName = new Map<string, number>();
for (const p of frames) byName.set(owner.get(p) ?? `page ${p}`, (byName.get(owner.get(p) ?? `page ${p}`) ?? 0) + 1);
const share = [...byName].sort((a, b) => b[1] - a[1]).map(([n, k]) => `${n} ${(k / N).toFixed(2)}`).join(', ');
console.log(`WAL per roll (${N} rolls over 32 guilds, one commit each, checkpoints off, ${pageSize}-byte pages): ${(frames.length / N).toFixed(2)} pages, ${((frames.length * (pageSize + 24)) / N / 1024).toFixed(1)} KiB`);
console.log(`   by table or index: ${share}`);
// The fsync a batch of rolls waits for: 16 commits' frames, then one fdatasync of the -wal, as
// Durability does (checkpoints still off, so every batch appends to the file).
const fd = openSync(`${dbPath}-wal`, 'r+');
const syncMs: number[] = [];
for (let b = 0; b < 300; b++) {
  for (let i = 0; i < 16; i++) roll(b * 16 + i);
  const t = process.hrtime.bigint();
  fdatasyncSync(fd);
  syncMs.push(Number(process.hrtime.bigint() - t) / 1e6);
}
closeSync(fd);
await db.$durability.durable();
const synced = syncMs.slice(20).sort((a, b) => a - b);
const q = (p: number) => synced[Math.floor(p * (synced.length - 1))]!.toFixed(2);
console.log(`fdatasync of the -wal after 16 rolls (${synced.length} batches): median ${q(0.5)} ms, p90 ${q(0.9)} ms, min ${q(0)} ms (load average ${loadavg()[0]!.toFixed(1)})`);
await s.rolls.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
