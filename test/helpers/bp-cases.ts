/**
 * Beer and Pretzel adjudication cases in plain text (after godip's cases, test/helpers/nw-cases.ts
 * and dram-cases.ts): a rules lawyer reads and writes them without TypeScript. A case file
 * (test/rules/bp/cases/*.yaml) is a YAML list of cases:
 *
 *   case:      what it shows                 rule: the line(s) it checks ("B&P L73; HR B-15")
 *   units:     one line per unit (below)     commanders: "<id> <side> at <x>,<y> [dead]"
 *   terrain:   one line per feature: "<kind> [level <n>] [width <n>] <x>,<y> <x>,<y> …"
 *              area kinds (woods, hill, fortification, marsh, …) take a polygon, line kinds
 *              (road, stream, river) a polyline, bridge/ford one point
 *   buildings: "<id> <x>,<y> <x>,<y> … [hits <n>]"  (a polygon; its name is its id)
 *   settings:  overrides of the B&P settings (src/rules/bp/settings.ts), nested or dotted
 *   standing:  "<unit> fire|hold [square|no-square]"  the owner's standing reaction (L111, L123, L131)
 *   turn:      number (default 1)            order: [<first side>, <second side>] (default [fr, au])
 *   acts:      in order, each through bp.act (seat = the acting unit's side) or bp.resolve:
 *                "move <unit> <place>"  the location vocabulary: "forward 4in", "back 2in",
 *                                       "right 2in", "wheel right 40", "forward 2in then wheel left 30"
 *                "formation <unit> line|column|skirmish|square"
 *                "fire <unit> <target>"      "charge <unit> <target> [with <unit>,<unit>]"
 *                "crew <gun> <gun> [figures]"  gunners cross to another gun (L97, HR B-17)
 *                "standing <unit> fire|hold [square|no-square]"
 *                "resolve"                   end of the move period (the next one opens)
 *              An act the engine refuses changes nothing; every refusal must be expected
 *              ("act <n> refused <code>"), or the case fails.
 *   dice:      the faces the dice show, in roll order. Every one must be used.
 *   expect:    "<unit> figures <n>"   "<unit> stands 3,3,2"   "<unit> formation square"
 *              "<unit> slots 0,2|-"   a line's places along its front after a stand fell from its middle (L113)
 *              "<unit> stage routed|halted|reforming|effective"   "<unit> disrupted" / "<unit> !disrupted"
 *              "<unit> gone eliminated|gun-lost|fled" / "<unit> on-table"
 *              "<unit> at <x>,<y> [±tol]"   "<unit> facing <deg>"   "<unit> in <building>"
 *              "act <n> ok" / "act <n> refused <code> [words of the message…]"
 *              "rolls <rule> totals <t1>,<t2>…"   the totals of the roll events with that rule, in order
 *              "rolls <rule> modifiers <m1>,<m2>…"  the modifiers of the first such roll, sorted
 *              "rolls <rule> count <n>"
 *              "log <key> <id>,<id>…" (state.log lists, e.g. wonMelee, returnFired, fired; "-" = empty)
 *              "noMove <id>,…|-"   "commander <id> dead|alive"   "building <id> hits <n> [burning]"
 *              "turn <n>"  "phasing <side>"  "event <text>" / "!event <text>"
 *
 * UNITS: "<id> <side> <arm> <formation> <figures per stand, front first: 3,3,3,3> at <x>,<y>
 *         [facing <deg>] [guard] [heavy] [green] [disrupted] [routed|halted|reforming]
 *         [assaulted <n>] [control A|B|C] [in <building>] [slots 0,1,3]"
 *   Sides fr (French, south, facing 0 = north by default) and au (Austrians, facing 180 by
 *   default), on a 48" × 36" table; `at` is the centre of the unit's front edge (BP-S1). Stands:
 *   infantry 1.5" × 0.75", cavalry 1.5" × 1.25", a gun 1.5" × 1.5". The French move first.
 */
