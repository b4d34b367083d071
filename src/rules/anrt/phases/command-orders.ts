import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Accepted } from '../../contract';
import { distance } from '../../geometry/vector';
import { orderKey, type AnrtOrder } from '../orders';
import { liveUnits, phasingSide, type AnrtState } from '../state';
import { adcAt, adcsOf, brigadierOf, budgets, divisionDice, mayRegroupUnit, PAY_NEAREST, poolOf, poolsOf, regroupSpread } from './command';
import { fmt, problem } from './common';
import { planGeneral } from './generals';
import { allocationIsAChoice } from '../procedures/radii';
import { qrsKnown } from './gm';
import { chargesOf, checkBudget } from './orders';
import { validateAttach } from './attach';

type CommandOrder = Extract<AnrtOrder, { kind: 'allocate' | 'regroup' | 'adc' | 'general' | 'attach' | 'pay' }>;

/**
 * The command orders of the phasing side's window (§I L17-23, §VI, §VII L451-457, §XIII):
 * the corps commander's allocation of his dice, the declarations for the next phase (regrouping
 * brigades, ADC errands; ANRT-C3), and generals' moves. Each is refused privately with a hint.
 */
export function validateCommandOrder(s: AnrtState, side: string, o: CommandOrder, pending: readonly AnrtOrder[]): Result<Accepted<AnrtOrder>, Problem> {
  if (s.step !== 'orders' || phasingSide(s) !== side) return err(problem('order/not-phasing', 'Command orders (allocating the corps dice, regrouping, ADCs, generals\' moves) are given in your own side\'s phase (§I L17-23).', 'Wait for your side\'s orders window.'));
  const key = orderKey(o);
  const others = pending.filter((p) => orderKey(p) !== key);
  if (o.kind === 'allocate') return validateAllocate(s, o, others);
  if (o.kind === 'attach') return validateAttach(s, side, o);
  if (o.kind === 'pay') return validatePay(s, side, o, others);
  if (o.kind === 'regroup') {
    const d = Object.values(s.divisions).find((x) => x.side === side && x.brigades.includes(o.brigade));
    if (!d) return err(problem('order/brigade', `${o.brigade} is not a brigade of yours.`, `One of: ${Object.values(s.divisions).filter((x) => x.side === side).flatMap((x) => x.brigades).join(', ')}.`));
    const bname = brigadierOf(s, o.brigade) ? `Brigade ${brigadierOf(s, o.brigade)!.name}` : o.brigade;
    const chosen = regroupChoice(s, d.id, o, others);
    if (!chosen.ok) return chosen;
    if (!o.on) return ok({ order: o, preview: [`${bname} will not regroup in your next phase.`, ...chosen.value] });
    const able = liveUnits(s).filter((u) => u.brigade === o.brigade && mayRegroupUnit(s, u)).length;
    return ok({ order: o, preview: [
      `${bname} (${d.name}) is declared regrouping for your next phase (L19): a division throw of 4, 5 or 6 must then take back 1, 2 or 3 hits, leaving 3 pips ± adjustments (L285).`,
      able ? `${able} of its units could regroup now.` : 'None of its units could regroup now (enemy within 10", artillery fire last turn, or nothing to take back, L285-289): unless that changes the declaration lapses.',
      ...chosen.value,
    ] });
  }
  if (o.kind === 'adc') {
    const a = adcsOf(s)[o.adc];
    if (!a || a.side !== side) return err(problem('order/adc', `${o.adc} is not one of your ADCs.`, `Yours: ${Object.values(adcsOf(s)).filter((x) => x.side === side).map((x) => x.id).join(', ') || 'none'}.`));
    if (o.division === 'none') return ok({ order: o, preview: [`${a.name} stays with his commander from your next phase.`] });
    const d = s.divisions[o.division];
    if (!d || d.side !== side || d.corpsLevel) return err(problem('order/division', `${o.division} is not one of your divisions${d?.corpsLevel ? ' (it is the corps\' own units, L231: no divisional general to reach)' : ''}.`, 'Pick one from the autocomplete list, or none.'));
    const g = s.generals[d.general];
    if (!g?.alive) return err(problem('order/division', `${d.name} has no living general for an ADC to reach (L258).`));
    const speed = qrsKnown(s, 'movement.general');
    const gap = distance(adcAt(s, a), g.at);
    const when = speed ? (gap <= speed ? 'he reaches him as your next phase opens: +1 pip then' : `about ${Math.ceil(gap / speed)} phases of riding`) : 'general speed not known yet';
    return ok({ order: o, preview: [`${a.name} rides to ${g.name} (${fmt(gap)}; ${when}), and again each phase until told otherwise (L258).`] });
  }
  const p = planGeneral(s, o);
  if (!p.ok) return err(p.error);
  const g = s.generals[o.general]!;
  if (g.side !== side) return err(problem('order/not-yours', `${g.name} is not one of your generals.`));
  const preview = [`${g.name} rides ${fmt(p.value.inches)} (${p.value.why})${p.value.join ? ` and joins ${s.units[p.value.join]?.name}` : ''}.`];
  if (!p.value.pips || !p.value.payers.length) return ok({ order: o, preview });
  // Each payer's budget: an army commander's paid moves come out of every corps (L457, ANRT-C14).
  const lines: string[] = [];
  for (const d of p.value.payers) {
    const b = checkBudget(s, others, o, d, p.value.pips, 'a shorter ride');
    if (!b.ok) return b;
    lines.push(b.value);
  }
  return ok({ order: o, preview: [...preview, ...lines] });
}

