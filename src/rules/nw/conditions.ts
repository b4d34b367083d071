import type { Base } from '../geometry/base';
import { isArea } from '../geometry/features';
import { terrainAt } from '../geometry/terrain';
import { areaGoing } from './movement';
import { areaCoverOf, behindObstacle, fordingOrOnBridge, fromFlankOrRear, levelOf } from './cover';
import { battlefieldNow, type NwState } from './state';
import type { PursuitCondition } from './procedures/victory';
import type { EvasionCondition, FireCondition } from './tables/artillery';
import type { SkirmishCondition } from './tables/skirmish';
import type { Ground, Weather } from './tables/vocabulary';

/**
 * The conditions of the NW tables' modifiers that come from the ground, the weather and the
 * record of the last maneuver — computed from the state by the phase that rolls, never passed by
 * hand (issue 17). The piece-by-piece rules of cover are cover.ts (BU-1, CV-1..5). Each table has
 * one function; the phase adds what it alone knows (nationality, the target's arm, the commanders).
 */

const baseOf = (p: { readonly pose: Base['pose']; readonly base: Base['size'] }): Base => ({ pose: p.pose, size: p.base });

/** A piece's base on the table, by id (brigade or battery). */
function pieceBase(s: NwState, id: string): Base | null {
  const p = s.units[id] ?? s.batteries[id];
  return p ? baseOf(p) : null;
}

/** Road-marched with the bonus, fired on in "the next immediate skirmish or artillery fire phases" (§9.5 n6 L300). */
const vulnerableToFire = (s: NwState, id: string): boolean => s.vulnerable.includes(id);
/** "Used road movement in his last maneuver phase" (chart L789-790): his side's last maneuver, whatever came since. */
const roadMarched = (s: NwState, id: string): boolean => (s.roadMarched ?? []).includes(id);

/**
 * Artillery fire (§8.4 L185-194, chart L740-750) on `target` from `batteries` (ids): cover
 * (CV-1..3; hard cover withholds the national modifiers, L187, in `fireModifier`), different
 * elevations (L193, CV-4), rain or mud (L192), and the target vulnerable (L189: fired on through
 * its flank or rear, fording or on a bridge, CV-5, or road-marched). "A modifier applies if at
 * least one artillery unit qualifies" (L198): each battery is tried.
 */
export function fireConditionsOf(s: NwState, target: string, batteries: readonly Base[], weather: Weather): FireCondition[] {
  const t = pieceBase(s, target);
  if (!t) return [];
  const terrain = s.map.terrain;
  const out = new Set<FireCondition>();
  const cover = areaCoverOf(t, terrain);
  if (cover?.cover === 'hard') out.add('hard-cover');
  else if (cover?.cover === 'soft' || batteries.some((b) => behindObstacle(b.pose.at, t, terrain))) out.add('soft-cover');
  const level = levelOf(t, terrain);
  if (batteries.some((b) => levelOf(b, terrain) !== level)) out.add('different-elevations');
  if (weather === 'rain' || battlefieldNow(s).ground === 'mud') out.add('rain-or-mud');
  if (vulnerableToFire(s, target) || fordingOrOnBridge(t, terrain) || batteries.some((b) => fromFlankOrRear(b.pose.at, t))) out.add('target-vulnerable');
  return [...out];
}

/**
 * Skirmish defence (§7.7 L128-136) from the ground: fully in soft cover or behind an obstacle
 * from every attacker (L131 "fully behind or in", CV-1..3), and vulnerable (L136: fording, on a
 * bridge, road-marched). Hard cover, MX, artillery and the cavalry screen are the phase's (PH-5).
 */
export function skirmishGroundConditions(s: NwState, target: string, attackers: readonly Base[]): SkirmishCondition[] {
  const t = pieceBase(s, target);
  if (!t) return [];
  const terrain = s.map.terrain;
  const out: SkirmishCondition[] = [];
  const cover = areaCoverOf(t, terrain);
  if (cover?.cover === 'soft' || (cover === null && attackers.length > 0 && attackers.every((a) => behindObstacle(a.pose.at, t, terrain)))) out.push('soft-cover');
  if (vulnerableToFire(s, target) || fordingOrOnBridge(t, terrain)) out.push('target-vulnerable');
  return out;
}

/**
 * The defender's ground in combat (chart L780-790, §11.2): 'soft' when it defends soft cover
 * (CV-1, CV-2), an obstacle between it and an attacker (§9.93 L331-333, CV-3) or higher ground
 * than every attacker (CV-4); 'forest' bars combined arms (chart L781-782); vulnerable when it
 * fords, stands on a bridge or road-marched in its last maneuver phase (chart L789-790).
 */
export function combatGround(s: NwState, defender: string, attackers: readonly string[]): { softObstacleOrHigher: boolean; inForest: boolean; vulnerable: boolean } {
  const t = pieceBase(s, defender)!;
  const terrain = s.map.terrain;
  const atts = attackers.map((id) => pieceBase(s, id)).filter((b): b is Base => b !== null);
  const cover = areaCoverOf(t, terrain);
  const level = levelOf(t, terrain);
  const higher = atts.length > 0 && atts.every((a) => levelOf(a, terrain) < level);
  const obstacle = atts.some((a) => behindObstacle(a.pose.at, t, terrain));
  return {
    softObstacleOrHigher: cover?.cover === 'soft' || obstacle || higher,
    inForest: cover?.area.kind === 'forest' || terrainAt(t.pose.at, terrain).some((f) => f.kind === 'forest'),
    vulnerable: roadMarched(s, defender) || fordingOrOnBridge(t, terrain),
  };
}

/**
 * Artillery evasion (§8.5 L210-215, chart L680-683): mud, rain or snow; suppressed; the battery in
 * rough terrain; behind an obstacle from the attacker or on higher ground than it (CV-3, CV-4).
 */
export function evasionConditionsOf(s: NwState, battery: string, attacker: string, weather: Weather, ground: Ground): EvasionCondition[] {
  const b = s.batteries[battery]!;
  const a = pieceBase(s, attacker)!;
  const bb = baseOf(b);
  const terrain = s.map.terrain;
  const out: EvasionCondition[] = [];
  if (ground === 'mud' || weather === 'rain' || weather === 'snow') out.push('mud-rain-or-snow');
  if (b.condition === 'suppressed' || b.condition === 'damaged-and-suppressed') out.push('suppressed');
  if (terrainAt(b.pose.at, terrain).some((f) => isArea(f) && areaGoing(f) === 'rough')) out.push('rough-terrain');
  if (behindObstacle(a.pose.at, bb, terrain) || levelOf(bb, terrain) > levelOf(a, terrain)) out.push('behind-obstacle-or-higher');
  return out;
}

/**
 * Pursuit die modifiers (Optional §1.0 L613-614) read from the battle as it ends: "mud, rain or
 * snow" = this turn's weather rain or snow, or muddy ground (NT-41, WX-1: `battlefieldNow`); "the
 * game went into the last ¼ of game turns available" = the turn it ended on is past ¾ of the
 * scenario's turns (CAMP-N6: `4 × turn > 3 × lastTurn`). Used by the rally phase's pursuit and by
 * a campaign's aftermath alike.
 */
export function pursuitConditions(s: NwState): PursuitCondition[] {
  const out: PursuitCondition[] = [];
  const now = battlefieldNow(s);
  if (now.weather === 'rain' || now.weather === 'snow' || now.ground === 'mud') out.push('mud-rain-or-snow');
  if (4 * s.turn > 3 * s.lastTurn) out.push('last-quarter-of-game');
  return out;
}