import { parse } from 'yaml';
import { scriptedDice } from '../../src/dice/dice';
import type { GameEvent, RollEvent } from '../../src/rules/events';
import { AREA_KINDS, LINE_KINDS, POINT_KINDS, type Point, type TerrainFeature } from '../../src/rules/geometry/types';
import { bp } from '../../src/rules/bp/index';
import { parseBpSettings } from '../../src/rules/bp/settings';
import { figuresOf, seatOfSide, type BpBuilding, type BpCommander, type BpState, type BpUnit } from '../../src/rules/bp/state';
import { ARMS, CONTROL_CLASSES, FORMATIONS } from '../../src/rules/bp/tables/vocabulary';
import { position, unit } from '../rules/bp/phases/fixture';

export interface BpCase {
  readonly case: string;
  readonly rule: string;
  readonly units: readonly string[];
  readonly commanders?: readonly string[];
  readonly terrain?: readonly string[];
  readonly buildings?: readonly string[];
  readonly settings?: unknown;
  readonly standing?: readonly string[];
  readonly turn?: number;
  readonly order?: readonly [string, string];
  readonly acts: readonly string[];
  readonly dice?: readonly number[];
  readonly expect: readonly string[];
}

/** What a case run leaves: the state, every event, each act's outcome, dice left over. */
export interface BpCaseRun {
  readonly state: BpState;
  readonly events: readonly GameEvent[];
  readonly outcomes: readonly { readonly act: string; readonly code: string; readonly message: string }[];
  readonly diceLeft: number;
}

export function parseCases(text: string): BpCase[] {
  const cases = parse(text) as BpCase[];
  if (!Array.isArray(cases)) throw new Error('a case file is a YAML list of cases');
  for (const c of cases) {
    for (const key of ['case', 'rule', 'units', 'acts', 'expect'] as const) {
      if (c[key] === undefined) throw new Error(`case "${c.case ?? '?'}" has no ${key}: every case needs case, rule, units, acts and expect`);
    }
  }
  return cases;
}

const point = (t: string, where: string): Point => {
  const [x, y] = t.split(',').map(Number);
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`bad point "${t}" in: ${where} (write x,y in inches)`);
  return { x: x!, y: y! };
};

const oneOf = <T extends string>(list: readonly T[], v: string | undefined, what: string, line: string): T => {
  if (v === undefined || !(list as readonly string[]).includes(v)) throw new Error(`bad ${what} "${v}" in: ${line} (one of ${list.join(', ')})`);
  return v as T;
};

/** A unit line (header). */
export function parseUnit(line: string): BpUnit {
  const m = /^(\S+)\s+(fr|au)\s+(\S+)\s+(\S+)\s+([\d,]+)\s+at\s+(\S+)(.*)$/.exec(line.trim());
  if (!m) throw new Error(`bad unit line: ${line} (expected "<id> fr|au <arm> <formation> 3,3,3,3 at x,y …")`);
  const arm = oneOf(ARMS, m[3], 'arm', line);
  const formation = oneOf(FORMATIONS, m[4], 'formation', line);
  const stands = m[5]!.split(',').map(Number);
  const side = m[2] as 'fr' | 'au';
  const at = point(m[6]!, line);
  const over: Record<string, unknown> = {};
  let facing = side === 'fr' ? 0 : 180;
  const rest = m[7]!.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    if (t === 'facing') facing = Number(rest[++i]);
    else if (t === 'guard' || t === 'heavy' || t === 'green') over[t] = true;
    else if (t === 'disrupted') over.disruptedAt = 0;
    else if (t === 'routed' || t === 'halted' || t === 'reforming') over.stage = t;
    else if (t === 'assaulted') over.assaultsRecovering = Number(rest[++i]);
    else if (t === 'control') over.controlClass = oneOf(CONTROL_CLASSES, rest[++i], 'control class', line);
    else if (t === 'in') over.building = rest[++i];
    else if (t === 'slots') over.slots = (rest[++i] ?? '').split(',').map(Number);
    else throw new Error(`unknown unit word "${t}" in: ${line}`);
  }
  if (!Number.isFinite(facing)) throw new Error(`bad facing in: ${line}`);
  return unit(m[1]!, side, { at: [at.x, at.y], arm, formation, stands, pose: { at, facing }, ...over } as Partial<BpUnit> & { at: [number, number] });
}

