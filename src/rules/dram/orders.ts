import { corpsUnder, mayAssist } from './generals';
import { z } from 'zod';
import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Accepted, SeatId } from '../contract';
import type { Point } from '../geometry/types';
import { distance } from '../geometry/vector';
import { advanceAlong, hasLineOfSight, milesBetween, nearestEnemy, type Locatable } from './geo';
import { resolvePath } from './paths';
import { generalOrder, GENERAL_BASE } from './movement';
import { rankGroups, type DramState } from './state';
import { canChangeOrder, movementAllowanceInches, orderCost, ORDERS } from './tables';

/**
 * What DRAM players post (DRAM §2): in the movement window, moves for their stands and
 * generals (and, for HR D-13, the order in which their stands take losses); in the orders
 * window, order chits and written orders (§5). Raw input is parsed by these schemas first,
 * then checked against the state by `validateOrder`.
 */
const PointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

export const MoveOrder = z.object({
  kind: z.literal('move'),
  /** A stand or a general. */
  unit: z.string().min(1),
  /** What the player typed (a grid reference, landmark, relative move…). */
  to: z.string().max(200),
  /** Waypoints from the unit's position, filled in by validation. */
  path: z.array(PointSchema).max(50).optional(),
  /** Generals only: join this stand for combat (DRAM §8). */
  join: z.string().optional(),
});
export type MoveOrder = z.infer<typeof MoveOrder>;

export const LossOrder = z.object({ kind: z.literal('losses'), corps: z.string().min(1), stands: z.array(z.string().min(1)).min(1).max(40) });
export type LossOrder = z.infer<typeof LossOrder>;

export const ChitOrder = z.object({
  kind: z.literal('chit'),
  general: z.string().min(1),
  target: z.object({ kind: z.enum(['stand', 'corps']), id: z.string().min(1) }),
  order: z.enum(ORDERS),
});
export type ChitOrder = z.infer<typeof ChitOrder>;

export const DramOrder = z.discriminatedUnion('kind', [MoveOrder, LossOrder, ChitOrder]);
export type DramOrder = z.infer<typeof DramOrder>;

export const InitiativeAction = z.object({ kind: z.literal('initiative'), corps: z.string().min(1) });
export type DramAction = z.infer<typeof InitiativeAction>;

export function orderKey(o: DramOrder): string {
  switch (o.kind) {
    case 'move': return `move:${o.unit}`;
    case 'losses': return `losses:${o.corps}`;
    case 'chit': return `chit:${o.target.kind}:${o.target.id}`;
  }
}

const problem = (code: string, message: string, hint?: string): Problem => ({ code, message, ...(hint ? { hint } : {}) });

/** Check one order against the state; `pending` are the seat's other orders this phase. */
export function validateOrder(s: DramState, seat: SeatId, o: DramOrder, pending: readonly DramOrder[]): Result<Accepted<DramOrder>, Problem> {
  const commands = new Set(s.seats.find((x) => x.id === seat)?.commands ?? []);
  if (s.phase === 'initiative') {
    return err(problem('order/wrong-phase', 'This window is for initiative rolls (DRAM §4); moves come in your rank\'s window.', 'Roll with /initiative; then wait for your rank.'));
  }
  if (s.phase === 'rank' && o.kind === 'move') {
    // Live movement: only the corps of the rank now moving (and higher generals) may move.
    const group = rankGroups(s)[s.rank ?? 0] ?? [];
    const corps = s.stands[o.unit]?.corps ?? s.generals[o.unit]?.corps ?? null;
    if (corps !== null && !group.includes(corps)) {
      return err(problem('order/not-your-rank', `It is not ${s.corps[corps]?.name ?? corps}'s turn to move: now moving ${group.map((c) => s.corps[c]?.name ?? c).join(', ')}.`, 'Wait for your rank\'s window (see /game status).'));
    }
  }
  if (s.phase === 'movement' || s.phase === 'rank') {
    if (o.kind === 'move') return validateMove(s, commands, o);
    if (o.kind === 'losses') {
      if (!commands.has(o.corps)) return err(problem('order/not-yours', `You do not command ${s.corps[o.corps]?.name ?? o.corps}.`));
      const bad = o.stands.find((id) => s.stands[id]?.corps !== o.corps);
      if (bad) return err(problem('order/unknown-unit', `${s.stands[bad]?.name ?? bad} is not a stand of ${s.corps[o.corps]?.name ?? o.corps}.`));
      return ok({ order: o, preview: [`Losses in combat go first to ${o.stands.map((id) => s.stands[id]?.name ?? id).join(', ')}.`] });
    }
    return err(problem('order/wrong-phase', 'Order chits are written in the orders window (phase 7), not during movement.', 'Wait for the orders window, then use /orders.'));
  }
  if (s.phase === 'orders') {
    if (o.kind !== 'chit') return err(problem('order/wrong-phase', 'Only order chits can be issued now (DRAM §2 phase 7).', 'Moves are plotted in the next movement window.'));
    return validateChit(s, commands, o, pending);
  }
  return err(problem('order/wrong-phase', `Nothing can be ordered during the ${s.phase} phase.`));
}

