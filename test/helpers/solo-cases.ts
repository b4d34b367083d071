/**
 * Kuryakin adjudication cases in plain text (after godip's cases and bp-cases.ts): a rules lawyer
 * reads and writes them without TypeScript. A case file (test/rules/solo/cases/*.yaml) is a YAML
 * list of cases, each calling ONE dice procedure (src/rules/solo/procedures) with scripted dice:
 *
 *   case:     what it shows               rule: the line(s) it checks ("KUR L14; K-15")
 *   settings: overrides of the Kuryakin settings (src/rules/solo/settings.ts), nested or dotted
 *   units:    "<name> <type> <class> <formation> <figures> [D <n>] [nation <n>] [guards]
 *              [officer front|rear|dead] [musician alive|dead] [standard front|rear|dead]"
 *              types line-inf light-inf rifles light-cav medium-cav heavy-cav cuirassier foot-art horse-art
 *   generals: "<name> <level> <nation> TH <th> AV <av> grade <n>"
 *   call:     generate | control | deal | slot | chance | move | swerve | formation | start | stop |
 *             collision | reform | volley | skirmish | artillery | melee | further | morale | rally |
 *             charge | charge-home | flight
 *   with:     the call's arguments (unit and general names are looked up; see CALLS below);
 *             `marked: ["officer@3", "Ney:general@5"]` places special figures / generals among
 *             the eligible figures (1-based)
 *             flight: `at: [x, y]` and `from: [x, y]` (the enemy fled from; omit for none) in mm,
 *             `table: [width, height]`, `facing`, `kind: rout|retire`, `mm` (a printed distance)
 *   dice:     the faces the dice show, in roll order (d% faces 1-100). Every one must be used.
 *   expect:   "<path> <value>"           a field of the procedure's result ("hits 3", "result 4.5",
 *                                         "failure.result rout", "a.suffered.figures 2"; lists as a,b)
 *             "rolls <rule> totals a,b" / "rolls <rule> count n" / "rolls <rule> modifiers +1,-2"
 *                                         (the first such roll's modifier values, sorted)
 *             "row <text>"   some roll's table row contains the text
 *             "note <text>"  some note contains the text
 *             "placeholder <key>"  some note labels a number from that placeholder setting
 *
 * Scene calls run the phases on a placed table (`place`, `terrain`, `table`: solo-scene.ts):
 *   fire-at {firer, target} · move-on {unit, mm} · charge-on {charger, target} ·
 *   flee-on {unit, kind, from} · attach-on {general, unit|null, thenMove?} · ride-on {general, to} ·
 *   morale-on {unit} · ground {from, to} · marker-card {unit, from, homeEdge?} ·
 *   contact-on {charger, target} (x, y, facing where the charger stands in contact; overlap: the bases overlap)
 * Their result is `refused <code|no>` and the table after: `units.<id>.x|y|disorder|motion|gone`,
 * `generals.<id>.x|y|attachedTo` (mm, rounded).
 */
import { parse } from 'yaml';
import { scriptedDice } from '../../src/dice/dice';
import type { GameEvent, RollEvent } from '../../src/rules/events';
import * as P from '../../src/rules/solo/procedures';
import { ok, type Problem, type Result } from '../../src/lib/result';
import type { SoloGame } from '../../src/rules/solo/game';
import { chargeAct } from '../../src/rules/solo/phases/charge';
import { fireAct } from '../../src/rules/solo/phases/fire';
import { flee } from '../../src/rules/solo/phases/flight';
import { attachAct, generalMoveAct } from '../../src/rules/solo/phases/generals';
import { chargesUphill, coverAt, difficultLengthMm, inBuildingOrFieldwork, moveCostMm, obstacleCrossed } from '../../src/rules/solo/phases/ground';
import { moraleInputFor } from '../../src/rules/solo/phases/morale-state';
import { moveAct } from '../../src/rules/solo/phases/move';
import { parseSoloSettings, type SoloSettings } from '../../src/rules/solo/settings';
import { unitById, withUnit, type SoloState } from '../../src/rules/solo/state';
import { contactPose } from '../../src/rules/solo/phases/contact';
import { footprint } from '../../src/rules/solo/phases/footprint';
import { attackAspect } from '../../src/rules/battalion/formations';
import { baseCorners, type Base } from '../../src/rules/geometry/base';
import { bearing, headingVector, rightVector } from '../../src/rules/geometry/vector';
import { openCard } from '../../src/rules/solo/turn';
import { soloScene } from './solo-scene';
import { CLASSES, FORMATIONS, NATIONS, UNIT_TYPES, type TroopClass } from '../../src/rules/solo/tables/vocabulary';

