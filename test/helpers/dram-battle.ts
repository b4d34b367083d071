/**
 * Generated DRAM battles and a random legal player, for whole-game tests and the benchmark.
 * Deterministic: everything comes from the seed (no Math.random), so a game replays exactly.
 */
import { createHash } from 'node:crypto';
import type { Dice } from '../../src/dice/dice';
import { dram } from '../../src/rules/dram/index';
import type { DramAction, DramOrder } from '../../src/rules/dram/orders';
import type { DramScenarioData } from '../../src/rules/dram/setup';
import type { DramState } from '../../src/rules/dram/state';
import type { Arm, Order } from '../../src/rules/dram/tables';
import type { TerrainFeature } from '../../src/rules/geometry/types';

/** A small deterministic PRNG (mulberry32) for the generator and the player's choices. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

/**
 * Two armies facing each other across a river with bridges and a ford, woods, villages and
 * roads: `corps` corps a side of `standsPerCorps` division stands.
 */
export function generateBattle(opts: { seed: number; corpsPerSide: number; standsPerCorps: number; turns?: number; width?: number; height?: number }): DramScenarioData {
  const r = prng(opts.seed);
  const width = opts.width ?? Math.max(72, opts.corpsPerSide * 14);
  const height = opts.height ?? 60;
  const terrain: TerrainFeature[] = [
    { id: 'river', kind: 'river', name: 'the brook', line: [{ x: 0, y: height / 2 }, { x: width / 3, y: height / 2 + 2 }, { x: (2 * width) / 3, y: height / 2 - 2 }, { x: width, y: height / 2 }], width: 1 },
    { id: 'road-ns', kind: 'road', line: [{ x: width / 2, y: 0 }, { x: width / 2, y: height }], width: 1 },
    { id: 'road-ew', kind: 'road', line: [{ x: 0, y: height / 2 + 8 }, { x: width, y: height / 2 + 8 }], width: 1 },
  ];
  for (let i = 0; i < Math.max(2, Math.floor(width / 30)); i++) {
    const x = ((i + 0.5) * width) / Math.max(2, Math.floor(width / 30));
    terrain.push({ id: `bridge-${i}`, kind: 'bridge', at: { x, y: riverY(x, width, height) }, crosses: 'river', width: 2 });
  }
  for (let i = 0; i < Math.floor(width / 12); i++) {
    const cx = 4 + r.next() * (width - 8), cy = 8 + r.next() * (height - 16);
    const w = 3 + r.next() * 5, h = 3 + r.next() * 4;
    const kind = r.pick(['woods', 'woods', 'built-up', 'marsh'] as const);
    terrain.push({ id: `area-${i}`, kind, polygon: [{ x: cx - w, y: cy - h }, { x: cx + w, y: cy - h }, { x: cx + w, y: cy + h }, { x: cx - w, y: cy + h }], blocksLos: kind !== 'marsh' });
  }
  const sides = [{ id: 'fr', name: 'French', colour: '#1f4e9e', y: 6, facing: 0 }, { id: 'pr', name: 'Prussians', colour: '#333333', y: height - 6, facing: 180 }];
  const corps: DramScenarioData['corps'][number][] = [];
  const generals: DramScenarioData['generals'][number][] = [];
  const stands: DramScenarioData['stands'][number][] = [];
  for (const side of sides) {
    generals.push({ id: `${side.id}-army`, name: `${side.name} commander`, side: side.id, level: 'army', cr: 2, ap: 4, corps: null, superior: null, pose: { at: { x: width / 2, y: side.y === 6 ? 2 : height - 2 }, facing: side.facing } });
    for (let c = 0; c < opts.corpsPerSide; c++) {
      const id = `${side.id}-c${c + 1}`;
      const x0 = ((c + 0.5) * width) / opts.corpsPerSide;
      const standIds: string[] = [];
      for (let k = 0; k < opts.standsPerCorps; k++) {
        const sid = `${id}-d${k + 1}`;
        standIds.push(sid);
        const arm: Arm = k === opts.standsPerCorps - 1 && opts.standsPerCorps > 2 ? 'artillery' : k === 0 && c % 3 === 2 ? 'light-cavalry' : 'infantry';
        const dx = (k - (opts.standsPerCorps - 1) / 2) * 4;
        stands.push({ id: sid, name: `${side.name} ${c + 1}/${k + 1}`, side: side.id, corps: id, arm, sp: arm === 'artillery' ? 2 : 3 + r.int(4), order: r.pick(['M', 'D', 'A'] as const) as Order, pose: { at: { x: clamp(x0 + dx, 3, width - 3), y: side.y + (k % 2) * 6 }, facing: side.facing } });
      }
      generals.push({ id: `${id}-gen`, name: `General ${side.id.toUpperCase()}${c + 1}`, side: side.id, level: 'corps', cr: r.int(3), ap: 1 + r.int(3), corps: id, superior: `${side.id}-army`, pose: { at: { x: x0, y: side.y === 6 ? 3 : height - 3 }, facing: side.facing } });
      corps.push({ id, name: `${side.name} ${c + 1} Corps`, side: side.id, general: `${id}-gen`, stands: standIds });
    }
  }
  return {
    id: `generated-${opts.seed}`, name: `Generated battle ${opts.seed}`, lastTurn: opts.turns ?? 8, clock: { start: 12 * 60, turnMinutes: 60 },
    map: { table: { width, height }, gridCell: 6, inchesPerMile: 6, terrain, landmarks: [{ name: 'the bridge', at: { x: width / 2, y: height / 2 } }] },
    sides: sides.map((s) => ({ id: s.id, name: s.name, colour: s.colour, commander: `${s.id}-army` })),
    corps, generals, stands, reinforcements: [],
    victory: { objectives: [{ name: 'the bridge', at: { x: width / 2, y: height / 2 }, radius: 8, side: 'any', points: 3 }], collapseAt: 0.6 },
  };
}

