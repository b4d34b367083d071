/**
 * Maps for big battles (issue 11): the layout data drawMap returns — where every label and arm
 * symbol went, in canvas pixels — tested without looking at pixels. One test per defect seen on
 * the Ligny and Saint-Rémy maps: unit labels hid town names (Saint-Rémy, Brye, Sombreffe);
 * labels were cut at, or dropped near, the neat line; the blocks of a heap (Lasserre with Lenoir
 * and Roussel on it) hid one another's symbols.
 */
import { describe, expect, it } from 'vitest';
import { describeMap, type MapInput, type MapUnit } from '../../src/render/map/describe';
import { drawMap, type DrawnMap } from '../../src/render/map/draw';
import { boxesMeet, boxGap, insideBox, type PixelBox } from '../../src/render/map/label-boxes';
import { layoutMap, type SizeOptions } from '../../src/render/map/layout';
import type { MapDescription, PlaceLabelItem, UnitLabelItem } from '../../src/render/map/model';
import { describeDram } from '../../src/rules/dram/present/map';
import { GOLDEN_SIZE } from './golden-cases';
import { playDram, shippedDram } from './states';

const value = (r: ReturnType<typeof describeMap>): MapDescription => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const played = new Map<string, Promise<MapDescription>>();
/** A shipped scenario played `windows` windows by the random legal player (once per file: it is slow). */
function dramMap(id: 'ligny' | 'saint-remy', windows: number): Promise<MapDescription> {
  const key = `${id}:${windows}`;
  if (!played.has(key)) {
    played.set(key, shippedDram(id).then(({ data, settings }) => {
      const p = playDram(data, settings, windows);
      return value(describeDram(p.state, { events: p.events }));
    }));
  }
  return played.get(key)!;
}

const items = (d: MapDescription) => d.layers.flatMap((l) => l.items);
const unitLabels = (d: MapDescription) => items(d).filter((i): i is UnitLabelItem => i.kind === 'unit-label');
const placeLabels = (d: MapDescription) => items(d).filter((i): i is PlaceLabelItem => i.kind === 'place-label');

/** The layout invariants every map must keep. */
function checkLayout(d: MapDescription, size: SizeOptions, drawn: DrawnMap): void {
  const l = layoutMap(d, size);
  const { labels, symbols } = drawn;
  for (const x of labels) expect(insideBox(x.box, l.map), `${x.id} is cut by the neat line`).toBe(true);
  // No label hides another: in particular no unit label lies on a terrain name.
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) expect(boxesMeet(labels[i]!.box, labels[j]!.box), `${labels[i]!.id} overlaps ${labels[j]!.id}`).toBe(false);
  }
  // No unit label hides an arm symbol.
  for (const x of labels.filter((y) => y.kind === 'unit')) {
    for (const s of symbols) expect(boxesMeet(x.box, s.box), `${x.id}'s label hides ${s.unit}'s symbol`).toBe(false);
  }
  // Every block of a heap shows its own symbol.
  for (let i = 0; i < symbols.length; i++) {
    for (let j = i + 1; j < symbols.length; j++) expect(boxesMeet(symbols[i]!.box, symbols[j]!.box), `${symbols[i]!.unit}'s symbol is on ${symbols[j]!.unit}'s`).toBe(false);
  }
  // A label set away from its base is tied to it by a leader line from the base to the label.
  const at = new Map(unitLabels(d).map((u) => [u.unit, u]));
  const px = (p: { x: number; y: number }) => ({ x: l.map.x + (p.x - d.frame.x0) * l.ppi, y: l.map.y + (d.frame.y1 - p.y) * l.ppi });
  for (const x of labels.filter((y) => y.kind === 'unit')) {
    const u = at.get(x.id)!;
    const c = px(u.at);
    const reach = (Math.hypot(u.base.width, u.base.depth) / 2) * l.ppi;
    const base: PixelBox = { x0: c.x - reach, y0: c.y - reach, x1: c.x + reach, y1: c.y + reach };
    if (x.leader) {
      expect(boxGap({ x0: x.leader.to.x, y0: x.leader.to.y, x1: x.leader.to.x, y1: x.leader.to.y }, x.box)).toBeLessThan(0.01);
      expect(boxGap({ x0: x.leader.from.x, y0: x.leader.from.y, x1: x.leader.from.x, y1: x.leader.from.y }, base)).toBeLessThan(0.01);
    } else {
      expect(boxGap(x.box, base), `${x.id}'s label is far from its base with no leader line`).toBeLessThanOrEqual(8 * l.ui + 0.01);
    }
  }
}

describe.each([
  ['Ligny turn 2', 'ligny', 3, ['Brye', 'Sombreffe', 'Ligny', 'Saint-Amand', 'Wagnelée', 'Tongrinne', 'Fleurus']],
  ['Ligny turn 5 (Lobau arrived)', 'ligny', 9, ['Brye', 'Sombreffe', 'Ligny', 'Saint-Amand', 'Wagnelée', 'Tongrinne', 'Fleurus']],
  ['Saint-Rémy turn 2', 'saint-remy', 3, ['Saint-Rémy', 'Saint-Rémy bridge', 'Mill ford', 'North road']],
  ['Saint-Rémy turn 3 (Lindner, Pfeiffer arrived)', 'saint-remy', 5, ['Saint-Rémy', 'Saint-Rémy bridge', 'Mill ford', 'North road']],
] as const)('%s', (_name, id, windows, towns) => {
  it.each([['full size', {}], ['golden size', GOLDEN_SIZE]] as const)('%s: every town and unit named, nothing hidden under anything, all inside the frame', async (_s, size) => {
    const d = await dramMap(id, windows);
    const drawn = drawMap(d, size);
    checkLayout(d, size, drawn);
    const placed = new Set(drawn.labels.map((x) => x.id));
    // Unit labels give way to town and landmark names, never the other way round.
    for (const t of towns) expect(placed.has(t), `${t} not on the map`).toBe(true);
    for (const p of placeLabels(d).filter((x) => x.style === 'town' || x.style === 'landmark')) expect(placed.has(p.text), `${p.text} not on the map`).toBe(true);
    // Every stand and general in the frame is named (far ones with a leader line).
    for (const u of unitLabels(d)) expect(placed.has(u.unit), `${u.unit} has no label`).toBe(true);
  });
});

