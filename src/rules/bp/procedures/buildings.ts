import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import type { BpSettings } from '../settings';
import {
  ATTACKER_FIRE_HITS_ON, BUILDING_SIDES, DEFENDER_FIRE_HITS_ON, FIRE_MOD_PER_CASUALTY, PER_ADDITIONAL_ATTACKING_STAND, PER_DEFENDER_CASUALTY,
  buildingMeleeRow, type BuildingEffect,
} from '../tables/buildings';
import { GREEN_TROOPS } from '../tables/command-control';
import { DISRUPTED } from '../tables/rout';
import { greenCounts, namedModifier } from './common';
import type { BuildingFireInput, BuildingMeleeInput, Procedure } from './types';

/**
 * P8 Fighting in Buildings (B&P L177-198; DIGEST §4(b)). Command figures have no influence here
 * (L202). Fire: 2D6, −1 per existing casualty on the firing stand; the defender hits on 8+, an
 * attacking stand on 9+ (L181-183). Melee: 2D6 per attacking stand read on the Building Melee
 * Results (L187-196), +1 per additional attacking stand (L197), the defender-casualty modifier
 * per HR B-6, row 8 per HR B-5.
 */

export const BUILDING_FIRE_RULE = 'B&P L181';
export const BUILDING_MELEE_RULE = 'B&P L185';

/** What one building fire did. */
export interface BuildingFireResult {
  readonly natural: number;
  readonly total: number;
  readonly need: number;
  /** One figure hit (L181, L183: "a hit"). */
  readonly hit: boolean;
}

/** P8 fire: the defending stand (8+) or an attacking stand (9+) fires once. */
export function buildingFire(input: BuildingFireInput, settings: BpSettings, dice: Dice): Procedure<BuildingFireResult> {
  if (!Number.isInteger(input.firerCasualties) || input.firerCasualties < 0) throw new RangeError(`B&P L181: casualties must be a whole number ≥ 0, not ${input.firerCasualties}`);
  const need = input.role === 'defender' ? DEFENDER_FIRE_HITS_ON : ATTACKER_FIRE_HITS_ON;
  const ref = input.role === 'defender' ? 'B&P L181' : 'B&P L183';
  const mods: Modifier[] = [];
  if (input.firerCasualties > 0) mods.push(namedModifier(`${input.firerCasualties} existing casualt${input.firerCasualties === 1 ? 'y' : 'ies'}`, FIRE_MOD_PER_CASUALTY * input.firerCasualties, ref));
  if (input.disrupted) mods.push(namedModifier('disrupted', DISRUPTED.fire, 'B&P L167'));
  if (greenCounts(input, settings)) mods.push(namedModifier('green troops', GREEN_TROOPS.fire, 'B&P L208'));
  const r = ruleRoll(dice, '2d6', { rule: BUILDING_FIRE_RULE, purpose: `${input.role === 'defender' ? 'building defender fires' : 'fire into building'} at ${input.target}`, subject: input.firer, modifiers: mods });
  const total = r.rolled.total;
  const hit = total >= need;
  const natural = total - mods.reduce((s, m) => s + m.value, 0);
  return { result: { natural, total, need, hit }, events: [r.event(`${total} ${hit ? '≥' : '<'} ${need} (${ref}): ${hit ? 'a hit' : 'miss'}`)] };
}

/** One attacking stand's roll in a building melee. */
export interface BuildingMeleeRoll {
  readonly stand: string;
  readonly natural: number;
  readonly total: number;
  /** The row read ('12' … '5 or less'). */
  readonly row: string;
  readonly defender: BuildingEffect;
  readonly attacker: BuildingEffect;
}

/** How a side of a building melee ended. */
export interface BuildingSideOutcome {
  readonly stand: string;
  readonly figuresLost: number;
  readonly routs: boolean;
  readonly eliminated: boolean;
}

/** What a building melee decided. */
export interface BuildingMeleeResult {
  readonly rolls: readonly BuildingMeleeRoll[];
  readonly defender: BuildingSideOutcome;
  readonly attackers: readonly BuildingSideOutcome[];
}

