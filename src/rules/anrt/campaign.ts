import { z } from 'zod';
import { err, ok } from '../../lib/result';
import { returnLargestLossFirst } from '../campaign/changes';
import type { Aftermath, CampaignRules, StandingOfficer, StandingUnit } from '../campaign/types';
import type { GameEvent } from '../events';
import type { AnrtScenarioData } from './scenario';
import type { AnrtSettings } from './settings';
import type { AnrtGeneral, AnrtState, AnrtUnit } from './state';
import { AFTER_BATTLE } from './tables/generals';
import { unitHits } from './tables/organisation';
import { SIZES, type UnitClass, type UnitSize } from './tables/vocabulary';

/**
 * ANRT campaigns (issue 15) by the text's own after-battle rule, §XVIII "Battle Casualties"
 * (L1120-1134): each division at rest regroups three hits an hour (L1124), up to all of its
 * units' hits; a destroyed unit comes back once its original hits are regrouped, but smaller
 * (L1127-1131), and beyond "very small" it is gone for good (L1134). Rulings CAMP-A1…A4 in the
 * README. A unit's strength is its hits; its quality "<class> <size>" (the size the next battle fields).
 */

export const AnrtCampaignSettingsSchema = z.strictObject({
  /** CAMP-A1: hours each division rests between battles (L1124 leaves it to the campaign). Not in the text. */
  restHours: z.number().int().min(0).max(48).default(4),
  /** CAMP-A4: a general killed or badly wounded is replaced before the next battle ('replace'), or his post is marked vacant. */
  officers: z.enum(['replace', 'vacant']).default('replace'),
}).readonly();
export type AnrtCampaignSettings = z.infer<typeof AnrtCampaignSettingsSchema>;

const officer = (g: AnrtGeneral): StandingOfficer => ({ id: g.id, name: g.name, status: 'present' });
const quality = (cls: UnitClass, size: UnitSize | 'eliminated'): string => `${cls} ${size}`;

/** The size a campaign unit fields, read back from its quality ("veteran small"); null = eliminated or not an ANRT size. */
export function standingSize(u: Pick<StandingUnit, 'quality'>): UnitSize | null {
  const w = u.quality.split(' ').at(-1) as UnitSize;
  return SIZES.includes(w) ? w : null;
}

/** §XVIII L1129-1134: a size `steps` smaller, or null when reduced beyond "very small" (permanently eliminated). */
export function shrink(size: UnitSize, steps: number): UnitSize | null {
  return SIZES[SIZES.indexOf(size) + steps] ?? null;
}

/** The scenario's order of battle: army and corps generals, then divisions with their generals and brigadiers, then every unit at its hits. */
export function anrtOrderOfBattle(data: AnrtScenarioData): StandingUnit[] {
  const out: StandingUnit[] = [];
  // Reinforcements still to come (ANRT-S1) are of the order of battle too.
  const gens = [...Object.values(data.generals), ...(data.arrivals ?? []).flatMap((a) => a.generals)];
  for (const g of gens.filter((x) => x.level === 'army' || x.level === 'corps')) {
    out.push({ id: g.id, side: g.side, kind: 'formation', formation: null, name: g.name, strength: 0, full: 0, fatigue: '—', quality: g.level, officers: [officer(g)] });
  }
  for (const d of Object.values(data.divisions)) {
    // The corps' own units (ANRT-C11) are under the corps commander, listed once, with the army and corps generals.
    const officers = gens.filter((g) => (g.id === d.general && !d.corpsLevel) || (g.level === 'brigade' && d.brigades.includes(g.command))).map(officer);
    out.push({ id: d.id, side: d.side, kind: 'formation', formation: null, name: d.name, strength: 0, full: 0, fatigue: '—', quality: 'division', officers });
  }
  for (const u of [...Object.values(data.units), ...(data.arrivals ?? []).flatMap((a) => a.units)]) {
    // ANRT-R6: regimental guns have no hits of their own (L1079) and are "attached for the duration of the game": they come with their battalion each battle.
    if (u.parent) continue;
    out.push({ id: u.id, side: u.side, kind: 'unit', formation: u.division, name: u.name, strength: u.hits, full: u.maxHits, fatigue: '—', quality: quality(u.cls, u.size), officers: [] });
  }
  return out;
}

/**
 * A battle of the campaign: units enter at their standing hits and size (their maximum from the
 * size, L198), lost units stay out; a replaced general's post is held under his replacement's name.
 * ANRT's battle rulings are unchanged (nothing of §XVIII happens in a battle).
 */
