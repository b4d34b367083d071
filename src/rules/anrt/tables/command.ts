/**
 * Command and control as the text prints it (§I L12-21, §VI L240-289, §VII L323-325). The
 * command box, general speed and the QRS pip factors are on the missing QRS (qrs.ts).
 */

/** Command radii in inches (§VI). */
export const COMMAND_RADII = {
  /** A march column within 3" of another of a chain reaching within 3" of the brigadier (L247). */
  marchColumnChain: { inches: 3, line: 'L247' },
  /** Brigade commanders within 10" of their divisional commander (L250). */
  brigadierToDivision: { inches: 10, line: 'L250' },
  /** Unattached division-level units within 10" of the divisional commander (L253). */
  unattachedToDivision: { inches: 10, line: 'L253' },
  /** Unattached corps-level units or brigades within 20" of the corps commander (L253). */
  unattachedToCorps: { inches: 20, line: 'L253' },
  /** Corps commanders throw for divisional commanders within 20"; those farther throw their own (L21). */
  corpsAllocates: { inches: 20, line: 'L21' },
} as const;

/** Adjustments of the command D6 the text itself prints. */
export const TEXT_PIP_ADJUSTMENTS = {
  /** "Each ADC which arrives at a divisional general in a turn adds one pip" (L258). */
  adcArrival: { pips: 1, line: 'L258' },
  /** "One pip is deducted from the division's next command dice for each unit" that opportunity charged or formed emergency square (L325). */
  opportunityAction: { pips: -1, line: 'L325' },
} as const;

/** A killed divisional general: "The D6 score for its next command role is halved, round up" (L271). */
export const halvedForKilledGeneral = (d6: number): number => Math.ceil(d6 / 2);

/** A killed brigade commander: "that brigade may use no more than one pip in its following move" (L274). */
export const BRIGADE_COMMANDER_KILLED_MAX_PIPS = { pips: 1, line: 'L274' } as const;

/**
 * Regrouping (L285): a nominated brigade must use a throw of 4, 5 or 6 to remove 1, 2 or 3 hits;
 * the division keeps "the remaining three pips, plus or minus any adjustment" (A-10: 3 whatever
 * the throw). Throws of 1-3 are used as pips.
 */
export const REGROUP = [
  { d6: 4, hitsRemoved: 1, pipsLeft: 3, line: 'L285' },
  { d6: 5, hitsRemoved: 2, pipsLeft: 3, line: 'L285' },
  { d6: 6, hitsRemoved: 3, pipsLeft: 3, line: 'L285' },
] as const;

/** Regrouping needs more than 10" from all enemy, and no artillery fire in the unit's last turn (L285). */
export const REGROUP_MIN_ENEMY_INCHES = { inches: 10, line: 'L285' } as const;

/** Multiple moves (L311): never closer than 6" to known enemy; at most two march-column moves a turn. */
export const MULTIPLE_MOVES = { minEnemyInches: 6, maxMarchColumnMoves: 2, line: 'L311' } as const;

/** Support (§XII L945-949): undisordered friends within 3". */
export const SUPPORT_INCHES = { inches: 3, line: 'L945-949' } as const;

/**
 * Commanders moving (§VII L451-457). A brigadier moves free if he begins and ends his move with
 * units of his own brigade in his brigade box, else he pays (QRS `brigadier-move`); a higher
 * commander has one free move a turn and pays for each further move (QRS
 * `higher-commander-extra-move`), a corps commander out of the dice before they are allocated.
 * One move of a general is the QRS "general speed" (`movement.general`).
 */
export const GENERAL_MOVES = {
  brigadierFreeInBox: { line: 'L454' },
  higherFreeMoves: { moves: 1, line: 'L457' },
} as const;

/**
 * Joining units (§XIII L975-979): a brigadier any unit of his brigade; a divisional or higher
 * commander any brigade under his command. A divisional commander attached costs his division
 * the QRS pip factor `divisional-general-attached`; a higher commander attached sends no ADC.
 */
export const JOINING = {
  brigadier: { joins: 'a unit of his brigade', line: 'L975' },
  higher: { joins: 'a brigade under his command', line: 'L979' },
  divisionalPenalty: { factor: 'divisional-general-attached', line: 'L979' },
  higherNoAdcs: { line: 'L979' },
} as const;

/** The command box's measure (§VI L245): a box `frontInches` wide and `depthInches` deep on the QRS, centred on the brigadier. */
export const COMMAND_BOX = { line: 'L245' } as const;

/** A division whose general is killed is out of command (L271) until he is replaced (L278). */
export const DIVISION_GENERAL_KILLED = { line: 'L271' } as const;

/** Units out of command test morale for charges before any in command (§XII L938). */
export const OUT_OF_COMMAND_TEST_FIRST = { line: 'L938' } as const;
