import { z } from 'zod';
import { err, ok } from '../../lib/result';
import { returnLargestLossFirst } from '../campaign/changes';
import type { Aftermath, CampaignRules, StandingOfficer, StandingUnit } from '../campaign/types';
import type { GameEvent } from '../events';
import type { DramSettings } from './settings';
import type { DramScenarioData } from './setup';
import type { DramState, General, GeneralStatus } from './state';
import { corpsReplacement } from './tables/generals';

/**
 * DRAM campaigns (issue 15). dram-mk4.txt has no after-battle rule, so the recovery is a
 * documented, configurable ruling (README "Campaigns", CAMP-D1…D3): a share of each side's
 * SP lost in the battle returns, and a general who left the field is replaced between battles.
 */

export const DramCampaignSettingsSchema = z.strictObject({
  /** CAMP-D1: the share of a side's SP lost in a battle that returns after it (stragglers, lightly wounded). Not in the text. */
  recoveryShare: z.number().min(0).max(1).default(0.5),
  /** CAMP-D2: a general dead, wounded or fled is replaced before the next battle ('replace'), or his post is marked vacant. */
  officers: z.enum(['replace', 'vacant']).default('replace'),
  /** CAMP-D4: the CR a replacement general has below the one he replaces (never below the staff's CR 0 of §6 L90). Not in the text. */
  replacementCrLoss: z.number().int().min(0).max(3).default(1),
}).readonly();
export type DramCampaignSettings = z.infer<typeof DramCampaignSettingsSchema>;

const officer = (id: string, name: string): StandingOfficer => ({ id, name, status: 'present' });

/** The scenario's order of battle: higher generals and corps (with their generals), then every stand. */
export function dramOrderOfBattle(data: DramScenarioData): StandingUnit[] {
  const out: StandingUnit[] = [];
  for (const g of data.generals.filter((x) => x.corps === null)) {
    out.push({ id: g.id, side: g.side, kind: 'formation', formation: null, name: g.name, strength: 0, full: 0, fatigue: '—', quality: g.level, officers: [officer(g.id, g.name)] });
  }
  for (const c of data.corps) {
    const gen = data.generals.find((g) => g.id === c.general);
    out.push({ id: c.id, side: c.side, kind: 'formation', formation: null, name: c.name, strength: 0, full: 0, fatigue: '—', quality: 'corps', officers: gen ? [officer(gen.id, gen.name)] : [] });
  }
  for (const s of data.stands) {
    out.push({ id: s.id, side: s.side, kind: 'unit', formation: s.corps, name: s.name, strength: s.sp, full: s.spStart ?? s.sp, fatigue: '—', quality: s.arm, officers: [] });
  }
  return out;
}

/**
 * A battle of the campaign: stands enter at their standing SP with their full establishment as
 * their starting value (CAMP-D3: the 50% exhaustion test of §3 L49 and the ceiling of §9 L150);
 * lost stands stay out. DRAM's battle rulings are unchanged.
 */
export function dramSeed(data: DramScenarioData, settings: DramSettings, standing: ReadonlyMap<string, StandingUnit>): { data: DramScenarioData; settings: DramSettings } {
  const lost = new Set(data.stands.filter((x) => (standing.get(x.id)?.strength ?? 1) <= 0).map((x) => x.id));
  const keep = (id: string) => !lost.has(id);
  const officers = new Map([...standing.values()].flatMap((u) => u.officers.map((o) => [o.id, o] as const)));
  return {
    data: {
      ...data,
      stands: data.stands.filter((x) => keep(x.id)).map((x) => {
        const s = standing.get(x.id);
        return s ? { ...x, sp: s.strength, spStart: Math.max(s.full, s.strength) } : x;
      }),
      corps: data.corps.map((c) => ({ ...c, stands: c.stands.filter(keep) })),
      generals: data.generals.map((g) => heldPost(g, officers.get(g.id))),
      reinforcements: data.reinforcements.map((r) => ({ ...r, units: r.units.filter(keep) })).filter((r) => r.units.length > 0),
    },
    settings,
  };
}

/** A general's post in the next battle (CAMP-D2, D4): his replacement's or his staff's CR and AP and name, or as printed. */
function heldPost<G extends { readonly name: string; readonly cr: number; readonly ap: number }>(g: G, o: StandingOfficer | undefined): G {
  if (!o || o.status === 'present' || !o.rating) return g;
  const num = (k: string, d: number) => (typeof o.rating![k] === 'number' ? o.rating![k] as number : d);
  return { ...g, name: o.holder ?? g.name, cr: num('cr', g.cr), ap: num('ap', g.ap) };
}

/**
 * Who holds a departed general's post next battle: 'replace', a successor whose CR is
 * `replacementCrLoss` below the general's as the battle left him (never below 0), same AP
 * (CAMP-D4); 'vacant', his staff (§6 L90: CR 0, AP 1; CAMP-D2 extends it to higher generals).
 */
export function successor(g: Pick<General, 'name' | 'cr' | 'ap'>, cs: DramCampaignSettings): { status: StandingOfficer['status']; holder: string; rating: { cr: number; ap: number } } {
  if (cs.officers === 'vacant') return { status: 'lost', holder: `${g.name}'s staff`, rating: corpsReplacement() };
  return { status: 'replaced', holder: `${g.name}'s successor`, rating: { cr: Math.max(0, g.cr - cs.replacementCrLoss), ap: g.ap } };
}

