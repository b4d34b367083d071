import type { Dice } from '../../dice/dice';
import type { Modifier } from '../../dice/entry';
import type { Step } from '../contract';
import type { GameEvent } from '../events';
import type { Point } from '../geometry/types';
import { ruleRoll } from '../roll';
import { generalsAtRisk, mayAssist } from './generals';
import { baseRadius } from '../geometry/base';
import { contacts, inDifficultTerrain, milesBetween, withinMiles } from './geo';
import { standGrid } from './neighbours';
import { liveStands, type DramState, type General, type Stand } from './state';
import { casualtyFaces, COMBAT_MODIFIERS, type CombatCondition, type Order } from './tables';

const MODIFIER = Object.fromEntries(COMBAT_MODIFIERS.map((m) => [m.condition, m])) as Record<CombatCondition, (typeof COMBAT_MODIFIERS)[number]>;
import { commit, draft, patchStand, sortedIds, type Draft } from './update';

/**
 * DRAM §2 phase 5 — combat (§8 L106-137). Stands in base contact fight; artillery on A orders
 * fires on an enemy within ½ mile. Each side counts the SP of its stands involved plus the
 * dice modifiers, passes that many dice to the enemy, and each player rolls what he received
 * on the casualty table (row: his own order, column: the enemy's): every die showing a listed
 * face costs him 1 SP. Prepared defences ignore a stand's first loss; a stand driven below 0
 * SP is removed, and so is one that started the turn at 0 SP and is contacted by an enemy on
 * D or A orders. Generals who joined a combat then roll for their personal risk (§6).
 *
 * Rulings (src/rules/dram/README.md): when a side's engaged stands hold different orders the
 * table is read with the order held by most of that side's SP (ties: the earlier in D, R, A,
 * M); losses are spread one at a time to the stand with the most SP left unless the owner
 * named an order of loss (HR D-13); artillery at range nearest target, one-way unless the
 * target is artillery on A orders within ½ mile (HR D-14).
 */
export interface Engagement {
  readonly id: string;
  /** Stands per side id. */
  readonly sides: ReadonlyMap<string, readonly string[]>;
  /** One-way artillery fire at range: only `firer`'s side passes dice. */
  readonly bombardment?: { readonly firer: string; readonly target: string };
}

export function combatPhase(state: DramState, dice: Dice, lossOrder: ReadonlyMap<string, readonly string[]> = new Map()): Step<DramState> {
  let s = state;
  const events: GameEvent[] = [{ kind: 'phase', turn: s.turn, phase: 'dram/combat', label: '5. Combat' }];
  const engagements = findEngagements(s);
  const losses = new Map<string, number>();
  const participants = new Set<string>();

  for (const eng of engagements) {
    const sideIds = [...eng.sides.keys()].sort();
    const pools = new Map(sideIds.map((side) => [side, pool(s, eng, side)]));
    const orders = new Map(sideIds.map((side) => [side, sideOrder(s, eng.sides.get(side)!)]));
    for (const side of sideIds) for (const g of pools.get(side)!.generals) participants.add(g);
    events.push({
      kind: 'engagement', rule: 'DRAM §8', id: eng.id, at: centre(s, [...eng.sides.values()].flat()),
      sides: sideIds.map((side) => ({ side, units: eng.sides.get(side)!, dice: pools.get(side)!.dice, modifiers: pools.get(side)!.modifiers })),
      ...(eng.bombardment ? { bombardment: true } : {}),
    });
    for (const victim of sideIds) {
      for (const inflicter of sideIds) {
        if (inflicter === victim) continue;
        if (eng.bombardment && inflicter !== s.stands[eng.bombardment.firer]!.side) continue;
        const p = pools.get(inflicter)!;
        if (p.dice <= 0) continue; // HR D-15: a pool of 0 or less rolls nothing.
        const own = orders.get(victim)!, enemy = orders.get(inflicter)!;
        const faces = casualtyFaces(own, enemy, s.settings);
        const roll = ruleRoll(dice, `${p.dice}d6`, { rule: 'DRAM §8', purpose: `casualties from ${inflicter}'s ${p.dice} dice (own ${own} vs enemy ${enemy})`, subject: victim });
        const hits = roll.rolled.result.terms.flatMap((t) => (t.kind === 'dice' ? t.dice.map((d) => d.face) : [])).filter((f) => faces.includes(f)).length;
        events.push(roll.event(`${own}/${enemy}: ${faces.length ? `casualty on ${faces.join(',')}` : 'no casualties'} — ${hits} SP lost`));
        losses.set(`${eng.id}|${victim}`, (losses.get(`${eng.id}|${victim}`) ?? 0) + hits);
      }
    }
  }

  // Losses and removals on one draft: each patch in place, not a copy of every stand (issue 12).
  const d = draft(s);
  for (const eng of engagements) {
    for (const [side, standIds] of eng.sides) {
      for (const id of standIds) patchStand(d, id, (x) => ({ turnFlags: { ...x.turnFlags, engaged: true } }));
      const n = losses.get(`${eng.id}|${side}`) ?? 0;
      if (n === 0) continue;
      events.push(...allocate(d, standIds, n, lossOrder.get(side)));
    }
  }
  events.push(...removals(d, engagements));
  s = commit(d);

  const risk = generalsAtRisk(s, dice, [...participants]);
  return { state: { ...risk.state, phase: 'reorganisation' }, events: [...events, ...risk.events] };
}

