import type { GameEvent } from '../../events';
import type { AttackValue, Cover, Formation, GeneralLevel, Nation, TroopClass, TroopHandling, UnitType } from '../tables/vocabulary';

/**
 * The small typed inputs of the Kuryakin dice procedures. They carry only what a roll reads — no
 * positions — so the state layer builds them from its records. Geometry (within 150 mm of the
 * brigadier, within 300 mm, range band, who is in the front rank) is the caller's; the procedures
 * take its answers.
 */

/** What every procedure returns: the rules' decision and the events that explain it. */
export interface Procedure<R> {
  readonly result: R;
  readonly events: GameEvent[];
}

/** L29 (optional): one special figure. Absent = the unit has none, which counts as dead (L29 "their absence gives certain negative modifiers"). */
export interface SpecialState {
  readonly alive: boolean;
  /** Officers must be in the front rank (L29), the standard at the front for melee; musicians anywhere. */
  readonly front?: boolean;
}

/** A unit's special figures (L29). */
export interface Specials {
  readonly officer?: SpecialState;
  readonly musician?: SpecialState;
  readonly standard?: SpecialState;
}

/** A unit as the procedures read it. */
export interface SoloUnitInput {
  /** Display name, used as the roll's subject. */
  readonly name: string;
  readonly type: UnitType;
  readonly class: TroopClass;
  readonly formation: Formation;
  /** Figures present (L3: 1:40; crew figures for a battery, L14). */
  readonly figures: number;
  /** 'D' chits (L10-11). */
  readonly disorder: number;
  readonly nation: Nation;
  /** Guards (artillery +1, L16). */
  readonly guards?: boolean;
  /** Fully armoured cuirassiers save better (L18, L20): type 'cuirassier'. */
  readonly specials?: Specials;
}

/** A general's ratings (L3-7). */
export interface GeneralInput {
  readonly name: string;
  readonly level: GeneralLevel;
  readonly th: TroopHandling;
  readonly av: AttackValue;
  /** The Control Rating grade: the D8 must come under it (L6; placeholder table K-1). */
  readonly grade: number;
  readonly nation: Nation;
}

/** Where a target or defender stands. */
export interface CoverInput {
  readonly cover?: Cover;
}
