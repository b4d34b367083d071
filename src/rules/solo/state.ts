import type { Point, TableSize } from '../geometry/types';
import type { ChanceCard } from './procedures/cards';
import type { GeneralInput, SoloUnitInput, Specials } from './procedures/types';
import type { Formation, Motion } from './tables/vocabulary';

/**
 * The Kuryakin game state (DIGEST §2(c)): units, generals and brigades on a table measured in
 * millimetres (1 mm = 1 yard, KUR L3), the cards dealt this turn and the queue they make, and
 * each side's chance card. Plain JSON, so it stores and replays as it is.
 */

/** A unit on the table. */
export interface SoloUnit extends SoloUnitInput {
  readonly id: string;
  readonly side: string;
  readonly brigade: string;
  /** Centre of the unit's front edge, mm. */
  readonly at: Point;
  /** Degrees, 0 = north (the table's +y). */
  readonly facing: number;
  readonly startFigures: number;
  readonly motion: Motion;
  readonly casualtiesThisTurn: number;
  readonly casualtiesTotal: number;
  /** Share of its move used this turn (L14 rifles, L14 firer moved). */
  readonly movedFraction: number;
  /** It has acted this turn (its own card, its brigade's, or out of turn when charged, L8). */
  readonly acted: boolean;
  /** A formation change still under way: quarters left (L10: carried into the next turn). */
  readonly formationChange?: { readonly to: Formation; readonly quartersLeft: number };
  /** A morale test waits for its card (L8: "given markers directing morale tests"). */
  readonly moraleMarker?: boolean;
  /** Off the table: destroyed (no figures left, ridden down) or fled (routed off). */
  readonly gone?: 'destroyed' | 'fled';
  readonly specials?: Specials;
}

/** A general on the table. */
export interface SoloGeneral extends GeneralInput {
  readonly id: string;
  readonly side: string;
  readonly at: Point;
  readonly alive: boolean;
  /** The unit he is attached to (L14: in its front rank to have effect). */
  readonly attachedTo?: string;
}

/** A brigade: its brigadier and his units; its division commander, if any. */
export interface SoloBrigade {
  readonly id: string;
  readonly side: string;
  readonly brigadier: string;
  readonly division?: string;
  readonly corps?: string;
}

/** A card on the table this turn: dealt (L7) or a charged unit's slot (L8). */
export interface QueueCard {
  readonly holder: string;
  readonly kind: 'brigade' | 'unit';
  /** Its number; 4.5 / 6.5 for a charged unit's slot (K-10). */
  readonly card: number;
  readonly done: boolean;
  /** The slot of a charged unit, restricted to acting against its charger (L8). */
  readonly against?: string;
  /** Its activation has begun: carried formation changes, morale markers and rallies are done (turn.ts). */
  readonly opened?: boolean;
}

/** One side's chance card this turn (L3). */
export interface HeldChance {
  readonly card: ChanceCard;
  readonly played: boolean;
}

/** The whole game. */
export interface SoloState {
  readonly turn: number;
  readonly sides: readonly string[];
  readonly units: readonly SoloUnit[];
  readonly generals: readonly SoloGeneral[];
  readonly brigades: readonly SoloBrigade[];
  /** Brigades in control this turn (L7). */
  readonly inControl: Readonly<Record<string, boolean>>;
  readonly queue: readonly QueueCard[];
  readonly chance: Readonly<Record<string, HeldChance | null>>;
  /** The table, mm: a unit fleeing beyond its edge has left it (KS-31). Absent: no edge. */
  readonly table?: TableSize;
}

/** Units still on the table. */
export const onTable = (s: SoloState): SoloUnit[] => s.units.filter((u) => !u.gone);
/** A unit by id (a caller bug if absent). */
export function unitById(s: SoloState, id: string): SoloUnit {
  const u = s.units.find((x) => x.id === id);
  if (!u) throw new RangeError(`KUR state: no unit ${id}`);
  return u;
}
/** A general by id (a caller bug if absent). */
export function generalById(s: SoloState, id: string): SoloGeneral {
  const g = s.generals.find((x) => x.id === id);
  if (!g) throw new RangeError(`KUR state: no general ${id}`);
  return g;
}
/** Distance in mm. */
export const distanceMm = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
/** Replace one unit. */
export const withUnit = (s: SoloState, u: SoloUnit): SoloState => ({ ...s, units: s.units.map((x) => (x.id === u.id ? u : x)) });
