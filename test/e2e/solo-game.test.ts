/**
 * A Kuryakin solo game played end to end through the REAL discord.js client against the fake
 * Discord: ONE player holds both sides' seats (Ruleset.seating 'any') on the teaching scenario
 * (The Mill at Aschbach) for two full turns — the Control Phase, the cards, a charge with the
 * charged unit acting out of turn against its charger (L8, K-10), a chance card (L3), morale
 * tests — and bad input is answered privately with the rule and a hint.
 *
 * The player is scripted, not random: in each window (a run of cards held by one side,
 * src/rules/solo/turn.ts) a charged unit fires at its charger; the first unit with an enemy in
 * charge reach charges it; the others fire or move 100 mm; each side plays its chance card once.
 * The dice are the fixed seed sequence after SEED_OFFSET, so the game is the same on every run.
 * The GM sets the table up before the start: four pairs of enemies 80-120 mm apart.
 */
import { describe, expect, it } from 'vitest';
import type { SoloGame } from '../../src/rules/solo/game';
import { chanceFits, chanceTargetKind } from '../../src/rules/solo/phases/chance';
import { attachedSeat, distanceMm, onTable, unitById } from '../../src/rules/solo/state';
import { againstOf, windowUnits } from '../../src/rules/solo/turn';
import { useE2eBot } from '../helpers/e2e-bot';
import { e2eChannel } from '../helpers/e2e-channel';
import { testClock } from '../helpers/services';

const GUILD = '1600000000000000001';
const CHANNEL = '1600000000000000002';
const GM = { id: '1600000000000000010', username: 'kuryakin' };
const SOLO = { id: '1600000000000000011', username: 'solitaire' };
const SEED_OFFSET = 3;

/** The GM's set-up: pairs of enemies close enough to charge (mm, 1 mm = 1 yard). */
function placePieces(g: SoloGame): SoloGame {
  const put = (id: string, x: number, y: number, facing: number) => ({ at: { x, y }, facing, id });
  const moves = [put('au-4-1', 560, 700, 180), put('fr-46-1', 560, 610, 0), put('au-4-2', 720, 700, 180), put('fr-46-2', 720, 620, 0),
    put('au-49-1', 1080, 700, 180), put('fr-57-1', 1080, 590, 0), put('au-hus', 1380, 700, 180), put('fr-chass', 1380, 580, 0)];
  return { ...g, units: g.units.map((u) => { const m = moves.find((x) => x.id === u.id); return m ? { ...u, at: m.at, facing: m.facing } : u; }) };
}