export function anrtSeed(data: AnrtScenarioData, settings: AnrtSettings, standing: ReadonlyMap<string, StandingUnit>): { data: AnrtScenarioData; settings: AnrtSettings } {
  const gone = (id: string) => { const s = standing.get(id); return s !== undefined && (s.strength <= 0 || standingSize(s) === null); };
  // ANRT-R6: regimental guns stay out with their battalion.
  const out = (id: string) => gone(id) || (data.units[id]?.parent !== undefined && gone(data.units[id]!.parent!)) || (data.arrivals ?? []).some((a) => a.units.some((u) => u.id === id && u.parent !== undefined && gone(u.parent)));
  const officers = new Map([...standing.values()].flatMap((u) => u.officers.map((o) => [o.id, o] as const)));
  const seeded = (u: AnrtUnit): AnrtUnit => {
    const s = standing.get(u.id);
    if (!s) return u;
    const size = standingSize(s)!;
    const maxHits = unitHits(u.cls, size);
    return { ...u, size, maxHits, hits: Math.min(maxHits, s.strength) };
  };
  const named = (g: AnrtGeneral): AnrtGeneral => { const o = officers.get(g.id); return o && o.status !== 'present' && o.holder ? { ...g, name: o.holder } : g; };
  const units = Object.fromEntries(Object.values(data.units).filter((u) => !out(u.id)).map((u): [string, AnrtUnit] => [u.id, seeded(u)]));
  const generals = Object.fromEntries(Object.values(data.generals).map((g) => [g.id, named(g)]));
  // Reinforcements (ANRT-S1) come on at their standing too; a group left with nobody does not come.
  const arrivals = (data.arrivals ?? []).map((a) => ({ ...a, units: a.units.filter((u) => !out(u.id)).map(seeded), generals: a.generals.map(named) })).filter((a) => a.units.length + a.generals.length > 0);
  return {
    data: { ...data, units, generals, ...(data.arrivals ? { arrivals } : {}), seats: data.seats.map((x) => ({ ...x, commands: x.commands.filter((c) => !out(c)) })) },
    settings,
  };
}

/** What §XVIII does to one destroyed unit: its new size (null: eliminated) and the sizes lost. */
export function destroyedSize(u: Pick<AnrtUnit, 'size' | 'lastHit'>): { size: UnitSize | null; steps: number; line: string } {
  const contact = u.lastHit === 'contact';
  const steps = contact ? AFTER_BATTLE.shrinkInContact : AFTER_BATTLE.shrinkOtherwise;
  return { size: shrink(u.size, steps), steps, line: contact ? 'L1129' : 'L1131' };
}

