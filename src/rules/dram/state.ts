import type { Seat } from '../contract';
import type { BaseSize, Landmark, Point, Pose, TableSize, TerrainFeature } from '../geometry/types';
import type { DramSettings } from './settings';
import type { Arm, GeneralLevel, Order } from './tables';

/**
 * A DRAM game, whole and JSON-serialisable (DIGEST §1(c)). Stored after every resolution;
 * replaying a game's inputs with its seeds rebuilds it exactly.
 */
export interface DramState {
  readonly v: 1;
  readonly scenario: { readonly id: string; readonly name: string };
  readonly settings: DramSettings;
  /** 1-based; the game ends after `lastTurn`'s re-organisation. */
  readonly turn: number;
  readonly lastTurn: number;
  readonly phase: DramPhase;
  /** Minutes after midnight of turn 1, and minutes per turn (DRAM §1: one hour). */
  readonly clock: { readonly start: number; readonly turnMinutes: number };
  readonly map: DramMap;
  readonly sides: readonly DramSide[];
  readonly stands: Readonly<Record<string, Stand>>;
  readonly generals: Readonly<Record<string, General>>;
  readonly corps: Readonly<Record<string, Corps>>;
  readonly seats: readonly Seat[];
  /** Chits written in phase 7, face down until phase 1 of the next turn (DRAM §2, §5). */
  readonly chits: readonly Chit[];
  /** This turn's initiative die per corps (DRAM §4); null until rolled. */
  readonly initiative: Readonly<Record<string, number | null>>;
  /** Corps ids in the order they move this turn, once initiative is complete. */
  readonly moveSequence: readonly string[];
  /** Live movement (`move.windows` = 'live'): which rank's window is open (index into rankGroups). */
  readonly rank?: number;
  /** Orders of loss posted during live movement, kept for the combat phase (HR D-13). */
  readonly lossOrders?: Readonly<Record<string, readonly string[]>>;
  readonly reinforcements: readonly Reinforcement[];
  readonly victory: DramVictory;
  /** Set when the game is over. */
  readonly ended: { readonly winner: string | null; readonly summary: string } | null;
}

/** The phases of DRAM §2, as the engine walks them. */
export const DRAM_PHASES = ['reveal', 'exhaustion', 'movement', 'initiative', 'rank', 'combat', 'reorganisation', 'orders', 'ended'] as const;
export type DramPhase = (typeof DRAM_PHASES)[number];

export interface DramMap {
  readonly table: TableSize;
  readonly gridCell: number;
  readonly inchesPerMile: number;
  readonly terrain: readonly TerrainFeature[];
  readonly landmarks: readonly Landmark[];
}

export interface DramSide {
  readonly id: string;
  readonly name: string;
  readonly colour: string;
  /** The army commander's general id. */
  readonly commander: string;
}

/** A division stand (DRAM §1: one stand = a division). */
export interface Stand {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly corps: string;
  readonly arm: Arm;
  readonly spStart: number;
  readonly sp: number;
  readonly order: Order;
  readonly pose: Pose;
  readonly base: BaseSize;
  /** On the table (false before a reinforcement arrives and after removal). */
  readonly onTable: boolean;
  readonly removed: boolean;
  /** DRAM §3: the first test at ≤ 50% has been taken. */
  readonly halfTested: boolean;
  /** SP lost since the last exhaustion phase: "any subsequent turn on which it takes losses" (§3). */
  readonly lossesSinceTest: number;
  /** DRAM §3 "no advance towards enemy this turn". */
  readonly noAdvance: boolean;
  /** DRAM §3 "fall back one full move per turn until order changed by a general". */
  readonly fallingBack: boolean;
  readonly inPreparedDefences: boolean;
  readonly turnFlags: TurnFlags;
}

/** Facts of the current turn that combat and re-organisation read (DRAM §8, §9). */
export interface TurnFlags {
  readonly lossesThisTurn: number;
  readonly startedAtZero: boolean;
  readonly movedToContact: boolean;
  readonly contacted: boolean;
  readonly crossedBridgeOrFord: boolean;
  readonly engaged: boolean;
  readonly preparedLossIgnored: boolean;
}

export const GENERAL_STATUSES = ['present', 'fled', 'seriously-wounded', 'mortally-wounded', 'dead'] as const;
export type GeneralStatus = (typeof GENERAL_STATUSES)[number];

/** A commander (DRAM §6): charisma (CR) and ability points (AP). */
export interface General {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly level: GeneralLevel;
  readonly cr: number;
  readonly ap: number;
  readonly apSpent: number;
  /** Corps general: his corps. Higher general: the generals under him. */
  readonly corps: string | null;
  readonly subordinates: readonly string[];
  readonly superior: string | null;
  readonly pose: Pose;
  /** The stand he has joined for combat this turn (DRAM §8), if any. */
  readonly joined: string | null;
  readonly status: GeneralStatus;
  /** DRAM §6: "his staff and subordinates take over: CR 0, AP 1". */
  readonly staff: boolean;
}

export interface Corps {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly general: string;
  readonly stands: readonly string[];
}

/** An order chit or written order, face down until phase 1 (DRAM §5, HR D-7). */
export interface Chit {
  readonly by: string;
  /** A stand, or a corps (a written order to a subordinate general reaches all his stands). */
  readonly target: { readonly kind: 'stand' | 'corps'; readonly id: string };
  readonly order: Order;
  readonly turn: number;
  readonly written: boolean;
}

export interface Reinforcement {
  readonly turn: number;
  readonly units: readonly string[];
  readonly at: Point;
  readonly facing: number;
}

export interface DramVictory {
  readonly objectives: readonly { readonly name: string; readonly at: Point; readonly radius: number; readonly side: string; readonly points: number }[];
  /** A side collapses when this share (0-1) of its starting stands has been removed. */
  readonly collapseAt: number | null;
  /** Per-side shares that override `collapseAt`. */
  readonly collapseBySide?: Readonly<Record<string, number>>;
  /** Objective points within this margin of each other are a draw. */
  readonly drawMargin?: number;
}

export const NO_TURN_FLAGS: TurnFlags = {
  lossesThisTurn: 0, startedAtZero: false, movedToContact: false, contacted: false,
  crossedBridgeOrFord: false, engaged: false, preparedLossIgnored: false,
};

/** "15:00" for turn `turn` (DRAM §1: one turn is one hour). */
export function clockOf(state: Pick<DramState, 'clock'>, turn: number): string {
  const m = state.clock.start + (turn - 1) * state.clock.turnMinutes;
  return `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Stands still in play. */
export const liveStands = (s: DramState): Stand[] => Object.values(s.stands).filter((x) => x.onTable && !x.removed);
export const presentGenerals = (s: DramState): General[] => Object.values(s.generals).filter((g) => g.status === 'present');

/** Corps grouped by initiative rank, in move order: consecutive corps with the same die move in one window. */
export function rankGroups(s: Pick<DramState, 'moveSequence' | 'initiative'>): string[][] {
  const groups: string[][] = [];
  for (const c of s.moveSequence) {
    const last = groups[groups.length - 1];
    if (last && s.initiative[last[0]!] === s.initiative[c]) last.push(c);
    else groups.push([c]);
  }
  return groups;
}
