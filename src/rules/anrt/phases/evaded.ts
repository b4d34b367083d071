import type { Point } from '../../geometry/types';
import { add, angleDifference, bearing, distance, dot, headingVector, scale, sub } from '../../geometry/vector';
import { footprint } from '../footprint';
import { isLineFormation, isTarget, liveUnits, type AnrtState, type AnrtUnit, type IfEvaded } from '../state';
import type { MoraleResult } from '../tables/vocabulary';

/**
 * Chargers whose target evades (§VII L408-419), ruling ANRT-E1 (README). What the chargers do is
 * decided here from the geometry and, for cavalry, the result of its "cavalry win melee" test;
 * phases/combat.ts throws the dice and moves the units.
 *
 * - L416 + L620: chargers who can reach the evaders' end point pursue and catch them (the
 *   rules' default: "may ... pursue"); no test is needed to ride them down.
 * - ANRT-E4: the charging player may choose otherwise on `/charge` (if-evaded): halt (infantry,
 *   L410; cavalry after passing L412), rally back (cavalry, L414) or pursue (cavalry, L416).
 * - Otherwise (the evaders out-distanced them): infantry halt where the evade started (L410);
 *   cavalry test "cavalry win melee" (L412): passed, they halt there or rally back from there
 *   (setting `evade.cavalry`, L414); failed, they pursue the evaders their full reach (L415).
 * - L419: a pursuit that changes direction disorders the chargers at the start of the melee
 *   phase — any change in line, more than 45° in column.
 */

export type AfterEvade =
  | { readonly kind: 'catch' | 'pursue'; readonly to: Point; readonly turn: number; readonly disorders: boolean }
  | { readonly kind: 'halt' | 'rally-back' | 'test'; readonly to: Point };

/** A change of direction this small (degrees) is a straight pursuit: the measuring tolerance of the table. */
export const STRAIGHT_DEGREES = 1;
/** L419: "more than 45o when the unit is in column". */
export const COLUMN_TURN_DEGREES = 45;

/**
 * L419: does a pursuit turning `turn` degrees off the charge's heading disorder the unit? Line:
 * any change; column, masse and march column: more than 45° (ANRT-E1: masse and march column
 * count as columns). Skirmishers, squares and guns are not named: a turn never disorders them.
 */
export function pursuitDisorders(u: Pick<AnrtUnit, 'formation'>, turn: number): boolean {
  const t = Math.abs(turn);
  if (isLineFormation(u.formation)) return t > STRAIGHT_DEGREES; // a reinforced line too (ANRT-RL2)
  if (u.formation === 'column' || u.formation === 'masse' || u.formation === 'march-column') return t > COLUMN_TURN_DEGREES;
  return false;
}

/** L410, L413: where the evade started, or as far toward it as the chargers reach. */
export function haltPoint(from: Point, start: Point, reach: number): Point {
  return distance(from, start) <= reach ? start : add(from, scale(headingVector(bearing(from, start)), reach));
}

/** L415-419: a pursuit from `from` (the chargers) toward the evaders' end point, leaving `gap` when it catches them. */
export function pursuit(u: Pick<AnrtUnit, 'formation'>, from: Point, start: Point, end: Point, reach: number, gap: number): Extract<AfterEvade, { kind: 'catch' | 'pursue' }> {
  const heading = bearing(from, end);
  const turn = angleDifference(bearing(from, start), heading);
  const caught = distance(from, end) <= reach;
  const to = caught ? add(end, scale(headingVector(heading), -gap)) : add(from, scale(headingVector(heading), reach));
  return { kind: caught ? 'catch' : 'pursue', to, turn, disorders: pursuitDisorders(u, turn) };
}

/** "Passed" a cavalry-win-melee test (L414): any result but pursue, withdraw, rout or disorder. */
export const passedWinMelee = (r: MoraleResult): boolean => r === 'pass' || r === 'fight-on' || r === 'halt' || r === 'rally-back';

