import { clockAt } from '../scenario/clock';
import type { RolledDice } from '../../dice/dice';
import type { RetreatOrder, RetreatWay } from './phases/retreat';
import type { Seat } from '../contract';
import type { BaseSize, Point, Pose } from '../geometry/types';
import type { ScenarioMap, ScenarioSide } from '../scenario/types';
import type { NwSettings } from './settings';
import { hinderedCommandRange } from './tables/leaders';
import { MOVE_DISTANCES } from './tables/terrain';
import type { FatigueLevels } from './tables/fatigue';
import { infantryCategory, type MovementCategory } from './tables/maneuver';
import type {
  ArtilleryCondition, ArtilleryKind, CavalryWeight, FatigueState, Ground, GunWeight, MoraleLevel, MoveFraction, Nationality, Quality, Skill, SkValue, Status, Weather,
} from './tables/vocabulary';

/**
 * An NW game, whole and JSON-serialisable (DIGEST §1(c)): plain data, never mutated; every
 * phase returns a new state. Labels are kept as printed (labels.ts) next to the fields read
 * from them, so the board can show them and a reload never has to re-parse.
 */
export interface NwState {
  readonly v: 1;
  readonly scenario: { readonly id: string; readonly name: string };
  readonly settings: NwSettings;
  /** 1-based; the game ends after `lastTurn`'s rally phase. */
  readonly turn: number;
  readonly lastTurn: number;
  /**
   * The year of the battle, from the scenario's `meta.date` (null if unknown): the Movement
   * Allowance Chart's allied fast-infantry years (chart L655-657; NAT-3).
   */
  readonly year: number | null;
  /** Where in the NW §5.0 sequence the game stands (L59-69). */
  readonly phase: NwPhase;
  /**
   * Player-turns 1 and 2 run phases skirmish…combat (§5.0 L61-67); null in initiative and
   * rally, which belong to the whole game turn.
   */
  readonly playerTurn: 1 | 2 | null;
  /** Side whose player-turn it is; null in initiative and rally. */
  readonly phasing: string | null;
  /** This turn's initiative: who won, and the side he chose to go first (§6.0 L71-77); null until rolled. */
  readonly initiative: { readonly winner: string; readonly first: string } | null;
  /** Minutes after midnight of turn 1, and minutes per turn (NW §1.2: 30 minutes). */
  readonly clock: { readonly start: number; readonly turnMinutes: number };
  readonly map: NwMap;
  readonly sides: readonly NwSide[];
  /** One army per side, keyed by side id. */
  readonly armies: Readonly<Record<string, NwArmy>>;
  /** Corps and wing commanders (Ch.II §3.1-3.2), by id. */
  readonly commanders: Readonly<Record<string, NwCommander>>;
  /** Generals and ADCs (NW §2.0 L38, Ch.II §3.3), by id. */
  readonly generals: Readonly<Record<string, NwGeneral>>;
  /** Commands (corps, cavalry corps, wings) with their fatigue flag (Ch.II §4.0), by id. */
  readonly commands: Readonly<Record<string, NwCommand>>;
  /** Infantry and cavalry brigades (NW §2.0 L33-37), by id. */
  readonly units: Readonly<Record<string, NwUnit>>;
  /** Batteries (NW §2.0 L31), by id. */
  readonly batteries: Readonly<Record<string, NwBattery>>;
  readonly seats: readonly Seat[];
  readonly reinforcements: readonly NwReinforcement[];
  readonly victory: NwVictory;
  /** Set when the game is over. */
  readonly ended: { readonly winner: string | null; readonly summary: string } | null;
  /** What happened so far in this player-turn that later phases read (§9.2, §10.0, §9.5 n6). */
  readonly log: NwPlayerTurnLog;
  /** Units that moved with the road bonus last player-turn: "vulnerable" in the next fire phases (§9.5 note 6 L300). */
  readonly vulnerable: readonly string[];
  /**
   * Units that used road movement in their side's last maneuver phase (chart L789-790: a defender
   * "used road movement in his last maneuver phase"); each maneuver phase replaces its side's.
   * Absent in states saved before it was kept.
   */
  readonly roadMarched?: readonly string[];
}

/**
 * One player-turn's record, reset when its skirmish phase opens (`EMPTY_LOG`). Plain data, so a
 * reload or a replay reads exactly what the phases wrote.
 */
