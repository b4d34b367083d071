/**
 * Generated NW ("Napoleon's Wars") battles and a random legal player, for whole-game tests and
 * the benchmark (bench/nw.ts) — the NW counterpart of test/helpers/dram-battle.ts.
 * Deterministic: everything comes from the seeds (no Math.random), so a game replays exactly.
 */
import { seededDice } from '../../src/dice/dice';
import type { GameEvent } from '../../src/rules/events';
import type { Point, TerrainFeature } from '../../src/rules/geometry/types';
import { nw } from '../../src/rules/nw/index';
import { formatArtilleryLabel, formatCinCLabel, formatCommanderLabel, formatGeneralLabel, formatUnitLabel } from '../../src/rules/nw/labels';
import { REACTION_CHOICES, type NwAction, type NwOrder } from '../../src/rules/nw/orders';
import { batteryTargets } from '../../src/rules/nw/phases/artillery';
import { findContacts } from '../../src/rules/nw/phases/combat';
import { canMove } from '../../src/rules/nw/phases/maneuver';
import { reactionCandidates } from '../../src/rules/nw/phases/reaction';
import { skirmishAssignments } from '../../src/rules/nw/phases/skirmish';
import type { NwScenarioData } from '../../src/rules/nw/scenario';
import type { NwSettings } from '../../src/rules/nw/settings';
import { liveBatteries, liveUnits, type NwState } from '../../src/rules/nw/state';
import { fatigueLevels } from '../../src/rules/nw/tables/fatigue';
import { presenceBonus } from '../../src/rules/nw/tables/initiative';
import type { CavalryWeight, Quality, Skill, SkValue } from '../../src/rules/nw/tables/vocabulary';
import { prng, stateHash } from './dram-battle';

export { prng, stateHash };

type Rand = ReturnType<typeof prng>;

// ---------------------------------------------------------------------------------------------
// The generated battle

const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII', 'XVIII', 'XIX', 'XX'];
const BRIGADE = 3;
const COLUMN = 5;

export interface NwBattleOptions {
  readonly seed: number;
  readonly brigadesPerSide: number;
  /** Game turns (default 6). */
  readonly turns?: number;
  /** Inches between the two front lines (default 22: contact by turn 2-3). */
  readonly gap?: number;
  /** Share of each side's brigades that are cavalry (default 1/6, at least one of each weight from 6 brigades). */
  readonly cavalryShare?: number;
  /** Brigades per infantry corps (default 8). */
  readonly corpsSize?: number;
  /** One cavalry brigade a side enters as a reinforcement on turn 2 (default true). */
  readonly reinforcements?: boolean;
}

/**
 * Two armies facing each other across a stream with a bridge and a ford, a town by the bridge,
 * woods and hills in no-man's land and a road north-south through the bridge: corps of
 * divisions of brigades with labels read from the Fatigue Level Chart, a cavalry corps of every
 * weight, a foot battery per corps (one attached), a horse battery with the cavalry, a CinC, a
 * commander per corps with the corps-army range (4" + 1" a unit), a division general per corps
 * and an ADC. Built directly as NwScenarioData (the shape `nwScenarioData` produces).
 */