function validateMove(s: DramState, commands: ReadonlySet<string>, o: MoveOrder): Result<Accepted<DramOrder>, Problem> {
  const stand = s.stands[o.unit];
  const general = s.generals[o.unit];
  if (!stand && !general) return err(problem('order/unknown-unit', `There is no stand or general "${o.unit}".`));
  const owner = stand ? stand.corps : general!.corps ?? general!.id;
  if (!commands.has(owner) && !commands.has(o.unit)) {
    // Whose it is, so a player who picked the wrong name (or sits the wrong seat) knows which.
    const corpsName = s.corps[owner]?.name;
    return err(problem('order/not-yours', `${stand?.name ?? general!.name} is not under your command${corpsName ? ` (it belongs to ${corpsName})` : ''}.`, '/orders mine lists the stands and generals you command; a vacant corps is taken with /game join.'));
  }
  if (stand) {
    if (!stand.onTable || stand.removed) return err(problem('order/not-on-table', `${stand.name} is not on the table.`));
    if (stand.fallingBack) return err(problem('order/falling-back', `${stand.name} is falling back after its exhaustion test and moves by itself (DRAM §3).`, 'A general can stop it with a new order chit.'));
    if (o.join) return err(problem('order/join-general-only', 'Only generals join stands for combat.'));
  } else if (general!.status !== 'present') return err(problem('order/general-gone', `${general!.name} has left the field.`));

  const allowance = stand ? movementAllowanceInches(stand.arm, stand.order, s.settings) : movementAllowanceInches('general', generalOrder(s, o.unit), s.settings);
  if (!allowance) return err(problem('order/cannot-move', `${stand?.name} is on ${stand?.order} orders and does not move (DRAM §7).`, 'Give it D, A or M orders in the orders window first.'));
  if (o.join) {
    const target = s.stands[o.join];
    if (!target || target.removed || target.side !== general!.side) return err(problem('order/join-target', `${s.stands[o.join]?.name ?? o.join} is not a friendly stand on the table.`));
    if (!mayAssist(s, general!.id, target.id)) {
      const own = [...corpsUnder(s, general!.id)].map((c) => s.corps[c]?.name ?? c);
      return err(problem('order/join-not-subordinate', `${general!.name}'s CR assists only units under him (DRAM §6 L81, §8 L133): ${target.name} is not of ${own.join(', ') || 'any corps he commands'}.`, 'Join a stand of a corps under him (setting generals.crAssists: any lifts this).'));
    }
  }
  const mover = stand ?? { id: general!.id, side: general!.side, pose: general!.pose, base: GENERAL_BASE };
  // A path already resolved (stored orders, tests) is re-checked as it stands; text goes through the location parser.
  const path = o.path && o.path.length > 0 ? ok([mover.pose.at, ...o.path.filter((p, i) => i > 0 || p.x !== mover.pose.at.x || p.y !== mover.pose.at.y)])
    : o.to.trim() === '' || o.to.trim() === '-' ? ok([mover.pose.at]) : resolvePath(s, mover, o.to);
  if (!path.ok) return path;
  const adv = advanceAlong(s, mover, path.value, allowance, { ignoreContact: !stand });
  const name = stand?.name ?? general!.name;
  const moved = adv.travelled;
  const terrain = adv.stopped?.endsWith('cannot be crossed here') ?? false;
  // Issue 11: a move that goes nowhere is refused, saying why, rather than accepted with a receipt.
  if (moved < 0.05 && path.value.length > 1 && distance(path.value[0]!, path.value[path.value.length - 1]!) > 0.05) {
    return err(problem('order/no-move', `${name} would not move at all: ${adv.stopped ?? 'it cannot go that way'}.`, hintFor(adv.stopped, terrain)));
  }
  const warnings: string[] = [];
  const preview = [Number.isFinite(adv.plannedCost)
    ? `Path ${adv.length.toFixed(1)}" costs ${adv.plannedCost.toFixed(1)}" of ${allowance}" allowed.`
    : `Path ${adv.length.toFixed(1)}": it crosses ground that cannot be crossed.`];
  // Every move cut short says where and why (the narrative prints the same reason).
  if (adv.stopped && moved < adv.length - 0.05) {
    const why = adv.stopped === 'allowance spent' ? `its ${allowance}" allowance is spent` : adv.stopped;
    warnings.push(`Cut short: it stops after ${moved.toFixed(1)}" of the ${adv.length.toFixed(1)}" path — ${why}.${adv.stopped === 'allowance spent' || adv.contact ? '' : ` ${hintFor(adv.stopped, terrain)}`}`);
  }
  if (adv.contact) warnings.push(`Contact with ${s.stands[adv.contact]?.name ?? adv.contact} if nothing moves first: that means combat (DRAM §8).`);
  if (stand?.noAdvance) {
    const before = nearestEnemy(s, stand), after = nearestEnemy(s, { ...stand, pose: adv.end });
    if (before && after && after.miles < before.miles - 1e-9) return err(problem('order/no-advance', `${stand.name} may not advance towards the enemy this turn (DRAM §3): this move ends ${(before.miles - after.miles).toFixed(2)} mi nearer ${after.stand.name}.`, 'Move it sideways or away, or leave it.'));
  }
  return ok({ order: { ...o, path: path.value.map((p: Point) => ({ x: p.x, y: p.y })) }, preview, warnings });
}

