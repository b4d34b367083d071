/**
 * Issue 12, load: the SQL one `/move` runs through the command layer. The live game's row, its
 * open window and its seats are read once per input, inside the transaction that stores the
 * order (they were read twice: once by the command to build the input, again by the submit).
 * better-sqlite3 has no statement hook, so every statement the connection prepares is wrapped
 * and each run/get/all/iterate counted; BEGIN/COMMIT/SAVEPOINT/RELEASE are left out. Since
 * migration 0012 the window and the seats are read again only when the game's `rev` changed
 * (a seat or window written): an amendment reads neither.
 */
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { openDb } from '../../src/db/open';
import { execute, prepare } from '../../src/interaction/dispatch';
import { createServices } from '../../src/services/services';
import { silentLog, testClock, testSeeds } from '../helpers/services';

const GM = { id: 'gm', name: 'GM' };
const P = { id: 'p1', name: 'Fabre' };

/** Services whose every executed statement is logged (its SQL, first line). */
function countedServices() {
  const db = openDb(':memory:');
  const executed: string[] = [];
  const client = db.$client;
  const original = client.prepare.bind(client);
  (client as { prepare: unknown }).prepare = (source: string) => {
    const st = original(source);
    for (const m of ['run', 'get', 'all', 'iterate'] as const) {
      const f = (st[m] as (...a: unknown[]) => unknown).bind(st);
      (st as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        if (!/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/.test(source)) executed.push(source.replace(/\s+/g, ' ').trim());
        return f(...a);
      };
    }
    return st;
  };
  const services = createServices(db, { clock: testClock(), seedEpochHours: 24, newSeed: testSeeds(), receiptSettleMs: 0 });
  return { services, executed };
}

describe('one /move', () => {
  it('reads the game once, its open window and its seats only when they changed, and runs 7 statements in all', async () => {
    const { services, executed } = countedServices();
    await services.games.create({ guildId: 'g', channelId: 'c', gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    services.games.join('c', P, 'french:fr-i-corps');
    services.games.join('c', { id: 'p2', name: 'Kessler' }, 'austrians:au-i-korps');
    services.games.start('c', GM, false);
    const commands = commandMap();
    const ctx = { guildId: 'g', channelId: 'c', user: P, isAdmin: false, services, now: () => new Date(), log: silentLog, users: {} };
    const move = async (to: string) => execute(prepare(commands, { name: 'move', options: { unit: 'fabre', to } }), ctx);
    expect((await move('forward 1in')).content).toContain('accepted'); // first order: the state parsed, statements prepared
    executed.length = 0;
    const r = await move('forward 2in'); // an amendment, as the load benchmark sends them
    expect(r.content).toContain('accepted');
    const reads = (table: string) => executed.filter((s) => new RegExp(`^select .* from "?${table}"? `, 'i').test(s)).length;
    expect({ games: reads('games'), windows: reads('windows'), seats: reads('seats') }).toEqual({ games: 1, windows: 0, seats: 0 });
    expect(executed.length).toBe(7); // 12 when the three reads were made twice, 9 when window and seats were read every time
    // A seat changes hands: the next /move reads the window and the seats again, once.
    services.games.join('c', { id: 'p3', name: 'Hubert' }, 'french:fr-ii-corps');
    executed.length = 0;
    expect((await move('forward 3in')).content).toContain('accepted');
    expect({ games: reads('games'), windows: reads('windows'), seats: reads('seats') }).toEqual({ games: 1, windows: 1, seats: 1 });
  });

  it('refuses in the order it did when the game was read twice: the command checks first, then the submit', async () => {
    const { services } = countedServices();
    await services.games.create({ guildId: 'g', channelId: 'c', gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    services.games.join('c', P, 'french:fr-i-corps');
    const commands = commandMap();
    const ctx = { guildId: 'g', channelId: 'c', user: P, isAdmin: false, services, now: () => new Date(), log: silentLog, users: {} };
    // The reply, or the refusal's code (the dispatcher turns it into the private error reply).
    const move = async (unit: string, to = 'forward 1in') => execute(prepare(commands, { name: 'move', options: { unit, to } }), ctx).then((r) => r.content ?? '', (e: { code?: string }) => `refused: ${e.code}`);
    const stored = () => (services.db.$client.prepare('SELECT count(*) AS n FROM submissions').get() as { n: number }).n;
    expect(await move('fabre')).toContain('game/not-started'); // set up, not started: the submit's refusal
    services.games.start('c', GM, false);
    services.gm.pause('c', GM, false);
    expect(await move('nobody-by-that-name')).toMatch(/^refused: (?!game\/paused)/); // a name is checked before the game's status, as before
    expect(await move('fabre')).toContain('game/paused');
    expect(stored()).toBe(0);
    services.gm.resume('c', GM, false);
    expect(await move('fabre')).toContain('accepted');
    expect(stored()).toBe(1);
  });
});
