import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { moraleDue, moraleInputFor } from '../../../../src/rules/solo/phases/morale-state';
import { moraleModifiers, moraleTest } from '../../../../src/rules/solo/procedures/morale';
import { parseSoloSettings, SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { unitById, withUnit, type SoloState } from '../../../../src/rules/solo/state';
import { soloGeneral, soloUnit, twoBrigades } from './fixture';

const mark = (s: SoloState, id: string, over: object) => withUnit(s, { ...unitById(s, id), ...over });

describe('who tests morale, and when (KUR L8; K-5)', () => {
  it('a charged unit and a melee loser test now', () => {
    const s = twoBrigades();
    expect(moraleDue(s, { kind: 'charged', unit: 'u1' }, S)).toEqual([{ unit: 'u1', when: 'now', reason: 'charged' }]);
    expect(moraleDue(s, { kind: 'lost-melee', unit: 'u3' }, S)).toEqual([{ unit: 'u3', when: 'now', reason: 'lost-melee' }]);
  });
  it('a rout: friends within 300 mm test — at once if they have acted, else a marker for their card', () => {
    const s = mark(twoBrigades(), 'u1', { acted: true });
    // u1 is 150 mm from u2; the British are 400 mm away and are not friends.
    expect(moraleDue(s, { kind: 'routs', unit: 'u2' }, S)).toEqual([{ unit: 'u1', when: 'now', reason: 'friend-routs' }]);
    expect(moraleDue(twoBrigades(), { kind: 'routs', unit: 'u2' }, S)).toEqual([{ unit: 'u1', when: 'marker', reason: 'friend-routs' }]);
  });
  it('fire: 10% of the figures lost to one activation calls a test (placeholder)', () => {
    const s = twoBrigades();
    expect(moraleDue(s, { kind: 'fired-on', unit: 'u3', figuresBefore: 18, lost: 1 }, S)).toEqual([]);
    expect(moraleDue(s, { kind: 'fired-on', unit: 'u3', figuresBefore: 18, lost: 2 }, S)).toEqual([{ unit: 'u3', when: 'marker', reason: 'fired-on' }]);
  });
  it('a trigger switched off calls no test', () => {
    const only = parseSoloSettings({ 'morale.triggers': ['charged'] });
    expect(only.ok && moraleDue(twoBrigades(), { kind: 'lost-melee', unit: 'u3' }, only.value)).toEqual([]);
  });
});

describe('morale conditions read from the state (L23)', () => {
  it('friends within 300 mm, command reach, attached brigadier, friends routing, casualties', () => {
    let s = twoBrigades();
    s = { ...s, units: [...s.units, soloUnit('u5', 'fr', 'A', 50, 250, { motion: 'routing' })], generals: s.generals.map((g) => (g.id === 'bA' ? { ...g, attachedTo: 'u1' } : g)) };
    s = mark(s, 'u1', { casualtiesThisTurn: 2, casualtiesTotal: 3, disorder: 1 });
    const input = moraleInputFor(s, 'u1', { chargedFrom: 'front' });
    expect(input).toMatchObject({ friendsWithin300: 1, underCommand: true, attached: 'brigadier', friendsRouting: 1, casualtiesThisTurn: 2, motion: 'halted' });
    // C 65: under command +15, friend +10, casualties −6, brigadier attached +10, 'D' −5, a friend routing −10 → 79.
    expect(moraleModifiers(input, S).map((m) => m.value).sort((a, b) => a - b)).toEqual([-10, -6, -5, 10, 10, 15]);
    expect(moraleTest(input, S, scriptedDice([78])).result).toMatchObject({ target: 79, passes: true });
  });
  it('out of reach, nobody attached, a corps commander attached elsewhere does not count', () => {
    const s = { ...twoBrigades(), generals: [...twoBrigades().generals, soloGeneral('C', 'fr', 'corps', 200, 0, { attachedTo: 'u1' })] };
    expect(moraleInputFor(s, 'u2')).toMatchObject({ underCommand: false, attached: null, friendsWithin300: 1 });
    expect(moraleInputFor(s, 'u1').attached).toBe('corps');
  });
});