export interface SoloCase {
  readonly case: string;
  readonly rule: string;
  readonly settings?: unknown;
  readonly units?: readonly string[];
  readonly generals?: readonly string[];
  readonly call: string;
  readonly with?: Record<string, unknown>;
  readonly dice?: readonly number[];
  readonly expect: readonly string[];
  /** Scene calls (solo-scene.ts): where each unit and general stands, the terrain, the table. */
  readonly place?: Record<string, readonly [string, number, number, number, ...string[]]>;
  readonly terrain?: unknown;
  readonly table?: unknown;
}

export interface SoloCaseRun {
  readonly result: unknown;
  readonly events: readonly GameEvent[];
  readonly diceLeft: number;
}

export function parseSoloCases(text: string): SoloCase[] {
  const cases = parse(text) as SoloCase[];
  if (!Array.isArray(cases)) throw new Error('a case file is a YAML list of cases');
  for (const c of cases) for (const k of ['case', 'rule', 'call', 'expect'] as const) if (c[k] === undefined) throw new Error(`case "${c.case ?? '?'}" has no ${k}`);
  return cases;
}

const oneOf = <T extends string>(list: readonly T[], v: string | undefined, what: string, line: string): T => {
  if (v === undefined || !(list as readonly string[]).includes(v)) throw new Error(`bad ${what} "${v}" in: ${line} (one of ${list.join(', ')})`);
  return v as T;
};

/** A unit line. */
export function parseSoloUnit(line: string): P.SoloUnitInput {
  const w = line.trim().split(/\s+/);
  if (w.length < 5) throw new Error(`bad unit line: ${line} (expected "<name> <type> <class> <formation> <figures> …")`);
  const [name, type, cls, formation, figs, ...rest] = w as [string, string, string, string, string, ...string[]];
  const u: { -readonly [K in keyof P.SoloUnitInput]: P.SoloUnitInput[K] } = {
    name, type: oneOf(UNIT_TYPES, type, 'type', line), class: oneOf(CLASSES, cls, 'class', line), formation: oneOf(FORMATIONS, formation, 'formation', line),
    figures: Number(figs), disorder: 0, nation: 'french', specials: { officer: { alive: true, front: true }, musician: { alive: true }, standard: { alive: true, front: true } },
  };
  const specials: Record<string, P.SpecialState | undefined> = { ...u.specials };
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    if (t === 'D') u.disorder = Number(rest[++i]);
    else if (t === 'nation') u.nation = oneOf(NATIONS, rest[++i], 'nation', line);
    else if (t === 'guards') u.guards = true;
    else if (t === 'officer' || t === 'musician' || t === 'standard') {
      const s = rest[++i];
      specials[t] = s === 'absent' ? undefined : { alive: s !== 'dead', front: s !== 'rear' };
    } else throw new Error(`unknown unit word "${t}" in: ${line}`);
  }
  if (!Number.isInteger(u.figures)) throw new Error(`bad figures in: ${line}`);
  u.specials = specials;
  return u;
}

/** A general line. */
export function parseSoloGeneral(line: string): P.GeneralInput {
  const m = /^(\S+)\s+(brigadier|division|corps)\s+(\S+)\s+TH\s+(\S+)\s+AV\s+(\S+)\s+grade\s+(\d+)$/.exec(line.trim());
  if (!m) throw new Error(`bad general line: ${line} (expected "<name> brigadier|division|corps <nation> TH <th> AV <av> grade <n>")`);
  return { name: m[1]!, level: m[2] as P.GeneralInput['level'], nation: oneOf(NATIONS, m[3], 'nation', line), th: m[4] as P.GeneralInput['th'], av: m[5] as P.GeneralInput['av'], grade: Number(m[6]) };
}

