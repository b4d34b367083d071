import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../src/dice/dice';
import {
  activationOrder, artilleryBand, casualtiesByFigure, fireLegality, inCommandReach, meleeKind, meleeSave, musketBand, pointsPerFigure, volleyModifiers,
  withNationalVariation, type SoloUnitInput,
} from '../../../src/rules/solo/procedures';
import { parseSoloSettings, SOLO_SETTINGS_DEFAULTS as S } from '../../../src/rules/solo/settings';

const unit = (over: Partial<SoloUnitInput> = {}): SoloUnitInput => ({ name: 'U', type: 'line-inf', class: 'C', formation: 'line', figures: 18, disorder: 0, nation: 'french', ...over });

describe('fire legality (L14)', () => {
  it('rifles may move ½ and fire, not more', () => {
    expect(fireLegality(unit({ type: 'rifles' }), 0.5).ok).toBe(true);
    const r = fireLegality(unit({ type: 'rifles' }), 0.75);
    expect(!r.ok && r.error).toMatchObject({ code: 'fire/rifles-moved', message: expect.stringContaining('KUR L14'), hint: expect.any(String) });
  });
  it('only light cavalry skirmishing fire, and not after moving', () => {
    expect(fireLegality(unit({ type: 'light-cav', formation: 'skirmish' }), 0).ok).toBe(true);
    expect(!fireLegality(unit({ type: 'light-cav', formation: 'skirmish' }), 0.25).ok && 'refused').toBe('refused');
    const formed = fireLegality(unit({ type: 'light-cav', formation: 'line' }), 0);
    expect(!formed.ok && formed.error.code).toBe('fire/cavalry-formed');
    const heavy = fireLegality(unit({ type: 'heavy-cav', formation: 'skirmish' }), 0);
    expect(!heavy.ok && heavy.error.code).toBe('fire/not-light-cavalry');
  });
});

describe('placeholder ranges (K-4)', () => {
  it('musket bands: ≤100 short, ≤200 long, beyond none', () => {
    expect([0, 100, 101, 200, 201].map((mm) => musketBand(mm, S))).toEqual(['short', 'short', 'long', 'long', null]);
  });
  it('artillery bands nearest first; a campaign table replaces them', () => {
    expect([300, 301, 600, 1000, 1001].map((mm) => artilleryBand(mm, S)?.band ?? null)).toEqual(['canister', 'ball-short', 'ball-short', 'ball-long', null]);
    const s = parseSoloSettings({ 'ranges.artillery': [{ band: 'ball-long', maxMm: 2000, dice: '1d6', deduction: 0, saveFrom: 4 }] });
    expect(s.ok && artilleryBand(1500, s.value)?.band).toBe('ball-long');
  });
  it('a negative distance is a caller bug', () => expect(() => musketBand(-1, S)).toThrow(/bad distance/));
});

describe('volley modifiers come from the firer and target (L14)', () => {
  it('each condition arises from the inputs', () => {
    const t = { unit: unit({ formation: 'skirmish' }), frontRank: 6, cover: 'hard' as const };
    expect(volleyModifiers(unit({ class: 'A' }), t, 0.25, S).map((m) => m.value)).toEqual([1, -2, -2, -2]);
    expect(volleyModifiers(unit({ class: 'D' }), { unit: unit({ type: 'foot-art' }), frontRank: 4 }, 0, S).map((m) => m.value)).toEqual([-1, -1]);
    expect(volleyModifiers(unit(), { unit: unit(), frontRank: 9 }, 0, S)).toEqual([]);
  });
});

