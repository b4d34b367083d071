import type { Dice, RolledDice } from '../../dice/dice';
import type { PhaseInfo, SeatId, Step } from '../contract';
import type { GameEvent } from '../events';
import type { NwOrder } from './orders';
import { aimBattery, artilleryPhase, batteryTargets } from './phases/artillery';
import { combatPhase, findContacts } from './phases/combat';
import { initiativePhase } from './phases/initiative';
import { finalFireRetreat, maneuverPhase } from './phases/maneuver';
import type { RetreatWay } from './phases/retreat';
import { rallyPhase } from './phases/rally';
import { carryReactionCandidates, reactionCandidates, reactionPhase, type NwReactionChoice } from './phases/reaction';
import { irregularsAmong, skirmishAssignments, skirmishPhase } from './phases/skirmish';
import { nameOf } from './phases/target-units';
import { battlefieldNow, EMPTY_LOG, liveBatteries, liveUnits, nwClockOf, visibilityInches, type NwPlayerTurnLog, type NwState } from './state';
import type { Ground, Weather } from './tables/vocabulary';

/**
 * The NW game turn (§5.0 L59-69) as the windows players post in. A window opens only where a
 * player has a real choice (issue 6: "players only post where the rules give them a real
 * choice"); every other phase resolves inside the resolution before it. Per player-turn:
 *
 *   fire window (2. skirmish + 3. artillery, both sides; WN-1) → maneuver window (4., phasing
 *   side: binding /maneuver rolls and /move, as on the table) → reaction window (5., non-phasing
 *   side, only when a cavalry brigade is eligible) → 6. combat (auto) …
 *
 * Artillery fire, final fire (a /move meeting a battery) and combat stop for a retreat window —
 * the retreating piece's side, only when its retreat has two equally direct ways (RC-1) — and go on
 * after it: artillery and combat resolved again with the same rolls, the maneuver in a new window.
 *
 * and after player-turn 2: 7. rally (auto), then the next turn's 1. initiative (auto) and its
 * first fire window, in which the initiative winner also says who moves first.
 */

const sideName = (s: NwState, side: string | null): string => s.sides.find((x) => x.id === side)?.name ?? side ?? '';

export function nwPhaseInfo(s: NwState): PhaseInfo {
  const clock = nwClockOf(s, s.turn);
  const head = `Turn ${s.turn} (${clock})`;
  const pt = s.phasing ? `, ${sideName(s, s.phasing)} player-turn` : '';
  const base = { turn: s.turn, clock, ...(s.phasing ? { phasingSide: s.phasing } : {}) };
  const w = s.log.retreatWay;
  if (w && RETREAT_PHASES[s.phase]) {
    // RC-1: one window kind for every forced retreat with two equally direct ways.
    return { ...base, id: 'nw/retreat', label: `${head}${pt} — ${RETREAT_PHASES[s.phase]}: ${nameOf(s, w.unit)}'s way back (${sideName(s, w.side)})`, owes: { kind: 'seats', seats: seatsOfSide(s, w.side) }, secret: false };
  }
  switch (s.phase) {
    case 'skirmish':
      // Simultaneous fire: both sides' targets stay sealed until the phase resolves. In player-turn 1
      // the label says who won the initiative (turn 1's roll is made at set-up, before any post).
      return {
        ...base, id: 'nw/fire', secret: true, owes: { kind: 'all' },
        label: `${head}${pt} — 2. Skirmish and 3. Artillery fire${s.playerTurn === 1 && s.initiative ? ` (initiative won by ${sideName(s, s.initiative.winner)})` : ''}`,
      };
    case 'maneuver':
      return { ...base, id: 'nw/maneuver', label: `${head}${pt} — 4. Maneuver`, owes: { kind: 'phasing' }, secret: false };
    case 'reaction':
      return { ...base, id: 'nw/reaction', label: `${head}${pt} — 5. Cavalry reaction`, owes: { kind: 'non-phasing' }, secret: false };
    case 'combat':
      return { ...base, id: 'nw/combat', label: `${head}${pt} — combat`, owes: { kind: 'none' }, secret: false };
    case 'ended':
      return { ...base, id: 'nw/ended', label: `Ended after turn ${s.turn}`, owes: { kind: 'none' }, secret: false };
    default:
      return { ...base, id: `nw/${s.phase}`, label: `${head}${pt} — ${s.phase}`, owes: { kind: 'none' }, secret: false };
  }
}