/**
 * ANRT-C5 (L285 "from the same unit, separate units or even units in two separate brigades"):
 * `units:` names the brigade's units to take back this phase's regroup hits first; checked, and
 * previewed against the hits the division's throw takes back now (if it is regrouping).
 */
function regroupChoice(s: AnrtState, division: string, o: Extract<AnrtOrder, { kind: 'regroup' }>, others: readonly AnrtOrder[]): Result<string[], Problem> {
  if (!o.units?.length) return ok([]);
  const mine = liveUnits(s).filter((u) => u.brigade === o.brigade);
  const bad = o.units.find((id) => !mine.some((u) => u.id === id));
  if (bad) return err(problem('order/regroup-unit', `${s.units[bad]?.name ?? bad} is not a unit of ${o.brigade} on the table (L285).`, `Name its units, separated by commas: ${mine.map((u) => u.name).join(', ')}.`));
  if (new Set(o.units).size !== o.units.length) return err(problem('order/regroup-unit', 'A unit is named twice.', 'Name each unit once, in the order they take hits back.'));
  const names = o.units.map((id) => s.units[id]!.name).join(', then ');
  const hits = s.command?.regrouping.includes(o.brigade) ? budgets(s, [...others, o])[division]?.regroupHits ?? 0 : 0;
  if (!hits) return ok([`Regroup order ${names}: the brigade takes no hits back this phase, so it restores nothing now (it applies to the throw of the phase it is posted in).`]);
  const spread = regroupSpread(s, division, [...others, o]);
  return ok([`This phase's throw takes back ${hits} hit(s): ${spread.map((r) => `${s.units[r.id]!.name} +${r.regained}`).join(', ') || 'no unit can take them'} (L285-289).`]);
}

/**
 * ANRT-C11 (L231 "moved by divisional commanders using their own pips or by corps commanders using
 * pips deducted from their divisional command dice"): `/pips pay what:<corps-level unit or brigade>
 * division:<division>` names the division whose pips pay its orders from this phase until changed
 * (ANRT-C16; `division:nearest` sets back the default, the nearest); the orders already posted for
 * it are priced again against that division's budget.
 */
