import type { Point } from '../../geometry/types';
import type { AreaFeature } from '../../geometry/features';
import { ringContains } from '../../geometry/primitives';
import { add, bearing, distance, headingVector, lerp, scale } from '../../geometry/vector';
import { footprint } from '../footprint';
import { isArtillery, liveUnits, type AnrtState, type AnrtUnit } from '../state';
import { barredTerrain, coverAreas } from '../terrain';

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
    // ANRT-E3: it does not halt; the rest of its move on the same heading.
    const to = add(e.at, scale(headingVector(bearing(e.at, refuge.at)), inches));
    const inside = refuge.cover !== undefined && barredCover && ringContains(refuge.cover.polygon, to);
    return { to, why: `evades ${refuge.what} and runs on without halting (L402, ANRT-E3)`, sheltered: inside };
  }
  return { to: refuge.at, why: `evades ${refuge.what} and halts there (L402)`, sheltered: refuge.cover ? barredCover : true };
}
