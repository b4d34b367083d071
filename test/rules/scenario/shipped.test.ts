import { describe, expect, it } from 'vitest';
import { AREA_KINDS } from '../../../src/rules/geometry/types';
import { formatScenarioError, listScenarios, loadScenarioFile, turnClock, type Scenario, type Unit } from '../../../src/rules/scenario';
import { SCENARIO_PROFILES } from '../../../src/rules/index';

/** Load a shipped scenario, failing the test with every error if it does not parse. */
async function shipped(id: string): Promise<Scenario> {
  const all = await listScenarios();
  const entry = all.find((s) => s.id === id);
  if (!entry) throw new Error(`no shipped scenario ${id}`);
  const r = await loadScenarioFile(entry.path, { profiles: SCENARIO_PROFILES });
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  return r.value;
}

const units = (s: Scenario, side: string): Unit[] => s.orderOfBattle[side]!.corps.flatMap((c) => c.divisions);

describe('shipped scenarios', () => {
  it('are listed by ruleset', async () => {
    const all = await listScenarios();
    expect(all.filter((s) => s.ruleset === 'dram').map((s) => s.id)).toEqual(['ligny', 'saint-remy']);
  });

  it('all parse and pass every cross-check', async () => {
    for (const entry of await listScenarios()) {
      const r = await loadScenarioFile(entry.path, { profiles: SCENARIO_PROFILES });
      expect(r.ok ? 'ok' : r.error.map(formatScenarioError)).toBe('ok');
    }
  });
});

describe('The Bridge at Saint-Rémy (teaching)', () => {
  it('is small: three corps a side, 4-8 stands, an army commander and corps generals', async () => {
    const s = await shipped('saint-remy');
    for (const side of s.sides) {
      const army = s.orderOfBattle[side.id]!;
      expect(army.corps).toHaveLength(3);
      expect(units(s, side.id).length).toBeGreaterThanOrEqual(4);
      expect(units(s, side.id).length).toBeLessThanOrEqual(8);
      expect(army.generals.find((g) => g.id === side.commander)?.level).toBe('army');
      for (const c of army.corps) expect(army.generals.find((g) => g.id === c.general)?.level).toBe('corps');
      for (const g of army.generals) expect(g.rules).toEqual({ cr: expect.any(Number), ap: expect.any(Number) });
    }
  });

  it('has a river with a bridge and a ford, a wood, a village, a hill and roads', async () => {
    const s = await shipped('saint-remy');
    const kinds = new Set(s.map.terrain.map((t) => t.kind));
    for (const k of ['river', 'bridge', 'ford', 'woods', 'built-up', 'hill', 'road'] as const) expect(kinds).toContain(k);
    const crossings = s.map.terrain.filter((t) => t.kind === 'bridge' || t.kind === 'ford');
    expect(crossings.map((t) => ('crosses' in t ? t.crosses : undefined))).toEqual(['orme', 'orme']);
  });

  it('is won by holding the village and the bridge after six turns', async () => {
    const s = await shipped('saint-remy');
    expect(s.meta.turns).toBe(6);
    expect(turnClock(s.meta, 6)).toBe('14:00');
    expect(s.victory.objectives.map((o) => [o.id, o.target.kind, o.points])).toEqual([
      ['village', 'area', 3],
      ['bridge', 'landmark', 2],
      ['ford', 'landmark', 1],
    ]);
  });

  it('resolves landmarks and grid references to points, and brings II Korps on at turn 3', async () => {
    const s = await shipped('saint-remy');
    const kessler = s.deployment.find((d) => d.piece === 'kessler')!;
    expect(kessler).toMatchObject({ kind: 'unit', at: { x: 18, y: 14 }, place: 'Saint-Rémy', facing: 180, order: 'D' });
    // Off-table markers are not deployments; the reinforcement carries the entry.
    expect(s.deployment.some((d) => d.piece === 'lindner')).toBe(false);
    expect(s.reinforcements).toEqual([{ units: ['lindner', 'pfeiffer'], generals: ['mayr'], turn: 3, at: { x: 19, y: 23.5 }, place: 'North road', facing: 180, order: 'M' }]);
  });
});

