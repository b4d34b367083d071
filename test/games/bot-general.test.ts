import { beforeEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/dice/verify';
import { BOT_ACTOR, setBot } from '../../src/games/bot-general';
import type { GameOptions } from '../../src/games/options';
import { Scheduler, TICK_MS } from '../../src/games/scheduler';
import type { SoloGame } from '../../src/rules/solo/game';
import type { Services } from '../../src/services/services';
import { testClock, testServices } from '../helpers/services';

/**
 * The bot general as a game setting (issue 13): `/game settings bot:<side> bot-posture:` checked
 * against the game (bad settings refused with a hint), its seats refused to players, and the
 * scheduler playing its windows — its inputs stored as its seat's actions, its dice audited, its
 * narrative posted as not part of the rules, nobody pinged or marked vacant for it.
 */

const GUILD = '311111111111111111';
const CH = '322222222222222222';
const GM = { id: 'gm', name: 'Kuryakin' };
const ME = { id: 'p-solo', name: 'Solitaire' };
const OTHER = { id: 'p-other', name: 'Other' };

let clock: ReturnType<typeof testClock>;
let s: Services;
const posts = () => s.games.repo.outboxFor(CH).map((r) => (JSON.parse(r.body) as { content?: string }).content ?? '');
const options = () => JSON.parse(s.games.live(CH).game.options) as GameOptions;
const soloGame = () => s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'solo', scenario: 'teaching' });

beforeEach(() => {
  clock = testClock(Date.UTC(2026, 10, 26, 9, 0));
  s = testServices({ clock });
});

describe('bad bot settings are refused with a hint', () => {
  it('a side the game does not have: the hint lists its sides and off', async () => {
    await soloGame();
    expect(() => setBot(s.games, CH, GM, false, 'prussians', undefined)).toThrowError(expect.objectContaining({ code: 'bot/unknown-side', hint: expect.stringMatching(/`french` \(French\), `austrians` \(Austrians\), or `off`/) }));
    expect(options().bot).toBeNull();
  });
  it('a side a player holds, a posture with the bot off, a player who is not the GM', async () => {
    await soloGame();
    s.games.join(CH, OTHER, 'austrians');
    expect(() => setBot(s.games, CH, GM, false, 'austrians', undefined)).toThrowError(expect.objectContaining({ code: 'bot/seat-held', hint: expect.stringContaining('/game leave') }));
    expect(() => setBot(s.games, CH, GM, false, undefined, 'hold')).toThrowError(expect.objectContaining({ code: 'bot/off', hint: expect.stringContaining('bot:<side>') }));
    expect(() => setBot(s.games, CH, OTHER, false, 'french', undefined)).toThrowError(expect.objectContaining({ code: 'permission/gm-only' }));
  });
  it('a ruleset the bot general does not play: the hint names those it does', async () => {
    await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'dram', scenario: 'saint-remy' });
    expect(() => setBot(s.games, CH, GM, false, 'french', undefined)).toThrowError(expect.objectContaining({ code: 'bot/unsupported', hint: expect.stringContaining("Kuryakin's Solo Napoleonic Rules") }));
  });
  it('a side by its printed name, any case; its seat is then refused to players (join and replace); off frees it', async () => {
    await soloGame();
    expect(setBot(s.games, CH, GM, false, 'AUSTRIANS', 'hold').bot).toEqual({ side: 'austrians', posture: 'hold' });
    expect(() => s.games.join(CH, ME, 'austrians')).toThrowError(expect.objectContaining({ code: 'game/bot-seat', hint: expect.stringContaining('bot:off') }));
    expect(() => s.gm.replace(CH, GM, false, 'austrians', ME)).toThrowError(expect.objectContaining({ code: 'game/bot-seat' }));
    expect(setBot(s.games, CH, GM, false, undefined, 'advance').bot).toEqual({ side: 'austrians', posture: 'advance' });
    expect(setBot(s.games, CH, GM, false, 'off', undefined).bot).toBeNull();
    expect(s.games.join(CH, ME, 'austrians').map((x) => x.seatId)).toEqual(['austrians']);
  });
});

