import { z } from 'zod';
import { report } from './codes';
import { idSchema, textSchema } from './fields';
import type { ScenarioProfile } from './profiles';
import type { Unit } from './types';
import { ARMS, GENERAL_LEVELS, GRADES, GUN_WEIGHTS, OFFICER_CORPS, STRENGTH_KINDS, UNIT_FORMATIONS, type StrengthKind } from './vocabulary';

/** Generals, wings, corps and units: the order of battle of one side. */

const openRecord = z.record(z.string(), z.unknown());
type Rules = Readonly<Record<string, unknown>>;

const count = z.number().int().min(0);
const composition = z.strictObject({ infantry: count.default(0), lightCavalry: count.default(0), heavyCavalry: count.default(0), guns: count.default(0) });

/** What each arm must have some of, so `arm: infantry` with only cavalry is caught. */
const ARM_NEEDS: Record<string, readonly ('infantry' | 'lightCavalry' | 'heavyCavalry' | 'guns')[]> = {
  infantry: ['infantry'],
  'light-cavalry': ['lightCavalry'],
  'medium-cavalry': ['lightCavalry', 'heavyCavalry'],
  'heavy-cavalry': ['heavyCavalry'],
  artillery: ['guns'],
  'horse-artillery': ['guns'],
};

/** A unit (DRAM: a division stand) with its strength; `rules` is the ruleset's own block. */
function unitSchema(profile: ScenarioProfile) {
  const rules = (profile.unitRules ?? openRecord) as z.ZodType<Rules>;
  return z
    .strictObject({
      id: idSchema,
      name: textSchema,
      arm: z.enum(ARMS),
      sp: z.number().int().min(1).max(30).optional(),
      /** Figures of a battalion-level game (B&P L12: 12 a battalion, 8 a regiment, 4 crew a gun). */
      figures: z.number().int().min(1).max(500).optional(),
      /** Stands the figures are mounted on (B&P L12: 4 for a battalion of 12). */
      stands: z.number().int().min(1).max(60).optional(),
      /** The starting formation (battalion games: line, column, square, skirmish; guns limbered or unlimbered). */
      formation: z.enum(UNIT_FORMATIONS).optional(),
      composition: composition.optional(),
      grade: z.enum(GRADES).optional(),
      officers: z.enum(OFFICER_CORPS).optional(),
      gunWeight: z.enum(GUN_WEIGHTS).optional(),
      rules: rules.optional(),
      /** The brigade it belongs to, when the order of battle has brigades (battalion games). */
      brigade: idSchema.optional(),
      note: textSchema.optional(),
    })
    .superRefine((u, ctx) => {
      checkStrength(u, ctx, profile.strengths ?? DEFAULT_STRENGTHS);
      if (u.formation !== undefined && profile.formations && !profile.formations.includes(u.formation)) {
        report(ctx, ['formation'], 'scenario/bad-value', `formation ${u.formation} is not one this ruleset knows`, `Give one of ${profile.formations.join(', ')}, or leave formation out.`);
      }
    })
    .transform((u, ctx): Unit => (ctx.issues.length > 0 ? z.NEVER : {
      id: u.id,
      name: u.name,
      arm: u.arm,
      strength: u.composition
        ? { kind: 'historical', composition: u.composition, grade: u.grade!, officers: u.officers!, ...(u.gunWeight && { gunWeight: u.gunWeight }) }
        : u.figures !== undefined ? { kind: 'figures', figures: u.figures } : { kind: 'sp', sp: u.sp! },
      ...(u.stands !== undefined && { stands: u.stands }),
      ...(u.formation !== undefined && { formation: u.formation }),
      rules: u.rules ?? {},
      ...(u.brigade !== undefined && { brigade: u.brigade }),
      ...(u.note !== undefined && { note: u.note }),
    }));
}

/** Strengths a profile that says nothing accepts: every way (a ruleset without a profile gets open checks). */
const DEFAULT_STRENGTHS: readonly StrengthKind[] = STRENGTH_KINDS;

type RawUnit = { arm: string; sp?: number | undefined; figures?: number | undefined; stands?: number | undefined; formation?: string | undefined; composition?: z.output<typeof composition> | undefined; grade?: string | undefined; officers?: string | undefined; gunWeight?: string | undefined };

/**
 * Strength is EITHER `sp` OR `composition` + `grade` + `officers` (+ `gunWeight` with guns), DRAM
 * §10, OR `figures` (+ `stands`) in a battalion-level game (B&P L12); the profile says which.
 */
