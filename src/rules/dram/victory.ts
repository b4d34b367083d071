import { distance } from '../geometry/vector';
import { liveStands, type DramState } from './state';

/**
 * How a DRAM game ends (the rules leave victory to the scenario, issue 3): a side collapses
 * when the scenario's share of its stands has been removed; otherwise, after the last turn,
 * each objective is held by the side with a stand within its radius and no enemy stand
 * there, and the side with more objective points wins (equal points: a draw).
 */
export function checkOutcome(s: DramState, when: 'after-combat' | 'end-of-turn'): { winner: string | null; summary: string } | null {
  for (const side of s.sides) {
    const share = s.victory.collapseBySide?.[side.id] ?? s.victory.collapseAt;
    if (share !== null && share !== undefined) {
      const all = Object.values(s.stands).filter((x) => x.side === side.id);
      const gone = all.filter((x) => x.removed).length;
      if (all.length > 0 && gone / all.length >= share) {
        const other = s.sides.find((x) => x.id !== side.id);
        return { winner: other?.id ?? null, summary: `${side.name} collapses: ${gone} of ${all.length} stands lost. ${other ? `${other.name} wins.` : ''}`.trim() };
      }
    }
  }
  if (when !== 'end-of-turn' || s.turn < s.lastTurn) return null;
  const points = objectivePoints(s);
  const ranked = [...s.sides].sort((a, b) => (points.get(b.id) ?? 0) - (points.get(a.id) ?? 0));
  const [first, second] = ranked;
  const tally = ranked.map((x) => `${x.name} ${points.get(x.id) ?? 0}`).join(', ');
  if (!first || (second && (points.get(first.id) ?? 0) - (points.get(second.id) ?? 0) <= (s.victory.drawMargin ?? 0))) {
    return { winner: null, summary: `Night falls on a drawn field (objective points: ${tally}).` };
  }
  return { winner: first.id, summary: `${first.name} hold the field (objective points: ${tally}).` };  // sides are peoples, plural: "Austrians hold"
}

/** Objective points per side: held = own stand within the radius and no enemy stand there. */
export function objectivePoints(s: DramState): Map<string, number> {
  const points = new Map<string, number>(s.sides.map((x) => [x.id, 0]));
  const live = liveStands(s);
  for (const obj of s.victory.objectives) {
    const near = live.filter((x) => distance(x.pose.at, obj.at) <= obj.radius);
    const sides = new Set(near.map((x) => x.side));
    if (sides.size === 1) {
      const holder = [...sides][0]!;
      if (obj.side === holder || obj.side === 'any') points.set(holder, (points.get(holder) ?? 0) + obj.points);
    }
  }
  return points;
}
