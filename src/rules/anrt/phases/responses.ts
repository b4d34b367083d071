import { distance } from '../../geometry/vector';
import type { Reaction } from '../orders';
import { isArtillery, isTarget, liveUnits, phasingSide, type AnrtState, type AnrtUnit } from '../state';
import { mayOpportunityCharge, type Charged } from '../tables/charges';
import { canFire, fireReach, inFront, normalMove } from './common';
import { checkChargePath } from './charge-path';
import { chargeAspect } from '../procedures/flank';
import { contactSlot } from '../procedures/multiple-melee';

/**
 * The other side's window after the mover's orders (§X L565-640, §VII L424-430): it opens only
 * when a unit was charged, a unit may opportunity charge (cavalry an enemy that moved directly in
 * front within its normal move, L426; infantry one that presented its flank or rear there, L428,
 * ANRT-O1; never exposing itself, L430, ANRT-O3), or a unit has two or more fire targets
 * (ANRT-F1) (issue 14: no empty windows).
 */

/** How §X groups a charged unit against its charger. */
export function chargedCase(t: AnrtUnit, c: AnrtUnit): Charged {
  if (isArtillery(t)) return t.formation === 'limbered' ? (t.arm === 'horse-artillery' ? 'artillery-limbered-horse' : 'artillery-limbered-foot') : 'artillery-unlimbered';
  if (t.formation === 'skirmish') return t.arm === 'cavalry' ? 'skirmish-cavalry' : 'skirmish-infantry';
  if (t.arm === 'cavalry') return 'cavalry-by-cavalry';
  return c.arm === 'cavalry' ? 'infantry-by-cavalry' : 'infantry-by-infantry';
}

/** The responses a charged unit may choose, the first being what it does if its player says nothing (the "otherwise" or "must" line). */
export function responsesTo(t: AnrtUnit, c: AnrtUnit): Reaction[] {
  switch (chargedCase(t, c)) {
    // L574, L577: must evade; halting at a refuge or running on is the player's (L402, ANRT-E3).
    case 'artillery-limbered-foot': case 'artillery-limbered-horse': return ['evade', 'evade-on'];
    // L580-583: unlimbered guns fire and fight; elite or veteran gunners may fire and evade (L406).
    case 'artillery-unlimbered': return t.cls === 'elite' || t.cls === 'veteran' ? ['stand', 'gunners-evade'] : ['stand'];
    // L588-590; ANRT-F3: formed cavalry (not disordered, not in skirmish order) may volley and countercharge.
    case 'cavalry-by-cavalry': return t.arm === 'cavalry' && c.arm === 'cavalry' ? (t.disordered ? ['countercharge'] : ['countercharge', 'volley']) : ['stand'];
    case 'infantry-by-cavalry': return t.formation === 'square' ? ['stand'] : ['stand', 'square']; // L595-599
    case 'skirmish-infantry': case 'skirmish-cavalry': return ['stand', 'evade', 'evade-on']; // L604-617; L402, ANRT-E3
    case 'infantry-by-infantry': return ['stand']; // L567-569
  }
}

/**
 * The normal move of a unit that may opportunity charge at all, else undefined: cavalry (L426) or
 * infantry (L428, ANRT-O1) of the side not moving (L318), not routed nor charged this phase, in a
 * formation that may charge (§X as /charge: not in square nor march column — skirmishers charge,
 * L606, L615), not with one hit left (L204).
 */
export function opportunityReach(s: AnrtState, u: AnrtUnit): number | undefined {
  if ((u.arm !== 'cavalry' && u.arm !== 'infantry') || u.routed || u.hits === 1 || u.side === phasingSide(s) || u.formation === 'march-column' || u.formation === 'square') return undefined;
  if (s.charges.some((c) => c.target === u.id)) return undefined;
  return normalMove(s, u);
}

/**
 * Whether `e`, which moved (`retrograde`: by falling back, ANRT-O2), triggers `u`'s opportunity
 * charge by L426-428 alone: directly in front within its normal move; for infantry, presenting a
 * flank or rear (ANRT-O1: `u` stands wholly behind a line extending `e`'s flank or rear, the
 * L841 geometry of ANRT-M12), not by a retrograde.
 */
function triggers(u: AnrtUnit, e: AnrtUnit, reach: number, did: Did): boolean {
  const front = inFront(u, e.at), within = distance(u.at, e.at) <= reach + 1e-6;
  if (!front || !within) return false; // the footprint test only for enemies in reach (speed)
  const arm = u.arm === 'cavalry' ? 'cavalry' : 'infantry';
  // A formation change alone presents no flank (ANRT-O1): infantry answer only a move.
  const presented = arm === 'infantry' && did.moved && chargeAspect(u, e) !== 'front';
  return mayOpportunityCharge(arm, { moved: did.moved, changedFormation: did.reformed, presentedFlankOrRear: presented, retrograde: did.retrograde }, front, within);
}