export function generateNwBattle(opts: NwBattleOptions): NwScenarioData {
  const r = prng(opts.seed * 7919 + 17);
  const n = Math.max(2, Math.floor(opts.brigadesPerSide));
  const gap = opts.gap ?? 22;
  const cavCount = n >= 6 ? Math.max(3, Math.round(n * (opts.cavalryShare ?? 1 / 6))) : 0;
  const infCount = n - cavCount;
  const corpsSize = Math.max(2, opts.corpsSize ?? 8);
  const infCorps = Math.max(1, Math.ceil(infCount / corpsSize));
  // Columns: each infantry corps in two lines, the cavalry corps in two lines on the right, a gap between corps.
  const columnsPerSide = infCorps * Math.ceil(corpsSize / 2) + Math.ceil(cavCount / 2) + infCorps + 1;
  const width = Math.max(60, Math.ceil(columnsPerSide * COLUMN + 12));
  const height = 20 + gap;
  const midY = height / 2;
  const streamY = (x: number) => midY + Math.sin((x / width) * Math.PI * 3) * 1.5;

  const sides = [
    { id: 'fr', name: 'French', colour: '#1f4e9c', front: 10, facing: 0, dir: 1, cinc: { name: 'Napoleon', skill: 'excellent' as Skill, isNapoleon: true }, morale: 'good' as const },
    { id: 'al', name: 'Allies', colour: '#b22222', front: height - 10, facing: 180, dir: -1, cinc: { name: 'Duke Ferdinand', skill: 'good' as Skill, isNapoleon: false }, morale: 'average' as const },
  ];

  // Terrain.
  const streamLine: Point[] = [];
  for (let k = 0; k <= 12; k++) { const x = (k * width) / 12; streamLine.push({ x, y: streamY(x) }); }
  const bridgeX = Math.round(width / 2);
  const fordX = Math.round(width / 5);
  const terrain: TerrainFeature[] = [
    { id: 'stream', kind: 'stream', name: 'the Bach', line: streamLine, width: 0.5 },
    { id: 'bridge', kind: 'bridge', name: 'the stone bridge', at: { x: bridgeX, y: streamY(bridgeX) }, crosses: 'stream' },
    { id: 'ford', kind: 'ford', name: 'the mill ford', at: { x: fordX, y: streamY(fordX) }, crosses: 'stream' },
    { id: 'road-ns', kind: 'road', name: 'the high road', line: [{ x: bridgeX, y: 0 }, { x: bridgeX, y: streamY(bridgeX) }, { x: bridgeX, y: height }] },
    { id: 'road-ew', kind: 'road', name: 'the lateral road', line: [{ x: 0, y: 4 }, { x: width, y: 4 }] },
    { id: 'town', kind: 'built-up', name: 'Hochdorf', polygon: rect(bridgeX + 2, streamY(bridgeX) + 1.5, bridgeX + 6, streamY(bridgeX) + 5.5), blocksLos: true },
  ];
  // Woods and hills in no-man's land (clear of both deployments, which reach 1.5" beyond the front lines).
  const lo = 10 + BRIGADE;
  const hi = height - 10 - BRIGADE;
  const patches = Math.max(4, Math.floor(width / 25));
  for (let i = 0; i < patches; i++) {
    let cx = ((i + 0.25 + r.next() * 0.5) * width) / patches;
    if (Math.abs(cx - bridgeX) < 10) cx = bridgeX + (cx < bridgeX ? -10 : 10); // keep the bridge and the town clear
    const w = 2 + r.next() * 3;
    const h = 1.5 + r.next() * Math.max(0.5, (hi - lo) / 4);
    const cy = lo + h + r.next() * Math.max(0, hi - lo - 2 * h);
    if (i % 2 === 1) terrain.push({ id: `hill-${i}`, kind: 'hill', name: `hill ${i}`, polygon: rect(cx - w, cy - h, cx + w, cy + h), level: 1 });
    else terrain.push({ id: `wood-${i}`, kind: 'woods', name: `wood ${i}`, polygon: rect(cx - w, cy - h, cx + w, cy + h), blocksLos: true });
  }

  const armies: NwScenarioData['armies'][number][] = [];
  const commands: NwScenarioData['commands'][number][] = [];
  const commanders: NwScenarioData['commanders'][number][] = [];
  const generals: NwScenarioData['generals'][number][] = [];
  const units: NwScenarioData['units'][number][] = [];
  const batteries: NwScenarioData['batteries'][number][] = [];
  const reinforcements: NwScenarioData['reinforcements'][number][] = [];
  const pose = (side: (typeof sides)[number], x: number, line: number) => ({ at: { x, y: side.front - side.dir * line * 5 }, facing: side.facing });

  for (const side of sides) {
    const cincId = `${side.id}-cinc`;
    armies.push({
      side: side.id, name: `${side.name} army`, morale: side.morale,
      cinc: {
        id: cincId, name: side.cinc.name, label: formatCinCLabel({ name: side.cinc.name, skill: side.cinc.skill, isNapoleon: side.cinc.isNapoleon, presence: 0 }),
        skill: side.cinc.skill, isNapoleon: side.cinc.isNapoleon, presence: presenceBonus(side.cinc.skill, side.cinc.isNapoleon),
        pose: { at: { x: width / 2, y: side.front - side.dir * 8 }, facing: side.facing }, onTable: true, startedOnMap: true,
      },
    });
    generals.push({ id: `${side.id}-adc`, name: `${side.name} ADC`, side: side.id, label: 'ADC', kind: 'adc', command: null, pose: { at: { x: width / 2 + 3, y: side.front - side.dir * 8 }, facing: side.facing }, onTable: true, attachedTo: null });

    let column = 1;
    const xOf = (c: number) => 6 + c * COLUMN;
    let left = infCount;
    for (let c = 1; c <= infCorps; c++) {
      const size = Math.min(corpsSize, left - (infCorps - c)); // at least one brigade for each corps still to come
      left -= size;
      const cmdId = `${side.id}-c${c}`;
      const unitIds: string[] = [];
      const cols = Math.ceil(size / 2);
      const divisions = Math.max(1, Math.ceil(size / 3));
      for (let k = 0; k < size; k++) {
        const division = 1 + Math.floor((k * divisions) / size);
        const brigade = 1 + k - Math.ceil(((division - 1) * size) / divisions);
        const quality = r.pick(['elite', 'veteran', 'veteran', 'line', 'line', 'conscript'] as const satisfies readonly Quality[]);
        const sp = 4 + r.int(6);
        const sk = r.pick([0, 1, 1, 2] as const satisfies readonly SkValue[]);
        const levels = fatigueLevels(sp, quality)!;
        const id = `${cmdId}-${division}-${brigade}`;
        const label = formatUnitLabel({ brigade, division, corps: c, cavalryCorps: false, weight: null, sk, mixed: false, levels, quality });
        units.push({
          id, name: `${side.name} ${brigade}/${division}/${ROMAN[c]}`, side: side.id, command: cmdId, label, brigade, division, corps: c, cavalryCorps: false,
          arm: 'infantry', weight: null, sk, mixed: false, quality, levels, spStart: sp, irregularCavalry: false,
          pose: pose(side, xOf(column + (k % cols)), Math.floor(k / cols)), base: { width: BRIGADE, depth: BRIGADE }, onTable: true,
        });
        unitIds.push(id);
      }
      const batId = `${cmdId}-bty`;
      const attachTo = c === 1 ? unitIds[unitIds.length - 1] : undefined;
      // An attached battery stands in the gap beside its brigade; the others in the front line's first gap.
      const host = attachTo ? units.find((u) => u.id === attachTo)! : undefined;
      const batX = host ? host.pose.at.x + COLUMN / 2 : xOf(column) + COLUMN / 2;
      const batLine = host ? Math.floor((size - 1) / cols) : 0;
      batteries.push({
        id: batId, name: `${ROMAN[c]} Corps foot battery`, side: side.id, command: cmdId, label: formatArtilleryLabel({ command: `${ROMAN[c]} Corp`, pounds: c % 2 ? 8 : 12, weight: c % 2 ? 'medium' : 'heavy', kind: 'foot' }),
        pounds: c % 2 ? 8 : 12, weight: c % 2 ? 'medium' : 'heavy', kind: 'foot', pose: pose(side, batX, batLine), base: { width: 1.5, depth: 1.5 }, onTable: true, attachedTo: attachTo ?? null,
      });
      const skill = r.pick(['excellent', 'good', 'good', 'average', 'poor'] as const satisfies readonly Skill[]);
      const valorous = r.next() < 0.3;
      const range = 4 + size + 1;
      const cName = `${side.id === 'fr' ? 'Général' : 'General'} ${side.id.toUpperCase()}${c}`;
      commanders.push({
        id: `${cmdId}-gen`, name: cName, side: side.id, label: formatCommanderLabel({ name: cName, valorous, command: `${ROMAN[c]} Corp`, skill, rangeInches: range }),
        command: cmdId, skill, valorous, rangeInches: range, baseRangeInches: 4, pose: pose(side, xOf(column) + (cols * COLUMN) / 2 - COLUMN / 2, 2.2), onTable: true, attachedTo: null,
      });
      const firstId = unitIds[0]!;
      generals.push({
        id: `${cmdId}-div1`, name: `${cName} (1st Division)`, side: side.id, label: formatGeneralLabel({ kind: 'division', division: 1, corps: c, cavalryCorps: false }),
        kind: 'division', command: cmdId, pose: units.find((u) => u.id === firstId)!.pose, onTable: true, attachedTo: firstId,
      });
      commands.push({ id: cmdId, name: `${ROMAN[c]} Corps`, side: side.id, commander: `${cmdId}-gen`, morale: side.morale, units: unitIds, batteries: [batId] });
      column += cols + 1;
    }

    if (cavCount > 0) {
      const c = infCorps + 1;
      const cmdId = `${side.id}-cav`;
      const unitIds: string[] = [];
      const cols = Math.ceil(cavCount / 2);
      const weights: CavalryWeight[] = ['light', 'medium', 'heavy'];
      for (let k = 0; k < cavCount; k++) {
        const weight = k < 3 ? weights[k]! : r.pick(weights);
        const division = 1 + (k % 2);
        const brigade = 1 + Math.floor(k / 2);
        const quality = r.pick(['elite', 'veteran', 'line', 'line'] as const satisfies readonly Quality[]);
        const sp = 3 + r.int(4);
        const sk: SkValue = weight === 'light' && r.next() < 0.6 ? 1 : 0;
        const levels = fatigueLevels(sp, quality)!;
        const id = `${cmdId}-${division}-${brigade}`;
        const label = formatUnitLabel({ brigade, division, corps: c, cavalryCorps: true, weight, sk, mixed: false, levels, quality });
        const reinforcing = (opts.reinforcements ?? true) && k === cavCount - 1 && cavCount > 3;
        const p = pose(side, xOf(column + (k % cols)), Math.floor(k / cols));
        units.push({
          id, name: `${side.name} ${weight} cavalry ${brigade}/${division}`, side: side.id, command: cmdId, label, brigade, division, corps: c, cavalryCorps: true,
          arm: 'cavalry', weight, sk, mixed: false, quality, levels, spStart: sp, irregularCavalry: false,
          pose: reinforcing ? { at: { x: xOf(column), y: side.dir > 0 ? 0 : height }, facing: side.facing } : p, base: { width: BRIGADE, depth: BRIGADE }, onTable: !reinforcing,
        });
        unitIds.push(id);
        if (reinforcing) reinforcements.push({ turn: 2, pieces: [id], at: { x: xOf(column), y: side.dir > 0 ? 0 : height }, facing: side.facing, condition: 'Arrives at its corps\' rear at the start of its maneuver phase.' });
      }
      const batId = `${cmdId}-bty`;
      batteries.push({
        id: batId, name: 'Horse battery', side: side.id, command: cmdId, label: formatArtilleryLabel({ command: `${ROMAN[c]}C Corp`, pounds: 6, weight: 'medium', kind: 'horse' }),
        pounds: 6, weight: 'medium', kind: 'horse', pose: pose(side, xOf(column) + COLUMN / 2, 0), base: { width: 1.5, depth: 1.5 }, onTable: true, attachedTo: null,
      });
      const cName = `${side.name} cavalry commander`;
      const range = 4 + cavCount;
      commanders.push({
        id: `${cmdId}-gen`, name: cName, side: side.id, label: formatCommanderLabel({ name: cName, valorous: true, command: `${ROMAN[c]}C Corp`, skill: 'good', rangeInches: range }),
        command: cmdId, skill: 'good', valorous: true, rangeInches: range, baseRangeInches: 4, pose: pose(side, xOf(column) + COLUMN / 2, 2.2), onTable: true, attachedTo: null,
      });
      commands.push({ id: cmdId, name: `${ROMAN[c]} Cavalry Corps`, side: side.id, commander: `${cmdId}-gen`, morale: side.morale, units: unitIds, batteries: [batId] });
    }
  }

  const townC = { x: bridgeX + 4, y: streamY(bridgeX) + 3.5 };
  return {
    id: `nw-generated-${opts.seed}`, name: `Generated NW battle ${opts.seed}`, lastTurn: opts.turns ?? 6, clock: { start: 13 * 60, turnMinutes: 30 },
    map: {
      table: { width, height }, gridCell: 6, yardsPerInch: 100, terrain,
      landmarks: [
        { name: 'Hochdorf', at: townC, aliases: ['the town'] },
        { name: 'the stone bridge', at: { x: bridgeX, y: streamY(bridgeX) }, aliases: ['the bridge'] },
        { name: 'the mill ford', at: { x: fordX, y: streamY(fordX) }, aliases: ['the ford'] },
      ],
    },
    sides: sides.map((s) => ({ id: s.id, name: s.name, colour: s.colour })),
    armies, commands, commanders, generals, units, batteries, reinforcements,
    victory: {
      objectives: [
        { name: 'Hochdorf', at: townC, radius: 3, side: 'any', points: 2 },
        { name: 'the stone bridge', at: { x: bridgeX, y: streamY(bridgeX) }, radius: 2, side: 'any', points: 1 },
      ],
      drawMargin: 0,
    },
    warnings: [],
  };
}

