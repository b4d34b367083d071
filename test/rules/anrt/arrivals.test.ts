import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { anrtOrderOfBattle, anrtSeed } from '../../../src/rules/anrt/campaign';
import { anrt } from '../../../src/rules/anrt/index';
import { anrtRoster } from '../../../src/rules/anrt/present/index';
import { footprint } from '../../../src/rules/anrt/footprint';
import type { AnrtState } from '../../../src/rules/anrt/state';
import { baseWithin } from '../../../src/rules/geometry/base';
import { anrtScenario, anrtSettings } from '../../helpers/anrt-game';

/**
 * ANRT-S1: reinforcements from the shared scenario format. The teaching scenario's French
 * 2nd Division (Friant) is taken off the deployment and brought on at turn 2 by the south edge,
 * at a point where other French units already stand, so forming up must avoid them.
 */
const TEACHING = readFileSync('assets/scenarios/anrt/teaching.yaml', 'utf8');
const FRIANT = ['fr-1-33', 'fr-2-33', 'fr-1-48', 'fr-2-48', 'fr-bty-2', 'fr-rg-33'];
const withFriantLate = (at: string): string => {
  const kept = TEACHING.split('\n').filter((l) => !FRIANT.some((id) => l.includes(`unit: ${id},`)) && !l.includes('general: fr-d2-gen, at'));
  return kept.join('\n').replace('\nvictory:', `\nreinforcements:\n  - { units: [${FRIANT.join(', ')}], generals: [fr-d2-gen], turn: 2, at: ${at}, facing: N }\n\nvictory:`);
};

const settings = anrtSettings();
const overlaps = (s: AnrtState, a: string, b: string): boolean => {
  const x = s.units[a]!, y = s.units[b]!;
  const inner = { width: footprint(x).width - 0.1, depth: footprint(x).depth - 0.1 };
  return baseWithin({ pose: { at: x.at, facing: x.facing }, size: inner }, { pose: { at: y.at, facing: y.facing }, size: footprint(y) }, 0);
};

/** Plays windows with no orders (each owing seat's defaults) until `pred` holds. */
function runUntil(s0: AnrtState, pred: (s: AnrtState) => boolean): { s: AnrtState; text: string[] } {
  const dice = seededDice('ab'.repeat(32));
  let s = s0;
  const text: string[] = [];
  for (let i = 0; i < 40 && !pred(s); i++) {
    const ph = anrt.phase(s);
    const st = ph.gm ? anrt.resolve(s, new Map(), dice, { question: ph.gm.id, value: ph.gm.answers[0]!.value, by: 'GM' }) : anrt.resolve(s, new Map(anrt.owing(s).map((seat) => [seat, [...anrt.defaultOrders(s, seat)]])), dice);
    s = st.state;
    for (const e of st.events) if (e.kind === 'note') text.push(e.text);
  }
  return { s, text };
}