const marked = (v: unknown): P.Marked[] => ((v as string[] | undefined) ?? []).map((s) => {
  const m = /^(?:(\S+):)?(officer|musician|standard|general)@(\d+)$/.exec(s);
  if (!m) throw new Error(`bad marked "${s}" (write officer@3 or Ney:general@5)`);
  return { id: m[1] ?? m[2]!, kind: m[2] as P.Marked['kind'], position: Number(m[3]) };
});

type Args = Record<string, unknown>;
interface Ctx { unit(name: unknown): P.SoloUnitInput; general(name: unknown): P.GeneralInput; s: SoloSettings; dice: ReturnType<typeof scriptedDice>; scene(): SoloState }
const num = (v: unknown, d = 0): number => (v === undefined ? d : Number(v));
const target = (c: Ctx, a: Args): P.FireTarget => {
  const unit = c.unit(a.target);
  return { unit, frontRank: num(a.targetFront, unit.figures), ...(a.cover ? { cover: a.cover as 'soft' | 'hard' } : {}), marked: marked(a.marked) };
};
const side = (c: Ctx, a: Args, k: 'a' | 'b'): P.MeleeSide => {
  const unit = c.unit(a[k]);
  const x = (a[`${k}Side`] as Args | undefined) ?? {};
  return { unit, fighting: num(x.fighting, unit.figures), eligible: num(x.eligible, unit.figures), marked: marked(x.marked), hitEnemyStanding: !!x.hitEnemyStanding, flankOrRear: !!x.flankOrRear };
};
const moraleInput = (c: Ctx, a: Args): P.MoraleInput => ({
  unit: c.unit(a.unit), casualtiesThisTurn: num(a.casualtiesThisTurn), casualtiesTotal: num(a.casualtiesTotal, num(a.casualtiesThisTurn)),
  friendsWithin300: num(a.friendsWithin300), underCommand: !!a.underCommand, motion: (a.motion as P.MoraleInput['motion']) ?? 'halted', friendsRouting: num(a.friendsRouting),
  ...(a.chargedFrom ? { chargedFrom: a.chargedFrom as 'front' } : {}), ...(a.chargedByClass ? { chargedByClass: a.chargedByClass as TroopClass } : {}),
  defendingCover: !!a.defendingCover, attached: (a.attached as P.Attached) ?? null, artilleryCannotReply: !!a.artilleryCannotReply, lostMelee: !!a.lostMelee,
  coKilledInRange: !!a.coKilledInRange, corpsCommanderKilled: !!a.corpsCommanderKilled, vsCavalry: !!a.vsCavalry,
});

/** `[x, y]` in mm → a point; absent or null → null. */
const point = (v: unknown): { x: number; y: number } | null => {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || v.length !== 2) throw new Error(`bad point ${JSON.stringify(v)} (write [x, y] in mm)`);
  return { x: Number(v[0]), y: Number(v[1]) };
};

