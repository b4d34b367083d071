/**
 * Child process for the durability test: rolls in a loop and prints each roll's anchor once its
 * commit is durable (when the bot sends the reply: group commit, issue 12), until it is killed.
 */
import { openDb } from '../../src/db/open';
import { rollMessage } from '../../src/interaction/present-rolls';
import { createServices } from '../../src/services/services';

const [dbPath, guildId] = process.argv.slice(2) as [string, string];
const db = openDb(dbPath);
const s = createServices(db, { dbPath, seedEpochHours: 0 });
process.stdout.write(`ready synchronous=${db.$client.pragma('synchronous', { simple: true })}\n`);
for (;;) {
  const r = s.rolls.roll({ guildId, actor: { id: '1', name: 'Ney' }, expression: '2d6', private: false });
  await db.$durability.durable();
  process.stdout.write(`${rollMessage('Ney', r).split('\n').at(-1)}\n`);
}
