import type { GameEvent } from '../../events';
import type { AttackDirection, ControlClass, Position, UnitKind } from '../tables/vocabulary';

/**
 * The small typed inputs of the B&P dice procedures. They carry only what a roll reads — no game
 * state, no positions — so the battalion/state layer builds them from its own records. Geometry
 * (who is in range, in front, touched by the stick, in the canister triangle, within 4" of a
 * command figure) is the caller's; the procedures take its answers.
 */

/** What every procedure returns: the rules' decision and the events that explain it. */
export interface Procedure<R> {
  readonly result: R;
  readonly events: GameEvent[];
}

/** A unit as a morale test or melee reads it. */
export interface BpUnitInput extends UnitKind {
  /** Display name, used as the roll's subject. */
  readonly name: string;
  /** Figures present (L12: 12 per battalion, 8 per regiment, 4 crew per gun). */
  readonly figures: number;
  /** Levies, militia, landwehr, poor morale (optional rule L208; counts only with `optional.greenTroops`). */
  readonly green?: boolean;
  /** Run through by routers (L167): −1 on morale, melee and fire. */
  readonly disrupted?: boolean;
  /** A command figure is within 4" (L202; ignored in skirmish order, or with `optional.commandFigures` off). */
  readonly commandWithin4?: boolean;
}

/** One volley or skirmish fire (L73-91). */
export interface VolleyInput {
  readonly firer: string;
  readonly target: string;
  /** Figures firing: the front rank only (L73; see `firingFigures`). */
  readonly figures: number;
  /** Fires as skirmishers (L91: −2): skirmish order, a loose line (L73), an isolated stand (L65). */
  readonly skirmish?: boolean;
  /** The target's position (L86-87): uphill/in a wood → defended; > 1 contour / breastwork → strong. */
  readonly targetPosition?: Position;
  readonly disrupted?: boolean;
  readonly green?: boolean;
  /** Return fire in the opponent's move (L131), for the narrative. */
  readonly returnFire?: boolean;
}

/** One stand an artillery shot reaches: touched by the stick (L93) or inside the canister triangle (L99). */
export interface ArtilleryTargetStand {
  readonly stand: string;
  /** Its figures (for canister and figure-by-figure round shot, HR B-7). */
  readonly figures: number;
  /** Its position (L101); round shot reads it only with HR B-8. */
  readonly position?: Position;
}

/** One battery's round shot (L93) or canister (L99-101). */
export interface ArtilleryFireInput {
  readonly battery: string;
  /** Crew figures left (L97: fewer than 3 cannot fire). */
  readonly crew: number;
  /** Distance to the target in inches, when the caller measured it (checked against L79-82). */
  readonly inches?: number;
  /** For round shot: at most four ranks deep (L93), front to back. */
  readonly targets: readonly ArtilleryTargetStand[];
}

/** Why a unit tests morale. */
export type MoraleReason =
  /** L109: the unit receiving a charge. */
  | 'charged'
  /** L125: a charger that was fired upon, to charge home. */
  | 'charger-fired-upon';

/** One morale test (L109, L117, L125, L137-155, L175). */
export interface MoraleInput {
  readonly unit: BpUnitInput;
  readonly reason: MoraleReason;
  /** For `charged`: where the charge comes from (L117: flank or rear −3). */
  readonly chargedFrom?: AttackDirection;
  /** For `charged`: the charger is cavalry (L175: a square routs only on 2-3). */
  readonly chargedByCavalry?: boolean;
  /** The defender's position (L150-155); whose roll it helps is HR B-4 (`terrain.bonusTo`). */
  readonly defenderPosition?: Position;
}

/** One melee (L127-135, L175). */
export interface MeleeInput {
  readonly attacker: BpUnitInput;
  readonly defender: BpUnitInput;
  /** Where the attacker struck (L117: flank or rear +3 points per attacking figure). */
  readonly direction?: AttackDirection;
  /** The defender's position (L150-155; HR B-4). */
  readonly defenderPosition?: Position;
  /**
   * Other units in the same melee (L107 "Units up to a depth of four ranks can be included in a
   * melee so long as the stands are touching"; L157-163): their figures add their points to
   * their side's; each attacker keeps its own direction (L117). The side's die and its modifiers
   * are the lead unit's (`attacker`, `defender`).
   */
  readonly attackerSupports?: readonly { readonly unit: BpUnitInput; readonly direction?: AttackDirection }[];
  readonly defenderSupports?: readonly { readonly unit: BpUnitInput }[];
}

/** Fire at or from a building (L181-183). */
export interface BuildingFireInput {
  readonly firer: string;
  /** The building's defending stand fires (L181, ≥ 8), or an attacking stand fires into it (L183, ≥ 9). */
  readonly role: 'defender' | 'attacker';
  /** Existing casualties on the firing stand (−1 each). */
  readonly firerCasualties: number;
  readonly target: string;
  readonly disrupted?: boolean;
  readonly green?: boolean;
}

/** A melee against a building (L185-198). */
export interface BuildingMeleeInput {
  readonly building: string;
  /** The defending stand (L179: one per building). */
  readonly defender: { readonly stand: string; readonly figures: number; readonly casualties: number };
  /** 1-4 attacking stands, one per side (L185), in the order they roll. */
  readonly attackers: readonly { readonly stand: string; readonly figures: number; readonly disrupted?: boolean; readonly green?: boolean }[];
}

/** A fire or assault on a stand with a command figure (L202). */
export interface CommandFigureKillInput {
  readonly commander: string;
  /** Who fired or assaulted, for the narrative. */
  readonly by: string;
}

/** The optional Control roll at the start of a unit's move (L206). */
export interface ControlInput {
  readonly unit: string;
  readonly controlClass: ControlClass;
  /** Game turn, from 1. */
  readonly turn: number;
  /** With `control.bSchedule: even-turns-carry`: the result of the previous (even) turn's roll. */
  readonly previousBResult?: 'full' | 'half';
}
