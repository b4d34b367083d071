import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { parseDistance } from '../../../src/rules/solo/act';
import type { SoloGame } from '../../../src/rules/solo/game';
import { solo } from '../../../src/rules/solo/index';
import { describeSolo, subtitle } from '../../../src/rules/solo/present/map';
import { soloRoster } from '../../../src/rules/solo/present/roster';
import { parseSoloSettings, SOLO_SETTINGS_DEFAULTS } from '../../../src/rules/solo/settings';
import type { QueueCard } from '../../../src/rules/solo/state';
import { currentRun, windowUnits } from '../../../src/rules/solo/turn';
import { soloData } from '../../helpers/solo-game';

/**
 * The Kuryakin Ruleset record on the teaching scenario: windows follow the cards (one per run of
 * cards held by one side), who owes, refusals with the rule and a hint, chance cards, the end
 * (KS-8, KS-25), what the map, the roster and the view show.
 */

const dice = () => seededDice('5'.repeat(64));
const start = (): SoloGame => solo.setup(soloData(), SOLO_SETTINGS_DEFAULTS, dice()).state;
const card = (holder: string, n: number, kind: QueueCard['kind'] = 'unit', extra: Partial<QueueCard> = {}): QueueCard => ({ holder, kind, card: n, done: false, opened: true, ...extra });
/** A game whose cards are exactly `queue` (every unit not in a card has acted). */
function withQueue(g: SoloGame, queue: QueueCard[]): SoloGame {
  const held = new Set(queue.map((c) => c.holder));
  return { ...g, queue, units: g.units.map((u) => ({ ...u, acted: !held.has(u.id) && !held.has(u.brigade) })) };
}

describe('windows follow the cards (issue 13)', () => {
  it('a run is the lowest card and every following card of the same side; the next side starts a new window', () => {
    const g = withQueue(start(), [card('fr-46-1', 1), card('fr-art', 2), card('au-4-1', 3), card('fr-24l', 4)]);
    expect(currentRun(g).map((c) => c.card)).toEqual([1, 2]);
    expect(windowUnits(g).sort()).toEqual(['fr-46-1', 'fr-art']);
    expect(solo.owing(g)).toEqual(['french']);
    expect(solo.phase(g)).toMatchObject({ id: 'solo/cards', owes: { kind: 'seats', seats: ['french'] }, phasingSide: 'french' });
    expect(solo.phase(g).label).toBe('Turn 1 (10:00) — French, cards 1, 2: 1/46e Ligne; 1re Compagnie, 5e Artillerie à pied');
    const next = solo.resolve(g, new Map(), dice()).state;
    expect(currentRun(next).map((c) => c.card)).toEqual([3]);
    expect(solo.owing(next)).toEqual(['austrians']);
    expect(next.units.find((u) => u.id === 'fr-46-1')!.acted).toBe(true);
  });
  it('a charged unit\'s slot (L8, K-10) cuts the run: the cards after it come back in a later window', () => {
    const g = withQueue(start(), [card('fr-46-1', 1), card('au-4-1', 1.5, 'unit', { against: 'fr-46-1' }), card('fr-art', 2)]);
    expect(currentRun(g).map((c) => c.card)).toEqual([1]);
    const slot = solo.resolve(g, new Map(), dice()).state;
    expect(currentRun(slot).map((c) => c.card)).toEqual([1.5]);
    expect(solo.phase(slot).label).toContain('(charged by 1/46e Ligne: against it only)');
    // In its slot the charged unit acts only against its charger.
    const moved = solo.act(slot, 'austrians', { kind: 'move', unit: 'au-4-1', to: '50' }, dice());
    expect(moved.ok).toBe(false);
    if (!moved.ok) expect(moved.error).toMatchObject({ code: 'action/against-charger', hint: expect.stringContaining('1/46e Ligne') });
    expect(currentRun(solo.resolve(slot, new Map(), dice()).state).map((c) => c.card)).toEqual([2]);
  });
  it('a brigade card activates the brigade\'s units that hold no card of their own', () => {
    const g = withQueue(start(), [card('fr-lemaire', 1, 'brigade'), card('fr-art', 2)]);
    expect(windowUnits(g).sort()).toEqual(['fr-24l', 'fr-46-1', 'fr-46-2', 'fr-46-3', 'fr-art']);
  });
});

