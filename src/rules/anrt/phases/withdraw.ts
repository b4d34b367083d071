import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { add, bearing, distance, headingVector, rightVector, scale, dot, sub } from '../../geometry/vector';
import { footprint } from '../footprint';
import { overlapsAny, passageThrough, unitsOnPath } from '../passage';
import { isArtillery, liveUnits, moverOf, otherSide, withUnit, type AnrtState, type AnrtUnit } from '../state';
import { RETROGRADE, classRank, ROUT_MOVER } from '../tables/withdrawals';
import { reachOver, terrainMove } from '../terrain';
import { qrsValue } from './gm';
import { stepBackBehind } from './relief';

/**
 * Withdrawals and routs (§XII L952-966), from the state: where the enemy that caused them
 * stands, the terrain behind (terrain.ts), the friends in the way (passage.ts, L381-395).
 * - withdraw (L955-961): a normal move back less the retrograde (L330: infantry free, cavalry and
 *   guns half), directly away from the cause, ending facing it; cavalry that charged may rally back
 *   to where it started instead (`withdraw.cavalry`); ground its formation may not enter behind it
 *   makes it rout instead (L958); it passes friends it may interpenetrate and friends in buildings,
 *   and halts on touching any other, disordering them if their class is lower (L961, L925).
 * - rout (L966): a skirmisher's move directly away from the cause, or toward its own baseline when
 *   it continues a rout; it disorders friends it passes through of its own class or lower (L925),
 *   goes round close-order friends of a higher class, and passes higher-class skirmishers.
 * Either halts on touching an enemy (ANRT-W2); off the table it is removed.
 */

type Out = { s: AnrtState; events: GameEvent[] };

/** The nearest live enemy unit: the cause when the caller names none (melee opponent, charger). */
export function nearestEnemy(s: AnrtState, u: AnrtUnit): AnrtUnit | undefined {
  let best: AnrtUnit | undefined, d = Infinity;
  for (const e of liveUnits(s)) {
    if (e.side === u.side || e.abandoned) continue;
    const x = distance(e.at, u.at);
    if (x < d || (x === d && best && e.id < best.id)) { best = e; d = x; }
  }
  return best;
}

const away = (u: AnrtUnit, from: Point | undefined): number => (from && distance(from, u.at) > 1e-9 ? bearing(from, u.at) : u.facing + 180);

/**
 * A side's baseline (L966 "their own baseline", ANRT-W4): the table edge behind it — the edge
 * the line from the enemy's centre to its own centre points at (live units' mean positions).
 */
export function baselineHeading(s: AnrtState, side: string): number {
  let m = baselines.get(s.units);
  if (!m) { m = new Map(); baselines.set(s.units, m); }
  let h = m.get(side);
  if (h === undefined) { h = baselineUncached(s, side); m.set(side, h); }
  return h;
}
/** By units record (a new one whenever a unit changes): every router of a phase reads it. */
const baselines = new WeakMap<AnrtState['units'], Map<string, number>>();

function baselineUncached(s: AnrtState, side: string): number {
  const mean = (id: string) => { const us = liveUnits(s).filter((u) => u.side === id); return us.length ? scale(us.reduce((p, u) => add(p, u.at), { x: 0, y: 0 }), 1 / us.length) : null; };
  const me = mean(side), them = mean(otherSide(s, side));
  if (!me || !them) return 180;
  const d = sub(me, them);
  return Math.abs(d.x) > Math.abs(d.y) ? (d.x > 0 ? 90 : 270) : d.y > 0 ? 0 : 180;
}

/** How far along `heading` from `at` a path may go before its terrain-counted inches exceed `allowance` (woods count double, L359). */
function reachAlong(s: AnrtState, u: AnrtUnit, heading: number, allowance: number): { to: Point; refused?: string } {
  const at = (n: number) => add(u.at, scale(headingVector(heading), n));
  const full = terrainMove(s, u, [u.at, at(allowance)]);
  if (full.refused && full.refused.code !== 'order/terrain-buildings') return { to: at(allowance), refused: full.refused.message };
  if (full.inches <= allowance + 1e-6) return { to: at(allowance) };
  return { to: at(reachOver(s, u, u.at, at(allowance), allowance)) };
}

