/**
 * DRAM adjudication cases in plain text (godip's cases are the model): a rules lawyer can read
 * and write them without knowing TypeScript. A case file is YAML: a list of cases, each with
 *
 *   case:     what it shows                      rule:  the section it tests
 *   stands:   "<id> <side>:<corps> <arm> sp <now>/<start> <order> at <x>,<y> [facing <deg>] [prepared] [flags…]"
 *             flags: half-tested, losses-since-test=<n>, started-at-zero, falling-back, no-advance,
 *                    moved-to-contact, contacted, engaged, off-table
 *   generals: "<id> <side>:<corps>|<side>:army <level> cr <n> ap <n> at <x>,<y> [under <id>] [joined <stand>]"
 *             (every corps without one gets "<side>-<corps>-gen", corps level, CR 0, AP 1, behind its first stand)
 *   terrain:  features as in scenario files: { id, kind, polygon | line | at, … }
 *   settings: overrides of the DRAM settings     turn / lastTurn: numbers
 *   phase:    reveal | exhaustion | movement | combat | reorganisation | window | orders | validate
 *             (movement = phase 4 alone, in `initiative` order; window = the whole movement window 3-6)
 *   initiative: { <corps>: <die> }              chits: "<general> <stand>|corps:<id> <order>" (for reveal)
 *   orders:   "<seat or side:corps>": [ "move <unit> path x,y x,y…", "move <unit> to <text>", "join <general> <stand>",
 *                                        "chit <general> <stand> <order>", "written <general> <corps> <order>", "losses <corps> <stand> …" ]
 *   dice:     the faces the dice show, in roll order (all must be used)
 *   expect:   "<stand> order D" | "<stand> sp 3" | "<stand> removed" | "<stand> !removed" | "<stand> falling-back" |
 *             "<stand> !falling-back" | "<stand> no-advance" | "<stand> engaged" | "<stand> at x,y [±tol]" |
 *             "general <id> status dead" | "general <id> cr 1" | "general <id> ap 2" | "corps <id> general <gid>" |
 *             "phase movement" | "turn 2" | "sequence <c1>,<c2>…" | "winner <side>|draw" | "event <text>" | "!event <text>"
 *   reject:   for phase validate: the problem code the (single) order must be refused with, or "none"
 */
import { parse } from 'yaml';
import { scriptedDice } from '../../src/dice/dice';
import type { Step } from '../../src/rules/contract';
import type { GameEvent } from '../../src/rules/events';
import type { TerrainFeature } from '../../src/rules/geometry/types';
import { combatPhase } from '../../src/rules/dram/combat';
import { exhaustionPhase } from '../../src/rules/dram/exhaustion';
import { movementPhase } from '../../src/rules/dram/movement';
import type { DramOrder, MoveOrder } from '../../src/rules/dram/orders';
import { validateOrder } from '../../src/rules/dram/orders';
import { reorganisationPhase } from '../../src/rules/dram/reorganisation';
import { revealPhase } from '../../src/rules/dram/reveal';
import { parseDramSettings } from '../../src/rules/dram/settings';
import { buildDramState, seatsOf, type DramScenarioData } from '../../src/rules/dram/setup';
import { type DramPhase, type DramState } from '../../src/rules/dram/state';
import type { Arm, Order } from '../../src/rules/dram/tables';
import { resolveWindow } from '../../src/rules/dram/turn';

export interface DramCase {
  readonly case: string;
  readonly rule: string;
  readonly stands: readonly string[];
  readonly generals?: readonly string[];
  readonly terrain?: readonly TerrainFeature[];
  readonly settings?: unknown;
  readonly turn?: number;
  readonly lastTurn?: number;
  readonly phase: 'reveal' | 'exhaustion' | 'movement' | 'combat' | 'reorganisation' | 'window' | 'orders' | 'validate';
  readonly initiative?: Readonly<Record<string, number>>;
  readonly chits?: readonly string[];
  readonly orders?: Readonly<Record<string, readonly string[]>>;
  readonly dice?: readonly number[];
  readonly expect?: readonly string[];
  readonly reject?: string;
  readonly objectives?: readonly { name: string; at: [number, number]; radius: number; side: string; points: number }[];
  readonly collapseAt?: number;
}

export function parseCases(text: string): DramCase[] {
  return parse(text) as DramCase[];
}