/**
 * What to do about a move cut short. A module function, not a closure made per move: the bot's
 * bundle keeps names, so each closure made costs a `__name` call as well (issue 12: ~1 µs a /move).
 */
function hintFor(why: string | undefined, terrain: boolean): string {
  return terrain ? 'Route it over a bridge or ford.' : why?.endsWith('is in the way') ? 'Plot a path around it, or move the other stand first.' : 'Plot another path.';
}

function validateChit(s: DramState, commands: ReadonlySet<string>, o: ChitOrder, pending: readonly DramOrder[]): Result<Accepted<DramOrder>, Problem> {
  const g = s.generals[o.general];
  if (!g) return err(problem('order/unknown-general', `There is no general "${o.general}".`));
  if (!commands.has(g.id) && !(g.corps && commands.has(g.corps))) return err(problem('order/not-yours', `${g.name} is not yours to command.`));
  if (g.status !== 'present') return err(problem('order/general-gone', `${g.name} has left the field.`));
  if (g.ap <= 0) return err(problem('order/no-ap', `${g.name} has AP 0 and cannot issue orders (HR D-18).`));

  const written = o.target.kind === 'corps';
  let to: Locatable;
  let currentOrders: string[];
  if (o.target.kind === 'stand') {
    const st = s.stands[o.target.id];
    if (!st || st.removed || !st.onTable) return err(problem('order/unknown-unit', `${o.target.id} is not a stand on the table.`));
    if (!isUnder(s, g.id, st.corps)) return err(problem('order/not-subordinate', `${st.name} is not under ${g.name}'s command.`));
    to = st;
    currentOrders = [st.order];
  } else {
    const corps = s.corps[o.target.id];
    if (!corps) return err(problem('order/unknown-unit', `There is no corps "${o.target.id}".`));
    if (g.corps === corps.id || !isUnder(s, g.id, corps.id)) return err(problem('order/not-subordinate', `Written orders go from a higher general to a subordinate corps (HR D-7); ${corps.name} is not below ${g.name}.`));
    to = s.generals[corps.general]!;
    currentOrders = corps.stands.map((id) => s.stands[id]).filter((x) => x && !x.removed).map((x) => x!.order);
  }
  const illegal = currentOrders.find((from) => from !== o.order && !canChangeOrder(from as never, o.order));
  if (illegal) return err(problem('order/illegal-change', `A stand on ${illegal} orders cannot change to ${o.order} (DRAM §5 "may change to").`, `From ${illegal} the allowed orders are ${['D', 'R', 'A', 'M'].filter((x) => x === illegal || canChangeOrder(illegal as never, x as never)).join(', ')}.`));
  if (o.order === 'R' && o.target.kind === 'stand') {
    const near = nearestEnemy(s, s.stands[o.target.id]!);
    if (near && near.miles <= 1) return err(problem('order/reserve-near-enemy', `Reserve is not possible within 1 mile of the enemy (DRAM §5): ${near.stand.name} is ${near.miles.toFixed(2)} mi away.`));
  }
  const miles = milesBetween(s, g, to);
  const los = s.settings.los.model === 'always-clear' || hasLineOfSight(s, g.pose.at, to.pose.at);
  const cost = orderCost({ distanceMiles: miles, lineOfSight: los, written, generalAp: g.ap }, s.settings);
  if (!cost.ok) return cost;
  const spent = g.apSpent + pending.filter((p): p is ChitOrder => p.kind === 'chit' && p.general === g.id && orderKey(p) !== orderKey(o))
    .reduce((a, p) => a + chitCostOrZero(s, p), 0);
  if (spent + cost.value > g.ap) return err(problem('order/ap-exhausted', `${g.name} has ${g.ap - spent} AP left this turn; this order costs ${cost.value}.`, 'Withdraw another of his orders or choose a nearer stand.'));
  return ok({
    order: o,
    preview: [`${written ? 'Written order' : 'Chit'} ${o.order} to ${o.target.kind === 'stand' ? s.stands[o.target.id]?.name ?? o.target.id : s.corps[o.target.id]?.name ?? o.target.id}: ${cost.value} AP (${miles.toFixed(2)} mi${los ? '' : ', out of sight'}); ${g.ap - spent - cost.value} AP left. Revealed at the start of next turn.`],
  });
}

function chitCostOrZero(s: DramState, o: ChitOrder): number {
  const g = s.generals[o.general];
  if (!g) return 0;
  const to = o.target.kind === 'stand' ? s.stands[o.target.id] : s.generals[s.corps[o.target.id]?.general ?? ''];
  if (!to) return 0;
  const los = s.settings.los.model === 'always-clear' || hasLineOfSight(s, g.pose.at, to.pose.at);
  const c = orderCost({ distanceMiles: milesBetween(s, g, to), lineOfSight: los, written: o.target.kind === 'corps', generalAp: g.ap }, s.settings);
  return c.ok ? c.value : 0;
}

/** Is corps `corpsId` commanded by general `gid`, directly or through his subordinates? */
export function isUnder(s: DramState, gid: string, corpsId: string): boolean {
  const g = s.generals[gid];
  if (!g) return false;
  if (g.corps === corpsId) return true;
  return g.subordinates.some((sub) => isUnder(s, sub, corpsId));
}
