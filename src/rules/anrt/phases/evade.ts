import type { Point } from '../../geometry/types';
import type { AreaFeature } from '../../geometry/features';
import { ringContains } from '../../geometry/primitives';
import { add, bearing, distance, headingVector, lerp, scale } from '../../geometry/vector';
import { footprint } from '../footprint';
import { isArtillery, liveUnits, type AnrtState, type AnrtUnit } from '../state';
import { overlapsAny, passageThrough, unitsOnPath } from '../passage';
import { barredTerrain, coverAreas, reachOver } from '../terrain';

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

/** Just inside the cover from its nearest edge, so the evaders have "entered" it. */
const INSIDE_INCHES = 0.5;

/**
 * `halt` (the evading player's choice, ANRT-E3: `/react choice:evade` halts, `evade-on` runs on):
 * evaders that reach their refuge halt there, or run the rest of their evade move on the same
 * heading — on through the cover (still sheltered if they end inside ground the chargers cannot
 * enter) or past the friends (no longer sheltered by them).
 */
export function evadeRoute(s: AnrtState, e: AnrtUnit, charger: AnrtUnit, inches: number, halt = true): EvadeRoute {
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
    if (f.side !== e.side || f.id === e.id || !formed(f) || isArtillery(f) && f.formation === 'limbered') continue;
    const d = Math.max(0, distance(e.at, f.at) - radius(f));
    if (d >= toEnemy) continue;
    const at = add(f.at, scale(headingVector(bearing(charger.at, f.at)), radius(f) + radius(e) + 0.25));
    options.push({ at, d, what: `behind ${f.id}`, friend: f });
  }
  const refuge = options.sort((a, b) => a.d - b.d || a.what.localeCompare(b.what))[0];
  if (!refuge) return { to: add(e.at, scale(headingVector(bearing(charger.at, e.at)), inches)), why: 'evades', sheltered: false };
  const far = distance(e.at, refuge.at);
  if (far > inches) return { to: add(e.at, scale(headingVector(bearing(e.at, refuge.at)), inches)), why: `evades toward cover ${refuge.what} (L402) but falls short`, sheltered: false };
  const barredCover = refuge.cover !== undefined && barredTerrain(s, charger, { ...e, at: refuge.at }).some((b) => b.area === refuge.cover);
  if (!halt && inches - far > 1e-6) {
    // ANRT-E3: it does not halt; the rest of its move on the same heading, over the ground and past the units there (E3b).
    const on = runOn(s, e, refuge.at, bearing(e.at, refuge.at), inches - far);
    const inside = refuge.cover !== undefined && barredCover && ringContains(refuge.cover.polygon, on.to);
    return { to: on.to, why: `evades ${refuge.what} and runs on without halting (L402, ANRT-E3)${on.stopped ? `; ${on.stopped}` : ''}`, sheltered: inside || on.behindFormed };
  }
  return { to: refuge.at, why: `evades ${refuge.what} and halts there (L402)`, sheltered: refuge.cover ? barredCover : true };
}

/**
 * ANRT-E3b: the run on past the refuge (`from`, heading `heading`, `left` inches of the evade
 * still to go), checked as a withdrawal is (§XII L955-961, ANRT-W2): woods count double for the
 * skirmishing cavalry L359 halves (skirmish infantry and limbered guns — a battery's march column,
 * ANRT-T9 — enter woods and pass towns, L359, L363: no ground bars an evader); a friend it may
 * pass (L383: skirmishers pass all; limbered guns as L387 allows) is passed, any other halts it
 * on contact (L961 "If they meet friends they cannot normally interpenetrate they halt on
 * contact") — halted behind a formed friend, it is "immediately behind formed friends" (L402) and
 * sheltered from its chargers (L413); an enemy met halts it on contact too (ANRT-W2); it never
 * ends on a passed friend's ground (it halts short of it). Abandoned guns are no one to meet.
 */
function runOn(s: AnrtState, e: AnrtUnit, from: Point, heading: number, left: number): { to: Point; stopped?: string; behindFormed: boolean } {
  const aim = add(from, scale(headingVector(heading), left));
  const reach = reachOver(s, e, from, aim, left);
  const to = add(from, scale(headingVector(heading), reach));
  const woods = reach < left - 1e-6 ? `woods count double (L359): it runs ${Math.round(reach * 10) / 10}" of ${Math.round(left * 10) / 10}"` : undefined;
  const mover = { ...e, at: from };
  const met = unitsOnPath(s, mover, [from, to], (o) => o.id !== e.id && !o.abandoned);
  const passed: { unit: AnrtUnit; before: Point }[] = [];
  for (const m of met) {
    if (m.unit.side !== e.side) return { to: m.before, stopped: `halts on meeting the enemy ${m.unit.id} (ANRT-W2)`, behindFormed: false };
    const by = passageThrough(s, mover, m.unit, 'move');
    if (by) { passed.push(m); continue; }
    return { to: m.before, stopped: `halts on meeting ${m.unit.id}, a friend it may not pass (L961)${formed(m.unit) ? ', behind it (L402)' : ''}`, behindFormed: formed(m.unit) };
  }
  const onTop = passed.find((m) => overlapsAny(mover, to, [m.unit]));
  if (onTop) return { to: onTop.before, stopped: `halts short of ${onTop.unit.id}'s ground (no room beyond it)`, behindFormed: false };
  return { to, ...(woods ? { stopped: woods } : {}), behindFormed: false };
}
