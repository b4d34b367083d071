import { z } from 'zod';
import type { Dice } from '../../dice/dice';
import { err, ok } from '../../lib/result';
import { returnLargestLossFirst, takeLargestFirst } from '../campaign/changes';
import type { Aftermath, CampaignRules, StandingOfficer, StandingUnit } from '../campaign/types';
import type { GameEvent } from '../events';
import { armyStateOf } from './phases/rally';
import { pursuitConditions } from './conditions';
import { assessVictory, finalLosses, FINAL_LOSS_RULE, PURSUIT_RULE, rollPursuit } from './procedures/victory';
import type { NwScenarioData } from './scenario';
import type { NwSettings } from './settings';
import type { NwState } from './state';
import { fatigueState } from './tables/fatigue';
import { nwRound } from './tables/rounding';
import { PURSUIT_BATTERY_SP } from './tables/optional';
import { replacementCommander } from './tables/leaders';
import { isSkill } from './tables/vocabulary';
import type { NwCommander } from './state';

/**
 * NW campaigns (issue 15): the Optional rules §1.0 Pursuit and §2.0 Final Loss Calculations
 * (L605-618, "Campaign games only") applied to the standing order of battle when a battle
 * ends. Rulings CAMP-N1…N6 are in the README ("Campaigns").
 */

export const NwCampaignSettingsSchema = z.strictObject({
  /** CAMP-N1: roll the Optional §1.0 pursuit (L607-614) after a battle one army broke. */
  pursuit: z.boolean().default(true),
  /** Optional §2.0 final losses (L618): the winner regains ⅓ of his lost s.p., the loser ½. */
  finalLosses: z.boolean().default(true),
  /** CAMP-N5: what each side regains after a draw (the text names only a winner and a defeated side). */
  drawRegain: z.enum(['third', 'half', 'none']).default('third'),
  /**
   * CAMP-N4: a commander lost in a battle is replaced for the next by §11.7's replacement (one
   * skill lower, no V, range −2" not below his base, L421-423) and a lost general stays lost
   * ("never replaced", L421): 'replace'. 'as-printed' fields the scenario's officers unchanged.
   */
  officers: z.enum(['replace', 'as-printed']).default('replace'),
}).readonly();
export type NwCampaignSettings = z.infer<typeof NwCampaignSettingsSchema>;

const BATTERY = 'battery';

/** A battery's strength in the standing order of battle: the pursuit count of L609 (2, damaged 1, lost 0). */
const batteryStrength = (condition: string, removed: boolean): number => (removed ? 0 : condition.startsWith('damaged') ? PURSUIT_BATTERY_SP.damaged : PURSUIT_BATTERY_SP.full);
const batteryWord = (strength: number): string => (strength <= 0 ? 'lost' : strength === PURSUIT_BATTERY_SP.damaged ? 'damaged' : 'full');

/** The scenario's order of battle: each army and command with its officers, then every brigade and battery. */
export function nwOrderOfBattle(data: NwScenarioData): StandingUnit[] {
  const officer = (id: string, name: string): StandingOfficer => ({ id, name, status: 'present' });
  const out: StandingUnit[] = [];
  for (const a of data.armies) {
    out.push({ id: a.cinc.id, side: a.side, kind: 'formation', formation: null, name: a.name, strength: 0, full: 0, fatigue: '—', quality: a.morale, officers: [officer(a.cinc.id, a.cinc.name)] });
  }
  for (const c of data.commands) {
    const officers = [...data.commanders.filter((x) => x.command === c.id), ...data.generals.filter((g) => g.command === c.id)].map((o) => officer(o.id, o.name));
    out.push({ id: c.id, side: c.side, kind: 'formation', formation: null, name: c.name, strength: 0, full: 0, fatigue: '—', quality: c.morale, officers });
  }
  for (const u of data.units) {
    out.push({ id: u.id, side: u.side, kind: 'unit', formation: u.command, name: u.name, strength: u.spStart, full: u.spStart, fatigue: fatigueState(u.spStart, u.levels), quality: u.quality, officers: [] });
  }
  for (const b of data.batteries) {
    const s = batteryStrength(b.condition ?? 'full', false);
    out.push({ id: b.id, side: b.side, kind: 'unit', formation: b.command, name: b.name, strength: s, full: PURSUIT_BATTERY_SP.full, fatigue: batteryWord(s), quality: BATTERY, officers: [] });
  }
  return out;
}

/**
 * A battle of the campaign: brigades start at their standing s.p. (their fatigue levels stay
 * those of their printed label, so a worn brigade starts worn), a damaged battery starts
 * damaged, lost pieces stay out. Pursuit is the aftermath's (CAMP-N1): off in the battle so it
 * is never rolled twice.
 */