function rect(x0: number, y0: number, x1: number, y1: number): Point[] {
  return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
}

// ---------------------------------------------------------------------------------------------
// The random legal player

/** One binding in-window action, with the dice positions it started and ended at. */
export interface NwActionRecord {
  readonly seat: string;
  readonly action: NwAction;
  readonly dice: number;
  readonly diceEnd: number;
}

/** One window as played: its actions in order, then each owing seat's accepted orders and the dice position `resolve` started at. */
export interface NwWindowRecord {
  readonly turn: number;
  readonly phase: string;
  readonly actions: readonly NwActionRecord[];
  readonly orders: readonly (readonly [string, readonly NwOrder[]])[];
  readonly dice: number;
  readonly diceEnd: number;
}

/** Everything needed to replay a game: the dice seed, the set-up's dice span and every window's input. */
export interface NwGameRecord {
  readonly diceSeed: string;
  readonly setupDice: number;
  readonly windows: readonly NwWindowRecord[];
}

/** What one window looked like to a test: the state as it opened, after the actions, after resolution, and its events. */
export interface NwWindowStep {
  readonly index: number;
  readonly open: NwState;
  readonly acted: NwState;
  /** As `resolve` returned it (not yet through JSON; play goes on from its JSON round-trip). */
  readonly after: NwState;
  readonly actionEvents: readonly GameEvent[];
  readonly events: readonly GameEvent[];
  readonly record: NwWindowRecord;
  /** Milliseconds spent in `nw.act` and in `nw.resolve` (for the benchmark). */
  readonly actMs: number;
  readonly resolveMs: number;
  /** The same as CPU time of this process (user + system): on a shared, loaded machine wall time also counts the wait for a core. */
  readonly actCpuMs: number;
  readonly resolveCpuMs: number;
}

