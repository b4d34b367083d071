import { escapeMd } from '../../../interaction/present-rolls';
import { countFatigue, countsForFatigue, halvesText, type FatigueScope, type FatigueUnit } from '../procedures/fatigue';
import { MORALE_MULTIPLIER_HUNDREDTHS } from '../tables/fatigue';
import { fatigueBatteryOf, fatigueUnitOf } from '../phases/rally';
import type { NwBattery, NwCommand, NwCommander, NwState, NwUnit } from '../state';
import { strengthHidden, viewNw } from '../view';

/**
 * NW §3.0 "Army Rosters" (L43-49) as Discord lines. A player's own roster carries what the
 * paper one does: each unit's identification with its levels, its s.p. lost, disorder and
 * rout, and the losses of each command and of the army against their fatigue levels
 * (Ch.II §4.0 L581-599). The public roster is what the enemy can see of it across the table:
 * it is built from the public view (viewNw), so a hidden number cannot reach it even by a
 * slip in the formatting below.
 */

/** Discord lines stay short enough to read on a phone and far under the 2000-character limit. */
const MAX_LINE = 199;
const clip = (s: string): string => (s.length <= MAX_LINE ? s : `${s.slice(0, MAX_LINE - 1)}…`);
/** Labels are shown as code so their slashes and quotes read as printed. */
const code = (s: string): string => `\`${s.replace(/`/g, "'")}\``;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A player's own roster: everything about `side`'s army, hidden numbers included. */
export function nwRoster(state: NwState, side: string): string[] {
  return rosterLines(state, side, true);
}

/** What the enemy (and the public) may see of `side`'s roster: no s.p., levels or losses. */
export function nwPublicRoster(state: NwState, side: string): string[] {
  return rosterLines(viewNw(state, { kind: 'public' }), side, false);
}

function rosterLines(s: NwState, side: string, open: boolean): string[] {
  const army = s.armies[side];
  if (!army) return [];
  const sideName = s.sides.find((x) => x.id === side)?.name ?? side;
  const cinc = army.cinc;
  const lines = [`**${escapeMd(army.name)}** (${escapeMd(sideName)}) — CinC ${escapeMd(cinc.name)} ${code(cinc.label)}${cinc.onTable ? '' : ', off table'}`];
  const fatigue = open ? fatigueText(s, armyFatigueUnits(s, side), army.morale, 'army') : '';
  if (fatigue || army.broken) lines.push(`Army fatigue${fatigue ? `: ${fatigue}` : ''}${army.broken ? ' — **broken** (Ch.II §4.0 L587)' : ''}`);
  const adcs = Object.values(s.generals).filter((g) => g.side === side && g.command === null);
  if (adcs.length) lines.push(`ADCs: ${adcs.map((g) => generalText(s, g.id)).join('; ')}`);
  for (const cmd of Object.values(s.commands)) if (cmd.side === side) lines.push(...commandLines(s, cmd, open));
  return lines.map(clip);
}

function commandLines(s: NwState, cmd: NwCommand, open: boolean): string[] {
  const c = s.commanders[cmd.commander];
  const head = [`__${escapeMd(cmd.name)}__`];
  if (c) head.push(`— ${escapeMd(c.name)} ${code(c.label)}, ${commanderStatus(c)}`);
  const units = cmd.units.map((id) => s.units[id]).filter((u): u is NwUnit => u !== undefined);
  const batteries = cmd.batteries.map((id) => s.batteries[id]).filter((b): b is NwBattery => b !== undefined);
  const fatigue = open ? fatigueText(s, [...units.map(fatigueUnitOf), ...batteries.map(fatigueBatteryOf)], cmd.morale, 'command') : '';
  if (fatigue) head.push(`· fatigue: ${fatigue}`);
  // The red flag is announced and put on the table (Ch.II §4.0 L601): public.
  if (cmd.fatigued) head.push('· 🚩 **fatigued**');
  const lines = [head.join(' ')];
  const generals = Object.values(s.generals).filter((g) => g.command === cmd.id);
  if (generals.length) lines.push(`Generals: ${generals.map((g) => generalText(s, g.id)).join('; ')}`);
  lines.push(...units.map((u) => unitLine(s, u, open)), ...batteries.map((b) => batteryLine(s, b, open)));
  return lines;
}

