/**
 * Child process for the crash-safety test: resolves windows and flushes the outbox in a loop
 * until killed (or the game ends). Posts are appended to a log file with their nonce, as
 * Discord would receive them.
 */
import { appendFileSync } from 'node:fs';
import { openDb } from '../../src/db/open';
import { OutboxSender } from '../../src/games/outbox';
import { createServices } from '../../src/services/services';

const [dbPath, postLog, gameId] = process.argv.slice(2) as [string, string, string];
const db = openDb(dbPath);
const s = createServices(db, { dbPath });
const sender = new OutboxSender(s.games.repo, {
  async post(_channel, message, nonce) {
    appendFileSync(postLog, `${nonce}\t${JSON.stringify(message.content ?? '').slice(0, 60)}\n`);
    return `m-${nonce}`;
  },
}, Date.now);

// Tell the parent the real work starts now, so its kill lands inside it.
process.stdout.write('ready\n');
for (;;) {
  const w = s.games.repo.openWindow(Number(gameId));
  if (!w) break;
  s.games.resolve(Number(gameId), w.id, 'gm');
  await sender.flush();
}
await sender.flush();
process.stdout.write('done\n');
