import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { headingVector, rightVector } from '../../geometry/vector';
import { specialLost } from '../procedures/common';
import { collisionChits, moveAllowance, startFromStandstill, stopAdvance, swerveRoll } from '../procedures/move';
import type { SoloSettings } from '../settings';
import { unitById, withUnit, type SoloState } from '../state';
import { disorderRow } from '../tables/disorder';
import { addDisorder } from './apply';
import { sweep } from './contact';
import { footprint, reachOf, unitsMet } from './footprint';
import { slideAgainst } from './slide';
import { pointSegmentDistance } from '../../geometry/primitives';
import { moveCostMm, reachWithin } from './ground';

/**
 * A unit's move in its activation (KUR L9-11): a halted unit must first get going (L10); the
 * allowance is the base move (placeholder, K-3) plus the marked die bent by the brigadier's TH
 * (L9); the unit goes straight ahead up to what the player asked, at most its allowance; then the
 * swerve (L9, KS-2). Moving over ½ with the musician dead costs 1 'D' (L11, optional). A swerve
 * into a unit the straight move had not met stops short against it, and each takes D3 'D' (L11
 * collision; KS-3 `move.swerveCollision`), bases as the map draws them (footprint.ts). The
 * straight move itself stops at the first base in its way (KS-37 `move.pathBlocked`), and each mm
 * of difficult ground costs `move.difficultCost` mm of the allowance (KS-35).
 */

