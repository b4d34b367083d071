import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice, type Dice } from '../../../src/dice/dice';
import type { GameEvent } from '../../../src/rules/events';
import type { NwOrder } from '../../../src/rules/nw/orders';
import type { NwState } from '../../../src/rules/nw/state';
import { nwOwing, nwPhaseInfo, resolveNw } from '../../../src/rules/nw/turn';
import { nw } from '../../../src/rules/nw/index';
import { validateNwOrder } from '../../../src/rules/nw/validate';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import { loadNwScenarioFile } from '../../../src/rules/nw/scenario';
import { playNw, replayNw, startNw, stateHash } from '../../helpers/nw-battle';
import { baseState, caseState, type NwCase } from '../../helpers/nw-cases';

/**
 * RC-1 (issue 17 item 2) through the game's turn (turn.ts): the combat phase stops for the
 * retreating side's player only when the retreat has two equally direct ways (§11.4 L401), and
 * goes on with the way chosen, the same rolls and none of its events posted twice. au1, driven
 * back 8" by fr1 (combat 9 + 3 against 5 + 2, chart L770), finds the battery frA straight behind
 * it (as in the 6-combat.yaml cases): right ends at 29.66,22.66, left at 18.34,22.66.
 */
const FR1 = 'fr1 french 1B/1/I 6/4/2 LN at 24,14 facing 0';
const AU1 = 'au1 austrians 1B/1/II 6/4/2 LN at 24,17 facing 180';
const FRA = 'frA french battery I Corp, 8 lb, Foot at 24,24 facing 180';
const COMBAT = [5, 4, 3, 2];

const state = async (pieces: string[]): Promise<NwState> =>
  caseState(await baseState(), { case: 'retreat window', rule: 'NW §11.4 L401', phase: 'combat', pieces } as NwCase);

/** The scripted faces first, then seeded dice for the phases that resolve after combat. */
function dice(faces: number[]): Dice {
  const a = scriptedDice(faces);
  const b = seededDice('5eed'.repeat(16));
  return { roll: (e, r) => (a.remaining > 0 ? a.roll(e, r) : b.roll(e, r)) };
}

const seatOf = (s: NwState, side: string): string => s.seats.find((x) => x.side === side)!.id;
const at = (s: NwState, id: string) => s.units[id]!.pose.at;
const movesOf = (events: readonly GameEvent[], unit: string) => events.filter((e) => e.kind === 'move' && e.unit === unit);

