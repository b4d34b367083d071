import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { distance, lerp } from '../../geometry/vector';
import type { AnrtOrder } from '../orders';
import { commandPips, type Pips } from '../procedures/command';
import { allocate, meanFacing, outOfCommandWhy, type Box } from '../procedures/radii';
import { regroupable, spreadRegroup } from '../procedures/regroup';
import { liveGenerals, liveUnits, phasingSide, sideName, withUnit, type AnrtAdc, type AnrtCommand, type AnrtDivision, type AnrtGeneral, type AnrtPipFacts, type AnrtPool, type AnrtState, type AnrtUnit } from '../state';
import { COMMAND_RADII, REGROUP_MIN_ENEMY_INCHES } from '../tables/command';
import { applyAttachments, attachOf } from './attach';
import { need, qrsKnown, qrsValue, type Thrower } from './gm';

/**
 * The command step of a side's phase (§I L17-25, §VI L240-289): ADCs ride (L258), declared
 * brigades regroup (L285), the corps commander throws a D6 for each division whose general is
 * within 20" and allocates them, farther divisions throw their own (L21), and the dice become
 * pips (L263). The allocation is posted with the orders (`/pips allocate`), priced live against
 * them, so it costs no window of its own; the declarations for the next phase (`/pips regroup`,
 * `/pips adc`) are posted with this phase's orders (ANRT-C3).
 */

export const isHigher = (g: Pick<AnrtGeneral, 'level'>): boolean => g.level === 'corps' || g.level === 'army';

/** The side's corps commander: its corps-level general, else its army commander (the scenarios' "the corps commander is the C-in-C"). */
export function corpsCommander(s: AnrtState, side: string): AnrtGeneral | null {
  const gs = liveGenerals(s, side);
  return gs.find((g) => g.level === 'corps') ?? gs.find((g) => g.level === 'army') ?? null;
}

/** An army commander standing above corps commanders (ANRT-C14): some division of the side names its corps commander. */
export function armyAboveCorps(s: AnrtState, side: string): AnrtGeneral | null {
  const army = liveGenerals(s, side).find((g) => g.level === 'army');
  return army && Object.values(s.divisions).some((d) => d.side === side && d.corps) ? army : null;
}

/**
 * Who throws each division's command die (L21 "Corps Commanders throw a D6 for each divisional
 * commander within 20”"), by thrower: the side's one corps commander (`corpsCommander`); with an
 * army commander above corps (ANRT-C14, ANRT-C15) each corps commander for the divisions of HIS
 * corps, and the army commander for the divisions under him directly (no corps commander named, or
 * their corps commander out of play) — the text has no army level at L21, so he is their corps
 * commander. Divisions with no thrower on the table throw their own.
 */
export function dieThrowers(s: AnrtState, side: string, divisions: readonly AnrtDivision[]): Map<string, AnrtDivision[]> {
  const out = new Map<string, AnrtDivision[]>();
  const army = armyAboveCorps(s, side);
  const cc = army ? null : corpsCommander(s, side);
  for (const d of divisions) {
    const corps = d.corps ? s.generals[d.corps] : undefined;
    const g = army ? (corps?.alive ? corps : army) : cc;
    if (!g) continue;
    out.set(g.id, [...(out.get(g.id) ?? []), d]);
  }
  return out;
}

/** The command dice pools of a phase (a game saved before ANRT-C15 kept one, `pool`). */
export const poolsOf = (c: AnrtCommand): readonly AnrtPool[] => c.pools ?? (c.pool ? [c.pool] : []);

/** The pool holding a division's die this phase, if a commander throws for it. */
export const poolOf = (c: AnrtCommand | undefined, division: string): AnrtPool | undefined => (c ? poolsOf(c).find((p) => p.divisions.includes(division)) : undefined);

/** The brigadier the order of battle gives a brigade (living or not), if any. */
export function brigadierOf(s: AnrtState, brigade: string): AnrtGeneral | undefined {
  let m = brigadiers.get(s.generals);
  if (!m) {
    m = new Map();
    // The first listed for a brigade, as a search of the generals in order would find him.
    for (const g of Object.values(s.generals)) if (g.level === 'brigade' && !m.has(g.command)) m.set(g.command, g);
    brigadiers.set(s.generals, m);
  }
  return m.get(brigade);
}
/** Brigadiers by brigade, once per generals record (every unit's command reads its brigadier). */
const brigadiers = new WeakMap<AnrtState['generals'], Map<string, AnrtGeneral>>();