export interface NwPlayOptions {
  /** Hex seed of the game's dice. */
  readonly diceSeed: string;
  /** Where the dice stand (after set-up). */
  readonly diceStart: number;
  /** Stop after this many windows (default 400). */
  readonly maxWindows?: number;
  /** Chance a phasing piece is maneuvered in a maneuver window (default 0.6). */
  readonly moveShare?: number;
  /** Called after every window (property checks, timing). */
  readonly onWindow?: (step: NwWindowStep) => void;
}

export interface NwPlayed {
  readonly state: NwState;
  readonly windows: NwWindowRecord[];
  /** Every event of the game after set-up: each window's actions' events, then its resolution's. */
  readonly events: GameEvent[];
}

/** Set a game up as the game service does, with seeded dice from position 0. */
export function startNw(data: NwScenarioData, settings: NwSettings, diceSeed: string): { state: NwState; events: readonly GameEvent[]; dice: number } {
  const dice = seededDice(diceSeed, 0);
  const step = nw.setup(data, settings, dice);
  return { state: roundTrip(step.state), events: step.events, dice: dice.nextIndex };
}

/** The game service keeps the state as JSON between calls (an act's state it also keeps as returned: GameService.act). */
const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const now = () => performance.now();
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/**
 * Play a game with a random but legal player for every seat, driving the Ruleset as the game
 * service does: in each window, for each owing seat, binding actions first (maneuver rolls and
 * moves, attachments: only those `act` accepts are kept), then a few random orders, keeping
 * only those `validate` accepts (one per key, a later one replacing an earlier); then `resolve`
 * with the owing seats' orders. Stops at the outcome or after `maxWindows` windows.
 */
