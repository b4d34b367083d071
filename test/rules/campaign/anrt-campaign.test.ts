import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../src/dice/dice';
import { anrtAftermath, anrtCampaign, anrtOrderOfBattle, anrtSeed, AnrtCampaignSettingsSchema, destroyedSize, shrink, standingSize } from '../../../src/rules/anrt/campaign';
import { anrt } from '../../../src/rules/anrt/index';
import { buildAnrtState, type AnrtScenarioData } from '../../../src/rules/anrt/scenario';
import type { AnrtState, AnrtUnit } from '../../../src/rules/anrt/state';
import { AFTER_BATTLE } from '../../../src/rules/anrt/tables/generals';
import { anrtSettings, anrtTeaching, playAnrt } from '../../helpers/anrt-game';
import { rulesText } from '../../helpers/rules-text';

const TEXT = readFileSync(rulesText('a-near-run-thing.txt'), 'utf8').split('\n');
const at = (line: number) => TEXT[line - 1]!;
const settings = anrtSettings();
const data: AnrtScenarioData = anrtTeaching(settings);
const standing = anrtOrderOfBattle(data);
const CS = AnrtCampaignSettingsSchema.parse({});

/** An ended battle: units at the given hits (0 = destroyed, with how its last hit came), generals dead. */
function ended(hits: Record<string, number | [0, 'contact' | 'other']>, dead: string[] = []): AnrtState {
  const s = buildAnrtState(data, settings);
  const unit = (u: AnrtUnit): AnrtUnit => {
    const h = hits[u.id];
    if (h === undefined) return u;
    if (Array.isArray(h)) return { ...u, hits: 0, gone: true, lastHit: h[1] };
    return { ...u, hits: h, gone: h === 0 };
  };
  return {
    ...s, step: 'ended', ended: { winner: 'french', summary: 'test' },
    units: Object.fromEntries(Object.values(s.units).map((u) => [u.id, unit(u)])),
    generals: Object.fromEntries(Object.values(s.generals).map((g) => [g.id, { ...g, alive: !dead.includes(g.id) }])),
  };
}
const unitOf = (a: { standing: readonly { id: string }[] }, id: string) => a.standing.find((u) => u.id === id) as (typeof standing)[number];

describe('§XVIII as data, against the text', () => {
  it('L1124: three hits per hour, per division; all hits may be recovered', () => {
    expect(at(1124)).toContain('at the rate of three hits per hour, per division');
    expect(at(1124)).toContain('may recover all of their hits');
    expect(AFTER_BATTLE.regroupHitsPerHour).toBe(3);
  });
  it('L1129: last hit with the enemy in contact: two sizes; L1131: other causes: one size', () => {
    expect(at(1129)).toContain('with enemy in contact : reduce by two sizes');
    expect(at(1131)).toContain('from other causes : reduce by one size');
    expect(destroyedSize({ size: 'large', lastHit: 'contact' })).toEqual({ size: 'small', steps: 2, line: 'L1129' });
    expect(destroyedSize({ size: 'large', lastHit: 'other' })).toEqual({ size: 'normal', steps: 1, line: 'L1131' });
    // A unit destroyed before the cause was recorded counts as "other causes".
    expect(destroyedSize({ size: 'normal' })).toEqual({ size: 'small', steps: 1, line: 'L1131' });
  });
  it('L1134: reduced beyond "very small" it is permanently eliminated (every size, both steps)', () => {
    expect(at(1134)).toContain('beyond “very small” is permanently eliminated');
    expect([shrink('large', 1), shrink('normal', 1), shrink('small', 1), shrink('very-small', 1)]).toEqual(['normal', 'small', 'very-small', null]);
    expect([shrink('large', 2), shrink('normal', 2), shrink('small', 2), shrink('very-small', 2)]).toEqual(['small', 'very-small', null, null]);
  });
});

