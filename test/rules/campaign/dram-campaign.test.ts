import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../src/dice/dice';
import { sideTotals } from '../../../src/rules/campaign/changes';
import { dramAftermath, dramCampaign, dramOrderOfBattle, dramSeed, DramCampaignSettingsSchema } from '../../../src/rules/dram/campaign';
import { DramSettingsSchema } from '../../../src/rules/dram/settings';
import { buildDramState } from '../../../src/rules/dram/setup';
import type { DramState, GeneralStatus } from '../../../src/rules/dram/state';
import { generateBattle } from '../../helpers/dram-battle';

const data = generateBattle({ seed: 1, corpsPerSide: 2, standsPerCorps: 2, turns: 3 });
const settings = DramSettingsSchema.parse({});
const standing = dramOrderOfBattle(data);
const CS = DramCampaignSettingsSchema.parse({});

function ended(sp: Record<string, number>, generals: Record<string, GeneralStatus> = {}): DramState {
  const s = buildDramState(data, settings);
  return {
    ...s, phase: 'ended', ended: { winner: 'fr', summary: 'test' },
    stands: Object.fromEntries(Object.values(s.stands).map((x) => [x.id, { ...x, sp: sp[x.id] ?? x.sp, removed: (sp[x.id] ?? x.sp) <= 0 }])),
    generals: Object.fromEntries(Object.values(s.generals).map((g) => [g.id, { ...g, status: generals[g.id] ?? g.status }])),
  };
}

describe('DRAM order of battle and seed (CAMP-D3)', () => {
  it('army commanders and corps as formations with their generals, stands at their SP', () => {
    expect(standing.filter((u) => u.kind === 'formation').map((u) => u.id)).toEqual(['fr-army', 'pr-army', 'fr-c1', 'fr-c2', 'pr-c1', 'pr-c2']);
    expect(standing.find((u) => u.id === 'fr-c1')!.officers).toEqual([{ id: 'fr-c1-gen', name: expect.any(String), status: 'present' }]);
    expect(standing.find((u) => u.id === 'fr-c1-d1')).toMatchObject({ kind: 'unit', formation: 'fr-c1', strength: 6, full: 6, quality: 'infantry' });
  });

  it('stands enter at their standing SP with their full establishment as starting value (§3 L49, §9 L150); lost stands stay out', () => {
    const m = new Map(standing.map((u) => [u.id, u]));
    m.set('fr-c1-d1', { ...m.get('fr-c1-d1')!, strength: 2 });
    m.set('pr-c1-d2', { ...m.get('pr-c1-d2')!, strength: 0 });
    const seeded = dramSeed(data, settings, m);
    const s = buildDramState(seeded.data, seeded.settings);
    expect(s.stands['fr-c1-d1']).toMatchObject({ sp: 2, spStart: 6 });
    expect(s.stands['pr-c1-d2']).toBeUndefined();
    expect(s.corps['pr-c1']!.stands).toEqual(['pr-c1-d1']);
    expect(seeded.settings).toBe(settings);
  });
});

describe('DRAM aftermath: the recovery ruling (CAMP-D1, CAMP-D2; the text has none)', () => {
  // French lose 6→2 (4) and 5→5; Prussians lose 3→0 (3, removed) and 5→1 (4).
  const state = ended({ 'fr-c1-d1': 2, 'pr-c1-d1': 0, 'pr-c1-d2': 1 }, { 'pr-c1-gen': 'dead', 'fr-army': 'fled' });

  it('half the SP each side lost returns, rounded down, to the stands that lost most, never above their battle-start SP', () => {
    const a = dramAftermath(state, standing, CS);
    expect(a.events[0]).toEqual({ kind: 'note', rule: 'CAMP-D1 (DRAM has no after-battle rule)', text: 'recovery (0.5 of the SP lost returns): French lost 4 SP, 2 return → 2; Prussians lost 7 SP, 3 return → 4' });
    expect(a.standing.find((u) => u.id === 'fr-c1-d1')!.strength).toBe(4);
    // Prussians: 3 SP return one at a time to the largest gap: d2 (gap 4) → 2; d1 (gap 3, first in order) → 1; d2 (gap 3) → 3.
    expect(a.standing.filter((u) => u.side === 'pr' && u.kind === 'unit').map((u) => u.strength)).toEqual([1, 3, 5, 3]);
    expect(sideTotals(a.standing, ['fr', 'pr'])).toEqual({ fr: 17 - 2, pr: 16 - 4 });
  });

  it('generals who left the field are replaced (default) or their post marked vacant (CAMP-D2)', () => {
    const replaced = dramAftermath(state, standing, CS);
    expect(replaced.standing.find((u) => u.id === 'pr-c1')!.officers[0]!.status).toBe('replaced');
    expect(replaced.standing.find((u) => u.id === 'fr-army')!.officers[0]!.status).toBe('replaced');
    expect(replaced.summary).toContain('Generals:');
    const vacant = dramAftermath(state, standing, { ...CS, officers: 'vacant' });
    expect(vacant.standing.find((u) => u.id === 'pr-c1')!.officers[0]!.status).toBe('lost');
  });

  it('share 0 keeps every loss; share 1 returns them all; a bad share is refused with a hint', () => {
    expect(sideTotals(dramAftermath(state, standing, { ...CS, recoveryShare: 0 }).standing, ['fr', 'pr'])).toEqual({ fr: 13, pr: 9 });
    expect(sideTotals(dramAftermath(state, standing, { ...CS, recoveryShare: 1 }).standing, ['fr', 'pr'])).toEqual({ fr: 17, pr: 16 });
    const bad = dramCampaign.settings.parse({ recoveryShare: 2 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.hint).toContain('recoveryShare');
  });

  it('rolls no dice (the record\'s aftermath through the contract)', () => {
    const dice = scriptedDice([]);
    expect(dramCampaign.aftermath(state, standing, CS, dice).standing).toHaveLength(standing.length);
    expect(dice.remaining).toBe(0);
  });
});
