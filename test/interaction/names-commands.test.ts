/**
 * Issue 11, "say it the way the screen says it": every verb resolves the names players read
 * through the ruleset's printed names, and an unknown or ambiguous one is answered with the
 * closest names and a select menu whose options are the same command with the id.
 */
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
const P = { id: 'p1', name: 'Davout' };

async function invoke(services: Services, user: { id: string; name: string }, inv: Invocation): Promise<ReplyModel> {
  const ctx: CommandContext = { guildId: G, channelId: CH, user, isAdmin: false, services, now: () => new Date(Date.UTC(2026, 10, 22)), log: silentLog, users: {} };
  try {
    return await execute(prepare(commandMap(), inv), ctx);
  } catch (e) {
    return errorReply(e, ctx, inv, { guildId: G, userId: user.id });
  }
}

async function dramGame(): Promise<Services> {
  const s = testServices();
  await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
  s.games.join(CH, P, 'french:fr-i-corps');
  s.games.start(CH, GM, false);
  return s;
}

describe('names as printed, through every verb (issue 11)', () => {
  it.each(['fabre', 'Fabre', 'FABRE', '1st Division (Fabre)', '1st division', 'fab'])('DRAM /move takes "%s" for 1st Division (Fabre)', async (typed) => {
    const s = await dramGame();
    const r = await invoke(s, P, { name: 'move', options: { unit: typed, to: 'forward 1in' } });
    expect(r.content).toContain('✅ Move for **1st Division (Fabre)** accepted');
    // The withdraw hint names the order by its key, which holds the id.
    expect(r.content).toContain('key:move:fabre');
  });

  it('an unknown name is refused with the closest names and a select menu of the same command', async () => {
    const s = await dramGame();
    const r = await invoke(s, P, { name: 'move', options: { unit: 'Fabr3', to: 'forward 1in' } });
    expect(r.visibility).toBe('private');
    expect(r.content).toContain('There is no stand or general called “Fabr3”. Did you mean “1st Division (Fabre)”');
    expect(r.content).toContain('`name/unknown`');
    const menu = r.components?.[0]?.[0] as SelectModel;
    expect(menu.kind).toBe('select');
    expect(menu.id).toMatch(/^pick\|[0-9a-f]{12}$/);
    expect(menu.options[0]).toEqual({ label: '1st Division (Fabre)', value: 'fabre', line: '/move unit:fabre to:"forward 1in"' });
  });

  it('an ambiguous prefix lists every piece it could be', async () => {
    const s = await dramGame();
    const r = await invoke(s, P, { name: 'move', options: { unit: 'Division', to: 'forward 1in' } });
    expect(r.content).toContain('`name/ambiguous`');
    expect((r.components?.[0]?.[0] as SelectModel).options.length).toBeGreaterThan(1);
  });

  it('DRAM /initiative takes its corps by the name players read', async () => {
    const s = await dramGame();
    const r = await invoke(s, P, { name: 'initiative', options: { corps: 'I Corps' } });
    expect(r.content).toMatch(/I Corps: initiative \[\d\]/);
  });

  it('NW takes a brigade by its label identity or its name', async () => {
    const s = testServices();
    await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'nw', scenario: 'teaching' });
    const seats = s.games.openSeats(CH);
    for (const seat of seats) s.games.join(CH, seat.id.startsWith('austrians') ? P : GM, seat.id);
    s.games.start(CH, GM, false);
    // Whatever phase the game opens in, a brigade named by its label resolves (the ruleset then judges the verb).
    const r = await invoke(s, P, { name: 'maneuver', options: { unit: '2b/1/ii' } });
    expect(r.content).not.toContain('name/unknown');
    const bad = await invoke(s, P, { name: 'maneuver', options: { unit: 'Brigade Kolller' } });
    expect(bad.content).toContain('Did you mean “Brigade Koller”');
  });
});

/** B&P's Maida started: the GM holds the British, P the French. */
async function maida(): Promise<Services> {
  const s = testServices();
  await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'bp', scenario: 'maida' });
  s.games.join(CH, GM, 'british');
  s.games.join(CH, P, 'french');
  s.games.start(CH, GM, false);
  return s;
}

describe('a misspelt name is answered with what the caller could pick', () => {
  it("B&P /standing by the French at Maida suggests a French unit, not the British De Watteville's", async () => {
    const s = await maida();
    // "Wattevile" is nearest to the British De Watteville's Regiment among all the names.
    const r = await invoke(s, P, { name: 'standing', options: { unit: 'Wattevile', 'return-fire': 'hold' } });
    expect(r.content).toContain('`name/unknown`');
    expect(r.content).not.toContain('Watteville');
    const menu = r.components?.[0]?.[0] as SelectModel;
    const live = s.games.live(CH).state as { units: Record<string, { side: string }> };
    expect(menu.options.length).toBeGreaterThan(0);
    for (const o of menu.options) expect(live.units[o.value]?.side).toBe('french');
    // The British player, misspelling the same name, is offered his own regiment.
    const gm = await invoke(s, GM, { name: 'standing', options: { unit: 'Wattevile', 'return-fire': 'hold' } });
    expect(gm.content).toContain("Did you mean “De Watteville's Regiment”");
  });
});