export interface NwPlayerTurnLog {
  /** Batteries that fired in this player-turn's artillery phase: foot artillery moves at ½ (§9.2 L258-260). */
  readonly fired: readonly string[];
  /** Maneuver Table results by unit or battery id (§9.0 C): binding once rolled. */
  readonly rolls: Readonly<Record<string, NwManeuverGrant>>;
  /** Units, batteries and officers that moved in the maneuver phase, in the order they moved (§10.0 L347). */
  readonly moved: readonly string[];
  /** Contacts made in the maneuver phase: attacker id → defender id (§9.91-9.93; reaction §10.1). */
  readonly contacts: Readonly<Record<string, string>>;
  /** Units that moved entirely along a road with the bonus (§9.5 note 6 L300). */
  readonly roadBonus: readonly string[];
  /** Cavalry that failed or declined to react and so meets a charge "at the halt" (HR N-19). */
  readonly atTheHalt: readonly string[];
  /** Cavalry that rolled for reaction this player-turn (one attempt each, §10.1 L355). */
  readonly reacted: readonly string[];
  /** Cavalry that countercharged, with the unit it met (HR N-19: with `reaction.counterchargeAttacker: reacting` it attacks in that combat). */
  readonly countercharged?: Readonly<Record<string, string>>;
  /** Brigades that lost s.p. in this player-turn's skirmish or artillery fire: disordered, they fight at −2 (§11.2.1 L383). */
  readonly fireLoss?: readonly string[];
  /** The phasing player's combat choices posted before the combat phase (dominant attacker, advances; §11.0.1, §11.5). */
  readonly combat?: {
    readonly primary: Readonly<Record<string, string>>;
    readonly advance: Readonly<Record<string, boolean>>;
    /** RC-1: the ways chosen (or defaulted) in this combat phase's retreat windows, by brigade id. */
    readonly retreat?: Readonly<Record<string, 'left' | 'right'>>;
  };
  /**
   * RC-1: the combat phase is waiting for the owner of `unit` to choose its way back. The phase is
   * resolved again from its start with the same dice (`rolls`, as rolled) and the ways chosen so
   * far; the first `shown` events were posted when it stopped.
   */
  readonly retreatWay?: NwRetreatWait;
}

/**
 * RC-1: a phase stopped for a retreat's way (log.retreatWay): the combat phase (C8), the artillery
 * phase (PH-16) or a move's final fire in the maneuver phase (PH-17).
 */
export interface NwRetreatWait {
  readonly unit: string;
  readonly side: string;
  readonly shown: number;
  readonly rolls: readonly RolledDice[];
  /** Artillery phase: the target each battery fired at (the window's orders, resolved), fired again as they were. */
  readonly fire?: Readonly<Record<string, string>>;
  /** Artillery phase: the ways chosen in its earlier retreat windows, by piece id. */
  readonly ways?: Readonly<Record<string, RetreatWay>>;
  /** Final fire (maneuver phase): the retreat itself, made when the window resolves; nothing is resolved again. */
  readonly order?: RetreatOrder;
}

/** A Maneuver Table result as the unit carries it through its move (§9.0 C, §9.1). */
export interface NwManeuverGrant {
  /** 2d6 before and after modifiers. */
  readonly natural: number;
  readonly total: number;
  /** Fraction of the allowance granted (hold = 0). */
  readonly fraction: MoveFraction;
  /** Inches it may spend this phase (0 on hold). */
  readonly inches: number;
  /** A disordered unit re-ordered by the roll. */
  readonly reorders: boolean;
  /** Inches it had to fall back on a disordered "retreat ½ move" (null otherwise). */
  readonly retreatInches: number | null;
}

export const EMPTY_LOG: NwPlayerTurnLog = { fired: [], rolls: {}, moved: [], contacts: {}, roadBonus: [], atTheHalt: [], reacted: [] };

/**
 * The phases as the engine walks them: NW §5.0 (L59-69; tables/sequence.ts) with phases 2-6
 * run once per player-turn, then rally; 'ended' after the last turn.
 */
