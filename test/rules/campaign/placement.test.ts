import { beforeAll, describe, expect, it } from 'vitest';
import { composeBattle, type ComposeInput } from '../../../src/rules/campaign/compose';
import { deploymentZones, sideMapping } from '../../../src/rules/campaign/zones';
import { layOut } from '../../../src/rules/campaign/layout';
import { facingTowards, parseFacing, parsePlacements, type Zone } from '../../../src/rules/campaign/placement';
import type { StandingUnit } from '../../../src/rules/campaign/types';
import { dramCampaign } from '../../../src/rules/dram/campaign';
import { dramScenarioData } from '../../../src/rules/dram/scenario';
import { DramSettingsSchema } from '../../../src/rules/dram/settings';
import { buildDramState } from '../../../src/rules/dram/setup';
import { nwCampaign } from '../../../src/rules/nw/campaign';
import { buildNwState, nwScenarioData } from '../../../src/rules/nw/scenario';
import { NwSettingsSchema } from '../../../src/rules/nw/settings';
import { loadScenarioFile } from '../../../src/rules/scenario/index';
import type { Scenario } from '../../../src/rules/scenario/types';

async function load(ruleset: 'nw' | 'dram', id: string): Promise<Scenario> {
  const r = await loadScenarioFile(`assets/scenarios/${ruleset}/${id}.yaml`);
  if (!r.ok) throw new Error(r.error[0]!.message);
  return r.value;
}
const value = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};
const nwSettings = NwSettingsSchema.parse({});
const dramSettings = DramSettingsSchema.parse({});
let teaching: Scenario; let qb: Scenario; let saintRemy: Scenario; let ligny: Scenario;
let nwStanding: StandingUnit[]; let dramStanding: StandingUnit[];
beforeAll(async () => {
  [teaching, qb, saintRemy, ligny] = await Promise.all([load('nw', 'teaching'), load('nw', 'quatre-bras'), load('dram', 'saint-remy'), load('dram', 'ligny')]);
  nwStanding = [...nwCampaign.orderOfBattle(value(nwScenarioData(teaching, nwSettings)))];
  dramStanding = [...dramCampaign.orderOfBattle(value(dramScenarioData(saintRemy, dramSettings)))];
});

const nw = (battlefield: Scenario, place: string, over: Partial<ComposeInput> = {}) =>
  composeBattle({ battlefield, founding: teaching, standing: nwStanding, orders: value(parsePlacements(place)), rules: nwCampaign.placement!, busy: new Set(), ...over });
const dram = (battlefield: Scenario, place: string, over: Partial<ComposeInput> = {}) =>
  composeBattle({ battlefield, founding: saintRemy, standing: dramStanding, orders: value(parsePlacements(place)), rules: dramCampaign.placement!, busy: new Set(), ...over });
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('placement orders as the GM writes them', () => {
  it('one per line or ";", with facing and order in either order', () => {
    expect(value(parsePlacements('fr-i-corps at french zone; II Korps at the village facing S\nau at 12, 30 order a facing 135'))).toEqual([
      { formation: 'fr-i-corps', place: 'french zone', text: 'fr-i-corps at french zone' },
      { formation: 'II Korps', place: 'the village', facing: 180, text: 'II Korps at the village facing S' },
      { formation: 'au', place: '12, 30', facing: 135, order: 'A', text: 'au at 12, 30 order a facing 135' },
    ]);
  });
  it('refuses what is not a placement, a bad facing, and nothing at all, with the format in the hint', () => {
    for (const t of ['fr-i-corps', 'x at y facing up', ' ; ']) {
      const r = parsePlacements(t);
      expect(r.ok, t).toBe(false);
      if (!r.ok) expect(r.error.hint).toMatch(/at|degrees/);
    }
    expect(parseFacing('NE')).toBe(45);
    expect(parseFacing('360')).toBeUndefined();
    expect(parseFacing('90')).toBe(90);
  });
});