describe('reinforcements (ANRT-S1)', () => {
  it('are held off the table with their turn, entry point and facing, and counted in the seat', () => {
    const d = anrtScenario('teaching', settings, withFriantLate('[48, 2]'));
    for (const id of FRIANT) expect(d.units[id]).toBeUndefined();
    expect(d.generals['fr-d2-gen']).toBeUndefined();
    expect(d.arrivals).toHaveLength(1);
    expect(d.arrivals![0]).toMatchObject({ turn: 2, side: 'french', at: { x: 48, y: 2 }, facing: 0 });
    expect(d.seats.find((x) => x.side === 'french')!.commands).toEqual(expect.arrayContaining([...FRIANT, 'fr-d2-gen']));
    // The division still has its brigades for its pips once it is on.
    expect(d.divisions['fr-d2']!.brigades).toEqual(['fr-b3', 'fr-b4']);
  });

  it('enter as their side\'s phase of their turn opens, formed up abreast on the entry point, wholly on the table, overlapping nobody', () => {
    // The entry point is where the 2/13e Léger stands: forming up must go round it.
    const d = anrtScenario('teaching', settings, withFriantLate('[20, 14]'));
    const s0 = anrt.setup(d, settings, seededDice('ab'.repeat(32))).state;
    expect(Object.keys(s0.units).some((id) => FRIANT.includes(id))).toBe(false);
    const { s, text } = runUntil(s0, (x) => x.turn === 2 && x.step === 'orders' && x.order[x.period] === 'french');
    expect(s.turn).toBe(2);
    expect(text.some((t) => t.startsWith('Reinforcements for French arrive (turn 2): 1/33e Ligne'))).toBe(true);
    expect(s.arrivals ?? []).toHaveLength(0);
    for (const id of FRIANT) {
      const u = s.units[id]!;
      expect(u.facing).toBe(0);
      const f = footprint(u);
      expect(u.at.x - f.width / 2).toBeGreaterThanOrEqual(-1e-9);
      expect(u.at.x + f.width / 2).toBeLessThanOrEqual(72 + 1e-9);
      expect(u.at.y - f.depth / 2).toBeGreaterThanOrEqual(-1e-9);
      for (const other of Object.values(s.units)) if (other.id !== id && !other.gone) expect(overlaps(s, id, other.id), `${id} on ${other.id}`).toBe(false);
    }
    expect(s.generals['fr-d2-gen']).toBeDefined();
    // Their division throws its command pips as they arrive, so they can move this phase (§I L14-20).
    expect(s.pips['fr-d2']).toBeDefined();
  });

  it('name the place when the scenario gives the entry point as a landmark', () => {
    const d = anrtScenario('teaching', settings, withFriantLate('Kreuz'));
    const { text } = runUntil(anrt.setup(d, settings, seededDice('ab'.repeat(32))).state, (x) => x.turn === 2 && x.step === 'orders' && x.order[x.period] === 'french');
    expect(text.some((t) => t.startsWith('Reinforcements for French arrive by Kreuz (turn 2)'))).toBe(true);
  });

  it('refuse a reinforcement that mixes the sides', () => {
    const text = withFriantLate('[48, 2]').replace('units: [fr-1-33,', 'units: [al-uh, fr-1-33,').replace('  - { unit: al-uh, at: [6, 32], facing: S }\n', '');
    expect(() => anrtScenario('teaching', settings, text)).toThrow(/mixes both sides/);
  });

  it('belong to a campaign\'s order of battle and come on at their standing strength (issue 15)', () => {
    const d = anrtScenario('teaching', settings, withFriantLate('[48, 2]'));
    const oob = anrtOrderOfBattle(d);
    for (const id of [...FRIANT.filter((x) => x !== 'fr-rg-33'), 'fr-d2-gen']) expect(oob.some((u) => u.id === id || u.officers.some((o) => o.id === id)), id).toBe(true);
    // ANRT-R6: regimental guns are no unit of the campaign's order of battle; they go with their battalion.
    expect(oob.some((u) => u.id === 'fr-rg-33')).toBe(false);
    const standing = new Map(oob.filter((u) => u.kind === 'unit').map((u) => [u.id, u.id === 'fr-1-33' ? { ...u, strength: 0 } : u.id === 'fr-2-33' ? { ...u, strength: 1 } : u]));
    const seeded = anrtSeed(d, settings, standing).data;
    const late = seeded.arrivals!.flatMap((a) => a.units);
    expect(late.map((u) => u.id)).not.toContain('fr-1-33');
    expect(late.map((u) => u.id)).not.toContain('fr-rg-33'); // out with its battalion (ANRT-R6)
    expect(late.find((u) => u.id === 'fr-2-33')!.hits).toBe(1);
  });

  it('show in their own side\'s roster with turn, clock and place, never in the enemy\'s', () => {
    const s = anrt.setup(anrtScenario('teaching', settings, withFriantLate('Kreuz')), settings, seededDice('ab'.repeat(32))).state;
    expect(anrtRoster(s, 'french', true)).toContain('**Arriving turn 2 (13:20) by Kreuz:** 1/33e Ligne, 2/33e Ligne, 1/48e Ligne, 2/48e Ligne, Foot battery Friant, 33e Ligne guns, Général Friant');
    expect(anrtRoster(s, 'french', false).join('\n')).not.toContain('Arriving');
    // Nor does the enemy see the heading of a division still wholly off the table.
    expect(anrtRoster(s, 'french', false).join('\n')).not.toContain('2nd Division (Friant)');
    expect(anrtRoster(s, 'french', true).join('\n')).toContain('2nd Division (Friant)');
  });
});