describe('ANRT order of battle and seed', () => {
  it('army general, divisions with their generals and brigadiers, units at their hits and "<class> <size>"', () => {
    expect(standing.filter((u) => u.kind === 'formation').map((u) => u.id)).toEqual(expect.arrayContaining(['lagrange', 'fr-d1', 'fr-d2', 'fr-cav']));
    expect(standing.find((u) => u.id === 'fr-d1')!.officers.map((o) => o.id)).toEqual(['fr-d1-gen', 'fr-b1-gen', 'fr-b2-gen']);
    expect(standing.find((u) => u.id === 'fr-1-13l')).toMatchObject({ kind: 'unit', formation: 'fr-d1', strength: 5, full: 5, quality: 'veteran normal' });
    expect(standingSize({ quality: 'veteran normal' })).toBe('normal');
    expect(standingSize({ quality: 'average eliminated' })).toBeNull();
  });

  it('units enter at their standing hits and size (L198 maximum), lost and eliminated units stay out, a replaced general under his holder', () => {
    const m = new Map(standing.map((u) => [u.id, u]));
    m.set('fr-1-13l', { ...m.get('fr-1-13l')!, strength: 4, full: 4, quality: 'veteran small' });
    m.set('fr-2-13l', { ...m.get('fr-2-13l')!, strength: 0 });
    m.set('fr-1-17', { ...m.get('fr-1-17')!, strength: 3, quality: 'average eliminated' });
    m.set('fr-d1', { ...m.get('fr-d1')!, officers: m.get('fr-d1')!.officers.map((o) => (o.id === 'fr-d1-gen' ? { ...o, status: 'replaced' as const, holder: "Morand's replacement" } : o)) });
    const seeded = anrtSeed(data, settings, m);
    const s = buildAnrtState(seeded.data, seeded.settings);
    expect(s.units['fr-1-13l']).toMatchObject({ hits: 4, maxHits: 4, size: 'small' });
    expect(s.units['fr-2-13l']).toBeUndefined();
    expect(s.units['fr-1-17']).toBeUndefined();
    expect(s.seats.flatMap((x) => x.commands)).not.toContain('fr-2-13l');
    expect(s.generals['fr-d1-gen']!.name).toBe("Morand's replacement");
    expect(seeded.settings).toBe(settings);
  });
});