describe('NW retreat window (RC-1, §11.4 L401)', () => {
  it('opens for the retreating side only when the way back is a real choice, after the combat roll is posted', async () => {
    const s = await state([FR1, AU1, FRA]);
    const r = resolveNw(s, new Map(), dice(COMBAT));
    expect(r.state.phase).toBe('combat');
    expect(r.state.log.retreatWay).toMatchObject({ unit: 'au1', side: 'austrians', rolls: [expect.anything(), expect.anything()] });
    expect(nwOwing(r.state)).toEqual([seatOf(s, 'austrians')]);
    expect(nwPhaseInfo(r.state)).toMatchObject({ id: 'nw/retreat', owes: { kind: 'seats', seats: [seatOf(s, 'austrians')] }, secret: false });
    // The roll and the choice are posted; nothing has moved yet.
    expect(r.events.filter((e) => e.kind === 'roll')).toHaveLength(2);
    expect(JSON.stringify(r.events)).toContain('right (clockwise) ends in ');
    expect(JSON.stringify(r.events)).toContain('/choose retreat');
    expect(movesOf(r.events, 'au1')).toEqual([]);
    expect(at(r.state, 'au1')).toEqual({ x: 24, y: 17 });
  });

  it('an open way back opens no window: the combat resolves as before', async () => {
    const s = await state([FR1, AU1]);
    const r = resolveNw(s, new Map(), dice(COMBAT));
    expect(r.state.log.retreatWay).toBeUndefined();
    expect(r.state.phase).not.toBe('combat');
    expect(movesOf(r.events, 'au1')[0]).toMatchObject({ to: { x: 24, y: 25 } });
  });

  it('the way chosen is taken, with the combat rolled once and its events posted once', async () => {
    const paused = resolveNw(await state([FR1, AU1, FRA]), new Map(), dice(COMBAT)).state;
    const orders = new Map<string, NwOrder[]>([[seatOf(paused, 'austrians'), [{ kind: 'retreat', unit: 'au1', way: 'left' }]]]);
    // No scripted face is left: a combat rolled again would take seeded dice and another result.
    const r = resolveNw(paused, orders, dice([]));
    const first = r.events.findIndex((e) => e.kind === 'phase');
    const combatEvents = first < 0 ? r.events : r.events.slice(0, first);
    expect(combatEvents.filter((e) => e.kind === 'roll')).toEqual([]);
    expect(combatEvents[0]).toMatchObject({ kind: 'move', unit: 'au1' });
    const au1 = movesOf(combatEvents, 'au1')[0] as { to: { x: number; y: number } };
    expect(au1.to.x).toBeCloseTo(18.34, 2);
    expect(au1.to.y).toBeCloseTo(22.66, 2);
    expect(r.state.units.au1!.sp).toBe(5);
    expect(r.state.log.retreatWay).toBeUndefined();
  });

  it("a silent player's brigade goes the default way (right, C14)", async () => {
    const paused = resolveNw(await state([FR1, AU1, FRA]), new Map(), dice(COMBAT)).state;
    const r = resolveNw(paused, new Map(), dice([]));
    const au1 = movesOf(r.events, 'au1')[0] as { to: { x: number; y: number } };
    expect(au1.to.x).toBeCloseTo(29.66, 2);
  });

  it('a side with no seat is not asked', async () => {
    const s0 = await state([FR1, AU1, FRA]);
    const s = { ...s0, seats: s0.seats.filter((x) => x.side !== 'austrians') };
    const r = resolveNw(s, new Map(), dice(COMBAT));
    expect(r.state.log.retreatWay).toBeUndefined();
    expect((movesOf(r.events, 'au1')[0] as { to: { x: number } }).to.x).toBeCloseTo(29.66, 2);
  });

  it('/choose retreat is checked: only in the window, only by the owner, only for the brigade waiting', async () => {
    const s = await state([FR1, AU1, FRA, 'au2 austrians 2B/1/II 6/4/2 LN at 10,22 facing 180']);
    const paused = resolveNw(s, new Map(), dice(COMBAT)).state;
    const o: NwOrder = { kind: 'retreat', unit: 'au1', way: 'left' };
    const au = seatOf(s, 'austrians');
    expect(validateNwOrder(paused, au, o, [])).toMatchObject({ ok: true });
    expect(validateNwOrder(paused, seatOf(s, 'french'), o, [])).toMatchObject({ ok: false, error: { code: 'order/not-yours' } });
    const other = validateNwOrder(paused, au, { ...o, unit: 'au2' }, []);
    expect(other).toMatchObject({ ok: false, error: { code: 'retreat/not-waiting' } });
    expect(!other.ok && other.error.hint).toContain('/choose retreat unit:au1');
    expect(validateNwOrder(s, au, o, [])).toMatchObject({ ok: false, error: { code: 'order/wrong-window' } });
  });
});

describe('NW retreat window in whole games (RC-1)', () => {
  // The recorded games of game.test.ts (seeds 1-3) meet no retreat with two equally direct ways,
  // so they are unchanged; the teaching scenario with seeds 11 and 31 meets one each (measured:
  // 3 windows in 12 games of ~430 windows, one of them left silent).
  it.each([11, 31])('teaching, seed %i: the window opens, is answered, and the game replays exactly', async (seed) => {
    const loaded = await loadNwScenarioFile('assets/scenarios/nw/teaching.yaml', NW_SETTINGS_DEFAULTS);
    if (!loaded.ok) throw new Error('teaching scenario');
    const diceSeed = (seed.toString(16) + 'c0ffee').padEnd(64, '0');
    const setup = startNw(loaded.value, NW_SETTINGS_DEFAULTS, diceSeed);
    const opened: NwState[] = [];
    const played = playNw(setup.state, seed, { diceSeed, diceStart: setup.dice, maxWindows: 300, onWindow: (w) => { if (w.open.phase === 'combat') opened.push(w.open); } });
    expect(opened.length).toBeGreaterThan(0);
    for (const s of opened) {
      const w = s.log.retreatWay!;
      expect(nwOwing(s)).toEqual(s.seats.filter((x) => x.side === w.side).map((x) => x.id));
    }
    expect(played.state.phase).toBe('ended');
    const again = replayNw(loaded.value, NW_SETTINGS_DEFAULTS, { diceSeed, setupDice: setup.dice, windows: played.windows });
    expect(stateHash(again.state)).toBe(stateHash(played.state));
    expect(again.events).toEqual(played.events);
  });
});

