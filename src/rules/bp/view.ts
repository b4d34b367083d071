import type { Viewer } from '../contract';
import type { BpState } from './state';

/**
 * What a viewer may see of a B&P game. Everything on the table is open (figures are counted on
 * the table in plain sight, L12); what is private is each player's standing reactions — return
 * fire or hold it, form square (L111, L123, L131) — and his wish to move first or second
 * (HR B-1), which the enemy learns only when they are used. A seat or side sees its own; the
 * public sees none; the umpire sees all.
 */
export function viewBp(s: BpState, viewer: Viewer): BpState {
  if (viewer.kind === 'gm') return s;
  const side = viewer.kind === 'side' ? viewer.side : viewer.kind === 'seat' ? s.seats.find((x) => x.id === viewer.seat)?.side : undefined;
  const standing = Object.fromEntries(Object.entries(s.standing).filter(([id]) => side !== undefined && s.units[id]?.side === side));
  const firstChoice = Object.fromEntries(Object.entries(s.firstChoice).filter(([sd]) => sd === side));
  return { ...s, standing, firstChoice };
}
