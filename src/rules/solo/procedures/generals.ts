import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import type { SoloSettings } from '../settings';
import { ATTACK_VALUE_TABLE, nationalVariation, readD6, TROOP_HANDLING_TABLE } from '../tables/generals';
import { ATTACK_VALUES, TROOP_HANDLING, type AttackValue, type GeneralLevel, type Nation, type TroopHandling } from '../tables/vocabulary';
import { placeholderNote } from './common';
import type { GeneralInput, Procedure } from './types';

/**
 * K1 Random generals (KUR L3-7): TH and AV on a D6 each, the Control Rating on the placeholder
 * table (K-1, `generals.crTable`), then the national variation (L7) as KS-1 says: one step along
 * the scale / the grade ±1 (`rating`), or ± on the generating D6 (`roll`).
 */

const step = <T extends string>(scale: readonly T[], v: T, by: number): T => scale[Math.min(scale.length - 1, Math.max(0, scale.indexOf(v) + by))]!;

/** The Control Rating grade a D6 face reads on the placeholder table. */
export function crGrade(face: number, settings: SoloSettings): { grade: number; label: string } {
  const f = Math.min(6, Math.max(1, face));
  const row = settings.generals.crTable.find((r) => f >= r.from && f <= r.to)!;
  return { grade: row.grade, label: row.label };
}

/** KS-1 `rating` / KS-12: a general's ratings after his nation's variation (historical or rolled). */
export function withNationalVariation(g: { th: TroopHandling; av: AttackValue; grade: number; nation: Nation }): { th: TroopHandling; av: AttackValue; grade: number } {
  const v = nationalVariation(g.nation);
  return { th: step(TROOP_HANDLING, g.th, v.th), av: step(ATTACK_VALUES, g.av, v.av), grade: g.grade + v.cr };
}

/** L3-7: roll a random general. */
export function generateGeneral(spec: { name: string; level: GeneralLevel; nation: Nation }, settings: SoloSettings, dice: Dice): Procedure<GeneralInput> {
  const v = nationalVariation(spec.nation);
  const byRoll = settings.generals.nationalShift === 'roll';
  const mod = (n: number, what: string) => (byRoll && n !== 0 ? [{ label: `${spec.nation} ${what} ${n > 0 ? '+' : '−'}${Math.abs(n)} (KUR L7)`, value: n }] : []);
  const th = ruleRoll(dice, 'd6', { rule: 'KUR L3-4', purpose: 'Troop Handling', subject: spec.name, modifiers: mod(v.th, 'TH') });
  const av = ruleRoll(dice, 'd6', { rule: 'KUR L4-5', purpose: 'Attack Value', subject: spec.name, modifiers: mod(v.av, 'AV') });
  const cr = ruleRoll(dice, 'd6', { rule: 'KUR L6', purpose: 'Control Rating (placeholder generals.crTable)', subject: spec.name, modifiers: mod(v.cr, 'CR') });
  const thRow = readD6(TROOP_HANDLING_TABLE, th.rolled.total);
  const avRow = readD6(ATTACK_VALUE_TABLE, av.rolled.total);
  const crRow = crGrade(cr.rolled.total, settings);
  const rolled = { th: thRow.value as TroopHandling, av: avRow.value as AttackValue, grade: crRow.grade, nation: spec.nation };
  const final = byRoll ? rolled : withNationalVariation(rolled);
  const general: GeneralInput = { name: spec.name, level: spec.level, nation: spec.nation, ...final };
  const events = [
    th.event(`${thRow.from}-${thRow.to} ${thRow.value}${thRow.printed === null ? ' (row lost; label from L9-10)' : ''}`),
    av.event(`${avRow.from}-${avRow.to} ${avRow.value}${avRow.printed === null ? ' (row lost; label from L10, L27)' : ''}`),
    cr.event(`${crRow.label}: grade ${crRow.grade}`),
    placeholderNote('generals.crTable', `${spec.name}: Control Rating grade ${general.grade}`),
  ];
  if (!byRoll && (v.th || v.av || v.cr)) events.push({ kind: 'note', rule: 'KUR L7', text: `${spec.name}: ${v.printed} → TH ${general.th}, AV ${general.av}, grade ${general.grade}` });
  return { result: general, events };
}
