import { frontRank, layoutStands, unitEnvelope, type LayoutParams } from '../battalion/formations';
import type { Base } from '../geometry/base';
import type { BaseSize, Point, Pose } from '../geometry/types';
import type { ScenarioGameFrame } from '../scenario/game-frame';
import type { Victory } from '../scenario/types';
import type { BpSettings } from './settings';
import type { RecoveryStage } from './tables/rout';
import type { Arm, ControlClass, Formation } from './tables/vocabulary';

/**
 * A Beer and Pretzel game, whole and JSON-serialisable (DIGEST §4(c)): plain data, never
 * mutated; every act and every resolve returns a new state. The turn is two move periods, the
 * first and second mover's (L22-24); `period` says whose is running. The game ends after
 * `lastTurn`'s second move period; the clock and scale are the scenario's (B&P prints none, L12).
 */
export interface BpState extends ScenarioGameFrame<BpSettings> {
  readonly units: Readonly<Record<string, BpUnit>>;
  /** Command figures (L200-202), by id. */
  readonly commanders: Readonly<Record<string, BpCommander>>;
  /** Buildings (built-up terrain, L177-198), by terrain feature id. */
  readonly buildings: Readonly<Record<string, BpBuilding>>;
  /** This turn's order of moving: first mover, then second (HR B-1). */
  readonly order: readonly [string, string];
  /** Index into `order` of the move period now running. */
  readonly period: 0 | 1;
  /** Move periods completed since the game began (disruption and recovery clocks count these). */
  readonly periodsDone: number;
  /** What happened so far in the running move period. */
  readonly log: BpPeriodLog;
  /** Artillery that moved in its own last move period: it may not return fire in the opponent's (L32). */
  readonly gunsMoved: readonly string[];
  /** Batteries fired upon from the flank or rear in the opponent's last move period: they may not pivot (L32). */
  readonly noPivot?: readonly string[];
  /** Units that returned fire in the opponent's last move period and may not move in their own (BP-5 `returnFire.noMove`). */
  readonly noMove: readonly string[];
  /**
   * Standing reactions, set privately in advance by their owner (L111, L123, L131): return fire
   * or hold it for a charge, and form square when charged by cavalry. Never shown to the enemy.
   */
  readonly standing: Readonly<Record<string, BpStanding>>;
  /** Each side's standing wish, should it win the roll-off: move first (default) or second (HR B-1). Private. */
  readonly firstChoice: Readonly<Record<string, 'first' | 'second'>>;
  /** This turn's control results (optional rule, L206), by unit. */
  readonly control: Readonly<Record<string, 'full' | 'half'>>;
  /** B-class units' last rolled control result (HR B-12 `even-turns-carry`). */
  readonly lastBControl: Readonly<Record<string, 'full' | 'half'>>;
  /** Gun crews on their way from one gun to another (L97, HR B-17), oldest first. */
  readonly crewTransfers?: readonly BpCrewTransfer[];
  /** Reinforcements still to come (the scenario's), each placed when its side's move period of its turn opens. */
  readonly arrivals?: readonly BpArrival[];
  readonly victory: Victory;
  readonly ended: { readonly winner: string | null; readonly summary: string } | null;
}

/** Units and command figures that enter the table on a later turn, at the scenario's entry point. */
export interface BpArrival {
  readonly turn: number;
  readonly side: string;
  readonly units: readonly BpUnit[];
  readonly commanders: readonly BpCommander[];
}

/**
 * Gunners crossing from one gun to another (L97: "the movement of gunners will take a full move,
 * and another turn is needed to integrate the new arrivals"; HR B-17). `movesLeft` counts the
 * owner's move periods still to open before they serve the gun: 2 while walking, 1 while
 * integrating; they join the receiving gun's crew when it reaches 0.
 */
export interface BpCrewTransfer {
  readonly side: string;
  readonly from: string;
  readonly to: string;
  readonly figures: number;
  readonly movesLeft: number;
}

/** A unit's standing reactions (defaults: return fire, form square against cavalry). */
export interface BpStanding {
  readonly returnFire: 'fire' | 'hold';
  readonly square: boolean;
}

/** The defaults the rules engine applies to a unit whose owner said nothing. */
export const DEFAULT_STANDING: BpStanding = { returnFire: 'fire', square: true };

