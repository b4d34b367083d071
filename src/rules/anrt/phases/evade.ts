import type { Point } from '../../geometry/types';
import type { AreaFeature } from '../../geometry/features';
import { ringContains } from '../../geometry/primitives';
import { baseRadius } from '../../geometry/base';
import { add, bearing, distance, dot, headingVector, lerp, rightVector, scale, sub } from '../../geometry/vector';
import { footprint } from '../footprint';
import { isArtillery, liveUnits, type AnrtState, type AnrtUnit } from '../state';
import { overlapsAny, passageThrough, unitsOnPath } from '../passage';
import { barredTerrain, coverAreas, reachOver, terrainMove } from '../terrain';
import { legsMeet } from './pursuit-path';
import { offTable } from './withdraw';

/**
 * Where evaders go (§X L402): "directly away from the chargers except that they may evade behind
 * formed friends or into cover if they start closer to the friends or cover than to the enemy.
 * Evaders may halt immediately behind formed friends or if they enter cover." ANRT-W8: the
 * engine takes the nearer refuge the text allows (cover by its nearest edge, a formed friend by
 * the point just behind it from the chargers), and the evaders halt as soon as they reach it;
 * evaders halted in ground their chargers cannot enter (L359, L363) or behind formed friends are
 * out of the chargers' reach, and the chargers halt where the evade started (L413).
 */

export interface EvadeRoute {
  readonly to: Point;
  readonly why: string;
  /** Reached a refuge that shelters them from these chargers. */
  readonly sheltered: boolean;
  /** The legs walked, from where the evade started (one, or more round the friend it evades behind). */
  readonly path: readonly Point[];
  /** Its end lies off the table: the evaders are removed, as withdrawers leaving it are (ANRT-E7). */
  readonly offTable: boolean;
}

const radius = (u: AnrtUnit): number => { const f = footprint(u); return Math.max(f.width, f.depth) / 2; };

/** The nearest point of a ring's boundary to p. */
function nearestOnRing(ring: readonly Point[], p: Point): Point {
  let best = ring[0]!, d = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!, b = ring[i]!;
    const dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    const q = lerp(a, b, t);
    const e = distance(p, q);
    if (e < d) { d = e; best = q; }
  }
  return best;
}

/** "Formed" friends (L402): close order, manned, neither routed nor disordered. */
const formed = (f: AnrtUnit): boolean => f.formation !== 'skirmish' && !f.routed && !f.disordered && !f.abandoned;
/** Formed friends that shelter evaders (L402, L413): limbered guns are none (ANRT-W8), whether sought or met (ANRT-E7). */
const shelters = (f: AnrtUnit): boolean => formed(f) && !(isArtillery(f) && f.formation === 'limbered');

/** Just inside the cover from its nearest edge, so the evaders have "entered" it. */
const INSIDE_INCHES = 0.5;

/**
 * `halt` (the evading player's choice, ANRT-E3: `/react choice:evade` halts, `evade-on` runs on):
 * evaders that reach their refuge halt there, or run the rest of their evade move on the same
 * heading — on through the cover (still sheltered if they end inside ground the chargers cannot
 * enter) or past the friends (no longer sheltered by them).
 *
 * ANRT-E7: every leg is walked as the run on is (`walk`, ANRT-E3b): directly away, and the leg to
 * the refuge too — a friend in the way it may not pass halts it on contact (L961), unless that
 * friend is the refuge itself, which it goes round by its nearer end to get behind it (L402 lets
 * it evade "behind formed friends"; round as routers go round friends, L966); an evade whose end
 * lies off the table removes the evaders (`offTable`), as a withdrawal does (ANRT-T5).
 */
export function evadeRoute(s: AnrtState, e: AnrtUnit, charger: AnrtUnit, inches: number, halt = true): EvadeRoute {
  const r = evadeWalk(s, e, charger, inches, halt);
  return { ...r, offTable: offTable(s, r.to) };
}