function parseCommander(line: string): BpCommander {
  const m = /^(\S+)\s+(fr|au)\s+at\s+(\S+)(\s+dead)?$/.exec(line.trim());
  if (!m) throw new Error(`bad commander line: ${line} (expected "<id> fr|au at x,y [dead]")`);
  return { id: m[1]!, name: m[1]!, side: m[2]!, at: point(m[3]!, line), alive: !m[4] };
}

function parseTerrain(line: string, i: number): TerrainFeature {
  const w = line.trim().split(/\s+/);
  const kind = w.shift()!;
  const extra: Record<string, number> = {};
  while (w[0] === 'level' || w[0] === 'width') { const k = w.shift()!; extra[k] = Number(w.shift()); }
  const pts = w.map((t) => point(t, line));
  const id = `t${i + 1}`;
  if ((AREA_KINDS as readonly string[]).includes(kind)) {
    if (pts.length < 3) throw new Error(`an area needs 3 or more corners: ${line}`);
    return { id, kind: kind as (typeof AREA_KINDS)[number], polygon: pts, ...(extra.level !== undefined ? { level: extra.level } : {}) };
  }
  if ((LINE_KINDS as readonly string[]).includes(kind)) {
    if (pts.length < 2) throw new Error(`a line needs 2 or more points: ${line}`);
    return { id, kind: kind as (typeof LINE_KINDS)[number], line: pts, ...(extra.width !== undefined ? { width: extra.width } : {}) };
  }
  if ((POINT_KINDS as readonly string[]).includes(kind)) return { id, kind: kind as (typeof POINT_KINDS)[number], at: pts[0]! };
  throw new Error(`unknown terrain kind "${kind}" in: ${line}`);
}

function parseBuilding(line: string): BpBuilding {
  const w = line.trim().split(/\s+/);
  const id = w.shift()!;
  let hits = 0;
  const h = w.indexOf('hits');
  if (h >= 0) { hits = Number(w[h + 1]); w.splice(h, 2); }
  return { id, name: id, polygon: w.map((t) => point(t, line)), hits, burning: false };
}

function parseStanding(line: string): [string, { returnFire: 'fire' | 'hold'; square: boolean }] {
  const w = line.trim().split(/\s+/);
  const rf = oneOf(['fire', 'hold'] as const, w[1], 'return fire choice', line);
  const sq = w[2] === undefined || w[2] === 'square' ? true : w[2] === 'no-square' ? false : null;
  if (sq === null) throw new Error(`bad square choice "${w[2]}" in: ${line} (square or no-square)`);
  return [w[0]!, { returnFire: rf, square: sq }];
}

/** The case's starting state: the French move period of turn 1 unless `order` says otherwise. */
export function caseState(c: BpCase): BpState {
  const settings = parseBpSettings(c.settings ?? {});
  if (!settings.ok) throw new Error(`${c.case}: bad settings: ${settings.error.message}`);
  const units = c.units.map(parseUnit);
  const buildings = (c.buildings ?? []).map(parseBuilding);
  for (const u of units) if (u.building && !buildings.some((b) => b.id === u.building)) throw new Error(`${c.case}: ${u.id} is in ${u.building}, which is not among the buildings`);
  const s = position(units, { terrain: (c.terrain ?? []).map(parseTerrain), settings: settings.value, commanders: (c.commanders ?? []).map(parseCommander) });
  const order = c.order ?? ['fr', 'au'];
  return {
    ...s, turn: c.turn ?? 1, order: [order[0], order[1]], log: { ...s.log, side: order[0] },
    buildings: Object.fromEntries(buildings.map((b) => [b.id, b])),
    standing: Object.fromEntries((c.standing ?? []).map(parseStanding)),
  };
}

