/**
 * A Beer and Pretzel game played end to end through the REAL discord.js client against the fake
 * Discord: two players (French, Austrians), the teaching scenario (The Kapellenhof), two full
 * turns — four move periods, one window each (src/rules/bp/turn.ts).
 *
 * The dice are reproducible: every seed epoch gets the next seed of a fixed sequence started at
 * SEED_OFFSET, and the commands below always run in the same order. The offset was chosen so the
 * rolls give what this test is about: the French win turn 1's roll-off and move first; their
 * Chasseurs' charge breaks the Landwehr (a rout); the Hussars' charge meets 2/46e Ligne, which
 * holds, forms square and fires, and the Hussars rout; the Landwehr halts in its next own move
 * period and is reforming in the one after (L165-169). Refused inputs roll nothing. Change the
 * order of anything that rolls and the offset has to be chosen again.
 *
 * The GM sets the table up before the start, as a scenario designer would (placePieces): the
 * Landwehr has come over the Mühlbach by the Hochwald within the Chasseurs' reach, and the
 * Hussars stand 7" off the front of 2/46e Ligne's column.
 */
import { describe, expect, it } from 'vitest';
import type { BpState } from '../../src/rules/bp/state';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel, type Opt } from '../helpers/e2e-channel';
import { testClock } from '../helpers/services';

const GUILD = '1500000000000000001';
const CHANNEL = '1500000000000000002';
const GM = { id: '1500000000000000010', username: 'epstein' };
const FR = { id: '1500000000000000011', username: 'reynier' };
const AU = { id: '1500000000000000012', username: 'kienmayer' };
const USER_OF: Record<string, typeof GM> = { french: FR, austrians: AU };
/** Seeds SEED_OFFSET+1, SEED_OFFSET+2, … (see the header). */
const SEED_OFFSET = 11;

/** The GM's set-up (before /game start): positions in table inches, facings in degrees (0 = north). */
function placePieces(state: BpState): BpState {
  const s = structuredClone(state) as { units: Record<string, { pose: { at: { x: number; y: number }; facing: number } }> };
  const put = (id: string, x: number, y: number, facing: number) => { s.units[id]!.pose = { at: { x, y }, facing }; };
  put('au-lw', 36, 12, 180); // the Landwehr column, over the stream at the edge of the Hochwald, facing south…
  put('fr-chass', 36, 4, 0); // …8" off the Chasseurs' front
  put('au-hus', 10, 15, 180); // the Hussars, 7" off…
  put('fr-2-46', 10, 8, 0); // …2/46e Ligne's column
  return s as unknown as BpState;
}

const bool = (name: string, value: boolean): Opt => ({ name, type: 5, value });

