import { baseDistance, basePolygon } from '../../geometry/base';
import type { Pose } from '../../geometry/types';
import { add, angleDifference, distance, dot, headingVector, rightVector, scale, sub } from '../../geometry/vector';
import { moveAllowance } from '../tables/movement';
import { envelopeOf, isDisrupted, liveUnits, standBases, type BpState, type BpUnit } from '../state';
import { unitsOverlapping } from './common';

/**
 * Several units in one melee (L107, L115, L157-163). "Units up to a depth of four ranks can be
 * included in a melee so long as the stands are touching each other": a melee is the charger and
 * its target plus
 *  - co-chargers: other units of the charging side that charge the same target in the same act,
 *    each from where it stands (every one must be able to charge it, phases/charge.ts); and
 *  - supports: friends whose stands touch the charger's (or the target's) from behind, facing
 *    the same way, up to four ranks deep in all.
 *
 * Rulings:
 *  BP-22 "Touching": stands no more than TOUCH_INCHES (¼") apart, since no move may end on
 *        another unit (BP-M3) and stands placed base to base count as overlapping. "Behind": the support's centre lies
 *        behind the front edge of the unit it backs and it faces within 45° of it. Ranks: a line,
 *        skirmish line or square is one rank, a column one rank per row of stands (two abreast).
 *        The charging player names the co-chargers and supports (`with`); the defender's supports
 *        join by themselves, nearest first, while the ranks allow (L107: "the rest ... of both
 *        sides takes part"). Supports follow the charger in, keeping their place behind it, and
 *        need the move to do it. Each unit melees once a move period (L115): a unit that has
 *        moved, fired or fought this period does not join (L161). Artillery joins no melee it
 *        was not charged in; infantry never charges cavalry, as co-charger or support (L119).
 *  BP-23 The melee adds every unit's points to its side; its die and modifiers are the lead
 *        unit's (the charger's, the target's). Casualty points are shared in proportion to the
 *        units' points (procedures/melee.ts). The loser's units all rout, the winner's all count
 *        as winners (L163). Closing fire is at the charger only, and only the charger tests if
 *        fired upon (L111, L125): a charge whose charger breaks stops, the others staying where
 *        they were with their move spent (BP-C3).
 */

/** Stands this close or closer touch (BP-22). */
export const TOUCH_INCHES = 0.25;
/** L107: "Units up to a depth of four ranks can be included in a melee". */
export const MELEE_MAX_RANKS = 4;

/** Ranks of a unit (BP-22). */
export function ranksOf(u: BpUnit): number {
  return u.formation === 'column' ? Math.ceil(u.stands.length / 2) : 1;
}

/** Do any two stands of the units touch? */
export const touching = (a: BpUnit, b: BpUnit): boolean => standBases(a).some((x) => standBases(b).some((y) => baseDistance(x, y) <= TOUCH_INCHES + 1e-9));

/** Is `w` behind `front`, facing its way (BP-22)? */
export function behind(front: BpUnit, w: BpUnit): boolean {
  const c = envelopeOf(w).pose.at;
  return dot(sub(c, front.pose.at), headingVector(front.pose.facing)) < 0 && Math.abs(angleDifference(front.pose.facing, w.pose.facing)) <= 45 + 1e-9;
}

/** Why `w` cannot back `front` in a melee, or null (BP-22). */
export function cannotSupport(s: BpState, front: BpUnit, w: BpUnit, enemy: BpUnit, attacking = true): string | null {
  if (w.side !== front.side || w.id === front.id) return `${w.name} is not a friend of ${front.id}`;
  if (w.arm === 'artillery') return 'artillery does not join a melee (BP-22)';
  if (attacking && w.arm === 'infantry' && enemy.arm === 'cavalry') return 'infantry cannot charge cavalry (L119)';
  if (w.stage !== 'effective') return `${w.name} is ${w.stage}`;
  if (isDisrupted(w)) return `${w.name} is disrupted and may not advance (L167)`;
  if (w.formation === 'square' || w.building) return `${w.name} is in ${w.building ? 'a building' : 'square'}`;
  if (s.log.moved[w.id] || s.log.fired.includes(w.id) || s.log.meleed.includes(w.id)) return `${w.name} has moved, fired or fought this move period (L115, L161)`;
  if (s.noMove.includes(w.id)) return `${w.name} returned fire and may not move (L131)`;
  if (!touching(front, w)) return `no stand of ${w.name} touches ${front.id} (L107)`;
  if (!behind(front, w)) return `${w.name} is not behind ${front.id}, facing its way (BP-22)`;
  return null;
}

/** Where a support ends when the unit it backs goes from `from` to `to`: the same place behind it. */
export function followPose(w: BpUnit, from: Pose, to: Pose): Pose {
  const v = sub(w.pose.at, from.at);
  const ahead = dot(v, headingVector(from.facing));
  const right = dot(v, rightVector(from.facing));
  return { at: add(add(to.at, scale(headingVector(to.facing), ahead)), scale(rightVector(to.facing), right)), facing: w.pose.facing + angleDifference(from.facing, to.facing) };
}

/** Why a support cannot follow the charger from `from` to `to`, or null. */
export function cannotFollow(s: BpState, w: BpUnit, from: Pose, to: Pose, exclude: readonly string[]): string | null {
  const end = followPose(w, from, to);
  const need = distance(w.pose.at, end.at);
  const has = moveAllowance({ arm: w.arm, formation: w.formation });
  if (need > has + 1e-6) return `${w.name} would need ${Math.round(need * 10) / 10}" to follow; it has ${has}"`;
  const blocked = unitsOverlapping(s, basePolygon(envelopeOf(w, end)), exclude);
  if (blocked.length > 0) return `${w.name} has no room behind the charger: ${blocked[0]!.id} is there`;
  return null;
}

/** The defender's supports: touching friends behind it, nearest first, while the ranks allow (BP-22). */
export function defenderSupports(s: BpState, t: BpUnit, charger: BpUnit): BpUnit[] {
  let ranks = ranksOf(t);
  const out: BpUnit[] = [];
  const near = liveUnits(s).filter((w) => w.side === t.side && w.id !== t.id && cannotSupport(s, t, w, charger, false) === null)
    .sort((a, b) => distance(envelopeOf(a).pose.at, t.pose.at) - distance(envelopeOf(b).pose.at, t.pose.at) || a.id.localeCompare(b.id));
  for (const w of near) {
    if (ranks + ranksOf(w) > MELEE_MAX_RANKS) continue;
    ranks += ranksOf(w);
    out.push(w);
  }
  return out;
}
