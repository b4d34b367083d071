import { assertDieFace, type Arm, type Order } from './vocabulary';

/** The condition keys of the re-organisation modifiers; the engine decides which hold. */
export const REORG_CONDITIONS = ['corps-general-within-1-mile', 'higher-general-within-1-mile', 'enemy-advancing-or-in-contact-within-2-miles', 'cavalry'] as const;
/** A condition key of a re-organisation modifier. */
export type ReorgCondition = (typeof REORG_CONDITIONS)[number];

/** DRAM §9 L143-148: modifiers to the 1D6; 'CR' = the own corps general's charisma. */
export const REORG_MODIFIERS = [
  { condition: 'corps-general-within-1-mile', label: "+ CR of own corps' general (not in combat) if within 1 mile", value: 'CR', withinMiles: 1 },
  { condition: 'higher-general-within-1-mile', label: '+1 if higher level friendly general within 1 mile', value: 1, withinMiles: 1 },
  { condition: 'enemy-advancing-or-in-contact-within-2-miles', label: '−1 if enemy advancing or in contact within 2 miles', value: -1, withinMiles: 2 },
  { condition: 'cavalry', label: '−2 if stand is cavalry', value: -2, withinMiles: null },
] as const satisfies readonly { condition: ReorgCondition; label: string; value: number | 'CR'; withinMiles: number | null }[];

/**
 * DRAM §9 L139-150: infantry and cavalry stands on 'R' orders, not engaged, roll 1D6; a net
 * 3+ adds 1 SP, never above the stand's original SP. The flat fields name the modifiers
 * for the engine.
 */
export const REORGANISATION = {
  arms: ['infantry', 'heavy-cavalry', 'light-cavalry'],
  order: 'R',
  success: 3,
  gainSp: 1,
  higherGeneral: 1,
  enemyNear: -1,
  cavalry: -2,
} as const satisfies { arms: readonly Arm[]; order: Order; success: number; gainSp: number; higherGeneral: number; enemyNear: number; cavalry: number };

/** DRAM §9 L141: may this stand attempt re-organisation? */
export const mayReorganise = (arm: Arm, order: Order, engaged: boolean): boolean =>
  !engaged && order === REORGANISATION.order && (REORGANISATION.arms as readonly Arm[]).includes(arm);

/** The outcome of one re-organisation roll. */
export interface ReorgOutcome {
  readonly net: number;
  readonly success: boolean;
  readonly sp: number;
}

/** DRAM §9 L150: net = die + modifiers; 3+ adds 1 SP, capped at the original SP. */
export function reorganisationResult(die: number, modifierTotal: number, currentSp: number, originalSp: number): ReorgOutcome {
  assertDieFace(die, 're-organisation');
  const net = die + modifierTotal;
  const success = net >= REORGANISATION.success;
  return { net, success, sp: success ? Math.min(originalSp, currentSp + REORGANISATION.gainSp) : currentSp };
}