/** The aftermath of an ended ANRT battle by §XVIII (CAMP-A1…A4). No dice. */
export function anrtAftermath(s: AnrtState, standing: readonly StandingUnit[], cs: AnrtCampaignSettings): Aftermath {
  if (!s.ended) throw new RangeError('ANRT aftermath: the battle has not ended');
  const byId = new Map(standing.map((u) => [u.id, u]));
  const fought = Object.values(s.units).filter((u) => byId.has(u.id));
  // CAMP-A3: a unit off the table with hits left was not destroyed; it regroups like the others.
  const destroyed = (u: AnrtUnit) => u.gone && u.hits <= 0;
  const strength = new Map(fought.map((u) => [u.id, destroyed(u) ? 0 : u.hits]));
  const cap = new Map(fought.map((u) => [u.id, u.maxHits]));
  const next = new Map<string, { strength: number; full: number; quality: string }>();
  const lines: string[] = [];
  const budget = AFTER_BATTLE.regroupHitsPerHour * cs.restHours;
  for (const d of Object.values(s.divisions)) {
    const mine = fought.filter((u) => u.division === d.id);
    if (!mine.length) continue;
    // L1124: "three hits per hour, per division", up to all their hits; survivors first (CAMP-A2), most hits lost first.
    const alive = mine.filter((u) => !destroyed(u)).map((u) => u.id);
    let left = budget - returnLargestLossFirst(strength, cap, alive, budget);
    const parts: string[] = [];
    for (const u of mine.filter(destroyed)) {
      const { size, steps, line } = destroyedSize(u);
      if (!size) { next.set(u.id, { strength: 0, full: u.maxHits, quality: quality(u.cls, 'eliminated') }); parts.push(`${u.name} eliminated (−${steps} sizes from ${u.size}, ${line}, L1134)`); continue; }
      // L1127: it regroups in the time its original hits take; CAMP-A2: all of them or it stays out.
      if (left < u.maxHits) { next.set(u.id, { strength: 0, full: unitHits(u.cls, size), quality: quality(u.cls, size) }); parts.push(`${u.name} not regrouped (needs ${u.maxHits} hits, ${left} left), ${size} (${line})`); continue; }
      left -= u.maxHits;
      const full = unitHits(u.cls, size);
      next.set(u.id, { strength: full, full, quality: quality(u.cls, size) });
      parts.push(`${u.name} regrouped ${u.size} → ${size} (${line}), ${full} hits`);
    }
    for (const id of alive) { const u = s.units[id]!; next.set(id, { strength: strength.get(id)!, full: u.maxHits, quality: quality(u.cls, u.size) }); }
    const regained = mine.filter((u) => !destroyed(u)).reduce((n, u) => n + strength.get(u.id)! - u.hits, 0);
    lines.push(`${d.name}: ${regained} hits regrouped${parts.length ? `; ${parts.join('; ')}` : ''}`);
  }
  const events: GameEvent[] = [{ kind: 'note', rule: `ANRT §XVIII L1124-1134, CAMP-A1 (${cs.restHours} h rest: ${budget} hits a division)`, text: lines.join('. ') }];

  const byOfficer = new Map(standing.flatMap((u) => u.officers.map((o) => [o.id, o] as const)));
  // CAMP-A4: generals killed or badly wounded (§XIII L1004-1012, removed) are replaced, or their post left vacant.
  const gone = Object.values(s.generals).filter((g) => !g.alive && byOfficer.has(g.id));
  const successor = (g: AnrtGeneral): Partial<StandingOfficer> => {
    const name = byOfficer.get(g.id)!.name;
    return cs.officers === 'vacant' ? { status: 'lost', holder: `${name}'s staff` } : { status: 'replaced', holder: `${name}'s replacement` };
  };
  const heirs = new Map(gone.map((g) => [g.id, successor(g)] as const));
  if (gone.length) events.push({ kind: 'note', rule: 'CAMP-A4 (§XIII L1004-1012)', text: `generals for the next battle: ${gone.map((g) => `${g.name}: ${heirs.get(g.id)!.holder}`).join('; ')}` });

  const after = standing.map((u): StandingUnit => {
    const officers = u.officers.some((o) => heirs.has(o.id)) ? u.officers.map((o) => (heirs.has(o.id) ? { ...o, ...heirs.get(o.id)! } : o)) : u.officers;
    const n = next.get(u.id);
    return n ? { ...u, ...n, officers } : officers === u.officers ? u : { ...u, officers };
  });
  const generals = gone.length ? ` Generals: ${gone.map((g) => `${g.name} → ${heirs.get(g.id)!.holder}`).join(', ')} (CAMP-A4).` : '';
  return { standing: after, events, summary: `Battle casualties (§XVIII, ${cs.restHours} h rest): ${lines.join('; ')}.${generals}` };
}

/** What an ANRT game carries for campaigns (`Ruleset.campaign`). */
export const anrtCampaign: CampaignRules<AnrtState, AnrtSettings, AnrtScenarioData, AnrtCampaignSettings> = {
  afterBattle: 'ANRT §XVIII "Battle Casualties" (L1120-1134): 3 hits an hour per resting division (CAMP-A1 hours), destroyed units regroup smaller',
  settings: {
    schema: AnrtCampaignSettingsSchema,
    parse(raw) {
      const r = AnrtCampaignSettingsSchema.safeParse(raw ?? {});
      return r.success ? ok(r.data) : err({ code: 'campaign/settings', message: `ANRT campaign settings: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`, hint: 'Keys: restHours (whole hours, 0 to 48), officers (replace, vacant).' });
    },
    lines: (cs) => [
      { key: 'restHours', value: String(cs.restHours), default: '4', ruling: 'CAMP-A1', allowed: '0 to 48 whole hours (not in the text)' },
      { key: 'officers', value: cs.officers, default: 'replace', ruling: 'CAMP-A4', allowed: 'replace, vacant' },
    ],
  },
  orderOfBattle: anrtOrderOfBattle,
  seed: anrtSeed,
  aftermath: (s, standing, cs) => anrtAftermath(s, standing, cs),
  hidesEnemyStrength: false,
};