/**
 * L430 (ANRT-O3): an opportunity charger "may not move so as to expose [its] own flanks or rear
 * within the normal move of an undisordered enemy unit, whether that unit has already moved or
 * not". Measured where the charge would end — in contact with its target, facing it (the contact
 * slot melees use, ANRT-M6): the first enemy (nearest) that is not disordered nor routed, not the
 * target, stands within its own normal move of that spot, has it directly in front (L426's arc,
 * ANRT-T2) and stands wholly behind a line extending the charger's flank or rear there (L841,
 * ANRT-M12) — an enemy that could charge it in flank or rear. Undefined when none.
 */
export function exposedTo(s: AnrtState, u: AnrtUnit, e: AnrtUnit): AnrtUnit | undefined {
  const end = contactSlot(e, u, chargeAspect(u, e));
  const there = { ...u, at: end.at, facing: end.facing };
  return liveUnits(s).filter((x) => x.side !== u.side && x.id !== e.id && isTarget(x) && !x.disordered && !x.routed && inFront(x, end.at))
    .filter((x) => { const r = normalMove(s, x); return r !== undefined && distance(x.at, end.at) <= r + 1e-6 && chargeAspect(x, there) !== 'front'; })
    .sort((a, b) => distance(a.at, end.at) - distance(b.at, end.at) || a.id.localeCompare(b.id))[0];
}

/** Whether `u` may opportunity charge `e`, which moved: L426-428 (`triggers`), by a path a declared charge could take (ANRT-W9), not exposing itself (L430, ANRT-O3). */
export function mayOpportunityChargeUnit(s: AnrtState, u: AnrtUnit, e: AnrtUnit, reach: number, did: Did = MOVED): boolean {
  return e.side !== u.side && isTarget(e) && triggers(u, e, reach, did)
    // As a declared charge: not through a wood, a town in line, or friends it may not pass (ANRT-W9).
    && checkChargePath(s, u, e, reach).ok
    && !exposedTo(s, u, e);
}

/** What an enemy did in front of a unit this phase (L426-428): moved (a retrograde? ANRT-O2), changed formation (ANRT-O4). */
interface Did { readonly moved: boolean; readonly retrograde: boolean; readonly reformed: boolean }
const MOVED: Did = { moved: true, retrograde: false, reformed: false };

/** Each unit that moved or changed formation this phase, with what it did. */
function movedThisPhase(s: AnrtState): Map<string, Did> {
  const out = new Map<string, Did>();
  for (const m of s.moves) out.set(m.unit, { moved: true, retrograde: m.retrograde === true, reformed: false });
  for (const id of s.reformed ?? []) out.set(id, { moved: out.has(id), retrograde: out.get(id)?.retrograde ?? false, reformed: true });
  return out;
}

/** Enemy units this unit may opportunity charge now (L426 cavalry, L428 infantry, L430), nearest first. */
export function opportunityTargets(s: AnrtState, u: AnrtUnit): AnrtUnit[] {
  const reach = opportunityReach(s, u);
  if (reach === undefined) return [];
  const moved = movedThisPhase(s);
  return liveUnits(s).filter((e) => moved.has(e.id) && mayOpportunityChargeUnit(s, u, e, reach, moved.get(e.id)))
    .sort((a, b) => distance(u.at, a.at) - distance(u.at, b.at) || a.id.localeCompare(b.id));
}

/** The moved enemies L426-428 and the path would let `u` opportunity charge but L430 forbids, with the enemy its flank or rear would face (ANRT-O3: said privately when /react opportunity is refused). */
export function refusedByL430(s: AnrtState, u: AnrtUnit): { target: AnrtUnit; enemy: AnrtUnit }[] {
  const reach = opportunityReach(s, u);
  if (reach === undefined) return [];
  const moved = movedThisPhase(s);
  return liveUnits(s).flatMap((e) => {
    if (!moved.has(e.id) || e.side === u.side || !isTarget(e) || !triggers(u, e, reach, moved.get(e.id)!) || !checkChargePath(s, u, e, reach).ok) return [];
    const enemy = exposedTo(s, u, e);
    return enemy ? [{ target: e, enemy }] : [];
  });
}