/** Whether a point lies off the table (a unit whose centre ends there is removed, ANRT-T5). */
export const offTable = (s: AnrtState, p: Point): boolean => p.x < 0 || p.y < 0 || p.x > s.map.table.width || p.y > s.map.table.height;

/** Carries `u` on past friends it passes that it would end on top of (L961: "even if this takes them more than their normal move"). */
function clearOf(u: AnrtUnit, to: Point, heading: number, passed: readonly AnrtUnit[]): Point {
  let p = to;
  for (let i = 0; i < 80 && overlapsAny(u, p, passed); i++) p = add(p, scale(headingVector(heading), 0.25));
  return p;
}

function disorderFriend(s: AnrtState, f: AnrtUnit, rule: string, why: string, events: GameEvent[]): AnrtState {
  const now = s.units[f.id]!;
  if (now.disordered || now.gone) return s;
  events.push({ kind: 'status', rule, unit: f.id, status: 'disordered', on: true, reason: why });
  return withUnit(s, { ...now, disordered: true });
}

/** The unit ends at `to` (or is removed off the table), with the move event. Evaders leaving the table go the same way (ANRT-E7). */
export function land(s: AnrtState, u: AnrtUnit, path: readonly Point[], facing: number, rule: string, why: string, patch: Partial<AnrtUnit>, events: GameEvent[]): AnrtState {
  const to = path[path.length - 1]!;
  if (offTable(s, to)) {
    events.push({ kind: 'removed', rule, unit: u.id, at: u.at, reason: `${why}: off the table` });
    return withUnit(s, { ...s.units[u.id]!, ...patch, gone: true });
  }
  events.push({ kind: 'move', rule, unit: u.id, from: u.at, to, path: [...path], facing, stopped: why });
  return withUnit(s, { ...s.units[u.id]!, ...patch, at: to, facing });
}

/** The QRS normal move (asked of the GM if empty). */
const qrsMove = (s: AnrtState, mover: string): number => qrsValue(s, `movement.${mover}`, `Normal move of ${mover}`, 'ANRT §VII', [0, 60]);

/**
 * A withdrawal (L955-961). `cause`: where the enemy that caused it stands (default: the nearest
 * enemy); `origin`: where the unit's charge started this phase, if it charged (cavalry may rally
 * back there instead, L955).
 */
export function withdrawUnit(s0: AnrtState, id: string, cause?: Point, origin?: Point): Out {
  const u = s0.units[id]!;
  const from = cause ?? nearestEnemy(s0, u)?.at;
  const events: GameEvent[] = [];
  const faceCause = (p: Point) => (from && distance(from, p) > 1e-9 ? bearing(p, from) : u.facing);
  if (u.arm === 'cavalry' && origin && (s0.settings.withdraw?.cavalry ?? 'rally-back') === 'rally-back' && distance(origin, u.at) > 1e-9) {
    const s = land(s0, u, [u.at, origin], faceCause(origin), 'ANRT §XII L955', 'rallies back instead of withdrawing', {}, events);
    return { s, events };
  }
  const heading = away(u, from);
  const allowance = qrsMove(s0, moverOf(u)) * (u.arm === 'infantry' ? RETROGRADE.infantry : RETROGRADE.other);
  const reach = reachAlong(s0, u, heading, allowance);
  if (reach.refused) {
    events.push({ kind: 'note', rule: 'ANRT §XII L958', text: `${u.id} cannot withdraw through the ground behind it (${reach.refused.replace(/^[^:]*: /, '')}): it routs instead.` });
    const r = routUnit(s0, id, from);
    return { s: r.s, events: [...events, ...r.events] };
  }
  const s = withdrawAlong(s0, u, reach.to, heading, faceCause, 'ANRT §XII L955', 'withdraws', events);
  return { s, events };
}

/**
 * A withdrawal's move from where `u` stands toward `to0` (L961): friends it may interpenetrate
 * (`passageThrough`, 'withdraw') and friends in buildings are passed, and it goes on until clear of
 * them ("even if this takes them more than their normal move"); any other friend halts it on
 * contact, disordering it if its class is lower (L961, L925); an enemy halts it on contact
 * (ANRT-W2); off the table it is removed. Shared by withdrawals and by a relieved cavalry line's
 * step back (L389 "withdraw ... through", ANRT-CL4, phases/relief.ts). `what`: the narrative's verb.
 */