/** The QRS command box if entered or ruled (L245). */
export function boxKnown(s: AnrtState): Box | undefined {
  const f = qrsKnown(s, 'commandBox.frontInches');
  const d = qrsKnown(s, 'commandBox.depthInches');
  return f === undefined || d === undefined ? undefined : { frontInches: f, depthInches: d };
}

/** The QRS command box, asked of the GM once for the game when empty (A-1, ANRT-T1). */
export const askBox = (s: AnrtState): Box => ({
  frontInches: qrsValue(s, 'commandBox.frontInches', 'Width of the command box centred on a brigadier', 'ANRT §VI L245', [0, 60]),
  depthInches: qrsValue(s, 'commandBox.depthInches', 'Depth of the command box centred on a brigadier', 'ANRT §VI L245', [0, 60]),
});

/** Why `u` is out of command, or null (§VI L243-253, L271). A brigade without a brigadier in the order of battle is commanded as the division's own (L226, L253). */
export function whyOutOfCommand(s: AnrtState, u: AnrtUnit, box: Box): string | null {
  const div = s.divisions[u.division];
  // The corps' own units and brigades answer to the corps commander, within 20" (L253, ANRT-C11).
  const dg = div?.corpsLevel ? corpsCommander(s, u.side) ?? undefined : s.generals[div?.general ?? ''];
  const b = u.brigade === u.division ? undefined : brigadierOf(s, u.brigade);
  const m = brigadeOf(s, u.side, u.brigade);
  return outOfCommandWhy({
    divisionGeneral: dg?.alive ? dg.at : null,
    ...(b ? { brigadier: b.alive ? b.at : null } : {}),
    facing: m.facing,
    box,
    unit: { id: u.id, at: u.at, marchColumn: u.formation === 'march-column' },
    columns: m.columns,
    ...(div?.corpsLevel ? { corpsLevel: true } : {}),
  });
}

/**
 * The division whose pips pay for a unit's orders: its own; for the corps' own units and brigades
 * (L231 "moved by divisional commanders using their own pips or by corps commanders using pips
 * deducted from their divisional command dice"), the division whose general is nearest the unit
 * among those with pips this phase (ANRT-C11, as ANRT-C6 pays a corps commander's moves), unless the
 * player named another for the unit or its brigade this phase (`/pips pay`).
 */
export function payerOf(s: AnrtState, u: AnrtUnit, orders: readonly AnrtOrder[] = []): string {
  if (!s.divisions[u.division]?.corpsLevel) return u.division;
  const pays = (d: string | undefined): d is string => d !== undefined && s.pips[d] !== undefined && s.divisions[d]?.side === u.side && !s.divisions[d]?.corpsLevel;
  // The division the player names for the unit or its brigade this phase (`/pips pay`), else his
  // standing choice (ANRT-C16), if it has pips now; `nearest` sets the default back.
  const named = orders.find((o): o is Extract<AnrtOrder, { kind: 'pay' }> => o.kind === 'pay' && (o.what === u.id || o.what === u.brigade));
  const standing = s.payStanding?.[u.side];
  const choice = named ? named.division : standing?.[u.id] ?? standing?.[u.brigade];
  if (choice !== PAY_NEAREST && pays(choice)) return choice;
  const near = Object.values(s.divisions).filter((d) => d.side === u.side && !d.corpsLevel && s.pips[d.id] !== undefined && s.generals[d.general]?.alive)
    .map((d) => ({ id: d.id, gap: distance(s.generals[d.general]!.at, u.at) }))
    .sort((a, b) => a.gap - b.gap || a.id.localeCompare(b.id))[0];
  return near?.id ?? u.division;
}

/** `/pips pay … division:nearest`: back to the default payer, the nearest division (ANRT-C16). */
export const PAY_NEAREST = 'nearest';

/**
 * A brigade's mean facing and march columns, once per units record and brigade: every unit's
 * command is read from them, they depend on the units alone, and a morale test in combat (a new
 * units record after each hit) reads one brigade only.
 */
const brigadeCache = new WeakMap<AnrtState['units'], Map<string, { facing: number; columns: { id: string; at: Point }[] }>>();
function brigadeOf(s: AnrtState, side: string, brigade: string): { facing: number; columns: { id: string; at: Point }[] } {
  let m = brigadeCache.get(s.units);
  if (!m) { m = new Map(); brigadeCache.set(s.units, m); }
  const k = `${side}/${brigade}`;
  const hit = m.get(k);
  if (hit) return hit;
  const us = liveUnits(s).filter((u) => u.side === side && u.brigade === brigade);
  const out = { facing: meanFacing(us.map((x) => x.facing)), columns: us.filter((x) => x.formation === 'march-column').map((x) => ({ id: x.id, at: x.at })) };
  m.set(k, out);
  return out;
}