describe('the scheduler plays the bot\'s windows', () => {
  /** One player holds the French; the bot the Austrians; the player readies at once in each of his windows. */
  async function play(turns: number) {
    await soloGame();
    setBot(s.games, CH, GM, false, 'austrians', undefined);
    s.games.join(CH, ME, 'french');
    s.games.start(CH, GM, false);
    const sch = new Scheduler(s.games, clock);
    const botWindows: number[] = [];
    for (let guard = 0; guard < 200; guard++) {
      const l = s.games.live(CH);
      const g = l.state as SoloGame;
      if (g.ended || g.turn > turns) break;
      const owing = l.ruleset.owing(g);
      if (owing.includes('french')) s.games.ready(CH, ME);
      else { botWindows.push(l.window!.id); clock.advance(TICK_MS); sch.tick(); }
    }
    return botWindows;
  }

  it('the bot makes its inputs as actions of its seat, with audited dice, and the window resolves without anyone waiting', async () => {
    const windows = await play(2);
    const g = s.games.live(CH).state as SoloGame;
    expect(g.turn > 2 || g.ended !== null).toBe(true);
    const bot = [...new Set(windows)].flatMap((id) => s.games.repo.actionsOf(id));
    expect(bot.length).toBeGreaterThan(3);
    expect(bot.every((a) => a.seatId === 'austrians' && a.userId === BOT_ACTOR.id)).toBe(true);
    for (const id of new Set(windows)) expect(s.games.repo.window(id)).toMatchObject({ status: 'resolved', trigger: 'all-ready' });
    // Its dice are in the audit trail under its own name, as a player's are under theirs.
    expect(s.trail.repo.count(GUILD, { actorId: BOT_ACTOR.id })).toBeGreaterThan(3);
    expect(s.trail.repo.page(GUILD, { actorId: BOT_ACTOR.id, limit: 1, offset: 0 })[0]).toMatchObject({ actorName: 'Bot general', gameId: String(s.games.live(CH).game.id) });
    const all = posts();
    expect(all.some((p) => p.startsWith('🤖 **Bot general** (not part of the rules) commands the Austrians'))).toBe(true);
    expect(all.join('\n')).toMatch(/› \*[^*\n]+: (advance \d+ mm on|fire at|charge|reform)/);
    // Its windows announce the bot, never a vacancy; nobody is reminded or marked vacant for it.
    expect(all.some((p) => p.includes('🤖 the bot general (Austrians)'))).toBe(true);
    expect(all.some((p) => p.includes('vacant'))).toBe(false);
    expect(all.some((p) => p.startsWith('⏰'))).toBe(false);
    expect(s.games.repo.seats(s.games.live(CH).game.id).find((x) => x.seatId === 'austrians')).toMatchObject({ userId: null, misses: 0 });
  });

  it('durable: a failure inside the bot\'s window leaves nothing behind, and the next tick plays it again with the same dice', async () => {
    const untilBot = () => { while (s.games.live(CH).ruleset.owing(s.games.live(CH).state).includes('french')) s.games.ready(CH, ME); };
    // A clean run of the first bot window…
    await play(0);
    untilBot();
    const sch = new Scheduler(s.games, clock);
    const before = s.games.live(CH);
    expect(before.ruleset.owing(before.state)).toEqual(['austrians']);
    sch.tick();
    const clean = s.games.live(CH).state;
    // …and the same window where posting fails once, inside the window's transaction.
    clock = testClock(Date.UTC(2026, 10, 26, 9, 0));
    s = testServices({ clock });
    await play(0);
    untilBot();
    const sch2 = new Scheduler(s.games, clock);
    const w = s.games.live(CH).window!;
    const version = s.games.live(CH).game.version;
    const notice = s.games.posts.notice.bind(s.games.posts);
    let failures = 1;
    s.games.posts.notice = (...a: Parameters<typeof notice>) => { if (a[1].startsWith('bot:') && failures-- > 0) throw new Error('disk full'); notice(...a); };
    sch2.tick();
    expect(s.games.repo.window(w.id)).toMatchObject({ status: 'open' });
    expect(s.games.repo.actionsOf(w.id)).toEqual([]);
    expect(s.games.repo.readySeats(w.id).size).toBe(0);
    expect(s.games.live(CH).game.version).toBe(version);
    sch2.tick();
    expect(s.games.repo.window(w.id)).toMatchObject({ status: 'resolved' });
    expect(s.games.live(CH).state).toEqual(clean);
    // The audit trail's chain is whole: the rolled-back rolls left no trace.
    expect(verifyChain(s.rolls.exportTrail(GUILD, new Date(0)).entries, { guildId: GUILD }).ok).toBe(true);
  });

  it('the same seeds play the same game (deterministic: the doctrine is pure, the dice audited)', async () => {
    await play(2);
    const first = s.games.live(CH).state;
    clock = testClock(Date.UTC(2026, 10, 26, 9, 0));
    s = testServices({ clock });
    await play(2);
    expect(s.games.live(CH).state).toEqual(first);
  });
});
