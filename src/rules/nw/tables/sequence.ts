/** NW §5.0 L59-69 (chart L685-696): the game turn. Phases 2-6 run once per player-turn. */
export const SEQUENCE_OF_PLAY = [
  { phase: 1, name: 'initiative', simultaneous: true, perPlayerTurn: false, ref: 'NW §6.0 L71-77' },
  { phase: 2, name: 'skirmish-fire', simultaneous: true, perPlayerTurn: true, ref: 'NW §7.0 L79-154' },
  { phase: 3, name: 'artillery-fire', simultaneous: true, perPlayerTurn: true, ref: 'NW §8.0 L156-221' },
  { phase: 4, name: 'maneuver', simultaneous: false, perPlayerTurn: true, ref: 'NW §9.0 L223-343' },
  { phase: 5, name: 'reaction', simultaneous: false, perPlayerTurn: true, ref: 'NW §10.0 L345-361' },
  { phase: 6, name: 'combat', simultaneous: false, perPlayerTurn: true, ref: 'NW §11.0 L363-425' },
  { phase: 7, name: 'rally', simultaneous: true, perPlayerTurn: false, ref: 'NW §12.0 L427-433' },
] as const;
/** A phase name. */
export type PhaseName = (typeof SEQUENCE_OF_PLAY)[number]['name'];
/** NW §1.2 L19 and Ch.II §1.0 L445: scales. */
export const SCALE = { minutesPerTurn: 30, yardsPerInch: 100 } as const;
