import type { Dice } from '../../dice/dice';
import type { Step } from '../contract';
import type { GameEvent } from '../events';
import { ruleRoll } from '../roll';
import { liveStands, presentGenerals, type DramState } from './state';

/**
 * DRAM §2 phase 3 — initiative (§4 L58-60): 1D6 per corps; corps move in ascending order,
 * 1s first, both sides interleaved. Players roll their own corps' dice during the movement
 * window; the engine rolls for anyone who has not by the deadline.
 */

/** Corps that take part in this turn's initiative: any with a stand or its general on the table. */
export function activeCorps(s: DramState): string[] {
  const live = new Set(liveStands(s).map((x) => x.corps));
  const withGeneral = new Set(presentGenerals(s).map((g) => g.corps).filter((c): c is string => c !== null));
  return Object.keys(s.corps).filter((c) => live.has(c) || withGeneral.has(c)).sort();
}

export function rollInitiative(s: DramState, corps: string, dice: Dice): Step<DramState> {
  const roll = ruleRoll(dice, '1d6', { rule: 'DRAM §4', purpose: 'initiative', subject: corps });
  const die = roll.rolled.total;
  return { state: { ...s, initiative: { ...s.initiative, [corps]: die } }, events: [roll.event(`moves in rank ${die}`)] };
}

/**
 * The movement sequence once every corps has a die. Ties (HR D-3, `initiative.ties`):
 * 'reroll' — tied corps re-roll among themselves until ordered, keeping their place among
 * the others; 'side-with-lower-total-first' — the side whose dice sum lower goes first;
 * 'simultaneous' — tied corps keep a stable id order (they move "together").
 */
export function moveSequence(s: DramState, dice: Dice): Step<DramState> {
  const corps = activeCorps(s);
  const events: GameEvent[] = [];
  const key = new Map<string, number[]>(corps.map((c) => [c, [s.initiative[c] ?? 7]]));
  const mode = s.settings.initiative.ties;
  if (mode === 'reroll') {
    for (let round = 0; round < 50; round++) {
      const groups = tiedGroups(corps, key);
      if (groups.length === 0) break;
      for (const group of groups) {
        for (const c of group) {
          const roll = ruleRoll(dice, '1d6', { rule: 'DRAM §4, HR D-3', purpose: 'initiative tie re-roll', subject: c });
          key.get(c)!.push(roll.rolled.total);
          events.push(roll.event('breaks a tie'));
        }
      }
    }
  } else if (mode === 'side-with-lower-total-first') {
    const total = new Map<string, number>();
    for (const c of corps) total.set(s.corps[c]!.side, (total.get(s.corps[c]!.side) ?? 0) + (s.initiative[c] ?? 0));
    for (const c of corps) key.get(c)!.push(total.get(s.corps[c]!.side)!);
  }
  const order = [...corps].sort((a, b) => compareKeys(key.get(a)!, key.get(b)!) || (a < b ? -1 : 1));
  events.push({ kind: 'note', rule: 'DRAM §4', text: `Movement order: ${order.map((c) => `${s.corps[c]!.name} (${s.initiative[c]})`).join(', ')}.` });
  return { state: { ...s, moveSequence: order }, events };
}

function tiedGroups(corps: readonly string[], key: ReadonlyMap<string, number[]>): string[][] {
  const byKey = new Map<string, string[]>();
  for (const c of corps) {
    const k = key.get(c)!.join(',');
    byKey.set(k, [...(byKey.get(k) ?? []), c]);
  }
  return [...byKey.values()].filter((g) => g.length > 1);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