/**
 * ANRT-P9 (L318, L426, L428, L896): a pursuit is a move made in this unit's opponent's phase, so a
 * pursuer ending directly in front of it within its normal move (infantry: presenting its flank or
 * rear, ANRT-O1; a pursuit is never a retrograde) may be opportunity charged there
 * and then, in the same resolution (no window opens mid-resolution): only by a unit whose player
 * posted `/react opportunity` as its standing answer. It is offered in the responses window (open
 * already: something was charged) to a unit that may opportunity charge at all and stands within
 * its normal move plus a cavalry charger's of that charger's target — where a pursuit would start
 * (only cavalry pursues, L896).
 */
export function opportunityOnPursuers(s: AnrtState, u: AnrtUnit): boolean {
  const reach = opportunityReach(s, u);
  if (reach === undefined) return false;
  return s.charges.some((c) => {
    const a = s.units[c.unit]; const t = s.units[c.target];
    if (!a || !t || a.gone || t.gone || a.arm !== 'cavalry' || a.side === u.side) return false;
    const r = normalMove(s, a);
    return r !== undefined && distance(u.at, t.at) <= reach + r + 1e-6;
  });
}

/** The key of an opportunity charger's if-evaded (L408-416, ANRT-E8) among the posted responses (unit ids never contain ':'). */
export const ifEvadedKey = (unit: string): string => `if-evaded:${unit}`;

/** What `u` may answer in the responses window. */
export function reactionsOf(s: AnrtState, u: AnrtUnit): Reaction[] {
  const charge = s.charges.find((c) => c.target === u.id);
  const charger = charge ? s.units[charge.unit] : undefined;
  if (charger) return responsesTo(u, charger);
  const opportunity: Reaction[] = opportunityTargets(s, u).length || opportunityOnPursuers(s, u) ? ['opportunity', 'stand'] : [];
  return [...new Set([...opportunity, ...ifUncovered(s, u)])];
}

/**
 * L421, ANRT-E2: the standing answer an uncharged unit may post in the responses window, used
 * only if a pursuit of evaders uncovers it (no window opens mid-resolution). Offered when a
 * charged target of its side may evade and its charger's normal move reaches this unit (centre
 * to centre, as the pursuit's), and the unit has a real choice against that charger (evade,
 * stand, square: `responsesTo`); empty otherwise. The window never opens for it alone: it is
 * open already, for the charged evader.
 */
export function ifUncovered(s: AnrtState, u: AnrtUnit): Reaction[] {
  if (u.side === phasingSide(s) || u.routed || !isTarget(u) || s.charges.some((c) => c.target === u.id)) return [];
  const out = new Set<Reaction>();
  for (const c of s.charges) {
    const a = s.units[c.unit];
    const t = s.units[c.target];
    if (!a || !t || a.gone || t.gone || t.side !== u.side || !responsesTo(t, a).some((r) => r === 'evade' || r === 'evade-on')) continue;
    const reach = normalMove(s, a);
    if (reach === undefined || distance(a.at, u.at) > reach + 1e-6) continue;
    const rs = responsesTo(u, a);
    if (rs.length > 1) for (const r of rs) out.add(r);
  }
  return [...out];
}

/**
 * The enemies `u` may fire at now (§IX L497-502: in its front arc, within its QRS range), nearest
 * first. Unknown ranges (an empty QRS cell) give none: the GM is asked only when fire comes.
 */
export function fireCandidates(s: AnrtState, u: AnrtUnit): AnrtUnit[] {
  // Regimental guns choose nothing: they fire with their parent (L1087).
  if (u.gone || !canFire(u) || u.arm === 'regimental-artillery') return [];
  const reach = fireReach(s, u);
  if (reach === undefined) return [];
  return liveUnits(s).filter((e) => e.side !== u.side && isTarget(e) && inFront(u, e.at) && distance(u.at, e.at) <= reach + 1e-6)
    .sort((a, b) => distance(u.at, a.at) - distance(u.at, b.at) || a.id.localeCompare(b.id));
}

/**
 * ANRT-F1: the non-moving side's units with a real choice of fire target (two or more enemies in
 * arc and range once the mover's moves are made): the responses window opens for them too, so the
 * player picks (`/fire`) instead of the engine taking the nearest (issue 14: "fire where there is
 * a real target choice").
 */
export function fireChoices(s: AnrtState): string[] {
  if (!s.settings.fire.nonMoverChooses) return [];
  const mover = phasingSide(s);
  return liveUnits(s).filter((u) => u.side !== mover && fireCandidates(s, u).length >= 2).map((u) => u.id).sort();
}

/** Whether the responses window opens: something was charged, a unit may opportunity charge, or one has a choice of fire targets. */
export function responsesOwed(s: AnrtState): boolean {
  return liveUnits(s).some((u) => u.side !== phasingSide(s) && reactionsOf(s, u).length > 0) || fireChoices(s).length > 0;
}