/** Whether a unit is out of command now (morale's `out-of-command`, §XII): only once the box is known. */
export function isOutOfCommand(s: AnrtState, u: AnrtUnit): boolean {
  if (s.command && phasingSide(s) === u.side && u.id in s.command.outOfCommand) return true;
  const box = boxKnown(s);
  return box !== undefined && whyOutOfCommand(s, u, box) !== null;
}

/** The ADCs (L258): the scenario's, else `command.adcs` (ANRT-C1) for each corps and army commander, at headquarters. */
export function adcsOf(s: AnrtState): Readonly<Record<string, AnrtAdc>> {
  if (s.adcs) return s.adcs;
  const n = s.settings.command?.adcs ?? 2;
  const out: Record<string, AnrtAdc> = {};
  for (const g of Object.values(s.generals).filter(isHigher).sort((a, b) => a.id.localeCompare(b.id))) {
    for (let i = 1; i <= n; i++) out[`${g.id}-adc${i}`] = { id: `${g.id}-adc${i}`, name: `ADC ${i} of ${g.name}`, side: g.side, of: g.id, at: null, to: null };
  }
  return out;
}

/** Where an ADC is: riding, or with his commander. */
export const adcAt = (s: AnrtState, a: AnrtAdc): Point => a.at ?? s.generals[a.of]!.at;

/** ADCs ride first in their side's phase (L17, L258): each on an errand rides a general's move toward the division's general; one who reaches him adds a pip and is back at once. */
function rideAdcs(s: AnrtState, side: string, speed: number): { adcs: Record<string, AnrtAdc>; arrived: Record<string, number>; events: GameEvent[] } {
  const adcs: Record<string, AnrtAdc> = { ...adcsOf(s) };
  const arrived: Record<string, number> = {};
  const events: GameEvent[] = [];
  for (const a of Object.values(adcs).filter((x) => x.side === side && x.to).sort((x, y) => x.id.localeCompare(y.id))) {
    const boss = s.generals[a.of];
    const d = s.divisions[a.to!];
    const dg = d ? s.generals[d.general] : undefined;
    if (!boss?.alive || !d || !dg?.alive) continue;
    if (a.at === null && boss.joined) { events.push({ kind: 'note', rule: 'ANRT §XIII L979', text: `${a.name} stays: ${boss.name} is with a brigade and despatches no ADC.` }); continue; }
    const from = adcAt(s, a);
    const gap = distance(from, dg.at);
    if (gap <= speed + 1e-9) {
      arrived[d.id] = (arrived[d.id] ?? 0) + 1;
      adcs[a.id] = { ...a, at: null };
      events.push({ kind: 'note', rule: 'ANRT §VI L258', text: `${a.name} reaches ${dg.name}: +1 pip for ${d.name}; he is back with ${boss.name} at once.` });
    } else {
      adcs[a.id] = { ...a, at: lerp(from, dg.at, speed / gap) };
      events.push({ kind: 'note', rule: 'ANRT §VI L258', text: `${a.name} rides toward ${dg.name}: ${(gap - speed).toFixed(1)}" still to go.` });
    }
  }
  return { adcs, arrived, events };
}

/** A unit of a regrouping brigade that may regroup now: more than 10" from all enemy, not under artillery fire in its last turn, hits to take back (L285-289). */
export function mayRegroupUnit(s: AnrtState, u: AnrtUnit): boolean {
  if (regroupable(u.maxHits, u.hits) <= 0 || u.routed) return false;
  if ((s.shelled?.[u.id] ?? -99) >= s.turn - 1) return false;
  return !liveUnits(s).some((e) => e.side !== u.side && distance(e.at, u.at) <= REGROUP_MIN_ENEMY_INCHES.inches);
}

/** Generals who joined a unit stand with it (§XIII L975); a joined unit gone frees him. */
export function followJoined(s: AnrtState): AnrtState {
  let generals = s.generals;
  for (const g of Object.values(s.generals)) {
    if (!g.joined) continue;
    const u = s.units[g.joined];
    const next = u && !u.gone ? { ...g, at: u.at } : { ...g, joined: undefined };
    if (next.at !== g.at || next.joined !== g.joined) generals = { ...generals, [g.id]: next };
  }
  return generals === s.generals ? s : { ...s, generals };
}