const effectText = (e: BuildingEffect): string => (e.eliminated ? 'eliminated' : e.figures === 0 && !e.routs ? '–' : [e.figures ? `−${e.figures} fig` : '', e.routs ? 'routs' : ''].filter(Boolean).join(' '));

/**
 * P8 melee: each attacking stand rolls 2D6 in the order given. Engine ruling BP-7: once the
 * defender is eliminated, routs or has no figures left, the remaining stands do not roll (the
 * building is taken); each roll reads the defender's casualties as they stand at that moment
 * ("existing", HR B-6).
 */
export function buildingMelee(input: BuildingMeleeInput, settings: BpSettings, dice: Dice): Procedure<BuildingMeleeResult> {
  const n = input.attackers.length;
  if (n < 1 || n > BUILDING_SIDES) throw new RangeError(`B&P L185: 1 to ${BUILDING_SIDES} stands attack a building (one per side), not ${n}`);
  const d = input.defender;
  for (const [v, what] of [[d.figures, 'defender figures'], [d.casualties, 'defender casualties'], ...input.attackers.map((a) => [a.figures, `${a.stand} figures`] as const)] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`B&P building melee: ${what} must be a whole number ≥ 0, not ${v}`);
  }
  if (d.figures < 1) throw new RangeError(`B&P building melee: ${d.stand} has no figures to defend ${input.building}`);
  const events: GameEvent[] = [];
  const rolls: BuildingMeleeRoll[] = [];
  let defFigures = d.figures;
  let defCasualties = d.casualties;
  let defRouts = false;
  let defElim = false;
  const attackers = input.attackers.map((a) => ({ stand: a.stand, figuresLost: 0, routs: false, eliminated: false }));
  for (const [i, a] of input.attackers.entries()) {
    if (defElim || defRouts) break;
    const mods: Modifier[] = [];
    if (n > 1) mods.push(namedModifier(`${n - 1} additional attacking stand${n > 2 ? 's' : ''}`, PER_ADDITIONAL_ATTACKING_STAND * (n - 1), 'B&P L197'));
    const casMode = settings.building.defenderCasualtyMod;
    if (defCasualties > 0 && casMode !== 'none') {
      const v = (casMode === 'attacker-roll-plus' ? 1 : -1) * PER_DEFENDER_CASUALTY * defCasualties;
      mods.push(namedModifier(`${defCasualties} defender casualt${defCasualties === 1 ? 'y' : 'ies'}`, v, `B&P L198; HR B-6 ${casMode}`));
    }
    if (a.disrupted) mods.push(namedModifier('disrupted', DISRUPTED.melee, 'B&P L167'));
    if (greenCounts(a, settings)) mods.push(namedModifier('green troops', GREEN_TROOPS.melee, 'B&P L208'));
    const r = ruleRoll(dice, '2d6', { rule: BUILDING_MELEE_RULE, purpose: `building melee against ${d.stand} in ${input.building}`, subject: a.stand, modifiers: mods });
    const total = r.rolled.total;
    const row = buildingMeleeRow(total, settings.building.row8);
    const out = attackers[i]!;
    const attLost = row.attacker.eliminated ? a.figures : Math.min(row.attacker.figures, a.figures);
    out.figuresLost = attLost;
    out.routs = row.attacker.routs;
    out.eliminated = row.attacker.eliminated || (attLost > 0 && attLost >= a.figures);
    const defLost = row.defender.eliminated ? defFigures : Math.min(row.defender.figures, defFigures);
    defFigures -= defLost;
    defCasualties += defLost;
    defRouts = row.defender.routs;
    if (defFigures === 0) defElim = true;
    const note = row.roll === '8' ? ` (HR B-5 ${settings.building.row8})` : '';
    events.push(r.event(`Building Melee Results L${row.line} row ${row.roll}${note}: defender ${effectText(row.defender)}, attacker ${effectText(row.attacker)}`));
    rolls.push({ stand: a.stand, natural: total - mods.reduce((s, m) => s + m.value, 0), total, row: row.roll, defender: row.defender, attacker: row.attacker });
  }
  return {
    result: { rolls, defender: { stand: d.stand, figuresLost: d.figures - defFigures, routs: defRouts && !defElim, eliminated: defElim }, attackers },
    events,
  };
}