export function playNw(start: NwState, seed: number, opts: NwPlayOptions): NwPlayed {
  const r = prng(seed);
  const dice = seededDice(opts.diceSeed, opts.diceStart);
  let state = start;
  const windows: NwWindowRecord[] = [];
  const events: GameEvent[] = [];
  const max = opts.maxWindows ?? 400;
  for (let w = 0; w < max && !nw.outcome(state); w++) {
    const open = state;
    const actions: NwActionRecord[] = [];
    const actionEvents: GameEvent[] = [];
    let actMs = 0;
    let actCpuMs = 0;
    const owing = [...nw.owing(state)];
    const act = (seat: string, action: NwAction): boolean => {
      const at = dice.nextIndex;
      const t = now();
      const c = cpu();
      const res = nw.act(state, seat, action, dice);
      actMs += now() - t;
      actCpuMs += cpu() - c;
      if (!res.ok) {
        if (dice.nextIndex !== at) throw new Error(`NW act refused ${JSON.stringify(action)} after rolling dice (${at} → ${dice.nextIndex})`);
        return false;
      }
      // As the game service keeps it (GameService.act): the next act starts from this object.
      state = res.value.state;
      actions.push({ seat, action, dice: at, diceEnd: dice.nextIndex });
      actionEvents.push(...res.value.events);
      return true;
    };
    if (state.phase === 'maneuver') for (const seat of owing) maneuver(state, seat, r, act, opts.moveShare ?? 0.6, () => state);
    const orders: [string, NwOrder[]][] = [];
    for (const seat of owing) {
      const accepted: NwOrder[] = [];
      for (const candidate of orderCandidates(state, seat, r)) {
        const key = nw.orderKey(candidate);
        const pending = accepted.filter((o) => nw.orderKey(o) !== key);
        const v = nw.validate(state, seat, candidate, pending);
        if (!v.ok) continue;
        const at = accepted.findIndex((o) => nw.orderKey(o) === key);
        if (at >= 0) accepted[at] = v.value.order;
        else accepted.push(v.value.order);
      }
      orders.push([seat, accepted]);
    }
    const acted = state;
    const at = dice.nextIndex;
    const t = now();
    const c = cpu();
    const step = nw.resolve(acted, new Map(orders), dice);
    const resolveMs = now() - t;
    const resolveCpuMs = cpu() - c;
    state = roundTrip(step.state);
    const record: NwWindowRecord = { turn: open.turn, phase: open.phase, actions, orders, dice: at, diceEnd: dice.nextIndex };
    windows.push(record);
    events.push(...actionEvents, ...step.events);
    opts.onWindow?.({ index: w, open, acted, after: step.state, actionEvents, events: step.events, record, actMs, resolveMs, actCpuMs, resolveCpuMs });
  }
  return { state, windows, events };
}

