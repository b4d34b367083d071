import { beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../src/services/services';
import { Scheduler, TICK_MS } from '../../src/games/scheduler';
import { verifyChain } from '../../src/dice/verify';
import { testClock, testServices } from '../helpers/services';

const GUILD = '111111111111111111';
const CH = '222222222222222222';
const GM = { id: 'gm', name: 'Napoleon' };
const FR = { id: 'p-fr', name: 'Davout' };
const AU = { id: 'p-au', name: 'Schwarzenberg' };
const HOUR = 3_600_000;
const FR_SEATS = ['french:command', 'french:fr-cavalry', 'french:fr-i-corps', 'french:fr-ii-corps'];
const AU_SEATS = ['austrians:command', 'austrians:au-i-korps', 'austrians:au-ii-korps', 'austrians:au-reserve'];

let clock: ReturnType<typeof testClock>;
let s: Services;

async function twoPlayerGame() {
  await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
  for (const seat of FR_SEATS) s.games.join(CH, FR, seat);
  for (const seat of AU_SEATS) s.games.join(CH, AU, seat);
  return s.games.start(CH, GM, false);
}
const posts = () => s.games.repo.outboxFor(CH).map((r) => (JSON.parse(r.body) as { content?: string }).content ?? '');

beforeEach(() => {
  clock = testClock(Date.UTC(2026, 10, 22, 9, 0));
  s = testServices({ clock });
});

describe('game lifecycle', () => {
  it('creates a game bound to the channel with every seat open, then refuses a second one', async () => {
    const g = await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy', name: 'Tuesday game' });
    expect(g).toMatchObject({ name: 'Tuesday game', status: 'setup', ruleset: 'dram', gmUserId: 'gm' });
    expect(s.games.openSeats(CH).map((x) => x.id).sort()).toEqual([...AU_SEATS, ...FR_SEATS].sort());
    await expect(s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' })).rejects.toMatchObject({ code: 'game/channel-busy' });
  });

  it('names what exists when the ruleset or scenario is unknown', async () => {
    await expect(s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'chess', scenario: 'x' })).rejects.toMatchObject({ code: 'game/unknown-ruleset', hint: expect.stringContaining('dram') });
    await expect(s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'waterloo' })).rejects.toMatchObject({ code: 'game/unknown-scenario', hint: expect.stringContaining('saint-remy') });
  });

  it('keeps one player to one side, and seats to one player', async () => {
    await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    s.games.join(CH, FR, 'french:fr-i-corps');
    expect(() => s.games.join(CH, FR, 'austrians:au-i-korps')).toThrowError(expect.objectContaining({ code: 'game/one-side' }));
    expect(() => s.games.join(CH, AU, 'french:fr-i-corps')).toThrowError(expect.objectContaining({ code: 'game/seat-taken' }));
    expect(() => s.games.join(CH, AU, undefined)).toThrowError(expect.objectContaining({ code: 'game/choose-seat' }));
  });

  it('only the GM starts, and the first window opens with its dice commitment posted', async () => {
    await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    expect(() => s.games.start(CH, GM, false)).toThrowError(expect.objectContaining({ code: 'game/no-players' }));
    s.games.join(CH, FR, 'french:fr-i-corps');
    expect(() => s.games.start(CH, FR, false)).toThrowError(expect.objectContaining({ code: 'permission/gm-only' }));
    const w = s.games.start(CH, GM, false);
    expect(w).toMatchObject({ phase: 'dram/movement', turn: 1, status: 'open', deadlineAt: clock() + 24 * HOUR });
    const epoch = s.trail.repo.epoch(w.epochId!)!;
    expect(posts().at(-1)).toContain(epoch.commitment.slice(0, 12));
    expect(posts().at(-1)).toContain('Turn 1 (09:00)');
  });

  it('answers commands in a channel with no game with a clear error', () => {
    expect(() => s.games.live('elsewhere')).toThrowError(expect.objectContaining({ code: 'game/none-here' }));
  });
});

