import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { headingVector, rightVector } from '../../geometry/vector';
import { specialLost } from '../procedures/common';
import { moveAllowance, startFromStandstill, stopAdvance, swerveRoll } from '../procedures/move';
import type { SoloSettings } from '../settings';
import { unitById, withUnit, type SoloState } from '../state';
import { disorderRow } from '../tables/disorder';

/**
 * A unit's move in its activation (KUR L9-11): a halted unit must first get going (L10); the
 * allowance is the base move (placeholder, K-3) plus the marked die bent by the brigadier's TH
 * (L9); the unit goes straight ahead up to what the player asked, at most its allowance; then the
 * swerve (L9, KS-2). Moving over ½ with the musician dead costs 1 'D' (L11, optional). Collisions
 * (KS-3) are not checked yet: units have no footprints in this state (README).
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
  const mm = Math.min(wantMm, left);
  const v = headingVector(u.facing);
  const ahead = { x: u.at.x + v.x * mm, y: u.at.y + v.y * mm };
  events.push({ kind: 'move', rule: 'KUR L9', unit: u.id, from: u.at, to: ahead, path: [], facing: u.facing, cost: Math.round(mm), allowance: a.result.mm, ...(mm < wantMm ? { stopped: 'allowance spent' } : {}) });
  const sw = swerveRoll(u.name, dice);
  events.push(...sw.events);
  let to = ahead;
  if (sw.result.direction) {
    const r = rightVector(u.facing);
    const k = sw.result.direction === 'right' ? sw.result.mm : -sw.result.mm;
    to = { x: ahead.x + r.x * k, y: ahead.y + r.y * k };
    events.push({ kind: 'move', rule: 'KUR L9; KS-2', unit: u.id, from: ahead, to, path: [], facing: u.facing, stopped: `swerves ${sw.result.mm} mm ${sw.result.direction}` });
  }
  const fraction = Math.min(1, u.movedFraction + (a.result.mm > 0 ? mm / a.result.mm : 1));
  let state = withUnit(s, { ...u, at: to, movedFraction: fraction, motion: 'advancing' });
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
