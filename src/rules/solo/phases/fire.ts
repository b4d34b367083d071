import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { artilleryBand, artilleryFire, fireLegality, musketBand, skirmishFire, volleyFire, type FireResult, type FireTarget } from '../procedures/fire';
import type { Procedure } from '../procedures/types';
import type { SoloSettings } from '../settings';
import { distanceMm, unitById, type SoloState } from '../state';
import { armOf } from '../tables/vocabulary';
import { SKIRMISH_ARC_DEGREES, VOLLEY_FIGURES } from '../tables/fire';
import { addDisorder, applyCasualties, frontRankFigures, markedInFront } from './apply';
import { screenedBy, volleysBearing } from './contact';
import { coverAt, coverName } from './ground';
import { moraleDue, type MoraleDue } from './morale-state';

/**
 * A unit's fire in its activation (KUR L12-16), on the state: legality, the range band from the
 * distance (placeholder ranges, K-4), the procedure, casualties by figure onto the target, the
 * round's 'D' (KS-7), and who must now test morale (K-5). The target must lie in the firer's arc
 * (KS-39: each volley's 45°, skirmishers' 180°), infantry cannot fire through skirmishers (L14,
 * KS-40), and the target's ground gives its cover (L14, L16; KS-34).
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
  const gun = armOf(firer.type) === 'artillery';
  const skirmish = firer.formation === 'skirmish';
  // KS-39 (L12, L14): the arc — each volley's own, a skirmish line's 180°, a battery's as a volley's.
  const firerFront = frontRankFigures(firer, settings);
  const arc = gun || skirmish
    ? { volleys: volleysBearing(firer, target, VOLLEY_FIGURES, gun ? settings.fire.artilleryArcDeg : SKIRMISH_ARC_DEGREES, VOLLEY_FIGURES).volleys, of: 1 }
    : volleysBearing(firer, target, firerFront, settings.fire.volleyArcDeg, VOLLEY_FIGURES);
  if (arc.of > 0 && arc.volleys === 0) {
    const deg = gun ? settings.fire.artilleryArcDeg : skirmish ? SKIRMISH_ARC_DEGREES : settings.fire.volleyArcDeg;
    return refuse('fire/arc', `KUR ${gun ? 'L14-16' : skirmish ? 'L14' : 'L12'}: ${target.name} is outside ${firer.name}'s firing arc (${deg}° to its front, KS-39)`, 'Turn to face it with a formation change or a move, or pick a target ahead of it.');
  }
  // L14, KS-40: "Skirmishers effectively screen other units and cannot be fired through by infantry".
  const screen = gun ? null : screenedBy(s, firer, target);
  if (screen) return refuse('fire/screened', `KUR L14: ${screen.name}'s skirmishers screen ${target.name}; infantry cannot fire through them (KS-40)`, `Fire at ${screen.side === firer.side ? 'another target, or move your skirmishers aside' : screen.name}, or use artillery, which can fire through.`);
  const cover = coverAt(s, target.at);
  const t: FireTarget = { unit: target, frontRank: front, marked: markedInFront(s, target, front), ...(cover !== 'none' ? { cover } : {}) };
  const coverNote: GameEvent[] = cover !== 'none' ? [{ kind: 'note', rule: `KUR ${gun ? 'L16' : 'L14'}; KS-34`, text: `${target.name} is in ${cover} cover (${coverName(s, target.at)})` }] : [];
  const arcNote: GameEvent[] = !gun && !skirmish && arc.volleys < arc.of ? [{ kind: 'note', rule: 'KUR L12; KS-39', text: `${arc.volleys} of ${firer.name}'s ${arc.of} volleys bear on ${target.name} (each volley's ${settings.fire.volleyArcDeg}° arc)` }] : [];
  let shot: Procedure<FireResult>;
  if (gun) {
    if (firer.formation !== 'unlimbered') return refuse('fire/limbered', `KUR L14: ${firer.name} is limbered`, 'Unlimber it first (a formation change).');
    const band = artilleryBand(mm, settings);
    if (!band) return refuse('fire/out-of-range', `${target.name} is ${Math.round(mm)} mm away, beyond the artillery table (placeholder ranges.artillery, longest ${settings.ranges.artillery.at(-1)!.maxMm} mm)`, 'Move closer, or pick a nearer target.');
    shot = artilleryFire({ battery: firer, band, target: t }, settings, dice);
  } else {
    const band = opts.band ?? musketBand(mm, settings);
    if (!band) return refuse('fire/out-of-range', `${target.name} is ${Math.round(mm)} mm away, beyond long range (placeholder ranges.musketLongMm = ${settings.ranges.musketLongMm} mm)`, 'Move closer, or pick a nearer target.');
    shot = firer.formation === 'skirmish'
      ? skirmishFire({ firer, band, target: t }, settings, dice)
      : volleyFire({ firer, frontRank: Math.min(firerFront, arc.volleys * VOLLEY_FIGURES), movedFraction: firer.movedFraction, band, target: t }, settings, dice);
  }
  const events: GameEvent[] = [{ kind: 'engagement', rule: 'KUR L12-16', id: `fire:${firer.id}:${target.id}`, sides: [], pools: false, bombardment: armOf(firer.type) === 'artillery', at: target.at }, ...coverNote, ...arcNote, ...shot.events];
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
  state = { ...state, units: state.units.map((u) => (due.some((d) => d.unit === u.id && d.when === 'marker') ? { ...u, moraleMarker: true, moraleFrom: firerId } : u)) };
  return ok({ state, events, result: shot.result, due });
}
