import { z } from 'zod';
import type { Problem } from '../../lib/result';
import { report, type IssuePath } from '../scenario/codes';
import { idSchema } from '../scenario/fields';
import type { ScenarioProfile } from '../scenario/profiles';
import { parseArtilleryLabel, parseCinCLabel, parseCommanderLabel, parseGeneralLabel, parseUnitLabel } from './labels';
import { SCALE } from './tables/sequence';
import { MORALE_LEVELS, NATIONALITIES } from './tables/vocabulary';

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
    /** Armoured cavalry, cuirassiers: their enemies fight at −1 (chart L786). */
    armoured: z.boolean().optional(),
    /**
     * A howitzer or rocket battery (Optional §3.0-4.0 L620-626), played as such only with the
     * setting `optional.howitzers` / `optional.rockets` on (OPT-1).
     */
    special: z.enum(['howitzer', 'rocket']).optional(),
    /** French Old Guard foot artillery: no halved move after firing (§9.2 L260, OG-1). */
    oldGuard: z.boolean().optional(),
    /** NAT-1: this brigade's or battery's own nationality, where it is not its army's (movement, fire and combat modifiers). */
    nation: z.enum(NATIONALITIES).optional(),
    /** NAT-1, NAT-3: a brigade of its own nation allied to British or French (10" infantry from 1811 / 1809). */
    alliedTo: z.enum(['british', 'french']).optional(),
  })
  .superRefine((r, ctx) => {
    const battery = isBatteryLabel(r.label);
    const parsed = battery ? parseArtilleryLabel(r.label) : parseUnitLabel(r.label);
    if (!parsed.ok) labelIssue(ctx, ['label'], parsed.error);
    if (r.alliedTo !== undefined && (battery || r.nation === undefined)) {
      report(ctx, ['alliedTo'], 'scenario/bad-value', battery ? 'alliedTo is for a brigade (it sets its infantry\'s move), and this is a battery' : 'alliedTo on a brigade goes with its own nation:',
        'Give the brigade its nation too, e.g. rules: { label: …, nation: other, alliedTo: british } (NAT-1, NAT-3); a brigade without nation: moves as its army.');
    }
    if (r.special !== undefined && !battery) {
      report(ctx, ['special'], 'scenario/bad-value', `special: ${r.special} is for a battery, and this is a brigade's label`, 'Give special: howitzer or rocket only on a battery ("VI Corp, Heavy, Foot", Optional §3.0-4.0).');
    }
    // OG-1: the exemption is for "French Old Guard foot artillery units" (§9.2 L260): a Foot battery.
    if (r.oldGuard === true && (!battery || (parsed.ok && 'kind' in parsed.value && parsed.value.kind !== 'foot'))) {
      report(ctx, ['oldGuard'], 'scenario/bad-value', 'oldGuard: true is for a foot battery (§9.2 L260: "French Old Guard foot artillery units"), and this is not one',
        'Give oldGuard: true only on a Foot battery of the French Old Guard, e.g. label: "Guard, 12 lb, Foot"; horse artillery is never halved.');
    }
    // OPT-2: rockets "move as horse" (Optional §4.0 L626): the label says so, so movement, terrain and evasion read it.
    if (r.special === 'rocket' && battery && parsed.ok && 'kind' in parsed.value && parsed.value.kind !== 'horse') {
      report(ctx, ['label'], 'scenario/bad-value', 'a rocket battery moves as horse artillery (Optional §4.0 L626), but its label says Foot',
        'Label it Horse, e.g. "Rocket Troop, Light, Horse" (the weight is what it fires as with optional.rockets off; OPT-2).');
    }
  });

const generalRules = z
  .strictObject({
    cinc: z.string().trim().min(1).optional(),
    commander: z.string().trim().min(1).optional(),
    general: z.string().trim().min(1).optional(),
    /** Army (on the CinC) or command (on a commander) Morale Level, Ch.II §4.0 L583-591. */
    morale: z.enum(MORALE_LEVELS).optional(),
    /** The army's nationality, on the CinC (NAT-1; a brigade or battery of another nation carries its own): movement (chart L655-657), fire and combat modifiers. Default other. */
    nation: z.enum(NATIONALITIES).optional(),
    /** A minor ally's patron, on the CinC only: infantry moves 10" from 1811 (British) or 1809 (French), chart L655-657 (NAT-3). */
    alliedTo: z.enum(['british', 'french']).optional(),
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
    for (const k of ['nation', 'alliedTo'] as const) {
      if (r[k] !== undefined && key !== 'cinc') report(ctx, [k], 'scenario/bad-value', `${k} belongs on the army's CinC, not on a ${key}`, `Move ${k}: to the CinC's rules, e.g. rules: { cinc: "Napoleon,E,+4", morale: good, nation: french }; a brigade or battery of another nation carries its own (rules: { label: …, nation: … }, NAT-1).`);
    }
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
  // NW counts s.p. (§3.0); figures belong to battalion-level games.
  strengths: ['sp', 'historical'],
};