describe('deployment zones (CAMP-P1) and sides (CAMP-P2)', () => {
  it('a zone spans where the scenario deploys the side, the ruleset\'s margin beyond, within the table', () => {
    // teaching.yaml: the French deploy x 10-28, y 3-11; the Austrians x 14-32, y 22-33 (the hussars arrive later). NW margin 6".
    const [fr, au] = deploymentZones(teaching, value(sideMapping(teaching, teaching)), 6);
    expect(fr).toMatchObject({ side: 'french', x0: 4, x1: 34, y0: 0, y1: 17 });
    expect(au).toMatchObject({ side: 'austrians', x0: 8, x1: 38, y0: 16, y1: 36 });
    // "at french zone" goes to the centre of the scenario's own French units.
    expect(fr!.anchor).toEqual({ x: 20.6, y: 9 }); // (18 + 28 + 23 + 10 + 24) / 5, (10 + 10 + 6 + 8 + 11) / 5
  });
  it('sides by id when the battlefield has the campaign\'s, else in order; a different count is refused', () => {
    expect([...value(sideMapping(teaching, teaching))]).toEqual([['french', 'french'], ['austrians', 'austrians']]);
    expect([...value(sideMapping(qb, teaching))]).toEqual([['french', 'french'], ['allies', 'austrians']]);
    const three = { ...qb, sides: [...qb.sides, { ...qb.sides[1]!, id: 'x' }] };
    expect(code(sideMapping(three, teaching))).toBe('campaign/placement-sides');
  });
  it('faces the nearest enemy zone to the nearest 45° (CAMP-P3)', () => {
    expect(facingTowards({ x: 10, y: 0 }, { x: 10, y: 20 })).toBe(0);
    expect(facingTowards({ x: 10, y: 20 }, { x: 10, y: 0 })).toBe(180);
    expect(facingTowards({ x: 0, y: 0 }, { x: 20, y: 21 })).toBe(45);
    expect(facingTowards({ x: 20, y: 0 }, { x: 0, y: 1 })).toBe(270);
  });
});

describe('layout (CAMP-P4)', () => {
  const zone: Zone = { side: 'a', x0: 0, y0: 0, x1: 12, y1: 30, anchor: { x: 6, y: 20 } };
  const rules = { frontage: 4, depth: 5, zoneMargin: 0, basis: '' };
  it('units abreast, frontage apart; a line no wider than the zone; generals behind; the group shifted into the zone', () => {
    const at = layOut([
      ...['u1', 'u2', 'u3', 'u4'].map((id) => ({ kind: 'unit' as const, id })),
      { kind: 'general', id: 'g', rank: 'formation' }, { kind: 'general', id: 'a', rank: 'formation', attachedTo: 'u4' }, { kind: 'general', id: 'c', rank: 'army' },
    ], { x: 11, y: 20 }, 0, zone, rules);
    // 12" across holds 3 units: u1-u3 on the first line, u4 a line (5") behind, the corps general half a line behind
    // that, the army's a full line; shifted 3" west to stay in the zone.
    expect(at.get('u1')).toEqual({ x: 4, y: 20 });
    expect(at.get('u3')).toEqual({ x: 12, y: 20 });
    expect(at.get('u4')).toEqual({ x: 8, y: 15 });
    expect(at.get('a')).toEqual(at.get('u4'));
    expect(at.get('g')).toEqual({ x: 8, y: 12.5 });
    expect(at.get('c')).toEqual({ x: 8, y: 10 });
  });
  it('facing south, "behind" is north', () => {
    const at = layOut([{ kind: 'unit', id: 'u' }, { kind: 'general', id: 'g', rank: 'formation' }], { x: 6, y: 10 }, 180, zone, rules);
    expect(at.get('g')!.y).toBeGreaterThan(at.get('u')!.y);
  });
});