/**
 * Replay a game from its record: set-up, then every window's actions at their recorded dice
 * positions and its resolution with its recorded orders. Throws if any action is refused or
 * the dice end anywhere but where they ended in play (a non-deterministic step).
 */
export function replayNw(data: NwScenarioData, settings: NwSettings, record: NwGameRecord): NwPlayed {
  const setup = startNw(data, settings, record.diceSeed);
  if (setup.dice !== record.setupDice) throw new Error(`replay: set-up rolled ${setup.dice} dice, not ${record.setupDice}`);
  let state = setup.state;
  const events: GameEvent[] = [];
  for (const [i, w] of record.windows.entries()) {
    for (const a of w.actions) {
      const dice = seededDice(record.diceSeed, a.dice);
      const res = nw.act(state, a.seat, a.action, dice);
      if (!res.ok) throw new Error(`replay: window ${i}: ${JSON.stringify(a.action)} refused: ${res.error.message}`);
      if (dice.nextIndex !== a.diceEnd) throw new Error(`replay: window ${i}: ${JSON.stringify(a.action)} rolled to ${dice.nextIndex}, not ${a.diceEnd}`);
      // From JSON, as a restarted service reads it (play keeps the object): a replay that agrees shows both paths alike.
      state = roundTrip(res.value.state);
      events.push(...res.value.events);
    }
    const dice = seededDice(record.diceSeed, w.dice);
    const step = nw.resolve(state, new Map(w.orders.map(([seat, o]) => [seat, o])), dice);
    if (dice.nextIndex !== w.diceEnd) throw new Error(`replay: window ${i} (${w.phase}, turn ${w.turn}) rolled to ${dice.nextIndex}, not ${w.diceEnd}`);
    state = roundTrip(step.state);
    events.push(...step.events);
  }
  return { state, windows: [...record.windows], events };
}

// ---------------------------------------------------------------------------------------------
// The player's choices

