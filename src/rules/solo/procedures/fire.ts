import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { facesOf, ruleRoll } from '../../roll';
import { SOLO_FIXED_RULINGS, type SoloSettings } from '../settings';
import { ACTUAL_HITS, ARTILLERY_DICE, ARTILLERY_MODIFIERS, CREW_NORM, FIRE_SAVE_FROM, RIFLES_MAX_MOVE_TO_FIRE, SKIRMISH_HIT_FROM, VOLLEY_FIGURES, VOLLEY_MODIFIERS } from '../tables/fire';
import { armOf, type Cover, type RangeBand } from '../tables/vocabulary';
import { casualtiesByFigure, type CasualtyResult, type Marked } from './casualties';
import { modifiersFrom, modifierTotal, placeholderNote, wholeByPercentile } from './common';
import type { Procedure, SoloUnitInput } from './types';

/**
 * K10-K12 fire (KUR L12-16): infantry volleys, skirmishers, artillery. Casualties come off by
 * figure (casualties.ts). Ranges are placeholders (K-4): the caller measures and passes the band
 * (`musketBand`, `artilleryBand` read the settings and label them).
 */

/** The unit fired at. */
export interface FireTarget {
  readonly unit: SoloUnitInput;
  readonly cover?: Cover;
  /** Its front-rank figures: where hits fall (L14). */
  readonly frontRank: number;
  /** Special figures and attached generals among them (L14, L29). */
  readonly marked?: readonly Marked[];
}

/** What a fire did. */
export interface FireResult extends CasualtyResult {
  /** Hits before saves. */
  readonly hits: number;
  /** Who takes the round's 'D' (KS-7, L11). */
  readonly disorderTo: readonly ('firer' | 'target')[];
}

/** KS-7 (L11): who takes the round's 'D'; skirmishers take none while unformed (L14). */
function disorderTo(settings: SoloSettings, firer: SoloUnitInput, target: SoloUnitInput): ('firer' | 'target')[] {
  const who: ('firer' | 'target')[] = settings.fire.disorderTo === 'both' ? ['firer', 'target'] : [settings.fire.disorderTo];
  return who.filter((w) => (w === 'firer' ? firer : target).formation !== 'skirmish');
}

/** K-4 placeholder: the musket band at `mm` (null beyond long range). Skirmishers use it too (KS-4). */
export function musketBand(mm: number, settings: SoloSettings): RangeBand | null {
  if (!(mm >= 0)) throw new RangeError(`KUR ranges: bad distance ${mm} mm`);
  return mm <= settings.ranges.musketShortMm ? 'short' : mm <= settings.ranges.musketLongMm ? 'long' : null;
}

/** Whether a unit may fire after moving (L14: rifles not over ½; mounted skirmishers not at all). */
export function fireLegality(firer: SoloUnitInput, movedFraction: number): Result<true, Problem> {
  if (firer.type === 'rifles' && movedFraction > RIFLES_MAX_MOVE_TO_FIRE.fraction) return err({ code: 'fire/rifles-moved', message: 'KUR L14: rifles cannot move more than ½ and fire', hint: 'Fire before moving on, or move ½ or less.' });
  if (armOf(firer.type) === 'cavalry' && firer.formation === 'skirmish' && movedFraction > 0) return err({ code: 'fire/cavalry-moved', message: 'KUR L14: skirmishing cavalry cannot fire and move in the same turn', hint: 'Fire with them next turn, before they move.' });
  if (armOf(firer.type) === 'cavalry' && firer.formation !== 'skirmish') return err({ code: 'fire/cavalry-formed', message: 'KUR L14: only light cavalry skirmishing with carbines fire', hint: 'Put light cavalry in skirmish order, or charge.' });
  if (armOf(firer.type) === 'cavalry' && firer.type !== 'light-cav') return err({ code: 'fire/not-light-cavalry', message: 'KUR L14: only mounted light cavalry can skirmish with carbines', hint: 'Charge instead.' });
  return ok(true);
}

