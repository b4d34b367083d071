import { z } from 'zod';
import type { Problem } from '../../lib/result';
import { report, type IssuePath } from '../scenario/codes';
import { idSchema } from '../scenario/fields';
import type { ScenarioProfile } from '../scenario/profiles';
import { parseArtilleryLabel, parseCinCLabel, parseCommanderLabel, parseGeneralLabel, parseUnitLabel } from './labels';
import { SCALE } from './tables/sequence';
import { MORALE_LEVELS } from './tables/vocabulary';

/**
 * NW's scenario profile: what the shared loader checks in NW's `rules:` blocks while the YAML's
 * line numbers are at hand (every piece is declared by its printed label, NW §2.0 L29-41).
 * Apart from scenario.ts so that scenario/profiles.ts can register it without a cycle.
 */

/** Arms NW knows, as the shared format writes them (NW §1.0, §3(c)). */
const NW_ARMS = ['infantry', 'light-cavalry', 'medium-cavalry', 'heavy-cavalry', 'artillery', 'horse-artillery'] as const;

/** Adds a label parser's Problem as a scenario issue at `path`, keeping the nw/label-* code in the hint. */
function labelIssue(ctx: z.RefinementCtx, path: IssuePath, p: Problem): void {
  report(ctx, path, 'scenario/bad-format', p.message, `${p.hint ?? 'See NW §2.0.'} [${p.code}]`);
}

/** A piece's label: a brigade's (`1B/1/IV SK1 7/5/3 Vet`) or, with commas, a battery's (`IV Corp, 6 lb, Horse`). */
export const isBatteryLabel = (label: string): boolean => label.includes(',');

const unitRules = z
  .strictObject({
    label: z.string().trim().min(1),
    /** A battery attached to a brigade (Ch.II §2.5 L494-498). */
    attachedTo: idSchema.optional(),
    /** Irregular cavalry (NT-32). */
    irregular: z.boolean().optional(),
  })
  .superRefine((r, ctx) => {
    const parsed = isBatteryLabel(r.label) ? parseArtilleryLabel(r.label) : parseUnitLabel(r.label);
    if (!parsed.ok) labelIssue(ctx, ['label'], parsed.error);
  });

const generalRules = z
  .strictObject({
    cinc: z.string().trim().min(1).optional(),
    commander: z.string().trim().min(1).optional(),
    general: z.string().trim().min(1).optional(),
    /** Army (on the CinC) or command (on a commander) Morale Level, Ch.II §4.0 L583-591. */
    morale: z.enum(MORALE_LEVELS).optional(),
    /** The command range formula's base (Ch.II §3.1 L553-555), floor of a replacement's range. */
    baseRange: z.number().positive().optional(),
    /** A unit the general starts attached to. */
    attachedTo: idSchema.optional(),
  })
  .superRefine((r, ctx) => {
    const given = (['cinc', 'commander', 'general'] as const).filter((k) => r[k] !== undefined);
    if (given.length !== 1) {
      report(ctx, [], 'scenario/missing', given.length === 0 ? 'an NW officer needs his label' : `an officer has one label, not ${given.join(' and ')}`,
        `Give exactly one of cinc: "Napoleon,E,+4" (army), commander: 'Ney (V), III Corp, G,14"' (corps or wing) or general: "1/IV Corps" / ADC (division).`);
      return;
    }
    const key = given[0]!;
    const parsed = key === 'cinc' ? parseCinCLabel(r.cinc!) : key === 'commander' ? parseCommanderLabel(r.commander!) : parseGeneralLabel(r.general!);
    if (!parsed.ok) labelIssue(ctx, [key], parsed.error);
  });

/** What NW adds to the shared scenario format (profiles.ts): labels in the rules blocks, NW's arms, 1" = 100 yd. */
export const NW_PROFILE: ScenarioProfile = {
  arms: NW_ARMS,
  levels: ['army', 'wing', 'corps', 'division'],
  generalRules,
  unitRules,
  inchesPerMile: 1760 / SCALE.yardsPerInch,
};