const seatsOfSide = (s: NwState, side: string | null): SeatId[] => s.seats.filter((x) => x.side === side).map((x) => x.id);

/** RC-1: the phases a forced retreat may stop for its way, as the retreat window names them. */
const RETREAT_PHASES: Partial<Record<NwState['phase'], string>> = { artillery: '3. Artillery fire', maneuver: '4. Maneuver (final fire)', combat: '6. Combat' };

/** RC-1: the sides whose players are asked a retreat's way (the seated ones; nobody asks a side no one plays). */
export const seatedSides = (s: NwState): string[] => s.sides.filter((x) => seatsOfSide(s, x.id).length > 0).map((x) => x.id);

/** RC-1: the way posted for the brigade waiting (the latest order), if any. */
const postedWay = (all: readonly NwOrder[], unit: string): RetreatWay | undefined =>
  [...all].reverse().find((o): o is Extract<NwOrder, { kind: 'retreat' }> => o.kind === 'retreat' && o.unit === unit)?.way;

/**
 * States are immutable, so what is worked out from one state object holds for as long as it
 * lives: the fire window's battery targets and who owes are asked for several times (each side's
 * fire choice, the service's `owing`, resolve's loop, the artillery phase's posted targets).
 */
const fireTargetsCache = new WeakMap<NwState, ReturnType<typeof batteryTargets>>();
function fireTargets(s: NwState): ReturnType<typeof batteryTargets> {
  let t = fireTargetsCache.get(s);
  if (!t) { t = batteryTargets(s, fireOptions(s)); fireTargetsCache.set(s, t); }
  return t;
}

/** §7.9 L154: the side's irregular cavalry that would have a skirmish target if its owner chose to skirmish. */
export function irregularSkirmishChoices(s: NwState, side: string): string[] {
  const mine = irregularsAmong(s, liveUnits(s, side).filter((u) => u.status !== 'routed').map((u) => u.id));
  if (mine.length === 0) return [];
  const a = skirmishAssignments(s, { ...fireOptions(s), irregularsSkirmishing: mine })[side];
  return mine.filter((id) => (a?.candidates.find((c) => c.attacker === id)?.candidates.length ?? 0) > 0);
}

/** Whether `side` has a real choice in this fire window (WN-2), a Cossack's choice to skirmish included. */
export function hasFireChoice(s: NwState, side: string): boolean {
  if (s.playerTurn === 1 && s.initiative?.winner === side) return true;
  if ((skirmishAssignments(s, fireOptions(s))[side]?.choices.length ?? 0) > 0) return true;
  if (irregularSkirmishChoices(s, side).length > 0) return true;
  const targets = fireTargets(s);
  return liveBatteries(s, side).some((b) => targets[b.id]?.decision.kind === 'choice');
}

const owingCache = new WeakMap<NwState, readonly SeatId[]>();

/** Seats with something to decide now; everyone else is ready without posting. */
export function nwOwing(s: NwState): SeatId[] {
  let owing = owingCache.get(s);
  if (!owing) { owing = owingOf(s); owingCache.set(s, owing); }
  return [...owing];
}

/**
 * Whether `nwOwing(s)` is non-empty, short-circuiting the fire window: a side whose seats owe for
 * its initiative or a skirmish choice settles it without working out every battery's targets.
 */
