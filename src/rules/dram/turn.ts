import type { Dice } from '../../dice/dice';
import type { PhaseInfo, SeatId, Step } from '../contract';
import type { GameEvent } from '../events';
import { combatPhase } from './combat';
import { exhaustionPhase } from './exhaustion';
import { activeCorps, moveSequence, rollInitiative } from './initiative';
import { movementPhase } from './movement';
import type { ChitOrder, DramOrder, LossOrder, MoveOrder } from './orders';
import { reorganisationPhase } from './reorganisation';
import { revealPhase } from './reveal';
import { clockOf, liveStands, presentGenerals, rankGroups, type DramState } from './state';
import { movementAllowanceInches, orderCost } from './tables';
import { checkOutcome } from './victory';

/**
 * The DRAM turn as two windows players post in, with the automatic phases of DRAM §2 folded
 * into their resolution:
 *   movement window (initiative rolls + plotted moves) → 3 initiative order, 4 movement,
 *     5 combat, 6 re-organisation → orders window (secret chits) → 7 issue orders, next
 *     turn's 1 reveal and 2 exhaustion → movement window …
 */
/** After exhaustion: one plotted movement window, or (live) the initiative window first. */
export const firstMovePhase = (s: DramState): 'movement' | 'initiative' => (s.settings.move.windows === 'live' ? 'initiative' : 'movement');

export function phaseInfo(s: DramState): PhaseInfo {
  const clock = clockOf(s, s.turn);
  switch (s.phase) {
    case 'movement':
      return { id: 'dram/movement', label: `Turn ${s.turn} (${clock}) — 3. Initiative and 4. Movement`, turn: s.turn, clock, owes: { kind: 'all' }, secret: false };
    case 'orders':
      return { id: 'dram/orders', label: `Turn ${s.turn} (${clock}) — 7. Issue new orders`, turn: s.turn, clock, owes: { kind: 'all' }, secret: true };
    case 'initiative':
      return { id: 'dram/initiative', label: `Turn ${s.turn} (${clock}) — 3. Initiative`, turn: s.turn, clock, owes: { kind: 'all' }, secret: false };
    case 'rank': {
      const groups = rankGroups(s);
      const r = s.rank ?? 0;
      const names = (groups[r] ?? []).map((c) => s.corps[c]?.name ?? c).join(', ');
      return { id: 'dram/rank', label: `Turn ${s.turn} (${clock}) — 4. Movement, rank ${r + 1} of ${groups.length}: ${names}`, turn: s.turn, clock, owes: { kind: 'all' }, secret: false };
    }
    case 'ended':
      return { id: 'dram/ended', label: `Ended after turn ${s.turn}`, turn: s.turn, clock, owes: { kind: 'none' }, secret: false };
    default:
      return { id: `dram/${s.phase}`, label: `Turn ${s.turn} (${clock}) — ${s.phase}`, turn: s.turn, clock, owes: { kind: 'none' }, secret: false };
  }
}

/** Seats with something to decide now; the others are ready without posting. */
export function owing(s: DramState): SeatId[] {
  if (s.phase === 'initiative') return s.seats.filter((seat) => pendingInitiative(s, seat.id).length > 0).map((x) => x.id);
  if (s.phase === 'rank') {
    const group = new Set(rankGroups(s)[s.rank ?? 0] ?? []);
    return s.seats.filter((seat) => seat.commands.some((c) => group.has(c))).map((x) => x.id);
  }
  if (s.phase === 'movement') {
    return s.seats.filter((seat) => {
      const cmd = new Set(seat.commands);
      const canMove = liveStands(s).some((st) => cmd.has(st.corps) && !st.fallingBack && (movementAllowanceInches(st.arm, st.order, s.settings) ?? 0) > 0);
      const hasGeneral = presentGenerals(s).some((g) => cmd.has(g.id) || (g.corps !== null && cmd.has(g.corps)));
      const mustRoll = activeCorps(s).some((c) => cmd.has(c) && s.initiative[c] == null);
      return canMove || hasGeneral || mustRoll;
    }).map((x) => x.id);
  }
  if (s.phase === 'orders') {
    return s.seats.filter((seat) => {
      const cmd = new Set(seat.commands);
      return presentGenerals(s).some((g) => (cmd.has(g.id) || (g.corps !== null && cmd.has(g.corps))) && g.ap > 0
        && orderCost({ distanceMiles: 0, lineOfSight: true, written: false, generalAp: g.ap }, s.settings).ok);
    }).map((x) => x.id);
  }
  return [];
}

/** Corps of `seat` whose initiative die is still to roll. */
export function pendingInitiative(s: DramState, seat: SeatId): string[] {
  if (s.phase !== 'movement' && s.phase !== 'initiative') return [];
  const cmd = new Set(s.seats.find((x) => x.id === seat)?.commands ?? []);
  return activeCorps(s).filter((c) => cmd.has(c) && s.initiative[c] == null);
}

/** Resolve the current window with everyone's orders. */
export function resolveWindow(state: DramState, orders: ReadonlyMap<SeatId, readonly DramOrder[]>, dice: Dice): Step<DramState> {
  const all = [...orders.values()].flat();
  if (state.phase === 'movement') return resolveMovementWindow(state, all, dice);
  if (state.phase === 'initiative') return resolveInitiativeWindow(state, dice);
  if (state.phase === 'rank') return resolveRankWindow(state, all, dice);
  if (state.phase === 'orders') return resolveOrdersWindow(state, all.filter((o): o is ChitOrder => o.kind === 'chit'), dice);
  throw new Error(`DRAM: nothing to resolve in phase ${state.phase}`);
}

