import type { GameEvent } from '../../events';
import { flightMove } from '../procedures/flight';
import type { SoloSettings } from '../settings';
import { distanceMm, onTable, unitById, withUnit, type SoloState, type SoloUnit } from '../state';
import { addDisorder } from './apply';

/**
 * A routing or retiring unit's move on the table (KUR L8, L11, L23-24, L28; KS-29…KS-32): at the
 * result ("applying any results immediately", L8) and again at each of its cards until it rallies
 * (L11 "each move of Rout"; KS-32). It goes away from the enemy that caused it, else from the
 * nearest enemy (KS-30); beyond the table edge it has fled and is gone (KS-31; KS-8 counts it).
 */

/** The nearest enemy unit on the table, if any. */
export function nearestEnemy(s: SoloState, u: SoloUnit): SoloUnit | undefined {
  let best: SoloUnit | undefined;
  for (const x of onTable(s)) if (x.side !== u.side && (!best || distanceMm(x.at, u.at) < distanceMm(best.at, u.at))) best = x;
  return best;
}

export interface FleeOptions {
  /** The enemy unit that caused it (KS-30); absent or gone, the nearest enemy. */
  readonly from?: string | null;
  /** A printed distance (L28 "retire 100mm") instead of the placeholder base moves. */
  readonly mm?: number;
  /** Add L11's chits for this move (at a card; at the result the D10 row's chits stand for them). */
  readonly chits?: boolean;
  readonly rule: string;
}

/** KS-29…KS-31: one rout or retire move of `unitId`. */
export function flee(s: SoloState, unitId: string, kind: 'rout' | 'retire', settings: SoloSettings, o: FleeOptions): { state: SoloState; events: GameEvent[] } {
  const u = unitById(s, unitId);
  if (u.gone) return { state: s, events: [] };
  const cause = o.from ? s.units.find((x) => x.id === o.from && !x.gone && x.side !== u.side) : undefined;
  const enemy = cause ?? nearestEnemy(s, u);
  const f = flightMove({ unit: u, at: u.at, facing: u.facing, kind, from: enemy?.at ?? null, ...(s.table ? { table: s.table } : {}), ...(o.mm !== undefined ? { mm: o.mm } : {}) }, settings);
  const events: GameEvent[] = [...f.events];
  const away = enemy ? `away from ${enemy.name}` : 'straight back';
  if (f.result.offTable) {
    events.push({ kind: 'removed', rule: `${o.rule}; KS-31`, unit: u.id, at: u.at, reason: `${kind === 'rout' ? 'routs' : 'retires'} ${f.result.mm} mm ${away} and leaves the table` });
    const state: SoloState = { ...withUnit(s, { ...u, gone: 'fled' }), generals: s.generals.map((g) => (g.attachedTo === u.id ? { ...g, attachedTo: undefined } : g)) };
    return { state, events };
  }
  events.push({ kind: 'move', rule: `${o.rule}; KS-29; KS-30`, unit: u.id, from: u.at, to: f.result.to, path: [], facing: u.facing, cost: f.result.mm, allowance: f.result.mm, stopped: `${kind === 'rout' ? 'rout' : 'retire'} move ${away}` });
  let state = withUnit(s, { ...u, at: f.result.to, movedFraction: 1 });
  if (o.chits) {
    const d = addDisorder(state, u.id, f.result.chits, `a move of ${kind === 'rout' ? 'rout' : 'retreat'}`);
    state = d.state; events.push(...d.events);
  }
  return { state, events };
}