/** What each `call` runs, from its `with:` arguments. */
const CALLS: Record<string, (c: Ctx, a: Args) => P.Procedure<unknown>> = {
  generate: (c, a) => P.generateGeneral({ name: String(a.name), level: (a.level as 'brigadier') ?? 'brigadier', nation: (a.nation as 'french') ?? 'french' }, c.s, c.dice),
  control: (c, a) => P.controlRoll({ brigadier: c.general(a.brigadier), ...(a.divisionMm !== undefined ? { divisionMm: num(a.divisionMm) } : {}), ...(a.corpsMm !== undefined ? { corpsMm: num(a.corpsMm) } : {}) }, c.s, c.dice),
  deal: (c, a) => P.dealCards((a.holders as string[]).map((h) => { const [id, kind] = h.split(':'); return { id: id!, kind: (kind ?? 'unit') as 'unit' }; }), num(a.deck), c.dice),
  slot: (c, a) => ({ result: P.chargedSlot(num(a.charger), num(a.target), !!a.targetActed, c.s), events: [] }),
  chance: (c, a) => P.drawChance(a.sides as string[], c.s, c.dice),
  move: (c, a) => P.moveAllowance(c.unit(a.unit), (a.th as 'average') ?? 'average', c.s, c.dice),
  swerve: (c, a) => P.swerveRoll(String(a.unit), c.dice),
  formation: (c, a) => P.formationChange({ unit: c.unit(a.unit), th: (a.th as 'average') ?? 'average', outOfCommand: !!a.outOfCommand }, c.s, c.dice),
  start: (c, a) => P.startFromStandstill(String(a.unit), (a.av as 'normal') ?? 'normal', c.dice),
  stop: (c, a) => P.stopAdvance(String(a.unit), (a.av as 'normal') ?? 'normal', c.dice),
  collision: (c, a) => P.collisionChits(String(a.unit), c.dice),
  reform: (c, a) => P.reform(c.unit(a.unit), c.s, c.dice),
  volley: (c, a) => P.volleyFire({ firer: c.unit(a.firer), frontRank: num(a.frontRank, c.unit(a.firer).figures), movedFraction: num(a.movedFraction), band: a.band as 'short', target: target(c, a) }, c.s, c.dice),
  skirmish: (c, a) => P.skirmishFire({ firer: c.unit(a.firer), band: a.band as 'short', target: target(c, a) }, c.s, c.dice),
  artillery: (c, a) => {
    const band = P.artilleryBand(num(a.distanceMm), c.s);
    if (!band) return { result: 'out-of-range', events: [] };
    return P.artilleryFire({ battery: c.unit(a.battery), staffOfficer: !!a.staffOfficer, band, target: target(c, a) }, c.s, c.dice);
  },
  melee: (c, a) => P.meleeRound(side(c, a, 'a'), side(c, a, 'b'), c.s, c.dice),
  further: (c, a) => P.furtherRounds(c.dice, String(a.unit)),
  morale: (c, a) => P.moraleTest(moraleInput(c, a), c.s, c.dice),
  rally: (c, a) => P.rallyTest(moraleInput(c, a), c.s, c.dice),
  charge: (c, a) => P.chargeTest({ unit: c.unit(a.unit), targetClass: a.targetClass as TroopClass, ...(a.brigadierAttached ? { brigadierAttached: a.brigadierAttached as 'normal' } : {}), ...(a.seniorAttached ? { seniorAttached: a.seniorAttached as 'normal' } : {}) }, c.s, c.dice),
  flight: (c, a) => P.flightMove({
    unit: c.unit(a.unit), at: point(a.at)!, facing: num(a.facing), kind: (a.kind as 'rout') ?? 'rout', from: point(a.from),
    ...(a.table ? { table: { width: (a.table as number[])[0]!, height: (a.table as number[])[1]! } } : {}), ...(a.mm !== undefined ? { mm: num(a.mm) } : {}),
  }, c.s),
  'charge-home': (c, a) => P.chargeHomeTest({
    unit: c.unit(a.unit), enemyDisorder: num(a.enemyDisorder), casualtiesThisMove: num(a.casualtiesThisMove), coAv: (a.coAv as 'normal') ?? 'normal',
    uphill: !!a.uphill, brigadierAttached: !!a.brigadierAttached, seniorAttached: !!a.seniorAttached, overObstacle: !!a.overObstacle, buildingOrFieldwork: !!a.buildingOrFieldwork, steadyInfantryTarget: !!a.steadyInfantryTarget,
  }, c.s, c.dice),
};

/** The table after a scene call: each unit's and general's place and state, rounded to the mm. */
function table(s: SoloState): Record<string, unknown> {
  const r = (n: number) => Math.round(n);
  return {
    units: Object.fromEntries(s.units.map((u) => [u.id, { x: r(u.at.x), y: r(u.at.y), disorder: u.disorder, motion: u.motion, gone: u.gone ?? 'no', figures: u.figures }])),
    generals: Object.fromEntries(s.generals.map((g) => [g.id, { x: r(g.at.x), y: r(g.at.y), attachedTo: g.attachedTo ?? 'none' }])),
  };
}
/** A phase's Result as a case result: refused (with the code) or the table after it. */
function outcome(r: Result<{ state: SoloState; events: GameEvent[] }, Problem>, extra: (v: { state: SoloState }) => Record<string, unknown> = () => ({})): P.Procedure<unknown> {
  if (!r.ok) return { result: { refused: r.error.code, message: r.error.message }, events: [] };
  return { result: { refused: 'no', ...table(r.value.state), ...extra(r.value) }, events: r.value.events };
}
const id = (v: unknown) => String(v);

