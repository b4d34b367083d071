import type { Viewer } from '../contract';
import type { SoloGame } from './game';

/**
 * What a viewer may see of a Kuryakin game. The table is open (figures, 'D' chits and the cards
 * dealt are all revealed, L7); a side's chance card is held in hand until played (L3), so only
 * its own seat (or the umpire) sees it unplayed. A solo player holds both seats and so sees both.
 */
export function viewSolo(g: SoloGame, viewer: Viewer): SoloGame {
  if (viewer.kind === 'gm') return g;
  const side = viewer.kind === 'side' ? viewer.side : viewer.kind === 'seat' ? g.seats.find((x) => x.id === viewer.seat)?.side : undefined;
  const chance = Object.fromEntries(Object.entries(g.chance).map(([sd, held]) => [sd, held && (held.played || sd === side) ? held : null]));
  const { chancePlayAt: _hidden, ...rest } = g;
  return { ...rest, chance };
}