/** Connected groups of opposing stands in base contact, then artillery fire at range. */
export function findEngagements(s: DramState): Engagement[] {
  const live = sortedIds(liveStands(s));
  const adj = new Map<string, Set<string>>(live.map((x) => [x.id, new Set()]));
  for (const [a, b] of contacts(s, live)) {
    adj.get(a.id)!.add(b.id);
    adj.get(b.id)!.add(a.id);
  }
  const seen = new Set<string>();
  const out: Engagement[] = [];
  for (const start of live) {
    if (seen.has(start.id) || adj.get(start.id)!.size === 0) continue;
    const group: string[] = [];
    const queue = [start.id];
    seen.add(start.id);
    while (queue.length) {
      const id = queue.shift()!;
      group.push(id);
      for (const n of adj.get(id)!) if (!seen.has(n)) { seen.add(n); queue.push(n); }
    }
    const sides = new Map<string, string[]>();
    for (const id of group.sort()) sides.set(s.stands[id]!.side, [...(sides.get(s.stands[id]!.side) ?? []), id]);
    out.push({ id: `melee-${out.length + 1}`, sides });
  }
  // §8: artillery with A orders within half a mile, not already in contact.
  for (const gun of live) {
    if (gun.arm !== 'artillery' || gun.order !== 'A' || seen.has(gun.id)) continue;
    // Only stands filed near the gun can be within ½ mile (the grid's broad phase; issue 12); the
    // sort below orders them fully (distance, then id), whatever order they were found in.
    const targets = standGrid(s).near(gun.pose.at, 0.5 * s.map.inchesPerMile + baseRadius(gun.base))
      .filter((e) => e.onTable && !e.removed && e.side !== gun.side && withinMiles(s, gun, e, 0.5))
      .sort((a, b) => milesBetween(s, gun, a) - milesBetween(s, gun, b) || (a.id < b.id ? -1 : 1));
    const target = targets[0];
    if (!target) continue;
    const reply = s.settings.combat.artilleryReply === 'always'
      || (s.settings.combat.artilleryReply === 'artillery-only' && target.arm === 'artillery' && target.order === 'A');
    // An artillery duel is one two-way combat, not two bombardments.
    seen.add(gun.id);
    if (reply) seen.add(target.id);
    out.push({
      id: `fire-${gun.id}`,
      sides: new Map([[gun.side, [gun.id]], [target.side, [target.id]]]),
      ...(reply ? {} : { bombardment: { firer: gun.id, target: target.id } }),
    });
  }
  return out;
}

interface Pool { readonly dice: number; readonly modifiers: Modifier[]; readonly generals: string[] }

/** §8 Step 1: own SP involved plus the dice modifiers, per qualifying stand (HR D-15). */
export function pool(s: DramState, eng: Engagement, side: string): Pool {
  const modifiers: Modifier[] = [];
  const generals: string[] = [];
  let sp = 0;
  for (const id of eng.sides.get(side)!) {
    const st = s.stands[id]!;
    sp += Math.max(0, st.sp);
    const cav = st.arm === 'heavy-cavalry' || st.arm === 'light-cavalry';
    const add = (c: CombatCondition) => modifiers.push({ label: `${id}: ${MODIFIER[c].label}`, value: MODIFIER[c].value as number });
    if (st.arm === 'infantry' && st.order === 'A' && st.turnFlags.contacted && !st.turnFlags.movedToContact && inDifficultTerrain(s, st)) add('infantry-A-defending-difficult-contacted-this-turn');
    if (cav && st.turnFlags.movedToContact) add('cavalry-moved-to-contact-this-turn');
    if (st.arm === 'artillery') add('artillery');
    if (cav && st.turnFlags.movedToContact && inDifficultTerrain(s, st)) add('cavalry-moving-to-contact-in-difficult');
    if (st.turnFlags.movedToContact && st.turnFlags.crossedBridgeOrFord) add('attacking-across-bridge-or-ford');
    for (const g of joinedTo(s).get(id) ?? []) {
      if (mayAssist(s, g.id, id)) {
        modifiers.push({ label: `${MODIFIER['general-in-contact'].label}: ${g.name}`, value: g.cr });
        generals.push(g.id);
      }
    }
  }
  return { dice: sp + modifiers.reduce((a, m) => a + m.value, 0), modifiers, generals };
}