const SIDE_NAMES: Record<string, string> = { fr: 'French', pr: 'Prussians', br: 'British', au: 'Austrians', ru: 'Russians' };

/** Build the case's starting state in the named phase, without running any phase. */
export function caseState(c: DramCase): DramState {
  const settings = parseDramSettings(c.settings ?? {});
  if (!settings.ok) throw new Error(`${c.case}: bad settings: ${settings.error.message}`);
  const stands = c.stands.map(parseStand);
  const sides = [...new Set(stands.map((s) => s.side))];
  const corpsIds = [...new Set(stands.map((s) => s.corps))];
  const generals = (c.generals ?? []).map(parseGeneral);
  for (const corps of corpsIds) {
    if (generals.some((g) => g.corps === corps)) continue;
    const first = stands.find((s) => s.corps === corps)!;
    generals.push({ id: `${corps}-gen`, name: `${corps} general`, side: first.side, level: 'corps', cr: 0, ap: 1, corps, superior: null, pose: { at: { x: first.pose.at.x, y: first.pose.at.y - 4 }, facing: first.pose.facing }, joined: null });
  }
  const data: DramScenarioData = {
    id: 'case', name: c.case, lastTurn: c.lastTurn ?? 10, clock: { start: 13 * 60, turnMinutes: 60 },
    map: { table: { width: 72, height: 48 }, gridCell: 6, inchesPerMile: 6, terrain: c.terrain ?? [], landmarks: [] },
    sides: sides.map((id) => ({ id, name: SIDE_NAMES[id] ?? id, colour: '#000000', commander: generals.find((g) => g.side === id && g.level !== 'corps')?.id ?? `${id}-none` })),
    corps: corpsIds.map((id) => ({ id, name: id, side: stands.find((s) => s.corps === id)!.side, general: generals.find((g) => g.corps === id)!.id, stands: stands.filter((s) => s.corps === id).map((s) => s.id) })),
    generals, stands: stands.map(({ flags: _f, startSp: _s, ...x }) => x), reinforcements: [],
    victory: { objectives: (c.objectives ?? []).map((o) => ({ ...o, at: { x: o.at[0], y: o.at[1] } })), collapseAt: c.collapseAt ?? null },
  };
  // Build through the real set-up (no phase played), then put the case's facts in.
  const built = buildDramState(data, settings.value);
  let s: DramState = { ...built, turn: c.turn ?? 1, phase: toPhase(c.phase), seats: seatsOf(data) };
  for (const st of stands) {
    const cur = s.stands[st.id]!;
    s = { ...s, stands: { ...s.stands, [st.id]: { ...cur, spStart: st.startSp, sp: st.sp, ...st.flags, turnFlags: { ...cur.turnFlags, ...st.turnFlags } } } };
  }
  for (const g of generals) if (g.joined) s = { ...s, generals: { ...s.generals, [g.id]: { ...s.generals[g.id]!, joined: g.joined } } };
  if (c.initiative) s = { ...s, initiative: { ...c.initiative }, moveSequence: Object.keys(c.initiative).sort((a, b) => c.initiative![a]! - c.initiative![b]! || (a < b ? -1 : 1)) };
  else s = { ...s, moveSequence: Object.keys(s.corps).sort() };
  if (c.chits) s = { ...s, chits: c.chits.map((line) => parseChit(line, s.turn - 1)) };
  return s;
}

function toPhase(p: DramCase['phase']): DramPhase {
  if (p === 'window' || p === 'validate') return 'movement';
  return p;
}

/** Run a case: the resulting state and events, or the validation result. */
export function runCase(c: DramCase): { state: DramState; events: readonly GameEvent[]; rejected?: string | null; diceLeft: number } {
  const s0 = caseState(c);
  const dice = scriptedDice(c.dice ?? []);
  const orders = ordersOf(s0, c);
  if (c.phase === 'validate') {
    const [seat, list] = [...orders][0] ?? ['', []];
    const o = list[0];
    if (!o) throw new Error(`${c.case}: validate needs one order`);
    const target = o.kind === 'chit' ? { ...s0, phase: 'orders' as const } : s0;
    const r = validateOrder(target, seat, o, []);
    return { state: s0, events: [], rejected: r.ok ? null : r.error.code, diceLeft: dice.remaining };
  }
  let step: Step<DramState>;
  switch (c.phase) {
    case 'reveal': step = revealPhase(s0); break;
    case 'exhaustion': step = exhaustionPhase(s0, dice); break;
    case 'movement': step = movementPhase(s0, [...orders.values()].flat().filter((o): o is MoveOrder => o.kind === 'move')); break;
    case 'combat': step = combatPhase(s0, dice); break;
    case 'reorganisation': step = reorganisationPhase(s0, dice); break;
    case 'window': step = resolveWindow(s0, orders, dice); break;
    case 'orders': step = resolveWindow({ ...s0, phase: 'orders' }, orders, dice); break;
  }
  return { state: step.state, events: step.events, diceLeft: dice.remaining };
}

