import type { GameEvent } from '../../events';
import type { Point } from '../../geometry/types';
import { add, distance, headingVector, scale } from '../../geometry/vector';
import { footprint } from '../footprint';
import { withUnit, type AnrtMove, type AnrtState, type AnrtUnit } from '../state';
import type { Mover } from '../tables/vocabulary';
import { terrainMove } from '../terrain';
import { qrsKnown, qrsValue } from './gm';

/**
 * Guns moved by prolong by the enemy who took them (§XVI L1061: "on a score of 6 ... the guns can be
 * moved by prolong by the overrunning unit"; L1065: "prepared for prolong in subsequent moves").
 * ANRT-G7: the battery is lost to its side (`gone`, counted lost) but its guns stay on the table,
 * `taken` by the unit that holds them, drawn behind it. That unit takes them along on its own
 * `/move` when the move is no longer than the guns' QRS prolong move (`movement.<foot|horse>-
 * artillery-prolong`; the stand-in's 2" and 3" are the project's, not the author's) at the move's
 * own pip price. The resolution's moves of it (a charge, an advance, a pursuit, a rally back, a
 * withdrawal) take them along too while the phase's moves add up to one prolong move (L372,
 * ANRT-G8, `carriedThisPhase`); a longer way leaves them, spiked — as is the case when it is routed
 * or destroyed. Guns are never turned on their owners (L1068).
 */

/** The QRS prolong row the taken guns move on: horse guns their own, every other battery the foot row (L1083 for regimental guns). */
export const prolongRow = (b: Pick<AnrtUnit, 'arm'>): Mover => (b.arm === 'horse-artillery' ? 'horse-artillery-prolong' : 'foot-artillery-prolong');

/** The guns unit `id` holds. */
export const gunsHeldBy = (s: AnrtState, id: string): AnrtUnit[] => Object.values(s.units).filter((b) => b.gone && b.taken?.by === id);

/**
 * How far `u` may move taking its guns: the slowest of their QRS prolong moves; null when it holds
 * none, undefined while a prolong row is neither entered nor ruled.
 */
export function prolongReach(s: AnrtState, u: AnrtUnit): number | null | undefined {
  const held = gunsHeldBy(s, u.id);
  if (!held.length) return null;
  let reach = Infinity;
  for (const b of held) {
    const r = qrsKnown(s, `movement.${prolongRow(b)}`);
    if (r === undefined) return undefined;
    reach = Math.min(reach, r);
  }
  return reach;
}

/** Whether `u`'s move along `path` takes its guns along (woods counted as for the unit, L359). */
export function takesGuns(s: AnrtState, u: AnrtUnit, path: readonly Point[]): boolean {
  const reach = prolongReach(s, u);
  return typeof reach === 'number' && terrainMove(s, u, path).inches <= reach + 1e-6;
}

/**
 * The holders whose moves this phase — the orders' (`moves`) and the resolution's (`events`: a
 * charge, an advance, a pursuit, a rally back, a withdrawal), woods counted as for the unit — add
 * up to no more than one prolong move of the guns they hold (L1061 "moved by prolong by the
 * overrunning unit" names no kind of move, and L29 counts charges among the moves; L372
 * "prolonged artillery may not make multiple moves": one prolong move a phase, ANRT-G8). A prolong row still empty is asked of the GM (a holder that moved needs it).
 */
export function carriedThisPhase(s: AnrtState, moves: readonly AnrtMove[], events: readonly GameEvent[]): Set<string> {
  const out = new Set<string>();
  const holders = new Set(Object.values(s.units).flatMap((b) => (b.gone && b.taken ? [b.taken.by] : [])));
  for (const id of [...holders].sort()) {
    const u = s.units[id];
    const own = events.filter((e): e is Extract<GameEvent, { kind: 'move' }> => e.kind === 'move' && e.unit === id);
    if (!u || u.gone || u.routed || !own.length) continue;
    let reach = Infinity;
    for (const b of gunsHeldBy(s, id)) reach = Math.min(reach, qrsValue(s, `movement.${prolongRow(b)}`, `Prolong move of ${prolongRow(b)}`, 'ANRT §XVI L1061', [0, 60]));
    const inches = (moves.find((m) => m.unit === id)?.inches ?? 0) + own.reduce((n, e) => n + terrainMove(s, u, e.path).inches, 0);
    if (inches <= reach + 1e-6) out.add(id);
  }
  return out;
}

/** Where taken guns stand: just behind the unit holding them. */
export const behind = (u: AnrtUnit): Point => add(u.at, scale(headingVector(u.facing), -(footprint(u).depth / 2 + 0.75)));

/**
 * After a stage of the phase: guns follow the units in `carried` (a `/move` within their prolong
 * move); guns whose holder is destroyed, routed, or moved any other way since it took them or last
 * moved them (`taken.from`) are left, spiked (ANRT-G7).
 */
export function followCaptors(s0: AnrtState, carried: ReadonlySet<string>): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const b of Object.values(s0.units).filter((x) => x.gone && x.taken).sort((x, y) => x.id.localeCompare(y.id))) {
    const by = s.units[b.taken!.by];
    const moved = !!by && distance(b.taken!.from, by.at) > 1e-6;
    const why = !by || by.gone ? `${b.taken!.by} is destroyed` : by.routed ? `${by.id} is routed` : moved && !carried.has(by.id) ? `${by.id} moved on without them` : null;
    if (why) {
      const { taken: _t, ...left } = b;
      s = withUnit(s, left);
      events.push({ kind: 'note', rule: 'ANRT §XVI L1065', text: `${b.id}'s guns are left spiked: ${why} (ANRT-G7).` });
      continue;
    }
    if (!moved) continue;
    const to = behind(by!);
    s = withUnit(s, { ...b, at: to, facing: by!.facing, taken: { ...b.taken!, from: by!.at } });
    events.push({ kind: 'move', rule: 'ANRT §XVI L1061', unit: b.id, from: b.at, to, path: [b.at, to], facing: by!.facing, stopped: `moved by prolong by ${by!.id}` });
  }
  return { s, events };
}
