import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import type { NwSettings } from '../settings';
import {
  COMBAT_MODIFIERS, crtEffects, outnumberedModifier, type CombatCondition, type CrtRow,
} from '../tables/combat';
import { namedModifier, naturalOf, rangeText, type Procedure } from './common';
import { rollLeaderLoss, type LeaderLossResult } from './leaders';

/**
 * N8 Combat — NW §11.0-11.5 L363-409, CRT chart L763-794 (DIGEST §3(b) N8): each side rolls
 * 2d6 + its modifiers (chart L777-790); the difference attacker − defender is read on the CRT
 * (HR N-10 via crtEffects). The attacker rolls first. Outnumbered (chart L781, HR N-9) is
 * computed from the sides' s.p. A 0 (Desperate struggle, L772) is ONE round: the result says
 * `rollAgain` and the caller re-rolls with recomputed inputs (HR N-11), since the state
 * (s.p., fatigue, disorder, dominance) changes between rounds. When the caller names attached
 * leaders, the row's leader effect is resolved here (N6: 10+ on Broken/Recule, killed on Crushed).
 */

export const COMBAT_RULE = 'NW §11.0';

export interface CombatSide {
  /** Who rolls ("2nd Brigade + 3rd Hussars"). */
  readonly name: string;
  /** Total s.p. in the combat, for the outnumbered modifier (HR N-9). */
  readonly sp: number;
  readonly conditions: readonly CombatCondition[];
  /** Attached general (or V commander whose bonus was used), for the CRT leader check. */
  readonly leaders?: readonly string[];
}

export interface CombatInput {
  readonly attacker: CombatSide;
  readonly defender: CombatSide;
}

export interface CombatResult {
  readonly attackerNatural: number;
  readonly attackerTotal: number;
  readonly defenderNatural: number;
  readonly defenderTotal: number;
  /** Attacker's total − defender's. */
  readonly difference: number;
  /** The CRT row with HR N-10 applied. */
  readonly row: CrtRow;
  /** Desperate struggle: both sides lose 1 s.p.; re-roll immediately (HR N-11). */
  readonly rollAgain: boolean;
  /** Leader checks the row called for, by officer. */
  readonly leaderLosses: readonly ({ readonly officer: string; readonly side: 'attacker' | 'defender' } & LeaderLossResult)[];
}

const RESULT_TEXT = {
  'defender-crushed': 'Defender crushed', 'defender-broken': 'Defender broken', 'defender-driven-back': 'Defender driven back',
  'defender-gives-ground': 'Defender gives ground', 'desperate-struggle': 'Desperate struggle', 'assault-checked': 'Assault checked',
  'assault-repulsed': 'Assault repulsed', 'le-guard-recule': 'Le Guard Recule!',
} as const;

/**
 * A side's dice modifiers, named after the chart lines (L779-790); the same net as
 * `combatModifier` (Spanish +3 replaces hard cover +2; with-loss −2 replaces −1; HR N-8 decides
 * the vulnerable modifier's sign), plus outnumbered when `outnumbered` ≠ 0.
 */
export function combatModifiers(conditions: readonly CombatCondition[], outnumbered: number, settings: NwSettings): Modifier[] {
  const held = new Set(conditions);
  if (held.has('spanish-defending-town-or-works')) held.delete('defending-hard-cover');
  if (held.has('disordered-with-loss')) held.delete('disordered');
  const mods: Modifier[] = [];
  for (const m of COMBAT_MODIFIERS) {
    if (!held.has(m.condition)) continue;
    const value = m.condition === 'defender-vulnerable' ? (settings.combat.vulnerableBonusTo === 'attacker' ? 1 : -1) : m.value;
    mods.push(namedModifier(m.condition, value, m.condition === 'defender-vulnerable' ? `${m.ref}, HR N-8 ${settings.combat.vulnerableBonusTo}` : m.ref));
  }
  if (outnumbered !== 0) mods.push(namedModifier('outnumbered', outnumbered, 'chart L781; HR N-9'));
  return mods;
}

/** N8: roll one round of combat (NW §11.0 L363-409; CRT chart L763-794). */
export function rollCombat(input: CombatInput, settings: NwSettings, dice: Dice): Procedure<CombatResult> {
  const a = input.attacker;
  const d = input.defender;
  const attOut = a.sp < d.sp ? outnumberedModifier(d.sp, a.sp, settings) : 0;
  const defOut = d.sp < a.sp ? outnumberedModifier(a.sp, d.sp, settings) : 0;
  const attMods = combatModifiers(a.conditions, attOut, settings);
  const defMods = combatModifiers(d.conditions, defOut, settings);
  const att = ruleRoll(dice, '2d6', { rule: COMBAT_RULE, purpose: 'combat (attacker)', subject: a.name, modifiers: attMods });
  const def = ruleRoll(dice, '2d6', { rule: COMBAT_RULE, purpose: 'combat (defender)', subject: d.name, modifiers: defMods });
  const difference = att.rolled.total - def.rolled.total;
  const row = crtEffects(difference, settings);
  const tableRow = `CRT ${row.ref}, difference ${difference} (${rangeText(row.min, row.max)}): ${RESULT_TEXT[row.result]}${row.star ? ' *' : ''}`;
  const events: GameEvent[] = [att.event(tableRow), def.event(tableRow)];
  const leaderLosses: CombatResult['leaderLosses'][number][] = [];
  for (const [side, effect, leaders] of [['defender', row.defender, d.leaders], ['attacker', row.attacker, a.leaders]] as const) {
    if (!effect.leader) continue;
    for (const officer of leaders ?? []) {
      const loss = rollLeaderLoss({ officer, trigger: effect.leader === 'killed' ? 'crtCrushed' : 'crtBrokenOrRecule' }, dice);
      leaderLosses.push({ officer, side, ...loss.result });
      events.push(...loss.events);
    }
  }
  if (row.result === 'desperate-struggle') {
    events.push({ kind: 'note', rule: `${COMBAT_RULE} chart L772; HR N-11`, text: 'Desperate struggle: both sides −1 s.p. and disordered; roll again with adjusted modifiers.' });
  }
  return {
    result: {
      attackerNatural: naturalOf(att.rolled.total, attMods), attackerTotal: att.rolled.total,
      defenderNatural: naturalOf(def.rolled.total, defMods), defenderTotal: def.rolled.total,
      difference, row, rollAgain: row.result === 'desperate-struggle', leaderLosses,
    },
    events,
  };
}
