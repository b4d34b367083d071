import { angleDifference, bearing, distance } from '../geometry/vector';
import type { BotGeneral, BotOption } from '../plugin';
import type { BpAction } from './orders';
import { actablePieces, chargeTargetsOf, fireTargetsOf } from './pieces';
import { figuresOf, isDisrupted, liveUnits, phasingSide, sideOfSeat, type BpState, type BpUnit } from './state';
import { RANGES_INCHES } from './tables/fire';

/**
 * The bot general's candidates in a Beer and Pretzel game (issue 13; the doctrine is shared,
 * src/rules/bot/doctrine.ts; NOT part of B&P's rules). For each unit the phasing side may act
 * with (pieces.ts, in their order): charge each legal target (L107) with its odds in figures,
 * fire at each legal target (L71-103) closest first, advance straight ahead on the nearest enemy
 * ahead to within musket range (L80: 6") — except a unit holding a building, and a battery with a
 * target. B&P has no reform act (recovery is automatic, BP-T2)
 * and no chance cards; command figures are not moved. `act` decides what is legal.
 */

/** Enemies "ahead": within this angle of the unit's facing. */
const AHEAD_DEG = 45;
/** Where the doctrine halts an advance: inside musket range (L80), with room for the roll of the ground. */
const STANDOFF_IN = RANGES_INCHES.musket.max * 0.8;

/** Odds of a charge in figures (doctrine, not rule: B&P's melee is decided by its own dice and modifiers). */
export const bpChargeOdds = (a: BpUnit, t: BpUnit): number => figuresOf(a) / Math.max(1, figuresOf(t));

/** Forward moves to try, longest first: the whole way, then shorter steps should the allowance or the ground refuse it (half inches). */
function forwardSteps(want: number): string[] {
  const steps = [want, want * 0.75, want / 2, want / 4].map((x) => Math.floor(x * 2) / 2).filter((x) => x >= 0.5);
  return [...new Set(steps)].map((x) => `forward ${x}in`);
}

function unitOptions(s: BpState, u: BpUnit, verbs: readonly string[], enemies: readonly BpUnit[]): BotOption<BpAction>[] {
  const out: BotOption<BpAction>[] = [];
  if (verbs.includes('charge')) {
    for (const t of chargeTargetsOf(s, u.id).filter((o) => o.legal)) {
      const e = s.units[t.target]!;
      const odds = bpChargeOdds(u, e);
      out.push({ intent: 'charge', piece: u.id, action: { kind: 'charge', unit: u.id, target: e.id }, weight: odds, why: `${u.name}: charge ${e.name} — odds ${odds.toFixed(1)}:1 in figures` });
    }
  }
  const targets = verbs.includes('fire') ? fireTargetsOf(s, u.id).filter((o) => o.legal).sort((a, b) => a.inches - b.inches) : [];
  for (const t of targets) {
    out.push({ intent: 'fire', piece: u.id, action: { kind: 'fire', unit: u.id, target: t.target }, weight: t.inches, why: `${u.name}: fire at ${s.units[t.target]!.name} — closest legal target, ${t.inches.toFixed(1)}"` });
  }
  // Hold: a unit in a building keeps it (the scenario's objectives are buildings and landmarks), and a battery with a target stays to fire.
  const holds = u.building !== null || (u.arm === 'artillery' && targets.length > 0);
  if (verbs.includes('move') && !isDisrupted(u) && !holds) {
    const ahead = [...enemies].sort((a, b) => distance(u.pose.at, a.pose.at) - distance(u.pose.at, b.pose.at))
      .find((e) => Math.abs(angleDifference(u.pose.facing, bearing(u.pose.at, e.pose.at))) <= AHEAD_DEG);
    if (ahead) {
      const d = distance(u.pose.at, ahead.pose.at);
      const theta = (angleDifference(u.pose.facing, bearing(u.pose.at, ahead.pose.at)) * Math.PI) / 180;
      const along = d * Math.cos(theta);
      const across = Math.abs(d * Math.sin(theta));
      const want = across < STANDOFF_IN ? along - Math.sqrt(STANDOFF_IN ** 2 - across ** 2) : along;
      for (const to of forwardSteps(want)) out.push({ intent: 'advance', piece: u.id, action: { kind: 'move', unit: u.id, to }, weight: d, why: `${u.name}: advance (${to}) on ${ahead.name}, ${d.toFixed(1)}" ahead` });
    }
  }
  return out;
}

export const bpBot: BotGeneral<BpState, BpAction> = {
  options(s, seat) {
    const side = sideOfSeat(s, seat);
    if (!side || s.ended || phasingSide(s) !== side) return [];
    const enemies = liveUnits(s).filter((u) => u.side !== side);
    return actablePieces(s, side).flatMap((p) => { const u = s.units[p.id]; return u ? unitOptions(s, u, p.verbs, enemies) : []; });
  },
};