/** A division's general and brigadiers (L278: the posts whose replacements cost pips). */
const officers = (s: AnrtState, division: string): AnrtGeneral[] => {
  const d = s.divisions[division];
  return d ? Object.values(s.generals).filter((g) => g.id === d.general || (g.level === 'brigade' && d.brigades.includes(g.command))) : [];
};

/** Opens the command step of the phasing side: ADCs, regroup declarations, the dice, out-of-command units (§I L17-25). */
export function openCommand(s0: AnrtState, th: Thrower): { s: AnrtState; events: GameEvent[] } {
  const side = phasingSide(s0);
  const box = askBox(s0);
  const speed = qrsValue(s0, 'movement.general', 'General speed (the move of generals and ADCs)', 'ANRT §VI L258, §VII L451', [0, 60]);
  const s1a = followJoined(s0);
  const events: GameEvent[] = [];
  // Attachments posted last phase take effect now, at the beginning of the move phase (L234, ANRT-C12), before the dice.
  const att = applyAttachments(s1a, side, box);
  const s1 = att.s;
  events.push(...att.events);
  const ride = rideAdcs(s1, side, speed);
  events.push(...ride.events);
  // The corps' own units and brigades throw no die (L231, ANRT-C11).
  const divisions = Object.values(s1.divisions).filter((d) => d.side === side && !d.corpsLevel && liveUnits(s1).some((u) => u.division === d.id)).sort((a, b) => a.id.localeCompare(b.id));
  const declared = s1.regroupNext?.[side] ?? [];
  const regrouping = declared.filter((b) => liveUnits(s1).some((u) => u.brigade === b && mayRegroupUnit(s1, u)));
  for (const b of declared.filter((x) => !regrouping.includes(x))) events.push({ kind: 'note', rule: 'ANRT §VI L285', text: `${b} was declared regrouping but none of its units may regroup now (enemy within 10", artillery fire last turn, or nothing to take back): the declaration lapses.` });
  // Each commander throws a D6 for each of his divisions whose general is within 20" (L21, ANRT-C15).
  const pools: AnrtPool[] = [];
  const own: Record<string, number> = {};
  for (const [gid, ds] of dieThrowers(s1, side, divisions)) {
    const g = s1.generals[gid]!;
    const mine = ds.filter((d) => { const dg = s1.generals[d.general]; return !!dg?.alive && distance(dg.at, g.at) <= COMMAND_RADII.corpsAllocates.inches + 1e-9; });
    if (!mine.length) continue;
    const names = mine.map((d) => d.name).join(', ');
    const faces = mine.map(() => th.throw(1, 'ANRT §I L21', 'command die', g.id));
    for (const f of faces) events.push({ ...f.event, tableRow: `${g.name}'s die for ${names}, his to allocate (L21)` });
    pools.push({ general: g.id, faces: faces.map((f) => f.faces[0]!), divisions: mine.map((d) => d.id) });
  }
  const pooled = new Set(pools.flatMap((p) => p.divisions));
  for (const d of divisions.filter((x) => !pooled.has(x.id))) {
    const r = th.throw(1, 'ANRT §I L21', 'command die', d.id);
    own[d.id] = r.faces[0]!;
    events.push({ ...r.event, tableRow: `${d.name} throws its own (beyond 20" of its corps commander, L21)` });
  }
  const facts: Record<string, AnrtPipFacts> = {};
  for (const d of divisions) {
    const units = liveUnits(s1).filter((u) => u.division === d.id);
    const brigades = d.brigades.filter((b) => units.some((u) => u.brigade === b));
    const halfStrength = brigades.filter((b) => { const us = Object.values(s1.units).filter((u) => u.brigade === b); return us.reduce((n, u) => n + (u.gone ? 0 : u.hits), 0) * 2 <= us.reduce((n, u) => n + u.maxHits, 0); }).length;
    const dg = s1.generals[d.general];
    facts[d.id] = {
      killed: !dg?.alive, adcs: ride.arrived[d.id] ?? 0, opportunity: s1.opportunityDebt[d.id] ?? 0, regrouping: regrouping.some((b) => d.brigades.includes(b)),
      factors: {
        'per-brigade': brigades.length, 'brigade-half-strength': halfStrength, 'divisional-general-attached': dg?.alive && dg.joined ? 1 : 0,
        // L278: each replacement in the division's posts; L1000: a general incapacitated last move is absent this one.
        'replacement-general': officers(s1, d.id).reduce((n, g) => n + (g.replacements ?? 0), 0),
        'general-incapacitated': officers(s1, d.id).filter((g) => s1.fallen?.[g.id]?.effect === 'incapacitated').length,
      },
    };
    // Ask the QRS factors now, once for the game: any die the allocation gives is then priced without asking (L21, L263).
    need(commandPips(s1.settings.qrs, { d6: 1, divisionalGeneralKilled: false, adcsArrived: 0, opportunityActions: 0, regrouping: false, factors: facts[d.id]!.factors }, s1.rulings, d.name, s1.turn));
  }
  const outOfCommand: Record<string, string> = {};
  for (const u of liveUnits(s1).filter((x) => x.side === side)) { const why = whyOutOfCommand(s1, u, box); if (why) outOfCommand[u.id] = why; }
  const n = Object.keys(outOfCommand).length;
  if (n) events.push({ kind: 'note', rule: 'ANRT §VI L243-253', text: `${sideName(s1, side)}: ${n} unit(s) out of command — ${Object.entries(outOfCommand).slice(0, 4).map(([id, why]) => `${s1.units[id]!.name} (${why})`).join('; ')}${n > 4 ? '…' : ''}.` });
  const command: AnrtCommand = { pools, own, facts, outOfCommand, regrouping };
  const s: AnrtState = { ...s1, adcs: ride.adcs, command };
  const b = budgets(s, []);
  return { s: { ...s, pips: Object.fromEntries(Object.entries(b).map(([d, p]) => [d, p.pips])), pipTerms: Object.fromEntries(Object.entries(b).map(([d, p]) => [d, p.terms])) }, events };
}