export const NW_PHASES = ['initiative', 'skirmish', 'artillery', 'maneuver', 'reaction', 'combat', 'rally', 'ended'] as const;
export type NwPhase = (typeof NW_PHASES)[number];
/** The phases played once per player-turn (§5.0 L61-67). */
export const PLAYER_TURN_PHASES = ['skirmish', 'artillery', 'maneuver', 'reaction', 'combat'] as const satisfies readonly NwPhase[];

/** The scenario's map, with NW's ground scale (§1.2 L19: 1" = 100 yd). */
export interface NwMap extends ScenarioMap {
  readonly yardsPerInch: number;
}

/** A side as the state keeps it (the scenario's side without its commander id: NW reads the CinC from `armies`). */
export type NwSide = Pick<ScenarioSide, 'id' | 'name' | 'colour'>;

/** One side's army: its CinC, morale level and army-wide flags. */
export interface NwArmy {
  readonly side: string;
  readonly name: string;
  readonly cinc: NwCinC;
  /** The army's Morale Level (Ch.II §4.0 L583-591); a command may override it. */
  readonly morale: MoraleLevel;
  /**
   * The army's nationality (the CinC's `rules: { nation: french }`; 'other' when the scenario
   * gives none): movement allowances (chart L655-657), national fire (chart L742-745) and combat
   * modifiers (chart L780-788). A brigade or battery of another nation carries its own (NAT-1, `nationOf`).
   */
  readonly nation: Nationality;
  /**
   * A minor ally's patron (`rules: { alliedTo: french }`): its infantry moves 10" from the
   * chart's year (British allied 1811+, French allied 1809+; chart L655-657; NAT-3). Absent = none.
   */
  readonly alliedTo?: 'british' | 'french' | null;
  /** Army fatigue reached (Ch.II §4.0 L593-598): the army is broken. */
  readonly broken: boolean;
  /** Napoleon's once-per-game initiative re-roll has been used (§6.0 L77; NT-21). */
  readonly napoleonRerollSpent: boolean;
  /** His player has called the re-roll for the next initiative roll, should he lose it (WN-4). */
  readonly napoleonRerollCalled?: boolean;
}

/** The army commander (NW §2.0 L41, Ch.II §3.1 L539-549). */
export interface NwCinC {
  readonly id: string;
  readonly name: string;
  /** As printed, `Napoleon,E,+4`. */
  readonly label: string;
  readonly skill: Skill;
  readonly isNapoleon: boolean;
  /** Presence ("influence") bonus, `presenceBonus(skill, isNapoleon)`. */
  readonly presence: number;
  readonly pose: Pose;
  readonly onTable: boolean;
  /** Set up on the map and in command at the start: a condition of Napoleon's re-roll (NT-21). */
  readonly startedOnMap: boolean;
}

/** A commander's standing (§11.7 L419-425): in command, or lost and waiting for his replacement. */
export const COMMANDER_STATUSES = ['in-command', 'awaiting-replacement'] as const;
export type CommanderStatus = (typeof COMMANDER_STATUSES)[number];

/** A corps or wing commander (NW §2.0 L40, Ch.II §3.1-3.2). */
export interface NwCommander {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** As printed, `Ney (V), III Corp, G,14"`. */
  readonly label: string;
  /** The command he leads (a key of `NwState.commands`). */
  readonly command: string;
  readonly skill: Skill;
  /** "Bravest of the Brave" (Ch.II §3.2 L569). */
  readonly valorous: boolean;
  /** Command range in inches, a multiple of ½" (Ch.II §3.1 L553-555; NT-3). */
  readonly rangeInches: number;
  /** The range formula's base, the floor for a replacement's −2" (§11.7 L423); null if the scenario gives none. */
  readonly baseRangeInches: number | null;
  readonly status: CommanderStatus;
  /** Awaiting replacement: the turn whose initiative phase brings him (`replacementArrivalTurn`). */
  readonly replacementTurn: number | null;
  /** This is a replacement (one skill lower, no V, −2"; §11.7 L421-423). */
  readonly replacement: boolean;
  readonly pose: Pose;
  readonly onTable: boolean;
  /** The unit he has attached himself to, if any. */
  readonly attachedTo: string | null;
}

