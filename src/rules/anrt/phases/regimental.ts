import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { add, angleDifference, bearing, distance, headingVector, scale } from '../../geometry/vector';
import { overlapsAny } from '../passage';
import { footprint } from '../footprint';
import { terrainMove } from '../terrain';
import { liveUnits, withUnit, type AnrtState, type AnrtUnit } from '../state';
import { REGIMENTAL_ARTILLERY } from '../tables/characteristics';

/**
 * Regimental artillery (§XVII L1072-1118; rulings ANRT-R1…R6 in the README): a very small or
 * small battery attached for the game to one battalion (`parent`). It has no hits of its own
 * (L1079), is no target of its own (ANRT-R3), moves as field artillery and pays a pip only when
 * out of contact with its parent (L1083), fires with its parent (L1087-1091, combat.ts), is taken
 * off while its parent is in square (L1095) and lost with it (L1099-1114).
 */

export const isRegimental = (u: Pick<AnrtUnit, 'arm'>): boolean => u.arm === 'regimental-artillery';

/** ANRT-R2: "base edge contact" with the parent — units have no bases (ANRT-C2), so discs of half their footprint's longer side within this gap. */
export const REGIMENTAL_CONTACT_INCHES = 0.5;

const radius = (u: AnrtUnit): number => { const f = footprint(u); return Math.max(f.width, f.depth) / 2; };

/** Whether the battery stands in base-edge contact with its parent (L1083, ANRT-R2). */
export function withParent(s: AnrtState, b: AnrtUnit): boolean {
  const p = b.parent ? s.units[b.parent] : undefined;
  return !!p && !p.gone && distance(p.at, b.at) - radius(p) - radius(b) <= REGIMENTAL_CONTACT_INCHES + 1e-6;
}

/**
 * The pips a regimental battery's move costs (L1083, ANRT-R2): nothing of its own beside its
 * parent (it moves with its battalion), one pip when it is not in contact, "even if it is in
 * brigade command".
 */
export const regimentalMovePips = (s: AnrtState, b: AnrtUnit): number => (withParent(s, b) ? 0 : REGIMENTAL_ARTILLERY.detachedMovePips);

/** The regimental battery of a battalion, if it has one still in the game. */
export const gunsOf = (s: AnrtState, parent: string): AnrtUnit | undefined =>
  Object.values(s.units).find((u) => u.parent === parent && !u.gone);

/** Loses a battalion's regimental guns (L1099-1114) for `why`. */
export function loseGuns(s: AnrtState, parent: string, why: string): { s: AnrtState; events: GameEvent[] } {
  const b = gunsOf(s, parent);
  if (!b) return { s, events: [] };
  const { stowed: _, ...rest } = b;
  return { s: withUnit(s, { ...rest, gone: true, lastHit: 'contact' }), events: [{ kind: 'removed', rule: 'ANRT §XVII L1099-1114', unit: b.id, at: b.at, reason: `regimental guns lost: ${why}` }] };
}

/**
 * Keeps every regimental battery in step with its parent: lost when the parent is destroyed or
 * routed (L1110, L1114); taken off while the parent is in square and put back, on its parent's
 * right, when it leaves the square (L1095, ANRT-R5). Called after the orders land and after each
 * combat step that may change a parent.
 */
export function syncRegimental(s0: AnrtState): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const b of Object.values(s0.units)) {
    if (!b.parent || b.gone) continue;
    const p = s.units[b.parent];
    if (!p || p.gone || p.routed) {
      const r = loseGuns(s, b.parent, !p || p.gone ? `${b.parent} destroyed (L1110)` : `${b.parent} routed (L1114)`);
      s = r.s; events.push(...r.events);
    } else if (p.formation === 'square' && !b.stowed) {
      s = withUnit(s, { ...b, stowed: true });
      events.push({ kind: 'status', rule: 'ANRT §XVII L1095', unit: b.id, status: 'removed while its battalion is in square', on: true, reason: `${p.id} formed square` });
    } else if (p.formation !== 'square' && b.stowed) {
      const { stowed: _, ...rest } = b;
      const at = add(p.at, scale(headingVector(p.facing + 90), radius(p) + radius(b)));
      s = withUnit(s, { ...rest, at, facing: p.facing });
      events.push({ kind: 'status', rule: 'ANRT §XVII L1095', unit: b.id, status: 'removed while its battalion is in square', on: false, reason: `${p.id} left its square: the guns are replaced on its right` });
    }
  }
  return { s, events };
}

