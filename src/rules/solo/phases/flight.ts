import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { collisionChits } from '../procedures/move';
import { flightMove } from '../procedures/flight';
import type { SoloSettings } from '../settings';
import { distanceMm, onTable, unitById, withUnit, type SoloState, type SoloUnit } from '../state';
import { addDisorder } from './apply';
import { sweep } from './contact';

/**
 * A routing or retiring unit's move on the table (KUR L8, L11, L23-24, L28; KS-29…KS-33, KS-37):
 * at the result ("applying any results immediately", L8) and again at each of its cards until it
 * rallies (L11 "each move of Rout"; KS-32). A retire goes away from the enemy that caused it, else
 * from the nearest enemy; a rout goes straight for its own table edge (KS-30 `morale.routWay`).
 * A base in its way stops it and both take D3 'D' (L11 collision; KS-37 `morale.flightCollision`);
 * beyond the table edge it has fled and is gone (KS-31; KS-8 counts it), and the generals with
 * it ride off the table with it to the edge, where they are left unattached (KS-41).
 */

/** The nearest enemy unit on the table, if any. */
export function nearestEnemy(s: SoloState, u: SoloUnit): SoloUnit | undefined {
  let best: SoloUnit | undefined;
  for (const x of onTable(s)) if (x.side !== u.side && (!best || distanceMm(x.at, u.at) < distanceMm(best.at, u.at))) best = x;
  return best;
}

/** KS-30: the compass heading of each table edge, from inside the table. */
export const EDGE_HEADING = { north: 0, east: 90, south: 180, west: 270 } as const;
/** A table edge. */
export type TableEdge = keyof typeof EDGE_HEADING;

/** KS-30: the table edge nearest the middle of a side's units — its own edge (the scenario deploys each side from its own). */
export function nearestEdge(points: readonly Point[], table: { width: number; height: number }): TableEdge {
  const n = Math.max(1, points.length);
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const d: [TableEdge, number][] = [['south', my], ['north', table.height - my], ['west', mx], ['east', table.width - mx]];
  return d.reduce((a, b) => (b[1] < a[1] ? b : a))[0];
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

/** The point where a path from `a` to `b` leaves the table (b itself when it does not). */
function edgePoint(a: Point, b: Point, table: { width: number; height: number } | undefined): Point {
  if (!table) return b;
  let t = 1;
  for (const [p, q, lim] of [[a.x, b.x, 0], [a.x, b.x, table.width], [a.y, b.y, 0], [a.y, b.y, table.height]] as const) {
    if (q !== p && (q - lim) * (p - lim) < 0) t = Math.min(t, (lim - p) / (q - p));
  }
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** KS-29…KS-31, KS-37: one rout or retire move of `unitId`. */
export function flee(s: SoloState, unitId: string, kind: 'rout' | 'retire', settings: SoloSettings, dice: Dice, o: FleeOptions): { state: SoloState; events: GameEvent[] } {
  const u = unitById(s, unitId);
  if (u.gone) return { state: s, events: [] };
  const cause = o.from ? s.units.find((x) => x.id === o.from && !x.gone && x.side !== u.side) : undefined;
  const enemy = cause ?? nearestEnemy(s, u);
  const edge = kind === 'rout' && o.mm === undefined && settings.morale.routWay === 'own-edge' ? s.homeEdges?.[u.side] : undefined;
  const f = flightMove({
    unit: u, at: u.at, facing: u.facing, kind, from: enemy?.at ?? null, ...(s.table ? { table: s.table } : {}), ...(o.mm !== undefined ? { mm: o.mm } : {}),
    ...(edge ? { heading: EDGE_HEADING[edge] } : {}),
  }, settings);
  const events: GameEvent[] = [...f.events];
  const away = edge ? `for its own (${edge}) edge` : enemy ? `away from ${enemy.name}` : 'straight back';
  // KS-37: the first base in its way stops it (it keeps its facing: the base slides backwards).
  const sw = settings.morale.flightCollision === 'stop-short-and-disorder' ? sweep(s, u, u.at, f.result.to) : { mm: f.result.mm, to: f.result.to, met: [] };
  if (sw.met.length === 0 && f.result.offTable) {
    events.push({ kind: 'removed', rule: `${o.rule}; KS-31`, unit: u.id, at: u.at, reason: `${kind === 'rout' ? 'routs' : 'retires'} ${f.result.mm} mm ${away} and leaves the table` });
    const out = edgePoint(u.at, f.result.to, s.table);
    const gens = s.generals.filter((g) => g.attachedTo === u.id);
    for (const g of gens) events.push({ kind: 'general', rule: 'KS-41', general: g.id, what: 'detached', detail: `rides off with ${u.name} and is left at the table edge` });
    const state: SoloState = { ...withUnit(s, { ...u, gone: 'fled' }), generals: s.generals.map((g) => (g.attachedTo === u.id ? { ...g, attachedTo: undefined, at: out } : g)) };
    return { state, events };
  }
  const into = sw.met.length ? `: stops after ${sw.mm} mm against ${sw.met.map((x) => x.name).join(', ')} (collision, KS-37)` : '';
  events.push({ kind: 'move', rule: `${o.rule}; KS-29; KS-30${sw.met.length ? '; KS-37' : ''}`, unit: u.id, from: u.at, to: sw.to, path: [], facing: u.facing, cost: Math.round(sw.mm), allowance: f.result.mm, stopped: `${kind === 'rout' ? 'rout' : 'retire'} move ${away}${into}` });
  let state = withUnit(s, { ...u, at: sw.to, movedFraction: 1 });
  if (o.chits) {
    const d = addDisorder(state, u.id, f.result.chits, `a move of ${kind === 'rout' ? 'rout' : 'retreat'}`);
    state = d.state; events.push(...d.events);
  }
  for (const x of sw.met.length ? [u, ...sw.met] : []) {
    // L11: "Each collision D3 D's per unit involved".
    const c = collisionChits(x.name, dice);
    const d = addDisorder(state, x.id, c.result, 'a collision');
    state = d.state; events.push(...c.events, ...d.events);
  }
  return { state, events };
}