function anyoneOwes(s: NwState): boolean {
  const known = owingCache.get(s);
  if (known) return known.length > 0;
  if (s.phase !== 'skirmish') return nwOwing(s).length > 0;
  const sides = s.sides.filter((x) => seatsOfSide(s, x.id).length > 0);
  if (s.playerTurn === 1 && sides.some((x) => s.initiative?.winner === x.id)) return true;
  const assignments = skirmishAssignments(s, fireOptions(s));
  if (sides.some((x) => (assignments[x.id]?.choices.length ?? 0) > 0)) return true;
  if (sides.some((x) => irregularSkirmishChoices(s, x.id).length > 0)) return true;
  const targets = fireTargets(s);
  return sides.some((x) => liveBatteries(s, x.id).some((b) => targets[b.id]?.decision.kind === 'choice'));
}

function owingOf(s: NwState): SeatId[] {
  switch (s.phase) {
    case 'skirmish': return s.sides.filter((x) => hasFireChoice(s, x.id)).flatMap((x) => seatsOfSide(s, x.id));
    case 'artillery': return s.log.retreatWay ? seatsOfSide(s, s.log.retreatWay.side) : [];
    case 'maneuver': return seatsOfSide(s, s.phasing);
    case 'reaction': return reactionCandidates(s).length > 0 ? s.seats.filter((x) => x.side !== s.phasing).map((x) => x.id) : [];
    case 'combat': return s.log.retreatWay ? seatsOfSide(s, s.log.retreatWay.side) : [];
    default: return [];
  }
}

/**
 * What the fire phases read from the battle's settings: weather and the visibility it leaves
 * (NT-41, §9.51 L309). Cover, elevation and vulnerability the phases read from the state
 * themselves (conditions.ts).
 */
export function fireOptions(s: NwState): { weather: Weather; visibilityInches: number } {
  return { weather: battlefieldNow(s).weather, visibilityInches: visibilityInches(s) };
}

/** What the maneuver phase reads from the battle's settings (NT-41: mud, §9.4). */
export const maneuverOptions = (s: NwState): { ground: Ground } => ({ ground: battlefieldNow(s).ground });

/** Resolve the current window with every seat's orders, then every phase after it that nobody has to post in. */
export function resolveNw(state: NwState, orders: ReadonlyMap<SeatId, readonly NwOrder[]>, dice: Dice): Step<NwState> {
  const all = [...orders.values()].flat();
  const events: GameEvent[] = [];
  let s = callReroll(state, all);
  const first = resolvePhase(s, all, dice);
  s = first.state;
  events.push(...first.events);
  // Phases with no choice for anyone resolve at once (bounded: each step moves the sequence on).
  for (let guard = 0; s.phase !== 'ended' && !anyoneOwes(s); guard++) {
    if (guard > 40) throw new Error(`NW: no window opened after 40 automatic phases (turn ${s.turn}, ${s.phase})`);
    const next = resolvePhase(s, [], dice);
    s = next.state;
    events.push(...next.events);
  }
  return { state: s, events };
}

/** WN-4: a `reroll` order, in any window, calls Napoleon's re-roll for the next initiative roll. */
function callReroll(s: NwState, all: readonly NwOrder[]): NwState {
  const o = [...all].reverse().find((x) => x.kind === 'reroll');
  if (!o || o.kind !== 'reroll') return s;
  const army = Object.values(s.armies).find((a) => a.cinc.isNapoleon && !a.napoleonRerollSpent);
  if (!army) return s;
  return { ...s, armies: { ...s.armies, [army.side]: { ...army, napoleonRerollCalled: o.use } } };
}

function resolvePhase(s: NwState, all: readonly NwOrder[], dice: Dice): Step<NwState> {
  switch (s.phase) {
    case 'initiative': return resolveInitiative(s, dice);
    case 'skirmish': return resolveFire(s, all, dice);
    case 'artillery': return resolveArtillery(s, all, dice);
    case 'maneuver': return resolveManeuver(s, all, dice);
    case 'reaction': return resolveReaction(s, all, dice);
    case 'combat': return resolveCombat(s, all, dice);
    case 'rally': return rallyPhase(s, dice);
    case 'ended': return { state: s, events: [] };
  }
}

