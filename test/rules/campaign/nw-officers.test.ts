/**
 * NW officers across a campaign (CAMP-N4): §11.7 L421-423 carried from one battle to the next.
 * A commander lost is followed by his replacement (one skill lower, no V, range −2" never below
 * his base); a general lost is never replaced (L421). Row by row against the text.
 */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../src/dice/dice';
import type { StandingUnit } from '../../../src/rules/campaign/types';
import { nwAftermath, nwCampaign, nwOrderOfBattle, nwSeed, NwCampaignSettingsSchema } from '../../../src/rules/nw/campaign';
import { buildNwState } from '../../../src/rules/nw/scenario';
import { NwSettingsSchema } from '../../../src/rules/nw/settings';
import type { NwCommander, NwState } from '../../../src/rules/nw/state';
import { generateNwBattle } from '../../helpers/nw-battle';

const data = generateNwBattle({ seed: 1, brigadesPerSide: 6, turns: 4 });
const CS = NwCampaignSettingsSchema.parse({});
const settings = NwSettingsSchema.parse({});
const standing = nwOrderOfBattle(data);

/** A draw after turn 2 (no pursuit dice) with the officers' fates given. */
function ended(from: NwState, commanders: Record<string, Partial<NwCommander>>, lostGenerals: string[] = []): NwState {
  return {
    ...from, turn: 2, phase: 'ended', ended: { winner: null, summary: 'test' },
    commanders: Object.fromEntries(Object.values(from.commanders).map((c) => [c.id, { ...c, ...commanders[c.id] }])),
    generals: Object.fromEntries(Object.values(from.generals).map((g) => [g.id, { ...g, lost: lostGenerals.includes(g.id) }])),
  };
}
const officer = (units: readonly StandingUnit[], id: string) => units.flatMap((u) => u.officers).find((o) => o.id === id)!;
const byId = (units: readonly StandingUnit[]) => new Map(units.map((u) => [u.id, u]));

describe('NW officers in a campaign (§11.7 L421-423, CAMP-N4)', () => {
  const s0 = buildNwState(data, settings);

  it('a commander lost and not yet replaced at the end: his replacement is one skill lower, loses his V, range −2" (L423)', () => {
    // fr-cav-gen: Good, V, 7" (base 4) → Average, no V, 5".
    const a = nwAftermath(ended(s0, { 'fr-cav-gen': { status: 'awaiting-replacement', replacementTurn: 3 } }), standing, CS, scriptedDice([]));
    expect(officer(a.standing, 'fr-cav-gen')).toEqual({ id: 'fr-cav-gen', name: 'French cavalry commander', status: 'replaced', holder: 'French cavalry commander\'s replacement', rating: { skill: 'average', valorous: false, rangeInches: 5 } });
    const note = a.events.find((e) => e.kind === 'note' && (e.rule ?? '').includes('CAMP-N4'));
    expect(note).toMatchObject({ rule: 'NW §11.7 L421-423 (CAMP-N4)' });
    expect(a.summary).toContain('French cavalry commander\'s replacement takes his post: average, no V, 5"');
  });

  it('a commander whose replacement arrived in the battle: that replacement keeps the post, ratings as he fought', () => {
    const a = nwAftermath(ended(s0, { 'al-c1-gen': { status: 'in-command', replacement: true, skill: 'average', valorous: false, rangeInches: 6 } }), standing, CS, scriptedDice([]));
    expect(officer(a.standing, 'al-c1-gen')).toMatchObject({ status: 'replaced', rating: { skill: 'average', valorous: false, rangeInches: 6 } });
  });

  it('range never falls below the commander\'s base (L423); a Poor replacement stays Poor (HR NT-4); a second loss falls from the replacement', () => {
    const poorAtBase = nwAftermath(ended(s0, { 'fr-c1-gen': { status: 'awaiting-replacement', skill: 'poor', rangeInches: 5 } }), standing, CS, scriptedDice([]));
    expect(officer(poorAtBase.standing, 'fr-c1-gen').rating).toEqual({ skill: 'poor', valorous: false, rangeInches: 4 });
    // Battle 2 fields the replacement (average, 5"); he is lost too → poor, 4" (base).
    const first = nwAftermath(ended(s0, { 'fr-cav-gen': { status: 'awaiting-replacement' } }), standing, CS, scriptedDice([]));
    const s1 = buildNwState(nwSeed(data, settings, byId(first.standing), CS).data, settings);
    const second = nwAftermath(ended(s1, { 'fr-cav-gen': { status: 'awaiting-replacement' } }), first.standing, CS, scriptedDice([]));
    expect(officer(second.standing, 'fr-cav-gen').rating).toEqual({ skill: 'poor', valorous: false, rangeInches: 4 });
  });

  it('a general lost is never replaced (L421): marked lost, and the next battle leaves him out', () => {
    const a = nwAftermath(ended(s0, {}, ['fr-c1-div1']), standing, CS, scriptedDice([]));
    expect(officer(a.standing, 'fr-c1-div1').status).toBe('lost');
    expect(a.summary).toContain('never replaced (§11.7 L421)');
    const s1 = buildNwState(nwSeed(data, settings, byId(a.standing), CS).data, settings);
    expect(s1.generals['fr-c1-div1']).toBeUndefined();
    expect(s1.generals['al-c1-div1']).toBeDefined();
    expect(s1.seats.find((x) => x.side === 'fr')!.commands).not.toContain('fr-c1-div1');
  });

  it('the next battle fields the replacement: his name, skill, no V, range', () => {
    const a = nwAftermath(ended(s0, { 'fr-cav-gen': { status: 'awaiting-replacement' } }), standing, CS, scriptedDice([]));
    const s1 = buildNwState(nwSeed(data, settings, byId(a.standing), CS).data, settings);
    expect(s1.commanders['fr-cav-gen']).toMatchObject({ name: 'French cavalry commander\'s replacement', skill: 'average', valorous: false, rangeInches: 5, status: 'in-command' });
    expect(s1.commanders['al-cav-gen']).toMatchObject({ skill: 'good', valorous: true, rangeInches: 7 });
  });

  it('officers as-printed: losses are recorded, the next battle fields the scenario\'s officers unchanged', () => {
    const cs = { ...CS, officers: 'as-printed' as const };
    const a = nwAftermath(ended(s0, { 'fr-cav-gen': { status: 'awaiting-replacement' } }, ['fr-c1-div1']), standing, cs, scriptedDice([]));
    expect(officer(a.standing, 'fr-cav-gen')).toEqual({ id: 'fr-cav-gen', name: 'French cavalry commander', status: 'replaced' });
    expect(officer(a.standing, 'fr-c1-div1').status).toBe('lost');
    const s1 = buildNwState(nwSeed(data, settings, byId(a.standing), cs).data, settings);
    expect(s1.commanders['fr-cav-gen']).toMatchObject({ skill: 'good', valorous: true, rangeInches: 7 });
    expect(s1.generals['fr-c1-div1']).toBeDefined();
  });

  it('the setting is listed with its ruling and refused with a hint when bad', () => {
    expect(nwCampaign.settings.lines(CS)).toContainEqual(expect.objectContaining({ key: 'officers', value: 'replace', ruling: 'CAMP-N4' }));
    const bad = nwCampaign.settings.parse({ officers: 'promote' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.hint).toContain('officers (replace, as-printed)');
  });
});
