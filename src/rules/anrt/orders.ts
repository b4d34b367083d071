import { z } from 'zod';
import { ANRT_FORMATIONS, IF_EVADED } from './state';

/**
 * What ANRT players post. The initiative winner's choice (L12); the mover's orders paid in
 * command pips (§VI L266, §VII): moves, formation changes, charge declarations (§X); the other
 * side's responses to charges (§X L565-640) and opportunity charges (§VII L424-430). Every
 * order is keyed by what it replaces, so a player amends one by posting it again.
 */
/** `evade-on`: evade without halting at the refuge L402 allows (ANRT-E3); `evade` halts there. */
export const REACTIONS = ['stand', 'evade', 'evade-on', 'square', 'countercharge', 'volley', 'opportunity', 'gunners-evade'] as const;
export type Reaction = (typeof REACTIONS)[number];

export const AnrtOrder = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('first'), side: z.string().min(1) }),
  z.strictObject({ kind: z.literal('move'), unit: z.string().min(1), to: z.string().min(1).max(200),
    /** Multiple moves (L311, ANRT-W13): this many normal moves in one order, each paid in pips; 1 when absent. */
    moves: z.number({ error: () => 'moves: a whole number of moves, 1 to 6 (L311)' }).int({ error: () => 'moves: a whole number of moves, 1 to 6 (L311)' }).min(1, { error: () => 'moves: at least 1 (L311)' }).max(6, { error: () => 'moves: at most 6 a phase (the command dice give no more pips, L311)' }).optional() }),
  z.strictObject({ kind: z.literal('formation'), unit: z.string().min(1), formation: z.enum(ANRT_FORMATIONS, { error: () => `a formation: ${ANRT_FORMATIONS.join(', ')}` }) }),
  z.strictObject({ kind: z.literal('charge'), unit: z.string().min(1), target: z.string().min(1),
    /** Should the target evade: pursue, halt or rally back (L408-416, ANRT-E4); absent, the rules' default (ANRT-E1). */
    ifEvaded: z.enum(IF_EVADED, { error: () => `if-evaded: ${IF_EVADED.join(', ')} (or leave it out for the rules' default)` }).optional() }),
  z.strictObject({ kind: z.literal('fire'), unit: z.string().min(1), target: z.string().min(1) }),
  /** The corps commander gives this die of his throw to this division (L21); the division that had it takes the other's. */
  z.strictObject({ kind: z.literal('allocate'), division: z.string().min(1), die: z.number().int().min(1).max(6) }),
  /** A brigade declared regrouping (or not) for its side's next phase (L19, L285; ANRT-C3). */
  z.strictObject({ kind: z.literal('regroup'), brigade: z.string().min(1), on: z.boolean(),
    /** ANRT-C5 (L285): the brigade's units to take back hits first, in this order, when its division's throw regroups as this window closes; the rest by the default. */
    units: z.array(z.string().min(1).max(100)).max(20).optional() }),
  /** An ADC's standing errand: the division he rides to from his side's next phase, or 'none' (L258; ANRT-C3). */
  z.strictObject({ kind: z.literal('adc'), adc: z.string().min(1), division: z.string().min(1) }),
  /** An unattached unit to a brigade, or an unattached brigade to a division, from the side's next phase (L234; ANRT-C12). */
  z.strictObject({ kind: z.literal('attach'), what: z.string().min(1), to: z.string().min(1) }),
  /** ANRT-C11 (L231): this phase the orders of a corps-level unit or brigade are paid from this division's pips (default: the nearest division's). */
  z.strictObject({ kind: z.literal('pay'), what: z.string().min(1), division: z.string().min(1) }),
  /** A general's move (§VII L451-457), joining a unit at its end if `join` names one (§XIII L975-979). */
  z.strictObject({ kind: z.literal('general'), general: z.string().min(1), to: z.string().min(1).max(200), join: z.string().min(1).optional() }),
  z.strictObject({ kind: z.literal('react'), unit: z.string().min(1), choice: z.enum(REACTIONS, { error: () => `a response: ${REACTIONS.join(', ')}` }),
    /** With `opportunity`: should the target evade, pursue, halt or rally back (L408-416, ANRT-E8), as /charge's; absent, the rules' default (ANRT-E1). */
    ifEvaded: z.enum(IF_EVADED, { error: () => `if-evaded: ${IF_EVADED.join(', ')} (or leave it out for the rules' default)` }).optional() }),
]);
export type AnrtOrder = z.infer<typeof AnrtOrder>;

/** A move and a charge of one unit exclude each other; a formation change may go with a move. */
export const orderKey = (o: AnrtOrder): string =>
  o.kind === 'allocate' ? `allocate:${o.division}` : o.kind === 'regroup' ? `regroup:${o.brigade}` : o.kind === 'adc' ? `adc:${o.adc}` : o.kind === 'attach' ? `attach:${o.what}` : o.kind === 'pay' ? `pay:${o.what}` : o.kind === 'general' ? `general:${o.general}` :
  o.kind === 'first' ? 'first' : o.kind === 'formation' ? `formation:${o.unit}` : o.kind === 'react' ? `react:${o.unit}` : o.kind === 'fire' ? `fire:${o.unit}` : `act:${o.unit}`;

/** ANRT has no in-window actions: every decision is an order to its window. */
export const AnrtAction = z.never();
export type AnrtAction = z.infer<typeof AnrtAction>;