function resolveInitiative(s: NwState, dice: Dice): Step<NwState> {
  const nap = Object.values(s.armies).find((a) => a.cinc.isNapoleon);
  const r = initiativePhase(s, { napoleonReroll: nap?.napoleonRerollCalled === true }, dice);
  if (!r.ok) throw new Error(`NW initiative: ${r.error.message}`);
  const armies = nap ? { ...r.value.state.armies, [nap.side]: { ...r.value.state.armies[nap.side]!, napoleonRerollCalled: false } } : r.value.state.armies;
  return { state: { ...r.value.state, armies, log: EMPTY_LOG }, events: r.value.events };
}

/** The fire window: the first-mover choice, then skirmish, then artillery (WN-1). */
function resolveFire(state: NwState, all: readonly NwOrder[], dice: Dice): Step<NwState> {
  let s = state;
  const events: GameEvent[] = [];
  const first = all.find((o) => o.kind === 'first');
  if (first?.kind === 'first' && s.playerTurn === 1 && s.initiative && first.side !== s.phasing && s.sides.some((x) => x.id === first.side)) {
    s = { ...s, phasing: first.side, initiative: { ...s.initiative, first: first.side } };
    events.push({ kind: 'note', rule: 'NW §6.0 L71', text: `${sideName(s, s.initiative!.winner)} choose to let ${sideName(s, first.side)} move first.` });
  }
  const plan = Object.fromEntries(all.flatMap((o) => (o.kind === 'skirmish' ? [[o.unit, o.target]] : [])));
  let sk = skirmishPhase(s, plan, dice, fireOptions(s));
  if (!sk.ok) {
    // Each order was checked when posted; only a joint conflict between two of them lands here.
    events.push({ kind: 'note', rule: 'NW §7.5', text: `${sk.error.message} The default plan is used instead (WN-3).` });
    sk = skirmishPhase(s, {}, dice, fireOptions(s));
    if (!sk.ok) throw new Error(`NW skirmish default plan: ${sk.error.message}`);
  }
  events.push(...sk.value.events);
  const art = resolveArtillery(sk.value.state, all, dice);
  return { state: art.state, events: [...events, ...art.events] };
}

/**
 * Artillery, with posted targets that skirmish results made illegal replaced by the default (WN-3).
 * RC-1 (PH-16): a fire retreat whose way is a real choice, of a seated side, stops the phase
 * (log.retreatWay, with the targets fired at) and opens the retreat window; the phase is then
 * resolved again from its start with the same targets and rolls and the ways chosen — a silent
 * player's piece goes right (C14) — and only the events not posted yet are posted.
 */
function resolveArtillery(s: NwState, all: readonly NwOrder[], dice: Dice): Step<NwState> {
  const wait = s.log.retreatWay;
  if (wait?.fire) return fireArtillery(s, wait.fire, all, dice);
  const events: GameEvent[] = [];
  const opts = fireOptions(s);
  const fire: Record<string, string> = {};
  for (const o of all) {
    if (o.kind !== 'fire') continue;
    const b = s.batteries[o.battery];
    const t = fireTargets(s)[o.battery];
    if (!b || !t) continue;
    const a = aimBattery(s, b, t, o.target);
    if (a.problem) events.push({ kind: 'note', rule: 'NW §8.3', text: `${a.problem} — it takes the default instead (WN-3).` });
    else fire[o.battery] = o.target;
  }
  const r = fireArtillery(s, fire, all, dice);
  return { state: r.state, events: [...events, ...r.events] };
}

/** The artillery phase with these targets, stopping for (or resuming after) a retreat window (RC-1). */
function fireArtillery(state: NwState, fire: Readonly<Record<string, string>>, all: readonly NwOrder[], dice: Dice): Step<NwState> {
  const wait = state.log.retreatWay;
  const { retreatWay: _done, ...log } = state.log;
  const s: NwState = wait ? { ...state, log } : state;
  const ways = wait ? { ...(wait.ways ?? {}), [wait.unit]: postedWay(all, wait.unit) ?? 'right' } : {};
  const rec = replayingDice(wait?.rolls ?? [], dice);
  const r = artilleryPhase(s, fire, rec, { ...fireOptions(s), askRetreatWay: seatedSides(s), retreat: ways });
  if (!r.ok) throw new Error(`NW artillery: ${r.error.message}`);
  const events = r.value.events.slice(wait?.shown ?? 0);
  const stop = r.value.state.log.retreatWay;
  if (stop) return { state: { ...r.value.state, log: { ...r.value.state.log, retreatWay: { ...stop, rolls: [...rec.rolls], fire, ways } } }, events };
  // The road-march vulnerability lasts for these fire phases only (§9.5 n6 L300).
  return { state: { ...r.value.state, vulnerable: [] }, events };
}

