import type { ModifierRow } from './row';

/**
 * Melee (KUR L16-20; DIGEST K13-K15). Points per figure, 1D6 per 5 points, half the total as
 * (potential) casualties, each saved on a D6. Cavalry points other than light are lost (DIGEST
 * K-11: setting `melee.cavPoints`).
 */

/** KUR L16, L18, L20: one D6 per this many points. */
export const POINTS_PER_DIE = 5;
/** KUR L16: infantry count the men in the first four ranks in contact (first round). */
export const INFANTRY_RANKS_FIGHTING = 4;
/** KUR L16: the infantry example — 16 figures in 4 ranks, a D20 ignoring 17-20. */
export const PICK_DIE_EXAMPLE = { figures: 16, die: 20, line: 16, printed: 'If 16 figures in 4 ranks, roll a D20 x times ignoring 17-20' } as const;
/** KUR L16, L18: after the first round the loser tests; if it holds, D3 further rounds this turn. */
export const FURTHER_ROUNDS_DIE = 'd3';

/** The conditions on a melee total (L17, L19). */
export type MeleeCondition = 'hit-enemy-standing' | 'class-a-or-b' | 'class-d' | 'own-disorder' | 'flank-or-rear';

/** KUR L17: infantry vs infantry modifiers (skirmishers' ½ is `SKIRMISHERS_INFLICT`). */
export const INFANTRY_MELEE_MODIFIERS = [
  { condition: 'hit-enemy-standing', value: 1, label: 'hit enemy standing', line: 17, printed: 'Hit enemy standing .+1' },
  { condition: 'class-a-or-b', value: 1, label: 'A/B class', line: 17, printed: 'A/B Class +1' },
  { condition: 'class-d', value: -1, label: 'D class', line: 17, printed: 'D Class -1' },
  { condition: 'own-disorder', value: -1, label: "each 'D'", line: 17, printed: "Each 'D' factor ..-1", each: true },
] as const satisfies readonly ModifierRow<MeleeCondition>[];

/** KUR L19: cavalry vs cavalry modifiers (no A/B row is printed for cavalry). */
export const CAVALRY_MELEE_MODIFIERS = [
  { condition: 'class-d', value: -1, label: 'D class', line: 19, printed: 'D Class .-1' },
  { condition: 'hit-enemy-standing', value: 1, label: 'enemy hit standing', line: 19, printed: 'Enemy hit standing ..+1' },
  { condition: 'flank-or-rear', value: 2, label: 'flank/rear attack', line: 19, printed: 'Flank/Rear attack .+2' },
  { condition: 'own-disorder', value: -1, label: "each 'D'", line: 19, printed: "Each 'D' factor -1", each: true },
] as const satisfies readonly ModifierRow<MeleeCondition>[];

/** KUR L17, L19: "Skirmishers … Inflict 1/2 casualties". */
export const SKIRMISHERS_INFLICT = { num: 1, den: 2, lines: [17, 19], printed: 'Inflict 1/2 casualties' } as const;

/** Who is saving in a melee. */
export type MeleeSaver = 'infantry-vs-infantry' | 'cavalry-vs-cavalry' | 'cuirassier-vs-cavalry' | 'infantry-vs-cavalry' | 'cavalry-vs-infantry' | 'cuirassier-vs-infantry';
/** KUR L16, L18, L20: a melee casualty is saved on a D6 of at least this. */
export const MELEE_SAVE_FROM: Record<MeleeSaver, { from: number; line: number; printed: string }> = {
  'infantry-vs-infantry': { from: 5, line: 16, printed: 'Saved on a 5 or 6' },
  'cavalry-vs-cavalry': { from: 5, line: 18, printed: 'All save on 5 or 6' },
  'cuirassier-vs-cavalry': { from: 4, line: 18, printed: 'fully armoured cuirassiers (i.e. front & back plates) who save on 4,5,6' },
  'infantry-vs-cavalry': { from: 6, line: 20, printed: 'saved on 6 for infantry' },
  'cavalry-vs-infantry': { from: 5, line: 20, printed: '5,6 for cavalry' },
  'cuirassier-vs-infantry': { from: 4, line: 20, printed: '4,5,6 for Cuirassiers' },
};

/** KUR L17: "1 point per Light Cavalryman" (other cavalry: setting `melee.cavPoints`, DIGEST K-11). */
export const LIGHT_CAVALRY_POINTS = { points: 1, line: 17, printed: '1 point per Light Cavalryman' } as const;
/** KUR L16, L19: one point per infantryman. */
export const INFANTRY_POINTS = { points: 1, lines: [16, 19], printed: '1 point per Infantryman' } as const;
/** KUR L18: only the front rank counts in the first cavalry round. */
export const CAVALRY_FIRST_ROUND = { ranks: 1, line: 18, printed: 'Front rank only counts in 1st Round' } as const;
/** KUR L20: skirmishers charged by cavalry evade D20 cm; any caught are ridden down. */
export const SKIRMISH_EVADE = { die: 'd20', line: 20, printed: 'if charged will evade D20cm' } as const;