/** A small table crowded at its edges and corners, with a village in the north-east corner. */
function edgeInput(): MapInput {
  const unit = (id: string, x: number, y: number, facing: number, label: string): MapUnit => ({
    id, side: id.startsWith('f') ? 'french' : 'british', pose: { at: { x, y }, facing }, base: { width: 3, depth: 1.5 },
    symbol: 'infantry', label, chips: [{ text: 'D', tone: 'order' }, { text: '3/3', tone: 'strength' }],
  });
  return {
    table: { width: 18, height: 12 }, gridCell: 6, scale: { yardsPerInch: 100 },
    terrain: [{ id: 'v', kind: 'town', name: 'Haut-le-Coin-du-Bois', polygon: [{ x: 14, y: 9.5 }, { x: 18, y: 9.5 }, { x: 18, y: 12 }, { x: 14, y: 12 }] }],
    landmarks: [{ name: 'Moulin du Bord', at: { x: 0.3, y: 6 } }],
    sides: [{ id: 'french', name: 'French', colour: '#1f4e9c' }, { id: 'british', name: 'British', colour: '#c0392b' }],
    units: [
      unit('f1', 1.4, 11.3, 0, 'Longname-Northwest'), unit('f2', 16.5, 11.2, 180, 'Corner-Northeast'), unit('f3', 16.6, 0.8, 90, 'Southeast'),
      unit('f4', 1.5, 0.8, 0, 'Southwest-Corner'), unit('b1', 9, 11.3, 180, 'North-Edge'), unit('b2', 17.3, 6, 90, 'East-Edge'), unit('b3', 0.8, 6.5, 270, 'West-Edge'),
      unit('b4', 16, 10.5, 180, 'In-The-Village'),
    ],
    title: { title: 'Edge test', subtitle: '', view: 'Umpire view' },
  };
}

describe('labels at the edge of the frame', () => {
  it.each([['full size', {}], ['golden size', GOLDEN_SIZE]] as const)('%s: every unit at an edge or corner is named inside the frame, the village too', (_s, size) => {
    const d = value(describeMap(edgeInput()));
    const drawn = drawMap(d, size);
    checkLayout(d, size, drawn);
    const placed = new Set(drawn.labels.map((x) => x.id));
    for (const id of ['f1', 'f2', 'f3', 'f4', 'b1', 'b2', 'b3', 'b4', 'Haut-le-Coin-du-Bois', 'Moulin du Bord']) expect(placed.has(id), `${id} left out`).toBe(true);
    expect(drawn.hiddenLabels).toBe(0);
  });

  it('a zoomed frame keeps the labels of units at its edge inside it', async () => {
    const { data, settings } = await shippedDram('ligny');
    const p = playDram(data, settings, 3);
    const d = value(describeDram(p.state, { events: p.events, view: { area: 'C2-E4' } }));
    checkLayout(d, GOLDEN_SIZE, drawMap(d, GOLDEN_SIZE));
  });
});

describe('a heap of stands (a retreat or a crowded arrival can end on other bases: DE-3 stops only moves)', () => {
  /** Ligny at set-up with Lefol, the III Corps guns, Pécheux and Jagow pushed onto one spot, and Girard half on them. */
  async function heap(): Promise<MapDescription> {
    const { data, settings } = await shippedDram('ligny');
    const s = playDram(data, settings, 0).state;
    const at = (x: number, y: number, facing: number) => ({ at: { x, y }, facing });
    const stands = { ...s.stands };
    for (const [id, pose] of [['lefol', at(15, 13, 0)], ['iii-artillery', at(15.4, 13.3, 0)], ['pecheux', at(14.7, 12.6, 10)], ['jagow', at(15.2, 13.6, 180)], ['girard', at(13.5, 13, 30)]] as const) {
      stands[id] = { ...stands[id]!, pose };
    }
    return value(describeDram({ ...s, stands }, { viewer: { kind: 'gm' } }));
  }

  it.each([['full size', {}], ['golden size', GOLDEN_SIZE]] as const)('%s: each block shows its own symbol, each stand its label (leader lines), none under a block or another label', async (_s, size) => {
    const d = await heap();
    const drawn = drawMap(d, size);
    checkLayout(d, size, drawn);
    const placed = new Set(drawn.labels.map((x) => x.id));
    for (const id of ['lefol', 'iii-artillery', 'pecheux', 'jagow', 'girard']) expect(placed.has(id), `${id} has no label`).toBe(true);
    for (const id of ['lefol', 'iii-artillery', 'pecheux', 'jagow', 'girard']) expect(drawn.symbols.some((x) => x.unit === id), `${id} has no symbol`).toBe(true);
    // The heap's labels stand off it with leader lines rather than one on another inside it.
    expect(drawn.labels.filter((x) => ['lefol', 'iii-artillery', 'pecheux', 'jagow', 'girard'].includes(x.id) && x.leader).length).toBeGreaterThan(0);
  });
});