/** The combat choices posted so far (§11.0.1 lead, §11.5 advance, RC-1 retreat ways), the latest order winning. */
function combatChoices(all: readonly NwOrder[], prior: NwState['log']['combat']): NonNullable<NwState['log']['combat']> {
  const primary: Record<string, string> = { ...(prior?.primary ?? {}) };
  const advance: Record<string, boolean> = { ...(prior?.advance ?? {}) };
  const retreat: Record<string, 'left' | 'right'> = { ...(prior?.retreat ?? {}) };
  for (const o of all) {
    if (o.kind === 'primary') primary[o.defender] = o.unit;
    if (o.kind === 'advance') advance[o.unit] = o.advance;
    if (o.kind === 'retreat') retreat[o.unit] = o.way;
  }
  return { primary, advance, ...(Object.keys(retreat).length > 0 ? { retreat } : {}) };
}

/** The maneuver window: the bot rolls what the rules require and nobody rolled; units not moved hold. */
function resolveManeuver(s: NwState, all: readonly NwOrder[], dice: Dice): Step<NwState> {
  const wait = s.log.retreatWay;
  if (wait?.order) {
    // RC-1 (PH-17): the final-fire retreat goes the way chosen (or right); the maneuver phase stays
    // open, so the next window is the phasing player's maneuver again, with the moves made so far.
    const r = finalFireRetreat(s, postedWay(all, wait.unit), dice);
    const choices = combatChoices(all.filter((o) => o.kind !== 'retreat'), s.log.combat);
    return { state: { ...r.state, log: { ...r.state.log, combat: choices } }, events: r.events };
  }
  const r = maneuverPhase(s, { moves: [] }, dice, maneuverOptions(s));
  const log = { ...r.state.log, combat: combatChoices(all, s.log.combat) };
  const roadMarched = [...(s.roadMarched ?? []).filter((id) => (s.units[id]?.side ?? s.batteries[id]?.side) !== s.phasing), ...r.state.log.roadBonus];
  return { state: { ...r.state, log, vulnerable: r.state.log.roadBonus, ...(roadMarched.length > 0 || s.roadMarched ? { roadMarched } : {}) }, events: r.events };
}

function resolveReaction(s: NwState, all: readonly NwOrder[], dice: Dice): Step<NwState> {
  const choices: Record<string, NwReactionChoice> = {};
  for (const o of all) if (o.kind === 'react') choices[o.unit] = o.choice;
  const withCombat = { ...s, log: { ...s.log, combat: combatChoices(all, s.log.combat) } };
  carryReactionCandidates(s, withCombat);
  let r = reactionPhase(withCombat, choices, dice);
  const events: GameEvent[] = [];
  if (!r.ok) {
    events.push({ kind: 'note', rule: 'NW §10', text: `${r.error.message} The engine's proposals are used instead (WN-3).` });
    r = reactionPhase(withCombat, {}, dice);
    if (!r.ok) throw new Error(`NW reaction defaults: ${r.error.message}`);
  }
  return { state: r.value.state, events: [...events, ...r.value.events] };
}

/**
 * Combat, reading the choices posted earlier; "at the halt" (HR N-19) the phase reads from the log
 * itself. RC-1: a retreat whose way is a real choice, of a side with a seat, stops the phase
 * (log.retreatWay) and opens the retreat window; the phase is then resolved again from its start
 * with the same rolls and the way chosen — a silent player's brigade goes C14's default way
 * (right) — and only the events not posted yet are posted.
 */