/** Each division's die under the allocation the orders post (L21): the corps dice as thrown, each `/pips allocate` a swap. */
export function divisionDice(s: AnrtState, orders: readonly AnrtOrder[]): Record<string, number> {
  const c = s.command;
  if (!c) return {};
  const choices = orders.flatMap((o) => (o.kind === 'allocate' ? [{ division: o.division, die: o.die }] : []));
  return Object.assign({ ...c.own }, ...poolsOf(c).map((p) => allocate(p.faces, p.divisions, choices)));
}

const budgetCache = new WeakMap<AnrtState, Map<string, Record<string, Pips>>>();

/** Each division's pips under the allocation the orders post (L263); a state without a command step keeps its pips. */
export function budgets(s: AnrtState, orders: readonly AnrtOrder[]): Record<string, Pips> {
  const c = s.command;
  if (!c) return Object.fromEntries(Object.entries(s.pips).map(([d, p]) => [d, { pips: p, regroupHits: 0, terms: s.pipTerms[d] ?? [] }]));
  // Keyed by the allocation posted: the dice follow from it alone (and every other order of the window is checked against the same one).
  let key = '';
  for (const o of orders) if (o.kind === 'allocate') key += `${o.division}=${o.die};`;
  let m = budgetCache.get(s);
  if (!m) { m = new Map(); budgetCache.set(s, m); }
  const hit = m.get(key);
  if (hit) return hit;
  const dice = divisionDice(s, orders);
  const out: Record<string, Pips> = {};
  for (const [d, face] of Object.entries(dice)) {
    const f = c.facts[d]!;
    const r = commandPips(s.settings.qrs, { d6: face, divisionalGeneralKilled: f.killed, adcsArrived: f.adcs, opportunityActions: f.opportunity, regrouping: f.regrouping, factors: f.factors }, s.rulings, s.divisions[d]?.name ?? d, s.turn);
    // The factors were asked as the phase opened (openCommand), so every die is priced here.
    out[d] = r.kind === 'value' ? r.value : { pips: 0, regroupHits: 0, terms: ['the GM has not ruled a QRS pip factor yet'] };
  }
  m.set(key, out);
  return out;
}

/**
 * Where a regrouping division's hits go as the orders window closes (L285-289): first to the units
 * the player named (`/pips regroup units:`, in the order posted), then to those that lost most
 * (ties: order of battle) (ANRT-C5); never to full strength (ANRT-1).
 */