/** "• 1st Brigade `1B/1/I SK1 7/5/3 Vet` — 5/7 s.p., Worn, disordered; ★ Général Dufour". */
function unitLine(s: NwState, u: NwUnit, open: boolean): string {
  const facts: string[] = [];
  // strengthHidden: the public roster is built from the public view, whose s.p. are sentinels.
  if (!strengthHidden(u)) facts.push(`${u.sp}/${u.spStart} s.p.`, cap(u.fatigue));
  if (!u.removed) facts.push(u.status === 'good-order' ? 'good order' : u.status);
  const extras: string[] = [];
  if (u.attachedGeneral) extras.push(`★ ${officerName(s, u.attachedGeneral)}`);
  if (u.attachedBattery) extras.push(`with ${escapeMd(s.batteries[u.attachedBattery]?.name ?? u.attachedBattery)}`);
  const where = placeText(s, u, open);
  if (where) extras.push(where);
  return `• ${escapeMd(u.name)} ${code(u.label)} — ${[facts.join(', '), ...extras].filter(Boolean).join('; ')}`;
}

/** "• I Corps foot battery `I Corp, 8 lb, Foot` — damaged; attached to 1st Brigade". */
function batteryLine(s: NwState, b: NwBattery, open: boolean): string {
  const extras: string[] = [];
  if (!b.removed) extras.push(b.condition === 'full' ? 'full strength' : b.condition.replace(/-/g, ' '));
  if (b.attachedTo) extras.push(`attached to ${escapeMd(s.units[b.attachedTo]?.name ?? b.attachedTo)}`);
  const where = placeText(s, b, open);
  if (where) extras.push(where);
  return `• ${escapeMd(b.name)} ${code(b.label)} — ${extras.join('; ')}`;
}

/**
 * Where a piece is, when not on the table. Ruling VW-5: when a reinforcement arrives is told
 * to its owner only; the enemy learns of it when it comes on. (NwState.reinforcements itself
 * is left in every view: the scenario file that holds it is public.)
 */
function placeText(s: NwState, x: { id: string; onTable: boolean; removed: boolean; routedOffTable?: boolean }, open: boolean): string {
  if (x.routedOffTable) return 'routed off the table';
  if (x.removed) return 'destroyed';
  if (x.onTable) return '';
  const due = open ? s.reinforcements.find((r) => r.turn >= s.turn && r.pieces.includes(x.id)) : undefined;
  return due ? `off table, arrives turn ${due.turn}` : 'off table';
}

function commanderStatus(c: NwCommander): string {
  if (c.status === 'awaiting-replacement') return c.replacementTurn === null ? 'lost, replacement not yet rolled' : `lost, replacement due turn ${c.replacementTurn}`;
  return `${c.replacement ? 'replacement, ' : ''}in command${c.onTable ? '' : ' (off table)'}`;
}

/** A general with his label and where he is: "Général Dufour `1/I Corps` with 1st Brigade". */
function generalText(s: NwState, id: string): string {
  const g = s.generals[id]!;
  const at = g.lost ? 'lost' : g.attachedTo ? `with ${escapeMd(s.units[g.attachedTo]?.name ?? g.attachedTo)}` : g.onTable ? 'unattached' : 'off table';
  return `${escapeMd(g.name)} ${code(g.label)} ${at}`;
}

/** An attached officer may be a general, a commander or the CinC (NwUnit.attachedGeneral). */
function officerName(s: NwState, id: string): string {
  const cinc = Object.values(s.armies).find((a) => a.cinc.id === id)?.cinc;
  return escapeMd(s.generals[id]?.name ?? s.commanders[id]?.name ?? cinc?.name ?? id);
}

// ---------------------------------------------------------------------------------------------
// Fatigue (Ch.II §4.0): counted by procedures/fatigue.ts exactly as the rally phase counts it.

function armyFatigueUnits(s: NwState, side: string): FatigueUnit[] {
  return [
    ...Object.values(s.units).filter((u) => u.side === side).map(fatigueUnitOf),
    ...Object.values(s.batteries).filter((b) => b.side === side).map(fatigueBatteryOf),
  ];
}

/** "lost ½ of 2 (5 units × .35)"; empty when nothing counts (a command of irregulars for the army). */
function fatigueText(s: NwState, units: readonly FatigueUnit[], morale: NwCommand['morale'], scope: FatigueScope): string {
  if (!units.some((u) => countsForFatigue(u, scope))) return '';
  const c = countFatigue(units, morale, scope, s.settings);
  return `lost ${halvesText(c.lossHalves)} of ${c.level} (${c.units} units × .${MORALE_MULTIPLIER_HUNDREDTHS[morale]})`;
}
