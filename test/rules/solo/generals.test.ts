import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import type { SoloGame } from '../../../src/rules/solo/game';
import { solo } from '../../../src/rules/solo/index';
import { describeSolo } from '../../../src/rules/solo/present/map';
import { soloRoster } from '../../../src/rules/solo/present/roster';
import { SOLO_SETTINGS_DEFAULTS } from '../../../src/rules/solo/settings';
import type { QueueCard } from '../../../src/rules/solo/state';
import { soloData } from '../../helpers/solo-game';

/**
 * Generals on Discord (KS-41, KS-42; KUR L14 "Attached general officers MUST be in the front
 * rank"): /attach and /move for a general through the Ruleset record, refusals with a hint, and
 * what /roster and the map show. Teaching scenario: Lemaire (brigadier of fr-lemaire) at 600,260;
 * 1/46e Ligne (fr-46-1, his brigade, a column 90 mm wide) at 560,340 facing north.
 */
const dice = () => seededDice('7'.repeat(64));
const card = (holder: string, n: number): QueueCard => ({ holder, kind: 'unit', card: n, done: false, opened: true });
function game(up: 'french' | 'austrians' = 'french'): SoloGame {
  const g = solo.setup(soloData(), SOLO_SETTINGS_DEFAULTS, dice()).state;
  const queue = up === 'french' ? [card('fr-46-1', 1), card('au-4-1', 2)] : [card('au-4-1', 1), card('fr-46-1', 2)];
  return { ...g, queue, units: g.units.map((u) => ({ ...u, acted: !queue.some((q) => q.holder === u.id) })) };
}
const act = (g: SoloGame, a: unknown) => solo.act(g, 'french', a as never, dice());

describe('attaching and moving generals (KS-41, KS-42)', () => {
  it('/attach builds an attach action; /move on a general builds a ride', () => {
    const caller = { seats: ['french', 'austrians'], side: 'french' };
    expect(solo.inputs.attach!.build(game(), { general: 'lemaire', unit: 'fr-46-1' }, caller)).toEqual({ kind: 'attach', general: 'lemaire', unit: 'fr-46-1' });
    expect(solo.inputs.attach!.build(game(), { general: 'lemaire' }, caller)).toEqual({ kind: 'attach', general: 'lemaire', unit: null });
    expect(solo.inputs.move!.build(game(), { unit: 'lemaire', to: '700,300' }, caller)).toEqual({ kind: 'general-move', general: 'lemaire', to: '700,300' });
  });
  it('Lemaire joins 1/46e Ligne at the right end of its front rank; the roster and the map say so', () => {
    const r = act(game(), { kind: 'attach', general: 'lemaire', unit: 'fr-46-1' });
    if (!r.ok) throw new Error(r.error.message);
    const g = r.value.state;
    expect(g.generals.find((x) => x.id === 'lemaire')).toMatchObject({ attachedTo: 'fr-46-1', at: { x: 605, y: 340 } });
    expect(soloRoster(g, 'french', true).join('\n')).toContain('Général de brigade Lemaire: TH average, AV normal, CR grade 6 (placeholder generals.crTable), attached to 1/46e Ligne (in its front rank)');
    const m = describeSolo(g, {});
    expect(JSON.stringify(m.ok ? m.value : null)).toContain('★ ');
  });
  it('he goes with the battalion when it moves', () => {
    const a = act(game(), { kind: 'attach', general: 'lemaire', unit: 'fr-46-1' });
    if (!a.ok) throw new Error(a.error.message);
    const m = act(a.value.state, { kind: 'move', unit: 'fr-46-1', to: '100' });
    if (!m.ok) throw new Error(m.error.message);
    const u = m.value.state.units.find((x) => x.id === 'fr-46-1')!;
    const gen = m.value.state.generals.find((x) => x.id === 'lemaire')!;
    expect(gen.at.x).toBeCloseTo(u.at.x + 45, 6);
    expect(gen.at.y).toBeCloseTo(u.at.y, 6);
  });
  it('a ride to x,y mm within 300 mm; a second ride beyond what is left is refused with the rule and a hint', () => {
    const r = act(game(), { kind: 'general-move', general: 'lemaire', to: '600,460' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.generals.find((x) => x.id === 'lemaire')).toMatchObject({ at: { x: 600, y: 460 }, rodeMm: 200 });
    const again = act(r.value.state, { kind: 'general-move', general: 'lemaire', to: '600,660' });
    expect(again.ok ? null : again.error).toMatchObject({ code: 'general/too-far', hint: expect.any(String) });
    expect(again.ok ? '' : again.error.message).toContain('100 mm more this turn');
  });
  it('bad input is refused privately with a hint: not a point, another side\'s general, not his brigade, not his side\'s cards', () => {
    for (const [a, code] of [
      [{ kind: 'general-move', general: 'lemaire', to: 'the moon' }, 'general/where'],
      [{ kind: 'attach', general: 'weiss', unit: 'fr-46-1' }, 'general/not-yours'],
      [{ kind: 'attach', general: 'dufour', unit: 'fr-46-1' }, 'general/attach-brigade'],
      [{ kind: 'attach', general: 'lemaire', unit: 'au-4-1' }, 'general/attach-target'],
      [{ kind: 'attach', general: 'lemaire', unit: null }, 'general/not-attached'],
    ] as const) {
      const r = act(game(), a);
      expect(r.ok ? null : r.error.code, JSON.stringify(a)).toBe(code);
      expect(r.ok ? '' : r.error.hint).toBeTruthy();
    }
    const wait = act(game('austrians'), { kind: 'attach', general: 'lemaire', unit: 'fr-46-1' });
    expect(wait.ok ? null : wait.error.code).toBe('action/not-your-card');
  });
  it('a landmark names a point to ride to', () => {
    const r = act(game(), { kind: 'general-move', general: 'morand', to: 'the rise' });
    expect(r.ok ? null : r.error.code).toBe('general/too-far');
  });
});
