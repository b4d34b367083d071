import { z } from 'zod';

/**
 * What Kuryakin players do. Every act is made at once with binding dice (the text is written for
 * one player who rolls everything, L3): the units the current cards activate move, change
 * formation, halt, reform, fire or charge; a side plays its chance card. There are no posted
 * orders.
 */
const Id = z.string().min(1).max(100);

/** L9-11: move straight ahead up to `to` ("120", "120 mm", "forward 120mm"; 1 mm = 1 yard, L3); the allowance and swerve are rolled. */
export const MoveAction = z.object({ kind: z.literal('move'), unit: Id, to: z.string().min(1).max(200) });
/** L10: an advancing unit is told to halt (it rolls to stop). */
export const HaltAction = z.object({ kind: z.literal('halt'), unit: Id });
/** L9-10: change formation (D4 quarters of a move); any word, so an unknown one is refused with the unit's formations. */
export const FormationAction = z.object({ kind: z.literal('formation'), unit: Id, formation: z.string().min(1).max(40) });
/** L11-12: reform (the whole turn, no casualties this turn). */
export const ReformAction = z.object({ kind: z.literal('reform'), unit: Id });
/** L12-16: fire at an enemy unit. */
export const FireAction = z.object({ kind: z.literal('fire'), unit: Id, target: Id });
/** L8, L16-28: charge an enemy unit. */
export const ChargeAction = z.object({ kind: z.literal('charge'), unit: Id, target: Id });
/** L3: play the side's chance card, on a unit when its effect names one. */
export const ChanceAction = z.object({ kind: z.literal('chance'), unit: Id.optional() });

/** KS-41: attach a general to one of his side's units (in its front rank, L14), or detach him (unit null). */
export const AttachAction = z.object({ kind: z.literal('attach'), general: Id, unit: Id.nullable() });
/** KS-42: a general rides to a point ("x,y" in mm, or a landmark), up to generals.moveMm a turn. */
export const GeneralMoveAction = z.object({ kind: z.literal('general-move'), general: Id, to: z.string().min(1).max(200) });

export const SoloAction = z.discriminatedUnion('kind', [MoveAction, HaltAction, FormationAction, ReformAction, FireAction, ChargeAction, ChanceAction, AttachAction, GeneralMoveAction]);
/** A Kuryakin in-window action. */
export type SoloAction = z.infer<typeof SoloAction>;

/** Kuryakin has no posted orders: the schema accepts nothing. */
export const SoloOrder = z.never();
/** A Kuryakin order (none exist). */
export type SoloOrder = z.infer<typeof SoloOrder>;
