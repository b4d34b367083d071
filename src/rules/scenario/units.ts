import { z } from 'zod';
import { report } from './codes';
import { idSchema, textSchema } from './fields';
import type { ScenarioProfile } from './profiles';
import type { Unit } from './types';
import { ARMS, GENERAL_LEVELS, GRADES, GUN_WEIGHTS, OFFICER_CORPS } from './vocabulary';

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
      composition: composition.optional(),
      grade: z.enum(GRADES).optional(),
      officers: z.enum(OFFICER_CORPS).optional(),
      gunWeight: z.enum(GUN_WEIGHTS).optional(),
      rules: rules.optional(),
      note: textSchema.optional(),
    })
    .superRefine((u, ctx) => checkStrength(u, ctx))
    .transform((u, ctx): Unit => (ctx.issues.length > 0 ? z.NEVER : {
      id: u.id,
      name: u.name,
      arm: u.arm,
      strength: u.composition
        ? { kind: 'historical', composition: u.composition, grade: u.grade!, officers: u.officers!, ...(u.gunWeight && { gunWeight: u.gunWeight }) }
        : { kind: 'sp', sp: u.sp! },
      rules: u.rules ?? {},
      ...(u.note !== undefined && { note: u.note }),
    }));
}

type RawUnit = { arm: string; sp?: number | undefined; composition?: z.output<typeof composition> | undefined; grade?: string | undefined; officers?: string | undefined; gunWeight?: string | undefined };

/** Strength is EITHER `sp` OR `composition` + `grade` + `officers` (+ `gunWeight` with guns): DRAM §10. */
function checkStrength(u: RawUnit, ctx: z.RefinementCtx): void {
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

/** One side's order of battle: army name, generals, wings and corps of units. */
export function armySchema(profile: ScenarioProfile) {
  const corps = z.strictObject({ id: idSchema, name: textSchema, general: idSchema, wing: idSchema.optional(), divisions: z.array(unitSchema(profile)).min(1) });
  return z.strictObject({ army: textSchema, generals: z.array(generalSchema(profile)).min(1), wings: z.array(wing).default([]), corps: z.array(corps).min(1) });
}
