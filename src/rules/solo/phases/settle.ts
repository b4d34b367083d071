import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { moraleTest } from '../procedures/morale';
import type { SoloSettings } from '../settings';
import { unitById, withUnit, type SoloState, type SoloUnit } from '../state';
import { applyMoraleResult } from './apply';
import { moraleDue, moraleInputFor, type MoraleDue } from './morale-state';

/**
 * What an act leaves behind for morale (KUR L8, L20-24, K-5): the tests it called for are taken
 * now by units that have already acted and wait as markers for the others' cards (L8); a unit
 * that routes makes its friends within 300 mm test in turn. Each unit tests at most once for
 * one act, so a chain of routs ends.
 */
export function settleMorale(s0: SoloState, before: SoloState, due: readonly MoraleDue[], settings: SoloSettings, dice: Dice): { state: SoloState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  const routed = (id: string) => unitById(s, id).gone !== 'destroyed' && unitById(s, id).motion === 'routing'; // one that fled the table routed too
  // K-5 "a friend routs within 300 mm": measured from where it routed, before its rout move (KS-32).
  const routsFrom = (id: string, at: SoloUnit['at']) => moraleDue(withUnit(s, { ...unitById(s, id), at }), { kind: 'routs', unit: id }, settings);
  const queue: MoraleDue[] = [...due];
  // Only a unit routing now can have started to (routed(u.id) reads u itself); looked up by id, not searched per unit.
  const was = new Map(before.units.map((x) => [x.id, x]));
  for (const u of s.units) {
    if (u.gone === 'destroyed' || u.motion !== 'routing') continue;
    const w = was.get(u.id);
    if (w && w.motion !== 'routing') queue.push(...routsFrom(u.id, w.at));
  }
  const tested = new Set<string>();
  while (queue.length > 0) {
    const d = queue.shift()!;
    const u = unitById(s, d.unit);
    if (u.gone || u.motion === 'routing' || tested.has(u.id)) continue;
    if (d.when === 'marker') {
      if (!u.moraleMarker) { s = withUnit(s, { ...u, moraleMarker: true, ...(d.from ? { moraleFrom: d.from } : {}) }); events.push({ kind: 'note', rule: 'KUR L8', text: `${u.name} is given a marker: it tests morale when its card comes up` }); }
      continue;
    }
    tested.add(u.id);
    const m = moraleTest(moraleInputFor(s, u.id), settings, dice);
    events.push(...m.events);
    if (m.result.passes) { s = withUnit(s, { ...unitById(s, u.id), moraleMarker: false, moraleFrom: undefined }); continue; }
    const a = applyMoraleResult(s, u.id, m.result.failure!, settings, dice, d.from ?? null);
    s = a.state;
    events.push(...a.events);
    if (m.result.failure!.result === 'rout') queue.push(...routsFrom(u.id, u.at));
  }
  return { state: s, events };
}