/** One volley's modifiers (L14), from the firer and the target. */
export function volleyModifiers(firer: SoloUnitInput, target: FireTarget, movedFraction: number, settings: SoloSettings): Modifier[] {
  return modifiersFrom(VOLLEY_MODIFIERS, {
    'class-a-or-b': firer.class === 'A' || firer.class === 'B',
    'class-d': firer.class === 'D',
    'soft-cover': target.cover === 'soft',
    'hard-cover': target.cover === 'hard',
    'target-skirmishers': target.unit.formation === 'skirmish',
    'target-artillery': armOf(target.unit.type) === 'artillery',
    'firer-moved': movedFraction > 0,
  }, settings);
}

/** An infantry volley fire (L12-14). */
export interface VolleyInput {
  readonly firer: SoloUnitInput;
  /** Figures in the firer's front rank (L12: excess over whole fives do not fire). */
  readonly frontRank: number;
  /** The share of its move the firer used this turn (0 = none). */
  readonly movedFraction: number;
  readonly band: RangeBand;
  readonly target: FireTarget;
}

/** K10 (L12-14): volleys of 5, 1D6 (K-8) + modifiers each, ¾ or ¼ actual hits (fractions by d%), saves, casualties by figure. */
export function volleyFire(input: VolleyInput, settings: SoloSettings, dice: Dice): Procedure<FireResult> {
  const volleys = Math.floor(input.frontRank / VOLLEY_FIGURES);
  const modifiers = volleyModifiers(input.firer, input.target, input.movedFraction, settings);
  const events: GameEvent[] = [];
  let total = 0;
  for (let v = 1; v <= volleys; v++) {
    const r = ruleRoll(dice, `1${settings.fire.volleyDie}`, { rule: 'KUR L12-14', purpose: `volley ${v} of ${volleys}`, subject: input.firer.name, modifiers });
    const n = Math.max(SOLO_FIXED_RULINGS.dieFloor, r.rolled.total);
    total += n;
    events.push(r.event(`${n} hit${n === 1 ? '' : 's'}`));
  }
  if (volleys === 0) events.push({ kind: 'note', rule: 'KUR L12', text: `${input.firer.name}: ${input.frontRank} in the front rank — fewer than ${VOLLEY_FIGURES}, no volley` });
  const f = ACTUAL_HITS[input.band];
  const actual = wholeByPercentile(dice, total, f.num, f.den, { rule: 'KUR L14', purpose: `${input.band} range: ${f.num}/${f.den} actual hits`, subject: input.target.unit.name });
  events.push(...actual.events);
  if (actual.events.length === 0) events.push({ kind: 'note', rule: 'KUR L14', text: `${total} × ${f.num}/${f.den} = ${actual.value} actual hits at ${input.band} range` });
  const cas = casualtiesByFigure({ unit: input.target.unit.name, hits: actual.value, eligible: input.target.frontRank, saveFrom: FIRE_SAVE_FROM[input.band].from, marked: input.target.marked ?? [], rule: 'KUR L14' }, dice);
  events.push(...cas.events);
  return { result: { hits: actual.value, ...cas.result, disorderTo: disorderTo(settings, input.firer, input.target.unit) }, events };
}

/** K11 (L14): skirmishers fire individually — a D6 each, 5-6 at short, 6 at long; actual hits (KS-4), normal saves. */
export function skirmishFire(input: { firer: SoloUnitInput; band: RangeBand; target: FireTarget }, settings: SoloSettings, dice: Dice): Procedure<FireResult> {
  const need = SKIRMISH_HIT_FROM[input.band].from;
  const n = input.firer.figures;
  const events: GameEvent[] = [];
  let hits = 0;
  for (let left = n; left > 0; left -= 100) {
    const r = ruleRoll(dice, `${Math.min(100, left)}d6`, { rule: 'KUR L14', purpose: `skirmish fire, ${input.band} range (${need}+ hits)`, subject: input.firer.name });
    const h = facesOf(r.rolled).filter((x) => x >= need).length;
    hits += h;
    events.push(r.event(`${h} hit${h === 1 ? '' : 's'}`));
  }
  const cas = casualtiesByFigure({ unit: input.target.unit.name, hits, eligible: input.target.frontRank, saveFrom: FIRE_SAVE_FROM[input.band].from, marked: input.target.marked ?? [], rule: 'KUR L14' }, dice);
  events.push(...cas.events);
  return { result: { hits, ...cas.result, disorderTo: disorderTo(settings, input.firer, input.target.unit) }, events };
}

