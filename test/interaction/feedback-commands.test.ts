/** Issue 11, feedback that tells the truth: /orders mine as players read it, /roster's side, a game that is over. */
import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { errorReply, execute, prepare } from '../../src/interaction/dispatch';
import type { CommandContext, Invocation } from '../../src/interaction/command';
import type { ReplyModel, SelectModel } from '../../src/interaction/reply';
import type { Services } from '../../src/services/services';
import { silentLog, testServices } from '../helpers/services';

const G = '111111111111111111';
const CH = '222222222222222222';
const GM = { id: 'gm', name: 'Napoleon' };
const FR = { id: 'fr', name: 'Davout' };
const AU = { id: 'au', name: 'Schwarzenberg' };

async function invoke(services: Services, user: { id: string; name: string }, inv: Invocation): Promise<ReplyModel> {
  const ctx: CommandContext = { guildId: G, channelId: CH, user, isAdmin: false, services, now: () => new Date(Date.UTC(2026, 10, 22)), log: silentLog, users: {} };
  try {
    return await execute(prepare(commandMap(), inv), ctx);
  } catch (e) {
    return errorReply(e, ctx, inv, { guildId: G, userId: user.id });
  }
}

async function game(ruleset: 'dram' | 'nw', scenario: string): Promise<Services> {
  const s = testServices();
  await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset, scenario });
  for (const seat of s.games.openSeats(CH)) s.games.join(CH, seat.id.startsWith('french') ? FR : AU, seat.id);
  s.games.start(CH, GM, false);
  return s;
}

describe('feedback that tells the truth (issue 11)', () => {
  it('/orders mine shows an order as a player reads it: names, no JSON, no plotted coordinates', async () => {
    const s = await game('dram', 'saint-remy');
    await invoke(s, FR, { name: 'move', options: { unit: 'fabre', to: 'forward 1in' } });
    const r = await invoke(s, FR, { name: 'orders', subcommand: 'mine', options: {} });
    expect(r.content).toBe('• move 1st Division (Fabre) — to: forward 1in — `move:fabre`');
  });

  it('/roster takes a side by its printed name; an empty one is answered with the sides to pick', async () => {
    const s = await game('nw', 'teaching');
    const mine = await invoke(s, AU, { name: 'roster', options: { side: 'austr' } });
    expect(mine.content).toContain('Brigade Koller');
    const empty = await invoke(s, AU, { name: 'roster', options: { side: '' } });
    expect(empty.content).toContain('`name/missing`');
    expect((empty.components?.[0]?.[0] as SelectModel).options.map((o) => o.value).sort()).toEqual(['austrians', 'french']);
    const unknown = await invoke(s, AU, { name: 'roster', options: { side: 'Prussians' } });
    expect(unknown.content).toContain('There is no side called “Prussians”');
  });

  it('after the game ends, /game status and /ready say it is over rather than "no game here"', async () => {
    const s = await game('dram', 'saint-remy');
    s.gm.end(CH, GM, false);
    for (const inv of [{ name: 'game', subcommand: 'status', options: {} }, { name: 'ready', options: {} }]) {
      const r = await invoke(s, FR, inv);
      expect(r.content).toContain('🏁 **The Bridge at Saint-Rémy** is over (ended by the GM).');
      expect(r.content).toContain('/rolls verify');
      // How to see its history, with a command that works once the game is over.
      expect(r.content).toContain('`/game history turn:<n>`');
      expect(r.content).not.toContain('There is no game');
    }
    const history = await invoke(s, FR, { name: 'game', subcommand: 'history', options: {} });
    expect(history.content).toBe('Nothing has been resolved yet.');
  });

  it('/game replace keeps one player to one side, as /game join does; joining your own seat again posts nothing', async () => {
    const s = testServices();
    await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    const first = await invoke(s, FR, { name: 'game', subcommand: 'join', options: { seat: 'french:fr-i-corps' } });
    expect(first.visibility).toBe('public');
    const again = await invoke(s, FR, { name: 'game', subcommand: 'join', options: { seat: 'french:fr-i-corps' } });
    expect(again.visibility).toBe('private');
    expect(again.content).toContain('`game/seat-yours`');
    const ctx = { id: GM.id, name: GM.name };
    expect(() => s.gm.replace(CH, ctx, false, 'austrians:au-i-korps', FR)).toThrowError(expect.objectContaining({ code: 'game/one-side' }));
    s.gm.replace(CH, ctx, false, 'austrians:au-i-korps', AU);
    expect(s.games.live(CH).seats.find((x) => x.seatId === 'austrians:au-i-korps')?.userId).toBe(AU.id);
  });

  it('the army-command seat trying /initiative is told which seat rolls it (DRAM §4)', async () => {
    const s = testServices();
    await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    s.games.join(CH, FR, 'french:command');
    s.games.join(CH, AU, 'austrians:command');
    s.games.start(CH, GM, false);
    const r = await invoke(s, FR, { name: 'initiative', options: { corps: 'I Corps' } });
    expect(r.content).toMatch(/You do not roll initiative for I Corps: the .+ seat rolls it \(DRAM §4\)\./);
    expect(r.content).not.toContain('fr-i-corps');
  });

  it('/map around: takes a piece by its printed name, and a wrong one gets the closest names', async () => {
    const s = await game('dram', 'saint-remy');
    const r = await invoke(s, FR, { name: 'map', options: { around: 'Fabr3' } });
    expect(r.content).toContain('Did you mean “1st Division (Fabre)”');
    expect(r.components?.[0]?.[0]?.kind).toBe('select');
  });

  it('DRAM /roster: your side by default, the enemy by name, through the ruleset record (issue 11)', async () => {
    const s = await game('dram', 'saint-remy');
    const mine = await invoke(s, FR, { name: 'roster', options: {} });
    expect(mine.visibility).toBe('private');
    expect(mine.content).toContain('**French** — turn 1');
    expect(mine.content).toContain('• 1st Division (Fabre) — infantry, 4/4 SP, Attack (A)');
    const theirs = await invoke(s, FR, { name: 'roster', options: { side: 'austr' } });
    expect(theirs.content).toMatch(/^\*\*Austrians\*\* — turn 1/);
    expect(theirs.content).not.toContain('keeps no rosters');
  });
});