describe('acts are refused with the rule and a hint, and change nothing', () => {
  const g = withQueue(start(), [card('fr-46-1', 1), card('au-4-1', 2)]);
  const refused = (seat: string, a: Parameters<typeof solo.act>[2]) => { const r = solo.act(g, seat, a, dice()); expect(r.ok).toBe(false); return r.ok ? null! : r.error; };
  it('the other side\'s units wait for their card', () => {
    expect(refused('austrians', { kind: 'move', unit: 'au-4-1', to: '100' })).toMatchObject({ code: 'action/not-your-card', message: expect.stringContaining('KUR L8'), hint: expect.stringContaining('/chance') });
  });
  it('a unit the cards up do not activate, or an enemy unit', () => {
    expect(refused('french', { kind: 'move', unit: 'fr-46-2', to: '100' })).toMatchObject({ code: 'action/not-activated', hint: 'Units that may act now: 1/46e Ligne.' });
    expect(refused('french', { kind: 'move', unit: 'au-4-1', to: '100' })).toMatchObject({ code: 'action/not-yours' });
  });
  it('a distance that is not millimetres, a formation the unit cannot take', () => {
    expect(refused('french', { kind: 'move', unit: 'fr-46-1', to: 'to the mill' })).toMatchObject({ code: 'move/distance', hint: expect.stringContaining('/move to:120') });
    expect(refused('french', { kind: 'formation', unit: 'fr-46-1', formation: 'wedge' })).toMatchObject({ code: 'formation/not-allowed', hint: expect.stringContaining('line') });
  });
  it('distances read as millimetres', () => {
    expect(['120', '120 mm', 'forward 120mm', '120 yards', ' 80 '].map(parseDistance)).toEqual([120, 120, 120, 120, 80]);
    expect(['far', '12in', '', '-5'].map(parseDistance)).toEqual([null, null, null, null]);
  });
  it('firing ends the unit\'s activation; moving does not', () => {
    const moved = solo.act(g, 'french', { kind: 'move', unit: 'fr-46-1', to: '30' }, dice());
    expect(moved.ok).toBe(true);
    if (moved.ok) expect(windowUnits(moved.value.state)).toContain('fr-46-1');
  });
});

describe('chance cards (L3, K-7, K-19)', () => {
  it('with the default empty deck there is none, and the hint says why', () => {
    const g = withQueue(start(), [card('fr-46-1', 1)]);
    const none = { ...g, settings: SOLO_SETTINGS_DEFAULTS, chance: { french: null, austrians: null } };
    const r = solo.act(none, 'french', { kind: 'chance' }, dice());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.hint).toContain('K-7');
  });
  it('the scenario\'s deck deals one card a side; it is played once, on a unit of the side its effect names', () => {
    const g0 = start();
    expect(g0.settings.chance.deck).toHaveLength(6); // teaching.yaml rulings: chance.deck
    const g = { ...withQueue(g0, [card('au-4-1', 1)]), chance: { french: { card: { name: 'Stray round shot', effect: 'add-disorder' as const, text: '' }, played: false }, austrians: null } };
    const own = solo.act(g, 'french', { kind: 'chance', unit: 'fr-46-1' }, dice());
    expect(own.ok).toBe(false);
    if (!own.ok) expect(own.error).toMatchObject({ code: 'chance/unit', hint: 'Name an enemy unit.' });
    // Played between acts even while the other side's card is up (K-19).
    const r = solo.act(g, 'french', { kind: 'chance', unit: 'au-4-1' }, dice());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.state.units.find((u) => u.id === 'au-4-1')!.disorder).toBe(1);
    const again = solo.act(r.value.state, 'french', { kind: 'chance', unit: 'au-4-1' }, dice());
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('chance/played');
  });
  it('with chance.timing random the player cannot play it by hand', () => {
    const p = parseSoloSettings({ chance: { timing: 'random' } });
    if (!p.ok) throw new Error(p.error.message);
    const g = solo.setup(soloData(), p.value, dice()).state;
    const side = g.seats.find((x) => x.id === solo.owing(g)[0])!.id;
    const r = solo.act(g, side, { kind: 'chance' }, dice());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('chance/random');
  });
  it('an unplayed card is hidden from the other seat and the public, and shown to its own', () => {
    const g = { ...start(), chance: { french: { card: { name: 'Forced march', effect: 'extra-move-die' as const, text: '' }, played: false }, austrians: null } };
    expect(solo.view(g, { kind: 'seat', seat: 'austrians' }).chance.french).toBeNull();
    expect(solo.view(g, { kind: 'public' }).chance.french).toBeNull();
    expect(solo.view(g, { kind: 'seat', seat: 'french' }).chance.french?.card.name).toBe('Forced march');
    expect(soloRoster(g, 'french', true).join('\n')).toContain('Forced march');
    expect(soloRoster(g, 'french', false).join('\n')).not.toContain('Forced march');
  });
});