/** Do two bases share more than an edge (overlap by over 0.01 mm on every separating axis)? */
function basesOverlap(a: Base, b: Base): boolean {
  const ring = (x: Base) => { const k = baseCorners(x); return [k.frontLeft, k.frontRight, k.rearRight, k.rearLeft]; };
  const ra = ring(a), rb = ring(b);
  return [a, b].flatMap((x) => [headingVector(x.pose.facing), rightVector(x.pose.facing)]).every((n) => {
    const pa = ra.map((p) => p.x * n.x + p.y * n.y), pb = rb.map((p) => p.x * n.x + p.y * n.y);
    return Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb)) > 0.01;
  });
}

/** Scene calls: the phases on a placed table (solo-scene.ts). */
const SCENE_CALLS: Record<string, (c: Ctx, a: Args) => P.Procedure<unknown>> = {
  'fire-at': (c, a) => outcome(fireAct(c.scene(), id(a.firer), id(a.target), c.s, c.dice), (v) => ({ hits: (v as unknown as { result: { hits: number } }).result.hits })),
  'move-on': (c, a) => outcome(moveAct(c.scene(), id(a.unit), num(a.mm), c.s, c.dice), (v) => ({ movedMm: Math.round((v as unknown as { movedMm: number }).movedMm) })),
  'charge-on': (c, a) => outcome(chargeAct(c.scene(), id(a.charger), id(a.target), c.s, c.dice), (v) => ({ end: (v as unknown as { end: string }).end })),
  'contact-on': (c, a) => {
    // KS-43: where the charger stands in contact, and whether the two bases then overlap.
    const s = c.scene();
    const ch = unitById(s, id(a.charger));
    const t = unitById(s, id(a.target));
    const pose = contactPose(ch, t, attackAspect(t, bearing(ch.at, t.at)).aspect);
    const placed = { ...ch, ...pose };
    return { result: { x: Math.round(pose.at.x), y: Math.round(pose.at.y), facing: Math.round(pose.facing), overlap: basesOverlap(footprint(placed), footprint(t)) }, events: [] };
  },
  'flee-on': (c, a) => { const f = flee(c.scene(), id(a.unit), (a.kind as 'rout') ?? 'rout', c.s, c.dice, { from: a.from ? id(a.from) : null, rule: 'case' }); return { result: table(f.state), events: f.events }; },
  'attach-on': (c, a) => {
    const s = c.scene();
    const g = s.generals.find((x) => x.id === id(a.general));
    const r = attachAct(s, id(a.general), a.unit === null || a.unit === undefined ? null : id(a.unit), g?.side ?? id(a.side), c.s);
    if (!r.ok || a.thenMove === undefined) return outcome(r);
    const m = moveAct(r.value.state, id(a.unit), num(a.thenMove), c.s, c.dice);
    return outcome(m.ok ? ok({ state: m.value.state, events: [...r.value.events, ...m.value.events] }) : m);
  },
  'ride-on': (c, a) => { const s = c.scene(); return outcome(generalMoveAct(s, id(a.general), point(a.to)!, s.generals.find((x) => x.id === id(a.general))!.side, c.s)); },
  'morale-on': (c, a) => ({ result: moraleInputFor(c.scene(), id(a.unit)), events: [] }),
  ground: (c, a) => {
    const s = c.scene();
    const from = point(a.from)!;
    const to = point(a.to)!;
    return { result: { cover: coverAt(s, to), uphill: chargesUphill(s, from, to), obstacle: obstacleCrossed(s, from, to) ?? 'none', building: inBuildingOrFieldwork(s, to), difficultMm: Math.round(difficultLengthMm(s, from, to)), costMm: Math.round(moveCostMm(s, from, to, c.s)) }, events: [] };
  },
  /** A unit with a morale marker (from `from`, the enemy whose act called for it) at its card (L8). */
  'marker-card': (c, a) => {
    const s0 = c.scene();
    const u = s0.units.find((x) => x.id === id(a.unit))!;
    const s = withUnit(s0, { ...u, moraleMarker: true, ...(a.from ? { moraleFrom: id(a.from) } : {}) });
    const card = { holder: u.id, kind: 'unit' as const, card: 1, done: false };
    const g = { ...s, queue: [card], settings: c.s, homeEdges: a.homeEdge ? { [u.side]: a.homeEdge as 'south' } : undefined } as unknown as SoloGame;
    const o = openCard(g, g.queue[0]!, c.dice);
    return { result: table(o.g), events: o.events };
  },
};
Object.assign(CALLS, SCENE_CALLS);
export const SOLO_CALLS = Object.keys(CALLS);

