import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { controlPhase, unitInCommand } from '../../../../src/rules/solo/phases/control';
import { brokenSides, endTurn } from '../../../../src/rules/solo/phases/end';
import { cardDone, nextCard, queueCharged, sideOfCard, unitsOfCard } from '../../../../src/rules/solo/phases/queue';
import { parseSoloSettings, SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { withUnit, unitById } from '../../../../src/rules/solo/state';
import { twoBrigades } from './fixture';

const dealt = () => {
  // d8 3 < grade 6 + 1 (division commander 100 mm away, K-2) → A in control; B's brigadier is dead.
  // Holders A, u2, u3, u4; deck 4: card 2 → A, 4 (3rd of 1,3,4) → u2, 1 → u3, 3 left → u4.
  const dice = scriptedDice([3, 2, 3, 1]);
  const r = controlPhase(twoBrigades(), S, dice);
  expect(dice.remaining).toBe(0);
  return r;
};

describe('Control Phase (KUR L6-7)', () => {
  it('150 mm reach from the brigadier; no brigadier, no command', () => {
    const s = twoBrigades();
    expect(['u1', 'u2', 'u3', 'u4'].map((u) => unitInCommand(s, u))).toEqual([true, false, false, false]);
  });
  it('a brigade in control takes one card for the units in reach; the rest a card each; deck = units on the table', () => {
    const { state, events } = dealt();
    expect(state.inControl).toEqual({ A: true, B: false });
    expect(state.queue.map((q) => [q.holder, q.kind, q.card])).toEqual([['A', 'brigade', 2], ['u2', 'unit', 4], ['u3', 'unit', 1], ['u4', 'unit', 3]]);
    expect(events.some((e) => e.kind === 'note' && e.text.includes('B has no brigadier'))).toBe(true);
    expect(events.some((e) => e.kind === 'note' && e.rule === 'placeholder control.divMod/corpsMod')).toBe(true);
  });
  it('a failed roll gives every unit its own card', () => {
    const { state } = controlPhase(twoBrigades(), S, scriptedDice([7, 1, 1, 1]));
    expect(state.inControl.A).toBe(false);
    expect(state.queue.every((q) => q.kind === 'unit')).toBe(true);
    expect(state.queue.map((q) => q.card).sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('the queue (KUR L8)', () => {
  it('lowest card first; a brigade card activates its units without their own card', () => {
    const { state } = dealt();
    const first = nextCard(state)!;
    expect([first.holder, sideOfCard(state, first)]).toEqual(['u3', 'br']);
    expect(unitsOfCard(state, state.queue.find((q) => q.holder === 'A')!)).toEqual(['u1']);
  });
  it('u3 (card 1) charges u1 (brigade card 2): u1 jumps to 1.5, acts only against u3, and the brigade card then has no one left', () => {
    let { state } = dealt();
    const c1 = nextCard(state)!;
    state = withUnit(cardDone(state, c1), { ...unitById(state, 'u3'), acted: true });
    const q = queueCharged(state, 'u3', 'u1', S);
    expect(q.slot).toBe(1.5);
    const slot = nextCard(q.state)!;
    expect([slot.holder, slot.card, slot.against, sideOfCard(q.state, slot)]).toEqual(['u1', 1.5, 'u3', 'fr']);
    const after = withUnit(cardDone(q.state, slot), { ...unitById(q.state, 'u1'), acted: true });
    expect(unitsOfCard(after, nextCard(after)!)).toEqual([]);
  });
  it('K-10 literal: the slot is the charger\'s card + 2.5, never after the target\'s own card', () => {
    const lit = parseSoloSettings({ 'queue.chargedSlot': 'literal-plus-2-5' });
    const { state } = dealt();
    expect(lit.ok && queueCharged(state, 'u3', 'u2', lit.value).slot).toBe(3.5);
    expect(lit.ok && queueCharged(state, 'u3', 'u1', lit.value).slot).toBe(2);
  });
  it('a charged unit that has already acted gets no slot (it tests at once)', () => {
    const { state } = dealt();
    const acted = withUnit(state, { ...unitById(state, 'u1'), acted: true });
    expect(queueCharged(acted, 'u4', 'u1', S)).toMatchObject({ slot: null });
  });
});

describe('end of the move (KUR L3, L11; KS-8)', () => {
  it('a formation change under way costs 1 D; chance cards are discarded; the turn advances', () => {
    const { state } = dealt();
    const changing = withUnit(state, { ...unitById(state, 'u2'), formationChange: { to: 'column', quartersLeft: 1 } });
    const withCard = { ...changing, chance: { fr: { card: { name: 'Fog', effect: 'none' as const, text: '' }, played: false }, br: null } };
    const r = endTurn(withCard, S);
    expect(unitById(r.state, 'u2').disorder).toBe(1);
    expect(r.state.turn).toBe(2);
    expect(r.state.queue).toEqual([]);
    expect(r.state.chance).toEqual({ fr: null, br: null });
    expect(r.events.some((e) => e.kind === 'note' && e.text.includes('"Fog" was not played'))).toBe(true);
    expect(r.outcome).toBeNull();
  });
  it('KS-8: a side with half its units routing or gone has broken', () => {
    const s = twoBrigades();
    const half = withUnit(s, { ...unitById(s, 'u3'), gone: 'destroyed' });
    expect(brokenSides(half, S)).toEqual(['br']);
    expect(endTurn(half, S).outcome).toEqual({ winner: 'fr' });
    const both = withUnit(half, { ...unitById(half, 'u1'), motion: 'routing' });
    expect(endTurn(both, S).outcome).toEqual({ winner: null });
  });
});