/** A band of the placeholder artillery table. */
export type ArtilleryBand = SoloSettings['ranges']['artillery'][number];

/** K-4 placeholder: the artillery band at `mm` (null out of range). */
export function artilleryBand(mm: number, settings: SoloSettings): ArtilleryBand | null {
  if (!(mm >= 0)) throw new RangeError(`KUR ranges: bad distance ${mm} mm`);
  return settings.ranges.artillery.find((b) => mm <= b.maxMm) ?? null;
}

/** A battery's fire (L14-16). */
export interface ArtilleryInput {
  readonly battery: SoloUnitInput;
  /** A staff officer attached, directing fire (L16). */
  readonly staffOfficer?: boolean;
  readonly band: ArtilleryBand;
  readonly target: FireTarget;
}

/** K12 (L16): the artillery modifiers, from the battery and its target. */
export function artilleryModifiers(input: ArtilleryInput, settings: SoloSettings): Modifier[] {
  const b = input.battery;
  const t = input.target.unit;
  const crew = b.figures - CREW_NORM;
  const officer = b.specials?.officer;
  return modifiersFrom(ARTILLERY_MODIFIERS, {
    'staff-officer': !!input.staffOfficer,
    'target-square': t.formation === 'square',
    guards: !!b.guards,
    'target-artillery': armOf(t.type) === 'artillery',
    'crew-over-3': Math.max(0, crew),
    'crew-under-3': Math.max(0, -crew),
    'russian-gunners': b.nation === 'russian',
    'minor-gunners': b.nation === 'neapolitan' || b.nation === 'dutch-belgian' || b.nation === 'hanoverian',
    'soft-cover': input.target.cover === 'soft',
    'hard-cover': input.target.cover === 'hard',
    'firer-disorder': b.disorder,
    // L14: "each battery MAY include an officer": only a battery that has one can lose him.
    'battery-officer-dead': !!officer && !officer.alive,
  }, settings);
}

/** K12 (L15-16): 1D6 ball / 2D6 canister + the band's deduction + modifiers = figures hit; each saves on the band's column. */
export function artilleryFire(input: ArtilleryInput, settings: SoloSettings, dice: Dice): Procedure<FireResult> {
  const band = input.band;
  const modifiers: Modifier[] = [
    ...(band.deduction !== 0 ? [{ label: `${band.band} deduction ${band.deduction} (placeholder ranges.artillery)`, value: band.deduction }] : []),
    ...artilleryModifiers(input, settings),
  ];
  const r = ruleRoll(dice, band.dice, { rule: 'KUR L15-16', purpose: `${band.band} (${band.dice === '2d6' ? ARTILLERY_DICE.canister : ARTILLERY_DICE.ball})`, subject: input.battery.name, modifiers });
  const hits = Math.max(SOLO_FIXED_RULINGS.dieFloor, r.rolled.total);
  const events: GameEvent[] = [r.event(`${hits} figure${hits === 1 ? '' : 's'} hit (modifiers ${modifierTotal(modifiers)})`), placeholderNote('ranges.artillery', `${band.band} to ${band.maxMm} mm, deduction ${band.deduction}, save ${band.saveFrom}+`)];
  const cas = casualtiesByFigure({ unit: input.target.unit.name, hits, eligible: input.target.frontRank, saveFrom: band.saveFrom, marked: input.target.marked ?? [], rule: 'KUR L15-16' }, dice);
  events.push(...cas.events);
  return { result: { hits, ...cas.result, disorderTo: disorderTo(settings, input.battery, input.target.unit) }, events };
}