/** L9-11: move `unitId` up to `wantMm` straight ahead. */
export function moveAct(s: SoloState, unitId: string, wantMm: number, settings: SoloSettings, dice: Dice): Result<{ state: SoloState; events: GameEvent[]; movedMm: number }, Problem> {
  const u = unitById(s, unitId);
  if (u.gone) return err({ code: 'move/gone', message: `${u.name} is no longer on the table`, hint: 'Pick a unit on the table.' });
  if (!(wantMm > 0) || wantMm > 5000) return err({ code: 'move/distance', message: `A move is a distance in millimetres above 0 (1 mm = 1 yard, KUR L3), not ${wantMm}`, hint: 'For example 120 for 120 mm.' });
  if (u.movedFraction >= 1) return err({ code: 'move/spent', message: `${u.name} has used its whole move this turn`, hint: 'Fire or wait for next turn.' });
  if (u.motion === 'routing' || u.motion === 'retiring') return err({ code: 'move/shaken', message: `${u.name} is ${u.motion}: it moves as its morale result says`, hint: 'Rally it first.' });
  const brigadier = s.generals.find((g) => g.id === s.brigades.find((b) => b.id === u.brigade)?.brigadier);
  const av = brigadier?.av ?? 'normal';
  const events: GameEvent[] = [];
  if (u.motion === 'halted') {
    const st = startFromStandstill(u.name, av, dice);
    events.push(...st.events);
    if (!st.result.moves) return ok({ state: withUnit(s, { ...u, movedFraction: 1 }), events, movedMm: 0 });
  }
  const a = moveAllowance(u, brigadier?.th ?? 'average', settings, dice);
  events.push(...a.events);
  const left = a.result.mm * (1 - u.movedFraction);
  const v = headingVector(u.facing);
  // KS-35: difficult ground costs more of the allowance; KS-37: the first base in the way stops the move.
  const going = reachWithin(s, u.at, v, wantMm, left, settings);
  const path = sweep(s, u, u.at, { x: u.at.x + v.x * going.mm, y: u.at.y + v.y * going.mm });
  const mm = path.mm;
  const cost = path.met.length ? moveCostMm(s, u.at, path.to, settings) : going.cost;
  const ahead = path.to;
  const rough = cost > mm + 0.5 ? `; ${Math.round(cost - mm)} mm more for difficult ground (KS-35)` : '';
  const why = path.met.length ? `stops against ${path.met.map((x) => x.name).join(', ')} (KS-37)` : going.mm < wantMm ? 'allowance spent' : '';
  events.push({ kind: 'move', rule: `KUR L9${rough ? '; KS-35' : ''}${path.met.length ? '; KS-37' : ''}`, unit: u.id, from: u.at, to: ahead, path: [], facing: u.facing, cost: Math.round(cost), allowance: a.result.mm, ...(why || rough ? { stopped: `${why}${rough}`.replace(/^; /, '') } : {}) });
  const sw = swerveRoll(u.name, dice);
  events.push(...sw.events);
  let to = ahead;
  let collided: string[] = [];
  if (sw.result.direction) {
    const r = rightVector(u.facing);
    const sign = sw.result.direction === 'right' ? 1 : -1;
    const shifted = (k: number) => ({ x: ahead.x + r.x * k * sign, y: ahead.y + r.y * k * sign });
    let k = sw.result.mm;
    if (settings.move.swerveCollision === 'stop-short-and-disorder') {
      // KS-3: the swerve stops where it would meet a unit its straight move had not met (L11 collision).
      const already = new Set(unitsMet(s, u, ahead).map((x) => x.id));
      // Broad phase: only a unit within reach of the swerve's segment can meet it anywhere along it.
      const reach = reachOf(u);
      const end = shifted(k);
      const near = s.units.filter((x) => !x.gone && x.id !== u.id && !already.has(x.id) && pointSegmentDistance(x.at, ahead, end) <= reach + reachOf(x) + 1e-6);
      // Each near unit's slide answers "meets at d?" as unitsMet's exact test would (slide.ts).
      const start = footprint(u, ahead);
      const slides = near.map((x) => slideAgainst(start, footprint(x), { x: r.x * sign, y: r.y * sign }, (d) => footprint(u, shifted(d))));
      const fresh = (at: number) => near.filter((_, i) => slides[i]!.meets(at));
      const hit = fresh(k);
      if (hit.length > 0) {
        let lo = 0;
        let hi = k;
        for (let i = 0; i < 24; i++) { const mid = (lo + hi) / 2; if (fresh(mid).length === 0) lo = mid; else hi = mid; }
        k = Math.floor(lo);
        collided = hit.map((x) => x.id);
      }
    }
    to = shifted(k);
    const into = collided.length ? `: stops short against ${collided.map((id) => unitById(s, id).name).join(', ')} after ${k} mm (collision, KS-3)` : '';
    events.push({ kind: 'move', rule: collided.length ? 'KUR L9, L11; KS-2; KS-3' : 'KUR L9; KS-2', unit: u.id, from: ahead, to, path: [], facing: u.facing, stopped: `swerves ${sw.result.mm} mm ${sw.result.direction}${into}` });
  }
  const fraction = Math.min(1, u.movedFraction + (a.result.mm > 0 ? cost / a.result.mm : 1));
  let state = withUnit(s, { ...u, at: to, movedFraction: fraction, motion: 'advancing' });
  // KS-37 `stop-short-and-disorder`: the straight move's meeting is a collision too (L11).
  const bumped = settings.move.pathBlocked === 'stop-short-and-disorder' ? path.met.map((x) => x.id).filter((id) => !collided.includes(id)) : [];
  const involved = [...new Set([...(collided.length || bumped.length ? [u.id] : []), ...collided, ...bumped])];
  for (const id of involved) {
    // L11: "Each collision D3 D's per unit involved".
    const c = collisionChits(unitById(state, id).name, dice);
    const d = addDisorder(state, id, c.result, 'a collision');
    state = d.state; events.push(...c.events, ...d.events);
  }
  if (fraction > 0.5 && settings.optional.specialFigures && specialLost(u.specials, 'musician')) {
    const row = disorderRow('over-half-musician-dead');
    const cur = unitById(state, u.id);
    state = withUnit(state, { ...cur, disorder: cur.disorder + (row.chits as number) });
    events.push({ kind: 'status', rule: 'KUR L11', unit: u.id, status: "+1 'D'", on: true, reason: row.label });
  }
  return ok({ state, events, movedMm: mm });
}

/** L10: an advancing unit told to halt must roll to stop (a 6 carries on regardless). */
export function haltAct(s: SoloState, unitId: string, dice: Dice): Result<{ state: SoloState; events: GameEvent[] }, Problem> {
  const u = unitById(s, unitId);
  if (u.motion !== 'advancing') return err({ code: 'halt/not-advancing', message: `${u.name} is ${u.motion}, not advancing`, hint: 'Only an advancing unit needs to be halted.' });
  const brigadier = s.generals.find((g) => g.id === s.brigades.find((b) => b.id === u.brigade)?.brigadier);
  const r = stopAdvance(u.name, brigadier?.av ?? 'normal', dice);
  return ok({ state: r.result.stops ? withUnit(s, { ...u, motion: 'halted' }) : s, events: r.events });
}
