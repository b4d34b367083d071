import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/rules/events';
import { anrt } from '../../../src/rules/anrt/index';
import { fireChoices } from '../../../src/rules/anrt/phases/responses';
import { anrtSettings, anrtTeaching, playAnrt, replayAnrt, stateHash, type AnrtPlayed } from '../../helpers/anrt-game';

/**
 * Whole ANRT games on the teaching scenario with the project's stand-in tables, played to the end
 * by the random legal player through the Ruleset contract and replayed identically; then games
 * with an empty QRS where the GM rules every result the tables leave open (DIGEST A-1).
 */
const SEED = 'anrt'.split('').map((c) => c.charCodeAt(0).toString(16)).join('').padEnd(64, '5');
const kinds = (p: AnrtPlayed, pred: (e: GameEvent) => boolean) => p.events.flat().filter(pred).length;

describe('whole ANRT games on the teaching scenario (stand-in tables)', () => {
  const settings = anrtSettings();
  const games: AnrtPlayed[] = [];
  beforeAll(() => { for (const seed of [1, 2, 3]) games.push(playAnrt(anrtTeaching(settings), settings, seed, SEED)); }, 120_000);

  it('each game reaches its end with an outcome', () => {
    for (const g of games) {
      expect(anrt.outcome(g.final), JSON.stringify(anrt.phase(g.final))).not.toBeNull();
      expect(g.final.turn).toBeLessThanOrEqual(8);
    }
  });

  it('replays identically from the recorded windows and the dice seed', () => {
    for (const g of games) expect(stateHash(replayAnrt(anrtTeaching(settings), settings, g.windows, SEED))).toBe(stateHash(g.final));
  });

  it('the games see charges, fire, melee, morale and losses, and never ask the GM with the whole QRS entered', () => {
    for (const g of games) {
      expect(g.windows.some((w) => w.answer)).toBe(false);
      expect(kinds(g, (e) => e.kind === 'roll' && e.rule === 'ANRT §I L21')).toBeGreaterThan(0);
      expect(kinds(g, (e) => e.kind === 'loss')).toBeGreaterThan(0);
    }
    const all = games.flatMap((g) => g.events.flat());
    expect(all.some((e) => e.kind === 'engagement' && e.id.startsWith('melee:'))).toBe(true);
    expect(all.some((e) => e.kind === 'engagement' && e.id.startsWith('fire:'))).toBe(true);
    expect(all.some((e) => e.kind === 'roll' && e.purpose.startsWith('morale'))).toBe(true);
  });

  it('the command layer is played with no window of its own: allocations, ADC arrivals, generals moving and joining, regrouping (§I L17-25, §VI, §VII L451-457)', () => {
    const all = games.flatMap((g) => g.events.flat());
    const notes = all.flatMap((e) => (e.kind === 'note' ? [e.text] : []));
    expect(notes.some((t) => /allocates his dice/.test(t))).toBe(true);
    expect(notes.some((t) => /ADC .* reaches .*: \+1 pip/.test(t))).toBe(true);
    expect(notes.some((t) => / joins /.test(t))).toBe(true);
    expect(all.some((e) => e.kind === 'move' && e.rule === 'ANRT §VII L451-457')).toBe(true);
    expect(games.flatMap((g) => g.windows).every((w) => ['anrt/initiative', 'anrt/orders', 'anrt/responses', 'anrt/gm'].includes(w.phase))).toBe(true);
    for (const g of games) console.log(`ANRT random game: ${g.windows.length} windows in ${g.final.turn} turns (${(g.windows.length / g.final.turn).toFixed(1)} a turn); regroup notes ${g.events.flat().filter((e) => e.kind === 'note' && /regroups/.test(e.text)).length}`);
  });

  it('the organisation layer is met: regimental guns fire with their battalions (§XVII), nations in morale (§XV), the corps reserve paid by a division (L231)', () => {
    const all = games.flatMap((g) => g.events.flat());
    const rg = all.filter((e) => e.kind === 'engagement' && /^fire:\d+:fr-rg-/.test(e.id)).length;
    const rgNotes = all.filter((e) => e.kind === 'note' && /the parent's die/.test(e.text)).length;
    const attach = all.filter((e) => e.kind === 'note' && e.rule === 'ANRT §V L234').length;
    const lostOrOff = all.filter((e) => (e.kind === 'removed' || e.kind === 'status') && /L109|L1095/.test(e.rule)).length;
    const reserve = all.filter((e) => e.kind === 'move' && e.unit === 'fr-res-12').length;
    console.log(`ANRT organisation in 3 random games: regimental fire ${rg} (${rgNotes} with the parent's die), regimental guns off in square or lost ${lostOrOff}, attachments made or lapsed ${attach}, reserve battery moves ${reserve}`);
    expect(rg).toBeGreaterThan(0);
    expect(reserve).toBeGreaterThan(0);
  });

  it('the random player makes multiple moves that wheel or go obliquely, a formation change with a move, and /pips pay (L311, ANRT-W16, W17, C16)', () => {
    const posted = games.flatMap((g) => g.windows.flatMap((w) => w.orders.map(([, os]) => os)));
    const orders = posted.flat();
    expect(orders.some((o) => o.kind === 'move' && (o.moves ?? 1) > 1 && /wheel|left|right/.test(o.to))).toBe(true);
    expect(posted.some((os) => os.some((o) => o.kind === 'formation' && os.some((m) => m.kind === 'move' && m.unit === o.unit)))).toBe(true);
    expect(orders.some((o) => o.kind === 'pay' && o.division !== 'nearest')).toBe(true);
  });

  it('the random player posts /react opportunity with if-evaded now and then (ANRT-E8), and opportunity charges are made (L424-430, ANRT-O1…O3)', () => {
    const reacts = games.flatMap((g) => g.windows.flatMap((w) => w.orders.flatMap(([, os]) => os))).filter((o) => o.kind === 'react' && o.choice === 'opportunity');
    const made = games.flatMap((g) => g.events.flat()).filter((e) => e.kind === 'note' && / opportunity-charges /.test(e.text));
    const inf = made.filter((e) => e.kind === 'note' && games[0]!.final.units[e.text.split(' ')[0]!]?.arm === 'infantry');
    console.log(`ANRT opportunity in 3 random games: /react opportunity ${reacts.length} (${reacts.filter((o) => o.kind === 'react' && o.ifEvaded).length} with if-evaded), charges made ${made.length} (${inf.length} by infantry)`);
    expect(reacts.some((o) => o.kind === 'react' && o.ifEvaded)).toBe(true);
    expect(made.length).toBeGreaterThan(0);
  });

  it('invariants hold after every window: hits within 0..max, the gone at 0 or routed off, pips never negative, the responses window only when owed', () => {
    for (const g of games) {
      g.states.forEach((s, i) => {
        for (const u of Object.values(s.units)) {
          expect(u.hits).toBeGreaterThanOrEqual(0);
          expect(u.hits).toBeLessThanOrEqual(u.maxHits);
          if (!u.gone && !u.parent) expect(u.hits).toBeGreaterThan(0); // regimental guns have no hits of their own (L1079)
        }
        for (const p of Object.values(s.pips)) expect(p).toBeGreaterThanOrEqual(0);
        // The window opens for charges, opportunity charges after moves, or the non-mover's fire choice (ANRT-F1) — never for nothing.
        if (s.step === 'responses') expect(s.charges.length > 0 || s.moves.length > 0 || fireChoices(s).length > 0, `state ${i}`).toBe(true);
      });
    }
  });

  it('windows per turn: one initiative choice at most, an orders window per side, a responses window only when owed', () => {
    for (const g of games) {
      const perTurn = new Map<number, string[]>();
      g.windows.forEach((w, i) => { const t = g.states[i]!.turn; perTurn.set(t, [...(perTurn.get(t) ?? []), w.phase]); });
      for (const [, ws] of perTurn) {
        expect(ws.filter((p) => p === 'anrt/initiative').length).toBeLessThanOrEqual(1);
        expect(ws.filter((p) => p === 'anrt/orders').length).toBeLessThanOrEqual(2);
        expect(ws.filter((p) => p === 'anrt/responses').length).toBeLessThanOrEqual(2);
      }
    }
  });
});

describe('ANRT with an empty QRS: the GM rules each result (tables.mode gm)', () => {
  const settings = anrtSettings({});
  let g: AnrtPlayed;
  beforeAll(() => { g = playAnrt(anrtTeaching(settings), settings, 7, SEED, 600); }, 120_000);

  it('asks the GM in windows he owes, resumes with each answer, and replays identically', () => {
    expect(g.windows.filter((w) => w.answer).length).toBeGreaterThan(5);
    expect(stateHash(replayAnrt(anrtTeaching(settings), settings, g.windows, SEED))).toBe(stateHash(g.final));
  });

  it('a die thrown before the GM was asked is not thrown again: the rerun shows it as thrown before the ruling', () => {
    expect(g.events.flat().some((e) => e.kind === 'roll' && e.tableRow === 'thrown before the GM ruled')).toBe(true);
  });
});
