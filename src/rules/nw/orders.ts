import { z } from 'zod';
import { REACTION_CHOICES } from './phases/reaction-zone';

export { REACTION_CHOICES };

/**
 * What NW players post, by window (turn.ts): every order is parsed by these schemas first, then
 * checked against the state by `validateNwOrder` (validate.ts). One order per key per seat and
 * window, so a player amends an order by posting it again.
 *
 *  - fire window (skirmish + artillery of one player-turn, both sides): `skirmish` targets where
 *    the assignment rules leave a choice (§7.5-7.6), `fire` targets or 'hold' (§8.0 L158, §8.3
 *    L174), and in player-turn 1 the initiative winner's `first` (§6.0 L71);
 *  - maneuver window (phasing side): rolls and moves are binding actions (below); `advance` and
 *    `primary` are the combat choices the phasing player may make in advance (§11.0.1, §11.5);
 *  - reaction window (non-phasing side): `react` per eligible cavalry (§10.1-10.2);
 *  - retreat window (the retreating brigade's side, only when its way back is a real choice, RC-1):
 *    `retreat`, the way it bends round what blocks its straight line (§11.4 L401);
 *  - any window: `reroll`, Napoleon's once-per-game initiative re-roll called for the next
 *    initiative roll should he lose it (§6.0 L77; WN-4).
 */
const Id = z.string().min(1).max(100);

export const FirstOrder = z.object({ kind: z.literal('first'), side: Id });
export const SkirmishOrder = z.object({ kind: z.literal('skirmish'), unit: Id, target: Id });
export const FireOrder = z.object({ kind: z.literal('fire'), battery: Id, target: Id });
export const AdvanceOrder = z.object({ kind: z.literal('advance'), unit: Id, advance: z.boolean() });
export const PrimaryOrder = z.object({ kind: z.literal('primary'), defender: Id, unit: Id });
export const ReactOrder = z.object({ kind: z.literal('react'), unit: Id, choice: z.enum(REACTION_CHOICES) });
export const RerollOrder = z.object({ kind: z.literal('reroll'), use: z.boolean() });
/** RC-1: the way a retreating or routing brigade bends when two ways are equally direct (§11.4 L401). */
export const RETREAT_WAYS = ['left', 'right'] as const;
export const RetreatWayOrder = z.object({ kind: z.literal('retreat'), unit: Id, way: z.enum(RETREAT_WAYS) });

export const NwOrder = z.discriminatedUnion('kind', [FirstOrder, SkirmishOrder, FireOrder, AdvanceOrder, PrimaryOrder, ReactOrder, RerollOrder, RetreatWayOrder]);
export type NwOrder = z.infer<typeof NwOrder>;

/** Binding in-window actions of the maneuver phase: each is rolled or made at once, in public (§9.0). */
export const ManeuverAction = z.object({ kind: z.literal('maneuver'), unit: Id });
export const MoveAction = z.object({ kind: z.literal('move'), unit: Id, to: z.string().min(1).max(200) });
export const AttachAction = z.object({ kind: z.literal('attach'), general: Id, unit: Id.nullable() });
export const NwAction = z.discriminatedUnion('kind', [ManeuverAction, MoveAction, AttachAction]);
export type NwAction = z.infer<typeof NwAction>;

export function nwOrderKey(o: NwOrder): string {
  switch (o.kind) {
    case 'first': return 'first';
    case 'skirmish': return `skirmish:${o.unit}`;
    case 'fire': return `fire:${o.battery}`;
    case 'advance': return `advance:${o.unit}`;
    case 'primary': return `primary:${o.defender}`;
    case 'react': return `react:${o.unit}`;
    case 'reroll': return 'reroll';
    case 'retreat': return `retreat:${o.unit}`;
  }
}
