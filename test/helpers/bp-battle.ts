/**
 * Generated B&P battles for the benchmark (bench/bp.ts) and whole-game tests: the B&P counterpart
 * of test/helpers/nw-battle.ts. Two armies of 30 units each (line and guard battalions in line and
 * column, light infantry in skirmish order, light and heavy cavalry, batteries; one side also holds
 * a farm with a one-stand garrison) across a stream with a bridge and a ford, woods in no-man's
 * land and a hill behind each front. Built directly as BpScenarioData (the shape `bpScenarioData`
 * produces); deterministic from the seed (no Math.random). Acts come from the random legal player
 * of bp-game.ts.
 */
import type { Point, TerrainFeature } from '../../src/rules/geometry/types';
import { spreadFigures, type BpScenarioData } from '../../src/rules/bp/scenario';
import type { BpCommander, BpUnit } from '../../src/rules/bp/state';
import { prng } from './dram-battle';

export interface BpBattleOptions {
  readonly seed: number;
  /** Game turns (default 8). */
  readonly turns?: number;
  /** Inches between the two front lines (default 14: muskets reach 6", L80; lines close in a turn or two). */
  readonly gap?: number;
}

/** Units per side the generator lays out (30: 60 on the table). */
export const BP_BATTLE_UNITS_PER_SIDE = 30;

const WIDTH = 96;
const HEIGHT = 48;
/** Front-row slots, 7.5" apart: a 4-stand line is 6" wide (BP-S1 stands 1.5"), so 1.5" between units. */
const SLOTS = 12;
const slotX = (k: number) => 7 + k * 7.5;

function rect(x0: number, y0: number, x1: number, y1: number): Point[] {
  return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
}

type Kind = 'line-inf' | 'guard-inf' | 'light-inf' | 'light-cav' | 'heavy-cav' | 'battery' | 'garrison';

/**
 * A 60-unit B&P battle. The south side ("fr") faces north, the north side ("au") south. Per side:
 * 3 light battalions in skirmish order 2.5" ahead of the front; a front row of 8 line battalions in
 * line with 4 batteries between them; a second row 5" back with 6 line battalions (line or column),
 * 2 guard battalions in column and 4 light cavalry regiments on the wings; a third row 10" back with
 * 2 heavy cavalry regiments (and, for the side without the farm, one more battalion in column).
 * Three command figures a side.
 */
