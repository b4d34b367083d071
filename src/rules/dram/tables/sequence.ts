/**
 * DRAM §2 L37-45, the sequence of play, in order. (The engine's phase machine lives
 * elsewhere; this is the printed table for citation and tests.)
 */
export const SEQUENCE_OF_PLAY = [
  { step: 1, phase: 'reveal-order-changes', title: 'Reveal Order Changes' },
  { step: 2, phase: 'exhaustion', title: 'Exhaustion Tests & Compulsory Order Changes' },
  { step: 3, phase: 'initiative', title: 'Initiative' },
  { step: 4, phase: 'movement', title: 'Movement' },
  { step: 5, phase: 'combat', title: 'Combat' },
  { step: 6, phase: 'reorganisation', title: 'Re-organisation' },
  { step: 7, phase: 'issue-new-orders', title: 'Issue New Orders' },
] as const;

/**
 * DRAM §4 L58-60: one D6 per corps, placed on the commanding general's stand (or an attached
 * higher general's); corps move in ascending order, 1s first. Ties: HR D-3 `initiative.ties`.
 */
export const INITIATIVE = { dicePerCorps: 1, order: 'ascending' } as const;
