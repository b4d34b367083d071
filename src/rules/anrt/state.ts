import type { GmQuestion } from '../contract';
import type { Point } from '../geometry/types';
import type { ScenarioGameFrame } from '../scenario/game-frame';
import type { Victory } from '../scenario/types';
import type { AnrtSettings } from './settings';
import type { Arm, Gun, Mover, Nation, UnitClass, UnitSize } from './tables/vocabulary';

/**
 * An ANRT game, whole and JSON-serialisable: plain data, never mutated. The turn (§I L10-33):
 * initiative, then each side's phase (command pips, charges and moves, the other side's charge
 * responses, fire, melee, morale, cavalry recall, risk to generals). `step` says which window is
 * open; `ask` is a ruling the GM owes (a missing QRS cell, DIGEST A-1), with the dice already
 * thrown for the interrupted resolution kept in `memo` so the rerun throws nothing twice.
 */
export interface AnrtState extends ScenarioGameFrame<AnrtSettings> {
  readonly units: Readonly<Record<string, AnrtUnit>>;
  readonly generals: Readonly<Record<string, AnrtGeneral>>;
  readonly divisions: Readonly<Record<string, AnrtDivision>>;
  /** This turn's order: first mover, second mover (L12). */
  readonly order: readonly [string, string];
  /** The side that moved first last turn (a draw keeps it, L12). */
  readonly previousFirst: string | null;
  /** Index into `order` of the side's phase running. */
  readonly period: 0 | 1;
  readonly step: AnrtStep;
  /** The initiative winner, while he chooses (L12). */
  readonly chooser: string | null;
  /** Command pips of each division of the phasing side this phase (§VI L255-289). */
  readonly pips: Readonly<Record<string, number>>;
  /** How each pip total was made, for the roster and the narrative. */
  readonly pipTerms: Readonly<Record<string, readonly string[]>>;
  /** Opportunity charges and emergency squares made, by division: −1 pip each next phase (L325). */
  readonly opportunityDebt: Readonly<Record<string, number>>;
  /** Charges declared this phase, waiting for the other side's responses (§X). */
  readonly charges: readonly AnrtCharge[];
  /** Fire targets chosen this phase by their firers' players (§IX); a unit without one fires at the nearest (ANRT-T6). */
  readonly fireTargets: Readonly<Record<string, string>>;
  /** Moves ordered this phase, carried to the resolution after the responses. */
  readonly moves: readonly AnrtMove[];
  /** Units that changed formation this phase (L426: cavalry may opportunity charge a unit that "changes formation" in front of it, ANRT-O4); absent when none. */
  readonly reformed?: readonly string[];
  /** The GM's rulings by question id (ANRT-4), kept for the game. */
  readonly rulings: Readonly<Record<string, string>>;
  /** Reinforcements still off the table (ANRT-S1): they enter as their side's phase of `turn` opens. */
  readonly arrivals?: readonly AnrtArrival[];
  /** The ruling the GM owes now, with the interrupted resolution's thrown dice. */
  readonly ask: { readonly question: GmQuestion; readonly stage: 'open' | 'combat'; readonly memo: readonly (readonly number[])[]; readonly responses?: Readonly<Record<string, string>> } | null;
  /** The command step of the phase running (§I L17-23, §VI): the dice thrown, what each division adds, who is out of command. */
  readonly command?: AnrtCommand;
  /** The ADCs of the corps and army commanders (L258), each with its standing errand. */
  readonly adcs?: Readonly<Record<string, AnrtAdc>>;
  /** Attachments posted for the side's next phase (L234, ANRT-C12), by side. */
  readonly attachNext?: Readonly<Record<string, readonly AnrtAttach[]>>;
  /** Brigades declared regrouping in their side's next phase (L19, L285), by side. */
  readonly regroupNext?: Readonly<Record<string, readonly string[]>>;
  /** Standing `/pips pay` choices by side (ANRT-C11, C16): a corps-level unit or brigade → the division that pays its orders, until changed. */
  readonly payStanding?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Brigades whose brigadier fell since their side last moved: one pip at most in their following move (L274). */
  readonly brigadierFell?: Readonly<Record<string, true>>;
  /** Generals out of play, since when and why (§XIII L998-1015), until they return or are replaced (L278, L1015). */
  readonly fallen?: Readonly<Record<string, { readonly turn: number; readonly effect: 'incapacitated' | 'badly-wounded' | 'killed' }>>;
  /** The turn each unit was last under artillery fire (L285: no regrouping under it in its last turn). */
  readonly shelled?: Readonly<Record<string, number>>;
  /** One-hit units in hard cover whose pip was not paid: gone to ground, they do not fire in the turn recorded (L204). */
  readonly toGround?: Readonly<Record<string, number>>;
  /** Brigades with L389's brigade-level expertise (the scenario's `linesExpertise:` on their brigadier, ANRT-CL1). */
  readonly linesExpertise?: readonly string[];
  readonly victory: Victory;
  readonly ended: { readonly winner: string | null; readonly summary: string } | null;
}