describe('NW: the teaching campaign placed on the Quatre Bras map', () => {
  it('builds a playable battle: every brigade in its side\'s zone, none on another, facing the enemy, officers with their formation', () => {
    const r = value(nw(qb, 'fr-i-corps at french zone; II Korps at zone'));
    const zones = new Map(r.report.zones.map((z) => [z.side, z]));
    const data = value(nwScenarioData(r.scenario, nwSettings));
    const state = buildNwState(data, nwSettings);
    expect(Object.keys(state.units).sort()).toEqual(['au-1b', 'au-2b', 'au-3b', 'au-hussars', 'fr-1b', 'fr-2b', 'fr-3b', 'fr-chasseurs'].sort());
    expect(state.map.table).toEqual(qb.map.table);
    expect(r.scenario.meta.id).toBe('quatre-bras');
    const pieces = [...Object.values(state.units), ...Object.values(state.batteries)];
    for (const p of pieces) {
      const z = zones.get(p.side)!;
      expect(p.pose.at.x, p.id).toBeGreaterThanOrEqual(z.x0);
      expect(p.pose.at.x, p.id).toBeLessThanOrEqual(z.x1);
      expect(p.pose.at.y, p.id).toBeGreaterThanOrEqual(z.y0);
      expect(p.pose.at.y, p.id).toBeLessThanOrEqual(z.y1);
      expect(p.pose.facing, p.id).toBe(p.side === 'french' ? 0 : 180);
      for (const q of pieces) if (q !== p && q.side === p.side) expect(Math.hypot(q.pose.at.x - p.pose.at.x, q.pose.at.y - p.pose.at.y), `${p.id}/${q.id}`).toBeGreaterThanOrEqual(4);
    }
    // Dufour stays attached to the 1st Brigade (teaching.yaml `attachedTo: fr-1b`); the corps commander behind the line.
    expect(state.units['fr-1b']!.attachedGeneral).toBe('dufour');
    expect(state.commanders['lemaire']!.pose.at.y).toBeLessThan(state.units['fr-2b']!.pose.at.y);
    // The battlefield's objectives, its 'allies' read as the campaign's second side; its turns and clock.
    expect(r.scenario.victory.objectives.map((o) => o.side)).toEqual(qb.victory.objectives.map((o) => (o.side === 'allies' ? 'austrians' : o.side)));
    expect(data.lastTurn).toBe(qb.meta.turns);
    expect(r.report.placed.map((p) => [p.formation, p.units])).toEqual([['fr-i-corps', 5], ['au-ii-korps', 5]]);
  });

  it('places a formation at a landmark, a grid ref or x,y of its own zone; the CinC goes with the side\'s first formation', () => {
    const r = value(nw(teaching, 'fr-i-corps at 20,8 facing NE; au-ii-korps at Aubach'));
    const d = new Map(r.scenario.deployment.map((x) => [x.piece, x]));
    expect(d.get('fr-3b')!.at).toEqual({ x: 20, y: 8 });
    expect(d.get('fr-3b')!.facing).toBe(45);
    expect(d.get('napoleon')).toBeDefined();
    expect(d.get('au-3b')!.at).toEqual({ x: 24, y: 22.5 });
    expect(value(nw(teaching, 'fr-i-corps at C5; au-ii-korps at zone')).report.placed[0]!.at).toEqual({ x: 15, y: 9 });
  });

  it('lost brigades ride along unplaced, and the seed leaves them out', () => {
    const standing = nwStanding.map((u) => (u.id === 'fr-2b' ? { ...u, strength: 0 } : u.id === 'fr-1b' ? { ...u, strength: 3 } : u));
    const r = value(nw(teaching, 'fr-i-corps at zone; au-ii-korps at zone', { standing }));
    expect(r.report.placed[0]!.units).toBe(4);
    const seeded = nwCampaign.seed(value(nwScenarioData(r.scenario, nwSettings)), nwSettings, new Map(standing.map((u) => [u.id, u])), nwCampaign.settings.schema.parse({}));
    const s = buildNwState(seeded.data, seeded.settings);
    expect(s.units['fr-2b']).toBeUndefined();
    expect(s.units['fr-1b']!.sp).toBe(3);
  });

  it('refuses, with a hint, each bad placement', () => {
    const cases: [string, string, Partial<ComposeInput>?][] = [
      ['guard at zone; au-ii-korps at zone', 'campaign/unknown-formation'],
      ['fr-1b at zone; au-ii-korps at zone', 'campaign/placement-unit'],
      ['fr-i-corps at zone; fr-i-corps at 20,8; au-ii-korps at zone', 'campaign/placement-twice'],
      ['fr-i-corps at zone', 'campaign/placement-side-empty'],
      ['fr-i-corps at austrians zone; au-ii-korps at zone', 'campaign/placement-zone'],
      ['fr-i-corps at Quatre Bras; au-ii-korps at zone', 'campaign/unknown-place'],
      ['fr-i-corps at 60,8; au-ii-korps at zone', 'campaign/placement-off-map'],
      ['fr-i-corps at Aubach; au-ii-korps at zone', 'campaign/placement-outside-zone'],
      ['fr-i-corps at zone order A; au-ii-korps at zone', 'campaign/placement-order'],
      // Both zones reach y 16-17 on this map: two corps placed on the same spot would stand on each other (NW L264).
      ['fr-i-corps at 24,16.5; au-ii-korps at 24,16.5', 'campaign/placement-overlap'],
      ['fr-i-corps at zone; au-ii-korps at zone', 'campaign/units-busy', { busy: new Set(['fr-3b']) }],
      ['fr-i-corps at zone; au-ii-korps at zone', 'campaign/formation-lost', { standing: nwStanding.map((u) => (u.formation === 'fr-i-corps' ? { ...u, strength: 0 } : u)) }],
    ];
    for (const [place, want, over] of cases) {
      const r = nw(teaching, place, over);
      expect(code(r), place).toBe(want);
      if (!r.ok) expect(r.error.hint, place).toBeTruthy();
    }
    const r = nw(teaching, 'fr-i-corps at Aubach; au-ii-korps at zone');
    if (!r.ok) expect(r.error.hint).toContain('x 4–34", y 0–17"');
  });
});