function validatePay(s: AnrtState, side: string, o: Extract<AnrtOrder, { kind: 'pay' }>, others: readonly AnrtOrder[]): Result<Accepted<AnrtOrder>, Problem> {
  const corps = Object.values(s.divisions).filter((d) => d.side === side && d.corpsLevel);
  const unit = s.units[o.what];
  const known = unit ? unit.side === side && !unit.gone && corps.some((d) => d.id === unit.division) : corps.some((d) => d.brigades.includes(o.what));
  const own = corps.flatMap((d) => liveUnits(s).filter((u) => u.division === d.id).map((u) => u.name));
  if (!known) return err(problem('order/pay-what', `${unit?.name ?? o.what} is not one of the corps' own units or brigades: a division's units are paid from its own pips (L231).`, own.length ? `Name one of: ${own.slice(0, 6).join(', ')}.` : 'Your corps has no units of its own.'));
  const what = unit?.name ?? o.what;
  const payers = Object.values(s.divisions).filter((x) => x.side === side && !x.corpsLevel && s.pips[x.id] !== undefined);
  const all = [...others, o];
  const spentIn = (d: string) => others.reduce((n, x) => n + chargesOf(s, x, all).reduce((m, c) => (c.division === d ? m + c.pips : m), 0), 0);
  const b = budgets(s, all);
  if (o.division === PAY_NEAREST) {
    // Back to the default: the orders already posted go to the nearest division again, each priced there.
    for (const d of payers) if (spentIn(d.id) > (b[d.id]?.pips ?? 0)) return err(problem('order/pips', `Paid from the nearest division again, ${what}'s orders would leave ${d.name} owing ${spentIn(d.id)} of its ${b[d.id]?.pips ?? 0} pips (§VI L266).`, 'Withdraw some orders first, or name a division to pay.'));
    return ok({ order: o, preview: [`From this phase ${what}'s orders are paid again from the division whose general is nearest (L231, ANRT-C11, the default).`] });
  }
  const d = s.divisions[o.division];
  if (!d || d.side !== side || d.corpsLevel || s.pips[d.id] === undefined) return err(problem('order/pay-division', `${d?.name ?? o.division} has no command pips of yours this phase (L231).`, `Pay from: ${payers.map((x) => x.name).join(', ') || 'none'}, or ${PAY_NEAREST}.`));
  const spent = spentIn(d.id);
  const budget = b[d.id]?.pips ?? s.pips[d.id] ?? 0;
  if (spent > budget) return err(problem('order/pips', `${d.name} has ${budget} pips; with ${what}'s orders it would owe ${spent} (§VI L266).`, 'Withdraw some orders first, or pay from another division.'));
  // It stands until changed (ANRT-C16): a phase in which that division has no pips, the nearest pays.
  return ok({ order: o, preview: [`From this phase until you change it, ${what}'s orders are paid from ${d.name}'s pips (L231, ANRT-C11, C16): ${spent} of ${budget} ordered there now.`] });
}

function validateAllocate(s: AnrtState, o: Extract<AnrtOrder, { kind: 'allocate' }>, others: readonly AnrtOrder[]): Result<Accepted<AnrtOrder>, Problem> {
  const pools = s.command ? poolsOf(s.command) : [];
  if (!pools.length) return err(problem('order/no-allocation', 'No corps commander has dice to allocate this phase: every division throws its own (L21).'));
  const name = (d: string) => s.divisions[d]?.name ?? d;
  const gname = (g: string) => s.generals[g]?.name ?? g;
  // Each corps commander allocates his own dice among his own divisions (L21, ANRT-C15).
  const pool = poolOf(s.command, o.division);
  if (!pool) return err(problem('order/allocate-division', `${name(o.division)} gets no corps commander's die this phase: its general is not within 20" of its corps commander (L21).`, `Allocate to: ${pools.map((p) => `${p.divisions.map(name).join(', ')} (${gname(p.general)}'s dice)`).join('; ')}.`));
  const who = gname(pool.general);
  if (!allocationIsAChoice(pool.faces)) return err(problem('order/no-allocation', `${who}'s dice are all ${pool.faces[0]}: there is nothing to choose (L21).`, 'Each division keeps the die it has.'));
  if (!pool.faces.includes(o.die)) return err(problem('order/allocate-die', `${who} threw ${pool.faces.join(', ')} for ${pool.divisions.map(name).join(', ')}; there is no ${o.die} to give (L21).`, `Give one of: ${[...new Set(pool.faces)].join(', ')}.`));
  const all = [...others, o];
  const b = budgets(s, all);
  for (const d of pool.divisions) {
    const spent = others.reduce((n, x) => n + chargesOf(s, x, all).reduce((m, c) => (c.division === d ? m + c.pips : m), 0), 0);
    if (spent > b[d]!.pips) return err(problem('order/pips', `This allocation leaves ${name(d)} ${b[d]!.pips} pips, but ${spent} are already ordered there (§VI L266).`, `Withdraw some of ${name(d)}'s orders first, or allocate differently.`));
  }
  const dice = divisionDice(s, all);
  return ok({ order: o, preview: [`${who}'s allocation (L21): ${pool.divisions.map((d) => `${name(d)} ${dice[d]} → ${b[d]!.pips} pips`).join('; ')}.`] });
}
