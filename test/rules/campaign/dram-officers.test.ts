/**
 * DRAM generals across a campaign (CAMP-D2, CAMP-D4). dram-mk4.txt replaces a general only
 * within the battle (§6 L90: a corps general's staff takes over at CR 0, AP 1); between battles
 * the ruling fields a successor one CR lower (a setting), or the staff where the post is vacant.
 */
import { describe, expect, it } from 'vitest';
import type { StandingUnit } from '../../../src/rules/campaign/types';
import { dramAftermath, dramCampaign, dramOrderOfBattle, dramSeed, DramCampaignSettingsSchema, successor } from '../../../src/rules/dram/campaign';
import { DramSettingsSchema } from '../../../src/rules/dram/settings';
import { buildDramState } from '../../../src/rules/dram/setup';
import type { DramState, General, GeneralStatus } from '../../../src/rules/dram/state';
import { generateBattle } from '../../helpers/dram-battle';

const data = generateBattle({ seed: 1, corpsPerSide: 2, standsPerCorps: 2, turns: 3 });
const settings = DramSettingsSchema.parse({});
const standing = dramOrderOfBattle(data);
const CS = DramCampaignSettingsSchema.parse({});

function ended(from: DramState, generals: Record<string, Partial<General> & { status: GeneralStatus }>): DramState {
  return { ...from, phase: 'ended', ended: { winner: 'fr', summary: 'test' }, generals: Object.fromEntries(Object.values(from.generals).map((g) => [g.id, { ...g, ...generals[g.id] }])) };
}
const officer = (units: readonly StandingUnit[], id: string) => units.flatMap((u) => u.officers).find((o) => o.id === id)!;
const byId = (units: readonly StandingUnit[]) => new Map(units.map((u) => [u.id, u]));

describe('DRAM generals in a campaign (CAMP-D2, CAMP-D4)', () => {
  const s0 = buildDramState(data, settings);
  const gen = s0.generals['pr-c1-gen']!;

  it('successor rows: CR one lower (replacementCrLoss 1), never below 0; AP kept; vacant = the staff of §6 L90 (CR 0, AP 1)', () => {
    const rows: [number, number, number, 'replace' | 'vacant', number, number][] = [
      // cr, ap, loss, officers → cr, ap
      [2, 3, 1, 'replace', 1, 3],
      [1, 2, 1, 'replace', 0, 2],
      [0, 2, 1, 'replace', 0, 2],
      [3, 1, 2, 'replace', 1, 1],
      [2, 3, 0, 'replace', 2, 3],
      [2, 3, 1, 'vacant', 0, 1],
    ];
    for (const [cr, ap, loss, officers, crNext, apNext] of rows) {
      expect(successor({ name: 'Ziethen', cr, ap }, { ...CS, officers, replacementCrLoss: loss }).rating, `${cr}/${ap} −${loss} ${officers}`).toEqual({ cr: crNext, ap: apNext });
    }
    expect(successor({ name: 'Ziethen', cr: 2, ap: 3 }, CS)).toMatchObject({ status: 'replaced', holder: 'Ziethen\'s successor' });
    expect(successor({ name: 'Ziethen', cr: 2, ap: 3 }, { ...CS, officers: 'vacant' })).toMatchObject({ status: 'lost', holder: 'Ziethen\'s staff' });
  });

  it('a dead corps general: recorded with his successor, narrated, and the next battle fields him', () => {
    const a = dramAftermath(ended(s0, { 'pr-c1-gen': { status: 'dead' } }), standing, CS);
    const o = officer(a.standing, 'pr-c1-gen');
    expect(o).toEqual({ id: 'pr-c1-gen', name: gen.name, status: 'replaced', holder: `${gen.name}'s successor`, rating: { cr: Math.max(0, gen.cr - 1), ap: gen.ap } });
    expect(a.events.find((e) => e.kind === 'note' && e.rule === 'CAMP-D2, CAMP-D4')).toBeDefined();
    expect(a.summary).toContain(`${gen.name} dead → ${gen.name}'s successor CR ${Math.max(0, gen.cr - 1)}`);
    const s1 = buildDramState(dramSeed(data, settings, byId(a.standing)).data, settings);
    expect(s1.generals['pr-c1-gen']).toMatchObject({ name: `${gen.name}'s successor`, cr: Math.max(0, gen.cr - 1), ap: gen.ap, status: 'present' });
    expect(s1.generals['fr-c1-gen']).toMatchObject({ cr: s0.generals['fr-c1-gen']!.cr });
  });

  it('a successor who falls in turn is followed by one lower again; the post keeps its first holder\'s name', () => {
    const strong = { ...s0, generals: { ...s0.generals, 'pr-c1-gen': { ...gen, cr: 3 } } };
    const first = dramAftermath(ended(strong, { 'pr-c1-gen': { status: 'fled' } }), standing, CS);
    const s1 = buildDramState(dramSeed(data, settings, byId(first.standing)).data, settings);
    expect(s1.generals['pr-c1-gen']!.cr).toBe(2);
    const second = dramAftermath(ended(s1, { 'pr-c1-gen': { status: 'mortally-wounded' } }), first.standing, CS);
    expect(officer(second.standing, 'pr-c1-gen')).toMatchObject({ holder: `${gen.name}'s successor`, rating: { cr: 1 } });
  });

  it('a light wound (§6 L86) that left him at his post changes nothing between battles; the in-battle staff (L90) is no campaign officer', () => {
    const a = dramAftermath(ended(s0, { 'fr-c1-gen': { status: 'present', cr: 0 } }), standing, CS);
    expect(officer(a.standing, 'fr-c1-gen')).toEqual({ id: 'fr-c1-gen', name: s0.generals['fr-c1-gen']!.name, status: 'present' });
  });

  it('the setting is listed with its ruling and a bad value refused with a hint', () => {
    expect(dramCampaign.settings.lines(CS)).toContainEqual(expect.objectContaining({ key: 'replacementCrLoss', value: '1', ruling: 'CAMP-D4' }));
    const bad = dramCampaign.settings.parse({ replacementCrLoss: 5 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.hint).toContain('replacementCrLoss');
  });
});