export function generateBpBattle(opts: BpBattleOptions): BpScenarioData {
  const r = prng(opts.seed * 104729 + 11);
  const gap = opts.gap ?? 14;
  const midY = HEIGHT / 2;
  const streamY = (x: number) => midY + Math.sin((x / WIDTH) * Math.PI * 3) * 1;

  const streamLine: Point[] = [];
  for (let k = 0; k <= 16; k++) { const x = (k * WIDTH) / 16; streamLine.push({ x, y: streamY(x) }); }
  const bridgeX = 48;
  const fordX = 20 + Math.floor(r.next() * 6);
  const farm = rect(58, midY + 2.5, 61, midY + 5.5);
  const terrain: TerrainFeature[] = [
    { id: 'stream', kind: 'stream', name: 'the Mühlbach', line: streamLine, width: 0.5 },
    { id: 'bridge', kind: 'bridge', name: 'the bridge', at: { x: bridgeX, y: streamY(bridgeX) }, crosses: 'stream' },
    { id: 'ford', kind: 'ford', name: 'the ford', at: { x: fordX, y: streamY(fordX) }, crosses: 'stream' },
    { id: 'road', kind: 'road', name: 'the high road', line: [{ x: bridgeX, y: 0 }, { x: bridgeX, y: streamY(bridgeX) }, { x: bridgeX, y: HEIGHT }] },
    { id: 'farm', kind: 'built-up', name: 'the Kapellenhof', polygon: farm },
    { id: 'hill-s', kind: 'hill', name: 'the Galgenberg', polygon: rect(24, midY - gap / 2 - 6, 37, midY - gap / 2 + 1.5), level: 1 },
    { id: 'hill-n', kind: 'hill', name: 'the Kirchberg', polygon: rect(64, midY + gap / 2 - 1.5, 77, midY + gap / 2 + 6), level: 1 },
  ];
  // Woods in no-man's land, clear of the bridge and the farm.
  for (let i = 0; i < 3; i++) {
    let cx = 12 + ((i + 0.2 + r.next() * 0.6) * (WIDTH - 24)) / 3;
    if (Math.abs(cx - bridgeX) < 7) cx = bridgeX + (cx < bridgeX ? -7 : 7);
    if (Math.abs(cx - 59.5) < 7) cx = 59.5 + (cx < 59.5 ? -7 : 7);
    const w = 1.5 + r.next() * 1.5;
    const h = 1 + r.next() * 1;
    const cy = midY - 1 + r.next() * 2;
    terrain.push({ id: `wood-${i + 1}`, kind: 'woods', name: `wood ${i + 1}`, polygon: rect(cx - w, cy - h, cx + w, cy + h), blocksLos: true });
  }

  const sides = [
    { id: 'fr', name: 'French', colour: '#1f4e9c', front: midY - gap / 2, facing: 0, dir: 1, skirmishX: [18, 54, 80], farm: false },
    { id: 'au', name: 'Austrians', colour: '#d4a017', front: midY + gap / 2, facing: 180, dir: -1, skirmishX: [18, 42, 80], farm: true },
  ];
  const units: Record<string, BpUnit> = {};
  const commanders: Record<string, BpCommander> = {};
  for (const side of sides) {
    let n = 0;
    const add = (kind: Kind, x: number, y: number, formation: BpUnit['formation']) => {
      n++;
      const id = `${side.id}-${String(n).padStart(2, '0')}`;
      const arm = kind === 'battery' ? 'artillery' : kind === 'light-cav' || kind === 'heavy-cav' ? 'cavalry' : 'infantry';
      // Battalions a little under strength now and then (L12: 12 figures on 4 stands, cavalry 8 on 4, a gun 4 crew).
      const figures = kind === 'battery' ? 4 : kind === 'garrison' ? 3 : arm === 'cavalry' ? 7 + Math.floor(r.next() * 2) : 10 + Math.floor(r.next() * 3);
      const stands = kind === 'battery' || kind === 'garrison' ? spreadFigures(figures, 1) : spreadFigures(figures, 4);
      units[id] = {
        id, name: `${side.name} ${kind} ${n}`, side: side.id, arm, guard: kind === 'guard-inf', heavy: kind === 'heavy-cav',
        green: kind === 'line-inf' && r.next() < 0.1, controlClass: 'A', stands, startFigures: figures, startStands: stands.length,
        formation, pose: { at: { x, y }, facing: side.facing }, stage: 'effective', assaultsRecovering: 0, disruptedAt: null, gone: null,
        building: kind === 'garrison' ? 'farm' : null,
      };
    };
    const row = (back: number) => side.front - side.dir * back;
    for (const x of side.skirmishX) add('light-inf', x, row(-2.5), 'skirmish');
    for (let k = 0; k < SLOTS; k++) add(k % 3 === 1 ? 'battery' : 'line-inf', slotX(k), row(0), 'line');
    for (let k = 0; k < SLOTS; k++) {
      if (k < 2 || k >= SLOTS - 2) add('light-cav', slotX(k), row(5), r.next() < 0.5 ? 'line' : 'column');
      else if (k === 5 || k === 6) add('guard-inf', slotX(k), row(5), 'column');
      else add('line-inf', slotX(k), row(5), r.next() < 0.5 ? 'line' : 'column');
    }
    add('heavy-cav', 30, row(10), 'column');
    add('heavy-cav', 66, row(10), 'column');
    if (side.farm) add('garrison', 59.5, midY + 3, 'line');
    else add('line-inf', 48, row(10), 'column');
    const cmd = (id: string, name: string, x: number, back: number) => { commanders[id] = { id, name, side: side.id, at: { x, y: row(back) }, alive: true }; };
    cmd(`${side.id}-cinc`, `${side.name} commander`, 48, 7.5);
    cmd(`${side.id}-bde-1`, `${side.name} left brigadier`, 26, 2.5);
    cmd(`${side.id}-bde-2`, `${side.name} right brigadier`, 70, 2.5);
  }

  return {
    v: 1, scenario: { id: `bp-generated-${opts.seed}`, name: `Generated B&P battle ${opts.seed}` }, turn: 1, lastTurn: opts.turns ?? 8,
    clock: { start: 10 * 60, turnMinutes: 15 },
    map: {
      table: { width: WIDTH, height: HEIGHT }, gridCell: 6, terrain,
      landmarks: [
        { name: 'the Kapellenhof', at: { x: 59.5, y: midY + 4 }, aliases: ['the farm'] },
        { name: 'the bridge', at: { x: bridgeX, y: streamY(bridgeX) }, aliases: [] },
      ],
    },
    sides: sides.map((s) => ({ id: s.id, name: s.name, colour: s.colour })),
    seats: sides.map((x) => ({ id: x.id, side: x.id, label: x.name, commands: [...Object.values(units).filter((u) => u.side === x.id).map((u) => u.id), ...Object.values(commanders).filter((c) => c.side === x.id).map((c) => c.id)] })),
    units, commanders,
    buildings: { farm: { id: 'farm', name: 'the Kapellenhof', polygon: farm, hits: 0, burning: false } },
    periodsDone: 0, gunsMoved: [], noMove: [], standing: {}, firstChoice: {}, control: {}, lastBControl: {},
    victory: {
      objectives: [
        { id: 'farm', name: 'the Kapellenhof', side: 'any', points: 2, target: { kind: 'area', feature: 'farm' } },
        { id: 'bridge', name: 'the bridge', side: 'any', points: 1, target: { kind: 'landmark', landmark: 'the bridge', at: { x: bridgeX, y: streamY(bridgeX) }, radius: 3 } },
      ],
      collapse: sides.map((s) => ({ side: s.id, standsLostPercent: 40 })),
      draw: { margin: 0, note: 'Generated battle: the farm and the bridge decide, unless a side loses 40% of its stands.' },
    },
    ended: null,
  };
}
