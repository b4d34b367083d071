import type { AttackValue, Nation, TroopHandling } from './vocabulary';

/**
 * K1 Random generals (KUR L3-7; DIGEST §2(b) K1, K-1). Troop Handling and Attack Value are D6
 * tables whose 1-2 rows were lost in extraction; their labels are certain from later use
 * ("Below Average" L9-10, "Timid" L10, L27). The Control Rating table is lost entirely: its
 * placeholder is the setting `generals.crTable` (settings.ts), never a constant here.
 */

/** One row of a D6 rating table. */
export interface D6Row<V extends string> {
  readonly from: number;
  readonly to: number;
  readonly value: V;
  readonly line: number;
  /** As printed; `null` for the row lost in extraction (DIGEST K-1 restores its label). */
  readonly printed: string | null;
}

/** KUR L3-4: Troop Handling (D6). Row 1-2 lost; "Below Average" from L9-10. */
export const TROOP_HANDLING_TABLE = [
  { from: 1, to: 2, value: 'below-average', line: 3, printed: null },
  { from: 3, to: 4, value: 'average', line: 4, printed: '3-4 Average' },
  { from: 5, to: 6, value: 'above-average', line: 4, printed: '5-6 Above Average' },
] as const satisfies readonly D6Row<TroopHandling>[];

/** KUR L4-5: Attack Value (D6). Row 1-2 lost; "Timid" from L10, L27. */
export const ATTACK_VALUE_TABLE = [
  { from: 1, to: 2, value: 'timid', line: 4, printed: null },
  { from: 3, to: 4, value: 'normal', line: 5, printed: '3-4 Normal' },
  { from: 5, to: 6, value: 'aggressive', line: 5, printed: '5-6 Aggressive' },
] as const satisfies readonly D6Row<AttackValue>[];

/** The row a D6 face reads (faces outside 1-6 are clamped: a national shift never leaves the table). */
export function readD6<V extends string>(table: readonly D6Row<V>[], face: number): D6Row<V> {
  const f = Math.min(6, Math.max(1, face));
  const row = table.find((r) => f >= r.from && f <= r.to);
  if (!row) throw new RangeError(`KUR: no row for ${face}`);
  return row;
}

/** The ratings a nation's generals shift (KUR L7). */
export interface NationalVariation {
  readonly th: number;
  readonly av: number;
  readonly cr: number;
  readonly line: number;
  readonly printed: string;
}

/** KUR L7: National Variations. Nations not listed take none. */
export const NATIONAL_VARIATIONS: Partial<Record<Nation, NationalVariation>> = {
  british: { th: 1, av: 0, cr: 0, line: 7, printed: 'British: +1 TH.' },
  austrian: { th: -1, av: 0, cr: -1, line: 7, printed: 'Austrian: -1 CR; -1 TH.' },
  russian: { th: 0, av: 1, cr: -1, line: 7, printed: 'Russian: +1 AV; -1 CR.' },
  prussian: { th: -1, av: 1, cr: 0, line: 7, printed: 'Prussian: -1 TH; +1 AV.' },
  spanish: { th: -1, av: -1, cr: -1, line: 7, printed: 'Spanish: -1 TH; -1 AV; -1 CR.' },
};

/** A nation's variation (zero for a nation the text does not list). */
export const nationalVariation = (n: Nation): NationalVariation => NATIONAL_VARIATIONS[n] ?? { th: 0, av: 0, cr: 0, line: 7, printed: '(none listed)' };

/** KUR L6: the brigadier's command reach, 150 mm; beyond it a unit is out of command control. */
export const CONTROL_RANGE_MM = 150;
/** KUR L6: division and corps commanders modify the control roll within 300 mm of the brigadier. */
export const SENIOR_INFLUENCE_MM = 300;
/** KUR L6: the control roll is a D8 that must be less than the Grade. */
export const CONTROL_DIE = 'd8';