/** The window open: the initiative winner's choice, the mover's orders, the other side's charge responses. */
export type AnrtStep = 'choose' | 'orders' | 'responses' | 'ended';

export const liveGenerals = (s: AnrtState, side: string): AnrtGeneral[] => Object.values(s.generals).filter((g) => g.alive && g.side === side);

/** Formations (§III, §VII): troops and guns. "Reinforced line" (L105, L597, L858) is infantry's (ANRT-RL1). */
export const ANRT_FORMATIONS = ['line', 'reinforced-line', 'column', 'masse', 'march-column', 'square', 'skirmish', 'limbered', 'unlimbered'] as const;
export type AnrtFormation = (typeof ANRT_FORMATIONS)[number];

export interface AnrtUnit {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly division: string;
  readonly brigade: string;
  readonly arm: Arm;
  readonly cls: UnitClass;
  readonly size: UnitSize;
  readonly gun?: Gun;
  /** Its nation (§XV, ANRT-N1), when the scenario gives one. */
  readonly nation?: Nation;
  /** Cavalry: its weight in the scenario, and carabiniers (L1043). */
  readonly horse?: 'light' | 'medium' | 'heavy';
  readonly carabiniers?: true;
  /** Regimental artillery (§XVII L1079): the battalion it is attached to for the game. */
  readonly parent?: string;
  /** Regimental artillery taken off while its parent is in square (L1095); put back when the parent leaves it. */
  readonly stowed?: true;
  readonly formation: AnrtFormation;
  readonly at: Point;
  /** Compass degrees, 0 = north. */
  readonly facing: number;
  readonly hits: number;
  readonly maxHits: number;
  readonly disordered: boolean;
  readonly routed: boolean;
  readonly gone: boolean;
  /** Set when its last hit is lost (L210): in melee, with the enemy in contact, or to fire — §XVIII L1129-1131's permanent size loss. */
  readonly lastHit?: 'contact' | 'other';
  /**
   * A battery whose guns were overrun and left on the field (§XVI L1057-1065, L406): its gunners
   * are with `gunnersWith` (their sanctuary, L406), in terrain the chargers cannot enter (`inTerrain`), or fled (routed). Unmanned guns neither
   * fire, move nor are fired at or charged; the gunners reoccupy them in their own phase (L406).
   */
  readonly abandoned?: { readonly gunnersWith: string | null; readonly turn: number; readonly inTerrain?: string };
  /**
   * Guns lost to the enemy (the battery is `gone` for its side) but still on the table in the hands
   * of unit `by`, which moves them by prolong (L1061 on a 6, L1065 "prepared for prolong"; ANRT-G7).
   */
  readonly taken?: { readonly by: string; readonly turn: number; /** Where `by` stood when it took them or last moved them. */ readonly from: Point };
}

export interface AnrtGeneral {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly level: 'army' | 'corps' | 'division' | 'brigade';
  /** The division or brigade he commands ('' for the C-in-C and corps commanders). */
  readonly command: string;
  readonly at: Point;
  readonly alive: boolean;
  /** How many times his post has been filled by a replacement (L278): each a permanent pip deduction (QRS `replacement-general`). */
  readonly replacements?: number;
  /** The unit he has joined (§XIII L975-979): a brigadier a unit of his brigade, a higher commander a unit of a brigade under his command. */
  readonly joined?: string;
}

/** An ADC (L258): rides at general speed from his commander to a division's general, adds a pip there, and is back at once. */
export interface AnrtAdc {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** The corps or army commander he serves. */
  readonly of: string;
  /** Where he rides; null: with his commander. */
  readonly at: Point | null;
  /** The division he rides to each phase of his side until told otherwise; null: kept at headquarters. */
  readonly to: string | null;
}