/** A general or ADC (NW §2.0 L38): attaches to a unit to steady it. */
export interface NwGeneral {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** As printed, `ADC` or `1/IV Corps`. */
  readonly label: string;
  readonly kind: 'adc' | 'division' | 'brigade';
  /** The command he belongs to; null for an ADC (army-wide). */
  readonly command: string | null;
  readonly pose: Pose;
  readonly onTable: boolean;
  /** Killed or captured (§7.9 L138, §8 natural 12, §11.7). */
  readonly lost: boolean;
  readonly attachedTo: string | null;
}

/** A corps (or cavalry corps, or wing): the unit of command fatigue (Ch.II §4.0). */
export interface NwCommand {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly commander: string;
  /** Morale Level for its fatigue (Ch.II §4.0 L583-591): the army's unless overridden. */
  readonly morale: MoraleLevel;
  readonly units: readonly string[];
  readonly batteries: readonly string[];
  /** Command fatigue reached (the red flag, raised once; NT-36). */
  readonly fatigued: boolean;
}

/** An infantry or cavalry brigade (NW §2.0 L33-37). */
export interface NwUnit {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly command: string;
  /** As printed, `1B/1/IV SK1 7/5/3 Vet`. */
  readonly label: string;
  readonly brigade: number;
  readonly division: number;
  /** Corps number from the label's Roman numeral. */
  readonly corps: number;
  readonly cavalryCorps: boolean;
  readonly arm: 'infantry' | 'cavalry';
  /** Cavalry weight; null for infantry (NT-12). */
  readonly weight: CavalryWeight | null;
  readonly sk: SkValue;
  /** `(MX)`: infantry with attached cavalry (Ch.II §2.4). */
  readonly mixed: boolean;
  readonly quality: Quality;
  /** Fresh/worn/spent s.p. levels (Ch.II §2.6 L500-519). */
  readonly levels: FatigueLevels;
  /** s.p. at the start (= `levels.fresh`) and now. */
  readonly spStart: number;
  readonly sp: number;
  readonly status: Status;
  /** `fatigueState(sp, levels)`, kept so that the board and the procedures read it alike. */
  readonly fatigue: FatigueState;
  /** Cossacks and other irregular cavalry (NT-32). */
  readonly irregularCavalry: boolean;
  /** Armoured cavalry (cuirassiers; the scenario's `rules: { armoured: true }`): its enemies fight at −1 (chart L786). */
  readonly armoured?: boolean;
  /** NAT-1: the brigade's own nationality (`rules: { nation: … }`), when it differs from its army's; absent = the army's. */
  readonly nation?: Nationality;
  /** NAT-1, NAT-3: a brigade of its own nation allied to British or French (`rules: { alliedTo: … }`). */
  readonly alliedTo?: 'british' | 'french';
  readonly pose: Pose;
  readonly base: BaseSize;
  readonly onTable: boolean;
  /** Eliminated, surrendered or routed off the table. */
  readonly removed: boolean;
  readonly routedOffTable: boolean;
  /** A general, commander or CinC attached to it. */
  readonly attachedGeneral: string | null;
  /** An attached battery (Ch.II §2.5 L494-498). */
  readonly attachedBattery: string | null;
}

/** A battery (NW §2.0 L31). */
export interface NwBattery {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly command: string;
  /** As printed, `IV Corp, 6 lb, Horse`. */
  readonly label: string;
  /** Calibre; null when the label gives the class (NT-19). */
  readonly pounds: number | null;
  readonly weight: GunWeight;
  readonly kind: ArtilleryKind;
  readonly condition: ArtilleryCondition;
  readonly pose: Pose;
  readonly base: BaseSize;
  readonly onTable: boolean;
  readonly removed: boolean;
  /** The brigade it is attached to (Ch.II §2.5), if any. */
  readonly attachedTo: string | null;
  /**
   * Optional rules §3.0-4.0 (L620-626): a howitzer or rocket battery (`rules: { special: rocket }`).
   * It acts as such only while its setting (`optional.howitzers`, `optional.rockets`) is on;
   * otherwise it is an ordinary battery of its label (OPT-1). Absent = null.
   */
  readonly special?: BatterySpecial | null;
  /** §9.2 L260: French Old Guard foot artillery, which keeps its full move after firing (`rules: { oldGuard: true }`). Absent = false. */
  readonly oldGuard?: boolean;
  /** NAT-1: the battery's own nationality (`rules: { nation: … }`); absent = its army's. */
  readonly nation?: Nationality;
}

