/**
 * A Near Run Thing end to end through the REAL discord.js client against the fake Discord: two
 * players (French, Allies) and a GM, the teaching scenario (The Brandhof ridge), two full turns.
 *
 * The GM loads the project's stand-in tables with /game ruling (echoed back), then, as a scenario
 * designer would, sets the table up before the start: the French hussars within reach of an
 * Allied battalion, the Silesian Uhlans facing the French left, and the morale table's "charge"
 * bands left empty so that step is his to rule (DIGEST A-1). Assertions do not depend on what
 * the dice give, only on the windows and who owes them.
 */
import { describe, expect, it } from 'vitest';
import type { AnrtState } from '../../src/rules/anrt/state';
import { fireTargets } from '../../src/rules/anrt/present/inputs';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel, type Opt } from '../helpers/e2e-channel';
import { testClock } from '../helpers/services';

const GUILD = '1600000000000000001';
const CHANNEL = '1600000000000000002';
const GM = { id: '1600000000000000010', username: 'umpire' };
const FR = { id: '1600000000000000011', username: 'lagrange' };
const AL = { id: '1600000000000000012', username: 'kleist' };
const USER_OF: Record<string, typeof GM> = { french: FR, allies: AL };

function placePieces(state: AnrtState): AnrtState {
  const s = structuredClone(state) as { -readonly [K in keyof AnrtState]: AnrtState[K] } & { units: Record<string, { at: { x: number; y: number }; facing: number }> };
  s.units['fr-11h']!.at = { x: 47, y: 26 }; s.units['fr-11h']!.facing = 0; // 7" off II/2nd West Prussian
  s.units['al-uh']!.at = { x: 20, y: 28 }; s.units['al-uh']!.facing = 180; // facing 2/13e Léger, 14" away
  const qrs = structuredClone(s.settings.qrs) as { morale: { bands: Record<string, unknown> } };
  delete qrs.morale.bands['charge'];
  s.settings = { ...s.settings, qrs: qrs as AnrtState['settings']['qrs'] };
  return s as unknown as AnrtState;
}

