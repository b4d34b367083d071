import type { BaseSize } from '../../geometry/types';

/** A kind of base in DRAM §10 "Sorting out the Toys". */
export const BASE_KINDS = ['infantry-brigade', 'cavalry-brigade', 'artillery', 'division', 'corps-hq', 'army-or-wing-hq', 'supply-column'] as const;
/** A kind of DRAM base. */
export type BaseKind = (typeof BASE_KINDS)[number];

/** One row of the basing table. */
export interface BaseSpec extends BaseSize {
  readonly type: string;
  /** "Figures (15mm scale)" as printed. */
  readonly figures: string;
}

/**
 * DRAM §10 L154-165, basing details, width × depth in inches. [OCR] "11/2" = 1½,
 * "Bri- gade" de-hyphenated. Halves are exact in binary floating point.
 */
export const BASES = {
  'infantry-brigade': { type: 'Infantry Brigade', width: 1, depth: 1, figures: '4' },
  'cavalry-brigade': { type: 'Cavalry Brigade', width: 1, depth: 1, figures: '2' },
  'artillery': { type: 'Artillery', width: 1.5, depth: 3, figures: '1 gun' },
  'division': { type: 'Division', width: 3, depth: 5, figures: '1-6 brigades' },
  'corps-hq': { type: 'Corps HQ', width: 1.5, depth: 3, figures: '1-2' },
  'army-or-wing-hq': { type: 'Army or Wing HQ', width: 2, depth: 4, figures: '2-4' },
  'supply-column': { type: 'Supply Column', width: 1.5, depth: 4, figures: '1 wagon' },
} as const satisfies Record<BaseKind, BaseSpec>;

/** DRAM §10 L162: a division stand carries 1-6 brigade bases. */
export const BRIGADES_PER_DIVISION = { min: 1, max: 6 } as const;
