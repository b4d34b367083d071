import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { artilleryBand, artilleryFire, fireLegality, musketBand, skirmishFire, volleyFire, type FireResult, type FireTarget } from '../procedures/fire';
import type { Procedure } from '../procedures/types';
import type { SoloSettings } from '../settings';
import { distanceMm, unitById, type SoloState } from '../state';
import { armOf } from '../tables/vocabulary';
import { addDisorder, applyCasualties, frontRankFigures, markedInFront } from './apply';
import { moraleDue, type MoraleDue } from './morale-state';

/**
 * A unit's fire in its activation (KUR L12-16), on the state: legality, the range band from the
 * distance (placeholder ranges, K-4), the procedure, casualties by figure onto the target, the
 * round's 'D' (KS-7), and who must now test morale (K-5). Arcs and screening are not checked
 * here yet (README, "What is not done").
 */

/** What a fire act left. */
export interface FireAct {
  readonly state: SoloState;
  readonly events: GameEvent[];
  readonly result: FireResult;
  readonly due: MoraleDue[];
}

const refuse = (code: string, message: string, hint: string): Result<never, Problem> => err({ code, message, hint });

/** L12-16: `firerId` fires at `targetId`. `band` forces the band (L27: fire at chargers is at short range). */
export function fireAct(s: SoloState, firerId: string, targetId: string, settings: SoloSettings, dice: Dice, opts: { band?: 'short' } = {}): Result<FireAct, Problem> {
  const firer = unitById(s, firerId);
  const target = unitById(s, targetId);
  if (firer.gone || target.gone) return refuse('fire/gone', `${firer.gone ? firer.name : target.name} is no longer on the table`, 'Pick a unit on the table.');
  if (firer.side === target.side) return refuse('fire/friend', `${target.name} is on your own side`, 'Fire at an enemy unit.');
  if (firer.motion === 'routing') return refuse('fire/routing', `KUR L23: ${firer.name} is routing and cannot fire`, 'Rally it first.');
  const legal = fireLegality(firer, firer.movedFraction);
  if (!legal.ok) return legal;
  const mm = distanceMm(firer.at, target.at);
  const front = frontRankFigures(target, settings);
  const t: FireTarget = { unit: target, frontRank: front, marked: markedInFront(s, target, front) };
  let shot: Procedure<FireResult>;
  if (armOf(firer.type) === 'artillery') {
    if (firer.formation !== 'unlimbered') return refuse('fire/limbered', `KUR L14: ${firer.name} is limbered`, 'Unlimber it first (a formation change).');
    const band = artilleryBand(mm, settings);
    if (!band) return refuse('fire/out-of-range', `${target.name} is ${Math.round(mm)} mm away, beyond the artillery table (placeholder ranges.artillery, longest ${settings.ranges.artillery.at(-1)!.maxMm} mm)`, 'Move closer, or pick a nearer target.');
    shot = artilleryFire({ battery: firer, band, target: t }, settings, dice);
  } else {
    const band = opts.band ?? musketBand(mm, settings);
    if (!band) return refuse('fire/out-of-range', `${target.name} is ${Math.round(mm)} mm away, beyond long range (placeholder ranges.musketLongMm = ${settings.ranges.musketLongMm} mm)`, 'Move closer, or pick a nearer target.');
    shot = firer.formation === 'skirmish'
      ? skirmishFire({ firer, band, target: t }, settings, dice)
      : volleyFire({ firer, frontRank: frontRankFigures(firer, settings), movedFraction: firer.movedFraction, band, target: t }, settings, dice);
  }
  const events: GameEvent[] = [{ kind: 'engagement', rule: 'KUR L12-16', id: `fire:${firer.id}:${target.id}`, sides: [], pools: false, bombardment: armOf(firer.type) === 'artillery', at: target.at }, ...shot.events];
  const before = target.figures;
  const applied = applyCasualties(s, target.id, shot.result, `fire from ${firer.name}`);
  let state = applied.state;
  events.push(...applied.events);
  for (const who of shot.result.disorderTo) {
    const d = addDisorder(state, who === 'firer' ? firer.id : target.id, 1, 'a round of firing (KS-7)');
    state = d.state;
    events.push(...d.events);
  }
  const due = unitById(state, target.id).gone ? [] : moraleDue(state, { kind: 'fired-on', unit: target.id, figuresBefore: before, lost: shot.result.figures, by: firerId }, settings);
  state = { ...state, units: state.units.map((u) => (due.some((d) => d.unit === u.id && d.when === 'marker') ? { ...u, moraleMarker: true } : u)) };
  return ok({ state, events, result: shot.result, due });
}