describe('DRAM: the Saint-Rémy campaign placed on the Ligny map', () => {
  it('stands on D orders unless told (§5 L72), in the Prussian side\'s zone for the Austrians (CAMP-P2), a playable battle', () => {
    const r = value(dram(ligny, 'fr-i-corps at zone order A; fr-cavalry at zone; au-i-korps at zone; au-reserve at zone order R'));
    const data = value(dramScenarioData(r.scenario, dramSettings));
    const s = buildDramState(data, dramSettings);
    expect(Object.keys(s.stands).sort()).toEqual(['ebersberg', 'fabre', 'garnier', 'hohenfeld', 'kessler', 'lasserre', 'morel', 'stauffer']);
    expect([s.stands['fabre']!.order, s.stands['lasserre']!.order, s.stands['ebersberg']!.order]).toEqual(['A', 'D', 'R']);
    // Formations at one spot stand abreast in one line (4" apart) while the zone is wide enough.
    const line = ['fabre', 'garnier', 'lasserre', 'morel'].map((id) => s.stands[id]!.pose.at);
    expect(new Set(line.map((p) => p.y)).size).toBe(1);
    expect(line.map((p) => p.x)).toEqual(line.map((_, i) => line[0]!.x + 4 * i));
    expect(Object.keys(s.generals).sort()).toEqual(['adelsheim', 'brenner', 'delorme', 'lenoir', 'lorenz', 'roussel']);
    expect(r.scenario.victory.collapse.map((c) => c.side).sort()).toEqual(ligny.victory.collapse.map((c) => (c.side === 'prussians' ? 'austrians' : c.side)).sort());
    const z = r.report.zones.find((x) => x.side === 'austrians')!;
    for (const st of Object.values(s.stands).filter((x) => x.side === 'austrians')) expect(st.pose.at.y).toBeGreaterThanOrEqual(z.y0);
  });
  it('refuses an order DRAM has not (§5 L72-75)', () => {
    expect(code(dram(ligny, 'fr-i-corps at zone order X; au-i-korps at zone'))).toBe('campaign/placement-order');
  });
});