function checkStrength(u: RawUnit, ctx: z.RefinementCtx, allowed: readonly StrengthKind[]): void {
  const given: StrengthKind[] = [];
  if (u.sp !== undefined) given.push('sp');
  if (u.composition !== undefined) given.push('historical');
  if (u.figures !== undefined) given.push('figures');
  const how: Record<StrengthKind, string> = { sp: 'sp: 3', historical: 'composition: {infantry: 4200, guns: 8} with grade, officers and gunWeight', figures: 'figures: 12 (and stands: 4)' };
  const ways = allowed.map((k) => how[k]).join(', or ');
  for (const k of given.filter((g) => !allowed.includes(g))) {
    const key = k === 'historical' ? 'composition' : k;
    report(ctx, [key], 'scenario/strength', `this ruleset counts strength as ${allowed.join(' or ')}, not ${k}`, `Give ${ways}.`, { at: 'key' });
  }
  if (given.some((g) => !allowed.includes(g))) return;
  if (u.figures !== undefined || (allowed.length === 1 && allowed[0] === 'figures')) {
    if (u.figures === undefined) return report(ctx, [], 'scenario/strength', 'this unit has no figures', `Give ${ways}.`);
    if (u.stands !== undefined && u.stands > u.figures) report(ctx, ['stands'], 'scenario/strength', `${u.stands} stands for ${u.figures} figures: every stand needs a figure`, 'Give fewer stands, or more figures.');
    return;
  }
  for (const key of ['stands', 'formation'] as const) {
    if (u[key] !== undefined) report(ctx, [key], 'scenario/strength', `'${key}' belongs to a unit counted in figures`, `Delete it: this ruleset counts strength as ${allowed.join(' or ')}.`, { at: 'key' });
  }
  const hist = 'Give either sp: 3, or composition: {infantry: 4200, guns: 8} with grade, officers and gunWeight (DRAM §10).';
  if (u.sp !== undefined && u.composition !== undefined) return report(ctx, ['sp'], 'scenario/strength', 'a unit has either sp or a composition, not both', 'Keep the composition (the SP is calculated from it) or keep sp, and delete the other.', { at: 'key' });
  if (u.sp === undefined && u.composition === undefined) return report(ctx, [], 'scenario/strength', 'this unit has no strength', hist);
  if (u.sp !== undefined) {
    for (const key of ['grade', 'officers', 'gunWeight'] as const) {
      if (u[key] !== undefined) report(ctx, [key], 'scenario/strength', `'${key}' only goes with a composition: with sp given outright it would be ignored`, 'Delete it, or replace sp with a composition.', { at: 'key' });
    }
    return;
  }
  const c = u.composition!;
  if (u.grade === undefined) report(ctx, [], 'scenario/strength', 'a unit given by composition needs a grade', `Add grade: one of ${GRADES.join(', ')} (DRAM §10).`);
  if (u.officers === undefined) report(ctx, [], 'scenario/strength', 'a unit given by composition needs officers', `Add officers: one of ${OFFICER_CORPS.join(', ')} (DRAM §10).`);
  if (c.guns > 0 && u.gunWeight === undefined) report(ctx, ['composition', 'guns'], 'scenario/strength', `${c.guns} guns but no gunWeight`, `Add gunWeight: heavy (mostly 12pdr+), medium (8-9pdr) or light (mostly 6pdr or lighter).`);
  if (c.guns === 0 && u.gunWeight !== undefined) report(ctx, ['gunWeight'], 'scenario/strength', 'gunWeight without guns', 'Add the guns to the composition, or delete gunWeight.', { at: 'key' });
  const needs = ARM_NEEDS[u.arm] ?? [];
  if (c.infantry + c.lightCavalry + c.heavyCavalry + c.guns === 0) report(ctx, ['composition'], 'scenario/strength', 'the composition is empty', hist);
  else if (needs.length > 0 && needs.every((k) => c[k] === 0)) report(ctx, ['arm'], 'scenario/strength', `arm is ${u.arm}, but the composition has no ${needs.join(' or ')}`, 'Check the arm and the composition: one of them is wrong.');
}

function generalSchema(profile: ScenarioProfile) {
  const rules = profile.generalRules ? (profile.generalRules as z.ZodType<Rules>) : openRecord.optional();
  return z.strictObject({ id: idSchema, name: textSchema, level: z.enum(GENERAL_LEVELS), rules, note: textSchema.optional() });
}

const wing = z.strictObject({ id: idSchema, name: textSchema, general: idSchema });
/** A brigade: a brigade-level general over some of a corps' units (optional; battalion games). */
const brigade = z.strictObject({ id: idSchema, name: textSchema, general: idSchema, note: textSchema.optional() });

/** One side's order of battle: army name, generals, wings and corps of units. */
export function armySchema(profile: ScenarioProfile) {
  const corps = z.strictObject({ id: idSchema, name: textSchema, general: idSchema, wing: idSchema.optional(), divisions: z.array(unitSchema(profile)).min(1) });
  return z.strictObject({ army: textSchema, generals: z.array(generalSchema(profile)).min(1), wings: z.array(wing).default([]), brigades: z.array(brigade).optional(), corps: z.array(corps).min(1) });
}