/** A battalion, cavalry regiment or battery (L12, L20). */
export interface BpUnit {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly arm: Arm;
  readonly guard: boolean;
  readonly heavy: boolean;
  /** Green troops (optional rule L208). */
  readonly green: boolean;
  /** Control class (optional rule L206). */
  readonly controlClass: ControlClass;
  /** Figures on each stand, front rank first (a battery: one stand of crew, L12, L97). */
  readonly stands: readonly number[];
  /**
   * In line only, when a stand fell from the middle: the place along the line (in stand widths
   * from the left) each stand still holds, one per stand. The line keeps its ground and the hole
   * (L113, BP-21); absent, the stands stand shoulder to shoulder. Cleared when it re-forms or routs.
   */
  readonly slots?: readonly number[];
  readonly startFigures: number;
  readonly startStands: number;
  readonly formation: Formation;
  /** Centre of the unit's front edge and its facing (battalion/formations.ts). */
  readonly pose: Pose;
  /** Rout and rally (L165-171): 'effective' once combat effective. */
  readonly stage: RecoveryStage;
  /** Assaults suffered while routed, halted or reforming (L171: 50%, then eliminated). */
  readonly assaultsRecovering: number;
  /** The move period count when it was disrupted (L167), or null. */
  readonly disruptedAt: number | null;
  /** Why it left the table, or null while it is on it. */
  readonly gone: null | 'eliminated' | 'gun-lost' | 'fled';
  /** The building it holds (L179), or null. */
  readonly building: string | null;
}

/** A command figure (L200-202). */
export interface BpCommander {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly at: Point;
  readonly alive: boolean;
}

/** A building (L177-198). */
export interface BpBuilding {
  readonly id: string;
  readonly name: string;
  readonly polygon: readonly Point[];
  /** Artillery hits on it (L93: four set it on fire). */
  readonly hits: number;
  readonly burning: boolean;
}

/** One move period's record (L115, L161: each unit moves, fires and melees at most once). */
export interface BpPeriodLog {
  /** The phasing side. */
  readonly side: string;
  /** Inches of allowance each unit spent moving, and the allowance it had. */
  readonly moved: Readonly<Record<string, { readonly spent: number; readonly allowance: number }>>;
  /** Units that fired (either side: the phasing player's fire, return and closing fire). */
  readonly fired: readonly string[];
  /** Units that fought a melee. */
  readonly meleed: readonly string[];
  /** Units that won a melee: they cannot be melee-attacked again this move (L163). */
  readonly wonMelee: readonly string[];
  /** Units that changed formation (L28: not move, fire and change formation all in one). */
  readonly formed: readonly string[];
  /** Units that went into skirmish order this period (L28, L59: the exception). */
  readonly deployedSkirmish: readonly string[];
  /** Skirmishers that formed up after a full move: they may not fire (L59). */
  readonly formedFromSkirmish: readonly string[];
  /** Batteries that pivoted (L32: up to 45° and still fire). */
  readonly pivoted: readonly string[];
  /** Non-phasing units that returned fire (L131: once per opponent's move). */
  readonly returnFired: readonly string[];
  /** Units fired upon from the flank or rear this period: a battery may not pivot (L32). */
  readonly firedFromFlank: readonly string[];
}

export const emptyLog = (side: string): BpPeriodLog => ({
  side, moved: {}, fired: [], meleed: [], wonMelee: [], formed: [], deployedSkirmish: [], formedFromSkirmish: [], pivoted: [], returnFired: [], firedFromFlank: [],
});

/**
 * Stand footprints. B&P prints none (L12 gives only figures per stand); engine ruling BP-S1:
 * common 15mm basing, in inches: infantry 1.5 × 0.75, cavalry 1.5 × 1.25, a gun 1.5 × 1.5.
 */
export const STAND_SIZES: Readonly<Record<Arm, BaseSize>> = {
  infantry: { width: 1.5, depth: 0.75 },
  cavalry: { width: 1.5, depth: 1.25 },
  artillery: { width: 1.5, depth: 1.5 },
};

/** The figures a unit has. */
export const figuresOf = (u: BpUnit): number => u.stands.reduce((s, f) => s + f, 0);

/** On the table and not eliminated. */
export const isLive = (u: BpUnit): boolean => u.gone === null && u.stands.length > 0;