describe('Ligny, 16 June 1815 (historical)', () => {
  it('names its sources and runs 14:30 to nightfall in hourly turns', async () => {
    const s = await shipped('ligny');
    expect(s.meta).toMatchObject({ date: '1815-06-16', historical: true, firstTurn: '14:30', turnMinutes: 60, scale: { inchesPerMile: 6 } });
    expect(s.meta.sources.length).toBeGreaterThanOrEqual(4);
    expect(s.meta.sources.join(' ')).toMatch(/Hofschröer/);
    expect(turnClock(s.meta, s.meta.turns)).toBe('20:30');
    expect(s.map.table.width).toBeGreaterThanOrEqual(36);
    expect(s.map.table.height).toBeGreaterThanOrEqual(24);
  });

  it('has the corps the brief asks for', async () => {
    const s = await shipped('ligny');
    const corps = (side: string) => s.orderOfBattle[side]!.corps.map((c) => c.id);
    expect(corps('french')).toEqual(['iii-corps', 'iv-corps', 'imperial-guard', 'i-cavalry-corps', 'ii-cavalry-corps', 'iv-cavalry-corps', 'vi-corps']);
    expect(corps('prussians')).toEqual(['i-korps', 'ii-korps', 'iii-korps']);
    expect(units(s, 'french').some((u) => u.id === 'girard')).toBe(true);
    const commanders = s.sides.map((side) => s.orderOfBattle[side.id]!.generals.find((g) => g.id === side.commander)!.name);
    expect(commanders).toEqual(['Napoleon', 'Blücher']);
  });

  it('gives every stand as men and guns with grade, officers and gun weight (DRAM §10)', async () => {
    const s = await shipped('ligny');
    for (const u of [...units(s, 'french'), ...units(s, 'prussians')]) {
      expect(u.strength.kind, u.id).toBe('historical');
      if (u.strength.kind !== 'historical') continue;
      const c = u.strength.composition;
      expect(c.guns > 0, u.id).toBe(u.strength.gunWeight !== undefined);
    }
    // The Prussian corps' gun totals the sources agree on: 96, 80, 48.
    const guns = s.orderOfBattle.prussians!.corps.map((c) => c.divisions.reduce((n, u) => n + (u.strength.kind === 'historical' ? u.strength.composition.guns : 0), 0));
    expect(guns).toEqual([96, 80, 48]);
  });

  it('has the villages of the Ligne as built-up areas and the named places as landmarks', async () => {
    const s = await shipped('ligny');
    const built = s.map.terrain.filter((t) => t.kind === 'built-up').map((t) => t.name);
    expect(built).toEqual(expect.arrayContaining(['Wagnelée', 'Saint-Amand-la-Haye', 'Saint-Amand', 'Ligny', 'Brye', 'Sombreffe', 'Tongrinne']));
    const names = s.map.landmarks.map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining(['Fleurus', 'Bussy mill', 'Point du Jour', 'Quatre Bras road', 'Namur road east']));
    expect(s.map.terrain.filter((t) => (AREA_KINDS as readonly string[]).includes(t.kind)).every((t) => 'polygon' in t && t.polygon.length >= 3)).toBe(true);
  });

  it("brings Lobau's VI Corps on at Fleurus on turn 5 (18:30), with a condition for the umpire", async () => {
    const s = await shipped('ligny');
    const [lobau] = s.reinforcements;
    expect(s.reinforcements).toHaveLength(1);
    expect(lobau).toMatchObject({ units: ['simmer', 'jeanin', 'vi-artillery'], generals: ['lobau'], turn: 5, place: 'Fleurus', at: { x: 13.8, y: 3.6 } });
    expect(turnClock(s.meta, lobau!.turn)).toBe('18:30');
    expect(lobau!.condition).toMatch(/Fleurus/);
  });
});