describe('national variations as rating steps (KS-1, KS-12)', () => {
  it('clamped at the ends of the scale; CR shifts the grade', () => {
    expect(withNationalVariation({ th: 'above-average', av: 'normal', grade: 6, nation: 'british' })).toEqual({ th: 'above-average', av: 'normal', grade: 6 });
    expect(withNationalVariation({ th: 'average', av: 'timid', grade: 6, nation: 'spanish' })).toEqual({ th: 'below-average', av: 'timid', grade: 5 });
    expect(withNationalVariation({ th: 'average', av: 'aggressive', grade: 4, nation: 'prussian' })).toEqual({ th: 'below-average', av: 'aggressive', grade: 4 });
  });
  it('L6: within 150 mm is in reach', () => expect([150, 151].map(inCommandReach)).toEqual([true, false]));
});

describe('melee kinds, points and saves (L16-20, K-11, KS-15)', () => {
  it('gun crews fight as infantry', () => {
    expect(meleeKind('foot-art', 'line-inf')).toBe('infantry-vs-infantry');
    expect(meleeKind('horse-art', 'heavy-cav')).toBe('cavalry-vs-infantry');
  });
  it('points: infantry and light 1, medium 1.5, heavy and cuirassier 2', () => {
    expect((['line-inf', 'light-cav', 'medium-cav', 'heavy-cav', 'cuirassier'] as const).map((t) => pointsPerFigure(t, S))).toEqual([1, 1, 1.5, 2, 2]);
  });
  it('saves by receiver and attacker', () => {
    expect(meleeSave('line-inf', 'line-inf').from).toBe(5);
    expect(meleeSave('line-inf', 'heavy-cav').from).toBe(6);
    expect(meleeSave('light-cav', 'line-inf').from).toBe(5);
    expect(meleeSave('cuirassier', 'rifles').from).toBe(4);
    expect(meleeSave('cuirassier', 'light-cav').from).toBe(4);
    expect(meleeSave('heavy-cav', 'light-cav').from).toBe(5);
  });
});

describe('casualties by figure: invariants over seeded dice', () => {
  it('never more figures than hits; each special killed at most once; no pick without someone marked', () => {
    for (let seed = 0; seed < 200; seed++) {
      const hits = seed % 13;
      const eligible = 1 + (seed % 24);
      const marked = seed % 3 === 0 ? [] : [{ id: 'officer', kind: 'officer' as const, position: 1 + (seed % eligible) }, { id: 'Ney', kind: 'general' as const, position: eligible }];
      const r = casualtiesByFigure({ unit: 'U', hits, eligible, saveFrom: 5, marked, rule: 'KUR L14' }, seededDice(seed.toString(16).padStart(64, '0')));
      expect(r.result.figures).toBeLessThanOrEqual(hits);
      expect(r.result.figures).toBeGreaterThanOrEqual(0);
      expect(new Set(r.result.specialsKilled).size).toBe(r.result.specialsKilled.length);
      expect(r.result.generalsKilled.length).toBeLessThanOrEqual(1);
      if (marked.length === 0) expect(r.events.every((e) => e.kind !== 'roll' || e.purpose !== 'which figure is hit')).toBe(true);
    }
  });
  it('no hits, no dice', () => {
    const d = scriptedDice([]);
    expect(casualtiesByFigure({ unit: 'U', hits: 0, eligible: 5, saveFrom: 5, marked: [{ id: 'o', kind: 'officer', position: 1 }], rule: 'KUR L14' }, d).result.figures).toBe(0);
  });
  it('over 20 eligible figures the pick is on d%', () => {
    const r = casualtiesByFigure({ unit: 'U', hits: 1, eligible: 24, saveFrom: 5, marked: [{ id: 'o', kind: 'officer', position: 24 }], rule: 'KUR L16' }, scriptedDice([99, 24, 1]));
    expect(r.result.specialsKilled).toEqual(['o']);
  });
});

describe('activation order (L8)', () => {
  it('lowest card first; a charged unit at 4.5 comes between 4 and 5', () => {
    expect(activationOrder([{ card: 15, id: 'inf' }, { card: 4, id: 'lancers' }, { card: 5, id: 'x' }, { card: 4.5, id: 'inf-charged' }]).map((c) => c.id)).toEqual(['lancers', 'inf-charged', 'x', 'inf']);
  });
});
