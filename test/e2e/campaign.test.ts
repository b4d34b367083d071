/**
 * A campaign end to end through the REAL discord.js client against the fake Discord (issue 15):
 * the GM founds an NW campaign on the teaching scenario, two players join, the GM starts a
 * battle in the field channel, it is fought to its end (the GM shortens it to one turn before
 * the start, as a scenario designer would), the aftermath is applied and posted, /campaign
 * status shows each player his own side's strengths only, with the strength chart, and the
 * second battle is fought on the Quatre Bras map, where the GM places the campaign's corps
 * (a placement outside a side's zone refused privately), from the standing strengths.
 */
import { describe, expect, it } from 'vitest';
import type { NwState } from '../../src/rules/nw/state';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel } from '../helpers/e2e-channel';
import { testClock } from '../helpers/services';

const GUILD = '1500000000000000001';
const HQ = '1500000000000000002';
const FIELD = '1500000000000000003';
const GM = { id: '1500000000000000010', username: 'charles' };
const FR = { id: '1500000000000000011', username: 'massena' };
const AU = { id: '1500000000000000012', username: 'hiller' };

describe('a campaign of two battles on Discord (issue 15)', () => {
  const clock = testClock(Date.UTC(2026, 10, 25, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Danube', channels: [{ id: HQ, name: 'hq' }, { id: FIELD, name: 'field' }] }, clock, maps: false });

  const hq = e2eChannel(() => e2e, GUILD, HQ);
  const field = e2eChannel(() => e2e, GUILD, FIELD);
  const { str, isPrivate } = hq;
  type Reply = Awaited<ReturnType<typeof hq.cmd>>;
  const refused = (h: Reply, code: string) => { expect(isPrivate(h)).toBe(true); expect(hq.replyText(h)).toContain(code); };
  const embedsOf = (h: Reply) => h.edits.at(-1)?.embeds ?? h.followUps.at(-1)?.embeds ?? h.callback?.embeds ?? [];
  const filesOf = (h: Reply) => [...h.edits, ...h.followUps].flatMap((e) => e.attachments);

  it('create, join (one side each), a private refusal', async () => {
    const created = await hq.cmd(GM, 'campaign', 'create', [str('name', 'Aspern'), str('ruleset', 'nw'), str('scenario', 'teaching')]);
    expect(hq.replyText(created)).toContain('Campaign **Aspern** founded on teaching');
    expect(hq.replyText(await hq.cmd(FR, 'campaign', 'join', [str('side', 'french')]))).toContain('joins **French**');
    expect(hq.replyText(await hq.cmd(AU, 'campaign', 'join', [str('side', 'austrians')]))).toContain('joins **Austrians**');
    refused(await hq.cmd(AU, 'campaign', 'join', [str('side', 'french')]), 'one player, one side');
    // Deferred publicly (it loads a scenario): the refusal deletes the thinking message and follows up privately.
    const r = await field.cmd(FR, 'campaign', 'battle', [str('scenario', 'teaching')]);
    for (let i = 0; i < 200 && r.followUps.length === 0; i++) await new Promise((ok) => setTimeout(ok, 10));
    refused(r, 'Only the campaign');
  });

  it('the GM starts battle 1 in the field; it is fought to its end; the aftermath is applied and posted', async () => {
    const started = await field.cmd(GM, 'campaign', 'battle', [str('scenario', 'teaching')]);
    expect(field.replyText(started)).toContain('Battle 1 of **Aspern**');
    expect(field.replyText(started)).toContain(`<@${FR.id}>`);
    // A short battle: the GM's set-up ends it after turn 1.
    const g = e2e.services.games.repo.liveGameIn(FIELD)!;
    e2e.services.games.repo.updateGame(g.id, { state: JSON.stringify({ ...(JSON.parse(g.state!) as NwState), lastTurn: 1 }) });
    expect(field.replyText(await field.cmd(GM, 'game', 'start'))).toContain('The game begins');
    for (let i = 0; i < 40 && e2e.services.games.repo.liveGameIn(FIELD); i++) await field.cmd(GM, 'game', 'advance');
    expect(e2e.services.games.repo.liveGameIn(FIELD)).toBeNull();
    await field.flush();
    const text = field.channelText();
    expect(text).toContain('is over');
    expect(text).toContain('aftermath of battle 1');
    // NW hides strengths from the enemy: the public post sends each side to /campaign status.
    expect(text).toContain('Each side reads its own losses with `/campaign status`');
    const c = e2e.services.campaigns.repo.openIn(GUILD)[0]!;
    expect(e2e.services.campaigns.repo.battles(c.id)[0]!.status).toBe('applied');
  });

  it('status: each player sees his own side\'s strengths, the enemy\'s hidden, the battles and the chart — privately', async () => {
    const mine = await hq.cmd(FR, 'campaign', 'status');
    expect(isPrivate(mine)).toBe(true);
    const embeds = embedsOf(mine);
    const all = embeds.map((e) => `${e.title}\n${e.description}`).join('\n');
    expect(all).toContain('Battle 1 — teaching, aftermath applied');
    const french = embeds.find((e) => e.title?.startsWith('French'))!;
    const austrians = embeds.find((e) => e.title?.startsWith('Austrians'))!;
    expect(french.description).toMatch(/: \d+\/\d+/);
    expect(austrians.title).toContain('hidden');
    expect(austrians.description).not.toMatch(/: \d+\/\d+/);
    expect(filesOf(mine).some((f) => f.filename === 'campaign-strength.png' && f.data.subarray(1, 4).toString() === 'PNG')).toBe(true);
    const gm = embedsOf(await hq.cmd(GM, 'campaign', 'status'));
    expect(gm.find((e) => e.title?.startsWith('Austrians'))!.description).toMatch(/: \d+\/\d+/);
  });

  it('the ended battle\'s history, linked from status, is readable from another channel — privately, without hidden s.p.', async () => {
    const c = e2e.services.campaigns.repo.openIn(GUILD)[0]!;
    const gameId = e2e.services.campaigns.repo.battles(c.id)[0]!.gameId;
    const all = embedsOf(await hq.cmd(AU, 'campaign', 'status')).map((e) => e.description ?? '').join('\n');
    expect(all).toContain(`/game history game:${gameId}`);
    const h = await hq.cmd(AU, 'game', 'history', [{ name: 'game', type: 4, value: gameId }, { name: 'turn', type: 4, value: 1 }]);
    expect(isPrivate(h)).toBe(true);
    const text = [hq.replyText(h), ...[...(h.callback?.attachments ?? []), ...filesOf(h)].map((f) => f.data.toString())].join('\n');
    expect(text).toContain(`(#${gameId}, ended)`);
    expect(text).toMatch(/## /);
    // NW §3.0: the s.p. a unit has left never reach the enemy, after the end as before it.
    expect(text).not.toMatch(/SP left/);
    refused(await hq.cmd(AU, 'game', 'history', [{ name: 'game', type: 4, value: gameId + 999 }]), 'game/unknown');
  });

  it('battle 2: the GM places the corps on the Quatre Bras map (a bad placement refused privately); it starts from the standing strengths, is fought to its end, and the campaign ends', async () => {
    const c = e2e.services.campaigns.repo.openIn(GUILD)[0]!;
    const standing = new Map(e2e.services.campaigns.repo.units(c.id).map((u) => [u.id, u.strength]));
    // (30, 40) is on the map but in the Allied (here: Austrian) zone, not the French one.
    const bad = await field.cmd(GM, 'campaign', 'battle', [str('scenario', 'quatre-bras'), str('place', 'fr-i-corps at 30,40; au-ii-korps at zone')]);
    for (let i = 0; i < 200 && bad.followUps.length === 0; i++) await new Promise((ok) => setTimeout(ok, 10));
    refused(bad, 'outside French\'s deployment zone');
    expect(e2e.services.games.repo.liveGameIn(FIELD)).toBeNull();
    const started = await field.cmd(GM, 'campaign', 'battle', [str('scenario', 'quatre-bras'), str('place', 'fr-i-corps at french zone; II Korps at zone facing S')]);
    expect(field.replyText(started)).toContain('Battle 2 of **Aspern**');
    expect(field.replyText(started)).toMatch(/on quatre-bras's map, placed: I Corps at french zone \([\d.]+, [\d.]+\) facing N; II Korps at zone \([\d.]+, [\d.]+\) facing S/);
    const s = JSON.parse(e2e.services.games.repo.liveGameIn(FIELD)!.state!) as NwState;
    expect(s.map.table).toEqual({ width: 60, height: 48 });
    expect(Object.keys(s.units).length).toBeGreaterThan(0);
    for (const u of Object.values(s.units)) expect(u.sp).toBe(standing.get(u.id));
    refused(await hq.cmd(GM, 'campaign', 'end'), 'still has a live battle');
    e2e.services.games.repo.updateGame(e2e.services.games.repo.liveGameIn(FIELD)!.id, { state: JSON.stringify({ ...s, lastTurn: 1 }) });
    await field.cmd(GM, 'game', 'start');
    for (let i = 0; i < 40 && e2e.services.games.repo.liveGameIn(FIELD); i++) await field.cmd(GM, 'game', 'advance');
    await field.flush();
    expect(field.channelText()).toContain('aftermath of battle 2');
    const status = embedsOf(await hq.cmd(AU, 'campaign', 'status'));
    expect(status[0]!.description).toContain('Battle 2 — quatre-bras\'s map (I Corps, II Korps placed), aftermath applied');
    expect(status.find((e) => e.title?.startsWith('French'))!.title).toContain('hidden');
    expect(hq.replyText(await hq.cmd(GM, 'campaign', 'end'))).toContain('is over');
    expect(e2e.services.campaigns.repo.logOf(c.id).map((e) => e.kind)).toEqual(['create', 'join', 'join', 'battle', 'aftermath', 'battle', 'aftermath', 'end']);
  });
});