export function regroupSpread(s: AnrtState, division: string, orders: readonly AnrtOrder[]): { id: string; regained: number }[] {
  const hits = budgets(s, orders)[division]?.regroupHits ?? 0;
  if (!hits || !s.command) return [];
  const named = orders.flatMap((o) => (o.kind === 'regroup' ? o.units ?? [] : []));
  const rank = (id: string) => { const i = named.indexOf(id); return i < 0 ? named.length : i; };
  const units = liveUnits(s).filter((u) => u.division === division && s.command!.regrouping.includes(u.brigade) && mayRegroupUnit(s, u))
    .sort((x, y) => rank(x.id) - rank(y.id) || (y.maxHits - y.hits) - (x.maxHits - x.hits) || x.id.localeCompare(y.id));
  return spreadRegroup(hits, units.map((u) => ({ id: u.id, max: u.maxHits, current: u.hits })));
}

/**
 * The command step as the orders window closes: the allocation fixes each division's pips; the
 * regrouping divisions' throws of 4-6 take hits back (L285), to the units that lost most first
 * (ANRT-C5); the declarations posted (regroup, ADC errands) stand for the side's next phase.
 */
export function applyCommand(s0: AnrtState, accepted: readonly AnrtOrder[]): { s: AnrtState; events: GameEvent[] } {
  const side = phasingSide(s0);
  const events: GameEvent[] = [];
  let s = s0;
  if (s.command) {
    const b = budgets(s, accepted);
    const dice = divisionDice(s, accepted);
    // Each commander whose dice were reallocated says so, by name (L21, ANRT-C15).
    for (const p of poolsOf(s.command).filter((x) => accepted.some((o) => o.kind === 'allocate' && x.divisions.includes(o.division)))) {
      events.push({ kind: 'note', rule: 'ANRT §I L21', text: `${s.generals[p.general]?.name ?? 'The corps commander'} allocates his dice: ${p.divisions.map((d) => `${s.divisions[d]?.name ?? d} ${dice[d]}`).join(', ')}.` });
    }
    for (const [d, p] of Object.entries(b)) events.push({ kind: 'note', rule: 'ANRT §I L23, §VI L263', text: `${s.divisions[d]?.name ?? d}: ${p.pips} pips (${p.terms.join('; ')}).` });
    s = { ...s, pips: Object.fromEntries(Object.entries(b).map(([d, p]) => [d, p.pips])), pipTerms: Object.fromEntries(Object.entries(b).map(([d, p]) => [d, p.terms])) };
    for (const [d, p] of Object.entries(b)) {
      if (!p.regroupHits) continue;
      for (const r of regroupSpread(s, d, accepted)) {
        const u = s.units[r.id]!;
        s = withUnit(s, { ...u, hits: u.hits + r.regained });
        events.push({ kind: 'note', rule: 'ANRT §VI L285-289', text: `${u.name} regroups ${r.regained} hit(s): ${u.hits + r.regained}/${u.maxHits}.` });
      }
    }
  }
  // The following move of a brigade whose brigadier fell is this one (L274): the limit is spent.
  const fell = Object.fromEntries(Object.entries(s.brigadierFell ?? {}).filter(([b]) => !Object.values(s.divisions).some((d) => d.side === side && d.brigades.includes(b))));
  s = { ...s, brigadierFell: fell };
  const regroupNext = { ...(s.regroupNext ?? {}), [side]: accepted.flatMap((o) => (o.kind === 'regroup' && o.on ? [o.brigade] : [])) };
  const attaching = accepted.flatMap((o) => (o.kind === 'attach' ? [attachOf(s, o)] : [])).filter((a): a is NonNullable<typeof a> => a !== null);
  if (attaching.length || s.attachNext?.[side]?.length) s = { ...s, attachNext: { ...(s.attachNext ?? {}), [side]: attaching } };
  // `/pips pay` stands until changed (ANRT-C16); `nearest` clears it.
  const pays = accepted.filter((o): o is Extract<AnrtOrder, { kind: 'pay' }> => o.kind === 'pay');
  if (pays.length) {
    const mine: Record<string, string> = { ...(s.payStanding?.[side] ?? {}) };
    for (const o of pays) { if (o.division === PAY_NEAREST) delete mine[o.what]; else mine[o.what] = o.division; }
    s = { ...s, payStanding: { ...(s.payStanding ?? {}), [side]: mine } };
  }
  let adcs = adcsOf(s);
  for (const o of accepted) if (o.kind === 'adc' && adcs[o.adc]) adcs = { ...adcs, [o.adc]: { ...adcs[o.adc]!, to: o.division === 'none' ? null : o.division } };
  return { s: { ...s, regroupNext, adcs }, events };
}