export function nwSeed(data: NwScenarioData, settings: NwSettings, standing: ReadonlyMap<string, StandingUnit>, cs: NwCampaignSettings = NwCampaignSettingsSchema.parse({})): { data: NwScenarioData; settings: NwSettings } {
  // CAMP-N4 'as-printed': the officers fight as the scenario prints them, whatever befell them before.
  const officers = new Map(cs.officers === 'as-printed' ? [] : [...standing.values()].flatMap((u) => u.officers.map((o) => [o.id, o] as const)));
  // CAMP-N4: a general lost in an earlier battle is never replaced (L421); he and every reference to him stay out.
  const lostGenerals = new Set(data.generals.filter((g) => officers.get(g.id)?.status === 'lost').map((g) => g.id));
  const lost = new Set([...[...data.units, ...data.batteries].filter((x) => (standing.get(x.id)?.strength ?? 1) <= 0).map((x) => x.id), ...lostGenerals]);
  const keep = (id: string) => !lost.has(id);
  const detach = <T extends { readonly attachedTo: string | null }>(o: T): T => (o.attachedTo && lost.has(o.attachedTo) ? { ...o, attachedTo: null } : o);
  const seeded: NwScenarioData = {
    ...data,
    units: data.units.filter((u) => keep(u.id)).map((u) => ({ ...u, spStart: standing.get(u.id)?.strength ?? u.spStart })),
    batteries: data.batteries.filter((b) => keep(b.id)).map((b) => {
      const s = standing.get(b.id)?.strength;
      return detach(s === PURSUIT_BATTERY_SP.damaged ? { ...b, condition: 'damaged' as const } : b);
    }),
    commands: data.commands.map((c) => ({ ...c, units: c.units.filter(keep), batteries: c.batteries.filter(keep) })),
    commanders: data.commanders.map((c) => detach(replaced(c, officers.get(c.id)))),
    generals: data.generals.filter((g) => keep(g.id)).map(detach),
    reinforcements: data.reinforcements.map((r) => ({ ...r, pieces: r.pieces.filter(keep) })).filter((r) => r.pieces.length > 0),
  };
  return { data: seeded, settings: { ...settings, optional: { ...settings.optional, pursuit: false } } };
}

/** A commander's post as the standing order of battle holds it (CAMP-N4): the replacement's ratings and name, or the printed commander. */
function replaced<C extends Pick<NwCommander, 'name' | 'skill' | 'valorous' | 'rangeInches'>>(c: C, o: StandingOfficer | undefined): C {
  const r = o?.rating;
  if (!o || o.status !== 'replaced' || !r) return c;
  return {
    ...c, name: o.holder ?? c.name, skill: isSkill(r.skill) ? r.skill : c.skill,
    valorous: typeof r.valorous === 'boolean' ? r.valorous : c.valorous, rangeInches: typeof r.rangeInches === 'number' ? r.rangeInches : c.rangeInches,
  };
}

/**
 * CAMP-N4: the commanders and generals a battle lost, and who holds each post next. A commander
 * lost (awaiting his replacement at the end, or replaced during the battle) is followed by §11.7's
 * replacement (L421-423): the one who arrived in the battle, or the one who would have. A general
 * is lost for good (L421 "never replaced"). Ratings of a post already held by a replacement fall
 * again from his.
 */
function officersAfter(s: NwState, standing: readonly StandingUnit[], cs: NwCampaignSettings): { after: readonly StandingUnit[]; lines: string[] } {
  const lines: string[] = [];
  const next = new Map<string, StandingOfficer>();
  for (const u of standing) {
    for (const o of u.officers) {
      const c = s.commanders[o.id];
      if (c && (c.status === 'awaiting-replacement' || c.replacement)) {
        if (cs.officers === 'as-printed') { next.set(o.id, { ...o, status: 'replaced' }); lines.push(`${c.name} lost; his post is fielded as printed (officers as-printed)`); continue; }
        // Arrived in the battle: he is the replacement, ratings as he fought. Not yet: §11.7's replacement of the commander lost.
        const r = c.replacement ? { skill: c.skill, range: c.rangeInches } : replacementCommander(c.skill, c.rangeInches, c.baseRangeInches ?? 0);
        const holder = `${o.name}'s replacement`;
        next.set(o.id, { ...o, status: 'replaced', holder, rating: { skill: r.skill, valorous: false, rangeInches: r.range } });
        lines.push(`${c.name} lost; ${holder} takes his post: ${r.skill}, no V, ${r.range}" (§11.7 L421-423)`);
      } else if (s.generals[o.id]?.lost && o.status === 'present') {
        next.set(o.id, { ...o, status: 'lost' });
        lines.push(`${s.generals[o.id]!.name} lost, never replaced (§11.7 L421)${cs.officers === 'as-printed' ? '; fielded as printed (officers as-printed)' : ''}`);
      }
    }
  }
  const after = standing.map((u) => (u.officers.some((o) => next.has(o.id)) ? { ...u, officers: u.officers.map((o) => next.get(o.id) ?? o) } : u));
  return { after, lines };
}