/** Turns an act line into a bp action and the seat that makes it. */
function actionOf(s: BpState, line: string): { seat: string; action: Parameters<typeof bp.act>[2] } {
  const w = line.trim().split(/\s+/);
  const id = w[1] ?? '';
  const side = s.units[id]?.side ?? s.commanders[id]?.side;
  if (!side) throw new Error(`act "${line}": no unit or commander "${id}"`);
  const seat = seatOfSide(s, side);
  switch (w[0]) {
    case 'move': return { seat, action: { kind: 'move', unit: id, to: w.slice(2).join(' ') } };
    case 'formation': return { seat, action: { kind: 'formation', unit: id, formation: oneOf(FORMATIONS, w[2], 'formation', line) } };
    case 'fire': return { seat, action: { kind: 'fire', unit: id, target: w[2]! } };
    case 'charge': return { seat, action: { kind: 'charge', unit: id, target: w[2]!, ...(w[3] === 'with' ? { with: (w[4] ?? '').split(',') } : {}) } };
    case 'crew': return { seat, action: { kind: 'crew', unit: id, to: w[2]!, ...(w[3] !== undefined ? { figures: Number(w[3]) } : {}) } };
    case 'standing': { const [, st] = parseStanding(w.slice(1).join(' ')); return { seat, action: { kind: 'standing', unit: id, ...st } }; }
    default: throw new Error(`unknown act "${line}" (move, formation, fire, charge, crew, standing, resolve)`);
  }
}

/** Runs the case's acts in order with one scripted dice source. */
export function runCase(c: BpCase): BpCaseRun {
  let s = caseState(c);
  const dice = scriptedDice(c.dice ?? []);
  const events: GameEvent[] = [];
  const outcomes: { act: string; code: string; message: string }[] = [];
  for (const line of c.acts) {
    if (line.trim() === 'resolve') {
      const step = bp.resolve(s, new Map(), dice);
      s = step.state; events.push(...step.events);
      outcomes.push({ act: line, code: 'ok', message: '' });
      continue;
    }
    const { seat, action } = actionOf(s, line);
    const r = bp.act(s, seat, action, dice);
    if (r.ok) { s = r.value.state; events.push(...r.value.events); outcomes.push({ act: line, code: 'ok', message: '' }); }
    else outcomes.push({ act: line, code: r.error.code, message: r.error.message });
  }
  return { state: s, events, outcomes, diceLeft: dice.remaining };
}

const rollsOf = (events: readonly GameEvent[], rule: string): RollEvent[] => events.filter((e): e is RollEvent => e.kind === 'roll' && e.rule === rule);
const eq = (what: string, got: unknown, want: unknown): string | null => (String(got) === String(want) ? null : `${what}: expected ${want}, got ${got}`);
const list = (xs: readonly unknown[]): string => (xs.length === 0 ? '-' : xs.join(','));