/** The optional special batteries (Optional §3.0 L620-622, §4.0 L624-626). */
export const BATTERY_SPECIALS = ['howitzer', 'rocket'] as const;
export type BatterySpecial = (typeof BATTERY_SPECIALS)[number];

export interface NwReinforcement {
  readonly turn: number;
  /** Ids of units, batteries, commanders, generals and CinCs. */
  readonly pieces: readonly string[];
  readonly at: Point;
  readonly facing: number;
  readonly condition?: string;
}

export interface NwVictory {
  readonly objectives: readonly { readonly name: string; readonly at: Point; readonly radius: number; readonly side: string; readonly points: number }[];
  readonly drawMargin: number;
}

/** "15:30" for turn `turn` (NW §1.2: 30 minutes a turn). */
export function nwClockOf(state: Pick<NwState, 'clock'>, turn: number): string {
  return clockAt(state.clock.start, state.clock.turnMinutes, turn);
}

const live = <T extends { onTable: boolean; removed: boolean }>(x: T): boolean => x.onTable && !x.removed;

/** Brigades still in play; of one side when `side` is given. */
export const liveUnits = (s: NwState, side?: string): NwUnit[] =>
  Object.values(s.units).filter((u) => live(u) && (side === undefined || u.side === side));
/** Batteries still in play; of one side when `side` is given. */
export const liveBatteries = (s: NwState, side?: string): NwBattery[] =>
  Object.values(s.batteries).filter((b) => live(b) && (side === undefined || b.side === side));
/** Every brigade of a side, removed ones included (fatigue counts losses). */
export const unitsOfSide = (s: NwState, side: string): NwUnit[] => Object.values(s.units).filter((u) => u.side === side);
/** Brigades of a command, in order of battle. */
export const unitsOfCommand = (s: NwState, command: string): NwUnit[] =>
  (s.commands[command]?.units ?? []).map((id) => s.units[id]).filter((u): u is NwUnit => u !== undefined);
/** The commander of a unit's command (null if it has none). */
export const commanderOf = (s: NwState, unit: string): NwCommander | null => {
  const cmd = s.commands[s.units[unit]?.command ?? s.batteries[unit]?.command ?? ''];
  return (cmd && s.commanders[cmd.commander]) ?? null;
};
/** The side's CinC. */
export const cincOf = (s: NwState, side: string): NwCinC | undefined => s.armies[side]?.cinc;
/** Commanders in command (not awaiting replacement) of a side. */
export const commandersInCommand = (s: NwState, side: string): NwCommander[] =>
  Object.values(s.commanders).filter((c) => c.side === side && c.status === 'in-command' && c.onTable);
/** Whose command a piece is in, and the piece's side: for unit, battery, commander or general ids. */
export const sideOf = (s: NwState, id: string): string | undefined =>
  s.units[id]?.side ?? s.batteries[id]?.side ?? s.commanders[id]?.side ?? s.generals[id]?.side
  ?? Object.values(s.armies).find((a) => a.cinc.id === id)?.side;
/** The other side (NW is a two-player game). */
export const enemyOf = (s: NwState, side: string): string | undefined => s.sides.find((x) => x.id !== side)?.id;
/** The battery attached to a brigade, if any. */
export const attachedBatteryOf = (s: NwState, unit: string): NwBattery | null => {
  const id = s.units[unit]?.attachedBattery;
  return id ? s.batteries[id] ?? null : null;
};

/**
 * Nationality by side id, from the armies (NAT-1): 'other' for a side whose scenario gives none
 * (or a state saved before nations were kept). Phases read this when their `opts.nations` is absent.
 */
export function nationsOf(s: Pick<NwState, 'armies'>): Record<string, Nationality> {
  return Object.fromEntries(Object.values(s.armies).map((a) => [a.side, a.nation ?? 'other']));
}

/** The nations a phase uses: the state's, overridden side by side by the caller's `nations` (NAT-2). */
export const phaseNations = (s: Pick<NwState, 'armies'>, given?: Readonly<Record<string, Nationality>>): Record<string, Nationality> =>
  ({ ...nationsOf(s), ...(given ?? {}) });