/**
 * RC-1 for the retreats forced by artillery fire (PH-16) and by final fire (PH-17), through the
 * game's turn: the same window kind (`nw/retreat`), the same order (`/choose retreat`), only on a
 * real choice; the silent player's piece goes right (C14). As the cases in 3-artillery.yaml and
 * 4-maneuver.yaml: fr1 driven back south onto the Austrian brigade au2 finds two ways equally direct.
 */
describe('NW retreat window after artillery fire (RC-1, PH-16)', () => {
  const AU_A = 'auA austrians battery II Korps, 12 lb, Foot at 30,20 facing 180';
  const FR_1 = 'fr1 french 1B/1/I 7/5/3 Vet at 30,13.75 facing 0';
  const AU_2 = 'au2 austrians 1B/1/II 7/5/3 Vet at 30,7 facing 180';
  const fireWindow = async (pieces: string[]): Promise<NwState> =>
    caseState(await baseState(), { case: 'fire retreat window', rule: 'NW chart L757', phase: 'skirmish', pieces } as NwCase);

  it('the fire window resolves up to the result; the French player alone is asked, before fr1 moves', async () => {
    const s = await fireWindow([AU_A, FR_1, AU_2]);
    // The posted target is kept with the stop, so the phase resolved again fires as it was ordered.
    const r = resolveNw(s, new Map([[seatOf(s, 'austrians'), [{ kind: 'fire', battery: 'auA', target: 'fr1' } as NwOrder]]]), dice([5, 5]));
    expect(r.state.phase).toBe('artillery');
    expect(r.state.log.retreatWay).toMatchObject({ unit: 'fr1', side: 'french', fire: { auA: 'fr1' }, rolls: [expect.anything()] });
    expect(nwOwing(r.state)).toEqual([seatOf(s, 'french')]);
    expect(nwPhaseInfo(r.state)).toMatchObject({ id: 'nw/retreat', owes: { kind: 'seats', seats: [seatOf(s, 'french')] }, secret: false });
    expect(nwPhaseInfo(r.state).label).toContain('3. Artillery fire');
    expect(JSON.stringify(r.events)).toContain('/choose retreat');
    expect(r.state.units.fr1!.pose.at).toEqual({ x: 30, y: 13.75 });
    expect(validateNwOrder(r.state, seatOf(s, 'french'), { kind: 'retreat', unit: 'fr1', way: 'left' }, [])).toMatchObject({ ok: true });
    expect(validateNwOrder(r.state, seatOf(s, 'austrians'), { kind: 'retreat', unit: 'fr1', way: 'left' }, [])).toMatchObject({ ok: false, error: { code: 'order/not-yours' } });
  });

  it('the way chosen is taken with the same roll, posted once; then the maneuver window opens', async () => {
    const s = await fireWindow([AU_A, FR_1, AU_2]);
    const paused = resolveNw(s, new Map(), dice([5, 5])).state;
    const r = resolveNw(paused, new Map([[seatOf(s, 'french'), [{ kind: 'retreat', unit: 'fr1', way: 'left' } as NwOrder]]]), dice([]));
    expect(r.events.filter((e) => e.kind === 'roll')).toEqual([]);
    expect(r.events.filter((e) => (e.kind === 'loss' || e.kind === 'status') && e.unit === 'fr1')).toEqual([]);
    expect(r.state.units.fr1!.pose.at.x).toBeCloseTo(34.24, 2);
    expect(r.state.units.fr1!.sp).toBe(6);
    expect(r.state.phase).toBe('maneuver');
    expect(r.state.log.retreatWay).toBeUndefined();
  });

  it("a silent player's brigade goes right; a side nobody plays and an open way are not asked", async () => {
    const paused = resolveNw(await fireWindow([AU_A, FR_1, AU_2]), new Map(), dice([5, 5])).state;
    expect(resolveNw(paused, new Map(), dice([])).state.units.fr1!.pose.at.x).toBeCloseTo(25.76, 2);
    const s0 = await fireWindow([AU_A, FR_1, AU_2]);
    const unseated = resolveNw({ ...s0, seats: s0.seats.filter((x) => x.side !== 'french') }, new Map(), dice([5, 5]));
    expect(unseated.state.log.retreatWay).toBeUndefined();
    expect(unseated.state.units.fr1!.pose.at.x).toBeCloseTo(25.76, 2);
    const open = resolveNw(await fireWindow([AU_A, FR_1]), new Map(), dice([5, 5]));
    expect(open.state.log.retreatWay).toBeUndefined();
    expect(open.state.units.fr1!.pose.at.y).toBeCloseTo(7.75, 1);
  });
});

