import type { BaseSize } from '../geometry/types';
import { isArtillery, type AnrtUnit } from './state';

/**
 * The ground a unit covers in its formation, in inches: what the map draws and what arriving
 * units must not overlap (ANRT-S1). The text's base diagrams are missing (A-11), so these are
 * the project's sizes (a 12-figure battalion in line about 200 yards wide at L51's 50 yd/in).
 * A reinforced line (L105) is the line folded in two: half its frontage, twice its depth (ANRT-RL1:
 * the surviving layout of L105-114 keeps two equal rows of marks where the line has one row).
 */
export function footprint(u: Pick<AnrtUnit, 'arm' | 'formation'>): BaseSize {
  if (isArtillery(u)) return { width: 2, depth: 1.5 };
  switch (u.formation) {
    case 'line': case 'skirmish': return { width: 4, depth: 1 };
    case 'reinforced-line': return REINFORCED_LINE;
    case 'square': return { width: 1.5, depth: 1.5 };
    case 'march-column': return { width: 1, depth: 4 };
    default: return { width: 2, depth: 2 };
  }
}

/** ANRT-RL1: the project's reinforced line, 2" × 2" (the diagram is lost, A-11); shown in the map's legend. */
export const REINFORCED_LINE: BaseSize = { width: 2, depth: 2 };

/** A general's marker (the map's 0.75" disc). */
export const GENERAL_FOOTPRINT: BaseSize = { width: 0.75, depth: 0.75 };