describe('two players play Beer and Pretzel (The Kapellenhof) on Discord', () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Courier', channels: [{ id: CHANNEL, name: 'kapellenhof' }] }, clock, seedOffset: SEED_OFFSET });

  const { cmd, str, posts, channelText, flush, replyText, isPrivate } = e2eChannel(() => e2e, GUILD, CHANNEL);
  type Reply = Awaited<ReturnType<typeof cmd>>;
  const expectPublic = (h: Reply) => { expect(h.callback).toMatchObject({ ephemeral: false }); return replyText(h); };
  const expectRefused = (h: Reply, code: string) => { expect(isPrivate(h)).toBe(true); expect(replyText(h)).toContain(code); return replyText(h); };
  const mark = () => { const at = e2e.fake.channelMessages(CHANNEL).length; return () => posts().slice(at).join('\n'); };
  const live = () => e2e.services.games.live(CHANNEL);
  const state = () => live().state as BpState;
  const owingUsers = () => { const l = live(); return [...new Set(l.ruleset.owing(l.state).map((seat: string) => USER_OF[seat]!))]; };
  const windowLabel = () => live().window!.label;
  const readyAll = async () => {
    const w = live().window!;
    const users = owingUsers();
    expect(users).toHaveLength(1); // a move period is owed by its mover alone (L22-24)
    expect(replyText(await cmd(users[0]!, 'ready', undefined, []))).toContain('resolved');
    await flush();
    expect(e2e.services.games.repo.window(w.id)).toMatchObject({ status: 'resolved', trigger: 'all-ready' });
  };

  it('creates the game, seats both players, lets the GM set the table and opens the first move period', async () => {
    expect(replyText(await cmd(GM, 'game', 'create', [str('ruleset', 'bp'), str('scenario', 'teaching')]))).toContain('The Kapellenhof');
    expect(replyText(await cmd(FR, 'game', 'join', [str('seat', 'french')]))).toContain('takes');
    expect(replyText(await cmd(AU, 'game', 'join', [str('seat', 'austrians')]))).toContain('takes');
    const l = live();
    e2e.services.games.repo.updateGame(l.game.id, { state: JSON.stringify(placePieces(l.state as BpState)), version: l.game.version + 1 });
    expect(replyText(await cmd(GM, 'game', 'start', []))).toContain('The game begins');
    await flush();
    // The turn's roll-off was made at set-up (HR B-1); the French won it and move first.
    expect(state().order).toEqual(['french', 'austrians']);
    expect(windowLabel()).toBe('Turn 1 (10:00) — first move period: French');
    expect(owingUsers()).toEqual([FR]);
  });

  it('standing reactions are set privately and never reach the channel', async () => {
    const since = mark();
    const st = await cmd(AU, 'standing', undefined, [str('unit', 'au-2-ij'), str('return-fire', 'hold')]);
    expect(isPrivate(st)).toBe(true);
    expect(replyText(st)).toContain('holds its fire for a charge');
    expect(state().standing['au-2-ij']).toEqual({ returnFire: 'hold', square: true });
    const sq = await cmd(FR, 'standing', undefined, [str('unit', 'fr-2-46'), bool('square', true)]);
    expect(replyText(sq)).toContain('forms square if charged by cavalry');
    expectRefused(await cmd(FR, 'standing', undefined, [str('unit', 'au-2-ij'), str('return-fire', 'fire')]), 'action/not-yours');
    await flush();
    expect(since()).toBe('');
    // What the enemy (and the channel) may see of the state keeps no standing reactions.
    const seen = live().ruleset.view(live().state, { kind: 'side', side: 'french' }) as BpState;
    expect(seen.standing['au-2-ij']).toBeUndefined();
  });

  it('bad input is answered privately with the rule and a hint', async () => {
    expectRefused(await cmd(AU, 'charge', undefined, [str('unit', 'au-hus'), str('target', 'fr-2-46')]), 'action/not-phasing');
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'au-lw'), str('to', 'forward 2in')]), 'action/not-yours');
    const sq = expectRefused(await cmd(FR, 'formation', undefined, [str('unit', 'fr-chass'), str('formation', 'square')]), 'formation/');
    expect(sq).toMatch(/L17\d|square/);
    const far = expectRefused(await cmd(FR, 'charge', undefined, [str('unit', 'fr-3-46'), str('target', 'au-2-ij')]), 'charge/illegal');
    expect(far).toMatch(/reach|range|\d+(\.\d+)?"/);
    expectRefused(await cmd(FR, 'formation', undefined, [str('unit', 'fr-3-46'), str('formation', 'wedge')]), 'action/invalid');
    expectRefused(await cmd(FR, 'maneuver', undefined, [str('unit', 'fr-3-46')]), 'game/verb-unsupported');
    // A shared command's option another ruleset reads (ANRT's if-evaded) is refused, not dropped.
    const unused = expectRefused(await cmd(FR, 'charge', undefined, [str('unit', 'fr-chass'), str('target', 'au-lw'), str('if-evaded', 'halt')]), 'command/option-unused');
    expect(unused).toContain('if-evaded');
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-3-46'), str('to', 'forward 2in'), { name: 'moves', type: 4, value: 2 }]), 'command/option-unused');
    // A preview map of a move (issue 11): private, drawn, and nothing moved or posted.
    const before = e2e.fake.channelMessages(CHANNEL).length;
    const pose = state().units['fr-3-46']!.pose;
    const preview = await cmd(FR, 'move', undefined, [str('unit', 'fr-3-46'), str('to', 'forward 1in'), bool('preview', true)]);
    expect(isPrivate(preview)).toBe(true);
    expect(replyText(preview)).toContain('🔍 **Preview only** — nothing was moved or rolled.');
    expect(replyText(preview)).toMatch(/: costs 1" of \d+(\.\d+)?"/);
    expect([...preview.edits, ...preview.followUps].flatMap((e) => e.attachments).map((a) => a.filename)).toEqual(['move-preview.png']);
    expect(state().units['fr-3-46']!.pose).toEqual(pose);
    expect(state().log.moved['fr-3-46']).toBeUndefined();
    expect(e2e.fake.channelMessages(CHANNEL)).toHaveLength(before);
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'au-lw'), str('to', 'forward 1in'), bool('preview', true)]), 'preview/not-yours');
  });

  it('turn 1, French move: the Chasseurs charge and the Landwehr routs', async () => {
    const since = mark();
    const text = expectPublic(await cmd(FR, 'charge', undefined, [str('unit', 'fr-chass'), str('target', 'au-lw')]));
    expect(text).toMatch(/^reynier: ⚔️ Combat at G5: 7e Chasseurs à cheval vs 1\. Wiener Landwehr/);
    expect(text).not.toMatch(/\bSP\b/); // a figure game: never strength points
    expect(text).toMatch(/🎲 1\. Wiener Landwehr: morale: receiving a charge \(L109\) \[\d, \d\]/);
    expect(text).toContain('⚠️ 1. Wiener Landwehr (Austrians): routed');
    expect(text).toContain('(rout move)');
    expect(state().units['au-lw']!.stage).toBe('routed');
    expect(state().log.meleed).toContain('fr-chass');
    expectRefused(await cmd(FR, 'charge', undefined, [str('unit', 'fr-chass'), str('target', 'au-lw')]), 'charge/');
    await readyAll();
    expect(since()).toContain('resolved (everyone is ready)');
    expect(windowLabel()).toBe('Turn 1 (10:00) — second move period: Austrians');
    expect(owingUsers()).toEqual([AU]);
    expect(e2e.fake.channelMessages(CHANNEL).some((m) => m.message.attachments.some((a) => a.filename === 'map.png'))).toBe(true); // every resolution closes with the map
  });

  it('turn 1, Austrian move: the routed Landwehr halts; the Hussars charge 2/46e Ligne, which forms square, and rout', async () => {
    expect(state().units['au-lw']!.stage).toBe('halted');
    const text = expectPublic(await cmd(AU, 'charge', undefined, [str('unit', 'au-hus'), str('target', 'fr-2-46')]));
    expect(text).toMatch(/🎲 2\/46e Ligne: morale: receiving a charge \(L109\) \[\d, \d\].* holds/);
    expect(text).toContain('⚠️ 2/46e Ligne (French): square (forms square against Husaren-Regiment Nr. 7)');
    expect(text).toContain('fires at the charging Husaren-Regiment Nr. 7');
    expect(text).toContain('⚠️ Husaren-Regiment Nr. 7 (Austrians): routed');
    expect(state().units['fr-2-46']).toMatchObject({ formation: 'square', stage: 'effective' });
    expect(state().units['au-hus']!.stage).toBe('routed');
    await readyAll();
    expect(windowLabel()).toMatch(/^Turn 2 \(\d\d:\d\d\) — first move period: (French|Austrians)$/);
  });

  it('turn 2: each side moves once more; the Landwehr is reforming, the Hussars halted', async () => {
    for (let period = 0; period < 2; period++) {
      if (owingUsers()[0] === AU) {
        const lw = state().units['au-lw']!.stage;
        expect(lw).toBe('reforming');
        expect(state().units['au-hus']!.stage).toBe('halted');
        // A reforming unit may not move until it is combat effective (L169).
        expectRefused(await cmd(AU, 'move', undefined, [str('unit', 'au-lw'), str('to', 'forward 1in')]), 'move/not-now');
      } else {
        const moved = expectPublic(await cmd(FR, 'formation', undefined, [str('unit', 'fr-2-46'), str('formation', 'column')]));
        expect(moved).toContain('2/46e Ligne');
        expect(state().units['fr-2-46']!.formation).toBe('column');
      }
      await readyAll();
    }
    expect(windowLabel()).toMatch(/^Turn 3 /);
    // Four move periods, four windows: one per move period, owed by its mover alone.
    const resolved = e2e.services.games.repo.windowsOf(live().game.id).filter((w) => w.status === 'resolved');
    expect(resolved.map((w) => w.turn)).toEqual([1, 1, 2, 2]);
    const text = channelText();
    expect(text).not.toMatch(/\b\d+ SP\b/);
    for (const secret of ['holds its fire', '"returnFire"', 'standing']) expect(text).not.toContain(secret);
  });

  it('/map shows the stands in their formations, and /roster says B&P keeps none', async () => {
    const m = await cmd(FR, 'map', undefined, []);
    expect(m.callback).toBeDefined();
    const r = await cmd(FR, 'roster', undefined, []);
    expect(isPrivate(r)).toBe(true);
    expect(replyText(r)).toContain('keeps no rosters');
  });
});
