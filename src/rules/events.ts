import type { Modifier } from '../dice/entry';
import type { Point } from './geometry/types';

/**
 * What happened, as structured facts. The narrative post, the map's trails and markers, and
 * the audit all read these; nothing is inferred from prose. Every event names the rule it
 * applies (`rule: 'DRAM §8'`) so a rules lawyer can follow the resolution.
 */
export type GameEvent =
  | PhaseEvent
  | RollEvent
  | MoveEvent
  | OrderEvent
  | LossEvent
  | RemovedEvent
  | EngagementEvent
  | GeneralEvent
  | StatusEvent
  | NoteEvent;

/** A phase began or ended. */
export interface PhaseEvent {
  readonly kind: 'phase';
  readonly turn: number;
  readonly phase: string;
  readonly label: string;
}

/** Dice rolled, with every face, the modifiers and the table row the total hit. */
export interface RollEvent {
  readonly kind: 'roll';
  readonly rule: string;
  readonly purpose: string;
  /** Who the roll is for (a unit, a general, a corps, a side). */
  readonly subject: string;
  readonly expression: string;
  readonly faces: readonly number[];
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  readonly tableRow?: string;
  /** Audit reference when the dice were recorded: 'audit:42', or with the entry's anchor 'audit:42:<16 hex of its hash>'. */
  readonly ref?: string;
}

/** A unit or general moved: the map draws a trail from `from` through `path` to `to`. */
export interface MoveEvent {
  readonly kind: 'move';
  readonly rule: string;
  readonly unit: string;
  readonly from: Point;
  readonly to: Point;
  readonly path: readonly Point[];
  readonly facing?: number;
  /** Table inches of allowance used, and allowed. */
  readonly cost?: number;
  readonly allowance?: number;
  /** Why it stopped short, if it did ("contact with 1st Brigade", "allowance spent"). */
  readonly stopped?: string;
}

/** A unit's order or status chit changed (DRAM chits, NW disorder…). */
export interface OrderEvent {
  readonly kind: 'order';
  readonly rule: string;
  readonly unit: string;
  readonly from: string | null;
  readonly to: string;
  readonly reason: string;
  /** Who issued it, for chits. */
  readonly by?: string;
}

/** What a loss is counted in: strength points (DRAM, NW), figures (B&P, ANRT), hits or gun crew. */
export const LOSS_MEASURES = ['sp', 'figures', 'hits', 'crew'] as const;
/** The measure of a loss. */
export type LossMeasure = (typeof LOSS_MEASURES)[number];

/** Strength lost (or regained, when negative). */
export interface LossEvent {
  readonly kind: 'loss';
  readonly rule: string;
  readonly unit: string;
  readonly amount: number;
  /** What `amount` and `remaining` count; 'sp' when absent (DRAM, NW). */
  readonly measure?: LossMeasure;
  /** Strength left; absent where the reader may not know it (NW §3.0: s.p. are secret). */
  readonly remaining?: number;
  readonly cause: string;
}

/** A unit left the table. */
export interface RemovedEvent {
  readonly kind: 'removed';
  readonly rule: string;
  readonly unit: string;
  readonly at: Point;
  readonly reason: string;
}

/** A combat between units (the map draws smoke between them). */
export interface EngagementEvent {
  readonly kind: 'engagement';
  readonly rule: string;
  readonly id: string;
  /** Each side's dice pool: its SP plus the named modifiers. */
  readonly sides: readonly { readonly side: string; readonly units: readonly string[]; readonly dice: number; readonly modifiers: readonly Modifier[] }[];
  /** Artillery firing at range: one-way, drawn as a puff. */
  readonly bombardment?: boolean;
  /**
   * False where the fight has no SP dice pools to show (figure games such as B&P: each roll is
   * its own event with its own modifiers); the narrative then names only who fought.
   */
  readonly pools?: boolean;
  readonly at: Point;
}

/** Something happened to a general (wounded, fled, killed, replaced, promoted). */
export interface GeneralEvent {
  readonly kind: 'general';
  readonly rule: string;
  readonly general: string;
  readonly what: string;
  readonly detail: string;
}

/** A status flag changed (exhausted, no advance, disordered, routed…). */
export interface StatusEvent {
  readonly kind: 'status';
  readonly rule: string;
  readonly unit: string;
  readonly status: string;
  readonly on: boolean;
  readonly reason: string;
}

/** Anything else worth a line in the narrative. */
export interface NoteEvent {
  readonly kind: 'note';
  readonly rule?: string;
  readonly text: string;
}
