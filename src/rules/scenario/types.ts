import type { Landmark, Point, TableSize, TerrainFeature } from '../geometry/types';
import type { Arm, GeneralLevel, GunWeight, Grade, OfficerCorps, RulesetId, UnitFormation } from './vocabulary';

/**
 * A scenario as the rules core receives it: validated, every reference resolved, every place
 * turned into a point. Ruleset-independent; each ruleset's `scenario.prepare` (contract.ts)
 * reads the `rules` blocks and `rulings` with its own schema.
 */
export interface Scenario {
  readonly meta: ScenarioMeta;
  readonly map: ScenarioMap;
  readonly sides: readonly ScenarioSide[];
  /** One order of battle per side, keyed by side id. */
  readonly orderOfBattle: Readonly<Record<string, OrderOfBattle>>;
  /** Pieces on the table at the start (generals and units); off-table pieces are in `reinforcements`. */
  readonly deployment: readonly Deployment[];
  readonly reinforcements: readonly Reinforcement[];
  readonly victory: Victory;
  /** Ruling overrides for this scenario (DIGEST HR keys); the ruleset validates them. */
  readonly rulings: Readonly<Record<string, unknown>>;
}

/** Who, when, where from, and how big a turn is. */
export interface ScenarioMeta {
  /** Matches the file name: assets/scenarios/<ruleset>/<id>.yaml. */
  readonly id: string;
  readonly name: string;
  /** ISO date of the battle (or of the fiction). */
  readonly date: string;
  readonly ruleset: RulesetId;
  /** A historical scenario must name its sources. */
  readonly historical: boolean;
  readonly description: string;
  readonly sources: readonly string[];
  readonly scale: Scale;
  readonly turnMinutes: number;
  /** Clock time of turn 1, "14:30". */
  readonly firstTurn: string;
  readonly turns: number;
}

/** Table scale: at least one of the two; DRAM §1 is 6 in = 1 mile, NW 1 in = 100 yd. */
export interface Scale {
  readonly inchesPerMile?: number;
  readonly yardsPerInch?: number;
}

/** The table, its reference grid, terrain and named places. */
export interface ScenarioMap {
  readonly table: TableSize;
  /** Side of a reference-grid cell in inches (grid.ts). */
  readonly gridCell: number;
  readonly terrain: readonly TerrainFeature[];
  readonly landmarks: readonly Landmark[];
}

/** A side of the battle. */
export interface ScenarioSide {
  readonly id: string;
  readonly name: string;
  /** "#rrggbb", lower case. */
  readonly colour: string;
  /** General id of the army commander. */
  readonly commander: string;
}

/** One side's army: its generals, optional wings, and corps of units. */
export interface OrderOfBattle {
  /** "Armée du Nord". */
  readonly army: string;
  readonly generals: readonly General[];
  readonly wings: readonly Wing[];
  /** Optional brigades (battalion games): units name theirs with `brigade`. DRAM and NW use none. */
  readonly brigades?: readonly Brigade[];
  readonly corps: readonly Corps[];
}

/** A brigade: a brigade-level general over some units of a corps (B&P: a brigadier's command figure, L200). */
export interface Brigade {
  readonly id: string;
  readonly name: string;
  readonly general: string;
  readonly note?: string;
}

/** A commander. `rules` holds the ruleset's ratings (DRAM: `cr`, `ap`; DRAM §6). */
export interface General {
  readonly id: string;
  readonly name: string;
  readonly level: GeneralLevel;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly note?: string;
}

/** A wing: a higher general over several corps. */
export interface Wing {
  readonly id: string;
  readonly name: string;
  readonly general: string;
}

/** A corps: a general and the units (DRAM: division stands) he commands. */
export interface Corps {
  readonly id: string;
  readonly name: string;
  readonly general: string;
  readonly wing?: string;
  readonly divisions: readonly Unit[];
}

/** A unit on the table (DRAM: a division stand, DRAM §1). */
export interface Unit {
  readonly id: string;
  readonly name: string;
  readonly arm: Arm;
  readonly strength: Strength;
  /** Stands of a unit counted in figures (B&P L12), when the author gives them. */
  readonly stands?: number;
  /** Starting formation of a unit of several stands. */
  readonly formation?: UnitFormation;
  readonly rules: Readonly<Record<string, unknown>>;
  /** Its brigade's id, when the order of battle has brigades. */
  readonly brigade?: string;
  readonly note?: string;
}

/** Strength as the author gave it: strength points outright, the history DRAM §10 turns into SP, or figures (B&P L12). */
export type Strength =
  | { readonly kind: 'sp'; readonly sp: number }
  | { readonly kind: 'figures'; readonly figures: number }
  | {
      readonly kind: 'historical';
      readonly composition: Composition;
      readonly grade: Grade;
      readonly officers: OfficerCorps;
      /** Absent when the unit has no guns. */
      readonly gunWeight?: GunWeight;
    };

/** Men and guns (DRAM §10: SP per 2000 infantry, 1000 light cavalry, 750 heavy cavalry, 12 guns). */
export interface Composition {
  readonly infantry: number;
  readonly lightCavalry: number;
  readonly heavyCavalry: number;
  readonly guns: number;
}

/** A piece (unit or general) on the table at the start. */
export interface Deployment {
  readonly piece: string;
  readonly kind: 'unit' | 'general';
  readonly at: Point;
  /** Compass degrees, 0 = north, clockwise. */
  readonly facing: number;
  /** The ruleset's starting order (DRAM: D, R, A or M); units only. */
  readonly order?: string;
  /** The landmark or grid reference the author wrote, when not coordinates. */
  readonly place?: string;
}

/** Pieces that enter the table on a given turn. */
export interface Reinforcement {
  readonly units: readonly string[];
  readonly generals: readonly string[];
  readonly turn: number;
  readonly at: Point;
  readonly facing: number;
  readonly order?: string;
  readonly place?: string;
  /** "Only if the French player has not sent d'Erlon away": for the umpire. */
  readonly condition?: string;
}

/** How the game is won, lost or drawn. */
export interface Victory {
  readonly objectives: readonly Objective[];
  readonly collapse: readonly Collapse[];
  readonly draw: DrawRule;
}

/** A place a side must hold at the end; holding it scores `points`. */
export interface Objective {
  readonly id: string;
  readonly name: string;
  /** A side id, or 'any': whoever holds it scores. */
  readonly side: string;
  readonly points: number;
  readonly target: ObjectiveTarget;
}

/** An objective is a landmark with a radius, or a terrain area. */
export type ObjectiveTarget =
  | { readonly kind: 'landmark'; readonly landmark: string; readonly at: Point; readonly radius: number }
  | { readonly kind: 'area'; readonly feature: string };

/** A side loses at once when this share of its stands is gone. */
export interface Collapse {
  readonly side: string;
  /** 1-100: percentage of the side's stands (reinforcements included) removed. */
  readonly standsLostPercent: number;
}

/** After the last turn with no collapse: a draw when the points differ by no more than `margin`. */
export interface DrawRule {
  readonly margin: number;
  readonly note?: string;
}
