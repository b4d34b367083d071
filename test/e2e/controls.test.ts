/**
 * Issue 11, Discord's own controls, end to end through the real discord.js client and the fake
 * Discord: the window post's buttons, the select menu that settles an unknown name, /rolls log
 * paging, and the confirmation of destructive GM tools. Every component runs the command it
 * stands for as whoever clicks it, through the same command layer and permission checks.
 */
import { describe, expect, it } from 'vitest';
import { discordDashboardPoster } from '../../src/adapters/posters';
import { DASHBOARD_COALESCE_MS, DashboardSender } from '../../src/games/dashboard';
import { playBattle } from '../helpers/campaign-play';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel, startSaintRemy } from '../helpers/e2e-channel';
import type { FakeDiscord, InteractionHistory, StoredMessage } from '../helpers/fake-discord';
import { testClock, testServices } from '../helpers/services';

const GUILD = '1500000000000000001';
const CH = '1500000000000000002';
const CH_END = '1500000000000000003';
const CH_DASH = '1500000000000000004';
const CH_KICK = '1500000000000000005';
const CH_OVER = '1500000000000000006';
const GM = { id: '1500000000000000010', username: 'gm' };
const FR = { id: '1500000000000000011', username: 'davout' };
const AU = { id: '1500000000000000012', username: 'schwarzenberg' };
const NOBODY = { id: '1500000000000000013', username: 'kibitzer' };

type Row = { components: { custom_id: string; label?: string; options?: { value: string }[] }[] };
const rows = (m: { components?: unknown[] } | undefined): Row[] => (m?.components ?? []) as Row[];
const ids = (m: { components?: unknown[] } | undefined): string[] => rows(m).flatMap((r) => r.components.map((c) => c.custom_id));
const text = (h: InteractionHistory) => h.edits.at(-1)?.content ?? h.followUps.at(-1)?.content ?? h.callback?.content ?? '';

