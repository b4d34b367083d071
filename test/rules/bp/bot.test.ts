import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { botWindow, DEFAULT_DOCTRINE } from '../../../src/rules/bot/doctrine';
import { bpBot, bpChargeOdds } from '../../../src/rules/bp/bot';
import { bp } from '../../../src/rules/bp/index';
import type { BpAction } from '../../../src/rules/bp/orders';
import { fireTargetsOf } from '../../../src/rules/bp/pieces';
import { BP_SETTINGS_DEFAULTS } from '../../../src/rules/bp/settings';
import { phasingSide, type BpState } from '../../../src/rules/bp/state';
import { playBpBotGame } from '../../helpers/bp-bot-game';
import { stateHash, teachingData } from '../../helpers/bp-game';

/**
 * The bot general in a B&P game (issue 13, beyond the text — NOT part of B&P's rules): the
 * shared doctrine over B&P's candidates (src/rules/bp/bot.ts) on the teaching scenario (the
 * Kapellenhof), where the Austrians move first with this seed.
 */

const start = (): BpState => bp.setup(teachingData(), BP_SETTINGS_DEFAULTS, seededDice('c'.repeat(64))).state;

describe('B&P candidates', () => {
  it('only the phasing side\'s seat is offered anything', () => {
    const s = start();
    expect(phasingSide(s)).toBe('austrians');
    expect(bpBot.options(s, 'french')).toEqual([]);
    expect(bpBot.options(s, 'austrians').length).toBeGreaterThan(0);
  });
  it('fire only at legal targets, closest first; a battery with a target and a unit in a building hold', () => {
    const s = start();
    const o = bpBot.options(s, 'austrians');
    const fire = o.filter((x) => x.intent === 'fire' && x.piece === 'au-bty').map((x) => (x.action as { target: string }).target);
    const legal = fireTargetsOf(s, 'au-bty').filter((t) => t.legal).sort((a, b) => a.inches - b.inches).map((t) => t.target);
    expect(fire).toEqual(legal);
    expect(fire.length).toBeGreaterThan(0);
    expect(o.some((x) => x.piece === 'au-bty' && x.intent === 'advance')).toBe(false);
    // A unit holding a building (L179) keeps it.
    const held: BpState = { ...s, units: { ...s.units, 'au-1-ij': { ...s.units['au-1-ij']!, building: Object.keys(s.buildings)[0]! } } };
    expect(o.some((x) => x.piece === 'au-1-ij' && x.intent === 'advance')).toBe(true);
    expect(bpBot.options(held, 'austrians').some((x) => x.piece === 'au-1-ij' && x.intent === 'advance')).toBe(false);
  });
  it('advance straight ahead to within musket range (6", L80), longest step first, shorter ones should the allowance refuse it', () => {
    const o = bpBot.options(start(), 'austrians').filter((x) => x.piece === 'au-1-ij' && x.intent === 'advance').map((x) => (x.action as BpAction & { to: string }).to);
    expect(o).toEqual(['forward 9in', 'forward 6.5in', 'forward 4.5in', 'forward 2in']);
  });
  it('charge odds in figures', () => {
    const s = start();
    expect(bpChargeOdds(s.units['au-1-ij']!, s.units['fr-2-46']!)).toBeCloseTo(s.units['au-1-ij']!.stands.reduce((a, f) => a + f, 0) / s.units['fr-2-46']!.stands.reduce((a, f) => a + f, 0));
  });
  it('a bot window makes only inputs act accepts, for the phasing side\'s units', () => {
    const s = start();
    const w = botWindow(bp, s, 'austrians', seededDice('d'.repeat(64)), DEFAULT_DOCTRINE);
    expect(w.acts.length).toBeGreaterThan(2);
    expect(w.acts.every((a) => s.units[(a.option.action as { unit: string }).unit]?.side === 'austrians')).toBe(true);
  });
  it('a whole game against the random legal player reaches an outcome and plays the same twice', () => {
    const data = teachingData();
    const one = playBpBotGame(data, BP_SETTINGS_DEFAULTS, 'french', 21, '3'.repeat(64));
    const two = playBpBotGame(data, BP_SETTINGS_DEFAULTS, 'french', 21, '3'.repeat(64));
    expect(one.final.ended).not.toBeNull();
    expect(one.botActs).toBeGreaterThan(5);
    expect(stateHash(two.final)).toBe(stateHash(one.final));
  });
});
