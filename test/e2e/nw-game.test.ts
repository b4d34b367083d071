/**
 * A Napoleon's Wars game played end to end through the REAL discord.js client against the fake
 * Discord: two players (French, Austrians), the teaching scenario (The Mill at Aubach), two full
 * game turns, so each side is phasing once per turn (src/rules/nw/turn.ts).
 *
 * The dice are reproducible: every seed epoch gets the next seed of a fixed sequence (the DRAM
 * e2e's testSeeds, started further on, at SEED_OFFSET), and the commands below always run in the
 * same order, so each roll is the same on every run. The offset was chosen so that the rolls
 * give what this test is about: a full Maneuver result for 3rd Brigade (10": French infantry, NW chart L250), a "Defender broken"
 * against the disordered Brigade Mayer (so it routs), and its rally in the rally phase. Change
 * the order of anything that rolls and the offset has to be chosen again.
 *
 * The GM sets the table up before the start (as a scenario designer would; see placePieces):
 * Brigade Mayer has come over the stream and stands disordered in contact with 1st Brigade, and
 * the Chasseurs stand where Brigade Koller's first step brings it into their reaction zone. The
 * two turns are then played only through Discord. In turn 3 the GM sets up one more fight, in
 * which a brigade driven back has two equally direct ways round a battery (RC-1): the retreat
 * window opens for its player alone.
 */
import { describe, expect, it } from 'vitest';
import type { NwState } from '../../src/rules/nw/state';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel } from '../helpers/e2e-channel';
import { testClock } from '../helpers/services';

const GUILD = '1400000000000000001';
const CHANNEL = '1400000000000000002';
const GM = { id: '1400000000000000010', username: 'bush' };
const FR = { id: '1400000000000000011', username: 'lannes' };
const AU = { id: '1400000000000000012', username: 'hiller' };
const USER_OF: Record<string, typeof GM> = { french: FR, austrians: AU };
/** Seeds SEED_OFFSET+1, SEED_OFFSET+2, … (see the header). */
const SEED_OFFSET = 36;
const AUSTRIAN_UNITS = ['au-1b', 'au-2b', 'au-3b', 'au-hussars'];

/** The GM's set-up (before /game start): positions in table inches, facings in degrees (0 = north). */
function placePieces(state: NwState): NwState {
  const s = structuredClone(state) as { -readonly [K in keyof NwState]: NwState[K] } & Record<string, unknown>;
  const pieces = { ...s.units, ...s.batteries, ...s.generals } as Record<string, { pose: { at: { x: number; y: number }; facing: number } }>;
  const put = (id: string, x: number, y: number) => { pieces[id]!.pose = { at: { x, y }, facing: pieces[id]!.pose.facing }; };
  put('au-1b', 23.5, 14.5); // Brigade Mayer, south of the stream, facing south…
  (s.units as Record<string, { status: string }>)['au-1b']!.status = 'disordered'; // …disordered by the crossing
  put('fr-1b', 22.25, 11.5); // 1st Brigade (with Dufour) touching its front
  put('dufour', 22.25, 11.5);
  put('fr-2b', 26.75, 10);
  put('fr-3b', 16, 6);
  put('fr-battery', 31, 10);
  put('fr-chasseurs', 12, 11); // Brigade Koller (14,22) stands 8" off their front: one step forward and it has moved within their zone
  return s as NwState;
}

