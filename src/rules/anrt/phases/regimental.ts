import type { GameEvent } from '../../events';
import { add, distance, headingVector, scale } from '../../geometry/vector';
import { footprint } from '../footprint';
import { withUnit, type AnrtState, type AnrtUnit } from '../state';
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
