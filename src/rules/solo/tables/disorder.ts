import type { ModifierRow } from './row';

/**
 * Disorder chits and reforming (KUR L10-12; DIGEST K8, K9). 'D' chits are placed by units as
 * they collect them; a unit reforms by spending its whole turn and rolling a D6.
 */

/** What gives a unit 'D' chits (L11). */
export type DisorderEvent = 'melee-or-fire-round' | 'collision' | 'rout-move' | 'retreat-or-pursuit-move' | 'formation-incomplete' | 'over-half-musician-dead';

/** One row of the chit list: a fixed number, or a die (the collision's D3). */
export interface DisorderRow {
  readonly event: DisorderEvent;
  readonly chits: number | 'd3';
  readonly label: string;
  readonly line: number;
  readonly printed: string;
  readonly optional?: boolean;
}

/** KUR L11: 'D' chits per event. */
export const DISORDER_CHITS = [
  { event: 'melee-or-fire-round', chits: 1, label: 'a round of melee or firing', line: 11, printed: 'Each round of melee or firing 1D' },
  { event: 'collision', chits: 'd3', label: 'a collision (each unit involved)', line: 11, printed: "Each collision D3 D's per unit involved" },
  { event: 'rout-move', chits: 2, label: 'a move of rout', line: 11, printed: 'Each move of Rout 2D' },
  { event: 'retreat-or-pursuit-move', chits: 1, label: 'a move of retreat or pursuit', line: 11, printed: 'Each move of Retreat/Pursuit 1D' },
  { event: 'formation-incomplete', chits: 1, label: 'formation incomplete at end of turn', line: 11, printed: 'Formation Incomplete at end of turn 1D' },
  { event: 'over-half-musician-dead', chits: 1, label: 'moving over ½ with the musician dead', line: 11, printed: 'Unit moving over 1/2 and Musician dead 1D (optional)', optional: true },
] as const satisfies readonly DisorderRow[];

/** The chit row for an event. */
export const disorderRow = (e: DisorderEvent): DisorderRow => DISORDER_CHITS.find((r) => r.event === e)!;

/** The conditions on the reform roll (L12). */
export type ReformCondition = 'class-d' | 'officer-dead' | 'musician-dead';
/** KUR L11: roll a D6 = the 'D's removed, modified as follows (L12). */
export const REFORM_DIE = 'd6';
export const REFORM_MODIFIERS = [
  { condition: 'class-d', value: -1, label: 'D class', line: 12, printed: 'D class troops -1' },
  { condition: 'officer-dead', value: -1, label: 'officer dead', line: 12, printed: 'Officer dead (optional) -1', optional: true },
  { condition: 'musician-dead', value: -1, label: 'musician dead', line: 12, printed: 'Musician dead (optional) -1', optional: true },
] as const satisfies readonly ModifierRow<ReformCondition>[];