function evadeWalk(s: AnrtState, e: AnrtUnit, charger: AnrtUnit, inches: number, halt: boolean): Omit<EvadeRoute, 'offTable'> {
  const toEnemy = distance(e.at, charger.at);
  const options: { at: Point; d: number; what: string; cover?: AreaFeature; friend?: AnrtUnit }[] = [];
  for (const f of coverAreas(s)) {
    if (ringContains(f.polygon, e.at)) continue;
    const edge = nearestOnRing(f.polygon, e.at);
    const d = distance(e.at, edge);
    if (d >= toEnemy) continue;
    const at = add(edge, scale(headingVector(bearing(e.at, edge)), INSIDE_INCHES));
    options.push({ at, d, what: `into ${f.name ?? f.id}`, cover: f });
  }
  for (const f of liveUnits(s)) {
    if (f.side !== e.side || f.id === e.id || !shelters(f)) continue;
    const d = Math.max(0, distance(e.at, f.at) - radius(f));
    if (d >= toEnemy) continue;
    const at = add(f.at, scale(headingVector(bearing(charger.at, f.at)), radius(f) + radius(e) + 0.25));
    options.push({ at, d, what: `behind ${f.id}`, friend: f });
  }
  const refuge = options.sort((a, b) => a.d - b.d || a.what.localeCompare(b.what))[0];
  if (!refuge) {
    const w = walk(s, e, [e.at, add(e.at, scale(headingVector(bearing(charger.at, e.at)), inches))], inches);
    return { to: w.to, path: w.path, why: w.stopped ? `evades; ${w.stopped}` : 'evades', sheltered: w.behindFormed };
  }
  // The leg to the refuge, round the friend it evades behind when it may not pass through it (ANRT-E7).
  const round = refuge.friend ? roundFriend(s, e, refuge.friend, refuge.at) : undefined;
  const leg = round ?? [e.at, refuge.at];
  const w = walk(s, e, leg, inches);
  const via = round ? ', going round it by its nearer end (L381-395 give it no passage through it, L966)' : '';
  const reached = !w.stopped && distance(w.to, refuge.at) < 1e-6;
  if (!reached) {
    const why = w.blocked ? `evades toward cover ${refuge.what}${via} (L402); ${w.stopped}` : `evades toward cover ${refuge.what}${via} (L402) but falls short`;
    return { to: w.to, path: w.path, why, sheltered: w.behindFormed };
  }
  const barredCover = refuge.cover !== undefined && barredTerrain(s, charger, { ...e, at: refuge.at }).some((b) => b.area === refuge.cover);
  if (!halt && w.left > 1e-6) {
    // ANRT-E3: it does not halt; the rest of its move on the same heading, over the ground and past the units there (E3b).
    const aim = add(refuge.at, scale(headingVector(bearing(e.at, refuge.at)), w.left));
    const on = walk(s, e, [refuge.at, aim], w.left);
    const inside = refuge.cover !== undefined && barredCover && ringContains(refuge.cover.polygon, on.to);
    return { to: on.to, path: [...w.path, ...on.path.slice(1)], why: `evades ${refuge.what}${via} and runs on without halting (L402, ANRT-E3)${on.stopped ? `; ${on.stopped}` : ''}`, sheltered: inside || on.behindFormed };
  }
  return { to: refuge.at, path: w.path, why: `evades ${refuge.what}${via} and halts there (L402)`, sheltered: refuge.cover ? barredCover : true };
}

/**
 * ANRT-E7: the way behind the refuge friend `f` when the evaders may not pass through it (L381-395:
 * limbered guns through a line within 3" of the enemy, say): aside past its nearer end, clear of
 * both units whatever their facings, along it, then to `to` behind it — as routers go round
 * close-ranked friends "by the most direct route" (L966). Undefined when the straight leg does not
 * meet it or the evaders may pass it.
 */