/** Checks one expectation line; a failure message, or null. Unknown words fail. */
export function checkExpectation(line: string, r: BpCaseRun): string | null {
  const w = line.trim().split(/\s+/);
  const s = r.state;
  const text = r.events.map((e) => JSON.stringify(e)).join('\n');
  switch (w[0]) {
    case 'event': return text.includes(w.slice(1).join(' ')) ? null : `no event mentions "${w.slice(1).join(' ')}"`;
    case '!event': return text.includes(w.slice(1).join(' ')) ? `an event mentions "${w.slice(1).join(' ')}"` : null;
    case 'turn': return eq('turn', s.turn, w[1]);
    case 'phasing': return eq('phasing side', s.order[s.period], w[1]);
    case 'noMove': return eq('noMove', list(s.noMove), w[1]);
    case 'log': {
      const v = (s.log as unknown as Record<string, unknown>)[w[1]!];
      if (!Array.isArray(v)) return `no log list "${w[1]}"`;
      return eq(`log ${w[1]}`, list(v), w[2]);
    }
    case 'act': {
      const o = r.outcomes[Number(w[1]) - 1];
      if (!o) return `no act ${w[1]}`;
      if (w[2] === 'ok') return o.code === 'ok' ? null : `act ${w[1]} (${o.act}) refused: ${o.code} ${o.message}`;
      if (w[2] !== 'refused') return `unknown expectation: ${line}`;
      if (o.code !== w[3]) return `act ${w[1]} (${o.act}): expected refusal ${w[3]}, got ${o.code} ${o.message}`;
      const words = w.slice(4).join(' ');
      return !words || o.message.includes(words) ? null : `act ${w[1]}: the refusal "${o.message}" does not say "${words}"`;
    }
    case 'rolls': {
      // The rule may hold spaces ("B&P L109"): it runs up to the keyword.
      const k = w.findIndex((x, i) => i > 1 && (x === 'totals' || x === 'count' || x === 'modifiers'));
      if (k < 0) return `unknown expectation: ${line} (rolls <rule> totals|count|modifiers <values>)`;
      const rule = w.slice(1, k).join(' ');
      const rolls = rollsOf(r.events, rule);
      if (w[k] === 'totals') return eq(`totals of ${rule} rolls`, list(rolls.map((x) => x.total)), w[k + 1]);
      if (w[k] === 'count') return eq(`number of ${rule} rolls`, rolls.length, w[k + 1]);
      if (!rolls[0]) return `no ${rule} roll`;
      return eq(`modifiers of the first ${rule} roll`, list(rolls[0].modifiers.map((m) => m.value).sort((a, b) => a - b)), w[k + 1]);
    }
    case 'commander': {
      const c = s.commanders[w[1]!];
      if (!c) return `no commander ${w[1]}`;
      return eq(`${w[1]}`, c.alive ? 'alive' : 'dead', w[2]);
    }
    case 'building': {
      const b = s.buildings[w[1]!];
      if (!b) return `no building ${w[1]}`;
      if (w[2] !== 'hits') return `unknown expectation: ${line}`;
      return eq(`${w[1]} hits`, b.hits, w[3]) ?? (w[4] === 'burning' && !b.burning ? `${w[1]} should be burning` : null);
    }
    default: break;
  }
  const u = s.units[w[0]!];
  if (!u) return `no unit ${w[0]} (or unknown expectation: ${line})`;
  switch (w[1]) {
    case 'figures': return eq(`${u.id} figures`, figuresOf(u), w[2]);
    case 'stands': return eq(`${u.id} stands`, u.stands.join(','), w[2]);
    case 'slots': return eq(`${u.id} slots`, list(u.slots ?? []), w[2]);
    case 'formation': return eq(`${u.id} formation`, u.formation, w[2]);
    case 'stage': return eq(`${u.id} stage`, u.stage, w[2]);
    case 'disrupted': return u.disruptedAt !== null ? null : `${u.id} should be disrupted`;
    case '!disrupted': return u.disruptedAt === null ? null : `${u.id} should not be disrupted`;
    case 'gone': return eq(`${u.id} gone`, u.gone, w[2]);
    case 'on-table': return u.gone === null ? null : `${u.id} should be on the table, is ${u.gone}`;
    case 'in': return eq(`${u.id} building`, u.building, w[2]);
    case 'facing': return Math.abs(((u.pose.facing - Number(w[2]) + 540) % 360) - 180) < 0.5 ? null : `${u.id} facing ${u.pose.facing}, expected ${w[2]}`;
    case 'at': {
      const p = point(w[2]!, line);
      const tol = w[3]?.startsWith('±') ? Number(w[3].slice(1)) : 0.05;
      const d = Math.hypot(u.pose.at.x - p.x, u.pose.at.y - p.y);
      return d <= tol ? null : `${u.id} at ${u.pose.at.x.toFixed(3)},${u.pose.at.y.toFixed(3)}, expected ${p.x},${p.y} ±${tol}`;
    }
    default: return `unknown expectation: ${line}`;
  }
}

/** Refusals no expectation names: each fails the case. */
export function unexpectedRefusals(c: BpCase, r: BpCaseRun): string[] {
  return r.outcomes.flatMap((o, i) => (o.code !== 'ok' && !c.expect.some((e) => e.trim().startsWith(`act ${i + 1} refused`)) ? [`act ${i + 1} (${o.act}) was refused unexpectedly: ${o.code} ${o.message}`] : []));
}