export function runSoloCase(c: SoloCase): SoloCaseRun {
  const s = parseSoloSettings(c.settings ?? {});
  if (!s.ok) throw new Error(`bad settings in case "${c.case}": ${s.error.message}`);
  const units = new Map((c.units ?? []).map((l) => { const u = parseSoloUnit(l); return [u.name, u] as const; }));
  const generals = new Map((c.generals ?? []).map((l) => { const g = parseSoloGeneral(l); return [g.name, g] as const; }));
  const dice = scriptedDice(c.dice ?? []);
  const ctx: Ctx = {
    unit: (n) => { const u = units.get(String(n)); if (!u) throw new Error(`case "${c.case}": no unit "${n}"`); return u; },
    general: (n) => { const g = generals.get(String(n)); if (!g) throw new Error(`case "${c.case}": no general "${n}"`); return g; },
    s: s.value, dice,
    scene: () => soloScene(units, generals, c.place as Record<string, readonly [string, number, number, number]> | undefined, c.terrain, c.table),
  };
  const call = CALLS[c.call];
  if (!call) throw new Error(`unknown call "${c.call}" (one of ${SOLO_CALLS.join(', ')})`);
  const out = call(ctx, c.with ?? {});
  return { result: out.result, events: out.events, diceLeft: dice.remaining };
}

const rollsOf = (events: readonly GameEvent[], rule: string): RollEvent[] => events.filter((e): e is RollEvent => e.kind === 'roll' && e.rule === rule);
const show = (v: unknown): string => (Array.isArray(v) ? v.map(show).join(',') : v === null || v === undefined ? String(v) : typeof v === 'object' ? JSON.stringify(v) : String(v));
const at = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);

/** Checks one expectation line; a failure message, or null. Unknown words fail. */
export function checkSoloExpectation(line: string, r: SoloCaseRun): string | null {
  const w = line.trim().split(/\s+/);
  const rest = w.slice(1).join(' ');
  switch (w[0]) {
    case 'rolls': {
      const k = w.findIndex((x, i) => i > 1 && (x === 'totals' || x === 'count' || x === 'modifiers'));
      if (k < 0) return `unknown expectation: ${line} (rolls <rule> totals|count|modifiers <values>)`;
      const rule = w.slice(1, k).join(' ');
      const rolls = rollsOf(r.events, rule);
      const want = w[k + 1] ?? '';
      const got = w[k] === 'totals' ? rolls.map((x) => x.total).join(',') : w[k] === 'count' ? String(rolls.length)
        : rolls[0] ? rolls[0].modifiers.map((m) => m.value).sort((a, b) => a - b).map((v) => (v > 0 ? `+${v}` : String(v))).join(',') : '(no roll)';
      return got === want ? null : `${w[k]} of ${rule} rolls: expected ${want}, got ${got}`;
    }
    case 'row': return r.events.some((e) => e.kind === 'roll' && (e.tableRow ?? '').includes(rest)) ? null : `no roll row contains "${rest}"`;
    case 'note': return r.events.some((e) => e.kind === 'note' && e.text.includes(rest)) ? null : `no note contains "${rest}"`;
    case 'placeholder': return r.events.some((e) => e.kind === 'note' && e.rule === `placeholder ${rest}`) ? null : `no number labelled placeholder ${rest}`;
    default: {
      if (w.length < 2) return `unknown expectation: ${line}`;
      const got = show(w[0] === 'result' ? r.result : at(r.result, w[0]!));
      return got === rest ? null : `${w[0]}: expected ${rest}, got ${got}`;
    }
  }
}