/**
 * The command step of a side's phase (§I L17-25): the corps commander's D6s for the divisions
 * within 20" (`pool`, his to allocate, L21), the dice of divisions farther away (`own`), and
 * what each division adds to whatever die it gets (`facts`). The pips follow from the allocation
 * the player posts with his orders (default: the dice in the order thrown).
 */
/** A commander's command dice this phase (L21): one a division of his within 20", his to allocate among them. */
export interface AnrtPool { readonly general: string; readonly faces: readonly number[]; readonly divisions: readonly string[] }

export interface AnrtCommand {
  /** Each corps commander's dice (L21); with an army commander above corps one pool per corps, his own divisions' his (ANRT-C15). */
  readonly pools?: readonly AnrtPool[];
  /** A game saved before ANRT-C15: the one corps commander's dice (read by `poolsOf`). */
  readonly pool?: AnrtPool | null;
  readonly own: Readonly<Record<string, number>>;
  readonly facts: Readonly<Record<string, AnrtPipFacts>>;
  /** Units out of command as the phase opens (§VI L243-253, L271), with why. */
  readonly outOfCommand: Readonly<Record<string, string>>;
  /** Brigades regrouping this phase (declared, L285) and the units of them able to (L285-289). */
  readonly regrouping: readonly string[];
}

/** What a division's die is adjusted by (L258, L271, L285, L325, QRS factors), whatever die it gets. */
export interface AnrtPipFacts {
  readonly killed: boolean;
  readonly adcs: number;
  readonly opportunity: number;
  readonly regrouping: boolean;
  readonly factors: Readonly<Record<string, number>>;
}

export interface AnrtDivision {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly general: string;
  readonly brigades: readonly string[];
  /**
   * The corps' own units and brigades, unattached to any division (L231, ANRT-C11): commanded by
   * the corps commander (`general`) within 20" (L253); no die of its own, its orders paid from a
   * division's pips.
   */
  readonly corpsLevel?: true;
  /**
   * The corps commander above it when an army commander stands above the corps (the shared
   * format's `wing:`); absent: directly under the C-in-C. L457: an army commander's paid moves
   * come out of each corps (ANRT-C14).
   */
  readonly corps?: string;
}

/** An attachment posted for the side's next phase (L234, ANRT-C12): an unattached unit to a brigade, or an unattached brigade to a division. */
export interface AnrtAttach {
  readonly what: string;
  readonly kind: 'unit' | 'brigade';
  readonly to: string;
}

/** A reinforcement from the scenario: its pieces wait off the table until their turn. */
export interface AnrtArrival {
  readonly turn: number;
  readonly side: string;
  /** The entry point on the table edge and the facing the pieces form up on. */
  readonly at: Point;
  readonly facing: number;
  /** The scenario's name for the place ("the Brussels road"), for the narrative. */
  readonly place?: string;
  readonly units: readonly AnrtUnit[];
  readonly generals: readonly AnrtGeneral[];
}

export interface AnrtCharge {
  readonly unit: string;
  readonly target: string;
  /** Declared by the mover (§X), or an opportunity charge by the other side (§VII L424). */
  readonly kind: 'declared' | 'opportunity';
  /** The charging player's choice among L408-416's options should the target evade (ANRT-E4); absent: the rules' default (ANRT-E1). */
  readonly ifEvaded?: IfEvaded;
}

/**
 * What chargers whose target evades do, as their player chose on `/charge` (L408-416, ANRT-E4):
 * `pursue` (cavalry: without the L412 test, even out of reach), `halt` (where the evade started;
 * cavalry still test, L412-415), `rally-back` (cavalry: the same test, L414).
 */
export const IF_EVADED = ['pursue', 'halt', 'rally-back'] as const;
export type IfEvaded = (typeof IF_EVADED)[number];

export interface AnrtMove {
  readonly unit: string;
  readonly to: Point;
  readonly facing: number;
  readonly formation: AnrtFormation;
  readonly inches: number;
  readonly pips: number;
  /** Multiple moves (L311): how many moves this order made; 1 when absent. A square tests after each (L439). */
  readonly moves?: number;
  /** A square's multiple moves: where it stood after each, `[start, after move 1, …, after move N]` — a failed test stops it there (L439, ANRT-W15). */
  readonly legs?: readonly { readonly at: Point; readonly facing: number }[];
  /** A retrograde (L330): the move fell back, its way 90° or more off the facing it started with (ANRT-O2); infantry never opportunity charge it (L428). Absent otherwise. */
  readonly retrograde?: true;
}