function riverY(x: number, width: number, height: number): number {
  const pts = [[0, height / 2], [width / 3, height / 2 + 2], [(2 * width) / 3, height / 2 - 2], [width, height / 2]] as const;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1]!, [x1, y1] = pts[i]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return height / 2;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** What a window's players did: actions in order, then each seat's accepted orders. */
export interface WindowInput {
  readonly actions: readonly { seat: string; action: DramAction }[];
  readonly orders: readonly [string, readonly DramOrder[]][];
}

/**
 * A random but legal player for every seat: rolls initiative for some of its corps (the bot
 * rolls the rest), sends most stands towards the nearest enemy or the objective, and writes
 * order chits its generals can afford. Every order goes through `validate` first.
 */
export function playWindow(s: DramState, dice: Dice, seed: number): { input: WindowInput; state: DramState } {
  const r = prng(seed);
  let state = s;
  const actions: { seat: string; action: DramAction }[] = [];
  const orders: [string, DramOrder[]][] = [];
  for (const seat of dram.owing(state)) {
    for (const action of dram.pendingActions(state, seat)) {
      if (r.next() < 0.5) continue;
      const res = dram.act(state, seat, action, dice);
      if (res.ok) { state = res.value.state; actions.push({ seat, action }); }
    }
    const accepted: DramOrder[] = [];
    for (const candidate of candidates(state, seat, r)) {
      const v = dram.validate(state, seat, candidate, accepted);
      if (v.ok) accepted.push(v.value.order);
    }
    orders.push([seat, accepted]);
  }
  return { input: { actions, orders }, state };
}

function candidates(s: DramState, seat: string, r: ReturnType<typeof prng>): DramOrder[] {
  const cmd = new Set(s.seats.find((x) => x.id === seat)?.commands ?? []);
  const out: DramOrder[] = [];
  const enemies = Object.values(s.stands).filter((e) => e.onTable && !e.removed && e.side !== s.seats.find((x) => x.id === seat)?.side);
  if (s.phase === 'movement' || s.phase === 'rank') {
    for (const st of Object.values(s.stands).filter((x) => cmd.has(x.corps) && x.onTable && !x.removed)) {
      if (r.next() < 0.25 || enemies.length === 0) continue;
      const target = r.next() < 0.7 ? r.pick(enemies) : null;
      out.push(target ? { kind: 'move', unit: st.id, to: `contact ${target.name}` } : { kind: 'move', unit: st.id, to: `forward ${1 + r.int(12)}in` });
    }
  } else if (s.phase === 'orders') {
    for (const g of Object.values(s.generals).filter((x) => x.status === 'present' && (cmd.has(x.id) || (x.corps !== null && cmd.has(x.corps))))) {
      const mine = Object.values(s.stands).filter((x) => x.onTable && !x.removed && x.corps === g.corps);
      for (let k = 0; k < g.ap && mine.length; k++) {
        out.push({ kind: 'chit', general: g.id, target: { kind: 'stand', id: r.pick(mine).id }, order: r.pick(['D', 'A', 'M', 'R'] as const) });
      }
    }
  }
  return out;
}

/** A state's fingerprint: SHA-256 of its JSON with keys sorted. */
export function stateHash(s: unknown): string {
  return createHash('sha256').update(JSON.stringify(s, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v))).digest('hex');
}