describe('two players and a GM play A Near Run Thing (The Brandhof ridge) on Discord', () => {
  const clock = testClock(Date.UTC(2026, 10, 25, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Courier', channels: [{ id: CHANNEL, name: 'brandhof' }] }, clock, seedOffset: 5, maps: false });

  const { cmd, str, flush, replyText, isPrivate } = e2eChannel(() => e2e, GUILD, CHANNEL);
  type Reply = Awaited<ReturnType<typeof cmd>>;
  const expectRefused = (h: Reply, code: string) => { expect(isPrivate(h)).toBe(true); expect(replyText(h)).toContain(code); return replyText(h); };
  const gmCmd = (sub: string, options: Opt[]) =>
    e2e.fake.sendSlashCommand({ guildId: GUILD, channelId: CHANNEL, user: GM, name: 'game', subcommand: sub, options, memberPermissions: '0' })
      .waitFor((h) => h.followUps.length > 0 || h.edits.length > 0, { timeoutMs: 15_000 });
  const live = () => e2e.services.games.live(CHANNEL);
  const state = () => live().state as AnrtState;
  const phaseId = () => live().ruleset.phase(live().state).id as string;
  const owing = () => live().ruleset.owing(live().state) as string[];
  const windows: string[] = [];
  const ready = async (side: string) => {
    windows.push(phaseId());
    expect(replyText(await cmd(USER_OF[side]!, 'ready', undefined, []))).toContain('resolved');
    await flush();
  };
  /** The GM's windows: answered with the first allowed answer (a pass for the morale bands left empty). */
  const answerGm = async () => {
    let n = 0;
    while (live().ruleset.phase(live().state).gm) {
      const q = live().ruleset.phase(live().state).gm!;
      windows.push('anrt/gm');
      const value = q.answers.some((a: { value: string }) => a.value === 'pass') ? 'pass' : q.answers[0]!.value;
      expect(replyText(await gmCmd('answer', [str('value', value)]))).toContain('The GM ruled');
      await flush();
      n++;
    }
    return n;
  };
  /** The initiative window: its winner chooses the French to move first. */
  const choose = async () => {
    expect(phaseId()).toBe('anrt/initiative');
    const chooser = state().chooser!;
    expect(owing()).toEqual([chooser]);
    const r = await cmd(USER_OF[chooser]!, 'choose', 'first', [str('side', 'French')]);
    expect(isPrivate(r)).toBe(true);
    await ready(chooser);
    expect(state().order[0]).toBe('french');
  };

  it('the GM loads the stand-in tables with /game ruling, echoed back, and the game starts on the initiative winner\'s choice', async () => {
    expect(replyText(await cmd(GM, 'game', 'create', [str('ruleset', 'anrt'), str('scenario', 'teaching')]))).toContain('The Brandhof ridge');
    expect(replyText(await cmd(FR, 'game', 'join', [str('seat', 'french')]))).toContain('takes');
    expect(replyText(await cmd(AL, 'game', 'join', [str('seat', 'allies')]))).toContain('takes');
    const echo = replyText(await gmCmd('ruling', [str('key', 'qrs'), str('value', 'stand-in')]));
    expect(echo).toContain("the project's stand-in, not the author's");
    expect(echo).toMatch(/qrs\.movement/);
    const missing = replyText(await gmCmd('ruling', [str('key', 'tables.mode'), str('value', 'entered')]));
    expect(missing).toContain('tables.mode');
    const l = live();
    e2e.services.games.repo.updateGame(l.game.id, { state: JSON.stringify(placePieces(l.state as AnrtState)), version: l.game.version + 1 });
    expect(replyText(await cmd(GM, 'game', 'start', []))).toContain('The game begins');
    await flush();
    await choose();
    expect(phaseId()).toBe('anrt/orders');
    expect(owing()).toEqual(['french']);
  });

  it('turn 1, French phase: bad orders are refused privately with a hint; the hussars charge, 2/13e Léger advances', async () => {
    expectRefused(await cmd(AL, 'move', undefined, [str('unit', 'al-1-2wp'), str('to', 'forward 2')]), 'order/not-phasing');
    expectRefused(await cmd(FR, 'charge', undefined, [str('unit', 'fr-1-33'), str('target', 'al-1-2wp')]), 'order/out-of-reach');
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-2-33'), str('to', 'forward 9')]), 'order/too-far');
    // ANRT-E4: the L408-416 choice rides on /charge (if-evaded); a line cannot evade, so the preview says it has no effect.
    const c = await cmd(FR, 'charge', undefined, [str('unit', '11e Hussards'), str('target', 'al-2-2wp'), str('if-evaded', 'rally-back')]);
    expect(isPrivate(c)).toBe(true);
    expect(replyText(c)).toContain('Charge declared');
    expect(replyText(c)).toContain('cannot evade this charge (L565-617): if-evaded rally-back is kept');
    expect(isPrivate(await cmd(FR, 'move', undefined, [str('unit', 'fr-2-13l'), str('to', 'forward 6')]))).toBe(true);
    // The command layer (§I L17-23), posted with the orders: the corps commander's dice, an ADC's
    // errand for the next phase, a regroup declaration, a brigadier's ride; bad ones refused privately.
    const pool = state().command!.pools![0]!;
    expect(pool.divisions).toEqual(['fr-d1', 'fr-d2']);
    const die = (value: number): Opt => ({ name: 'die', type: 4, value });
    const alloc = await cmd(FR, 'pips', 'allocate', [str('division', '1st Division'), die(Math.max(...pool.faces))]);
    expect(isPrivate(alloc)).toBe(true);
    expect(replyText(alloc)).toContain(new Set(pool.faces).size > 1 ? 'allocation (L21)' : 'order/no-allocation');
    expectRefused(await cmd(FR, 'pips', 'allocate', [str('division', 'fr-cav'), die(pool.faces[0]!)]), 'order/allocate-division');
    expectRefused(await cmd(AL, 'pips', 'adc', [str('adc', 'kleist-adc1'), str('division', 'al-d1')]), 'order/not-phasing');
    const adc = await cmd(FR, 'pips', 'adc', [str('adc', 'lagrange-adc1'), str('division', 'fr-d2')]);
    expect(isPrivate(adc)).toBe(true);
    expect(replyText(adc)).toContain('rides to Général Friant');
    expect(isPrivate(await cmd(FR, 'pips', 'regroup', [str('brigade', 'fr-b4')]))).toBe(true);
    // The corps' reserve battery (L231) is attached only from within the brigade's command box (L234): refused privately, with the hint.
    expect(expectRefused(await cmd(FR, 'pips', 'attach', [str('what', 'fr-res-12'), str('to', 'fr-b3')]), 'order/attach-command')).toMatch(/command box/);
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-b1-gen'), str('to', 'here'), str('join', 'fr-1-17')]), 'order/join');
    const ride = await cmd(FR, 'move', undefined, [str('unit', 'fr-b1-gen'), str('to', 'forward 2')]);
    expect(isPrivate(ride)).toBe(true);
    expect(replyText(ride)).toContain('free: he begins and ends with his brigade in his box');
    // Spend the 1st Division's pips until the budget refuses one.
    let refused = '';
    for (const u of ['fr-1-13l', 'fr-1-17', 'fr-2-17', 'fr-bty-1']) {
      for (const f of ['line', 'masse', 'skirmish', 'limbered']) {
        const r = await cmd(FR, 'formation', undefined, [str('unit', u), str('formation', f)]);
        if (isPrivate(r) && replyText(r).includes('order/pips')) { refused = replyText(r); break; }
      }
      if (refused) break;
      const m = await cmd(FR, 'move', undefined, [str('unit', u), str('to', 'back 1')]);
      if (replyText(m).includes('order/pips')) { refused = replyText(m); break; }
    }
    expect(refused).toMatch(/Not enough command pips/);
    await ready('french');
    expect(phaseId()).toBe('anrt/responses');
    expect(owing()).toEqual(['allies']);
  });

  it('the Allies answer: an emergency square against the hussars, an opportunity charge by the Uhlans; the GM rules the empty morale step', async () => {
    expectRefused(await cmd(AL, 'react', undefined, [str('unit', 'al-2-2wp'), str('choice', 'evade')]), 'order/reaction');
    expect(isPrivate(await cmd(AL, 'react', undefined, [str('unit', 'al-2-2wp'), str('choice', 'square')]))).toBe(true);
    // ANRT-E8: /react's if-evaded goes with an opportunity charge only, refused privately with the order to post instead.
    const wrong = expectRefused(await cmd(AL, 'react', undefined, [str('unit', 'al-2-2wp'), str('choice', 'square'), str('if-evaded', 'halt')]), 'order/if-evaded');
    expect(wrong).toContain('choice:opportunity');
    const opp = await cmd(AL, 'react', undefined, [str('unit', 'al-uh'), str('choice', 'opportunity'), str('if-evaded', 'halt')]);
    expect(isPrivate(opp)).toBe(true);
    expect(replyText(opp)).toContain('cannot evade this charge (L565-617): if-evaded halt is kept');
    expect(isPrivate(await cmd(AL, 'react', undefined, [str('unit', 'al-uh'), str('choice', 'opportunity')]))).toBe(true);
    await ready('allies');
    expect(await answerGm()).toBeGreaterThanOrEqual(1);
    expect(state().order[state().period]).toBe('allies');
    const events = e2e.services.games.history(CHANNEL, 1).flatMap((r) => r.events);
    expect(events.some((e) => e.kind === 'note' && e.text === 'al-uh opportunity-charges fr-2-13l.')).toBe(true);
    expect(events.some((e) => e.kind === 'roll' && e.purpose === 'morale: emergency-square' && e.subject === 'al-2-2wp')).toBe(true);
    expect(events.some((e) => e.kind === 'roll' && e.purpose === 'morale: charge' && e.subject === 'fr-11h')).toBe(true);
  });

  it('turn 1, Allied phase, then turn 2: each side orders once more', async () => {
    expect(phaseId()).toBe('anrt/orders');
    await ready('allies');
    await answerGm();
    // ANRT-F1: the French batteries have several targets, so the French choose their fire in a responses window.
    expect(phaseId()).toBe('anrt/responses');
    expect(live().ruleset.phase(live().state).label).toMatch(/French choose their fire targets/);
    const target = fireTargets(state(), state().units['fr-bty-1']!).at(-1)!;
    const picked = await cmd(USER_OF.french!, 'fire', undefined, [str('unit', 'fr-bty-1'), str('target', target.id)]);
    expect(isPrivate(picked)).toBe(true);
    expect(replyText(picked)).toContain(`will fire at ${target.name}`);
    await ready('french');
    await answerGm();
    const fired = e2e.services.games.history(CHANNEL, 1).flatMap((r) => r.events).filter((e) => e.kind === 'engagement' && e.id === 'fire:1:fr-bty-1').at(-1);
    expect(fired && fired.kind === 'engagement' && fired.sides[1]!.units[0]).toBe(target.id);
    if (phaseId() === 'anrt/initiative') await choose();
    for (let i = 0; i < 12 && state().turn === 2 && !state().ended; i++) {
      if (live().ruleset.phase(live().state).gm) { await answerGm(); continue; }
      const p = phaseId();
      const side = p === 'anrt/responses' ? (state().order[state().period] === 'french' ? 'allies' : 'french') : state().order[state().period]!;
      await ready(side);
    }
    expect(state().turn === 3 || state().ended !== null).toBe(true);
    // Windows of the two turns: initiative ×2, orders ×4, responses only when owed, the GM's when a cell was empty.
    expect(windows.filter((w) => w === 'anrt/initiative')).toHaveLength(2);
    expect(windows.filter((w) => w === 'anrt/orders')).toHaveLength(4);
    expect(windows.filter((w) => w === 'anrt/gm').length).toBeGreaterThanOrEqual(1);
    // The ADC sent in turn 1 reached his division as the French phase of turn 2 opened (L258); no window was added for it.
    const t2 = e2e.services.games.history(CHANNEL, 2).flatMap((r) => r.events);
    expect(t2.some((e) => e.kind === 'note' && /ADC 1 of Général Lagrange reaches Général Friant: \+1 pip/.test(e.text))).toBe(true);
    expect(state().generals['fr-b1-gen']!.at.y).toBeGreaterThan(12);
  });
});
