import type { GameEvent } from '../rules/events';
import { nameOf, type NameBook } from './names';
import { prose, who } from './prose';

/**
 * One short paragraph for when no map can be posted: "3 units moved, 2 combats: French lost
 * 3 SP, Prussians 1 SP; General Ney: wounded (CR 2 → 1)." Counts and outcomes only; the
 * narrative has the dice.
 */
export function summarize(events: readonly GameEvent[], names: NameBook): string {
  const clauses: string[] = [];
  const moved = new Set(events.flatMap((e) => (e.kind === 'move' && names.entry(e.unit)?.kind !== 'general' ? [e.unit] : [])));
  const fights = events.filter((e) => e.kind === 'engagement').length;
  const lost = spBySide(events, names, (n) => n > 0);
  const gained = spBySide(events, names, (n) => n < 0);

  const activity: string[] = [];
  if (moved.size) activity.push(`${count(moved.size, 'unit', 'units')} moved`);
  if (fights) activity.push(`${count(fights, 'combat', 'combats')}${lost.length ? `: ${perSide(lost, 'lost')}` : ''}`);
  else if (lost.length) activity.push(perSide(lost, 'lost'));
  if (activity.length) clauses.push(activity.join(', '));

  const removed = events.flatMap((e) => (e.kind === 'removed' ? [who(names, e.unit)] : []));
  if (removed.length) clauses.push(`${count(removed.length, 'unit', 'units')} removed (${list(removed)})`);
  if (gained.length) clauses.push(perSide(gained, 'regained'));
  const orders = events.filter((e) => e.kind === 'order').length;
  if (orders) clauses.push(count(orders, 'order change', 'order changes'));
  const flags = events.flatMap((e) => (e.kind === 'status' && e.on ? [`${who(names, e.unit)} ${prose(names, e.status.replace(/-/g, ' '))}`] : []));
  if (flags.length) clauses.push(list(flags));
  for (const e of events) {
    if (e.kind !== 'general' || e.what === 'joins') continue;
    const detail = e.detail && !e.detail.startsWith(nameOf(names, e.general)) ? ` (${prose(names, e.detail)})` : '';
    clauses.push(`${who(names, e.general)}: ${prose(names, e.what)}${detail}`);
  }
  const endings = events.flatMap((e) => (e.kind === 'note' && e.rule === 'victory' ? [prose(names, e.text)] : []));

  // Only this resolution's events are summarised: moves made during the window (NW's maneuver,
  // B&P's acts) were narrated as they were made, so "nothing moved" would be untrue (issue 11).
  const text = clauses.length ? `${capitalise(clauses.join('; '))}.` : 'Nothing more happened as the window closed; moves made during it are narrated above.';
  return [text, ...endings].join(' ');
}

/** SP lost (or regained) per side, sides in the order they first appear. */
function spBySide(events: readonly GameEvent[], names: NameBook, keep: (amount: number) => boolean): [string, number][] {
  const bySide = new Map<string, number>();
  for (const e of events) {
    if (e.kind !== 'loss' || !keep(e.amount)) continue;
    const side = names.entry(e.unit)?.side ?? e.unit;
    bySide.set(side, (bySide.get(side) ?? 0) + Math.abs(e.amount));
  }
  return [...bySide].map(([side, n]) => [who(names, side), n]);
}

/** "French lost 3 SP, Prussians 1 SP": the verb once, after the first side. */
const perSide = (xs: readonly [string, number][], verb: string) => xs.map(([side, n], i) => `${side} ${i === 0 ? `${verb} ` : ''}${n} SP`).join(', ');

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** At most five names, then a count: the summary must stay short. */
function list(xs: readonly string[]): string {
  return xs.length <= 5 ? xs.join(', ') : `${xs.slice(0, 5).join(', ')} and ${xs.length - 5} more`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