/** ANRT-R9: the places tried round a battalion for its guns, this many degrees apart. */
export const BESIDE_STEP_DEGREES = 15;
/** ANRT-R9: never in the battalion's front arc (ANRT-T2's 45°): the guns would mask its fire and, in contact, stand in the enemy. */
const FRONT_ARC_DEGREES = 45;

/**
 * Where a battalion's guns stand beside it (L1083, ANRT-R9): at contact distance (ANRT-R2) on the
 * bearing `side` relative to its facing (the side they stood on), else the nearest place round it
 * — bearings every 15° from that one, alternately behind and ahead of it, never in its front arc —
 * whose ground their straight way there crosses (woods, towns: L359, L363) and which overlaps no
 * other unit's ground (L395: a move may not end on another unit). Null with the reason when no
 * place round it will do.
 */
export function placeBeside(s: AnrtState, b: AnrtUnit, p: AnrtUnit, side: number): { at: Point; facing: number; preferred: boolean } | { blocked: string } {
  const gap = radius(p) + radius(b);
  const near = liveUnits(s).filter((o) => o.id !== b.id && o.id !== p.id && distance(o.at, p.at) <= gap + radius(b) + radius(o) + 1e-6);
  const turns = [0];
  for (let d = BESIDE_STEP_DEGREES; d <= 180; d += BESIDE_STEP_DEGREES) turns.push(d, -d);
  let why: string | undefined;
  for (const d of turns) {
    const rel = angleDifference(0, side + (angleDifference(0, side) >= 0 ? d : -d));
    if (Math.abs(rel) < FRONT_ARC_DEGREES - 1e-9) continue;
    const at = add(p.at, scale(headingVector(p.facing + rel), gap));
    const way = terrainMove(s, b, [b.at, at]);
    if (way.refused) { why ??= way.refused.message; continue; }
    const on = near.find((o) => overlapsAny({ ...b, facing: p.facing }, at, [o]));
    if (on) { why ??= `${on.name} stands where they would go.`; continue; }
    return { at, facing: p.facing, preferred: d === 0 };
  }
  return { blocked: why ?? 'no place beside it is clear.' };
}

/**
 * Regimental guns follow their battalion (L1083 "moves as field artillery, except if it is not in
 * base edge contact with part of its parent unit it must pay a pip": in contact its move is its
 * battalion's, ANRT-R8, R9). After the orders land, and after a resolution's charges and its
 * melees (advances, pursuits: combat.ts), each battery that stood in contact with its parent
 * before (`s0`), whose parent moved, turned or changed formation and which the player did not
 * move himself (`ordered`), is placed beside it again: on the same side as before (its bearing
 * from the battalion relative to the battalion's facing kept), in contact (ANRT-R2), facing with
 * it; where that place is barred by the ground or taken by another unit, at the nearest clear
 * place round it (`placeBeside`); with none, they stay where they were, detached, and the
 * narrative says why.
 */
export function followParents(s0: AnrtState, s1: AnrtState, ordered: ReadonlySet<string>, how = 'moves with its battalion'): { s: AnrtState; events: GameEvent[] } {
  let s = s1;
  const events: GameEvent[] = [];
  for (const b0 of Object.values(s0.units)) {
    if (!b0.parent || b0.gone || b0.stowed || ordered.has(b0.id)) continue;
    const p0 = s0.units[b0.parent];
    const p1 = s1.units[b0.parent];
    const b1 = s.units[b0.id];
    if (!p0 || !p1 || !b1 || p1.gone || p1.routed || b1.gone || b1.stowed || !withParent(s0, b0)) continue;
    if (p0.at.x === p1.at.x && p0.at.y === p1.at.y && p0.facing === p1.facing && p0.formation === p1.formation) continue;
    const side = distance(p0.at, b0.at) > 1e-9 ? bearing(p0.at, b0.at) - p0.facing : 90;
    const place = placeBeside(s, b1, p1, side);
    if ('blocked' in place) {
      events.push({ kind: 'note', rule: 'ANRT §XVII L1083', text: `${b1.name} cannot follow ${p1.name}: ${place.blocked} They stay where they were, out of contact (a pip to move them, L1083; ANRT-R9).` });
      continue;
    }
    s = withUnit(s, { ...b1, at: place.at, facing: place.facing });
    events.push({ kind: 'move', rule: 'ANRT §XVII L1083', unit: b1.id, from: b1.at, to: place.at, path: [b1.at, place.at], facing: place.facing, cost: 0, stopped: place.preferred ? how : `${how}; the nearest clear place beside it (ANRT-R9)` });
  }
  return { s, events };
}