/**
 * Present generals by the stand each has joined, in the generals record's order: pool() reads
 * them per stand engaged, once per record rather than every general per stand (issue 12). Kept
 * per record: combat reads it from the state it was given, never from a draft still being patched.
 */
function joinedTo(s: DramState): ReadonlyMap<string, readonly General[]> {
  let m = joined.get(s.generals);
  if (!m) {
    const byStand = new Map<string, General[]>();
    for (const g of Object.values(s.generals)) if (g.status === 'present' && g.joined !== null) byStand.set(g.joined, [...(byStand.get(g.joined) ?? []), g]);
    joined.set(s.generals, (m = byStand));
  }
  return m;
}
const joined = new WeakMap<DramState['generals'], ReadonlyMap<string, readonly General[]>>();

/** The order a side's stands fight with: most SP wins; ties go to the earlier of D, R, A, M. */
export function sideOrder(s: DramState, ids: readonly string[]): Order {
  const weight = new Map<Order, number>();
  for (const id of ids) weight.set(s.stands[id]!.order, (weight.get(s.stands[id]!.order) ?? 0) + Math.max(1, s.stands[id]!.sp));
  return (['D', 'R', 'A', 'M'] as const).reduce((best, o) => ((weight.get(o) ?? -1) > (weight.get(best) ?? -1) ? o : best), 'D' as Order);
}

/** §8 Step 3 and HR D-13: one loss at a time; prepared defences soak a stand's first. */
function allocate(s: Draft, ids: readonly string[], n: number, preferred?: readonly string[]): GameEvent[] {
  const events: GameEvent[] = [];
  const taken = new Map<string, number>();
  for (let k = 0; k < n; k++) {
    const live = ids.map((id) => s.stands[id]!).filter((x) => !x.removed);
    const pick = (preferred ?? []).map((id) => s.stands[id]).find((x): x is Stand => !!x && live.includes(x) && x.sp >= 0)
      ?? [...live].sort((a, b) => b.sp - a.sp || (a.id < b.id ? -1 : 1))[0];
    if (!pick) break;
    const scope = s.settings.prepared.firstLossScope;
    if (pick.inPreparedDefences && !pick.turnFlags.preparedLossIgnored) {
      patchStand(s, pick.id, (x) => ({ turnFlags: { ...x.turnFlags, preparedLossIgnored: true }, ...(scope === 'game' ? { inPreparedDefences: false } : {}) }));
      events.push({ kind: 'note', rule: 'DRAM §8', text: `${pick.name} is in prepared defences and ignores its first loss.` });
      continue;
    }
    patchStand(s, pick.id, (x) => ({ sp: x.sp - 1, lossesSinceTest: x.lossesSinceTest + 1, turnFlags: { ...x.turnFlags, lossesThisTurn: x.turnFlags.lossesThisTurn + 1 } }));
    taken.set(pick.id, (taken.get(pick.id) ?? 0) + 1);
  }
  for (const [id, amount] of taken) events.push({ kind: 'loss', rule: 'DRAM §8', unit: id, amount, remaining: s.stands[id]!.sp, cause: 'combat' });
  return events;
}

/** §8: below 0 SP, or started at 0 SP and contacted by an enemy on D or A orders. */
function removals(s: Draft, engagements: readonly Engagement[]): GameEvent[] {
  const events: GameEvent[] = [];
  const enemyOrders = new Map<string, Set<Order>>();
  for (const eng of engagements) {
    if (eng.bombardment) continue;
    for (const [side, ids] of eng.sides) for (const [other, oids] of eng.sides) {
      if (other === side) continue;
      for (const id of ids) for (const o of oids) enemyOrders.set(id, new Set([...(enemyOrders.get(id) ?? []), s.stands[o]!.order]));
    }
  }
  for (const st of sortedIds(liveStands(s))) {
    const contactedByDA = [...(enemyOrders.get(st.id) ?? [])].some((o) => o === 'D' || o === 'A');
    const reason = st.sp < 0 ? 'forced below 0 SP' : st.turnFlags.startedAtZero && contactedByDA ? "started the turn at 0 SP and was contacted by an enemy on 'D' or 'A' orders" : null;
    if (!reason) continue;
    patchStand(s, st.id, { removed: true, sp: Math.max(0, st.sp) });
    events.push({ kind: 'removed', rule: 'DRAM §8', unit: st.id, at: st.pose.at, reason });
  }
  return events;
}

function centre(s: DramState, ids: readonly string[]): Point {
  const pts = ids.map((id) => s.stands[id]!.pose.at);
  return { x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length };
}