/**
 * The options of L408-416 the charging player may choose on `/charge` (ANRT-E4): infantry may
 * only halt (L410) besides the default, since it "may pursue" only evaders its move reaches
 * (ANRT-E1), which the default already does; cavalry may pursue outright (L416), or halt or
 * rally back if its L412 test passes.
 */
export function ifEvadedOptions(a: Pick<AnrtUnit, 'arm'>): readonly IfEvaded[] {
  return a.arm === 'cavalry' ? ['pursue', 'halt', 'rally-back'] : ['halt'];
}

/**
 * What the chargers do when the evaders were not sheltered (L413 is decided before). `test` is
 * the cavalry's test result, needed only when the answer is `{ kind: 'test' }`; `canCatch`
 * whether the pursuit's checked path reaches the evaders (phases/pursuit-path.ts); `choice` the
 * charging player's option (ANRT-E4), absent for the rules' default (ANRT-E1).
 */
export function afterEvade(a: Pick<AnrtUnit, 'arm' | 'formation' | 'at'>, start: Point, end: Point, reach: number, gap: number, test: MoraleResult | undefined, passed: 'halt' | 'rally-back', canCatch = true, choice?: IfEvaded): AfterEvade {
  // `canCatch` false: within reach as the crow flies, but the pursuit's path (ground, friends:
  // ANRT-P4, P6) does not get there — the evaders have out-distanced them after all.
  const p0 = pursuit(a, a.at, start, end, reach, gap);
  const p = p0.kind === 'catch' && !canCatch ? { ...p0, kind: 'pursue' as const } : p0;
  const own = choice !== undefined && ifEvadedOptions(a).includes(choice) ? choice : undefined;
  // L416: cavalry whose player chose to pursue does so at once, caught or not: no L412 test.
  if (own === 'pursue') return p;
  // The default pursues evaders within reach (ANRT-E1); a player who chose to halt or rally back does not.
  if (p.kind === 'catch' && own === undefined) return p;
  if (a.arm !== 'cavalry') return { kind: 'halt', to: haltPoint(a.at, start, reach) };
  if (test === undefined) return { kind: 'test', to: a.at };
  // L415: failing the test, they pursue (and catch evaders the pursuit reaches), whatever was chosen.
  if (!passedWinMelee(test)) return p;
  return (own ?? passed) === 'halt' ? { kind: 'halt', to: haltPoint(a.at, start, reach) } : { kind: 'rally-back', to: a.at };
}

/**
 * L421: the enemy unit the evaders uncovered that the pursuit from `from` to `to` would hit — the
 * first along the path whose footprint comes within the chargers' half-frontage of it, and within
 * their move (ANRT-E2).
 * Routed units, units with no one to answer (abandoned guns, regimental guns) and the units in
 * `answered` are passed over (combat.ts passes the evaders themselves and units that evaded; a
 * unit already charged this phase that the path meets is one more charger's, ANRT-E6).
 */
export function uncoveredBy(s: AnrtState, a: AnrtUnit, from: Point, to: Point, reach: number, answered: ReadonlySet<string>): AnrtUnit | undefined {
  const len = distance(from, to);
  if (len < 1e-9) return undefined;
  const dir = scale(sub(to, from), 1 / len);
  const half = footprint(a).width / 2;
  let best: { u: AnrtUnit; t: number } | undefined;
  for (const u of liveUnits(s)) {
    // Within the chargers' move, measured centre to centre as every charge is (phases/combat.ts).
    if (u.side === a.side || u.routed || !isTarget(u) || answered.has(u.id) || distance(from, u.at) > reach + 1e-6) continue;
    const t = Math.max(0, Math.min(len, dot(sub(u.at, from), dir)));
    const f = footprint(u);
    if (distance(u.at, add(from, scale(dir, t))) > half + Math.max(f.width, f.depth) / 2) continue;
    if (!best || t < best.t || (t === best.t && u.id < best.u.id)) best = { u, t };
  }
  return best?.u;
}