describe("two players play Napoleon's Wars (The Mill at Aubach) on Discord", () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Wagram', channels: [{ id: CHANNEL, name: 'aubach' }] }, clock, seedOffset: SEED_OFFSET });

  const { cmd, str, posts, channelText, flush, replyText, isPrivate } = e2eChannel(() => e2e, GUILD, CHANNEL);
  type Reply = Awaited<ReturnType<typeof cmd>>;
  const live = () => e2e.services.games.live(CHANNEL);
  const state = () => live().state as NwState;
  /** Every public reply to a command (rolls and moves are answered in the channel). */
  const publicReplies: string[] = [];
  const expectPublic = (h: Reply) => { expect(h.callback).toMatchObject({ ephemeral: false }); publicReplies.push(replyText(h)); return replyText(h); };
  const expectRefused = (h: Reply, code: string) => { expect(isPrivate(h)).toBe(true); expect(replyText(h)).toContain(code); return replyText(h); };
  /** Channel posts since a mark. */
  const mark = () => { const at = e2e.fake.channelMessages(CHANNEL).length; return () => posts().slice(at).join('\n'); };
  /** The players who owe something in the open window (the window is owed per side). */
  const owingUsers = () => { const l = live(); return [...new Set(l.ruleset.owing(l.state).map((seat: string) => USER_OF[seat]!))]; };
  /** Everyone who owes posts /ready; the window resolves. */
  const readyAll = async () => {
    const w = live().window!;
    const users = owingUsers();
    expect(users.length).toBeGreaterThan(0);
    let last = '';
    for (const u of users) last = replyText(await cmd(u, 'ready', undefined, []));
    expect(last).toContain('resolved');
    await flush();
    expect(e2e.services.games.repo.window(w.id)).toMatchObject({ status: 'resolved', trigger: 'all-ready' });
  };
  const windowLabel = () => live().window!.label;

  it('creates the game, seats both players, lets the GM set the table and opens turn 1', async () => {
    const created = await cmd(GM, 'game', 'create', [str('ruleset', 'nw'), str('scenario', 'teaching')]);
    expect(replyText(created)).toContain('The Mill at Aubach');
    expect(replyText(await cmd(FR, 'game', 'join', [str('seat', 'french')]))).toContain('takes');
    expect(replyText(await cmd(AU, 'game', 'join', [str('seat', 'austrians')]))).toContain('takes');
    // The GM's set-up, through the game service, before the start.
    const l = live();
    e2e.services.games.repo.updateGame(l.game.id, { state: JSON.stringify(placePieces(l.state as NwState)), version: l.game.version + 1 });
    const started = await cmd(GM, 'game', 'start', []);
    expect(replyText(started)).toContain('The game begins');
    await flush();
    // Turn 1's initiative was rolled at set-up: Napoleon won it (his +4 against the Archduke's +2).
    expect(state().initiative).toEqual({ winner: 'french', first: 'french' });
    expect(channelText()).toContain('📯 **The Mill at Aubach — Turn 1 (13:00), French player-turn — 2. Skirmish and 3. Artillery fire (initiative won by French)** is open.');
    expect(channelText()).toContain(`<@${FR.id}>`);
  });

  it('turn 1, French player-turn: secret fire orders, then /maneuver and /move in public; the combat routs Brigade Mayer', async () => {
    // Fire window: who moves first (initiative winner only) and a battery target, both sealed.
    const since = mark();
    const first = await cmd(FR, 'choose', 'first', [str('side', 'french')]);
    expect(isPrivate(first)).toBe(true);
    expect(replyText(first)).toContain('French will move first this turn.');
    expectRefused(await cmd(AU, 'choose', 'first', [str('side', 'austrians')]), 'order/not-yours');
    const fire = await cmd(FR, 'fire', undefined, [str('unit', 'fr-battery'), str('target', 'au-1b')]);
    expect(isPrivate(fire)).toBe(true);
    expect(replyText(fire)).toContain('I Corps foot battery will fire at Brigade Mayer.');
    expectRefused(await cmd(AU, 'fire', undefined, [str('unit', 'fr-battery'), str('target', 'fr-2b')]), 'order/not-yours');
    expectRefused(await cmd(FR, 'maneuver', undefined, [str('unit', 'fr-3b')]), 'action/none'); // not the maneuver window yet
    await flush();
    expect(since()).toContain('has posted orders — sealed receipt');
    for (const secret of ['fr-battery', 'au-1b', 'Mayer', 'will fire', '"first"']) expect(since()).not.toContain(secret);

    await readyAll();
    expect(since()).toMatch(/⚔️ \*\*The Mill at Aubach — Turn 1 \(13:00\), French player-turn — 2\. Skirmish and 3\. Artillery fire \(initiative won by French\)\*\* resolved \(everyone is ready\)/);
    expect(since()).toMatch(/🎲 fr-battery at au-1b: artillery fire \[\d, \d\]/);
    expect(since()).toContain('"battery":"fr-battery","kind":"fire","target":"au-1b"'); // the sealed orders, opened
    expect(windowLabel()).toBe('Turn 1 (13:00), French player-turn — 4. Maneuver');
    expect(owingUsers()).toEqual([FR]);

    // Maneuver window: the roll is public and binding, the move is made at once.
    expectRefused(await cmd(AU, 'maneuver', undefined, [str('unit', 'au-2b')]), 'action/not-phasing');
    // A destination that names no place is refused before the binding roll is made (issue 11): fr-3b still rolls below.
    expect(expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-3b'), str('to', 'Z99')]), 'location/off-table')).toContain('There is no cell Z99 on this table.');
    expect(state().log.rolls['fr-3b']).toBeUndefined();
    // A preview never rolls: before the binding roll it says to roll first (issue 11).
    const unrolled = expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-3b'), str('to', 'forward 1in'), { name: 'preview', type: 5, value: true }]), 'maneuver/no-roll');
    expect(unrolled).toContain('the preview itself rolls nothing');
    expect(state().log.rolls['fr-3b']).toBeUndefined();
    const roll = expectPublic(await cmd(FR, 'maneuver', undefined, [str('unit', 'fr-3b')]));
    expect(roll).toMatch(/^lannes: 🎲 3rd Brigade \(1B\/2\/I\): maneuver \[\d, \d\] \+2 \(fresh/);
    expect(roll).toContain('Full move');
    expect(roll).toContain('➡️ 10" to spend: `/move unit:fr-3b to:…`');
    expect(state().log.rolls['fr-3b']).toMatchObject({ fraction: 'full', inches: 10 });
    expectRefused(await cmd(FR, 'maneuver', undefined, [str('unit', 'fr-3b')]), 'maneuver/'); // binding: no second roll
    const far = expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-3b'), str('to', 'forward 12in')]), 'maneuver/too-far');
    expect(far).toContain('granted 10"');
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'au-2b'), str('to', 'forward 1in')]), 'action/not-yours');
    // A preview map first (issue 11): private, drawn, and nothing moved, rolled or posted.
    const before = e2e.fake.channelMessages(CHANNEL).length;
    const preview = await cmd(FR, 'move', undefined, [str('unit', '3rd Brigade'), str('to', 'forward 1in'), { name: 'preview', type: 5, value: true }]);
    expect(isPrivate(preview)).toBe(true);
    expect(replyText(preview)).toContain('🔍 **Preview only** — nothing was moved or rolled.');
    expect(replyText(preview)).toContain('3rd Brigade: Path 1" of 10"');
    const shown = [...preview.edits, ...preview.followUps].flatMap((e) => e.attachments);
    expect(shown.map((a) => a.filename)).toEqual(['move-preview.png']);
    expect(shown[0]!.data.subarray(1, 4).toString()).toBe('PNG');
    expect(state().units['fr-3b']!.pose.at).toEqual({ x: 16, y: 6 });
    expect(state().log.moved).not.toContain('fr-3b');
    expect(e2e.fake.channelMessages(CHANNEL)).toHaveLength(before);
    // The enemy's pieces are not laid out for a preview.
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'au-2b'), str('to', 'forward 1in'), { name: 'preview', type: 5, value: true }]), 'preview/not-yours');
    const moved = expectPublic(await cmd(FR, 'move', undefined, [str('unit', 'fr-3b'), str('to', 'forward 1in')]));
    expect(moved).toMatch(/➡️ 3rd Brigade \(1B\/2\/I\) \(French\): C6 → C5, 1″ of 10″/);
    expect(state().units['fr-3b']!.pose.at).toEqual({ x: 16, y: 7 });
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-3b'), str('to', 'forward 1in')]), 'move/already-moved');

    // No cavalry can react, so /ready resolves the maneuver, the reaction and the combat at once.
    await readyAll();
    const t = since();
    expect(t).toContain('**Turn 1 — 6. Combat (player-turn 1, French)**');
    expect(t).toMatch(/🎲 1st Brigade: combat \(attacker\) \[\d, \d\].* Defender broken/);
    expect(t).toContain('🩸 Brigade Mayer (1B/1/II) (Austrians) loses 2 SP (defender-broken (chart L769))');
    expect(t).toContain('⚠️ Brigade Mayer (1B/1/II) (Austrians): routed (defender-broken (chart L769))');
    expect(state().units['au-1b']).toMatchObject({ status: 'routed', sp: 6 });
    expect(windowLabel()).toBe('Turn 1 (13:00), Austrians player-turn — 2. Skirmish and 3. Artillery fire');
  });

  it('/roster shows a player his own s.p., privately, and never the enemy\'s', async () => {
    const mine = await cmd(FR, 'roster', undefined, []);
    expect(isPrivate(mine)).toBe(true);
    expect(replyText(mine)).toContain('1st Brigade `1B/1/I SK1 7/5/3 Vet` — 7/7 s.p., Fresh');
    const theirsOwn = await cmd(AU, 'roster', undefined, []);
    expect(isPrivate(theirsOwn)).toBe(true);
    expect(replyText(theirsOwn)).toMatch(/Brigade Mayer `1B\/1\/II 8\/5\/3 LN` — 6\/8 s\.p\., Fresh, routed/);

    const enemy = await cmd(FR, 'roster', undefined, [str('side', 'austrians')]);
    expect(isPrivate(enemy)).toBe(true);
    const text = replyText(enemy);
    expect(text).toContain('Brigade Mayer `1B/1/II ?/?/? LN` — routed');
    expect(text).not.toMatch(/s\.p\./);
    for (const id of AUSTRIAN_UNITS) {
      const u = state().units[id]!;
      expect(text).toContain(u.name);
      for (const n of new Set([u.sp, u.spStart])) {
        expect(text, `${u.name}: ${n}`).not.toMatch(new RegExp(`(^|[^\\w/])${n}\\s*/`)); // "6/8", "8/5/3"
        expect(text, `${u.name}: ${n}`).not.toMatch(new RegExp(`\\b${n}\\s*(s\\.?p\\.?|SP)\\b`, 'i'));
      }
    }
  });

  it("turn 1, Austrian player-turn: Koller steps into the Chasseurs' zone, they try to charge; Mayer rallies", async () => {
    await readyAll(); // the French battery's target choice; nothing posted, the default applies
    expect(windowLabel()).toBe('Turn 1 (13:00), Austrians player-turn — 4. Maneuver');
    expect(owingUsers()).toEqual([AU]);
    expectRefused(await cmd(FR, 'move', undefined, [str('unit', 'fr-chasseurs'), str('to', 'forward 1in')]), 'action/not-phasing');
    expectRefused(await cmd(AU, 'maneuver', undefined, [str('unit', 'au-1b')]), 'maneuver/'); // routed units do not maneuver (HR N-18)
    const roll = expectPublic(await cmd(AU, 'maneuver', undefined, [str('unit', 'au-2b')]));
    expect(roll).toMatch(/^hiller: 🎲 Brigade Koller \(2B\/1\/II\): maneuver \[\d, \d\]/);
    const grant = state().log.rolls['au-2b']!.inches; // whatever the roll gave, as long as it moves (the seed sees to that)
    expect(grant).toBeGreaterThanOrEqual(1);
    expect(roll).toContain(`➡️ ${grant}" to spend: \`/move unit:au-2b to:…\``);
    const moved = expectPublic(await cmd(AU, 'move', undefined, [str('unit', 'au-2b'), str('to', 'forward 1in')]));
    expect(moved).toContain(`➡️ Brigade Koller (2B/1/II) (Austrians): within C3, 1″ of ${grant}″`);

    const since = mark();
    await readyAll();
    // The Chasseurs are eligible: the reaction window opens for the non-phasing French player.
    expect(windowLabel()).toBe('Turn 1 (13:00), Austrians player-turn — 5. Cavalry reaction');
    expect(owingUsers()).toEqual([FR]);
    expect(since()).toContain(`📯 **The Mill at Aubach — Turn 1 (13:00), Austrians player-turn — 5. Cavalry reaction** is open.`);
    expect(since()).toContain(`Waiting for: <@${FR.id}>`);
    expectRefused(await cmd(AU, 'react', undefined, [str('unit', 'fr-chasseurs'), str('choice', 'charge')]), 'order/not-yours');
    expectRefused(await cmd(FR, 'react', undefined, [str('unit', 'fr-chasseurs'), str('choice', 'countercharge')]), 'reaction/option'); // not contacted
    // /react's if-evaded is A Near Run Thing's (ANRT-E8): given in NW it is refused, not dropped.
    expectRefused(await cmd(FR, 'react', undefined, [str('unit', 'fr-chasseurs'), str('choice', 'charge'), str('if-evaded', 'halt')]), 'command/option-unused');
    const react = await cmd(FR, 'react', undefined, [str('unit', 'fr-chasseurs'), str('choice', 'charge')]);
    expect(isPrivate(react)).toBe(true);
    expect(replyText(react)).toContain('Chasseurs à cheval will roll to react (7+, NW §10.1 L355) and charge Brigade Koller if it succeeds.');
    await readyAll();
    const t = since();
    expect(t).toContain('**Turn 1 — 5. Reaction (player-turn 2, Austrians)**');
    expect(t).toMatch(/🎲 Chasseurs à cheval \(2B\/2\/I\): cavalry reaction \[\d, \d\]/); // rolled; whatever it gave
    // Rally phase, then turn 2's initiative.
    expect(t).toContain('**Turn 1 (13:00) — 7. Rally**');
    expect(t).toMatch(/🎲 Brigade Mayer \(1B\/1\/II\): rally \[\d, \d\].*: rallies/);
    expect(t).toContain('✅ Brigade Mayer (1B/1/II) (Austrians): no longer routed');
    expect(t).toContain('**Turn 2 — 1. Initiative**');
    expect(state().units['au-1b']!.status).toBe('disordered');
    expect(state().turn).toBe(2);
  });

  it('turn 2: both player-turns, the Hussars arrive; turn 3 opens', async () => {
    const since = mark();
    const seen: string[] = [];
    for (let guard = 0; state().turn === 2; guard++) {
      expect(guard).toBeLessThan(10);
      seen.push(windowLabel());
      await readyAll();
    }
    expect(seen.some((l) => l.startsWith('Turn 2 (13:30), French player-turn — 2. Skirmish and 3. Artillery fire (initiative won by '))).toBe(true);
    expect(seen).toContain('Turn 2 (13:30), French player-turn — 4. Maneuver');
    expect(seen).toContain('Turn 2 (13:30), Austrians player-turn — 4. Maneuver');
    expect(since()).toContain('Hussar Brigade (2B/2/II) (Austrians)');
    expect(since()).toContain('(entered as a reinforcement)');
    expect(since()).toContain('**Turn 2 (13:30) — 7. Rally**');
    expect(state().units['au-hussars']!.onTable).toBe(true);
    expect(state().turn).toBe(3);
    const status = await cmd(AU, 'game', 'status', []);
    expect(replyText(status)).toContain('Turn 3 (14:00)');
  });

  it('turn 3: a brigade driven back onto an enemy battery has two equally direct ways; only its player is asked (RC-1)', async () => {
    // The fire window resolves with nobody's orders; then, with the Austrian maneuver window open
    // (the seed makes them phasing), the GM sets up a fight on the open east side north of the
    // stream (as the GM set the table at the start): Brigade Stein against a weakened, disordered
    // 2nd Brigade, with the Austrian battery straight behind it (§11.4 L401: "never … through
    // enemy units"). Falling back south, away from every other Austrian, neither bend comes closer
    // to one, so both 45° bends are legal and equally direct.
    await readyAll();
    expect(state().phasing).toBe('austrians');
    expect(windowLabel()).toContain(' — 4. Maneuver');
    const [att, def, bat] = ['au-3b', 'fr-2b', 'au-battery'];
    const l = live();
    const s = structuredClone(l.state as NwState) as { -readonly [K in keyof NwState]: NwState[K] };
    const units = s.units as Record<string, NwState['units'][string]>;
    const batteries = s.batteries as Record<string, NwState['batteries'][string]>;
    units[att] = { ...units[att]!, pose: { at: { x: 38, y: 15 }, facing: 180 }, status: 'good-order', attachedGeneral: null, attachedBattery: null };
    units[def] = { ...units[def]!, pose: { at: { x: 38, y: 12 }, facing: 0 }, status: 'disordered', sp: 5, attachedGeneral: null, attachedBattery: null };
    batteries[bat] = { ...batteries[bat]!, pose: { at: { x: 38, y: 5 }, facing: 180 }, attachedTo: null };
    e2e.services.games.repo.updateGame(l.game.id, { state: JSON.stringify(s), version: l.game.version + 1 });
    const owner = USER_OF[units[def]!.side]!;
    const since = mark();
    let opened = false;
    for (let guard = 0; !opened && state().turn === 3; guard++) {
      expect(guard).toBeLessThan(4);
      await readyAll();
      opened = state().log.retreatWay?.unit === def;
    }
    expect(opened).toBe(true);
    expect(windowLabel()).toContain(`6. Combat: ${units[def]!.name}'s way back`);
    expect(owingUsers()).toEqual([owner]);
    // The combat result and both ends are posted before anything moves.
    expect(since()).toContain('two ways are equally direct');
    expect(since()).toContain('Its player chooses the way with /choose retreat; unsaid, it goes right (C14).');
    expect(state().units[def]!.pose.at).toEqual({ x: 38, y: 12 });
    const other = owner === FR ? AU : FR;
    expectRefused(await cmd(other, 'choose', 'retreat', [str('unit', def), str('way', 'left')]), 'order/not-yours');
    const chosen = await cmd(owner, 'choose', 'retreat', [str('unit', def), str('way', 'left')]);
    expect(isPrivate(chosen)).toBe(true);
    expect(replyText(chosen)).toContain('will take the left (counter-clockwise) way back');
    const resumed = mark();
    await readyAll();
    // The combat goes on from where it stopped: its rolls are not made or posted again.
    expect(resumed()).not.toContain('combat (attacker)');
    expect(resumed()).toContain('➡️ 2nd Brigade (2B/1/I) (French):');
    // It falls back south (heading 180°): left, counter-clockwise, bends south-east, so it ends east of its start.
    const end = state().units[def]!;
    expect(end.pose.at.x).toBeGreaterThan(39);
    expect(state().log.retreatWay).toBeUndefined();
  });

  it("never shows the channel what Austrian brigades have left, and closes every resolution with a map", async () => {
    const all = [...posts(), ...publicReplies];
    expect(all.join('\n')).toContain('SP ('); // losses are public…
    expect(all.join('\n')).not.toContain('SP left'); // …what is left is not
    for (const id of AUSTRIAN_UNITS) {
      const u = state().units[id]!;
      for (const p of all) for (const line of p.split('\n').filter((x) => x.includes(u.name))) {
        expect(line).not.toMatch(new RegExp(`\\b${u.sp}\\s*SP\\b(?! \\()`));
      }
    }
    const resolutions = e2e.fake.channelMessages(CHANNEL).filter((m) => m.message.content.startsWith('⚔️ **The Mill at Aubach'));
    const maps = e2e.fake.channelMessages(CHANNEL).filter((m) => m.message.attachments.some((a) => a.filename === 'map.png'));
    expect(resolutions.length).toBeGreaterThanOrEqual(9);
    expect(maps.length).toBe(resolutions.length);
    // Each resolution's map follows it, before the next window opens.
    const order = e2e.fake.channelMessages(CHANNEL).map((m) => (m.message.content.startsWith('⚔️ **The Mill') ? 'R' : m.message.attachments.some((a) => a.filename === 'map.png') ? 'M' : ''))
      .filter(Boolean).join('');
    expect(order).toBe('RM'.repeat(resolutions.length));
    expect(e2e.services.rolls.verify(GUILD).ok).toBe(true);
  });
});
