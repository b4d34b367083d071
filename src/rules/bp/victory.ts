import type { Outcome } from '../contract';
import { isArea } from '../geometry/features';
import { ringContains } from '../geometry/primitives';
import { distance } from '../geometry/vector';
import { ANY_SIDE } from '../scenario/vocabulary';
import { centreOf } from './ground';
import { isLive, type BpState } from './state';

/**
 * B&P prints no victory rule (the text ends with the optional rules, L204-208). Engine ruling
 * BP-V1: the shared scenario victory section decides — a side whose lost stands reach its
 * `collapse` percentage loses at once; a side with no unit left on the table loses at once;
 * after the last turn each objective scores for the side holding it (a combat-effective unit's
 * centre inside, no enemy's), and the higher score wins unless within the draw margin.
 */

/** Percentage of a side's starting stands now gone (eliminated units count all their stands). */
export function standsLostPercent(s: BpState, side: string): number {
  let start = 0, now = 0;
  for (const u of Object.values(s.units)) {
    if (u.side !== side) continue;
    start += u.startStands;
    now += isLive(u) ? u.stands.length : 0;
  }
  return start === 0 ? 0 : ((start - now) / start) * 100;
}

/** The side that has collapsed now, with why, or null. */
export function collapsed(s: BpState): { side: string; why: string } | null {
  for (const side of s.sides) {
    if (!Object.values(s.units).some((u) => u.side === side.id && isLive(u))) return { side: side.id, why: `${side.name} has no unit left on the table` };
  }
  for (const c of s.victory.collapse) {
    const lost = standsLostPercent(s, c.side);
    if (lost >= c.standsLostPercent) return { side: c.side, why: `${s.sides.find((x) => x.id === c.side)?.name ?? c.side} has lost ${Math.round(lost)}% of its stands (collapse at ${c.standsLostPercent}%)` };
  }
  return null;
}

/** Who holds each objective now. */
export function objectiveHolders(s: BpState): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const o of s.victory.objectives) {
    const inside = (p: { x: number; y: number }): boolean => {
      if (o.target.kind === 'landmark') return distance(p, o.target.at) <= o.target.radius + 1e-9;
      const targetId = o.target.feature;
      const f = s.map.terrain.find((t) => t.id === targetId);
      return !!f && isArea(f) && ringContains(f.polygon, p);
    };
    const present = new Set(Object.values(s.units).filter((u) => isLive(u) && u.stage === 'effective' && inside(centreOf(u))).map((u) => u.side));
    out[o.id] = present.size === 1 ? [...present][0]! : null;
  }
  return out;
}

/** The outcome after the last turn, by objectives (BP-V1). */
export function finalOutcome(s: BpState): Outcome {
  const score: Record<string, number> = Object.fromEntries(s.sides.map((x) => [x.id, 0]));
  const holders = objectiveHolders(s);
  for (const o of s.victory.objectives) {
    const h = holders[o.id];
    if (h && (o.side === ANY_SIDE || o.side === h)) score[h] = (score[h] ?? 0) + o.points;
  }
  const [a, b] = s.sides;
  const diff = (score[a!.id] ?? 0) - (score[b!.id] ?? 0);
  const list = s.sides.map((x) => `${x.name} ${score[x.id]}`).join(', ');
  if (Math.abs(diff) <= s.victory.draw.margin) return { winner: null, summary: `Draw after turn ${s.lastTurn}: objectives ${list}.`, score };
  const w = diff > 0 ? a! : b!;
  return { winner: w.id, summary: `${w.name} win on objectives after turn ${s.lastTurn}: ${list}.`, score };
}