/** Generals no longer at their post after the battle (DRAM §6: fled, wounded, dead). */
const GONE: readonly GeneralStatus[] = ['fled', 'seriously-wounded', 'mortally-wounded', 'dead'];

/** The aftermath of an ended DRAM battle by the recovery ruling (CAMP-D1, CAMP-D2). No dice. */
export function dramAftermath(s: DramState, standing: readonly StandingUnit[], cs: DramCampaignSettings): Aftermath {
  if (!s.ended) throw new RangeError('DRAM aftermath: the battle has not ended');
  const byId = new Map(standing.map((u) => [u.id, u]));
  const byOfficer = new Map(standing.flatMap((u) => u.officers.map((o) => [o.id, o] as const)));
  const fought = Object.values(s.stands).filter((x) => byId.has(x.id));
  // A stand's battle-start SP is its standing strength (it was seeded from it).
  const start = new Map(fought.map((x) => [x.id, byId.get(x.id)!.strength]));
  const strength = new Map(fought.map((x) => [x.id, x.removed ? 0 : Math.max(0, x.sp)]));
  const events: GameEvent[] = [];
  const parts: string[] = [];
  for (const side of s.sides) {
    const pool = fought.filter((x) => x.side === side.id).map((x) => x.id);
    const lost = pool.reduce((n, id) => n + Math.max(0, start.get(id)! - strength.get(id)!), 0);
    // CAMP-D1: the share is of the side's SP lost, rounded down; it goes back to the stands that lost most, never above their battle-start SP.
    const back = returnLargestLossFirst(strength, start, pool, Math.floor(lost * cs.recoveryShare));
    parts.push(`${side.name} lost ${lost} SP, ${back} return → ${lost - back}`);
  }
  events.push({ kind: 'note', rule: 'CAMP-D1 (DRAM has no after-battle rule)', text: `recovery (${cs.recoveryShare} of the SP lost returns): ${parts.join('; ')}` });

  // A campaign officer's post, whoever held it this battle (a successor fights under the post's id).
  const gone = Object.values(s.generals).filter((g) => GONE.includes(g.status) && !g.staff && byOfficer.has(g.id));
  const next = new Map(gone.map((g) => [g.id, successor({ ...g, name: byOfficer.get(g.id)!.name }, cs)] as const));
  if (gone.length) {
    const what = gone.map((g) => { const x = next.get(g.id)!; return `${g.name} (${g.status}): ${x.holder}, CR ${x.rating.cr}, AP ${x.rating.ap}`; });
    events.push({ kind: 'note', rule: `CAMP-D2, CAMP-D4${cs.officers === 'vacant' ? ' (§6 L90 staff)' : ''}`, text: `generals for the next battle: ${what.join('; ')}` });
  }
  const after = standing.map((u): StandingUnit => {
    const officers = u.officers.some((o) => next.has(o.id)) ? u.officers.map((o) => (next.has(o.id) ? { ...o, ...next.get(o.id)! } : o)) : u.officers;
    const n = strength.get(u.id);
    return n === undefined ? (officers === u.officers ? u : { ...u, officers }) : { ...u, strength: n, officers };
  });
  const generals = gone.length ? ` Generals: ${gone.map((g) => `${g.name} ${g.status} → ${next.get(g.id)!.holder} CR ${next.get(g.id)!.rating.cr}`).join(', ')} (CAMP-D4).` : '';
  return { standing: after, events, summary: `Recovery (CAMP-D1): ${parts.join('; ')}.${generals}` };
}

/** What a DRAM game carries for campaigns (`Ruleset.campaign`). */
export const dramCampaign: CampaignRules<DramState, DramSettings, DramScenarioData, DramCampaignSettings> = {
  afterBattle: 'none in dram-mk4.txt: recovery ruling CAMP-D1 (a share of SP lost returns) and CAMP-D2 (generals replaced)',
  settings: {
    schema: DramCampaignSettingsSchema,
    parse(raw) {
      const r = DramCampaignSettingsSchema.safeParse(raw ?? {});
      return r.success ? ok(r.data) : err({ code: 'campaign/settings', message: `DRAM campaign settings: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`, hint: 'Keys: recoveryShare (0 to 1), officers (replace, vacant), replacementCrLoss (0 to 3).' });
    },
    lines: (cs) => [
      { key: 'recoveryShare', value: String(cs.recoveryShare), default: '0.5', ruling: 'CAMP-D1', allowed: '0 to 1 (not in the text)' },
      { key: 'officers', value: cs.officers, default: 'replace', ruling: 'CAMP-D2', allowed: 'replace, vacant' },
      { key: 'replacementCrLoss', value: String(cs.replacementCrLoss), default: '1', ruling: 'CAMP-D4', allowed: '0 to 3 (not in the text)' },
    ],
  },
  orderOfBattle: dramOrderOfBattle,
  seed: dramSeed,
  // CAMP-P4: division stands 3" wide, 5" deep (§10 L162) a 1" gap apart; placed on D orders (§5 L72 "Deploy") unless told.
  // CAMP-P1: a zone reaches 3" (half a mile, §1 L35) past the scenario's deployment.
  placement: {
    frontage: 4, depth: 6, zoneMargin: 3, orders: { allowed: ['D', 'R', 'A', 'M'], default: 'D' },
    basis: 'DRAM §10 L162: division stands 3" by 5", placed 4" apart, lines 6" deep, on D orders unless told (CAMP-P4)',
  },
  aftermath: (s, standing, cs) => dramAftermath(s, standing, cs),
  hidesEnemyStrength: false,
};