describe('refusals name units as the map prints them', () => {
  it('B&P at Maida: a move too far and a shot out of range say "II/1er Léger", "Foot artillery (Griois)", not ids', async () => {
    const s = await maida();
    const st = s.games.live(CH).state as { order: string[]; period: number };
    if (st.order[st.period] !== 'french') await invoke(s, GM, { name: 'ready', options: {} }); // the British move first: let their period pass
    const far = await invoke(s, P, { name: 'move', options: { unit: 'II/1er Léger', to: 'forward 30in' } });
    expect(far.content).toContain('`move/too-far`');
    expect(far.content).toContain('II/1er Léger has 6"');
    expect(far.content).not.toContain('leger-1-ii');
    const shot = await invoke(s, P, { name: 'fire', options: { unit: 'Griois', target: '2/78th' } });
    expect(shot.content).toContain('Foot artillery (Griois) may not fire at 2/78th Highlanders');
    expect(shot.content).not.toMatch(/french-battery|foot-78th/);
  });
});

describe('seats and pending orders by the names players read (issue 11)', () => {
  async function created(): Promise<Services> {
    const s = testServices();
    await s.games.create({ guildId: G, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    return s;
  }

  it.each(['I Corps', 'i corps', 'French I Corps', 'french i c', 'french:fr-i-corps'])('/game join seat:"%s" takes the seat printed "I Corps" (French)', async (typed) => {
    const s = await created();
    expect(s.games.openSeats(CH)).toContainEqual({ id: 'french:fr-i-corps', label: 'I Corps' });
    const r = await invoke(s, P, { name: 'game', subcommand: 'join', options: { seat: typed } });
    expect(r.visibility).toBe('public');
    expect(s.games.live(CH).seats.find((x) => x.seatId === 'french:fr-i-corps')!.userId).toBe(P.id);
  });

  it('/game join with an unknown or ambiguous seat gets the closest seats and a menu, and takes nothing', async () => {
    const s = await created();
    const bad = await invoke(s, P, { name: 'game', subcommand: 'join', options: { seat: 'Frnch army comand' } });
    expect(bad.content).toContain('There is no seat called “Frnch army comand”. Did you mean');
    expect((bad.components?.[0]?.[0] as SelectModel).options[0]!.line).toMatch(/^\/game join seat:/);
    const amb = await invoke(s, P, { name: 'game', subcommand: 'join', options: { seat: 'French' } });
    expect(amb.content).toContain('`name/ambiguous`');
    expect(s.games.live(CH).seats.every((x) => !x.userId)).toBe(true);
  });

  it('/orders withdraw takes the order by its piece, by how /orders mine reads it, or by its key', async () => {
    for (const typed of ['Fabre', 'fab', 'move 1st Division (Fabre)', 'move:fabre']) {
      const s = await dramGame();
      await invoke(s, P, { name: 'move', options: { unit: 'fabre', to: 'forward 1in' } });
      const r = await invoke(s, P, { name: 'orders', subcommand: 'withdraw', options: { key: typed } });
      expect(r.content, typed).toContain('Withdrawn: move 1st Division (Fabre) — to: forward 1in (`move:fabre`)');
      expect(s.games.myOrders(s.games.live(CH), P.id)).toEqual([]);
    }
  });

  it('/orders withdraw with a name matching none of your orders offers your orders, and withdraws nothing', async () => {
    const s = await dramGame();
    await invoke(s, P, { name: 'move', options: { unit: 'fabre', to: 'forward 1in' } });
    const r = await invoke(s, P, { name: 'orders', subcommand: 'withdraw', options: { key: 'Fabr' + 'x' } });
    expect(r.content).toContain('There is no order called “Fabrx”. Did you mean “move 1st Division (Fabre) — to: forward 1in”?');
    expect((r.components?.[0]?.[0] as SelectModel).options[0]).toMatchObject({ value: 'move:fabre' });
    const none = await invoke(s, P, { name: 'orders', subcommand: 'withdraw', options: { key: 'zzz' } });
    expect(none.content).toContain('There is no order called “zzz”');
    expect(s.games.myOrders(s.games.live(CH), P.id)).toHaveLength(1);
  });
});
