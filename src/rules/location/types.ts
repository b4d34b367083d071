/**
 * What players may type for a place, parsed (LocationSpec) and resolved (ResolvedLocation).
 * One vocabulary for every ruleset; the ruleset turns a resolved move into costs and orders.
 */
import type { Problem } from '../../lib/result';
import type { BaseSize, Landmark, Point, Pose, TableSize } from '../geometry/types';

/** Units a distance may be typed in. */
export const DISTANCE_UNITS = ['in', 'mi', 'yd'] as const;
/** A distance unit: inches, miles, yards. */
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** The reference grid: square cells of `cell` inches, A1 the north-west corner (grid.ts). */
export interface GridSpec {
  readonly cell: number;
}

/** Table scale: at least one of the two (the other is derived, 1 mile = 1760 yd). */
export interface LocationScale {
  readonly inchesPerMile?: number;
  readonly yardsPerInch?: number;
  /** Unit of a bare number ("forward 9"); without it a unit is required. */
  readonly defaultUnit?: DistanceUnit;
}

/** An enemy stand a player may name after `contact`. */
export interface EnemyRef {
  readonly id: string;
  readonly name: string;
  readonly aliases?: readonly string[];
}

/** The unit whose move is being read (relative moves start from its pose). */
export interface ActingUnit {
  readonly pose: Pose;
  /** Its base; wheels pivot on a front corner when known, on the centre otherwise. */
  readonly size?: BaseSize;
}

/** Everything the parser and resolver may consult. */
export interface LocationContext {
  readonly table: TableSize;
  readonly grid: GridSpec;
  readonly landmarks: readonly Landmark[];
  readonly scale: LocationScale;
  readonly unit?: ActingUnit;
  readonly enemies?: readonly EnemyRef[];
}

/** Keypad sub-position of a cell: 7 8 9 north row, 4 5 6 middle, 1 2 3 south row. */
export type Keypad = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** An absolute place, as typed. */
export type TargetSpec =
  | { readonly kind: 'grid'; readonly column: number; readonly row: number; readonly sub?: Keypad; readonly ref: string }
  | { readonly kind: 'landmark'; readonly name: string; readonly at: Point }
  | { readonly kind: 'coords'; readonly x: number; readonly y: number };

/** A distance as typed and in table inches. */
export interface Distance {
  readonly inches: number;
  readonly text: string;
}

/** One step of a relative move. Sidesteps and backward moves keep the facing. */
export type MoveStep =
  | { readonly kind: 'forward' | 'back' | 'left' | 'right'; readonly distance: Distance }
  | { readonly kind: 'toward'; readonly target: TargetSpec; readonly distance?: Distance }
  | { readonly kind: 'wheel'; readonly direction: 'left' | 'right'; readonly degrees: number };

/** A parsed location: a place, a chain of moves from the acting unit, or contact with an enemy. */
export type LocationSpec =
  | { readonly kind: 'place'; readonly target: TargetSpec }
  | { readonly kind: 'move'; readonly steps: readonly MoveStep[] }
  | { readonly kind: 'contact'; readonly enemy: EnemyRef };

/** A pose the unit passes through; `step` indexes the MoveStep that produced it. */
export interface PlanWaypoint {
  readonly at: Point;
  readonly facing: number;
  readonly step: number;
}

/** A relative move laid out on the table. `path` is start then every waypoint (for pathCost/maxReach). */
export interface MovePlan {
  readonly start: Pose;
  readonly waypoints: readonly PlanWaypoint[];
  readonly final: Pose;
  readonly path: readonly Point[];
}

/** A location made concrete. */
export type ResolvedLocation =
  | { readonly kind: 'place'; readonly at: Point }
  | { readonly kind: 'move'; readonly plan: MovePlan }
  | { readonly kind: 'contact'; readonly enemy: EnemyRef };

/** Stable error codes: adapters and tests rely on them, so only ever add to this list. */
export const LOCATION_ERROR_CODES = [
  'location/empty',
  'location/too-long',
  'location/syntax',
  'location/unknown-landmark',
  'location/unknown-enemy',
  'location/ambiguous',
  'location/off-table',
  'location/unit',
  'location/no-unit',
  'location/too-many-steps',
] as const;
/** One stable location error code. */
export type LocationErrorCode = (typeof LOCATION_ERROR_CODES)[number];

/** Why a location was refused, what would have been accepted, and near misses. */
export interface LocationError extends Problem {
  readonly code: LocationErrorCode;
  readonly hint: string;
  /** Example inputs that this context accepts. Never empty. */
  readonly accepted: readonly string[];
  /** Closest names to a misspelt one ("did you mean"). */
  readonly suggestions?: readonly string[];
  /** Every name an ambiguous prefix matched. */
  readonly candidates?: readonly string[];
}