const sideOfSeat = (s: NwState, seat: string): string | undefined => s.seats.find((x) => x.id === seat)?.side;
const centre = (s: NwState, id: string): Point | null => s.units[id]?.pose.at ?? s.batteries[id]?.pose.at ?? null;

function nearestEnemy(s: NwState, side: string, at: Point): { id: string; at: Point; d: number } | null {
  let best: { id: string; at: Point; d: number } | null = null;
  for (const e of [...liveUnits(s), ...liveBatteries(s)]) {
    if (e.side === side) continue;
    const d = Math.hypot(e.pose.at.x - at.x, e.pose.at.y - at.y);
    if (!best || d < best.d) best = { id: e.id, at: e.pose.at, d };
  }
  return best;
}

const fmt = (x: number) => String(Math.round(x * 10) / 10);

/**
 * The maneuver window of one seat: for a random share of its pieces, a binding roll and then a
 * move (toward the nearest enemy, contact with it, forward, a change of face, a random point),
 * trying candidates until `act` accepts one; generals sometimes attach instead.
 */
export function maneuver(s0: NwState, seat: string, r: Rand, act: (seat: string, a: NwAction) => boolean, share: number, current: () => NwState): void {
  const side = sideOfSeat(s0, seat);
  if (!side) return;
  const pieces = [
    ...Object.values(s0.units).filter((u) => u.side === side && !u.removed).map((u) => u.id),
    ...Object.values(s0.batteries).filter((b) => b.side === side && !b.removed).map((b) => b.id),
  ];
  const officers = [
    ...Object.values(s0.generals).filter((g) => g.side === side && !g.lost).map((g) => g.id),
    ...Object.values(s0.commanders).filter((c) => c.side === side).map((c) => c.id),
    ...(s0.armies[side] ? [s0.armies[side]!.cinc.id] : []),
  ];
  for (const id of pieces) {
    if (r.next() >= share) continue;
    let s = current();
    // Roll first (most of the time); otherwise the move rolls for it (MV-21).
    if (r.next() < 0.85) act(seat, { kind: 'maneuver', unit: id });
    s = current();
    if (!canMove(s, id) && s.log.rolls[id]) continue;
    const inches = s.log.rolls[id]?.inches ?? 6;
    const at = centre(s, id) ?? s.reinforcements.find((x) => x.pieces.includes(id))?.at;
    if (!at) continue;
    const foe = nearestEnemy(s, side, at);
    const d = 1 + r.int(Math.max(1, Math.floor(inches)));
    const cands: string[] = [];
    if (foe && foe.d < inches + 5 && r.next() < 0.8) cands.push(`contact ${foe.id}`);
    if (foe) cands.push(`toward ${fmt(foe.at.x)},${fmt(foe.at.y)} ${d}in`);
    cands.push(`forward ${d}in`);
    if (r.next() < 0.2) cands.push(`face ${r.pick(['left', 'right', 'about'])} then forward ${Math.max(1, Math.floor(d / 2))}in`);
    const a = r.next() * Math.PI * 2;
    cands.push(`${fmt(at.x + Math.cos(a) * d)},${fmt(at.y + Math.sin(a) * d)}`);
    if (r.next() < 0.3) cands.unshift(`wheel ${r.pick(['left', 'right'])} ${15 + r.int(60)} then forward ${Math.max(1, Math.floor(d / 2))}in`);
    for (const to of cands.slice(0, 4)) if (act(seat, { kind: 'move', unit: id, to })) break;
  }
  for (const id of officers) {
    if (r.next() >= share / 2) continue;
    const s = current();
    if (s.generals[id] && r.next() < 0.4) {
      const mine = liveUnits(s, side);
      if (mine.length > 0 && act(seat, { kind: 'attach', general: id, unit: r.next() < 0.2 ? null : r.pick(mine).id })) continue;
    }
    const friends = liveUnits(s, side);
    if (friends.length === 0) continue;
    const f = r.pick(friends).pose.at;
    act(seat, { kind: 'move', unit: id, to: `toward ${fmt(f.x)},${fmt(f.y)} ${6 + r.int(12)}in` });
  }
}

