/**
 * ANRT's vocabulary, declared once (STYLE.md: chessops). Names follow the text: classes and sizes
 * §III (L60-88), formations §III and §VII, the QRS table names the text quotes ("ART CAN",
 * "ART LONG" L1091; the melee lines "CAV LINE", "CAV COL", "COL", "MASSE" §XI) and the result
 * codes of §VIII (L463-478).
 */

/** Troop classes (§III L60-61). */
export const CLASSES = ['elite', 'veteran', 'average', 'inferior', 'bad'] as const;
export type UnitClass = (typeof CLASSES)[number];

/** Unit sizes (§III L70-88). */
export const SIZES = ['large', 'normal', 'small', 'very-small'] as const;
export type UnitSize = (typeof SIZES)[number];

/** Arms (DIGEST 5(c)). */
export const ARMS = ['infantry', 'cavalry', 'foot-artillery', 'horse-artillery', 'position-battery', 'regimental-artillery'] as const;
export type Arm = (typeof ARMS)[number];

/**
 * Nations a unit may belong to (§XV L1032-1052 names three; the others carry no characteristic
 * but are named so a scenario says what its troops were). `other` is any nation not listed.
 */
export const NATIONS = ['british', 'french', 'russian', 'prussian', 'austrian', 'spanish', 'portuguese', 'dutch-belgian', 'nassau', 'brunswick', 'hanoverian', 'other'] as const;
export type Nation = (typeof NATIONS)[number];

/** What moves at its own QRS distance: arm and formation, and generals at "general speed" (§VI L255). */
export const MOVERS = [
  'infantry-line', 'infantry-reinforced-line', 'infantry-column', 'infantry-masse', 'infantry-march-column', 'infantry-square', 'infantry-skirmish',
  'cavalry-line', 'cavalry-column', 'cavalry-march-column', 'cavalry-skirmish',
  'foot-artillery-limbered', 'foot-artillery-prolong', 'horse-artillery-limbered', 'horse-artillery-prolong',
  'position-battery-limbered', 'general',
] as const;
export type Mover = (typeof MOVERS)[number];

/** What the QRS prices in pips ("Command pips are expended as shown on the QRS", L266; the own-move options L297-306). */
export const PIP_ACTIONS = ['move', 'formation-change', 'recover-disorder', 'enter-buildings', 'brigadier-move', 'higher-commander-extra-move', 'out-of-command-move'] as const;
export type PipAction = (typeof PIP_ACTIONS)[number];

/** The QRS's adjustments of the command D6 the text names but does not price (L263, L146-150 of §V, L282-284, L983). */
export const PIP_FACTORS = ['per-brigade', 'brigade-half-strength', 'replacement-general', 'divisional-general-attached', 'general-incapacitated'] as const;
export type PipFactor = (typeof PIP_FACTORS)[number];

/** Musketry firers (§IX arcs L496-503; cavalry may fire only as L526-531 allows). */
export const MUSKETRY_FIRERS = ['line', 'reinforced-line', 'column', 'masse', 'square', 'skirmish', 'buildings', 'cavalry'] as const;
export type MusketryFirer = (typeof MUSKETRY_FIRERS)[number];

/** Targets of fire. */
export const FIRE_TARGETS = ['line', 'reinforced-line', 'column', 'masse', 'square', 'skirmish', 'march-column', 'cavalry', 'artillery', 'buildings'] as const;
export type FireTarget = (typeof FIRE_TARGETS)[number];

/** Musketry range bands. */
export const MUSKETRY_RANGES = ['close', 'long'] as const;
export type MusketryRange = (typeof MUSKETRY_RANGES)[number];

/** Guns for the ART CAN and ART LONG tables (L1091; the points of §XIX distinguish 3-4 lber and 12 lber, L1136-1257). */
export const GUNS = ['light', 'medium', 'heavy', 'horse'] as const;
export type Gun = (typeof GUNS)[number];

/** Dice adjustments of fire the QRS prices (the text prints two: elite "+2" and secondary target "-3", L488-490). */
export const FIRE_FACTORS = ['veteran', 'inferior', 'bad', 'pass-through', 'target-in-soft-cover', 'target-in-hard-cover', 'firer-disordered', 'firer-large', 'firer-small', 'enfilade', 'firer-moved'] as const;
export type FireFactor = (typeof FIRE_FACTORS)[number];

/** Who fights in a melee (the row a unit attacks with). */
export const MELEE_ARMS = ['infantry', 'cavalry', 'skirmish', 'artillery'] as const;
export type MeleeArm = (typeof MELEE_ARMS)[number];

/**
 * The line a unit defends on; "CAV LINE", "CAV COL", "COL", "MASSE" are the text's names (§XI).
 * "REINFORCED LINE" is the project's name for the row a reinforced line (L105) defends on against
 * all but close-order cavalry charging it (those use CAV LINE / CAV COL as for a line, L858; ANRT-RL3).
 */
export const MELEE_LINES = ['LINE', 'REINFORCED LINE', 'CAV LINE', 'CAV COL', 'COL', 'MASSE', 'SQUARE', 'CAVALRY', 'SKIRMISH', 'ARTILLERY', 'BUILDINGS'] as const;
export type MeleeLine = (typeof MELEE_LINES)[number];

/** Dice adjustments of melee the QRS prices. */
export const MELEE_FACTORS = ['elite', 'veteran', 'inferior', 'bad', 'disordered', 'flank-or-rear', 'full-support', 'no-support', 'charging', 'uphill', 'in-cover', 'heavy-cavalry', 'lancers', 'large', 'small'] as const;
export type MeleeFactor = (typeof MELEE_FACTORS)[number];

/** The morale tests the text calls for (§I, §X, §XI, §XII). */
export const MORALE_TESTS = [
  'router', 'charge', 'charge-response', 'emergency-square', 'moving-square', 'fire-and-fight', 'volley-and-countercharge',
  'melee-draw', 'melee-loss', 'cavalry-win-melee', 'cavalry-recall',
] as const;
export type MoraleTest = (typeof MORALE_TESTS)[number];

/** Morale results the text names ("fight on" L650, withdraw and rout §XII, rally back, halt and pursue L885-890). */
export const MORALE_RESULTS = ['pass', 'fight-on', 'disorder', 'halt', 'withdraw', 'rout', 'rally-back', 'pursue'] as const;
export type MoraleResult = (typeof MORALE_RESULTS)[number];

/** Morale test adjustments the QRS prices. */
export const MORALE_FACTORS = ['elite', 'veteran', 'inferior', 'bad', 'disordered', 'out-of-command', 'half-hits-lost', 'one-hit-left', 'general-attached', 'full-support', 'no-support', 'flank-or-rear-threat', 'charged-by-cavalry'] as const;
export type MoraleFactor = (typeof MORALE_FACTORS)[number];

/** Table result codes (§VIII L463-478): a number is "the dice score needed for one hit". */
export const RESULT_CODES = ['X', 'X+', '2X', 'NE', 'E'] as const;
export type ResultCode = (typeof RESULT_CODES)[number] | 2 | 3 | 4 | 5 | 6;