describe('inputs in a window', () => {
  it('accepts a move with a private preview, posts a sealed receipt, and hides the order until resolution', async () => {
    await twoPlayerGame();
    const r = s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 2in' });
    expect(r.accepted.preview[0]).toMatch(/^Path 2\.0" costs/);
    expect(posts().at(-1)).toMatch(/I Corps\*\* has posted orders — sealed receipt `[0-9a-f]{64}`/);
    expect(posts().join('\n')).not.toContain('forward 2in');
  });

  it("refuses another player's stand, a bad location and a stand that cannot move", async () => {
    await twoPlayerGame();
    // Refused privately with whose stand it is and where to see one's own.
    expect(() => s.games.submit(CH, AU, { kind: 'move', unit: 'fabre', to: 'forward 1in' })).toThrowError(expect.objectContaining({
      code: 'order/not-yours',
      message: '1st Division (Fabre) is not under your command (it belongs to I Corps).',
      hint: expect.stringContaining('/orders mine'),
    }));
    expect(() => s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'to the moon' })).toThrowError(expect.objectContaining({ code: expect.stringMatching(/^location\//) }));
    expect(() => s.games.submit(CH, FR, { kind: 'move', unit: 'nobody', to: 'forward 1in' })).toThrowError(expect.objectContaining({ code: 'order/unknown-unit' }));
    const version = s.games.live(CH).game.version;
    expect(s.games.live(CH).game.version).toBe(version);
  });

  it('amends an order by key and withdraws it', async () => {
    const w = await twoPlayerGame();
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 1in' });
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 2in' });
    const live = s.games.repo.activeSubmissions(w.id);
    expect(live).toHaveLength(1);
    expect(JSON.parse(live[0]!.body).to).toBe('forward 2in');
    s.games.withdraw(CH, FR, 'move:fabre');
    expect(s.games.repo.activeSubmissions(w.id)).toHaveLength(0);
    expect(() => s.games.withdraw(CH, FR, 'move:fabre')).toThrowError(expect.objectContaining({ code: 'order/not-found' }));
  });

  it('initiative is rolled once, publicly and binding; the bot rolls for the rest', async () => {
    const w = await twoPlayerGame();
    const ev = s.games.act(CH, FR, { kind: 'initiative', corps: 'fr-i-corps' });
    expect(ev[0]).toMatchObject({ kind: 'roll', purpose: 'initiative', subject: 'fr-i-corps' });
    expect(() => s.games.act(CH, FR, { kind: 'initiative', corps: 'fr-i-corps' })).toThrowError(expect.objectContaining({ code: 'action/already-rolled' }));
    expect(s.games.repo.actionsOf(w.id)).toHaveLength(1);
  });

  it('resolves the moment everyone is ready, exactly once, revealing seed and receipts', async () => {
    const w = await twoPlayerGame();
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 2in' });
    expect(s.games.ready(CH, FR).resolved).toBeNull();
    const r = s.games.ready(CH, AU).resolved;
    expect(r?.resolved).toBe(true);
    expect(s.games.repo.window(w.id)).toMatchObject({ status: 'resolved', trigger: 'all-ready' });
    expect(s.games.resolve(s.games.live(CH).game.id, w.id, 'gm')).toMatchObject({ resolved: false, reason: 'already resolved' });
    const text = posts().join('\n');
    expect(text).toContain('resolved (everyone is ready)');
    expect(text).toMatch(/Sealed receipts, now open/);
    expect(text).toContain('forward 2in');
    const epoch = s.trail.repo.epoch(w.epochId!)!;
    expect(epoch.revealedAt).not.toBeNull();
    expect(text).toContain(epoch.seed);
    // The next window (orders, secret) is open, and the audit trail still verifies.
    expect(s.games.live(CH).window).toMatchObject({ phase: 'dram/orders', seq: 2 });
    expect(s.rolls.verify(GUILD).ok).toBe(true);
    expect(verifyChain(s.rolls.exportTrail(GUILD, new Date(0)).entries, { guildId: GUILD }).ok).toBe(true);
  });

  it('refuses orders for a finished window and while paused', async () => {
    await twoPlayerGame();
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    expect(() => s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 1in' })).toThrowError(expect.objectContaining({ code: 'order/wrong-phase' }));
    s.gm.pause(CH, GM, false);
    expect(() => s.games.ready(CH, FR)).toThrowError(expect.objectContaining({ code: 'game/paused' }));
  });

  it('keeps secret order chits out of every channel post until the orders window resolves', async () => {
    await twoPlayerGame();
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    s.games.submit(CH, FR, { kind: 'chit', general: 'roussel', target: { kind: 'stand', id: 'fabre' }, order: 'D' });
    expect(posts().join('\n')).not.toMatch(/"order":"D"|chit roussel|roussel.*fabre/);
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    expect(posts().join('\n')).toMatch(/roussel/);
    expect((s.games.live(CH).state as { stands: Record<string, { order: string }> }).stands.fabre!.order).toBe('D');
  });
});

describe('the scheduler', () => {
  const tick = (sch: Scheduler) => sch.tick();
  /** Run the bot as it runs live: a tick every TICK_MS until `t`; returns the summed counts. */
  const runUntil = (sch: Scheduler, t: number) => {
    const sum = { resolved: 0, reminded: 0, extended: 0 };
    while (clock() < t) {
      clock.set(Math.min(t, clock() + TICK_MS));
      const c = sch.tick();
      sum.resolved += c.resolved; sum.reminded += c.reminded; sum.extended += c.extended;
    }
    return sum;
  };

  it('reminds only those who have not posted, once per lead time, then resolves at the deadline', async () => {
    const w = await twoPlayerGame();
    const sch = new Scheduler(s.games, clock);
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 1in' });
    clock.advance(22 * HOUR); tick(sch);
    clock.advance(TICK_MS); tick(sch);
    clock.advance(TICK_MS); tick(sch);
    clock.advance(TICK_MS);
    expect(tick(sch)).toMatchObject({ reminded: 0 });
    expect(posts().filter((p) => p.startsWith('⏰'))).toHaveLength(0);
    clock.set(w.deadlineAt! - HOUR + 1);
    expect(tick(sch).reminded).toBe(1);
    const reminders = posts().filter((p) => p.startsWith('⏰'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain('<@p-au>');
    expect(reminders[0]).not.toContain('<@p-fr>');
    clock.advance(TICK_MS);
    expect(tick(sch).reminded).toBe(0);
    // At the deadline the silent Austrian uses his one extension; then defaults apply.
    expect(runUntil(sch, w.deadlineAt!).extended).toBe(1);
    expect(posts().at(-1)).toMatch(/<@p-au> had not posted: the deadline is extended once/);
    expect(runUntil(sch, s.games.repo.window(w.id)!.deadlineAt!).resolved).toBe(1);
    expect(s.games.repo.window(w.id)).toMatchObject({ status: 'resolved', trigger: 'deadline' });
  });

  it('extends instead of resolving unseen when the bot was down at the deadline', async () => {
    const w = await twoPlayerGame();
    const sch = new Scheduler(s.games, clock);
    tick(sch);
    clock.set(w.deadlineAt! + 3 * HOUR);
    expect(tick(sch).extended).toBe(1);
    expect(posts().at(-1)).toMatch(/passed while Estafette was offline/);
    expect(s.games.repo.window(w.id)!.status).toBe('open');
  });

  it('pause freezes the deadline and resume gives the time back', async () => {
    const w = await twoPlayerGame();
    s.gm.pause(CH, GM, false);
    clock.advance(5 * HOUR);
    const sch = new Scheduler(s.games, clock);
    clock.set(w.deadlineAt! + HOUR);
    expect(tick(sch)).toMatchObject({ resolved: 0, extended: 0 });
    s.gm.resume(CH, GM, false);
    // Paused at the moment the window opened; resumed now: the deadline moves by exactly that long.
    expect(s.games.repo.window(w.id)!.deadlineAt).toBe(w.deadlineAt! + (clock() - w.openedAt));
  });

  it('declares a seat vacant after repeated silence and tells the GM', async () => {
    await twoPlayerGame();
    const sch = new Scheduler(s.games, clock);
    for (let k = 0; k < 4; k++) {
      const w = s.games.live(CH).window!;
      s.games.ready(CH, FR);
      runUntil(sch, w.deadlineAt!);
      const still = s.games.repo.window(w.id)!;
      if (still.status === 'open') runUntil(sch, still.deadlineAt!);
    }
    expect(posts().some((p) => p.includes('is now vacant') && p.includes('<@gm>'))).toBe(true);
    // Seats are named as printed, never by id (issue 11): in the vacancy and in the next window's waiting list.
    const vacancy = posts().filter((p) => p.includes('is now vacant') || p.includes('(vacant, default orders'));
    expect(vacancy.length).toBeGreaterThan(1);
    for (const p of vacancy) expect(p).not.toMatch(/(french|austrians):/);
    expect(vacancy.join('\n')).toMatch(/Seat \*\*(Austrians army command|I Korps|II Korps|Reserve)/);
  });

  it('a window does not wait for its deadline for seats nobody holds; a game nobody plays does (issue 11)', async () => {
    const w = await twoPlayerGame();
    const owing = new Set<string>(s.games.live(CH).ruleset.owing(s.games.live(CH).state));
    expect(AU_SEATS.some((x) => owing.has(x))).toBe(true);
    if ([...owing].some((x) => FR_SEATS.includes(x))) s.games.ready(CH, FR);
    // The Austrian player leaves: the seats the window waits for are held by nobody now.
    s.games.leave(CH, AU);
    const sch = new Scheduler(s.games, clock);
    clock.advance(TICK_MS);
    expect(clock()).toBeLessThan(w.deadlineAt!);
    expect(sch.tick().resolved).toBe(1);
    expect(s.games.repo.window(w.id)).toMatchObject({ status: 'resolved', trigger: 'all-ready' });
    // Nobody left at all: the next window waits for its deadline (or the GM).
    s.games.leave(CH, FR);
    const next = s.games.live(CH).window!;
    clock.advance(TICK_MS);
    expect(sch.tick().resolved).toBe(0);
    expect(s.games.repo.window(next.id)!.status).toBe('open');
  });

  it('the GM can advance a window at once', async () => {
    const w = await twoPlayerGame();
    expect(() => s.gm.advance(CH, FR, false)).toThrowError(expect.objectContaining({ code: 'permission/gm-only' }));
    expect(s.gm.advance(CH, GM, false).resolved).toBe(true);
    expect(s.games.repo.window(w.id)!.trigger).toBe('gm');
  });
});

describe('GM tools and settings', () => {
  it('rollback restores the state, voids the dice in the trail (which still verifies), and reopens the window', async () => {
    await twoPlayerGame();
    const before = s.games.live(CH).game.state;
    s.games.submit(CH, FR, { kind: 'move', unit: 'fabre', to: 'forward 2in' });
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    expect(s.games.live(CH).window!.phase).toBe('dram/orders');
    expect(() => s.gm.rollback(CH, FR, false, 'wrong unit moved')).toThrowError(expect.objectContaining({ code: 'permission/gm-only' }));
    const w = s.gm.rollback(CH, GM, false, 'wrong unit moved');
    expect(w).toMatchObject({ phase: 'dram/movement', status: 'open', seq: 3 });
    expect(JSON.parse(s.games.live(CH).game.state!)).toEqual(JSON.parse(before!));
    expect(posts().some((p) => p.includes('rolled back') && p.includes('wrong unit moved'))).toBe(true);
    const v = s.rolls.verify(GUILD);
    expect(v.ok && v.value.voidedRolls).toBeGreaterThan(0);
    expect(s.rolls.log(GUILD, { page: 1, pageSize: 25 }).lines.some((l) => l.kind === 'epoch-void')).toBe(true);
    expect(() => s.gm.rollback(CH, GM, false, 'again')).toThrowError(expect.objectContaining({ code: 'game/nothing-to-rollback' }));
  });

  it('changes pace and policy (GM only), and refuses a bad pace with the accepted forms', async () => {
    await twoPlayerGame();
    const o = s.games.setOptions(CH, GM, false, { paces: { default: 'daily 20:00 Europe/Paris' }, submitIsReady: true });
    expect(o).toMatchObject({ paces: { default: 'daily 20:00 Europe/Paris' }, submitIsReady: true });
    expect(() => s.games.setOptions(CH, GM, false, { paces: { default: 'whenever' } })).toThrowError(expect.objectContaining({ code: 'pace/syntax' }));
    expect(() => s.games.setOptions(CH, FR, false, { submitIsReady: false })).toThrowError(expect.objectContaining({ code: 'permission/gm-only' }));
  });

  it('changes a house ruling before the start only', async () => {
    await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    const r = await s.games.setRuling(CH, GM, false, 'initiative.ties', 'simultaneous') as { initiative: { ties: string } };
    expect(r.initiative.ties).toBe('simultaneous');
    expect(JSON.parse(s.games.live(CH).game.state!).settings.initiative.ties).toBe('simultaneous');
    await expect(s.games.setRuling(CH, GM, false, 'initiative.ties', 'coin-toss')).rejects.toMatchObject({ code: 'settings/bad-value' });
    s.games.join(CH, FR, 'french:fr-i-corps');
    s.games.start(CH, GM, false);
    await expect(s.games.setRuling(CH, GM, false, 'initiative.ties', 'reroll')).rejects.toMatchObject({ code: 'settings/started' });
  });

  it('keeps the narrative of past turns for /game history', async () => {
    await twoPlayerGame();
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    const h = s.games.history(CH, 1);
    expect(h[0]?.label).toMatch(/Turn 1/);
    expect(h[0]?.events.some((e) => e.kind === 'roll')).toBe(true);
  });
});

describe('GM role and history', () => {
  it('lets members of the named server role use GM tools', async () => {
    await twoPlayerGame();
    const ROLE = '333333333333333333';
    expect(() => s.gm.pause(CH, { ...FR, roles: [ROLE] } as never, false)).toThrowError(expect.objectContaining({ code: 'permission/gm-only' }));
    s.games.setOptions(CH, GM, false, { gmRoleId: ROLE });
    s.gm.pause(CH, { ...FR, roles: [ROLE] } as never, false);
    expect(s.games.live(CH).game.status).toBe('paused');
  });

  it('returns the state each past resolution left behind', async () => {
    await twoPlayerGame();
    s.games.submit(CH, FR, { kind: 'move', unit: 'hubert', to: 'forward 2in' });
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    const turn1 = s.games.history(CH, 1);
    expect(turn1).toHaveLength(1);
    const hubert = (st: unknown) => (st as { stands: Record<string, { pose: { at: { y: number } } }> }).stands.hubert!.pose.at.y;
    const start = hubert(JSON.parse(s.games.repo.resolutionOf(s.games.repo.windowsOf(s.games.live(CH).game.id)[0]!.id)!.stateBefore));
    expect(hubert(turn1[0]!.state)).toBeCloseTo(start + 2, 5);
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    // After the orders window resolves, turn 1 has two resolutions; the first left the state the second started from.
    const both = s.games.history(CH, 1);
    expect(both).toHaveLength(2);
    expect(hubert(both[0]!.state)).toBeCloseTo(start + 2, 5);
  });
});

describe('live movement in a game', () => {
  it('runs an initiative window then one short window per rank, each with its own pace', async () => {
    await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    await s.games.setRuling(CH, GM, false, 'move.windows', 'live');
    s.games.setOptions(CH, GM, false, { paces: { default: '24h', initiative: '2h', rank: '2h' } });
    for (const seat of FR_SEATS) s.games.join(CH, FR, seat);
    for (const seat of AU_SEATS) s.games.join(CH, AU, seat);
    const w1 = s.games.start(CH, GM, false);
    expect(w1).toMatchObject({ phase: 'dram/initiative', deadlineAt: clock() + 2 * HOUR });
    s.games.act(CH, FR, { kind: 'initiative', corps: 'fr-i-corps' });
    s.games.ready(CH, FR);
    s.games.ready(CH, AU);
    const w2 = s.games.live(CH).window!;
    expect(w2.phase).toBe('dram/rank');
    expect(w2.label).toMatch(/4\. Movement, rank 1 of \d+: /);
    // Walk the ranks: whoever owes input readies; the orders window (24 h) follows the last rank.
    for (let k = 0; k < 10 && s.games.live(CH).window!.phase === 'dram/rank'; k++) {
      s.games.ready(CH, FR);
      if (s.games.live(CH).window!.phase === 'dram/rank') s.games.ready(CH, AU);
    }
    const w3 = s.games.live(CH).window!;
    expect(w3.phase).toBe('dram/orders');
    expect(w3.deadlineAt).toBe(clock() + 24 * HOUR);
    expect(posts().some((p) => p.includes('rank 1 of'))).toBe(true);
  });
});

describe('order of losses (HR D-13)', () => {
  it('accepts a corps owner\'s order of losses in the movement window, and refuses stands of another corps', async () => {
    await twoPlayerGame();
    const r = s.games.submit(CH, FR, { kind: 'losses', corps: 'fr-i-corps', stands: ['garnier', 'fabre'] });
    expect(r.accepted.preview[0]).toBe('Losses in combat go first to 2nd Division (Garnier), 1st Division (Fabre).');
    expect(() => s.games.submit(CH, FR, { kind: 'losses', corps: 'fr-i-corps', stands: ['hubert'] })).toThrowError(expect.objectContaining({ code: 'order/unknown-unit' }));
    expect(() => s.games.submit(CH, AU, { kind: 'losses', corps: 'fr-i-corps', stands: ['fabre'] })).toThrowError(expect.objectContaining({ code: 'order/not-yours' }));
  });
});
