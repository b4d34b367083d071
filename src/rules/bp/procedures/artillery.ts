import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { facesOf, ruleRoll } from '../../roll';
import type { BpSettings } from '../settings';
import { ARTILLERY_HIT_ON, RANGES_INCHES, artilleryHits, crewCanServe, MIN_GUN_CREW } from '../tables/fire';
import type { Position } from '../tables/vocabulary';
import type { ArtilleryFireInput, ArtilleryTargetStand, Procedure } from './types';

/**
 * P3 Round shot (B&P L93) and P4 Canister (L99-101), DIGEST §4(b). Round shot: one D6 per target
 * the stick touches (a figure, or a stand: HR B-7 `art.roundshotUnit`), 1-3 hits; the defended-
 * position thresholds apply to it with HR B-8. Canister: one D6 per figure in the 60° triangle,
 * 1-3 in the open, 1-2 defended, 1 very strong (L101). Hits come off the gun crews when the target
 * is artillery (L97: guns are never knocked out). The stick and triangle are the caller's geometry.
 */

export const ROUND_SHOT_RULE = 'B&P L93';
export const CANISTER_RULE = 'B&P L99';

/** What one artillery shot did to one stand. */
export interface StandHits {
  readonly stand: string;
  readonly faces: readonly number[];
  /** Figures the stand loses (never more than it has). */
  readonly hits: number;
  /** The position whose threshold was read. */
  readonly position: Position;
}

/** What one battery's fire did. */
export interface ArtilleryFireResult {
  readonly stands: readonly StandHits[];
  readonly totalHits: number;
}

function checkBattery(input: ArtilleryFireInput, range: { min: number; max: number }, what: string): void {
  if (!crewCanServe(input.crew)) throw new RangeError(`B&P L97: ${input.battery} has ${input.crew} crew; at least ${MIN_GUN_CREW} are needed to fire`);
  if (input.inches !== undefined && !(input.inches >= range.min && input.inches <= range.max)) {
    throw new RangeError(`B&P L79-82: ${what} reaches ${range.min}"-${range.max}", not ${input.inches}"`);
  }
  for (const t of input.targets) if (!Number.isInteger(t.figures) || t.figures < 0) throw new RangeError(`B&P ${what}: stand ${t.stand} has ${t.figures} figures`);
}

const THRESHOLD_TEXT = { open: '1-3', defended: '1-2', strong: '1' } as const satisfies Record<Position, string>;

function fireAtStands(
  input: ArtilleryFireInput, dice: Dice, rule: string, purpose: string,
  plan: (t: ArtilleryTargetStand) => { dice: number; position: Position },
): Procedure<ArtilleryFireResult> {
  const events: GameEvent[] = [];
  const stands: StandHits[] = [];
  for (const t of input.targets) {
    const { dice: n, position } = plan(t);
    if (n === 0) continue;
    const r = ruleRoll(dice, `${n}d6`, { rule, purpose: `${purpose} at ${t.stand}`, subject: input.battery });
    const faces = facesOf(r.rolled);
    const hits = Math.min(t.figures, faces.filter((f) => artilleryHits(f, position)).length);
    stands.push({ stand: t.stand, faces, hits, position });
    events.push(r.event(`hit on ${THRESHOLD_TEXT[position]} (${ARTILLERY_HIT_ON[position].ref}): ${hits} hit${hits === 1 ? '' : 's'}`));
  }
  return { result: { stands, totalHits: stands.reduce((s, x) => s + x.hits, 0) }, events };
}

/** P3: one battery's round shot at the stands its stick touches (front to back, ≤ 4 ranks). */
export function roundShot(input: ArtilleryFireInput, settings: BpSettings, dice: Dice): Procedure<ArtilleryFireResult> {
  checkBattery(input, RANGES_INCHES.roundShot, 'round shot');
  const perFigure = settings.art.roundshotUnit === 'figure';
  return fireAtStands(input, dice, ROUND_SHOT_RULE, `round shot (one D6 per ${perFigure ? 'figure' : 'stand'}, HR B-7)`, (t) => ({
    dice: t.figures === 0 ? 0 : perFigure ? t.figures : 1,
    position: settings.art.coverAppliesRoundshot ? (t.position ?? 'open') : 'open',
  }));
}

/** P4: one battery's canister at the stands in its 60° triangle. */
export function canister(input: ArtilleryFireInput, _settings: BpSettings, dice: Dice): Procedure<ArtilleryFireResult> {
  checkBattery(input, RANGES_INCHES.canister, 'canister');
  return fireAtStands(input, dice, CANISTER_RULE, 'canister (one D6 per figure)', (t) => ({ dice: t.figures, position: t.position ?? 'open' }));
}