describe('ANRT aftermath by §XVIII (CAMP-A1…A4)', () => {
  // fr-d1: 1/13L 5→2 (3 lost), 2/13L 4→1 (3 lost), 2/17 (inferior, 3) destroyed in contact, battery 4→4.
  const state = ended({ 'fr-1-13l': 2, 'fr-2-13l': 1, 'fr-2-17': [0, 'contact'], 'fr-1-33': [0, 'other'] }, ['fr-d1-gen']);

  it('CAMP-A1 default 4 hours: 12 hits a division, all lost hits of the survivors back (L1124)', () => {
    const a = anrtAftermath(state, standing, CS);
    expect(unitOf(a, 'fr-1-13l')).toMatchObject({ strength: 5, full: 5 });
    expect(unitOf(a, 'fr-2-13l')).toMatchObject({ strength: 4, full: 4 });
    expect(a.events[0]).toMatchObject({ kind: 'note', rule: 'ANRT §XVIII L1124-1134, CAMP-A1 (4 h rest: 12 hits a division)' });
  });

  it('1 hour (3 hits): the unit that lost most first, ties by order of battle; a destroyed unit needs its original hits (L1127, CAMP-A2)', () => {
    const a = anrtAftermath(state, standing, { ...CS, restHours: 1 });
    // Gaps 3 and 3: 1/13L → 3, 2/13L → 2, 1/13L → 4 … one at a time: 3 hits placed.
    expect(unitOf(a, 'fr-1-13l').strength + unitOf(a, 'fr-2-13l').strength).toBe(2 + 1 + 3);
    // 2/17 needs 3 hits and none are left: not regrouped, but its size is still lost.
    expect(unitOf(a, 'fr-2-17')).toMatchObject({ strength: 0, quality: 'inferior very-small' });
    expect(a.events[0]!.kind === 'note' && a.events[0]!.text).toContain('2/17e Ligne not regrouped (needs 3 hits, 0 left)');
  });

  it('destroyed in contact: two sizes (L1129); by fire: one size (L1131); regrouped at the new size\'s hits (L198)', () => {
    const a = anrtAftermath(state, standing, { ...CS, restHours: 4 });
    // fr-d1: 6 hits to survivors, 3 to 2/17 (inferior normal → two sizes → very small: 4 −1 −1 = 2 hits).
    expect(unitOf(a, 'fr-2-17')).toMatchObject({ strength: 2, full: 2, quality: 'inferior very-small' });
    // fr-d2: 1/33 average normal destroyed by fire → small: 3 hits.
    expect(unitOf(a, 'fr-1-33')).toMatchObject({ strength: 3, full: 3, quality: 'average small' });
  });

  it('beyond very small: permanently eliminated (L1134), whatever the rest', () => {
    const small = ended({ 'fr-2-17': [0, 'contact'] });
    const m = standing.map((u) => (u.id === 'fr-2-17' ? { ...u, quality: 'inferior small' } : u));
    const s2 = { ...small, units: { ...small.units, 'fr-2-17': { ...small.units['fr-2-17']!, size: 'small' as const } } };
    const a = anrtAftermath(s2, m, { ...CS, restHours: 48 });
    expect(unitOf(a, 'fr-2-17')).toMatchObject({ strength: 0, quality: 'inferior eliminated' });
    expect(a.summary).toContain('eliminated');
  });

  it('0 hours keeps every loss; a unit off the table with hits left is not destroyed (CAMP-A3)', () => {
    const a = anrtAftermath(state, standing, { ...CS, restHours: 0 });
    expect(unitOf(a, 'fr-1-13l').strength).toBe(2);
    const off = ended({});
    const s3 = { ...off, units: { ...off.units, 'fr-6ch': { ...off.units['fr-6ch']!, gone: true, hits: 2 } } };
    expect(unitOf(anrtAftermath(s3, standing, CS), 'fr-6ch')).toMatchObject({ strength: 4, quality: 'average normal' });
  });

  it('a general killed or badly wounded is replaced (default) or his post left vacant (CAMP-A4)', () => {
    const r = anrtAftermath(state, standing, CS);
    expect(unitOf(r, 'fr-d1').officers[0]).toMatchObject({ id: 'fr-d1-gen', status: 'replaced', holder: "Général Morand's replacement" });
    expect(r.summary).toContain('Generals:');
    expect(unitOf(anrtAftermath(state, standing, { ...CS, officers: 'vacant' }), 'fr-d1').officers[0]!.status).toBe('lost');
  });

  it('refuses an unended battle and bad settings with a hint; rolls no dice through the record', () => {
    expect(() => anrtAftermath(buildAnrtState(data, settings), standing, CS)).toThrow(RangeError);
    const bad = anrtCampaign.settings.parse({ restHours: -1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.hint).toContain('restHours');
    const dice = scriptedDice([]);
    expect(anrt.campaign!.aftermath(state, standing, CS, dice).standing).toHaveLength(standing.length);
  });
});

describe('the battle records how a destroyed unit lost its last hit (for §XVIII L1129-1131)', () => {
  it('melee (§XI) and caught evaders (L620) are "contact"; fire (§IX) is "other"; units still standing carry none', () => {
    let checked = 0;
    for (const seed of [1, 2, 3]) {
      const p = playAnrt(data, settings, seed, seed.toString(16).padStart(64, 'a'));
      const last = new Map<string, string>();
      for (const e of p.events.flat()) if (e.kind === 'loss' && e.remaining === 0) last.set(e.unit, e.rule ?? '');
      // Guns lost with hits left: overrun (§XVI, ANRT-G1), their sheltering gunners lost with their host (L406), regimental guns lost with their battalion (§XVII): all "contact".
      const lostGuns = new Set(p.events.flat().flatMap((e) => (e.kind === 'removed' && /^ANRT (§XVI|L406|§XVII)/.test(e.rule ?? '') ? [e.unit] : [])));
      for (const u of Object.values(p.final.units)) {
        if (lostGuns.has(u.id)) { expect(u.lastHit, u.id).toBe('contact'); continue; }
        // Regimental guns have no hits of their own (L1079): standing, they carry none.
        if (u.hits > 0 || (u.parent && !u.gone)) { expect(u.lastHit, u.id).toBeUndefined(); continue; }
        checked += 1;
        expect(u.lastHit, u.id).toBe(last.get(u.id) === 'ANRT §IX' ? 'other' : 'contact');
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