function resolveCombat(state: NwState, all: readonly NwOrder[], dice: Dice): Step<NwState> {
  const wait = state.log.retreatWay;
  const { retreatWay: _done, ...rest } = state.log;
  const choices = combatChoices(all, state.log.combat);
  const ways = { ...(wait ? { [wait.unit]: 'right' as const } : {}), ...choices.retreat };
  const log: NwPlayerTurnLog = { ...rest, combat: { primary: choices.primary, advance: choices.advance, ...(Object.keys(ways).length > 0 ? { retreat: ways } : {}) } };
  // Without a retreat window the state goes in untouched (the replays of whole games stay identical).
  const s: NwState = wait || Object.keys(ways).length > 0 ? { ...state, log } : state;
  const ask = { askRetreatWay: seatedSides(s) };
  const run = (input: Parameters<typeof combatPhase>[1]) => {
    const rec = replayingDice(wait?.rolls ?? [], dice);
    const r = combatPhase(s, input, rec, ask);
    return r.ok ? { ok: true as const, step: seenOnce(r.value, wait?.shown ?? 0, rec.rolls) } : r;
  };
  const r = run({ ...usablePrimaries(s, s.log.combat), retreat: ways });
  if (!r.ok) {
    // A posted dominant attacker no longer in that combat: fight with the default instead.
    const retry = run({ advance: s.log.combat?.advance ?? {}, retreat: ways });
    if (!retry.ok) throw new Error(`NW combat: ${retry.error.message}`);
    return newPlayerTurn(retry.step);
  }
  return newPlayerTurn(r.step);
}

/** RC-1: the events after the first `shown` (posted when the phase stopped); a new stop keeps every roll made so far. */
function seenOnce(step: Step<NwState>, shown: number, rolls: readonly RolledDice[]): Step<NwState> {
  const w = step.state.log.retreatWay;
  const state = w ? { ...step.state, log: { ...step.state.log, retreatWay: { ...w, rolls: [...rolls] } } } : step.state;
  return { state, events: step.events.slice(shown) };
}

/**
 * RC-1: dice that give back `rolls` first, in order (the combat phase resolved again rolls what it
 * rolled before, up to where it stopped), then roll `dice`; `rolls` lists every roll given.
 */
function replayingDice(stored: readonly RolledDice[], dice: Dice): Dice & { readonly rolls: readonly RolledDice[] } {
  const rolls: RolledDice[] = [];
  return {
    rolls,
    roll(expression, request) {
      const r = rolls.length < stored.length ? stored[rolls.length]! : dice.roll(expression, request);
      rolls.push(r);
      return r;
    },
  };
}

/**
 * The posted combat choices with every `primary` that cannot apply now left out: validate accepts
 * a primary as "leads if the s.p. tie" (§11.0.1), but combatPhase refuses the whole input for one
 * primary that is not a tied-best attacker of its combat (C3), after rolling the combats before
 * it. Without this filter that one order silently dropped every other primary and burnt those dice.
 */
function usablePrimaries(s: NwState, posted: NwState['log']['combat']): NonNullable<NwState['log']['combat']> {
  const { contacts } = findContacts(s);
  const rank = (id: string) => { const u = s.units[id]; return u ? u.sp * 2 + (u.arm === 'cavalry' ? 1 : 0) : -1; };
  const primary: Record<string, string> = {};
  for (const [defender, unit] of Object.entries(posted?.primary ?? {})) {
    const live = (contacts.find((k) => k.id === defender)?.attackers ?? [])
      .filter((id) => { const u = s.units[id]; return u !== undefined && !u.removed && u.onTable && u.status !== 'routed'; });
    if (live.includes(unit) && rank(unit) === Math.max(...live.map(rank))) primary[defender] = unit;
  }
  return { primary, advance: posted?.advance ?? {} };
}

/** After player-turn 1's combat the other side's player-turn starts with a clean log. */
function newPlayerTurn(step: Step<NwState>): Step<NwState> {
  return step.state.phase === 'skirmish' ? { state: { ...step.state, log: EMPTY_LOG }, events: step.events } : step;
}
