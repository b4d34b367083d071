/**
 * The bot general (issue 13, beyond the text — not part of Kuryakin's rules) through the REAL
 * discord.js client against the fake Discord: the GM gives the Austrians to the bot with
 * `/game settings bot:austrians` (bad settings refused privately with a hint), one player takes
 * the French, and for two full turns the player acts in his windows (a scripted player: fire at
 * the nearest enemy in range, else move 100 mm) while the scheduler plays the bot's: its inputs
 * narrated in the channel under "🤖 Bot general (not part of the rules)", nobody pinged for it.
 */
import { describe, expect, it } from 'vitest';
import { Scheduler, TICK_MS } from '../../src/games/scheduler';
import type { SoloGame } from '../../src/rules/solo/game';
import { distanceMm, onTable, unitById } from '../../src/rules/solo/state';
import { windowUnits } from '../../src/rules/solo/turn';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel } from '../helpers/e2e-channel';
import { silentLog, testClock } from '../helpers/services';

const GUILD = '1700000000000000001';
const CHANNEL = '1700000000000000002';
const GM = { id: '1700000000000000010', username: 'kuryakin' };
const SOLO = { id: '1700000000000000011', username: 'solitaire' };

describe('the bot general commands one side of a Kuryakin game on Discord', () => {
  const clock = testClock(Date.UTC(2026, 10, 26, 18, 0));
  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Courier', channels: [{ id: CHANNEL, name: 'aschbach-bot' }] }, clock, seedOffset: 5, maps: false });
  const { cmd, str, channelText, flush, replyText, isPrivate } = e2eChannel(() => e2e, GUILD, CHANNEL);
  const live = () => e2e.services.games.live(CHANNEL);
  const state = () => live().state as SoloGame;

  it('the GM gives the Austrians to the bot; bad settings are refused privately with a hint', async () => {
    expect(replyText(await cmd(GM, 'game', 'create', [str('ruleset', 'solo'), str('scenario', 'teaching')]))).toContain('The Mill at Aschbach');
    const unknown = await cmd(GM, 'game', 'settings', [str('bot', 'prussians')]);
    expect(isPrivate(unknown)).toBe(true);
    expect(replyText(unknown)).toContain('no side "prussians"');
    expect(replyText(unknown)).toMatch(/`french` \(French\), `austrians` \(Austrians\), or `off`/);
    const off = await cmd(GM, 'game', 'settings', [str('bot-posture', 'hold')]);
    expect(isPrivate(off)).toBe(true);
    expect(replyText(off)).toContain('bot:<side>');
    const notGm = await cmd(SOLO, 'game', 'settings', [str('bot', 'austrians')]);
    expect(isPrivate(notGm)).toBe(true);
    expect(replyText(notGm)).toMatch(/game master/i);
    const set = await cmd(GM, 'game', 'settings', [str('bot', 'Austrians')]);
    expect(isPrivate(set)).toBe(false);
    expect(replyText(set)).toContain('🤖 Bot general: commands the **Austrians**, posture advance — not part of the rules');
    expect(replyText(await cmd(SOLO, 'game', 'join', [str('seat', 'french')]))).toContain('takes');
    const botSeat = await cmd(SOLO, 'game', 'join', [str('seat', 'austrians')]);
    expect(isPrivate(botSeat)).toBe(true);
    expect(replyText(botSeat)).toContain('The bot general commands the Austrians');
    expect(replyText(await cmd(GM, 'game', 'start', []))).toContain('The game begins');
  });

  it('two full turns: the player acts in his windows, the scheduler plays the bot\'s', async () => {
    const scheduler = new Scheduler(e2e.services.games, clock, silentLog);
    let botWindows = 0;
    let mine = 0;
    for (let guard = 0; guard < 80 && state().turn <= 2 && !state().ended; guard++) {
      const g = state();
      if (live().ruleset.owing(g).includes('french')) {
        mine++;
        for (const id of windowUnits(g)) {
          const u = unitById(state(), id);
          const near = onTable(state()).filter((e) => e.side !== u.side).sort((a, b) => distanceMm(u.at, a.at) - distanceMm(u.at, b.at))[0];
          const r = near && distanceMm(u.at, near.at) <= 200 ? await cmd(SOLO, 'fire', undefined, [str('unit', id), str('target', near.id)]) : await cmd(SOLO, 'move', undefined, [str('unit', id), str('to', '100')]);
          if (isPrivate(r)) await cmd(SOLO, 'move', undefined, [str('unit', id), str('to', '50')]);
        }
        expect(replyText(await cmd(SOLO, 'ready', undefined, []))).toContain('resolved');
      } else {
        botWindows++;
        const w = live().window!;
        clock.advance(TICK_MS);
        scheduler.tick();
        expect(e2e.services.games.repo.window(w.id)).toMatchObject({ status: 'resolved' });
      }
      await flush();
    }
    expect(state().turn === 3 || state().ended !== null).toBe(true);
    expect(mine).toBeGreaterThan(1);
    expect(botWindows).toBeGreaterThan(1);
    const text = channelText();
    if (process.env.SOLO_BOT_E2E_DUMP) (await import('node:fs')).writeFileSync(process.env.SOLO_BOT_E2E_DUMP, text);
    expect(text).toContain('🤖 **Bot general** (not part of the rules) commands the Austrians');
    expect(text).toMatch(/› \*[^*\n]+: (advance \d+ mm on|fire at|charge|reform)/);
    expect(text).toContain('Waiting for: 🤖 the bot general (Austrians)');
    expect(text).not.toMatch(/\(vacant|is now vacant/);
    // Nobody was pinged for the bot: reminders never went out, the player was never marked silent.
    expect(text).not.toContain('⏰');
    expect(e2e.services.games.repo.seats(live().game.id).map((s) => [s.seatId, s.userId, s.misses])).toEqual(expect.arrayContaining([['austrians', null, 0], ['french', SOLO.id, 0]]));
    // /game status names the bot as the Austrians' holder, not a vacancy.
    const status = replyText(await cmd(SOLO, 'game', 'status', []));
    expect(status).toMatch(/• Austrians: 🤖 bot general/);
    expect(status).not.toContain('*vacant*');
  }, 240_000);
});
