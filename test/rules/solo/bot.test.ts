import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { botWindow, DEFAULT_DOCTRINE } from '../../../src/rules/bot/doctrine';
import { advanceToward, chargeOdds, soloBot } from '../../../src/rules/solo/bot';
import type { SoloGame } from '../../../src/rules/solo/game';
import { solo } from '../../../src/rules/solo/index';
import type { SoloAction } from '../../../src/rules/solo/orders';
import { SOLO_SETTINGS_DEFAULTS } from '../../../src/rules/solo/settings';
import { unitById, type QueueCard, type SoloUnit } from '../../../src/rules/solo/state';
import { windowUnits } from '../../../src/rules/solo/turn';
import { playBotGame } from '../../helpers/solo-bot-game';
import { soloData, stateHash } from '../../helpers/solo-game';

/**
 * The bot general in a Kuryakin game (issue 13, beyond the text — NOT part of Kuryakin's rules):
 * the candidates `soloBot` lists for the units the cards up activate (L8), ranked by the shared
 * doctrine and made through `solo.act`. Each case sets a small table: the units named are placed,
 * every other unit stands far behind the French lines, out of every range and not ahead of anyone.
 */

const dice = () => seededDice('b'.repeat(64));
const start = (): SoloGame => solo.setup(soloData(), SOLO_SETTINGS_DEFAULTS, dice()).state;
const card = (holder: string, n: number, extra: Partial<QueueCard> = {}): QueueCard => ({ holder, kind: 'unit', card: n, done: false, opened: true, ...extra });

/** The teaching game with `queue` as its cards and the named units placed; the rest far away. */
function table(queue: QueueCard[], placed: Record<string, Partial<SoloUnit> & { at: { x: number; y: number }; facing: number }>): SoloGame {
  const g = start();
  const held = new Set(queue.map((c) => c.holder));
  let far = 0;
  const units = g.units.map((u) => {
    const p = placed[u.id];
    const base = { ...u, acted: !held.has(u.id), disorder: 0, casualtiesThisTurn: 0, movedFraction: 0, motion: 'halted' as const };
    return p ? { ...base, ...p } : { ...base, at: { x: 20_000 + 500 * far++, y: -20_000 }, facing: 90 };
  });
  return { ...g, queue, units, chance: { french: null, austrians: null } };
}

const acts = (g: SoloGame, seat: string, doctrine = DEFAULT_DOCTRINE) => botWindow(solo, g, seat, dice(), doctrine);
const actions = (w: ReturnType<typeof acts>) => w.acts.map((a) => a.option.action as SoloAction);

describe('reform when disordered (L11-12)', () => {
  it('a unit with 2 \'D\' and no casualties this turn reforms before anything else', () => {
    const g = table([card('fr-46-3', 1)], { 'fr-46-3': { at: { x: 500, y: 500 }, facing: 0, disorder: 2 }, 'au-4-1': { at: { x: 500, y: 650 }, facing: 180 } });
    const w = acts(g, 'french');
    expect(actions(w)[0]).toEqual({ kind: 'reform', unit: 'fr-46-3' });
    expect(w.acts[0]!.option.why).toContain("2 'D'");
    expect(unitById(w.state as SoloGame, 'fr-46-3').acted).toBe(true); // reforming ends the activation
  });
  it('with 1 \'D\' it fires instead when it has a target; a unit that took casualties is not offered a reform (L11)', () => {
    const g = table([card('fr-46-3', 1)], { 'fr-46-3': { at: { x: 500, y: 500 }, facing: 0, disorder: 1 }, 'au-4-1': { at: { x: 500, y: 650 }, facing: 180 } });
    expect(actions(acts(g, 'french'))[0]).toEqual({ kind: 'fire', unit: 'fr-46-3', target: 'au-4-1' });
    const hurt = table([card('fr-46-3', 1)], { 'fr-46-3': { at: { x: 500, y: 500 }, facing: 0, disorder: 3, casualtiesThisTurn: 2 }, 'au-4-1': { at: { x: 500, y: 650 }, facing: 180 } });
    expect(soloBot.options(hurt, 'french').some((o) => o.intent === 'reform')).toBe(false);
  });
});

