import { isArea } from '../geometry/features';
import { ringContains } from '../geometry/primitives';
import { distance } from '../geometry/vector';
import { allUnitsOf } from './arrivals';
import { liveUnits, sideName, type AnrtState } from './state';

/**
 * How an ANRT game ends. The text prints points for units and generals (§XIX) but no victory
 * conditions; the scenario's (shared format) decide (ANRT-V1): a side whose losses reach its
 * collapse share of units ends the game at once; after the last turn, objectives held (a live,
 * not routed unit of one side only within the place) score their points; a tie goes to the side
 * that lost fewer hits.
 */
export function finalOutcome(s: AnrtState, last: boolean): { winner: string | null; summary: string } | null {
  const all = Object.values(s.units);
  for (const c of s.victory.collapse) {
    // Regimental guns have no hits of their own (L1079): they are not counted apart from their battalion.
    const mine = allUnitsOf(s, c.side).filter((u) => !u.parent);
    if (mine.length && (mine.filter((u) => u.gone).length * 100) / mine.length >= c.standsLostPercent) {
      const winner = s.sides.find((x) => x.id !== c.side)!;
      return { winner: winner.id, summary: `${winner.name} win: ${sideName(s, c.side)} lost ${c.standsLostPercent}% of their units.` };
    }
  }
  if (!last) return null;
  const score: Record<string, number> = Object.fromEntries(s.sides.map((x) => [x.id, 0]));
  for (const o of s.victory.objectives) {
    const inside = (p: { x: number; y: number }): boolean => {
      if (o.target.kind === 'landmark') return distance(p, o.target.at) <= o.target.radius;
      const id = o.target.feature;
      const f = s.map.terrain.find((t) => t.id === id);
      return !!f && isArea(f) && ringContains(f.polygon, p);
    };
    const holders = new Set(liveUnits(s).filter((u) => !u.routed && inside(u.at)).map((u) => u.side));
    if (holders.size === 1) { const h = [...holders][0]!; if (o.side === 'any' || o.side === h) score[h] = (score[h] ?? 0) + o.points; }
  }
  const lost = (side: string) => all.filter((u) => u.side === side).reduce((n, u) => n + u.maxHits - (u.gone ? 0 : u.hits), 0);
  const [a, b] = s.sides;
  const diff = (score[a!.id] ?? 0) - (score[b!.id] ?? 0) || lost(b!.id) - lost(a!.id);
  const winner = diff > 0 ? a!.id : diff < 0 ? b!.id : null;
  const line = s.sides.map((x) => `${x.name} ${score[x.id]} point(s), ${lost(x.id)} hit(s) lost`).join('; ');
  return { winner, summary: winner ? `${sideName(s, winner)} win after the last turn (${line}).` : `A draw after the last turn (${line}).` };
}