describe('buttons, menus and confirmations (issue 11)', () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Leipzig', channels: [{ id: CH, name: 'saint-remy' }, { id: CH_END, name: 'ending' }, { id: CH_DASH, name: 'dashboard' }, { id: CH_KICK, name: 'kick' }, { id: CH_OVER, name: 'over' }] }, clock, services: testServices({ clock }), maps: false });

  async function started(channel: string) {
    const c = e2eChannel(() => e2e, GUILD, channel);
    await startSaintRemy(c, GM, FR, AU);
    return c;
  }
  const click = (user: { id: string; username: string }, message: StoredMessage | undefined, customId: string, channelId = CH) =>
    e2e.fake.clickButton({ guildId: GUILD, channelId, user, customId, messageId: message!.message.id, memberPermissions: '0' }).waitForResponse({ timeoutMs: 15_000 });

  it('each window post carries Ready, My orders and My map, and they act for whoever clicks', async () => {
    const c = await started(CH);
    const post = e2e.fake.channelMessages(CH).find((m) => m.message.content.includes('is open'));
    expect(ids(post?.message)).toEqual(['r|/ready', 'r|/orders mine', 'r|/map private:true']);
    expect(rows(post?.message)[0]!.components.map((b) => b.label)).toEqual(['Ready', 'My orders', 'My map']);

    await c.cmd(FR, 'move', undefined, [c.str('unit', 'Fabre'), c.str('to', 'forward 1in')]);
    const mine = await click(FR, post, 'r|/orders mine');
    expect(mine.callback).toMatchObject({ ephemeral: true, callbackType: 4 });
    expect(text(mine)).toContain('move:fabre');
    // The enemy's My orders shows only their own (none): orders stay secret.
    const theirs = await click(AU, post, 'r|/orders mine');
    expect(text(theirs)).toBe('You have no orders in the open window.');

    const spectator = await click(NOBODY, post, 'r|/ready');
    expect(spectator.callback).toMatchObject({ ephemeral: true });
    expect(text(spectator)).toMatch(/error code/);
    const ready = await click(FR, post, 'r|/ready');
    expect(text(ready)).toContain('✅ Ready');
    expect(ready.followUps.at(-1)?.ephemeral ?? ready.edits.at(-1)?.ephemeral ?? ready.callback?.ephemeral).toBe(true);
  });

  it('an unknown name is answered with a select menu; picking runs the same command with that piece', async () => {
    const c = e2eChannel(() => e2e, GUILD, CH);
    const bad = await c.cmd(FR, 'move', undefined, [c.str('unit', 'Garnyer'), c.str('to', 'forward 1in')]);
    expect(bad.callback).toMatchObject({ ephemeral: true });
    expect(text(bad)).toContain('Did you mean “2nd Division (Garnier)”');
    const menu = rows(bad.original?.message)[0]!.components[0]!;
    expect(menu.custom_id).toMatch(/^pick\|/);
    expect(menu.options![0]!.value).toBe('garnier');
    // Someone else cannot answer the menu for the player who was asked.
    const stranger = await e2e.fake.sendComponent({ guildId: GUILD, channelId: CH, user: AU, customId: menu.custom_id, componentType: 3, values: ['garnier'], messageId: bad.original!.message.id, memberPermissions: '0' }).waitForResponse({ timeoutMs: 15_000 });
    expect(text(stranger)).toContain('component/expired');
    const picked = await e2e.fake.sendComponent({ guildId: GUILD, channelId: CH, user: FR, customId: menu.custom_id, componentType: 3, values: ['garnier'], messageId: bad.original!.message.id, memberPermissions: '0' }).waitForResponse({ timeoutMs: 15_000 });
    // The private refusal is replaced by the private answer.
    expect(picked.callback?.callbackType).toBe(7);
    expect(text(picked)).toContain('2nd Division (Garnier)');
    expect(e2e.fake.message(bad.original!.message.id)?.message.components).toEqual([]);
  });

  it('/rolls log pages with buttons that replace the page', async () => {
    const c = e2eChannel(() => e2e, GUILD, CH);
    for (const e of ['1d6', '2d6', '3d6']) await c.cmd(FR, 'roll', undefined, [c.str('expression', e)]);
    const first = await c.cmd(FR, 'rolls', 'log', [{ name: 'limit', type: 4, value: 1 }]);
    const msg = first.original;
    expect(ids(msg?.message)).toEqual(['u|/rolls log page:2 limit:1']);
    const older = await click(AU, msg, 'u|/rolls log page:2 limit:1');
    expect(older.callback?.callbackType).toBe(7);
    const page2 = e2e.fake.message(msg!.message.id)!.message;
    expect(page2.embeds[0]!.title).toMatch(/page 2\//);
    expect(ids(page2)).toEqual(['u|/rolls log page:1 limit:1', 'u|/rolls log page:3 limit:1']);
  });

  it('/game end asks the GM to confirm with a button only the GM may press; a player is told GM-only first', async () => {
    const c = await started(CH_END);
    const player = await c.cmd(FR, 'game', 'end', []);
    expect(text(player)).toContain('permission/gm-only');
    const rollback = await c.cmd(FR, 'game', 'rollback', [c.str('reason', 'x')]);
    expect(text(rollback)).toContain('permission/gm-only');
    const ask = await c.cmd(GM, 'game', 'end', []);
    expect(ask.callback).toMatchObject({ ephemeral: true });
    expect(text(ask)).toContain('End **');
    const id = ids(ask.original?.message)[0]!;
    expect(id).toMatch(/^pick\|/);
    expect(e2e.services.games.live(CH_END).game.status).toBe('running');
    const stolen = await click(FR, ask.original, id, CH_END);
    expect(text(stolen)).toContain('component/expired');
    const done = await click(GM, ask.original, id, CH_END);
    expect(text(done)).toContain('The game is over.');
    expect(e2e.services.games.repo.liveGameIn(CH_END)).toBeNull();
  });

  it('/game kick and /game rollback ask the GM to confirm with a button too; pressing it runs them', async () => {
    const c = await started(CH_KICK);
    const seatsOf = (u: { id: string }) => e2e.services.games.live(CH_KICK).seats.filter((x) => x.userId === u.id).length;
    expect(seatsOf(AU)).toBe(2);
    const ask = await c.cmd(GM, 'game', 'kick', [{ name: 'user', type: 6, value: AU.id }]);
    expect(ask.callback).toMatchObject({ ephemeral: true });
    expect(text(ask)).toContain(`Remove <@${AU.id}> from all their seats?`);
    expect(seatsOf(AU)).toBe(2); // nothing happens until the button is pressed
    const kicked = await click(GM, ask.original, ids(ask.original?.message)[0]!, CH_KICK);
    expect(text(kicked)).toContain('Removed from 2 seat(s).');
    expect(seatsOf(AU)).toBe(0);

    await c.cmd(GM, 'game', 'advance', []);
    await c.flush();
    const resolvedWindow = e2e.services.games.repo.windowsOf(e2e.services.games.live(CH_KICK).game.id).find((w) => w.status === 'resolved')!;
    const undo = await c.cmd(GM, 'game', 'rollback', [c.str('reason', 'wrong unit moved')]);
    expect(text(undo)).toContain('Undo the last resolution');
    expect(e2e.services.games.repo.window(resolvedWindow.id)!.trigger).not.toBe('rolled-back');
    const rolled = await click(GM, undo.original, ids(undo.original?.message)[0]!, CH_KICK);
    expect(text(rolled)).toContain('↩️ Rolled back.');
  });

  it('a live dashboard per game: posted (pinned if allowed), edited as players get ready, edits coalesced, never an order count', async () => {
    const c = await started(CH_DASH);
    const dash = new DashboardSender(e2e.services.db, e2e.services.games, discordDashboardPoster(e2e.bot.client), clock, undefined);
    expect(await dash.flush()).toBeGreaterThanOrEqual(1);
    const board = () => e2e.fake.channelMessages(CH_DASH).find((m) => m.message.content.startsWith('📋'));
    const first = board()!;
    // Pinned when the bot may: the fake's bot lacks Pin Messages here, so the pin is tried, refused, and the dashboard stands unpinned.
    expect(e2e.fake.requests.filter((r) => r.method === 'PUT' && r.path === `/channels/${CH_DASH}/messages/pins/${first.message.id}`).map((r) => r.status)).toEqual([403]);
    expect(first.message.pinned).toBe(false);
    expect(first.message.content).toContain('📋 **The Bridge at Saint-Rémy**');
    expect(first.message.content).toMatch(/deadline <t:\d+:f> \(<t:\d+:R>\)/);
    expect(first.message.content).toMatch(/⏳ .*<@1500000000000000011>/);
    expect(ids(first.message)).toEqual(['r|/ready', 'r|/orders mine', 'r|/map private:true']);

    // A burst: an order and a ready. Nothing is edited until the coalescing interval has passed.
    await c.cmd(FR, 'move', undefined, [c.str('unit', 'fabre'), c.str('to', 'forward 1in')]);
    await c.cmd(FR, 'ready', undefined, []);
    await dash.flush();
    expect(board()!.editCount).toBe(0);
    clock.advance(DASHBOARD_COALESCE_MS);
    await dash.flush();
    const edited = board()!;
    expect(edited.editCount).toBe(1);
    expect(edited.message.content).toMatch(/✅ .*<@1500000000000000011>/);
    expect(edited.message.content).not.toMatch(/order/i);
    // Nothing changed: no edit, however long it waits.
    clock.advance(DASHBOARD_COALESCE_MS);
    await dash.flush();
    expect(board()!.editCount).toBe(1);
    // One message per game, whatever happens.
    expect(e2e.fake.channelMessages(CH_DASH).filter((m) => m.message.content.startsWith('📋'))).toHaveLength(1);

    // The GM advances: the resolution is posted, and the dashboard links to its first message.
    await c.cmd(GM, 'game', 'advance', []);
    await c.flush();
    const head = e2e.fake.channelMessages(CH_DASH).filter((m) => /^⚔️ .* resolved/.test(m.message.content)).at(-1)!;
    expect(head).toBeDefined();
    const row = e2e.services.games.repo.outboxFor(CH_DASH).find((r) => r.dedupeKey?.startsWith('resolution:') && r.dedupeKey.endsWith(':0'));
    expect(row?.messageId).toBe(head.message.id);
    clock.advance(DASHBOARD_COALESCE_MS);
    await dash.flush();
    expect(board()!.message.content).toContain(`Last resolved: [`);
    expect(board()!.message.content).toContain(`](https://discord.com/channels/${GUILD}/${CH_DASH}/${head.message.id})`);
    // Rolled back, that resolution no longer stands: the dashboard stops pointing at it.
    await c.cmd(GM, 'game', 'rollback', [c.str('reason', 'wrong unit moved'), { name: 'confirm', type: 5, value: true }]);
    clock.advance(DASHBOARD_COALESCE_MS);
    await dash.flush();
    expect(board()!.message.content).not.toContain(head.message.id);
    expect(board()!.message.content).not.toContain('Last resolved');
  });

  it('an ended game\'s dashboard states the result as the channel was told it, with no deadline, seats or buttons', async () => {
    const c = await started(CH_OVER);
    const dash = new DashboardSender(e2e.services.db, e2e.services.games, discordDashboardPoster(e2e.bot.client), clock, undefined);
    await dash.flush();
    const board = () => e2e.fake.channelMessages(CH_OVER).find((m) => m.message.content.startsWith('📋'))!;
    expect(board().message.content).toMatch(/deadline <t:\d+/);
    // Played to its end through the services by the random legal players (the GM advancing what is left).
    const gameId = e2e.services.games.live(CH_OVER).game.id;
    playBattle(e2e.services, CH_OVER, 7);
    await c.flush();
    const game = e2e.services.games.repo.game(gameId)!;
    expect(game.status).toBe('ended');
    const outcome = e2e.services.games.outcomeOf(game)!;
    expect(outcome).not.toBeNull();
    // The channel was told "… is over. <summary>"; the dashboard says the same result.
    const told = e2e.fake.channelMessages(CH_OVER).find((m) => m.message.content.startsWith('🏁'))!;
    expect(told.message.content).toContain(outcome.summary);
    clock.advance(DASHBOARD_COALESCE_MS);
    await dash.flush();
    const last = board().message;
    expect(last.content).toContain(`🏁 The game is over — ${outcome.summary}`);
    expect(last.content).toContain('/game history');
    expect(last.content).not.toMatch(/deadline|<t:\d+|⏳|✅/);
    expect(ids(last)).toEqual([]);
    // Left alone after its last edit.
    const edits = board().editCount;
    clock.advance(DASHBOARD_COALESCE_MS);
    await dash.flush();
    expect(board().editCount).toBe(edits);
  });
});
