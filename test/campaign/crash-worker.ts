/**
 * Child process for the campaign crash test: resolves the battle's windows until the game ends.
 * With 'stall', it stops inside the transaction that ends the battle, right after the aftermath
 * was applied (a hook after the campaign's), says so and spins until it is SIGKILLed.
 */
import { writeSync } from 'node:fs';
import { openDb } from '../../src/db/open';
import { createServices } from '../../src/services/services';

const [dbPath, gameId, mode] = process.argv.slice(2) as [string, string, 'run' | 'stall'];
const db = openDb(dbPath);
const s = createServices(db, { dbPath });
if (mode === 'stall') {
  s.games.onGameEnded.push(() => {
    writeSync(1, 'aftermath\n');
    const until = Date.now() + 20_000;
    while (Date.now() < until) { /* inside the open transaction, waiting for the kill */ }
  });
}
process.stdout.write('ready\n');
for (;;) {
  const w = s.games.repo.openWindow(Number(gameId));
  if (!w) break;
  s.games.resolve(Number(gameId), w.id, 'gm');
}
process.stdout.write('done\n');