describe('fire at the closest legal target (L12-16, K-4 placeholder ranges)', () => {
  it('of two enemies in range it fires at the closer; one beyond long range is not a candidate', () => {
    const g = table([card('fr-46-3', 1)], {
      'fr-46-3': { at: { x: 500, y: 500 }, facing: 0 },
      'au-4-1': { at: { x: 500, y: 680 }, facing: 180 }, // 180 mm: long range
      'au-4-2': { at: { x: 620, y: 580 }, facing: 180 }, // 144 mm
      'au-49-1': { at: { x: 300, y: 800 }, facing: 180 }, // 361 mm: out of range
    });
    const fire = soloBot.options(g, 'french').filter((o) => o.intent === 'fire').map((o) => (o.action as { target: string }).target);
    expect(fire).toEqual(['au-4-2', 'au-4-1']);
    expect(actions(acts(g, 'french'))).toEqual([{ kind: 'fire', unit: 'fr-46-3', target: 'au-4-2' }]);
  });
  it('a limbered battery with a target in range unlimbers (L14); cavalry in formation is never offered fire (L14)', () => {
    const g = table([card('fr-horse', 1), card('fr-cuir', 2)], {
      'fr-horse': { at: { x: 500, y: 500 }, facing: 0, formation: 'limbered' },
      'fr-cuir': { at: { x: 700, y: 750 }, facing: 0 },
      'au-4-1': { at: { x: 500, y: 900 }, facing: 180 }, // 400 mm from the guns, 250 mm from the cuirassiers
      'au-4-2': { at: { x: 700, y: 900 }, facing: 180, figures: 30 }, // 150 mm from the cuirassiers: musket range, odds below 1.5
    });
    const o = soloBot.options(g, 'french');
    expect(o.find((x) => x.piece === 'fr-horse' && x.intent === 'formation')?.action).toEqual({ kind: 'formation', unit: 'fr-horse', formation: 'unlimbered' });
    expect(o.some((x) => x.piece === 'fr-horse' && x.intent === 'fire')).toBe(false);
    expect(o.some((x) => x.piece === 'fr-cuir' && x.intent === 'fire')).toBe(false);
    // Light cavalry skirmishing with carbines may fire (L14).
    const chass = table([card('fr-chass', 1)], { 'fr-chass': { at: { x: 700, y: 750 }, facing: 0, formation: 'skirmish' }, 'au-4-2': { at: { x: 700, y: 900 }, facing: 180, figures: 30 } });
    expect(soloBot.options(chass, 'french').filter((x) => x.intent === 'fire').map((x) => x.action)).toEqual([{ kind: 'fire', unit: 'fr-chass', target: 'au-4-2' }]);
  });
});

describe('charge when the odds say so (L16-19, KS-21)', () => {
  const setUp = (figures: number, formation: SoloUnit['formation'] = 'line') => table([card('fr-cuir', 1)], {
    'fr-cuir': { at: { x: 500, y: 500 }, facing: 0 },
    'au-4-1': { at: { x: 500, y: 650 }, facing: 180, figures, formation },
  });
  it('cuirassiers (12 figures × 2 points, K-11) charge 8 figures of infantry: odds 3:1', () => {
    const g = setUp(8);
    expect(chargeOdds(unitById(g, 'fr-cuir'), unitById(g, 'au-4-1'), g.settings)).toBe(3);
    const w = acts(g, 'french');
    expect(actions(w)[0]).toEqual({ kind: 'charge', unit: 'fr-cuir', target: 'au-4-1' });
    expect(w.acts[0]!.option.why).toMatch(/odds 3\.0:1/);
  });
  it('they do not charge 18 figures (1.3:1), nor a square of 8 (counted three times: 1:1)', () => {
    expect(acts(setUp(18), 'french').acts).toEqual([]);
    const sq = setUp(8, 'square');
    expect(chargeOdds(unitById(sq, 'fr-cuir'), unitById(sq, 'au-4-1'), sq.settings)).toBe(1);
    expect(acts(sq, 'french').acts.some((a) => a.option.intent === 'charge')).toBe(false);
  });
  it('a charged unit in its slot (L8) is offered only its charger', () => {
    const g = table([card('au-4-1', 1.5, { against: 'fr-46-3' })], {
      'fr-46-3': { at: { x: 500, y: 500 }, facing: 0 }, 'fr-46-1': { at: { x: 560, y: 540 }, facing: 0 },
      'au-4-1': { at: { x: 500, y: 600 }, facing: 180 },
    });
    const o = soloBot.options(g, 'austrians');
    expect(o.length).toBeGreaterThan(0);
    expect(o.every((x) => (x.action as { target?: string }).target === 'fr-46-3')).toBe(true);
  });
});

