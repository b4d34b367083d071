/**
 * The map description without pixels: what is drawn, in which layer and order, for which
 * viewer and which part of the table (issue 5, "a pure map description step").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seededDice } from '../../src/dice/dice';
import { describeDram } from '../../src/rules/dram/present/map';
import { scaleBar } from '../../src/render/map/furniture';
import { LAYERS, type MapDescription, type MapItem } from '../../src/render/map/model';
import { OKABE_ITO_SIDES } from '../../src/render/map/palette';
import type { Viewer } from '../../src/rules/contract';
import { dram } from '../../src/rules/dram/index';
import type { Chit, DramState } from '../../src/rules/dram/state';
import type { GameEvent } from '../../src/rules/events';
import { gridRef } from '../../src/rules/location/grid';
import { generateBattle } from '../helpers/dram-battle';
import { DRAM_SETTINGS_DEFAULTS, shippedDram } from './states';

const SEED = 'cd'.repeat(32);
let remy: DramState;
let ligny: DramState;

beforeAll(async () => {
  const a = await shippedDram('saint-remy');
  remy = dram.setup(a.data, a.settings, seededDice(SEED)).state;
  const b = await shippedDram('ligny');
  ligny = dram.setup(b.data, b.settings, seededDice(SEED)).state;
});

function ok(r: ReturnType<typeof describeDram>): MapDescription {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
const items = (d: MapDescription, layer?: string): MapItem[] => d.layers.filter((l) => !layer || l.name === layer).flatMap((l) => l.items);
const layerOf = (d: MapDescription, kind: MapItem['kind']) => d.layers.filter((l) => l.items.some((i) => i.kind === kind)).map((l) => l.name);
const chipsOf = (d: MapDescription, unit: string) => items(d, 'labels').find((i) => i.kind === 'unit-label' && i.unit === unit);

describe('draw order', () => {
  it('is terrain, water, roads, crossings, grid, trails, ghosts, units, effects, labels: every kind in its own layer', () => {
    const d = ok(describeDram(remy));
    expect(d.layers.map((l) => l.name)).toEqual([...LAYERS]);
    expect(layerOf(d, 'area')).toEqual(['terrain']);
    expect(layerOf(d, 'line')).toEqual(['water', 'roads']);
    expect(layerOf(d, 'crossing')).toEqual(['crossings']);
    expect(layerOf(d, 'unit')).toEqual(['units']);
    expect(layerOf(d, 'unit-label')).toEqual(['labels']);
    expect(layerOf(d, 'place-label')).toEqual(['labels']);
    // Terrain under units under labels.
    const at = (n: string) => d.layers.findIndex((l) => l.name === n);
    expect(at('terrain')).toBeLessThan(at('units'));
    expect(at('units')).toBeLessThan(at('labels'));
  });

  it('lays hills under woods under villages, rivers under roads, and generals over stands', () => {
    const d = ok(describeDram(remy));
    const kinds = items(d, 'terrain').map((i) => (i.kind === 'area' ? i.terrain : ''));
    expect(kinds.lastIndexOf('hill')).toBeLessThan(kinds.indexOf('woods'));
    expect(kinds.indexOf('woods')).toBeLessThan(kinds.indexOf('built-up'));
    const units = items(d, 'units').flatMap((i) => (i.kind === 'unit' ? [i.role] : []));
    expect(units.indexOf('general')).toBeGreaterThan(units.lastIndexOf('unit'));
  });

  it('draws each base as its real footprint: a DRAM division is 3 in by 5 in (§10), turned to its facing', () => {
    const d = ok(describeDram(remy));
    const fabre = items(d, 'units').find((i) => i.kind === 'unit' && i.unit === 'fabre');
    if (fabre?.kind !== 'unit') throw new Error('no fabre');
    const [fl, fr, rr] = fabre.corners;
    expect(Math.hypot(fr!.x - fl!.x, fr!.y - fl!.y)).toBeCloseTo(3);
    expect(Math.hypot(rr!.x - fr!.x, rr!.y - fr!.y)).toBeCloseTo(5);
    // Facing north: the front edge is the northern one.
    expect(fl!.y).toBeGreaterThan(rr!.y);
  });
});

describe('the reference grid', () => {
  it('labels every cell exactly as the location parser reads it (gridRef of the cell centre)', () => {
    const d = ok(describeDram(ligny));
    const grid = items(d, 'grid').find((i) => i.kind === 'grid');
    if (grid?.kind !== 'grid') throw new Error('no grid');
    expect(grid.columns.map((c) => c.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(grid.rows.map((r) => r.label)).toEqual(['1', '2', '3', '4', '5']);
    expect(grid.cells).toHaveLength(35);
    const ctx = { table: ligny.map.table, grid: { cell: ligny.map.gridCell } };
    for (const c of grid.cells) expect(gridRef(c.centre, ctx)).toBe(c.ref);
    // A1 is the north-west cell: its north edge is the table's north edge.
    expect(grid.cells[0]).toMatchObject({ ref: 'A1', x0: 0, y1: ligny.map.table.height });
  });
});

describe('zoomed views', () => {
  const big = () => dram.setup(generateBattle({ seed: 3, corpsPerSide: 2, standsPerCorps: 3, width: 72, height: 60 }), DRAM_SETTINGS_DEFAULTS, seededDice(SEED)).state;

  it('area:F5-H8 is columns F to H and rows 5 to 8 of the table, whichever corner comes first', () => {
    const s = big();
    const d = ok(describeDram(s, { view: { area: 'F5-H8' } }));
    // 6-inch cells on a 72×60 table: F starts 30 in from the west edge, H ends at 48; row 5 starts 24 in below the north edge.
    expect(d.frame).toEqual({ x0: 30, x1: 48, y0: 12, y1: 36 });
    expect(ok(describeDram(s, { view: { area: 'h8-f5' } })).frame).toEqual(d.frame);
    const grid = items(d, 'grid').find((i) => i.kind === 'grid');
    if (grid?.kind !== 'grid') throw new Error('no grid');
    expect(grid.columns.map((c) => c.label)).toEqual(['F', 'G', 'H']);
    expect(grid.rows.map((r) => r.label)).toEqual(['5', '6', '7', '8']);
    expect(d.overview?.table).toEqual(s.map.table);
    expect(d.title.view).toContain('F5-H8');
  });

  it('refuses a block that is not cells, or cells off the table', () => {
    const s = big();
    const bad = describeDram(s, { view: { area: 'over there' } });
    expect(!bad.ok && bad.error.code).toBe('map/bad-area');
    const off = describeDram(s, { view: { area: 'F5-Z99' } });
    expect(!off.ok && off.error.code).toBe('map/area-off-table');
  });

  it('around:<unit> frames the ground round that unit, inside the table, and drops what is outside', () => {
    const d = ok(describeDram(ligny, { view: { around: 'pecheux' } }));
    const at = ligny.stands.pecheux!.pose.at;
    expect(d.frame.x0).toBeLessThan(at.x);
    expect(d.frame.x1).toBeGreaterThan(at.x);
    expect(d.frame.y0).toBeLessThan(at.y);
    expect(d.frame.y1).toBeGreaterThan(at.y);
    expect(d.frame.x0).toBeGreaterThanOrEqual(0);
    expect(d.frame.y1).toBeLessThanOrEqual(ligny.map.table.height);
    expect((d.frame.x1 - d.frame.x0) / (d.frame.y1 - d.frame.y0)).toBeCloseTo(4 / 3);
    const shown = new Set(items(d, 'units').flatMap((i) => (i.kind === 'unit' ? [i.unit] : [])));
    expect(shown.has('pecheux')).toBe(true);
    expect(shown.has('subervie')).toBe(false); // far east, off the frame
    expect(shown.size).toBeLessThan(Object.keys(ligny.stands).length);
  });

  it('around an unknown unit is an error, not an empty map', () => {
    const r = describeDram(ligny, { view: { around: 'nobody' } });
    expect(!r.ok && r.error.code).toBe('map/unknown-unit');
  });
});

describe('face-down chits', () => {
  // One chit per side, written in the orders window: Fabre (French) to Manoeuvre, Kessler (Austrian) to Attack.
  const chits: Chit[] = [
    { by: 'roussel', target: { kind: 'stand', id: 'fabre' }, order: 'M', turn: 1, written: false },
    { by: 'brenner', target: { kind: 'stand', id: 'kessler' }, order: 'A', turn: 1, written: false },
  ];
  const pending = (d: MapDescription, unit: string) => {
    const l = chipsOf(d, unit);
    return l?.kind === 'unit-label' ? l.chips.filter((c) => c.tone === 'pending').map((c) => c.text) : [];
  };
  it.each<[string, Viewer, string[], string[]]>([
    ['the public sees none', { kind: 'public' }, [], []],
    ['the French see their own only', { kind: 'side', side: 'french' }, ['→M'], []],
    ['an Austrian seat sees the Austrian one only', { kind: 'seat', seat: 'austrians:au-i-korps' }, [], ['→A']],
    ['the umpire sees both', { kind: 'gm' }, ['→M'], ['→A']],
  ])('%s', (_name, viewer, fabre, kessler) => {
    for (const d of [ok(describeDram(remy, { viewer, pendingChits: chits })), ok(describeDram({ ...remy, chits }, { viewer }))]) {
      expect(pending(d, 'fabre')).toEqual(fabre);
      expect(pending(d, 'kessler')).toEqual(kessler);
    }
  });

  it('the orders on the table and strengths are open to everyone (DRAM hides nothing else)', () => {
    const l = chipsOf(ok(describeDram(remy)), 'fabre');
    expect(l?.kind === 'unit-label' && l.chips.slice(0, 2)).toEqual([{ text: 'A', tone: 'order' }, { text: '4/4', tone: 'strength' }]);
    const g = chipsOf(ok(describeDram(remy)), 'roussel');
    expect(g?.kind === 'unit-label' && g.chips).toEqual([{ text: 'CR 1', tone: 'rating' }, { text: 'AP 3', tone: 'rating' }]);
  });
});

describe('what just happened', () => {
  const move = (unit: string, from: { x: number; y: number }, to: { x: number; y: number }): GameEvent =>
    ({ kind: 'move', rule: 'DRAM §7', unit, from, to, path: [from, { x: (from.x + to.x) / 2, y: from.y }, to] });

  it('draws a trail per move event, old position → path → new position, in the side colour', () => {
    const s = { ...remy, stands: { ...remy.stands, fabre: { ...remy.stands.fabre!, pose: { at: { x: 15, y: 10 }, facing: 0 } } } };
    const d = ok(describeDram(s, { events: [move('fabre', { x: 15, y: 7.5 }, { x: 15, y: 10 })] }));
    const trails = items(d, 'trails');
    expect(trails).toHaveLength(1);
    expect(trails[0]).toMatchObject({ kind: 'trail', unit: 'fabre', colour: '#1f4e9c', points: [{ x: 15, y: 7.5 }, { x: 15, y: 10 }] });
    expect(items(ok(describeDram(s)), 'trails')).toHaveLength(0);
  });

  it('draws ghosts only for stands removed by the last events, not for every removed stand', () => {
    const s: DramState = { ...remy, stands: { ...remy.stands, fabre: { ...remy.stands.fabre!, removed: true }, kessler: { ...remy.stands.kessler!, removed: true } } };
    const removed: GameEvent = { kind: 'removed', rule: 'DRAM §8', unit: 'fabre', at: s.stands.fabre!.pose.at, reason: 'forced below 0 SP' };
    const d = ok(describeDram(s, { events: [removed] }));
    expect(items(d, 'ghosts').map((g) => g.kind === 'ghost' && g.unit)).toEqual(['fabre']);
    expect(items(d, 'units').some((u) => u.kind === 'unit' && (u.unit === 'fabre' || u.unit === 'kessler'))).toBe(false);
    expect(items(ok(describeDram(s)), 'ghosts')).toHaveLength(0);
  });

  it('lays smoke between engaged stands and a puff from a gun to its target', () => {
    const events: GameEvent[] = [
      { kind: 'engagement', rule: 'DRAM §8', id: 'melee-1', at: { x: 18, y: 11 }, sides: [{ side: 'austrians', units: ['kessler'], dice: 3, modifiers: [] }, { side: 'french', units: ['fabre', 'garnier'], dice: 7, modifiers: [] }] },
      { kind: 'engagement', rule: 'DRAM §8', id: 'fire-fr-ii-artillery', bombardment: true, at: { x: 18, y: 12 }, sides: [{ side: 'austrians', units: ['kessler'], dice: 0, modifiers: [] }, { side: 'french', units: ['fr-ii-artillery'], dice: 2, modifiers: [] }] },
    ];
    const d = ok(describeDram(remy, { events }));
    const fx = items(d, 'effects');
    expect(fx.filter((i) => i.kind === 'smoke')).toHaveLength(1);
    const puff = fx.find((i) => i.kind === 'puff');
    expect(puff?.kind === 'puff' && puff.to).toEqual(remy.stands.kessler!.pose.at);
    const legend = d.legend.map((e) => e.key);
    expect(legend).toContain('effect:smoke');
    expect(legend).toContain('effect:puff');
    expect(legend).not.toContain('effect:trail');
  });
});

describe('furniture', () => {
  it('the legend lists what is on this map only', () => {
    const keys = (s: DramState) => ok(describeDram(s)).legend.map((e) => e.key);
    expect(keys(remy)).not.toContain('terrain:marsh');
    expect(keys(ligny)).toContain('terrain:marsh');
    expect(keys(remy)).toEqual(expect.arrayContaining(['side:french', 'side:austrians', 'symbol:infantry', 'symbol:artillery', 'symbol:general', 'terrain:woods', 'terrain:bridge', 'terrain:ford', 'chip:order']));
    expect(keys(remy)).not.toContain('symbol:wagon');
    expect(keys(remy)).not.toContain('chip:pending');
  });

  it('a scale bar in miles at the scenario scale (DRAM §1: 6 in = 1 mile)', () => {
    expect(ok(describeDram(ligny)).scaleBar).toMatchObject({ unit: 'mile', inchesPerUnit: 6, length: 1, per: '6 in = 1 mile' });
  });

  it('the scale note names the table unit: inches (NW 1 in = 100 yards) or millimetres (KUR L3: 1 mm = 1 yard)', () => {
    expect(scaleBar({ yardsPerInch: 100 }, 2000).per).toBe('1 in = 100 yards');
    expect(scaleBar({ yardsPerInch: 1, tableUnit: 'mm' }, 1600)).toMatchObject({ unit: 'yard', length: 250, per: '1 mm = 1 yard' });
  });

  it('a title with the scenario, turn, clock time and phase', () => {
    expect(ok(describeDram(ligny, { game: 'Ligny club game' })).title).toEqual({
      title: 'Ligny, 16 June 1815', subtitle: 'Turn 1 of 7 · 14:30 · 3–4. Initiative and movement', view: 'Public view', game: 'Ligny club game',
    });
  });

  it('the colour-blind palette replaces side colours with Okabe–Ito, for units and legend alike', () => {
    const d = ok(describeDram(remy, { palette: 'colour-blind' }));
    expect(d.sides.map((s) => s.colour)).toEqual([OKABE_ITO_SIDES[0], OKABE_ITO_SIDES[1]]);
    const colours = new Set(items(d, 'units').flatMap((u) => (u.kind === 'unit' ? [u.colour] : [])));
    expect([...colours].sort()).toEqual([OKABE_ITO_SIDES[0], OKABE_ITO_SIDES[1]].sort());
    expect(ok(describeDram(remy)).sides.map((s) => s.colour)).toEqual(['#1f4e9c', '#d4a017']);
  });

  it('is plain JSON: what crosses to the render process is what was described', () => {
    const d = ok(describeDram(ligny, { view: { area: 'C2-E4' } }));
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });
});