export function withdrawAlong(s0: AnrtState, u: AnrtUnit, to0: Point, heading: number, face: (p: Point) => number, rule: string, what: string, events: GameEvent[]): AnrtState {
  let s = s0;
  let to = to0;
  let why = what;
  const passed: AnrtUnit[] = [];
  const met = unitsOnPath(s0, u, [u.at, to], (o) => !o.abandoned || o.side === u.side);
  for (const m of met) {
    if (m.unit.side !== u.side) { to = m.before; why = `${what}; halts on meeting ${m.unit.id}`; break; }
    const through = passageThrough(s0, u, m.unit, 'withdraw');
    if (through) { passed.push(m.unit); continue; }
    to = m.before;
    why = `${what}; halts on meeting ${m.unit.id}`;
    if (classRank(m.unit.cls) < classRank(u.cls)) s = disorderFriend(s, m.unit, 'ANRT §XII L961, L925', `contacted by withdrawing ${u.id} of a higher class`, events);
    break;
  }
  if (why === what) to = clearOf(u, to, heading, passed);
  if (passed.length) events.push({ kind: 'note', rule: 'ANRT §XII L961', text: `${u.id} withdraws through ${passed.map((p) => p.id).join(', ')}.` });
  return land(s, u, [u.at, to], face(to), rule, why, {}, events);
}

/** A router's normal move: as skirmishers (L966), on the QRS skirmish row of its arm (guns' crews on foot, ANRT-W5). */
const routMove = (s: AnrtState, u: AnrtUnit): number => qrsMove(s, ROUT_MOVER(u.arm));

/**
 * A rout move (L966): directly away from `cause`, or (no cause: a router continuing its rout) toward
 * its own baseline; the unit routed and disordered, facing the way it runs.
 */
export function routUnit(s0: AnrtState, id: string, cause?: Point): Out {
  const u0 = s0.units[id]!;
  // Routers cross the ground as skirmishers (L966); a battery's gunners run on foot (ANRT-W5).
  const u: AnrtUnit = { ...u0, ...(isArtillery(u0) ? { arm: 'infantry' as const } : {}), formation: 'skirmish' };
  const heading = cause ? away(u0, cause) : baselineHeading(s0, u0.side);
  const allowance = routMove(s0, u0);
  const events: GameEvent[] = [];
  let s = withUnit(s0, { ...u0, routed: true, disordered: true });
  if (!u0.routed) events.push({ kind: 'status', rule: 'ANRT §XII', unit: id, status: 'routed', on: true, reason: 'morale' });
  let path: Point[] = [u0.at, reachAlong(s0, u, heading, allowance).to];
  let why = cause ? 'routs' : 'routs on toward its baseline';
  const closeRanks = (f: AnrtUnit) => f.side === u0.side && !f.abandoned && f.formation !== 'skirmish' && classRank(f.cls) > classRank(u0.cls);
  // Close-order friends of a higher class close ranks: the routers go round them by the most direct route (L966).
  const first = unitsOnPath(s0, u, path, (o) => o.side === u0.side || !o.abandoned);
  const blocker = first.find((m) => m.unit.side !== u0.side || closeRanks(m.unit));
  const skirted: string[] = [];
  if (blocker && blocker.unit.side === u0.side) {
    const f = blocker.unit;
    const side = rightVector(heading);
    const off = dot(sub(f.at, u0.at), side) >= 0 ? -1 : 1; // round the nearer end of it
    const clearance = radius(f) + radius(u) + 0.25;
    const wp = add(add(u0.at, scale(headingVector(heading), Math.max(0, dot(sub(f.at, u0.at), headingVector(heading))))), scale(side, dot(sub(f.at, u0.at), side) + off * clearance));
    const first = distance(u0.at, wp);
    path = first >= allowance ? [u0.at, add(u0.at, scale(headingVector(bearing(u0.at, wp)), allowance))] : [u0.at, wp, add(wp, scale(headingVector(heading), allowance - first))];
    skirted.push(f.id);
  }
  // Friends passed through, and the first enemy or close-ranked friend still in the way (ANRT-W2: it halts there).
  // On the straight path (no detour) the units met are those found above.
  const met = skirted.length ? legs(s0, u, path, (o) => !skirted.includes(o.id) && (o.side !== u0.side ? !o.abandoned : true)) : first.map((m) => ({ unit: m.unit, pathBefore: [path[0]!, m.before] }));
  const passed: AnrtUnit[] = [];
  for (const m of met) {
    if (m.unit.side !== u0.side || closeRanks(m.unit)) { path = [...m.pathBefore]; why = `${why}; halts on meeting ${m.unit.id}`; break; }
    passed.push(m.unit);
    if (!m.unit.abandoned && classRank(m.unit.cls) <= classRank(u0.cls)) s = disorderFriend(s, m.unit, 'ANRT §XII L966, L925', `routers of ${u0.id} passed through it`, events);
  }
  if (!why.includes('halts')) path[path.length - 1] = clearOf(u, path[path.length - 1]!, heading, passed);
  if (skirted.length) events.push({ kind: 'note', rule: 'ANRT §XII L966', text: `${skirted.join(', ')} close ranks: the routers of ${id} go round.` });
  const end = path[path.length - 1]!;
  s = land(s, u0, path, distance(end, path[path.length - 2]!) > 1e-9 ? bearing(path[path.length - 2]!, end) : heading, 'ANRT §XII L966', why, { routed: true, disordered: true }, events);
  return { s, events };
}

