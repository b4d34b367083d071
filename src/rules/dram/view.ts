import type { Viewer } from '../contract';
import type { DramState } from './state';

/**
 * What a viewer may see of a DRAM game. Strengths and orders on the table are open in DRAM;
 * order chits are written face down (§5) and only their author's side sees them until phase
 * 1 reveals them. (The orders window itself is secret: the game service keeps each seat's
 * submitted chits to that seat until resolution.)
 */
export function viewDram(s: DramState, viewer: Viewer): DramState {
  if (viewer.kind === 'gm') return s;
  const side = viewer.kind === 'side' ? viewer.side : viewer.kind === 'seat' ? s.seats.find((x) => x.id === viewer.seat)?.side : undefined;
  return { ...s, chits: side ? s.chits.filter((c) => s.generals[c.by]?.side === side) : [] };
}
