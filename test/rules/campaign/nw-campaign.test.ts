import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../src/dice/dice';
import { matchOrderOfBattle } from '../../../src/rules/campaign/match';
import { sideTotals } from '../../../src/rules/campaign/changes';
import type { StandingUnit } from '../../../src/rules/campaign/types';
import { nwAftermath, nwCampaign, nwOrderOfBattle, nwSeed, pursuitConditions, NwCampaignSettingsSchema } from '../../../src/rules/nw/campaign';
import { buildNwState } from '../../../src/rules/nw/scenario';
import { NwSettingsSchema, NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import type { NwState } from '../../../src/rules/nw/state';
import { generateNwBattle } from '../../helpers/nw-battle';

const data = generateNwBattle({ seed: 1, brigadesPerSide: 6, turns: 4 });
const CS = NwCampaignSettingsSchema.parse({});
const standing = nwOrderOfBattle(data);
const rollsOf = (events: readonly { kind: string }[]) => events.filter((e) => e.kind === 'roll') as { kind: 'roll'; expression: string; tableRow?: string; total: number }[];

/** The generated battle ended: the Allies broke after turn `turn`, with the given s.p. left (absent: unchanged). */
function ended(sp: Record<string, number>, opts: { turn?: number; weather?: 'clear' | 'rain'; winner?: string | null; broken?: string[]; removed?: string[] } = {}): NwState {
  const settings = NwSettingsSchema.parse({ battlefield: { weather: opts.weather ?? 'clear' } });
  const s = buildNwState(data, settings);
  const units = Object.fromEntries(Object.values(s.units).map((u) => [u.id, { ...u, sp: sp[u.id] ?? u.sp, removed: (sp[u.id] ?? u.sp) <= 0 }]));
  const batteries = Object.fromEntries(Object.values(s.batteries).map((b) => [b.id, { ...b, removed: opts.removed?.includes(b.id) ?? false }]));
  const broken = opts.broken ?? ['al'];
  const armies = Object.fromEntries(Object.entries(s.armies).map(([k, a]) => [k, { ...a, broken: broken.includes(k) }]));
  const winner = opts.winner === undefined ? 'fr' : opts.winner;
  return { ...s, units, batteries, armies, turn: opts.turn ?? 2, phase: 'ended', ended: { winner, summary: 'test' } };
}
const strengthOf = (units: readonly StandingUnit[], id: string) => units.find((u) => u.id === id)!.strength;

describe('NW order of battle for a campaign', () => {
  it('armies and commands as formations with their officers, brigades at their printed s.p., batteries 2 (L609)', () => {
    expect(standing.filter((u) => u.kind === 'formation').map((u) => u.id)).toEqual(['fr-cinc', 'al-cinc', 'fr-c1', 'fr-cav', 'al-c1', 'al-cav']);
    expect(standing.find((u) => u.id === 'fr-cinc')!.officers).toEqual([{ id: 'fr-cinc', name: expect.any(String), status: 'present' }]);
    expect(standing.find((u) => u.id === 'fr-c1')!.officers.length).toBeGreaterThan(0);
    expect(standing.find((u) => u.id === 'al-c1-1-3')).toMatchObject({ kind: 'unit', formation: 'al-c1', strength: 9, full: 9, fatigue: 'fresh', quality: 'line' });
    expect(standing.find((u) => u.id === 'al-c1-bty')).toMatchObject({ strength: 2, full: 2, fatigue: 'full', quality: 'battery' });
    expect(matchOrderOfBattle(standing, standing)).toMatchObject({ ok: true, value: { extra: [], missing: [], lost: [] } });
  });
});

describe('NW seed: a battle from the standing order of battle', () => {
  const worn = new Map(standing.map((u) => [u.id, u]));
  worn.set('al-c1-1-1', { ...worn.get('al-c1-1-1')!, strength: 5 });
  worn.set('al-c1-1-3', { ...worn.get('al-c1-1-3')!, strength: 0 });
  worn.set('al-cav-bty', { ...worn.get('al-cav-bty')!, strength: 1 });
  worn.set('fr-c1-bty', { ...worn.get('fr-c1-bty')!, strength: 0 });
  const pursuitOn = NwSettingsSchema.parse({ optional: { pursuit: true } });
  const seeded = nwSeed(data, pursuitOn, worn);
  const s = buildNwState(seeded.data, seeded.settings);

  it('brigades start at their standing s.p., their fatigue levels those of their label (a worn brigade starts worn)', () => {
    expect(s.units['al-c1-1-1']).toMatchObject({ spStart: 5, sp: 5, fatigue: 'worn', levels: { fresh: 8, worn: 6, spent: 4 } });
  });
  it('lost pieces stay out, with every reference to them', () => {
    expect(s.units['al-c1-1-3']).toBeUndefined();
    expect(s.batteries['fr-c1-bty']).toBeUndefined();
    expect(s.commands['al-c1']!.units).toEqual(['al-c1-1-1', 'al-c1-1-2']);
    expect(s.commands['fr-c1']!.batteries).toEqual([]);
    expect(s.batteries['al-c1-bty']!.attachedTo).toBeNull(); // it was attached to the lost brigade
  });
  it('a damaged battery starts damaged; pursuit is the aftermath\'s, off in the battle (CAMP-N1)', () => {
    expect(s.batteries['al-cav-bty']!.condition).toBe('damaged');
    expect(seeded.settings.optional.pursuit).toBe(false);
  });
});

describe('NW aftermath: Optional §1.0 pursuit (L607-614) and §2.0 final losses (L618)', () => {
  // Allies lose: al-c1-1-1 8→4, al-c1-1-3 9→0 (removed), al-cav-1-1 3→2, battery al-c1-bty lost (2 s.p., L609). French: fr-c1-1-1 6→3.
  const sp = { 'fr-c1-1-1': 3, 'al-c1-1-1': 4, 'al-c1-1-3': 0, 'al-cav-1-1': 2 };
  const state = ended(sp, { removed: ['al-c1-bty'] });

  it('light cavalry 4:2 is 2:1 → three d6 (L609), summed, placed largest first (CAMP-N2); then ⅓ and ½ regained (L618)', () => {
    const a = nwAftermath(state, standing, CS, scriptedDice([2, 5, 3]));
    const [roll] = rollsOf(a.events);
    expect(roll).toMatchObject({ expression: '3d6', total: 10 });
    expect(roll!.tableRow).toContain('light cavalry 4:2 → 3d6');
    // Allies lost 4 + 9 + 1 + 2 = 16 in battle, 10 to pursuit: 26; regain ½ = 13. French lost 3, regain ⅓ = 1.
    const note = a.events.find((e) => e.kind === 'note' && (e as { rule: string }).rule === 'NW Optional §2.0 L618') as { text: string };
    expect(note.text).toBe('final losses (French regains ⅓, Allies ½): French lost 3 s.p., regains 1 → 2; Allies lost 26 s.p., regains 13 → 13');
    expect(strengthOf(a.standing, 'fr-c1-1-1')).toBe(4);
    expect(sideTotals(a.standing, ['fr', 'al'])).toEqual({ fr: 27 + 4 - 2, al: 41 - 13 });
    // Nothing ends above its battle-start strength; nothing below 0.
    for (const u of a.standing) expect(u.strength).toBeGreaterThanOrEqual(0);
    for (const u of a.standing) expect(u.strength).toBeLessThanOrEqual(standing.find((x) => x.id === u.id)!.strength);
    // Fatigue follows the label's levels (Ch.II §2.6).
    const c111 = a.standing.find((u) => u.id === 'al-c1-1-1')!;
    expect(c111.fatigue).toBe(c111.strength <= 4 ? (c111.strength <= 0 ? 'eliminated' : 'spent') : c111.strength <= 6 ? 'worn' : 'fresh');
  });

  it('per-die modifiers come from the battle: rain (L613) and the last ¼ of its turns (L614, CAMP-N6); never below 1', () => {
    const late = ended(sp, { removed: ['al-c1-bty'], weather: 'rain', turn: 4 });
    expect(pursuitConditions(late)).toEqual(['mud-rain-or-snow', 'last-quarter-of-game']);
    expect(pursuitConditions(ended(sp, { turn: 3 }))).toEqual([]); // 3 of 4 is not past ¾
    const a = nwAftermath(late, standing, CS, scriptedDice([1, 3, 6]));
    expect(a.events.find((e) => e.kind === 'note' && (e as { rule: string }).rule === 'NW Optional §1.0 L609')).toMatchObject({ text: expect.stringContaining('al loses 6 more s.p.') });
  });

  it('no pursuit without light-cavalry superiority (§13.0 L439): no dice, final losses still follow', () => {
    const even = ended({ ...sp, 'al-cav-1-1': 3, 'fr-cav-1-1': 3 });
    const dice = scriptedDice([]);
    const a = nwAftermath(even, standing, CS, dice);
    expect(rollsOf(a.events)).toEqual([]);
    expect(a.summary).toContain('could not pursue');
    expect(dice.remaining).toBe(0);
  });

  it('pursuit off (CAMP-N1): no dice; final losses off: battle losses stand as they are', () => {
    const a = nwAftermath(state, standing, { ...CS, pursuit: false, finalLosses: false }, scriptedDice([]));
    expect(rollsOf(a.events)).toEqual([]);
    expect(strengthOf(a.standing, 'al-c1-1-3')).toBe(0);
    expect(strengthOf(a.standing, 'al-c1-bty')).toBe(0);
    expect(a.standing.find((u) => u.id === 'al-c1-bty')!.fatigue).toBe('lost');
  });

  it('a draw regains by CAMP-N5 (⅓ each by default; ½ or none by setting)', () => {
    const draw = ended(sp, { winner: null, broken: ['fr', 'al'], removed: ['al-c1-bty'] });
    const note = (cs: typeof CS) => (nwAftermath(draw, standing, cs, scriptedDice([])).events.at(-1) as { text: string }).text;
    expect(note(CS)).toBe('final losses (draw: each side regains ⅓ (CAMP-N5)): French lost 3 s.p., regains 1 → 2; Allies lost 16 s.p., regains 5 → 11');
    expect(note({ ...CS, drawRegain: 'half' })).toContain('Allies lost 16 s.p., regains 8 → 8');
    expect(note({ ...CS, drawRegain: 'none' })).toContain('Allies lost 16 s.p., regains 0 → 16');
  });

  it('campaign settings: defaults, and a bad value is refused with the keys', () => {
    expect(nwCampaign.settings.parse({})).toEqual({ ok: true, value: { pursuit: true, finalLosses: true, drawRegain: 'third', officers: 'replace' } });
    const bad = nwCampaign.settings.parse({ drawRegain: 'all' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.hint).toContain('drawRegain');
  });

  it('refuses a battle that has not ended', () => {
    expect(() => nwAftermath(buildNwState(data, NW_SETTINGS_DEFAULTS), standing, CS, scriptedDice([]))).toThrow(RangeError);
  });
});