/** A few candidate orders for one owing seat in the current window (validate filters them). */
export function orderCandidates(s: NwState, seat: string, r: Rand): NwOrder[] {
  const side = sideOfSeat(s, seat);
  if (!side) return [];
  const out: NwOrder[] = [];
  const enemyIds = [...liveUnits(s), ...liveBatteries(s)].filter((x) => x.side !== side).map((x) => x.id);
  if (r.next() < 0.05) out.push({ kind: 'reroll', use: r.next() < 0.7 });
  const w = s.log.retreatWay;
  if (w && s.phase !== 'combat') {
    // RC-1's retreat window after artillery fire or final fire; a fifth of the time the player stays silent.
    if (w.side === side && r.next() < 0.8) out.push({ kind: 'retreat', unit: w.unit, way: r.next() < 0.5 ? 'left' : 'right' });
    return out;
  }
  if (s.phase === 'skirmish') {
    if (s.playerTurn === 1 && s.initiative?.winner === side && r.next() < 0.7) out.push({ kind: 'first', side: r.pick(s.sides).id });
    const a = skirmishAssignments(s)[side];
    for (const c of a?.choices ?? []) {
      if (r.next() < 0.3) continue;
      out.push({ kind: 'skirmish', unit: c.attacker, target: r.next() < 0.9 ? r.pick(c.options) : (enemyIds.length ? r.pick(enemyIds) : c.attacker) });
    }
    const targets = batteryTargets(s);
    for (const b of liveBatteries(s, side)) {
      const t = targets[b.id];
      if (!t || r.next() < 0.3) continue;
      const dec = t.decision;
      const options = dec.kind === 'choice' ? dec.options : dec.kind === 'forced' ? [dec.target] : [];
      const pick = r.next();
      out.push({ kind: 'fire', battery: b.id, target: pick < 0.15 ? 'hold' : pick < 0.25 && enemyIds.length ? r.pick(enemyIds) : options.length ? r.pick(options) : 'hold' });
    }
  } else if (s.phase === 'maneuver' || s.phase === 'reaction') {
    if (s.phasing === side) {
      const contacts = findContacts(s).contacts;
      for (const k of contacts) {
        if (r.next() < 0.5 && k.attackers.length > 0) out.push({ kind: 'primary', defender: k.defender, unit: r.pick(k.attackers) });
        for (const a of k.attackers) if (r.next() < 0.5) out.push({ kind: 'advance', unit: a, advance: r.next() < 0.5 });
      }
    }
    if (s.phase === 'reaction' && s.phasing !== side) {
      for (const c of reactionCandidates(s)) {
        if (r.next() < 0.2) continue;
        out.push({ kind: 'react', unit: c.unit, choice: r.next() < 0.9 ? r.pick(c.options) : r.pick(REACTION_CHOICES) });
      }
    }
  } else if (s.phase === 'combat' && s.log.retreatWay?.side === side && r.next() < 0.8) {
    // RC-1's retreat window; a fifth of the time the player stays silent (the default way).
    out.push({ kind: 'retreat', unit: s.log.retreatWay.unit, way: r.next() < 0.5 ? 'left' : 'right' });
  }
  return out;
}

/** Random orders that parse (NwOrder's schema) but mostly make no sense: for validate's robustness. */
export function garbageOrders(s: NwState, r: Rand, count: number): NwOrder[] {
  const ids = [
    ...Object.keys(s.units), ...Object.keys(s.batteries), ...Object.keys(s.generals), ...Object.keys(s.commanders),
    ...s.sides.map((x) => x.id), ...s.seats.map((x) => x.id), 'hold', 'x', '__proto__', 'constructor', 'toString', ' ', 'hold '.repeat(20),
  ];
  const id = () => ids[r.int(ids.length)]!;
  const out: NwOrder[] = [];
  for (let i = 0; i < count; i++) {
    switch (r.int(7)) {
      case 0: out.push({ kind: 'first', side: id() }); break;
      case 1: out.push({ kind: 'skirmish', unit: id(), target: id() }); break;
      case 2: out.push({ kind: 'fire', battery: id(), target: id() }); break;
      case 3: out.push({ kind: 'advance', unit: id(), advance: r.next() < 0.5 }); break;
      case 4: out.push({ kind: 'primary', defender: id(), unit: id() }); break;
      case 5: out.push({ kind: 'react', unit: id(), choice: r.pick(REACTION_CHOICES) }); break;
      default: out.push({ kind: 'reroll', use: r.next() < 0.5 }); break;
    }
  }
  return out;
}
