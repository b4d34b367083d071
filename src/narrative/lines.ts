import type {
  EngagementEvent, GameEvent, GeneralEvent, LossEvent, MoveEvent, NoteEvent, OrderEvent, PhaseEvent, RemovedEvent, RollEvent, StatusEvent,
} from '../rules/events';
import { escapeMd } from '../interaction/present-rolls';
import { nameOf, type NameBook } from './names';
import { inches, modifierText, place, prose, who, whoOfSide } from './prose';

/**
 * One line per fact (an engagement is a small block: who fought, then each side's pool).
 * Emoji lead each line so a phone reader can scan the kinds; bold is kept for phase headers.
 */

/** "**Turn 3 (15:00) — 4. Movement**". Labels come from the rules code, not from players. */
export function phaseTitle(names: NameBook, e: PhaseEvent): string {
  if (/^Turn \d/.test(e.label)) return e.label;
  const clock = names.clock?.(e.turn);
  return `Turn ${e.turn}${clock ? ` (${clock})` : ''} — ${e.label}`;
}

/** "🎲 I Corps: initiative [4] → moves in rank 4"; every face, then modifiers and total. */
export function rollLine(names: NameBook, e: RollEvent): string {
  const mods = e.modifiers.map((m) => ` ${modifierText(names, m)}`).join('');
  // Without modifiers the total is just the faces (or, for a pool of casualty dice, meaningless).
  const total = e.modifiers.length ? ` = ${e.total}` : '';
  const row = e.tableRow ? ` → ${prose(names, e.tableRow)}` : '';
  return `🎲 ${who(names, e.subject)}: ${prose(names, e.purpose)} [${e.faces.join(', ')}]${mods}${total}${row}`;
}

/** "➡️ 1st Division (French) M: C4 → C6, 12″ of 12″ (allowance spent)". */
export function moveLine(names: NameBook, e: MoveEvent): string {
  const tag = names.entry(e.unit)?.tag;
  const stops: string[] = [];
  for (const p of [e.from, ...e.path, e.to]) {
    const at = place(names, p);
    if (stops[stops.length - 1] !== at) stops.push(at);
  }
  const route = stops.length === 1 ? `within ${stops[0]}` : stops.join(' → ');
  const len = names.distance ?? inches;
  const dist = e.cost !== undefined
    ? `, ${len(e.cost)}${e.allowance !== undefined ? ` of ${len(e.allowance)}` : ''}`
    : e.allowance !== undefined ? `, allowance ${len(e.allowance)}` : '';
  const stopped = e.stopped ? ` (${prose(names, e.stopped)})` : '';
  return `➡️ ${whoOfSide(names, e.unit)}${tag ? ` ${escapeMd(tag)}` : ''}: ${route}${dist}${stopped}`;
}

/** "📜 2nd Division: D → A (order chit revealed, by General Ney)". */
export function orderLine(names: NameBook, e: OrderEvent): string {
  const change = e.from === null ? `now ${escapeMd(e.to)}` : `${escapeMd(e.from)} → ${escapeMd(e.to)}`;
  const by = e.by ? `, by ${who(names, e.by)}` : '';
  return `📜 ${whoOfSide(names, e.unit)}: ${change} (${prose(names, e.reason)}${by})`;
}

/** "3 SP", "1 figure", "3 figures", "2 hits", "1 crew": the amount in the loss's own measure. */
export function lossAmount(n: number, measure: LossEvent['measure']): string {
  switch (measure ?? 'sp') {
    case 'sp': return `${n} SP`;
    case 'figures': return `${n} ${n === 1 ? 'figure' : 'figures'}`;
    case 'hits': return `${n} ${n === 1 ? 'hit' : 'hits'}`;
    case 'crew': return `${n} crew`;
  }
}