function roundFriend(s: AnrtState, e: AnrtUnit, f: AnrtUnit, to: Point): Point[] | undefined {
  const met = unitsOnPath(s, e, [e.at, to], (o) => o.id === f.id);
  if (!met.length || passageThrough(s, e, f, 'move')) return undefined;
  const heading = bearing(e.at, to);
  const ahead = headingVector(heading), side = rightVector(heading);
  const rel = sub(f.at, e.at);
  const lateral = dot(rel, side), along = dot(rel, ahead);
  const clear = baseRadius(footprint(f)) + baseRadius(footprint(e)) + 0.25;
  const aside = lateral + (lateral >= 0 ? -1 : 1) * clear;
  const at = (fwd: number): Point => add(add(e.at, scale(ahead, fwd)), scale(side, aside));
  return [e.at, at(Math.max(0, along - clear)), at(along + clear), to].filter((p, i, a) => i === 0 || distance(a[i - 1]!, p) > 1e-9);
}

/**
 * ANRT-E3b, E7: evaders along `legs` with `inches` of evade move, checked as a withdrawal is (§XII
 * L955-961, ANRT-W2): woods count double for the skirmishing cavalry L359 halves (skirmish infantry
 * and limbered guns — a battery's march column, ANRT-T9 — enter woods and pass towns, L359, L363:
 * no ground bars an evader); a friend it may pass (L383: skirmishers pass all; limbered guns as
 * L387 allows) is passed, any other halts it on contact (L961 "If they meet friends they cannot
 * normally interpenetrate they halt on contact") — halted on a formed friend, it is "immediately
 * behind formed friends" (L402) and sheltered from its chargers (L413); an enemy met halts it on
 * contact too (ANRT-W2); it never ends on a passed friend's ground (it halts short of it).
 * Abandoned guns are no one to meet. `left`: the inches of move still unspent at the end.
 */
function walk(s: AnrtState, e: AnrtUnit, legs: readonly Point[], inches: number): { to: Point; path: Point[]; left: number; stopped?: string; blocked?: boolean; behindFormed: boolean } {
  const path: Point[] = [legs[0]!];
  let left = inches, woods: string | undefined;
  for (let i = 1; i < legs.length; i++) {
    const a = legs[i - 1]!, b = legs[i]!;
    const cost = terrainMove(s, e, [a, b]).inches;
    if (cost <= left + 1e-6) { path.push(b); left = Math.max(0, left - cost); continue; }
    const reach = reachOver(s, e, a, b, left);
    path.push(add(a, scale(headingVector(bearing(a, b)), reach)));
    if (reach < distance(a, b) - 1e-6 && cost > distance(a, b) + 1e-6) woods = `woods count double (L359): it runs ${Math.round(reach * 10) / 10}" of ${Math.round(left * 10) / 10}"`;
    left = 0;
    break;
  }
  const end = (p: Point[], rest: Partial<{ stopped: string; blocked: boolean; behindFormed: boolean }>) => ({ to: p[p.length - 1]!, path: p, left: 0, behindFormed: false, ...rest });
  const passed: { unit: AnrtUnit; pathBefore: Point[] }[] = [];
  for (const m of legsMeet(s, e, path, (o) => o.id !== e.id && !o.abandoned)) {
    if (m.unit.side !== e.side) return end(m.pathBefore, { stopped: `halts on meeting the enemy ${m.unit.id} (ANRT-W2)`, blocked: true });
    const at = m.pathBefore[m.pathBefore.length - 1]!;
    if (passageThrough(s, { ...e, at }, m.unit, 'move')) { passed.push(m); continue; }
    return end(m.pathBefore, { stopped: `halts on meeting ${m.unit.id}, a friend it may not pass (L961)${shelters(m.unit) ? ', behind it (L402)' : ''}`, blocked: true, behindFormed: shelters(m.unit) });
  }
  const onTop = passed.find((m) => overlapsAny(e, path[path.length - 1]!, [m.unit]));
  if (onTop) return end(onTop.pathBefore, { stopped: `halts short of ${onTop.unit.id}'s ground (no room beyond it)`, blocked: true });
  return { to: path[path.length - 1]!, path, left, ...(woods ? { stopped: woods } : {}), behindFormed: false };
}
