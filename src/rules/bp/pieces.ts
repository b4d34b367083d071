import { cannotCharge, chargeJoiners } from './phases/charge';
import { cannotFire, fireTargets, type FireOption } from './phases/fire-zones';
import { cannotForm } from './phases/formation';
import { cannotMove } from './phases/move';
import { cannotSendCrew } from './phases/crew';
import type { BpVerb } from './orders';
import { liveUnits, phasingSide, type BpState, type BpUnit } from './state';
import { FORMATIONS } from './tables/vocabulary';

/**
 * Pure helpers for the adapters (slash commands, prompts, the roster): which pieces a side may
 * act with now and with which verb, the legal targets of fire and charge with the reason for
 * every exclusion, and display names. The lead wires these into the ruleset record's inputs.
 */

/** "2nd Battalion, 45th Line (line, 12 figures)". */
export function unitDisplayName(u: BpUnit): string {
  const figures = u.stands.reduce((a, f) => a + f, 0);
  const what = u.arm === 'artillery' ? `${figures} crew` : `${figures} figures`;
  const state = u.stage === 'effective' ? u.formation : u.stage;
  return `${u.name} (${state}, ${what})`;
}

/** A piece and the verbs it may use now. */
export interface ActablePiece {
  readonly id: string;
  readonly name: string;
  readonly verbs: readonly BpVerb[];
}

/** The pieces `side` may act with now, with their verbs (standing is always open to the owner). */
export function actablePieces(s: BpState, side: string): ActablePiece[] {
  const phasing = !s.ended && phasingSide(s) === side;
  const out: ActablePiece[] = [];
  for (const u of liveUnits(s).filter((x) => x.side === side)) {
    const verbs: BpVerb[] = [];
    if (phasing) {
      if (!cannotMove(s, u)) verbs.push('move');
      if (FORMATIONS.some((f) => !cannotForm(s, u, f))) verbs.push('formation');
      if (!cannotFire(s, u) && fireTargets(s, u).some((o) => o.legal)) verbs.push('fire');
      if (liveUnits(s).some((t) => t.side !== side && !cannotCharge(s, u, t))) verbs.push('charge');
      if (u.arm === 'artillery' && liveUnits(s).some((t) => !cannotSendCrew(s, u, t))) verbs.push('crew');
    }
    // Standing reactions are set at any time by the owner (cavalry: only the square flag is moot).
    verbs.push('standing');
    out.push({ id: u.id, name: unitDisplayName(u), verbs });
  }
  if (phasing) {
    for (const c of Object.values(s.commanders).filter((x) => x.side === side && x.alive && !s.log.moved[x.id]).sort((a, b) => a.id.localeCompare(b.id))) {
      out.push({ id: c.id, name: c.name, verbs: ['move'] });
    }
  }
  return out;
}

/** Every enemy as a fire target of `unit`, legal or with the reason it is not. */
export function fireTargetsOf(s: BpState, unit: string): FireOption[] {
  const u = s.units[unit];
  return u ? fireTargets(s, u) : [];
}

/** Every enemy as a charge target of `unit`, legal or with the reason it is not. */
export function chargeTargetsOf(s: BpState, unit: string): { target: string; legal: boolean; reason?: string }[] {
  const u = s.units[unit];
  if (!u) return [];
  return liveUnits(s).filter((t) => t.side !== u.side).map((t) => {
    const why = cannotCharge(s, u, t);
    return why ? { target: t.id, legal: false, reason: why } : { target: t.id, legal: true };
  });
}

/** Every own battery as a destination for `unit`'s gunners, legal or with the reason it is not (L97). */
export function crewTargetsOf(s: BpState, unit: string): { target: string; legal: boolean; reason?: string }[] {
  const u = s.units[unit];
  if (!u) return [];
  return liveUnits(s).filter((t) => t.side === u.side && t.arm === 'artillery' && t.id !== u.id).map((t) => {
    const why = cannotSendCrew(s, u, t);
    return why ? { target: t.id, legal: false, reason: why } : { target: t.id, legal: true };
  });
}

/** Own units that may join `unit`'s charge on `target` as co-charger or support (L107, BP-22). */
export function chargeJoinersOf(s: BpState, unit: string, target: string): string[] {
  const u = s.units[unit];
  const t = s.units[target];
  if (!u || !t || cannotCharge(s, u, t)) return [];
  return liveUnits(s).filter((w) => w.side === u.side && w.id !== u.id && chargeJoiners(s, u, t, [w.id]).ok).map((w) => w.id);
}

/** Formations `unit` may take now, with the reason for the others. */
export function formationOptionsOf(s: BpState, unit: string): { formation: string; legal: boolean; reason?: string }[] {
  const u = s.units[unit];
  if (!u) return [];
  return FORMATIONS.map((f) => { const why = cannotForm(s, u, f); return why ? { formation: f, legal: false, reason: why } : { formation: f, legal: true }; });
}