describe('NW retreat window after final fire (RC-1, PH-17)', () => {
  const pieces = [
    'fr1 french 1B/1/I 7/5/3 LN at 30,14 facing 0',
    'fr2 french 2B/1/I 7/5/3 LN at 40,10 facing 0',
    'auA austrians battery II Korps, 12 lb, Foot at 30,20 facing 180',
    'au2 austrians 1B/1/II 7/5/3 LN at 30,9.5 facing 180',
    'lemaire officer at 20,10',
  ];
  const maneuverWindow = async (): Promise<NwState> =>
    caseState(await baseState(), { case: 'final fire retreat window', rule: 'NW §8.5 L202', phase: 'maneuver', pieces } as NwCase);

  it('the /move that meets final fire leaves fr1 waiting; nothing else moves until the way is given', async () => {
    const s = await maneuverWindow();
    const fr = seatOf(s, 'french');
    const moved = nw.act(s, fr, { kind: 'move', unit: 'fr1', to: 'contact auA' }, dice([5, 5, 5, 5]));
    if (!moved.ok) throw new Error(moved.error.message);
    const w = moved.value.state;
    expect(w.log.retreatWay).toMatchObject({ unit: 'fr1', side: 'french', order: { id: 'fr1', inches: 6 } });
    expect(w.units.fr1!.pose.at).toEqual({ x: 30, y: 17.75 });
    expect(nwPhaseInfo(w)).toMatchObject({ id: 'nw/retreat', owes: { kind: 'seats', seats: [fr] } });
    expect(nwPhaseInfo(w).label).toContain('4. Maneuver (final fire)');
    expect(nw.act(w, fr, { kind: 'move', unit: 'fr2', to: 'forward 2in' }, dice([]))).toMatchObject({ ok: false, error: { code: 'retreat/pending' } });
    expect(nw.act(w, fr, { kind: 'maneuver', unit: 'fr2' }, dice([]))).toMatchObject({ ok: false, error: { code: 'retreat/pending' } });
    expect(nw.pendingActions(w, fr)).toEqual([]);
    expect(validateNwOrder(w, fr, { kind: 'retreat', unit: 'fr1', way: 'left' }, [])).toMatchObject({ ok: true });
  });

  it('the way chosen is taken; the maneuver goes on in a new window with the combat choices posted so far', async () => {
    const s = await maneuverWindow();
    const fr = seatOf(s, 'french');
    const moved = nw.act(s, fr, { kind: 'move', unit: 'fr1', to: 'contact auA' }, dice([5, 5, 5, 5]));
    if (!moved.ok) throw new Error(moved.error.message);
    const orders: NwOrder[] = [{ kind: 'retreat', unit: 'fr1', way: 'left' }, { kind: 'advance', unit: 'fr2', advance: false }];
    const r = resolveNw(moved.value.state, new Map([[fr, orders]]), dice([]));
    expect(r.state.units.fr1!.pose.at.x).toBeCloseTo(34.24, 2);
    expect(r.state.units.fr1!.pose.at.y).toBeCloseTo(13.51, 2);
    expect(r.state.phase).toBe('maneuver');
    expect(r.state.log.retreatWay).toBeUndefined();
    expect(r.state.log.moved).toContain('fr1');
    expect(r.state.log.combat).toEqual({ primary: {}, advance: { fr2: false } });
    expect(nwPhaseInfo(r.state).id).toBe('nw/maneuver');
    expect(nwOwing(r.state)).toEqual([fr]);
    const next = nw.act(r.state, fr, { kind: 'move', unit: 'fr2', to: 'forward 1in' }, dice([5, 5]));
    expect(next.ok).toBe(true);
  });

  it("a silent player's brigade goes right", async () => {
    const s = await maneuverWindow();
    const moved = nw.act(s, seatOf(s, 'french'), { kind: 'move', unit: 'fr1', to: 'contact auA' }, dice([5, 5, 5, 5]));
    if (!moved.ok) throw new Error(moved.error.message);
    const r = resolveNw(moved.value.state, new Map(), dice([]));
    expect(r.state.units.fr1!.pose.at.x).toBeCloseTo(25.76, 2);
    expect(r.state.phase).toBe('maneuver');
  });
});