describe('hold or advance on the objective (the nearest enemy ahead; L9 moves straight ahead)', () => {
  const far = () => table([card('fr-46-1', 1)], { 'fr-46-1': { at: { x: 500, y: 200 }, facing: 0, motion: 'advancing' }, 'au-4-1': { at: { x: 500, y: 900 }, facing: 180 } });
  it('advances straight ahead to within short musket range of the enemy ahead', () => {
    const g = far();
    const w = acts(g, 'french');
    expect(actions(w)[0]).toEqual({ kind: 'move', unit: 'fr-46-1', to: String(700 - 90) });
    expect(unitById(w.state as SoloGame, 'fr-46-1').at.y).toBeGreaterThan(200);
  });
  it('the hold posture stands: no move', () => {
    expect(acts(far(), 'french', { ...DEFAULT_DOCTRINE, posture: 'hold' }).acts).toEqual([]);
  });
  it('an enemy behind or off to the side is not advanced on', () => {
    const g = table([card('fr-46-1', 1)], { 'fr-46-1': { at: { x: 500, y: 500 }, facing: 0 }, 'au-4-1': { at: { x: 1200, y: 520 }, facing: 180 } });
    expect(soloBot.options(g, 'french').some((o) => o.intent === 'advance')).toBe(false);
  });
  it('advanceToward: how far straight ahead to come within the standoff', () => {
    const u = { at: { x: 0, y: 0 }, facing: 0 } as SoloUnit;
    const e = (x: number, y: number) => ({ at: { x, y } }) as SoloUnit;
    expect(advanceToward(u, e(0, 500), 90)).toBe(410);
    expect(advanceToward(u, e(100, 500), 90)).toBe(500); // never within 90 mm: to the closest point
    expect(advanceToward(u, e(54, 500), 90)).toBe(428); // 500 − √(90² − 54²) = 428
    expect(advanceToward(u, e(0, -300), 90)).toBe(0);
  });
});

describe('only legal inputs, through act; deterministic', () => {
  it('the bot acts only in its own windows, with its own units the cards activate', () => {
    const g = table([card('au-4-1', 1)], { 'au-4-1': { at: { x: 500, y: 600 }, facing: 180 }, 'fr-46-3': { at: { x: 500, y: 450 }, facing: 0 } });
    expect(soloBot.options(g, 'french')).toEqual([]);
    expect(acts(g, 'french').acts).toEqual([]);
    const w = acts(g, 'austrians');
    expect(w.acts.length).toBeGreaterThan(0);
    expect(w.acts.every((a) => windowUnits(g).includes((a.option.action as { unit: string }).unit))).toBe(true);
  });
  it('a whole game against the random legal player reaches an outcome and plays the same twice', () => {
    const data = soloData();
    const one = playBotGame(data, SOLO_SETTINGS_DEFAULTS, 'austrians', 11, '2'.repeat(64));
    const two = playBotGame(data, SOLO_SETTINGS_DEFAULTS, 'austrians', 11, '2'.repeat(64));
    expect(one.final.ended).not.toBeNull();
    expect(one.botActs).toBeGreaterThan(10);
    expect(Object.keys(one.intents)).toEqual(expect.arrayContaining(['fire', 'advance']));
    expect(stateHash(two.final)).toBe(stateHash(one.final));
  });
});
