import { beforeAll, describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import type { GameEvent, MoveEvent } from '../../../src/rules/events';
import { nw } from '../../../src/rules/nw/index';
import { parseArtilleryLabel, parseCinCLabel, parseCommanderLabel, parseGeneralLabel, parseUnitLabel, unitLabelChartMismatch } from '../../../src/rules/nw/labels';
import { buildNwState, loadNwScenarioFile, type NwScenarioData } from '../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import { EMPTY_LOG, type NwState } from '../../../src/rules/nw/state';
import type { NwOrder } from '../../../src/rules/nw/orders';
import { garbageOrders, generateNwBattle, playNw, prng, replayNw, startNw, stateHash, type NwPlayed, type NwWindowStep } from '../../helpers/nw-battle';

/**
 * Whole NW games played by the random legal player (test/helpers/nw-battle.ts) through the
 * Ruleset contract, as the game service drives it: the teaching scenario, Quatre Bras and a
 * generated 60-brigade battle each play to their end, replay exactly from their recorded inputs,
 * and keep the invariants below after every window.
 */

const SETTINGS = NW_SETTINGS_DEFAULTS;
const GARBAGE_PER_WINDOW = 200;

interface Game {
  readonly name: string;
  readonly data: NwScenarioData;
  readonly diceSeed: string;
  readonly setupDice: number;
  readonly setupEvents: readonly GameEvent[];
  readonly played: NwPlayed;
  /** Property failures, as text: collected during play, asserted in the tests. */
  readonly problems: string[];
  /** Windows opened in each game turn. */
  readonly windowsPerTurn: Map<number, number>;
  /** Pieces of each side that rolled on the Maneuver Table or moved in a maneuver window. */
  readonly maneuvered: Map<string, Set<string>>;
  /** WN-3 fallbacks: posted (validated) orders the resolution replaced by the default. */
  readonly fallbacks: string[];
}

const deepFreeze = <T>(x: T): T => {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
};

const sideOfPiece = (s: NwState, id: string): string | undefined =>
  s.units[id]?.side ?? s.batteries[id]?.side ?? s.generals[id]?.side ?? s.commanders[id]?.side ?? Object.values(s.armies).find((a) => a.cinc.id === id)?.side;

/** The invariants every window must keep; failures are collected, not thrown, so one bad window does not hide the rest. */
function checkWindow(game: Game, step: NwWindowStep, r: ReturnType<typeof prng>): void {
  const where = `${game.name} window ${step.index} (turn ${step.record.turn}, ${step.record.phase})`;
  const bad = (what: string) => game.problems.push(`${where}: ${what}`);

  // No brigade's s.p. above its start.
  for (const s of [step.acted, step.after]) {
    for (const u of Object.values(s.units)) if (u.sp > u.spStart) bad(`${u.id} has ${u.sp} s.p., above its starting ${u.spStart}`);
  }
  // No move costs more than its allowance.
  for (const e of [...step.actionEvents, ...step.events].filter((x): x is MoveEvent => x.kind === 'move')) {
    if (e.cost !== undefined && e.allowance !== undefined && e.cost > e.allowance + 1e-6) bad(`move of ${e.unit} costs ${e.cost} > allowance ${e.allowance} (${e.rule})`);
  }
  // The state survives JSON unchanged (it is stored as JSON between windows); so does the state
  // after the binding acts, which the service keeps as returned while it stores its JSON (issue 12).
  for (const [what, st] of [['resolved', step.after], ['acted', step.acted]] as const) {
    try {
      expect(JSON.parse(JSON.stringify(st))).toStrictEqual(st);
    } catch {
      bad(`the ${what} state does not round-trip through JSON`);
    }
  }
  // Somebody owes input unless the game is over.
  if (!nw.outcome(step.after) && nw.owing(step.after).length === 0) bad(`nobody owes anything in phase ${step.after.phase}`);

  // validate never throws and never mutates, on schema-valid nonsense.
  const frozen = deepFreeze(structuredClone(step.acted));
  const before = stateHash(frozen);
  const seats = [...frozen.seats.map((x) => x.id), 'nobody'];
  const orders = garbageOrders(frozen, r, GARBAGE_PER_WINDOW);
  for (const [i, o] of orders.entries()) {
    try {
      const v = nw.validate(frozen, seats[i % seats.length]!, o, orders.slice(Math.max(0, i - 3), i));
      if (v.ok !== true && v.ok !== false) bad(`validate returned ${JSON.stringify(v)}`);
    } catch (e) {
      bad(`validate threw on ${JSON.stringify(o)}: ${(e as Error).message}`);
      break;
    }
  }
  if (stateHash(frozen) !== before) bad('validate changed the state');

  // Bookkeeping for the whole-game properties.
  game.windowsPerTurn.set(step.record.turn, (game.windowsPerTurn.get(step.record.turn) ?? 0) + 1);
  if (step.record.phase === 'maneuver') {
    for (const e of [...step.actionEvents, ...step.events]) {
      const id = e.kind === 'move' ? e.unit : e.kind === 'roll' && e.purpose === 'maneuver' ? e.subject : null;
      const side = id ? sideOfPiece(step.open, id) : undefined;
      if (id && side) game.maneuvered.set(side, (game.maneuvered.get(side) ?? new Set()).add(id));
    }
  }
  for (const e of step.events) {
    if (e.kind === 'note' && /(default plan is used instead|engine's proposals are used instead)/u.test(e.text)) game.fallbacks.push(`${where}: ${e.text}`);
  }
}

function play(name: string, data: NwScenarioData, seed: number): Game {
  const diceSeed = (seed.toString(16) + 'c0ffee').padEnd(64, '0');
  const setup = startNw(data, SETTINGS, diceSeed);
  const r = prng(seed + 99);
  const game: Game = {
    name, data, diceSeed, setupDice: setup.dice, setupEvents: setup.events, played: undefined as unknown as NwPlayed,
    problems: [], windowsPerTurn: new Map(), maneuvered: new Map(), fallbacks: [],
  };
  if (nw.owing(setup.state).length === 0) game.problems.push(`${name}: nobody owes anything after set-up`);
  const played = playNw(setup.state, seed, { diceSeed, diceStart: setup.dice, maxWindows: 300, onWindow: (step) => checkWindow(game, step, r) });
  return { ...game, played };
}

const rollsOf = (games: readonly Game[], purpose: string): number =>
  games.reduce((n, g) => n + [...g.setupEvents, ...g.played.events].filter((e) => e.kind === 'roll' && e.purpose === purpose).length, 0);

describe('whole NW games played by a random legal player', () => {
  const games: Game[] = [];

  beforeAll(async () => {
    for (const [name, seed] of [['teaching', 1], ['quatre-bras', 2]] as const) {
      const loaded = await loadNwScenarioFile(`assets/scenarios/nw/${name}.yaml`, SETTINGS);
      if (!loaded.ok) throw new Error(`${name}: ${loaded.error.map((e) => e.message).join('; ')}`);
      games.push(play(name, loaded.value, seed));
    }
    games.push(play('generated-60', generateNwBattle({ seed: 3, brigadesPerSide: 30 }), 3));
  }, 60_000);

  it('generates a valid battle: 60 brigades with chart-consistent labels, cavalry of every weight, batteries and terrain', () => {
    const data = games[2]!.data;
    expect(data.units).toHaveLength(60);
    for (const u of data.units) {
      const l = parseUnitLabel(u.label);
      expect(l.ok, u.label).toBe(true);
      if (!l.ok) continue;
      expect(unitLabelChartMismatch(l.value), u.label).toBeNull();
      expect(l.value.levels?.fresh).toBe(u.spStart);
      expect(l.value.weight).toBe(u.weight);
    }
    for (const side of ['fr', 'al']) {
      const weights = new Set(data.units.filter((u) => u.side === side && u.arm === 'cavalry').map((u) => u.weight));
      expect([...weights].sort()).toEqual(['heavy', 'light', 'medium']);
    }
    for (const b of data.batteries) expect(parseArtilleryLabel(b.label).ok, b.label).toBe(true);
    for (const c of data.commanders) expect(parseCommanderLabel(c.label).ok, c.label).toBe(true);
    for (const g of data.generals) expect(parseGeneralLabel(g.label).ok, g.label).toBe(true);
    for (const a of data.armies) expect(parseCinCLabel(a.cinc.label).ok, a.cinc.label).toBe(true);
    const kinds = new Set(data.map.terrain.map((t) => t.kind));
    for (const k of ['woods', 'stream', 'bridge', 'ford', 'built-up', 'road', 'hill']) expect(kinds, k).toContain(k);
    // Deterministic from the seed.
    expect(stateHash(generateNwBattle({ seed: 3, brigadesPerSide: 30 }))).toBe(stateHash(data));
  });

  it.each([0, 1, 2])('game %i plays to its end', (i) => {
    const g = games[i]!;
    expect(nw.outcome(g.played.state), g.name).not.toBeNull();
    expect(g.played.state.phase).toBe('ended');
    expect(g.played.state.turn).toBe(g.played.state.lastTurn);
  });

  it.each([0, 1, 2])('game %i replays from its recorded inputs and seed to the same state and events', (i) => {
    const g = games[i]!;
    const again = replayNw(g.data, SETTINGS, { diceSeed: g.diceSeed, setupDice: g.setupDice, windows: g.played.windows });
    expect(stateHash(again.state)).toBe(stateHash(g.played.state));
    expect(again.events).toEqual(g.played.events);
  });

  it.each([0, 1, 2])('game %i keeps every per-window invariant', (i) => {
    const g = games[i]!;
    expect(g.problems).toEqual([]);
    expect(g.played.windows.length).toBeGreaterThan(0);
  });

  it.each([0, 1, 2])('game %i: posted orders that validate accepted are never replaced at resolution', (i) => {
    expect(games[i]!.fallbacks).toEqual([]);
  });

  it.each([0, 1, 2])('game %i: both sides maneuver', (i) => {
    const g = games[i]!;
    for (const side of g.played.state.sides) expect(g.maneuvered.get(side.id)?.size ?? 0, `${g.name} ${side.id}`).toBeGreaterThan(0);
  });

  it('counts the windows of a typical turn (teaching scenario)', () => {
    const per = [...games[0]!.windowsPerTurn.values()];
    const mean = per.reduce((a, b) => a + b, 0) / per.length;
    console.log(`NW teaching game: ${games[0]!.played.windows.length} windows over ${per.length} turns, per turn [${per.join(', ')}], mean ${mean.toFixed(2)}`);
    expect(mean).toBeGreaterThanOrEqual(2);
  });

  it('rolls cavalry reactions and rallies in some game', () => {
    expect(rollsOf(games, 'cavalry reaction')).toBeGreaterThan(0);
    expect(rollsOf(games, 'rally')).toBeGreaterThan(0);
  });
});

describe('combat choices posted in the maneuver window', () => {
  it('a primary that cannot apply (not a tied-best attacker) does not discard the other, legal primaries', async () => {
    const loaded = await loadNwScenarioFile('assets/scenarios/nw/teaching.yaml', SETTINGS);
    if (!loaded.ok) throw new Error('teaching scenario');
    let s: NwState = buildNwState(loaded.value, SETTINGS);
    const put = (id: string, x: number, y: number, facing: number, sp?: number) => {
      const u = s.units[id]!;
      s = { ...s, units: { ...s.units, [id]: { ...u, pose: { at: { x, y }, facing }, onTable: true, attachedGeneral: null, ...(sp !== undefined ? { sp } : {}) } } };
    };
    // Two combats: fr-1b (6) + fr-2b (6) tie against au-1b; fr-3b (6) outranks fr-chasseurs (4, cavalry) against au-3b.
    put('au-1b', 24, 30, 180); put('fr-1b', 22.5, 27, 0, 6); put('fr-2b', 25.5, 27, 0, 6);
    put('au-3b', 40, 30, 180); put('fr-3b', 38.5, 27, 0, 6); put('fr-chasseurs', 41.5, 27, 0);
    put('au-2b', 8, 30, 180);
    s = {
      ...s, generals: { ...s.generals, dufour: { ...s.generals.dufour!, attachedTo: null, onTable: false } },
      phase: 'maneuver', playerTurn: 1, phasing: 'french', initiative: { winner: 'french', first: 'french' },
      log: { ...EMPTY_LOG, contacts: { 'fr-1b': 'au-1b', 'fr-2b': 'au-1b', 'fr-3b': 'au-3b', 'fr-chasseurs': 'au-3b' } },
    };
    const tied: NwOrder = { kind: 'primary', defender: 'au-1b', unit: 'fr-2b' };
    const untied: NwOrder = { kind: 'primary', defender: 'au-3b', unit: 'fr-chasseurs' };
    expect(nw.validate(s, 'french', tied, []).ok).toBe(true);
    expect(nw.validate(s, 'french', untied, [tied]).ok).toBe(true); // "leads if the s.p. tie"
    // Issue 17: a lead named for a defender no French brigade touches is refused, not silently dropped.
    const loose = nw.validate(s, 'french', { kind: 'primary', defender: 'au-2b', unit: 'fr-1b' }, []);
    expect(loose.ok ? null : loose.error.code).toBe('combat/not-in-contact');
    const own = nw.validate(s, 'french', { kind: 'primary', defender: 'fr-3b', unit: 'fr-1b' }, []);
    expect(own.ok ? null : own.error.code).toBe('combat/unknown-defender');
    const step = nw.resolve(s, new Map([['french', [tied, untied]]]), seededDice('ab'.repeat(32)));
    const leads = step.events.flatMap((e) => (e.kind === 'note' && / is the primary unit\.$/u.test(e.text) ? [e.text] : []));
    expect(leads).toContain('1st Brigade + 2nd Brigade attack Brigade Mayer; 2nd Brigade is the primary unit.');
    expect(leads).toContain('3rd Brigade + Chasseurs à cheval attack Brigade Stein; 3rd Brigade is the primary unit.');
  });
});