describe('one player commands both sides of a Kuryakin game on Discord', () => {
  const clock = testClock(Date.UTC(2026, 10, 22, 18, 0));

  const e2e = useE2eBot({ guild: { id: GUILD, name: 'Courier', channels: [{ id: CHANNEL, name: 'aschbach' }] }, clock, seedOffset: SEED_OFFSET });

  const { cmd, str, channelText, flush, replyText, isPrivate } = e2eChannel(() => e2e, GUILD, CHANNEL);
  type Reply = Awaited<ReturnType<typeof cmd>>;
  const expectRefused = (h: Reply, code: string) => { expect(isPrivate(h)).toBe(true); expect(replyText(h)).toContain(code); return replyText(h); };
  const live = () => e2e.services.games.live(CHANNEL);
  const state = () => live().state as SoloGame;
  const seen = { outOfTurn: 0, charges: 0, chance: 0, windows: 0 };

  it('one player takes both seats (a solo game); the GM sets the table; the first cards open', async () => {
    expect(replyText(await cmd(GM, 'game', 'create', [str('ruleset', 'solo'), str('scenario', 'teaching')]))).toContain('The Mill at Aschbach');
    expect(replyText(await cmd(SOLO, 'game', 'join', [str('seat', 'french')]))).toContain('takes');
    expect(replyText(await cmd(SOLO, 'game', 'join', [str('seat', 'austrians')]))).toContain('takes');
    const l = live();
    e2e.services.games.repo.updateGame(l.game.id, { state: JSON.stringify(placePieces(l.state as SoloGame)), version: l.game.version + 1 });
    expect(replyText(await cmd(GM, 'game', 'start', []))).toContain('The game begins');
    await flush();
    // Turn 1's Control Phase is rolled at set-up and narrated in the channel when the game is created.
    const setup = channelText().slice(channelText().indexOf('set-up'));
    expect(channelText()).toContain('The Mill at Aschbach — set-up**');
    expect(setup).toContain('Turn 1: Control Phase');
    // Every brigade rolled, one card per unit on the table (L6-7).
    expect(Object.keys(state().inControl).sort()).toEqual(['au-mayer', 'au-weiss', 'fr-dufour', 'fr-lemaire']);
    expect(new Set(state().queue.map((c) => c.card)).size).toBe(state().queue.length);
    expect(live().window!.label).toMatch(/^Turn 1 \(10:00\) — (French|Austrians), cards? /);
    expect(live().ruleset.owing(live().state)).toHaveLength(1); // only the seat whose card is up
  });

  it('bad input is answered privately with the rule and a hint', async () => {
    const g = state();
    const now = windowUnits(g);
    const idle = g.units.find((u) => !u.gone && !now.includes(u.id))!;
    const notNow = expectRefused(await cmd(SOLO, 'move', undefined, [str('unit', idle.id), str('to', '100')]), 'action/');
    expect(notNow).toMatch(/KUR L8/);
    const far = expectRefused(await cmd(SOLO, 'move', undefined, [str('unit', now[0]!), str('to', 'to the mill')]), 'move/distance');
    expect(far).toMatch(/millimetres/);
    expect(far).toMatch(/to:120/);
    expectRefused(await cmd(SOLO, 'formation', undefined, [str('unit', now[0]!), str('formation', 'wedge')]), 'formation/');
    expectRefused(await cmd(SOLO, 'maneuver', undefined, [str('unit', now[0]!)]), 'game/verb-unsupported');
    expect(state().units).toEqual(g.units); // nothing rolled, nothing changed
  });

  it('/attach puts a general in the front rank of a unit of his brigade, in public (KS-41); a wrong one is refused privately with a hint', async () => {
    const g = state();
    const side = g.seats.find((x) => x.id === live().ruleset.owing(g)[0])!.side;
    const enemyGeneral = g.generals.find((x) => x.side !== side)!;
    const mine = onTable(g).filter((u) => u.side === side);
    expect(expectRefused(await cmd(SOLO, 'attach', undefined, [str('general', enemyGeneral.id), str('unit', mine[0]!.id)]), 'general/not-yours')).toMatch(/Your generals/);
    const brigade = g.brigades.find((b) => b.side === side && mine.some((u) => u.brigade === b.id && Math.hypot(attachedSeat(u).x - g.generals.find((x) => x.id === b.brigadier)!.at.x, attachedSeat(u).y - g.generals.find((x) => x.id === b.brigadier)!.at.y) <= 300))!;
    const gen = g.generals.find((x) => x.id === brigade.brigadier)!;
    const unit = mine.filter((u) => u.brigade === brigade.id).sort((a, b) => Math.hypot(a.at.x - gen.at.x, a.at.y - gen.at.y) - Math.hypot(b.at.x - gen.at.x, b.at.y - gen.at.y))[0]!;
    const r = await cmd(SOLO, 'attach', undefined, [str('general', gen.id), str('unit', unit.id)]);
    expect(isPrivate(r)).toBe(false);
    expect(state().generals.find((x) => x.id === gen.id)).toMatchObject({ attachedTo: unit.id, at: attachedSeat(unit) });
    expect(replyText(await cmd(SOLO, 'roster', undefined, [str('side', side)]))).toContain(`attached to ${unit.name} (in its front rank)`);
  });

  /** The scripted player for the open window. */
  async function playWindow(): Promise<void> {
    seen.windows++;
    for (let guard = 0; guard < 12; guard++) {
      const g = state();
      const side = g.seats.find((x) => x.id === live().ruleset.owing(g)[0])?.side;
      if (!side) return;
      // Each side plays its chance card once, at the first window where it fits a unit.
      const held = g.chance[side];
      if (held && !held.played) {
        const kind = chanceTargetKind(held.card);
        const target = onTable(g).find((u) => kind !== 'none' && (kind === 'enemy' ? u.side !== side : u.side === side) && chanceFits(held.card, u) === null);
        if (kind === 'none' || target) {
          const r = await cmd(SOLO, 'chance', undefined, target ? [str('unit', target.id)] : []);
          expect(replyText(r)).toContain('plays the chance card');
          seen.chance++;
          continue;
        }
      }
      const todo = windowUnits(g).filter((id) => unitById(g, id).movedFraction === 0);
      const id = todo[0];
      if (!id) return;
      const u = unitById(g, id);
      const against = againstOf(g, id);
      const enemies = onTable(g).filter((e) => e.side !== u.side).sort((a, b) => distanceMm(u.at, a.at) - distanceMm(u.at, b.at));
      let r: Reply;
      if (against) {
        r = await cmd(SOLO, 'fire', undefined, [str('unit', id), str('target', against)]);
        if (!isPrivate(r)) seen.outOfTurn++;
      } else if (enemies[0] && distanceMm(u.at, enemies[0].at) < 200 && u.type !== 'foot-art' && u.type !== 'horse-art') {
        r = await cmd(SOLO, 'charge', undefined, [str('unit', id), str('target', enemies[0].id)]);
        if (!isPrivate(r)) seen.charges++;
      } else if (enemies[0] && distanceMm(u.at, enemies[0].at) < 300) {
        r = await cmd(SOLO, 'fire', undefined, [str('unit', id), str('target', enemies[0].id)]);
      } else {
        r = await cmd(SOLO, 'move', undefined, [str('unit', id), str('to', '100')]);
      }
      // A refusal (e.g. out of range) leaves the unit to stand: mark it by moving on to the next.
      if (isPrivate(r)) { await cmd(SOLO, 'move', undefined, [str('unit', id), str('to', '50')]); }
    }
  }

  it('two full turns: cards in order, a charge answered out of turn, a chance card, morale tests', async () => {
    for (let guard = 0; guard < 80 && state().turn <= 2 && !state().ended; guard++) {
      await playWindow();
      const w = live().window!;
      expect(replyText(await cmd(SOLO, 'ready', undefined, []))).toContain('resolved');
      await flush();
      expect(e2e.services.games.repo.window(w.id)).toMatchObject({ status: 'resolved' });
    }
    expect(state().turn === 3 || state().ended !== null).toBe(true);
    const text = channelText();
    if (process.env.SOLO_E2E_DUMP) (await import('node:fs')).writeFileSync(process.env.SOLO_E2E_DUMP, text);
    expect(text).toMatch(/Turn 2: Control Phase/); // turn 2's control rolls (L6)…
    expect(text).toContain('Cards revealed'); // …and cards (L7), narrated
    expect(seen.charges).toBeGreaterThan(0);
    expect(text).toMatch(/jumps the queue to \d+(\.5)?, to act only against/); // L8, K-10
    expect(seen.outOfTurn).toBeGreaterThan(0); // the charged unit fired at its charger in its slot
    expect(seen.chance).toBeGreaterThan(0);
    expect(text).toMatch(/morale test/); // L21-23
    expect(text).toMatch(/not the author's|placeholder/); // placeholders labelled where players read them
    // Nobody was marked vacant: only the seat whose card was up ever owed a window.
    expect(e2e.services.games.repo.seats(live().game.id).every((s) => s.userId === SOLO.id && s.misses === 0)).toBe(true);
  }, 240_000); // some 40 windows of commands through the real client: minutes on a loaded machine

  it('/roster shows figures, disorder, special figures and generals\' ratings; /map draws the cards', async () => {
    const r = await cmd(SOLO, 'roster', undefined, [str('side', 'french')]);
    expect(isPrivate(r)).toBe(true);
    expect(replyText(r)).toMatch(/figures, \d+ 'D'/);
    expect(replyText(r)).toMatch(/officer [✓✗]/);
    expect(replyText(r)).toMatch(/TH \w+, AV \w+, CR grade \d/);
    // Holding both seats, a plain /roster shows both sides as the player's own.
    // Both armies outgrow one message: the reply's head, and the whole roster attached (never cut short).
    const h = await cmd(SOLO, 'roster', undefined, []);
    const files = [...(h.callback?.attachments ?? []), ...[...h.edits, ...h.followUps].flatMap((e) => e.attachments)];
    expect(isPrivate(h)).toBe(true);
    const both = [replyText(h), ...files.map((f) => f.data.toString())].join('\n');
    expect(both).toMatch(/^\*\*French\*\* — turn \d+, 1 mm = 1 yard/m);
    expect(both).toMatch(/^\*\*Austrians\*\* — turn \d+, 1 mm = 1 yard/m);
    const m = await cmd(SOLO, 'map', undefined, []);
    expect(m.callback).toBeDefined();
  });
});
