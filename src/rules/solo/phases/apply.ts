import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import type { SoloSettings } from '../settings';
import { armOf } from '../tables/vocabulary';
import type { CasualtyResult, Marked } from '../procedures/casualties';
import type { D10Row } from '../procedures/morale';
import { unitById, withUnit, type SoloState, type SoloUnit } from '../state';
import { flee } from './flight';

/**
 * Results onto the state (KUR L11, L14, L23-24, L29): figures removed, special figures and
 * generals killed, 'D' chits, a failed morale test's D10 result. Every change is an event.
 */

/** KS-19: a unit's front rank — line figures ÷ ranks (rounded up), a column's head, a square's face, all of a skirmish line or battery crew. */
export function frontRankFigures(u: Pick<SoloUnit, 'formation' | 'figures' | 'type'>, settings: SoloSettings): number {
  if (armOf(u.type) === 'artillery' || u.formation === 'skirmish') return u.figures;
  if (u.formation === 'column') return Math.min(u.figures, settings.figures.columnFrontage);
  if (u.formation === 'square') return Math.ceil(u.figures / 4);
  return Math.ceil(u.figures / settings.figures.lineRanks);
}

/**
 * Who stands among a unit's front-rank figures to be picked (L14, L29): its officer and standard
 * when at the front, attached generals (who must be in the front rank to have effect, L14).
 * Positions are fixed by ruling KS-20: officer first, standard in the middle, generals last.
 */
export function markedInFront(s: SoloState, u: SoloUnit, eligible: number): Marked[] {
  const out: Marked[] = [];
  if (eligible <= 0) return out;
  if (u.specials?.officer?.alive && u.specials.officer.front !== false) out.push({ id: `${u.id}:officer`, kind: 'officer', position: 1 });
  if (u.specials?.standard?.alive && u.specials.standard.front !== false && eligible >= 2) out.push({ id: `${u.id}:standard`, kind: 'standard', position: Math.ceil(eligible / 2) + (eligible % 2 === 0 ? 1 : 0) });
  const gens = s.generals.filter((g) => g.alive && g.attachedTo === u.id);
  gens.forEach((g, i) => { const p = eligible - i; if (p >= 1 && !out.some((m) => m.position === p)) out.push({ id: g.id, kind: 'general', position: p }); });
  return out;
}

/** L14: figures off, special figures and generals killed; a unit with no figures left is destroyed. */
export function applyCasualties(s: SoloState, unitId: string, c: CasualtyResult, cause: string): { state: SoloState; events: GameEvent[] } {
  const u = unitById(s, unitId);
  const events: GameEvent[] = [];
  const lost = Math.min(u.figures, c.figures);
  const specials = { ...u.specials };
  for (const id of c.specialsKilled) {
    const which = id.split(':')[1] as 'officer' | 'musician' | 'standard';
    if (specials[which]) specials[which] = { ...specials[which]!, alive: false };
  }
  let next: SoloUnit = { ...u, figures: u.figures - lost, casualtiesThisTurn: u.casualtiesThisTurn + lost, casualtiesTotal: u.casualtiesTotal + lost, specials };
  if (lost > 0) events.push({ kind: 'loss', rule: 'KUR L14', unit: u.id, amount: lost, measure: 'figures', remaining: next.figures, cause });
  if (next.figures === 0) {
    next = { ...next, gone: 'destroyed' };
    events.push({ kind: 'removed', rule: 'KUR L14', unit: u.id, at: u.at, reason: 'no figures left' });
  }
  let state = withUnit(s, next);
  for (const g of c.generalsKilled) {
    state = { ...state, generals: state.generals.map((x) => (x.id === g ? { ...x, alive: false, attachedTo: undefined } : x)) };
    events.push({ kind: 'general', rule: 'KUR L14', general: g, what: 'killed', detail: `hit with ${u.name}` });
  }
  return { state, events };
}

/** L11: add 'D' chits (skirmishers take none while unformed, L14). */
export function addDisorder(s: SoloState, unitId: string, chits: number, reason: string): { state: SoloState; events: GameEvent[] } {
  const u = unitById(s, unitId);
  if (chits <= 0 || u.gone || u.formation === 'skirmish') return { state: s, events: [] };
  return { state: withUnit(s, { ...u, disorder: u.disorder + chits }), events: [{ kind: 'status', rule: 'KUR L11', unit: u.id, status: `+${chits} 'D'`, on: true, reason: `${reason} (${u.disorder + chits} 'D')` }] };
}

/**
 * K-5 placeholder: a failed morale test's D10 result onto the unit (rout, retire, halt, shaken),
 * with its chits; a rout or retire moves at once (L8 "applying any results immediately"; KS-29…
 * KS-31), away from `from` (the enemy that caused it), else the nearest enemy. The row's chits are
 * that first move's (L11: rout 2, retire 1).
 */
export function applyMoraleResult(s: SoloState, unitId: string, row: D10Row, settings: SoloSettings, dice: Dice, from: string | null = null): { state: SoloState; events: GameEvent[] } {
  const u = unitById(s, unitId);
  const motion = row.result === 'rout' ? 'routing' : row.result === 'retire' ? 'retiring' : 'halted';
  const moved = withUnit(s, { ...u, motion, moraleMarker: false, moraleFrom: undefined });
  const d = addDisorder(moved, unitId, row.chits, `morale ${row.result} (placeholder morale.d10Chart)`);
  const events: GameEvent[] = [{ kind: 'status', rule: 'KUR L23-24; placeholder morale.d10Chart', unit: u.id, status: row.result, on: true, reason: 'failed morale' }, ...d.events];
  if (row.result !== 'rout' && row.result !== 'retire') return { state: d.state, events };
  const f = flee(d.state, unitId, row.result, settings, dice, { from, rule: 'KUR L8, L11, L23-24' });
  return { state: f.state, events: [...events, ...f.events] };
}