/** On the table: not gone, and not regimental guns taken off while their parent is in square (L1095). */
export const isLive = (u: AnrtUnit): boolean => !u.gone && !u.stowed;
/** Manned: not a battery whose guns stand abandoned (L406, §XVI). */
export const isManned = (u: AnrtUnit): boolean => !u.gone && !u.stowed && !u.abandoned;
/**
 * What the enemy may fire at or charge: a manned unit, not regimental guns — they have no hits of
 * their own (L1079); fire and charges go at their parent battalion (ANRT-R3).
 */
export const isTarget = (u: AnrtUnit): boolean => isManned(u) && u.arm !== 'regimental-artillery';
// Listed once per units record (a new record whenever a unit changes: states are never mutated);
// every phase reads the live units again and again (issue 14, speed). Callers must not mutate it.
const liveCache = new WeakMap<AnrtState['units'], readonly AnrtUnit[]>();
/** The units on the table, in the units record's order (the order every replay was played in). */
export function liveUnits(s: AnrtState): readonly AnrtUnit[] {
  let live = liveCache.get(s.units);
  if (!live) { live = Object.values(s.units).filter(isLive); liveCache.set(s.units, live); }
  return live;
}
export const phasingSide = (s: AnrtState): string => s.order[s.period];
export const otherSide = (s: AnrtState, side: string): string => (s.sides[0]!.id === side ? s.sides[1]!.id : s.sides[0]!.id);
export const seatOfSide = (s: AnrtState, side: string): string => s.seats.find((x) => x.side === side)!.id;
export const sideOfSeat = (s: AnrtState, seat: string): string | null => s.seats.find((x) => x.id === seat)?.side ?? null;
export const sideName = (s: AnrtState, side: string): string => s.sides.find((x) => x.id === side)?.name ?? side;
export const withUnit = (s: AnrtState, u: AnrtUnit): AnrtState => ({ ...s, units: { ...s.units, [u.id]: u } });

/** The QRS movement row a unit moves on (§VII; the table is on the QRS). */
export function moverOf(u: Pick<AnrtUnit, 'arm' | 'formation'>): Mover {
  if (u.arm === 'infantry') {
    const f = u.formation === 'limbered' || u.formation === 'unlimbered' ? 'column' : u.formation;
    return `infantry-${f}` as Mover;
  }
  if (u.arm === 'cavalry') return `cavalry-${u.formation === 'reinforced-line' ? 'line' : u.formation === 'masse' || u.formation === 'square' || u.formation === 'limbered' || u.formation === 'unlimbered' ? 'column' : u.formation}` as Mover;
  if (u.arm === 'position-battery') return 'position-battery-limbered';
  // Regimental artillery "moves as field artillery" (L1083): the foot artillery rows.
  if (u.arm === 'regimental-artillery') return `foot-artillery-${u.formation === 'unlimbered' ? 'prolong' : 'limbered'}`;
  return `${u.arm}-${u.formation === 'unlimbered' ? 'prolong' : 'limbered'}` as Mover;
}

/** Formations a unit of `arm` may take (§VII: cavalry forms no square nor masse; guns limber). */
export function formationsOf(arm: Arm): readonly AnrtFormation[] {
  if (arm === 'infantry') return ['line', 'reinforced-line', 'column', 'masse', 'march-column', 'square', 'skirmish'];
  if (arm === 'cavalry') return ['line', 'column', 'march-column', 'skirmish'];
  return ['limbered', 'unlimbered'];
}

/**
 * An infantry line in the text's sense: a line or a reinforced line. L597 and L858 name both; the
 * project reads every other "line" of infantry (L385, L517, L567, L663, L419, L555, L363) the
 * same way — a reinforced line is a line made deeper (L856 "reinforcing the line") — ANRT-RL2.
 */
export const isLineFormation = (f: AnrtFormation): boolean => f === 'line' || f === 'reinforced-line';

export const isArtillery = (u: Pick<AnrtUnit, 'arm'>): boolean => u.arm === 'foot-artillery' || u.arm === 'horse-artillery' || u.arm === 'position-battery' || u.arm === 'regimental-artillery';
