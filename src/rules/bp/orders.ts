import { z } from 'zod';
import { FORMATIONS } from './tables/vocabulary';

/**
 * What B&P players post. B&P has no secret orders: the phasing player acts in public, each act
 * resolved at once with binding dice (L24: "One player moves and determines all combat
 * results"), so everything is an in-window action. The non-phasing player's only decisions
 * (return fire or hold it, form square) are standing reactions set in advance (L111, L123,
 * L131), private to their owner.
 */
const Id = z.string().min(1).max(100);

/** Move a unit or command figure (L26-53): a place, or steps such as "forward 4in then wheel left 30". */
export const MoveAction = z.object({ kind: z.literal('move'), unit: Id, to: z.string().min(1).max(200) });
/** Change formation (L28-30, L57-63), keeping the front centre. */
export const FormationAction = z.object({ kind: z.literal('formation'), unit: Id, formation: z.enum(FORMATIONS) });
/** Fire at an enemy unit: volley, skirmish fire, round shot or canister, chosen by range and formation (L71-101). */
export const FireAction = z.object({ kind: z.literal('fire'), unit: Id, target: Id });
/** Charge an enemy unit (L105-135). */
export const ChargeAction = z.object({ kind: z.literal('charge'), unit: Id, target: Id, with: z.array(Id).max(3).optional() });
/** Send gunners from one gun to another (L97, HR B-17): 1 move to transfer, 1 to integrate. Figures: how many (default: see phases/crew.ts). */
export const CrewAction = z.object({ kind: z.literal('crew'), unit: Id, to: Id, figures: z.number().int().min(1).max(99).optional() });
/** A unit's standing reactions, set privately at any time by its owner. */
export const StandingAction = z.object({ kind: z.literal('standing'), unit: Id, returnFire: z.enum(['fire', 'hold']), square: z.boolean() });
/** Whether this side moves first or second should it win the roll-off (HR B-1); standing, private. */
export const FirstAction = z.object({ kind: z.literal('first'), when: z.enum(['first', 'second']) });

export const BpAction = z.discriminatedUnion('kind', [MoveAction, FormationAction, FireAction, ChargeAction, CrewAction, StandingAction, FirstAction]);
/** A B&P in-window action. */
export type BpAction = z.infer<typeof BpAction>;

/** The verbs, for the adapters (pieces.ts lists what each piece may do now). */
export const BP_VERBS = ['move', 'formation', 'fire', 'charge', 'crew', 'standing'] as const;
/** One verb. */
export type BpVerb = (typeof BP_VERBS)[number];

/** B&P has no posted orders: the schema accepts nothing (validate explains). */
export const BpOrder = z.never();
/** A B&P order (none exist). */
export type BpOrder = z.infer<typeof BpOrder>;