// Sorted once per units record (a new record whenever a unit changes); each caller gets its own copy.
const liveCache = new WeakMap<BpState['units'], BpUnit[]>();

/** Live units, in id order (a stable order for replays). */
export function liveUnits(s: BpState): BpUnit[] {
  let live = liveCache.get(s.units);
  if (!live) { live = Object.keys(s.units).sort().map((id) => s.units[id]!).filter(isLive); liveCache.set(s.units, live); }
  return live.slice();
}

/** How the battalion layer lays this unit out. */
export function layoutOf(u: BpUnit): LayoutParams {
  return { stands: Math.max(1, u.stands.length), size: STAND_SIZES[u.arm], ...(u.formation === 'line' && u.slots ? { slots: u.slots } : {}) };
}

// Ranges, zones and overlaps ask for the same unit's layout again and again within an act: the
// layouts at the unit's own pose and formation are cached per unit object, which states never
// mutate (a moved or reduced unit is a new object). Callers must not mutate what they get.
const standsCache = new WeakMap<BpUnit, Base[]>();
const envelopeCache = new WeakMap<BpUnit, Base>();
const frontCache = new WeakMap<BpUnit, Base[]>();
function cached<T>(cache: WeakMap<BpUnit, T>, u: BpUnit, make: () => T): T {
  let v = cache.get(u);
  if (v === undefined) { v = make(); cache.set(u, v); }
  return v;
}

/** The unit's stands on the table, front rank first (battalion/formations.ts). */
export const standBases = (u: BpUnit, pose: Pose = u.pose, formation: Formation = u.formation): Base[] =>
  pose === u.pose && formation === u.formation ? cached(standsCache, u, () => layoutStands(formation, pose, layoutOf(u))) : layoutStands(formation, pose, layoutOf(u));

/** The rectangle that holds the whole unit: its front edge is the unit's front (arcs, contact). */
export const envelopeOf = (u: BpUnit, pose: Pose = u.pose, formation: Formation = u.formation): Base =>
  pose === u.pose && formation === u.formation ? cached(envelopeCache, u, () => unitEnvelope(formation, pose, layoutOf(u))) : unitEnvelope(formation, pose, layoutOf(u));

/** The front-rank stands (L73: volleys by single rank). */
export const frontStands = (u: BpUnit): Base[] => cached(frontCache, u, () => frontRank(u.formation, u.pose, layoutOf(u)));

/** Whose seat owns a side (one seat per side). */
export const seatOfSide = (s: BpState, side: string): string => s.seats.find((x) => x.side === side)!.id;

/** The side a seat plays. */
export const sideOfSeat = (s: BpState, seat: string): string | undefined => s.seats.find((x) => x.id === seat)?.side;

/** The phasing side: the one whose move period is running. */
export const phasingSide = (s: BpState): string => s.order[s.period];

/** The other side. */
export const enemyOf = (s: BpState, side: string): string => s.sides.find((x) => x.id !== side)!.id;

/** Disrupted now (L167; expiry handled at period ends, HR B-16). */
export const isDisrupted = (u: BpUnit): boolean => u.disruptedAt !== null;

/**
 * Gunners crossing from one gun to another (L97: "the movement of gunners will take a full move,
 * and another turn is needed to integrate the new arrivals"; HR B-17). `movesLeft` counts the
 * owner's move periods still to open before they serve the gun: 2 while walking, 1 while
 * integrating; they join the receiving gun's crew when it reaches 0.
 */
export interface BpCrewTransfer {
  readonly side: string;
  readonly from: string;
  readonly to: string;
  readonly figures: number;
  readonly movesLeft: number;
}

/** A unit's standing reactions (its owner's, or the defaults). */
export const standingOf = (s: BpState, id: string): BpStanding => s.standing[id] ?? DEFAULT_STANDING;

/** Returns the state with one unit replaced. */
export const withUnit = (s: BpState, u: BpUnit): BpState => ({ ...s, units: { ...s.units, [u.id]: u } });

/** Adds ids to one of the period log's lists (no duplicates). */
export function logAdd(s: BpState, key: Exclude<keyof BpPeriodLog, 'side' | 'moved'>, ...ids: string[]): BpState {
  const cur = s.log[key];
  const next = [...cur, ...ids.filter((id) => !cur.includes(id))];
  return { ...s, log: { ...s.log, [key]: next } };
}
