import type { SideId } from '../contract';
import { officerText, type StandingOfficer, type StandingUnit } from './types';

/** One change to the standing order of battle, as the campaign log keeps it. */
export interface StandingChange {
  readonly unit: string;
  readonly field: 'strength' | 'full' | 'fatigue' | 'quality' | 'officers' | 'added' | 'removed';
  readonly from: string | number | null;
  readonly to: string | number | null;
}

const officersText = (o: readonly StandingOfficer[]): string => o.map(officerText).join(', ');

/** What changed from `before` to `after`, unit by unit in order of battle. */
export function standingChanges(before: readonly StandingUnit[], after: readonly StandingUnit[]): StandingChange[] {
  const was = new Map(before.map((u) => [u.id, u]));
  const now = new Set(after.map((u) => u.id));
  const out: StandingChange[] = [];
  for (const u of after) {
    const b = was.get(u.id);
    if (!b) { out.push({ unit: u.id, field: 'added', from: null, to: u.strength }); continue; }
    for (const f of ['strength', 'full', 'fatigue', 'quality'] as const) if (b[f] !== u[f]) out.push({ unit: u.id, field: f, from: b[f], to: u[f] });
    if (officersText(b.officers) !== officersText(u.officers)) out.push({ unit: u.id, field: 'officers', from: officersText(b.officers), to: officersText(u.officers) });
  }
  for (const b of before) if (!now.has(b.id)) out.push({ unit: b.id, field: 'removed', from: b.strength, to: null });
  return out;
}

/** Each side's total strength (the strength-over-campaign chart's points). */
export function sideTotals(units: readonly StandingUnit[], sides: readonly SideId[]): Record<SideId, number> {
  const t: Record<SideId, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  for (const u of units) if (u.kind === 'unit') t[u.side] = (t[u.side] ?? 0) + u.strength;
  return t;
}

/**
 * Take `points` from `pool` one at a time, each from the unit with the most strength left
 * (ties: order of battle), never below 0. Used where the text lets a player choose losses that
 * a play-by-post umpire must place itself (NW Optional §1.0 L609 "chosen by the defeated").
 */
export function takeLargestFirst(strength: Map<string, number>, pool: readonly string[], points: number): number {
  let left = points;
  while (left > 0) {
    let best: string | null = null;
    for (const id of pool) if ((strength.get(id) ?? 0) > 0 && (best === null || strength.get(id)! > strength.get(best)!)) best = id;
    if (best === null) break;
    strength.set(best, strength.get(best)! - 1);
    left -= 1;
  }
  return points - left;
}

/**
 * Give back `points` one at a time, each to the unit with the most still missing below `cap`
 * (ties: order of battle). Returns how many were placed.
 */
export function returnLargestLossFirst(strength: Map<string, number>, cap: ReadonlyMap<string, number>, pool: readonly string[], points: number): number {
  let left = points;
  while (left > 0) {
    let best: string | null = null;
    const gap = (id: string) => (cap.get(id) ?? 0) - (strength.get(id) ?? 0);
    for (const id of pool) if (gap(id) > 0 && (best === null || gap(id) > gap(best))) best = id;
    if (best === null) break;
    strength.set(best, strength.get(best)! + 1);
    left -= 1;
  }
  return points - left;
}