/** Losses, and gains (a negative loss: re-organisation), in SP, figures, hits or crew. */
export function lossLine(names: NameBook, e: LossEvent): string {
  // A loss bigger than what was left leaves nothing, never "-2 SP left" (issue 11).
  const remaining = e.remaining === undefined ? undefined : Math.max(0, e.remaining);
  const left = remaining === undefined ? '' : e.amount < 0 ? `: ${lossAmount(remaining, e.measure)}` : `: ${lossAmount(remaining, e.measure)} left`;
  return e.amount < 0
    ? `💚 ${whoOfSide(names, e.unit)} regains ${lossAmount(-e.amount, e.measure)} (${prose(names, e.cause)})${left}`
    : `🩸 ${whoOfSide(names, e.unit)} loses ${lossAmount(e.amount, e.measure)} (${prose(names, e.cause)})${left}`;
}

export function removedLine(names: NameBook, e: RemovedEvent): string {
  return `❌ ${whoOfSide(names, e.unit)} removed at ${place(names, e.at)}: ${prose(names, e.reason)}`;
}

/**
 * "🎖️ General Ney: wounded (CR 2 → 1)". The rules sometimes write the whole sentence in
 * `detail` ("Ney joins 1st Division…"); then that sentence is the line.
 */
export function generalLine(names: NameBook, e: GeneralEvent): string {
  if (e.detail.startsWith(nameOf(names, e.general))) return `🎖️ ${prose(names, e.detail)}`;
  return `🎖️ ${who(names, e.general)}: ${prose(names, e.what)}${e.detail ? ` (${prose(names, e.detail)})` : ''}`;
}

export function statusLine(names: NameBook, e: StatusEvent): string {
  const status = prose(names, e.status.replace(/-/g, ' '));
  return `${e.on ? '⚠️' : '✅'} ${whoOfSide(names, e.unit)}: ${e.on ? '' : 'no longer '}${status} (${prose(names, e.reason)})`;
}

export function noteLine(names: NameBook, e: NoteEvent): string {
  return `${e.rule === 'victory' ? '🏁' : 'ℹ️'} ${prose(names, e.text)}`;
}

/**
 * An engagement: who fought, then each side's pool as SP + named modifiers. `firer` is the
 * side that fired in a bombardment (only it passes dice), when the caller could tell.
 */
export function engagementLines(names: NameBook, e: EngagementEvent, firer?: string): string[] {
  const units = (s: EngagementEvent['sides'][number]) => s.units.map((u) => who(names, u)).join(', ');
  const at = place(names, e.at);
  const gun = e.bombardment ? e.sides.find((s) => s.side === firer) : undefined;
  const head = !e.bombardment
    ? `⚔️ Combat at ${at}: ${e.sides.map(units).join(' vs ')}`
    : gun
      ? `💥 Artillery fire at ${at}: ${units(gun)} fires on ${e.sides.filter((s) => s !== gun).map(units).join(', ')}`
      : `💥 Artillery fire at ${at}: ${e.sides.map(units).join(' · ')}`;
  if (e.pools === false) return [head];
  const pools = (gun ? [gun] : e.sides).map((s) => {
    const sp = s.dice - s.modifiers.reduce((a, m) => a + m.value, 0);
    const only = s.units.length === 1 ? s.units[0] : undefined;
    const mods = s.modifiers.map((m) => ` ${modifierText(names, m, only)}`).join('');
    return `• ${who(names, s.side)}: ${sp} SP${mods} = ${s.dice} ${s.dice === 1 ? 'die' : 'dice'}`;
  });
  return [head, ...pools];
}

/** The line(s) of one event; phases are headers, handled by the caller. */
export function eventLines(names: NameBook, e: GameEvent): string[] {
  switch (e.kind) {
    case 'phase': return [`**${phaseTitle(names, e)}**`];
    case 'roll': return [rollLine(names, e)];
    case 'move': return [moveLine(names, e)];
    case 'order': return [orderLine(names, e)];
    case 'loss': return [lossLine(names, e)];
    case 'removed': return [removedLine(names, e)];
    case 'engagement': return engagementLines(names, e);
    case 'general': return [generalLine(names, e)];
    case 'status': return [statusLine(names, e)];
    case 'note': return [noteLine(names, e)];
  }
}
