import { MARCH_COLUMN_MELEED } from '../tables/evades';

/**
 * Melee outcome (§XI L640-653): by hits inflicted against hits suffered (totals in multiple
 * melees), and the march column meleed without the table (L868-887).
 */
export interface MeleeOutcome {
  readonly result: 'win' | 'draw' | 'lose';
  /** Disordered if it took any hit (win, draw) or always (lose). */
  readonly disordered: boolean;
  /** Draw and lose test morale (QRS): "fight on", withdraw, rout… */
  readonly testsMorale: boolean;
  /** A winner may advance or pursue (L642); a draw's "fight on" may not. */
  readonly mayAdvance: boolean;
}

export function meleeOutcome(inflicted: number, suffered: number): MeleeOutcome {
  if (inflicted > suffered) return { result: 'win', disordered: suffered > 0, testsMorale: false, mayAdvance: true };
  if (inflicted === suffered) return { result: 'draw', disordered: suffered > 0, testsMorale: true, mayAdvance: false };
  return { result: 'lose', disordered: true, testsMorale: true, mayAdvance: false };
}

/** A march column meleed: the printed result, or null where the text prints none (cavalry meleed by skirmishers' infantry column…). */
export function marchColumnMeleed(by: 'formed-cavalry' | 'skirmishers', column: 'infantry' | 'foot-artillery' | 'cavalry' | 'horse-artillery') {
  return MARCH_COLUMN_MELEED.find((r) => r.by === by && r.column === column)?.result ?? null;
}
