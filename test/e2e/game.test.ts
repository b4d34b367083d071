/**
 * A DRAM game played end to end through the REAL discord.js client against the fake Discord:
 * two players, the Saint-Rémy teaching scenario, three full turns. The clock is injected; the
 * scheduler and the outbox run as in the bot, ticked by the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import { startDiscord, type DiscordBot } from '../../src/adapters/discord';
import { discordPoster } from '../../src/adapters/posters';
import { OutboxSender } from '../../src/games/outbox';
import { Scheduler, TICK_MS } from '../../src/games/scheduler';
import type { Services } from '../../src/services/services';
import { e2eChannel } from '../helpers/e2e-channel';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord';
import { silentLog, testClock, testServices } from '../helpers/services';

const GUILD = '1300000000000000001';
const CHANNEL = '1300000000000000002';
const GM = { id: '1300000000000000010', username: 'gm' };
const FR = { id: '1300000000000000011', username: 'davout' };
const AU = { id: '1300000000000000012', username: 'schwarzenberg' };
const FR_SEATS = ['french:command', 'french:fr-cavalry', 'french:fr-i-corps', 'french:fr-ii-corps'];
const AU_SEATS = ['austrians:command', 'austrians:au-i-korps', 'austrians:au-ii-korps', 'austrians:au-reserve'];

describe('two players play Saint-Rémy on Discord', () => {
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let services: Services;
  let outbox: OutboxSender;
  let scheduler: Scheduler;
  const clock = testClock(Date.UTC(2026, 10, 22, 18, 0));

  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds: [{ id: GUILD, name: 'Leipzig', channels: [{ id: CHANNEL, name: 'saint-remy' }, { id: '1300000000000000099', name: 'general' }] }] });
    services = testServices({ clock });
    bot = await startDiscord({ token: fake.token, restApi: fake.restApi, commands: commandMap(), services, log: silentLog, now: () => clock.date() });
    outbox = new OutboxSender(services.games.repo, discordPoster(bot.client), clock, silentLog, services.maps);
    scheduler = new Scheduler(services.games, clock, silentLog);
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
  });

  const { cmd, str, channelText, flush, replyText } = e2eChannel(() => ({ fake, outbox }), GUILD, CHANNEL);
  /** Tick the scheduler every 30 s up to `t`, as the live bot does. */
  const runUntil = async (t: number) => {
    while (clock() < t) { clock.set(Math.min(t, clock() + TICK_MS)); scheduler.tick(); }
    await flush();
  };

  it('sets up the game, seats both players and opens turn 1', async () => {
    const created = await cmd(GM, 'game', 'create', [str('ruleset', 'dram'), str('scenario', 'saint-remy')]);
    expect(replyText(created)).toContain('The Bridge at Saint-Rémy');
    // Seats by their printed names, side by side; the id only as what to type (issue 11).
    expect(replyText(created)).toMatch(/\nFrench[^\n]*: [^\n]*\*\*I Corps[^*]*\*\* \(type `french:fr-i-corps`\)/);
    expect(replyText(created)).not.toMatch(/`french:fr-i-corps` I Corps/);
    for (const seat of FR_SEATS) expect(replyText(await cmd(FR, 'game', 'join', [str('seat', seat)]))).toContain('takes');
    for (const seat of AU_SEATS) await cmd(AU, 'game', 'join', [str('seat', seat)]);
    const wrongSide = await cmd(FR, 'game', 'join', [str('seat', 'austrians:command')]);
    expect(wrongSide.callback).toMatchObject({ ephemeral: true });
    expect(wrongSide.callback!.content).toContain('game/seat-taken');
    const started = await cmd(GM, 'game', 'start', []);
    expect(started.callback!.content).toContain('The game begins');
    await flush();
    expect(channelText()).toMatch(/📯 \*\*The Bridge at Saint-Rémy — Turn 1 \(09:00\)/);
    expect(channelText()).toContain(`<@${FR.id}>`);
  });

  it('plays three full turns with secret orders, a missed deadline and GM tools', async () => {
    for (let turn = 1; turn <= 3; turn++) {
      // Movement window: initiative (public, binding), a plotted move (private), ready.
      const ini = await cmd(FR, 'initiative', undefined, [str('corps', 'fr-i-corps')]);
      expect(ini.callback).toMatchObject({ ephemeral: false });
      expect(ini.callback!.content).toMatch(/I Corps: initiative \[\d\]/);
      const move = `forward 1.${turn}in`; // unique per turn, to tell this turn's reveal from the last one's
      const mv = await cmd(FR, 'move', undefined, [str('unit', 'fabre'), str('to', move)]);
      expect(mv.callback).toMatchObject({ ephemeral: true });
      expect(mv.callback!.content).toContain('Move for **1st Division (Fabre)** accepted');
      const theirs = await cmd(AU, 'move', undefined, [str('unit', 'fabre'), str('to', 'forward 1in')]);
      expect(theirs.callback!.content).toContain('order/not-yours');
      await flush();
      expect(channelText()).toContain('has posted orders — sealed receipt');
      expect(channelText()).not.toContain(move);
      if (turn === 1) {
        // Status shows who has posted, never what; /orders mine shows a player only their own.
        const st = replyText(await cmd(AU, 'game', 'status', []));
        // Whether a seat has posted, never how many orders (issue 11: the count tells the enemy how busy it is).
        expect(st).toContain('📝 orders posted, not ready');
        expect(st).not.toMatch(/\d+ order/);
        expect(st).not.toContain(move);
        expect(replyText(await cmd(AU, 'orders', 'mine', []))).toContain('You have no orders');
        const mine = await cmd(FR, 'orders', 'mine', []);
        expect(mine.callback).toMatchObject({ ephemeral: true });
        expect(replyText(mine)).toContain(move);
      }

      await cmd(AU, 'ready', undefined, []);
      const done = await cmd(FR, 'ready', undefined, []);
      expect(replyText(done)).toContain('resolved');
      await flush();
      expect(channelText()).toMatch(new RegExp(`resolved \\(everyone is ready\\)`));
      expect(channelText()).toContain(`**Turn ${turn}`);
      expect(channelText()).toContain(move); // the sealed receipt is now open

      // Orders window: a secret chit stays out of the channel until the window resolves.
      const seen = fake.channelMessages(CHANNEL).length;
      const since = () => fake.channelMessages(CHANNEL).slice(seen).map((m) => m.message.content).join('\n');
      const chit = await cmd(FR, 'orders', 'issue', [str('general', 'roussel'), str('target', 'fabre'), str('order', turn % 2 ? 'D' : 'A')]);
      expect(chit.callback).toMatchObject({ ephemeral: true });
      expect(chit.callback!.content).toContain('Chit');
      await flush();
      expect(since()).toContain('has posted orders — sealed receipt');
      expect(since()).not.toMatch(/roussel/);
      const w = services.games.live(CHANNEL).window!;

      if (turn === 1) {
        // The Austrian says nothing: one extension at the deadline, then the defaults apply.
        await runUntil(w.deadlineAt!);
        expect(channelText()).toMatch(new RegExp(`⏰ <@${AU.id}> — .* closes`)); // reminded once, before the deadline
        expect(channelText()).not.toMatch(new RegExp(`⏰ <@${FR.id}>`));
        expect(channelText()).toContain(`<@${AU.id}> had not posted`);
        await cmd(FR, 'ready', undefined, []);
        await runUntil(services.games.repo.window(w.id)!.deadlineAt!);
        expect(services.games.repo.window(w.id)!.trigger).toBe('deadline');
      } else if (turn === 2) {
        // The GM pauses, resumes, then advances the window himself.
        const denied = await cmd(FR, 'game', 'pause', []);
        expect(denied.callback!.content).toContain('permission/gm-only');
        await cmd(GM, 'game', 'pause', []);
        await cmd(GM, 'game', 'resume', []);
        const adv = await cmd(GM, 'game', 'advance', []);
        expect(replyText(adv)).toContain('resolved the phase');
      } else {
        await cmd(AU, 'ready', undefined, []);
        await cmd(FR, 'ready', undefined, []);
      }
      await flush();
      expect(since()).toMatch(/"general":"roussel"/);
      expect(services.games.live(CHANNEL).game.state).toContain(`"turn":${turn + 1}`);
    }
    const status = await cmd(AU, 'game', 'status', []);
    expect(status.callback!.content).toMatch(/Turn 4 \(12:00\)/);
    // Every resolution post carries the narrative and closes with the map; the audit trail verifies.
    const resolutionPosts = fake.channelMessages(CHANNEL).map((m) => m.message.content).filter((c) => c.startsWith('⚔️'));
    expect(resolutionPosts.length).toBe(6);
    const maps = fake.channelMessages(CHANNEL).filter((m) => m.message.attachments.some((a) => a.filename === 'map.png'));
    expect(maps.length).toBe(6);
    expect(maps[0]!.message.attachments[0]!.width).toBeGreaterThan(1000);
    expect(services.rolls.verify(GUILD).ok).toBe(true);
  });

  it('/map shows the battle publicly, privately as your side sees it, and zoomed', async () => {
    const pub = await cmd(AU, 'map', undefined, []);
    expect(pub.callback?.callbackType).toBe(5);
    expect(pub.edits.at(-1)!.attachments[0]).toMatchObject({ filename: 'map.png', contentType: 'image/png' });
    const mine = await cmd(FR, 'map', undefined, [{ name: 'private', type: 5, value: true }]);
    expect(mine.callback).toMatchObject({ callbackType: 5, ephemeral: true });
    expect(mine.edits.at(-1)!.content).toContain("your side's view");
    const zoom = await cmd(FR, 'map', undefined, [str('area', 'C2-E4')]);
    expect(zoom.edits.at(-1)!.attachments[0]!.filename).toBe('map.png');
    const past = await cmd(FR, 'map', undefined, [{ name: 'turn', type: 4, value: 1 }]);
    expect(past.edits.at(-1)!.content).toMatch(/after Turn 1 \(09:00\) — 7\. Issue new orders/);
    expect(past.edits.at(-1)!.attachments[0]!.filename).toBe('map.png');
    const bad = await fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: FR, name: 'map', options: [str('area', 'Z99')], memberPermissions: '0' })
      .waitFor((x) => x.followUps.length === 1, { timeoutMs: 10_000 });
    expect(bad.followUps[0]).toMatchObject({ ephemeral: true });
    expect(bad.followUps[0]!.content).toMatch(/map\/(bad-area|area-off-table)/);
  });

  it('answers play commands in a channel without a game with a clear private error', async () => {
    const h = await fake.sendSlashCommand({ guildId: GUILD, channelId: '1300000000000000099', user: FR, name: 'ready', memberPermissions: '0' }).waitForResponse({ timeoutMs: 10_000 });
    const text = h.edits.at(-1)?.content ?? h.followUps.at(-1)?.content ?? h.callback?.content ?? '';
    expect(text).toContain('game/none-here');
  });
});