/** Pursuit die modifiers of the ended battle: conditions.ts (L613-614, CAMP-N6). */
export { pursuitConditions };

interface Piece { readonly id: string; readonly side: string; readonly start: number; readonly end: number; readonly battery: boolean }

/** Every brigade and battery that fought: battle-start and battle-end strength. */
function piecesOf(s: NwState, standing: ReadonlyMap<string, StandingUnit>): Piece[] {
  const units = Object.values(s.units).map((u) => ({ id: u.id, side: u.side, start: u.spStart, end: u.removed ? 0 : u.sp, battery: false }));
  const batteries = Object.values(s.batteries).map((b) => ({
    id: b.id, side: b.side, start: standing.get(b.id)?.strength ?? PURSUIT_BATTERY_SP.full, end: batteryStrength(b.condition, b.removed), battery: true,
  }));
  return [...units, ...batteries].filter((p) => standing.has(p.id));
}

/** The aftermath of an ended NW battle (Optional §1.0-2.0 L605-618, CAMP-N1…N6). */
export function nwAftermath(s: NwState, standing: readonly StandingUnit[], cs: NwCampaignSettings, dice: Dice): Aftermath {
  if (!s.ended) throw new RangeError('NW aftermath: the battle has not ended');
  const byId = new Map(standing.map((u) => [u.id, u]));
  const pieces = piecesOf(s, byId);
  const strength = new Map(pieces.map((p) => [p.id, p.end]));
  const cap = new Map(pieces.map((p) => [p.id, p.start]));
  const events: GameEvent[] = [];
  const lines: string[] = [];
  const name = (side: string) => s.sides.find((x) => x.id === side)?.name ?? side;
  const ofSide = (side: string, battery: boolean) => pieces.filter((p) => p.side === side && p.battery === battery).map((p) => p.id);
  const lostBy = (side: string) => pieces.filter((p) => p.side === side).reduce((n, p) => n + p.start - (strength.get(p.id) ?? 0), 0);
  const [a, b] = s.sides;
  if (!a || !b) throw new RangeError('NW aftermath: a battle needs two sides');
  const winner = s.ended.winner;
  const loser = winner === null ? null : winner === a.id ? b.id : a.id;

  // Optional §1.0: pursuit, when one army broke (§13.0 L439) and its light cavalry is outnumbered.
  if (winner !== null && loser !== null && cs.pursuit && s.armies[loser]?.broken && !s.armies[winner]?.broken) {
    const v = assessVictory({ a: armyStateOf(s, a.id), b: armyStateOf(s, b.id) }, s.settings).result;
    const w = winner === a.id ? 'a' : 'b';
    const inPlay: NwSettings = { ...s.settings, optional: { ...s.settings.optional, pursuit: true } };
    const p = rollPursuit({
      winner, loser, winnerLightCavalrySp: v.lightCavalrySp[w], loserLightCavalrySp: v.lightCavalrySp[w === 'a' ? 'b' : 'a'],
      conditions: pursuitConditions(s), winnerLostSp: 0, loserLostSp: 0,
    }, inPlay, dice);
    // The final-losses note of rollPursuit is for the battle alone; the campaign's follows below.
    events.push(...p.events.filter((e) => !(e.kind === 'note' && (e.rule ?? '').startsWith(FINAL_LOSS_RULE))));
    if (p.result.pursuitSp > 0) {
      // L609 "Losses are chosen by the defeated": placed by the umpire (CAMP-N2), brigades first.
      const before = new Map(strength);
      const taken = takeLargestFirst(strength, ofSide(loser, false), p.result.pursuitSp);
      const more = takeLargestFirst(strength, ofSide(loser, true), p.result.pursuitSp - taken);
      const hit = pieces.filter((x) => strength.get(x.id)! < before.get(x.id)!).map((x) => `${byId.get(x.id)?.name ?? x.id} −${before.get(x.id)! - strength.get(x.id)!}`);
      events.push({ kind: 'note', rule: `${PURSUIT_RULE} L609 (CAMP-N2)`, text: `pursuit losses placed largest first: ${hit.join(', ')}${taken + more < p.result.pursuitSp ? ` (${p.result.pursuitSp - taken - more} s.p. found nothing left to take)` : ''}` });
      lines.push(`Pursuit costs ${name(loser)} ${taken + more} s.p.`);
    } else {
      lines.push(`${name(winner)} could not pursue.`);
    }
  }

  // Optional §2.0 L618: final losses. A draw (no winner) regains by CAMP-N5.
  if (cs.finalLosses) {
    const regained = new Map<string, number>();
    if (winner !== null && loser !== null) {
      const fl = finalLosses(lostBy(winner), lostBy(loser), s.settings);
      regained.set(winner, fl.winner.regained);
      regained.set(loser, fl.loser.regained);
    } else if (cs.drawRegain !== 'none') {
      const [num, den] = cs.drawRegain === 'third' ? [1, 3] : [1, 2];
      for (const side of [a.id, b.id]) regained.set(side, nwRound(lostBy(side) * num, den, s.settings.rounding.mode));
    }
    const parts: string[] = [];
    for (const side of [a.id, b.id]) {
      const lost = lostBy(side);
      const n = regained.get(side) ?? 0;
      // CAMP-N3: regained s.p. go back to the pieces that lost most, never above their battle-start strength.
      const placed = returnLargestLossFirst(strength, cap, [...ofSide(side, false), ...ofSide(side, true)], n);
      parts.push(`${name(side)} lost ${lost} s.p., regains ${placed} → ${lost - placed}`);
    }
    const share = winner === null ? `draw: each side regains ${cs.drawRegain === 'none' ? 'nothing' : cs.drawRegain === 'third' ? '⅓' : '½'} (CAMP-N5)` : `${name(winner)} regains ⅓, ${name(loser!)} ½`;
    events.push({ kind: 'note', rule: `${FINAL_LOSS_RULE} L618`, text: `final losses (${share}): ${parts.join('; ')}` });
    lines.push(`Final losses: ${parts.join('; ')}.`);
  }

  const officers = officersAfter(s, standing, cs);
  const after = officers.after.map((u): StandingUnit => {
    if (!strength.has(u.id)) return u;
    const n = strength.get(u.id)!;
    const unit = s.units[u.id];
    const fatigue = unit ? fatigueState(n, unit.levels) : batteryWord(n);
    return { ...u, strength: n, fatigue };
  });
  if (officers.lines.length) {
    events.push({ kind: 'note', rule: 'NW §11.7 L421-423 (CAMP-N4)', text: `officers: ${officers.lines.join('; ')}` });
    lines.push(`Officers: ${officers.lines.join('; ')} (CAMP-N4).`);
  }
  return { standing: after, events, summary: lines.join(' ') || 'No after-battle changes.' };
}