function resolveMovementWindow(state: DramState, all: readonly DramOrder[], dice: Dice): Step<DramState> {
  const ini = initiativeAndSequence(state, dice);
  const moved = movementPhase(ini.state, all.filter((o): o is MoveOrder => o.kind === 'move'));
  const lossOrders = new Map(all.filter((o): o is LossOrder => o.kind === 'losses').map((o) => [moved.state.corps[o.corps]!.side, o.stands]));
  const after = afterMovement(moved.state, dice, lossOrders);
  return { state: after.state, events: [...ini.events, ...moved.events, ...after.events] };
}

/** Phase 3: the bot rolls for corps whose commander did not (issue 4), then the move sequence. */
function initiativeAndSequence(state: DramState, dice: Dice): Step<DramState> {
  let s = state;
  const events: GameEvent[] = [{ kind: 'phase', turn: s.turn, phase: 'dram/initiative', label: '3. Initiative' }];
  for (const c of activeCorps(s)) {
    if (s.initiative[c] != null) continue;
    const r = rollInitiative(s, c, dice);
    s = r.state;
    events.push(...r.events);
  }
  const seq = moveSequence(s, dice);
  return { state: seq.state, events: [...events, ...seq.events] };
}

/** Live movement: after initiative, the first rank's window opens. */
function resolveInitiativeWindow(state: DramState, dice: Dice): Step<DramState> {
  const ini = initiativeAndSequence(state, dice);
  const next = openRank(ini.state, 0, dice, new Map());
  return { state: next.state, events: [...ini.events, ...next.events] };
}

/** Live movement: this rank's corps move; then the next rank, or combat after the last. */
function resolveRankWindow(state: DramState, all: readonly DramOrder[], dice: Dice): Step<DramState> {
  const r = state.rank ?? 0;
  const group = rankGroups(state)[r] ?? [];
  const moved = movementPhase(state, all.filter((o): o is MoveOrder => o.kind === 'move'), group);
  const losses = { ...(state.lossOrders ?? {}) };
  for (const o of all) if (o.kind === 'losses') losses[state.corps[o.corps]!.side] = o.stands;
  const next = openRank({ ...moved.state, lossOrders: losses }, r + 1, dice, new Map(Object.entries(losses)));
  return { state: next.state, events: [...moved.events, ...next.events] };
}

function openRank(s: DramState, r: number, dice: Dice, lossOrders: ReadonlyMap<string, readonly string[]>): Step<DramState> {
  if (r < rankGroups(s).length) {
    return { state: { ...s, phase: 'rank', rank: r }, events: [{ kind: 'phase', turn: s.turn, phase: 'dram/rank', label: phaseInfo({ ...s, phase: 'rank', rank: r }).label }] };
  }
  const { rank: _r, lossOrders: _l, ...rest } = s;
  return afterMovement({ ...rest, phase: 'combat' }, dice, lossOrders);
}

/** Phases 5 and 6, the victory checks, then the orders window. */
function afterMovement(state: DramState, dice: Dice, lossOrders: ReadonlyMap<string, readonly string[]>): Step<DramState> {
  let s = state;
  const events: GameEvent[] = [];
  const fought = combatPhase(s, dice, lossOrders);
  s = fought.state;
  events.push(...fought.events);
  const end = checkOutcome(s, 'after-combat');
  if (end) return { state: { ...s, phase: 'ended', ended: end }, events: [...events, { kind: 'note', rule: 'victory', text: end.summary }] };
  const reorg = reorganisationPhase(s, dice);
  s = reorg.state;
  events.push(...reorg.events);
  const last = checkOutcome(s, 'end-of-turn');
  if (last) return { state: { ...s, phase: 'ended', ended: last }, events: [...events, { kind: 'note', rule: 'victory', text: last.summary }] };
  return { state: { ...s, phase: 'orders' }, events: [...events, { kind: 'phase', turn: s.turn, phase: 'dram/orders', label: '7. Issue new orders' }] };
}

function resolveOrdersWindow(state: DramState, chits: readonly ChitOrder[], dice: Dice): Step<DramState> {
  let s: DramState = state;
  const events: GameEvent[] = [];
  const written: DramState['chits'][number][] = [];
  for (const c of [...chits].sort((a, b) => (a.general + a.target.id < b.general + b.target.id ? -1 : 1))) {
    const g = s.generals[c.general]!;
    written.push({ by: g.id, target: c.target, order: c.order, turn: s.turn, written: c.target.kind === 'corps' });
  }
  events.push({ kind: 'note', rule: 'DRAM §5', text: `${written.length} order chit(s) written face down.` });
  s = { ...s, chits: written, turn: s.turn + 1, phase: 'reveal' };
  const reveal = revealPhase(s);
  const exhaustion = exhaustionPhase(reveal.state, dice);
  return {
    state: { ...exhaustion.state, phase: firstMovePhase(exhaustion.state) },
    events: [...events, ...reveal.events, { kind: 'phase', turn: s.turn, phase: 'dram/exhaustion', label: '2. Exhaustion tests and compulsory order changes' }, ...exhaustion.events, { kind: 'phase', turn: s.turn, phase: 'dram/movement', label: '3. Initiative and 4. Movement' }],
  };
}