const radius = (u: AnrtUnit): number => { const f = footprint(u); return Math.max(f.width, f.depth) / 2; };

/** The units met along a path of one or more legs, each with the path up to the last clear point. */
function legs(s: AnrtState, u: AnrtUnit, path: readonly Point[], who: (o: AnrtUnit) => boolean): { unit: AnrtUnit; pathBefore: Point[] }[] {
  const out: { unit: AnrtUnit; pathBefore: Point[] }[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < path.length; i++) {
    const leg = { ...u, at: path[i - 1]! };
    for (const m of unitsOnPath(s, leg, [path[i - 1]!, path[i]!], (o) => !seen.has(o.id) && who(o))) {
      seen.add(m.unit.id);
      out.push({ unit: m.unit, pathBefore: [...path.slice(0, i), m.before] });
    }
  }
  return out;
}

/**
 * ANRT-CL4: a cavalry line replaced in a melee by a line of its brigade (L389, ANRT-CL3) steps back
 * behind it (`stepBackBehind`, phases/relief.ts). L389 calls that passage a withdrawal ("cavalry in
 * line may withdraw ... through other cavalry units in line of the same brigade"), so the step back
 * is checked as withdrawals are: ground its formation may not enter on the way (woods for formed
 * cavalry, L359; a town for a line, L363) and it routs instead, away from the enemy it fought
 * (L958); friends it may interpenetrate — the relieving line among them (L389) — are passed and it
 * goes on until clear of them; any other friend halts it on contact, disordering it if of a lower
 * class (L961, L925); an enemy halts it on contact (ANRT-W2); off the table it is removed. Halted
 * short, it stands where it halted, still out of the melee (CL3: the relieving line fights it).
 */
export function stepBackWithdrawal(s0: AnrtState, relieving: AnrtUnit, replaced: AnrtUnit, enemy: AnrtUnit): Out {
  const to = stepBackBehind(relieving, replaced);
  const events: GameEvent[] = [];
  const why = `replaced in the melee with ${enemy.id} by ${relieving.id} of its brigade; steps back behind it`;
  const ground = terrainMove(s0, replaced, [replaced.at, to.at]).refused;
  if (ground && ground.code !== 'order/terrain-buildings') {
    events.push({ kind: 'note', rule: 'ANRT §VII L389; §XII L958', text: `${replaced.id} cannot step back through the ground behind ${relieving.id} (${ground.message.replace(/^[^:]*: /, '')}): it routs instead (ANRT-CL4).` });
    const r = routUnit(s0, replaced.id, enemy.at);
    return { s: r.s, events: [...events, ...r.events] };
  }
  const s = withdrawAlong(s0, replaced, to.at, bearing(replaced.at, to.at), () => to.facing, 'ANRT §VII L389', why, events);
  return { s, events };
}
