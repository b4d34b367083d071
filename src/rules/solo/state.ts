import type { Point, TableSize, TerrainFeature } from '../geometry/types';
import { rightVector } from '../geometry/vector';
import { footprintSize } from './phases/footprint';
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
  /** The enemy unit whose act called for the marker's test: a rout or retire at the card goes away from it (KS-30). */
  readonly moraleFrom?: string;
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
  /** How far he has ridden this turn, mm (KS-42: `generals.moveMm` a turn). */
  readonly rodeMm?: number;
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
  /** The scenario's terrain, mm (the game's map; phases/ground.ts reads cover and going, KS-34…KS-36). Absent: open ground. */
  readonly map?: { readonly terrain: readonly TerrainFeature[] };
  /** Each side's own table edge (KS-30: a rout makes for it), set at set-up from where the side deploys. */
  readonly homeEdges?: Readonly<Record<string, 'north' | 'east' | 'south' | 'west'>>;
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
/**
 * KS-20, KS-41: where a general attached to a unit stands — at the far (right) end of its front
 * rank, where the pick die finds him (L14 "Attached general officers MUST be in the front rank").
 */
export function attachedSeat(u: Pick<SoloUnit, 'at' | 'facing' | 'type' | 'formation' | 'figures'>): Point {
  const r = rightVector(u.facing);
  const half = footprintSize(u).width / 2;
  return { x: u.at.x + r.x * half, y: u.at.y + r.y * half };
}

/**
 * Replace one unit. Generals attached to it go where it goes (KS-41): every move, swerve, charge
 * and flight places the unit through here, so none leaves its general behind.
 */
export function withUnit(s: SoloState, u: SoloUnit): SoloState {
  const units = s.units.map((x) => (x.id === u.id ? u : x));
  if (!s.generals.some((g) => g.attachedTo === u.id)) return { ...s, units };
  const seat = attachedSeat(u);
  return { ...s, units, generals: s.generals.map((g) => (g.attachedTo === u.id && (g.at.x !== seat.x || g.at.y !== seat.y) ? { ...g, at: seat } : g)) };
}