describe('the end (KS-8, KS-25) and what players see', () => {
  it('after the last turn the side with fewer units routing or gone wins (KS-25); with atLastTurn draw, a draw', () => {
    const g0 = start();
    const last = { ...withQueue(g0, [card('fr-46-1', 1)]), turn: g0.lastTurn, units: g0.units.map((u) => (u.id === 'au-lw' ? { ...u, motion: 'routing' as const } : u)) };
    const end = solo.resolve(last, new Map(), dice()).state;
    expect(solo.outcome(end)).toMatchObject({ winner: 'french', summary: expect.stringContaining('KS-25') });
    const p = parseSoloSettings({ victory: { atLastTurn: 'draw' } });
    if (!p.ok) throw new Error(p.error.message);
    expect(solo.outcome(solo.resolve({ ...last, settings: p.value }, new Map(), dice()).state)).toMatchObject({ winner: null });
  });
  it('half a side routing or gone at the end of a turn breaks it (KS-8)', () => {
    const g0 = start();
    const broken = { ...withQueue(g0, [card('fr-46-1', 1)]), units: g0.units.map((u) => (u.side === 'austrians' && ['au-4-1', 'au-4-2', 'au-4-3', 'au-grenz', 'au-art'].includes(u.id) ? { ...u, gone: 'fled' as const, figures: 0 } : u)) };
    expect(solo.outcome(solo.resolve(broken, new Map(), dice()).state)).toMatchObject({ winner: 'french', summary: expect.stringContaining('KS-8') });
  });
  it('the map says 1 mm = 1 yard and marks who acts now with their card', () => {
    const g = withQueue(start(), [card('fr-46-1', 1), card('au-4-1', 2)]);
    expect(subtitle(g)).toBe('Turn 1 of 8 · 10:00 · 1 mm = 1 yard · French card 1 act now');
    const m = describeSolo(g, {});
    expect(m.ok).toBe(true);
    const json = JSON.stringify(m.ok ? m.value : null);
    expect(json).toContain('▶ acts now #1');
    expect(json).toContain('#2');
    // The scale bar's note speaks of the table in millimetres, not inches.
    expect(m.ok && m.value.scaleBar.per).toBe('1 mm = 1 yard');
  });
  it('the roster gives figures, disorder, special figures and generals\' ratings', () => {
    const lines = soloRoster(start(), 'austrians', true).join('\n');
    expect(lines).toContain("**I/IR 4 Deutschmeister** (line-inf, class C) — 18/18 figures, 0 'D', halted, line · officer ✓, musician ✓, standard ✓");
    expect(lines).toContain('GM Mayer: TH below-average, AV normal, CR grade 4 (placeholder generals.crTable)');
  });
  it('the verbs: /move to:halt halts, /formation reform reforms', () => {
    const g = start();
    const caller = { seats: ['french', 'austrians'], side: 'french' };
    expect(solo.inputs.move!.build(g, { unit: 'fr-46-1', to: 'Halt' }, caller)).toEqual({ kind: 'halt', unit: 'fr-46-1' });
    expect(solo.inputs.move!.build(g, { unit: 'fr-46-1', to: '120' }, caller)).toEqual({ kind: 'move', unit: 'fr-46-1', to: '120' });
    expect(solo.inputs.formation!.build(g, { unit: 'fr-46-1', formation: 'reform' }, caller)).toEqual({ kind: 'reform', unit: 'fr-46-1' });
    expect(solo.seating).toBe('any');
  });
});

describe('scenario checks (prepare)', () => {
  it('the teaching scenario: 20 units in 4 brigades, 1 mm = 1 yard, ½ hour a turn', () => {
    const d = soloData();
    expect(d.base.units).toHaveLength(20);
    expect(d.base.brigades.map((b) => b.id).sort()).toEqual(['au-mayer', 'au-weiss', 'fr-dufour', 'fr-lemaire']);
    expect(d.base.scale).toEqual({ yardsPerInch: 1 });
    expect(d.base.clock).toEqual({ start: 600, turnMinutes: 30 });
    expect(d.base.units.find((u) => u.id === 'fr-cuir')!.type).toBe('cuirassier');
    expect(d.base.units.find((u) => u.id === 'fr-art')!.specials).toBeUndefined();
  });
});
