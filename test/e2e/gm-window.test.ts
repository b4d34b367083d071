/**
 * A window the GM owes (PhaseInfo.gm, issue 14 step 1), end to end through the real discord.js
 * client against the fake Discord. The ruleset is Beer and Pretzel wrapped by a tiny test
 * ruleset (test/helpers/gm-ruled.ts) that asks the GM one question before the first move
 * period. The window has no deadline and no default: players cannot post, /game advance cannot
 * invent the ruling, the scheduler only reminds the GM, and a GM-only `/game answer` naming an
 * allowed answer resolves it; the narrative says the GM ruled, and the game goes on.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../../src/games/scheduler';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel, type Opt } from '../helpers/e2e-channel';
import type { Ruled } from '../helpers/gm-ruled';
import { silentLog, testClock } from '../helpers/services';

vi.mock('../../src/rules/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/rules/index')>();
  const { gmRuled } = await import('../helpers/gm-ruled');
  const RULESETS = { ...real.RULESETS, bp: gmRuled(real.RULESETS.bp!) };
  return { ...real, RULESETS, rulesetById: (id: string) => (RULESETS as Record<string, unknown>)[id] ?? null };
});

const GUILD = '1600000000000000001';
const CHANNEL = '1600000000000000002';
const GM = { id: '1600000000000000010', username: 'epstein' };
const FR = { id: '1600000000000000011', username: 'reynier' };
const AU = { id: '1600000000000000012', username: 'kienmayer' };
const HOUR = 3_600_000;

describe('a window the GM owes', () => {
  let scheduler: Scheduler;
  const clock = testClock(Date.UTC(2026, 10, 25, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Courier', channels: [{ id: CHANNEL, name: 'ground' }] }, clock, seedOffset: 3, maps: false });
  beforeAll(() => {
    scheduler = new Scheduler(e2e.services.games, clock, silentLog);
  });

  const { cmd, str, posts, flush, replyText, isPrivate } = e2eChannel(() => e2e, GUILD, CHANNEL);
  type Reply = Awaited<ReturnType<typeof cmd>>;
  const expectRefused = (h: Reply, code: string) => { expect(isPrivate(h)).toBe(true); expect(replyText(h)).toContain(code); return replyText(h); };
  /** A GM command deferred publicly: a refusal deletes the deferral and follows up privately, so wait for the follow-up. */
  const gmCmd = (sub: string, options: Opt[]) =>
    e2e.fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: GM, name: 'game', subcommand: sub, options, memberPermissions: '0' })
      .waitFor((h) => h.followUps.length > 0 || h.edits.length > 0, { timeoutMs: 15_000 });
  const mark = () => { const at = e2e.fake.channelMessages(CHANNEL).length; return () => posts().slice(at).join('\n'); };
  const live = () => e2e.services.games.live(CHANNEL);
  let windowId = 0;

  it('opens with the question to the GM, no deadline, nobody else owing', async () => {
    await cmd(GM, 'game', 'create', [str('ruleset', 'bp'), str('scenario', 'teaching')]);
    await cmd(FR, 'game', 'join', [str('seat', 'french')]);
    await cmd(AU, 'game', 'join', [str('seat', 'austrians')]);
    // /game ruling (whose reply now echoes deeper keys, e.g. ANRT's QRS tables) answers a two-level ruling as before.
    const ruling = await gmCmd('ruling', [str('key', 'melee.tie'), str('value', 'defender-wins')]);
    expect(replyText(ruling)).toBe('⚖️ House ruling `melee.tie` is now `defender-wins` for this game.');
    const since = mark();
    expect(replyText(await cmd(GM, 'game', 'start', []))).toContain('The game begins');
    await flush();
    const w = live().window!;
    windowId = w.id;
    expect(w.deadlineAt).toBeNull();
    expect(live().ruleset.owing(live().state)).toEqual([]);
    const opened = since();
    expect(opened).toContain(`<@${GM.id}>, the rules need your ruling (test ruling)`);
    expect(opened).toContain('Has the rain of the night left the ground heavy?');
    expect(opened).toContain('`/game answer`: `dry` (dry ground), `heavy` (heavy ground)');
    expect(opened).toContain('no deadline and no default');
    const status = replyText(await cmd(FR, 'game', 'status', []));
    expect(status).toContain("Waiting for the GM's ruling (no deadline)");
  });

  it('players can post nothing, and advancing cannot invent the ruling', async () => {
    expectRefused(await cmd(FR, 'ready', undefined, []), 'game/gm-owes');
    expectRefused(await cmd(AU, 'move', undefined, [str('unit', 'au-lw'), str('to', 'forward 2in')]), 'game/gm-owes');
    const adv = expectRefused(await gmCmd('advance', []), 'game/gm-owes');
    expect(adv).toContain('/game answer');
    expect(e2e.services.games.repo.window(windowId)!.status).toBe('open');
    // The shared resolve refuses it too, whatever calls it.
    expect(e2e.services.games.resolve(live().game.id, windowId, 'deadline')).toMatchObject({ resolved: false, reason: expect.stringContaining('the GM owes a ruling') });
  });

  it('the scheduler never resolves it, and reminds the GM once per interval (12 h by default)', async () => {
    const since = mark();
    clock.advance(11 * HOUR);
    expect(scheduler.tick()).toEqual({ resolved: 0, reminded: 0, extended: 0 });
    clock.advance(2 * HOUR);
    expect(scheduler.tick()).toEqual({ resolved: 0, reminded: 1, extended: 0 });
    expect(scheduler.tick()).toEqual({ resolved: 0, reminded: 0, extended: 0 });
    clock.advance(60 * HOUR); // three days on: one reminder (the latest due), still nothing resolved
    expect(scheduler.tick()).toEqual({ resolved: 0, reminded: 1, extended: 0 });
    await flush();
    const reminders = since().split('\n').filter((l) => l.startsWith('⏰'));
    expect(reminders).toHaveLength(2);
    for (const r of reminders) expect(r).toContain(`<@${GM.id}> — the game still waits for your ruling`);
    expect(e2e.services.games.repo.window(windowId)!.status).toBe('open');
  });

  it('only the GM answers, and only with an allowed answer', async () => {
    expectRefused(await e2e.fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: FR, name: 'game', subcommand: 'answer', options: [str('value', 'dry')], memberPermissions: '0' }).waitFor((h) => h.followUps.length > 0, { timeoutMs: 15_000 }), 'permission/gm-only');
    const bad = expectRefused(await gmCmd('answer', [str('value', 'snow')]), 'gm/answer-not-allowed');
    expect(bad).toContain('`dry` (dry ground), `heavy` (heavy ground)');
    const ac = await e2e.fake.sendAutocomplete({ guildId: GUILD, channelId: CHANNEL, user: GM, name: 'game', subcommand: 'answer', options: [{ name: 'value', type: 3, value: 'he', focused: true }] }).waitForResponse();
    expect(ac.callback?.choices).toEqual([{ name: 'heavy — heavy ground', value: 'heavy' }]);
    expect(e2e.services.games.repo.window(windowId)!.status).toBe('open');
  });

  it('the answer resolves the window once; the narrative says the GM ruled; the game goes on', async () => {
    const since = mark();
    const r = await gmCmd('answer', [str('value', 'Heavy Ground')]);
    expect(isPrivate(r)).toBe(false);
    expect(replyText(r)).toContain('The GM ruled **heavy ground**');
    await flush();
    const text = since();
    expect(text).toContain('resolved (the GM ruled)');
    expect(text).toContain('ℹ️ The GM (epstein) ruled: Has the rain of the night left the ground heavy? → heavy ground.');
    expect(text).toContain('The ground is heavy.');
    expect(e2e.services.games.repo.window(windowId)).toMatchObject({ status: 'resolved', trigger: 'gm-ruling' });
    expect((live().state as Ruled).weather).toBe('heavy');
    // The next window is the wrapped ruleset's own: a move period with a deadline and a player owing it.
    const next = live().window!;
    expect(next.id).not.toBe(windowId);
    expect(next.deadlineAt).not.toBeNull();
    expect(next.label).toMatch(/move period/);
    expect(live().ruleset.owing(live().state)).toHaveLength(1);
    expectRefused(await gmCmd('answer', [str('value', 'dry')]), 'game/no-question');
    expect(e2e.services.games.resolve(live().game.id, windowId, 'gm-ruling', { question: 'test/weather:1', value: 'dry', by: 'x' })).toMatchObject({ resolved: false, reason: 'already resolved' });
  });

  it('a rollback of the ruling asks again; a paused game reminds nobody; the new answer resolves it', async () => {
    const since = mark();
    const rb = await e2e.fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: GM, name: 'game', subcommand: 'rollback', options: [str('reason', 'ruled in haste'), { name: 'confirm', type: 5, value: true }], memberPermissions: '0' }).waitForResponse({ timeoutMs: 15_000 });
    expect(replyText(rb)).toContain('Rolled back');
    await flush();
    const reopened = live().window!;
    expect(reopened.deadlineAt).toBeNull();
    expect(since()).toContain('Has the rain of the night left the ground heavy?');
    expect((live().state as Ruled).gmAsk).toBe(true);
    await cmd(GM, 'game', 'pause', []);
    clock.advance(30 * HOUR);
    expect(scheduler.tick().reminded).toBe(0);
    await cmd(GM, 'game', 'resume', []);
    expect(replyText(await gmCmd('answer', [str('value', 'dry')]))).toContain('The GM ruled **dry ground**');
    expect((live().state as Ruled).weather).toBe('dry');
    expect(e2e.services.games.repo.window(reopened.id)).toMatchObject({ status: 'resolved', trigger: 'gm-ruling' });
    const set = await cmd(GM, 'game', 'settings', [{ name: 'gm-reminders', type: 4, value: 2 }]);
    expect(replyText(set)).toContain('reminded of a ruling the game waits for every 2 h');
    expect(JSON.parse(live().game.options)).toMatchObject({ gmReminderMinutes: 120 });
  });
});