/**
 * NAT-1: a brigade's or battery's nationality — its own (the scenario's `nation:` on it), else its
 * army's, `given` overriding the army's side by side (NAT-2). Every national modifier reads this.
 */
export function nationOf(s: Pick<NwState, 'armies'>, p: { readonly side: string; readonly nation?: Nationality }, given?: Readonly<Record<string, Nationality>>): Nationality {
  return p.nation ?? given?.[p.side] ?? s.armies[p.side]?.nation ?? 'other';
}

/**
 * A brigade's infantry row of the Movement Allowance Chart (chart L655-658), NAT-1: a brigade
 * with its own nation moves by that nation and its own `alliedTo`; any other by its army's.
 */
export function infantryCategoryOfUnit(s: Pick<NwState, 'armies' | 'year'>, u: Pick<NwUnit, 'side' | 'nation' | 'alliedTo'>, given?: Readonly<Record<string, Nationality>>): MovementCategory {
  if (u.nation === undefined) return infantryCategoryOf(s, u.side, given?.[u.side]);
  const year = s.year ?? null;
  return year === null ? infantryCategory(u.nation, 0) : infantryCategory(u.nation, year, u.alliedTo);
}

/**
 * A side's infantry row of the Movement Allowance Chart (chart L655-658): its nation, its patron
 * if a minor ally, and the battle's year (NAT-3: no year → the allied rows do not apply).
 */
export function infantryCategoryOf(s: Pick<NwState, 'armies' | 'year'>, side: string, nation?: Nationality): MovementCategory {
  const army = s.armies[side];
  const n = nation ?? army?.nation ?? 'other';
  const ally = army?.alliedTo ?? undefined;
  const year = s.year ?? null;
  return year === null ? infantryCategory(n, 0) : infantryCategory(n, year, ally);
}

/**
 * The special a battery acts as now: its `special` while the matching optional rule is on
 * (`optional.howitzers`, `optional.rockets`), else null — an ordinary battery of its label (OPT-1).
 */
export function activeSpecial(s: Pick<NwState, 'settings'>, b: Pick<NwBattery, 'special'>): BatterySpecial | null {
  if (b.special === 'howitzer' && s.settings.optional.howitzers) return 'howitzer';
  if (b.special === 'rocket' && s.settings.optional.rockets) return 'rocket';
  return null;
}

/** The weather, ground and twilight of the turn being played. */
export interface NwBattlefieldNow {
  readonly weather: Weather;
  readonly ground: Ground;
  readonly twilight: boolean;
}

/**
 * This turn's battlefield (NT-41, WX-1): the battle's weather and ground, then every scenario
 * change whose `fromTurn` has come, in turn order (a later entry overrides an earlier one).
 */
export function battlefieldNow(s: Pick<NwState, 'settings' | 'turn'>): NwBattlefieldNow {
  const bf = s.settings.battlefield;
  let now: NwBattlefieldNow = { weather: bf.weather, ground: bf.ground, twilight: false };
  const due = (bf.changes ?? []).filter((c) => c.fromTurn <= s.turn).sort((a, b) => a.fromTurn - b.fromTurn);
  for (const c of due) now = { weather: c.weather ?? now.weather, ground: c.ground ?? now.ground, twilight: c.twilight ?? now.twilight };
  return now;
}

/** §9.51 L309: hindrances to visibility this turn, "such as fog or twilight", each counted (WX-1). */
export const visibilityHindrances = (s: Pick<NwState, 'settings' | 'turn'>): number => {
  const now = battlefieldNow(s);
  return (now.weather === 'fog' ? 1 : 0) + (now.twilight ? 1 : 0);
};

/** §9.51 L309: how far units can see: 24", −6" "for each such occurrence". */
export const visibilityInches = (s: Pick<NwState, 'settings' | 'turn'>): number =>
  MOVE_DISTANCES.visibilityInches - MOVE_DISTANCES.visibilityPerHindranceInches * visibilityHindrances(s);

/** A commander's range now: −3" per visibility hindrance, never below his base (§9.51 L309). */
export const commandRangeNow = (s: Pick<NwState, 'settings' | 'turn'>, c: Pick<NwCommander, 'rangeInches' | 'baseRangeInches'>): number =>
  hinderedCommandRange(c.rangeInches, c.baseRangeInches ?? 0, visibilityHindrances(s));