/** Orders per seat; a key "fr:I" names the seat of corps I of side fr. */
function ordersOf(s: DramState, c: DramCase): Map<string, DramOrder[]> {
  const out = new Map<string, DramOrder[]>();
  for (const [seatKey, lines] of Object.entries(c.orders ?? {})) {
    const seat = s.seats.find((x) => x.id === seatKey || x.id === `${seatKey.split(':')[0]}:${seatKey.replace(':', '-')}`)?.id ?? seatKey;
    out.set(seat, lines.map((l) => parseOrder(l)));
  }
  return out;
}

function parseOrder(line: string): DramOrder {
  const w = line.trim().split(/\s+/);
  switch (w[0]) {
    case 'move': {
      const unit = w[1]!;
      if (w[2] === 'path') return { kind: 'move', unit, to: w.slice(3).join(' '), path: w.slice(3).map(point) };
      if (w[2] === 'to') return { kind: 'move', unit, to: w.slice(3).join(' ') };
      throw new Error(`bad move: ${line}`);
    }
    case 'join': return { kind: 'move', unit: w[1]!, to: '-', join: w[2]! };
    case 'chit': return { kind: 'chit', general: w[1]!, target: { kind: 'stand', id: w[2]! }, order: w[3] as Order };
    case 'written': return { kind: 'chit', general: w[1]!, target: { kind: 'corps', id: w[2]! }, order: w[3] as Order };
    case 'losses': return { kind: 'losses', corps: w[1]!, stands: w.slice(2) };
    default: throw new Error(`unknown order: ${line}`);
  }
}

function parseChit(line: string, turn: number) {
  const w = line.trim().split(/\s+/);
  const corps = w[1]!.startsWith('corps:');
  return { by: w[0]!, target: { kind: corps ? 'corps' as const : 'stand' as const, id: corps ? w[1]!.slice(6) : w[1]! }, order: w[2] as Order, turn, written: corps };
}

const point = (t: string) => {
  const [x, y] = t.split(',').map(Number);
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`bad point ${t}`);
  return { x: x!, y: y! };
};

const FLAG_FIELDS: Record<string, [string, unknown]> = {
  'half-tested': ['halfTested', true], 'falling-back': ['fallingBack', true], 'no-advance': ['noAdvance', true], 'off-table': ['onTable', false],
};
const TURN_FLAGS: Record<string, string> = { 'started-at-zero': 'startedAtZero', 'moved-to-contact': 'movedToContact', contacted: 'contacted', engaged: 'engaged', 'crossed-bridge': 'crossedBridgeOrFord' };

function parseStand(line: string) {
  const m = /^(\S+)\s+(\w+):(\S+)\s+(infantry|heavy-cavalry|light-cavalry|artillery|wagons)\s+sp\s+(-?\d+)\/(\d+)\s+([DRAM])\s+at\s+(\S+)(.*)$/.exec(line.trim());
  if (!m) throw new Error(`bad stand line: ${line}`);
  const rest = m[9]!.trim().split(/\s+/).filter(Boolean);
  let facing = 0;
  const flags: Record<string, unknown> = {};
  const turnFlags: Record<string, unknown> = {};
  let prepared = false;
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    if (t === 'facing') facing = Number(rest[++i]);
    else if (t === 'prepared') prepared = true;
    else if (t.startsWith('losses-since-test=')) flags.lossesSinceTest = Number(t.split('=')[1]);
    else if (FLAG_FIELDS[t]) flags[FLAG_FIELDS[t]![0]] = FLAG_FIELDS[t]![1];
    else if (TURN_FLAGS[t]) turnFlags[TURN_FLAGS[t]!] = true;
    else throw new Error(`unknown stand flag "${t}" in: ${line}`);
  }
  const side = m[2]!;
  return {
    id: m[1]!, name: m[1]!, side, corps: `${side}-${m[3]!}`, arm: m[4] as Arm, sp: Number(m[5]), startSp: Number(m[6]),
    order: m[7] as Order, pose: { at: point(m[8]!), facing }, inPreparedDefences: prepared, flags, turnFlags,
  };
}