/** What an NW game carries for campaigns (`Ruleset.campaign`). */
export const nwCampaign: CampaignRules<NwState, NwSettings, NwScenarioData, NwCampaignSettings> = {
  afterBattle: 'NW Optional §1.0 Pursuit and §2.0 Final Loss Calculations (L605-618)',
  settings: {
    schema: NwCampaignSettingsSchema,
    parse(raw) {
      const r = NwCampaignSettingsSchema.safeParse(raw ?? {});
      return r.success ? ok(r.data) : err({ code: 'campaign/settings', message: `NW campaign settings: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`, hint: 'Keys: pursuit (true/false), finalLosses (true/false), drawRegain (third, half, none), officers (replace, as-printed).' });
    },
    lines: (cs) => [
      { key: 'pursuit', value: String(cs.pursuit), default: 'true', ruling: 'CAMP-N1', allowed: 'true, false' },
      { key: 'finalLosses', value: String(cs.finalLosses), default: 'true', ruling: 'Optional §2.0 L618', allowed: 'true, false' },
      { key: 'drawRegain', value: cs.drawRegain, default: 'third', ruling: 'CAMP-N5', allowed: 'third, half, none' },
      { key: 'officers', value: cs.officers, default: 'replace', ruling: 'CAMP-N4', allowed: 'replace, as-printed' },
    ],
  },
  orderOfBattle: nwOrderOfBattle,
  seed: nwSeed,
  aftermath: nwAftermath,
  // CAMP-P4: brigades on 3" square bases (L9) a 1" gap apart; CAMP-P1: a zone reaches 6" (600 yd, L19) past the scenario's deployment.
  placement: { frontage: 4, depth: 4, zoneMargin: 6, basis: 'NW L9: brigades on 3" square bases, placed 4" apart, lines 4" deep (CAMP-P4)' },
  hidesEnemyStrength: true,
};