function parseGeneral(line: string) {
  const m = /^(\S+)\s+(\w+):(\S+)\s+(corps|wing|army)\s+cr\s+(\d+)\s+ap\s+(\d+)\s+at\s+(\S+)(.*)$/.exec(line.trim());
  if (!m) throw new Error(`bad general line: ${line}`);
  const rest = m[8]!.trim().split(/\s+/).filter(Boolean);
  const level = m[4] as 'corps' | 'wing' | 'army';
  let superior: string | null = null, joined: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === 'under') superior = rest[++i]!;
    else if (rest[i] === 'joined') joined = rest[++i]!;
    else throw new Error(`unknown general flag "${rest[i]}" in: ${line}`);
  }
  return {
    id: m[1]!, name: m[1]!, side: m[2]!, level, cr: Number(m[5]), ap: Number(m[6]),
    corps: level === 'corps' ? `${m[2]}-${m[3]}` : null, superior, pose: { at: point(m[7]!), facing: 0 }, joined,
  };
}

/** Check one expectation line; returns a failure message or null. */
export function checkExpectation(line: string, s: DramState, events: readonly GameEvent[]): string | null {
  const w = line.trim().split(/\s+/);
  const text = events.map((e) => JSON.stringify(e)).join('\n');
  const eq = (what: string, got: unknown, want: unknown) => (String(got) === String(want) ? null : `${what}: expected ${want}, got ${got}`);
  if (w[0] === 'event') return text.includes(w.slice(1).join(' ')) ? null : `no event mentions "${w.slice(1).join(' ')}"`;
  if (w[0] === '!event') return text.includes(w.slice(1).join(' ')) ? `an event mentions "${w.slice(1).join(' ')}"` : null;
  if (w[0] === 'phase') return eq('phase', s.phase, w[1]);
  if (w[0] === 'turn') return eq('turn', s.turn, w[1]);
  if (w[0] === 'sequence') return eq('sequence', s.moveSequence.join(','), w[1]);
  if (w[0] === 'winner') return eq('winner', s.ended ? (s.ended.winner ?? 'draw') : 'none', w[1]);
  if (w[0] === 'general') {
    const g = s.generals[w[1]!];
    if (!g) return `no general ${w[1]}`;
    return eq(`${w[1]} ${w[2]}`, (g as unknown as Record<string, unknown>)[w[2]!], w[3]);
  }
  if (w[0] === 'corps') return eq(`${w[1]} general`, s.corps[w[1]!]?.general, w[3]);
  const st = s.stands[w[0]!];
  if (!st) return `no stand ${w[0]}`;
  switch (w[1]) {
    case 'order': return eq(`${st.id} order`, st.order, w[2]);
    case 'sp': return eq(`${st.id} sp`, st.sp, w[2]);
    case 'removed': return st.removed ? null : `${st.id} should be removed`;
    case '!removed': return st.removed ? `${st.id} should not be removed` : null;
    case 'falling-back': return st.fallingBack ? null : `${st.id} should be falling back`;
    case '!falling-back': return st.fallingBack ? `${st.id} should not be falling back` : null;
    case 'no-advance': return st.noAdvance ? null : `${st.id} should be under no-advance`;
    case '!no-advance': return st.noAdvance ? `${st.id} should not be under no-advance` : null;
    case 'half-tested': return st.halfTested ? null : `${st.id} should have taken its half-strength test`;
    case 'engaged': return st.turnFlags.engaged ? null : `${st.id} should be engaged`;
    case '!engaged': return st.turnFlags.engaged ? `${st.id} should not be engaged` : null;
    case 'at': {
      const p = point(w[2]!);
      const tol = w[3]?.startsWith('±') ? Number(w[3].slice(1)) : 0.05;
      const d = Math.hypot(st.pose.at.x - p.x, st.pose.at.y - p.y);
      return d <= tol ? null : `${st.id} at ${st.pose.at.x.toFixed(3)},${st.pose.at.y.toFixed(3)}, expected ${p.x},${p.y} ±${tol}`;
    }
    default: return `unknown expectation: ${line}`;
  }
}
