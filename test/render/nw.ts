/**
 * A hand-built Napoleon's Wars-like map input, straight in the generic model (NW's engine does
 * not exist yet): brigades on 3"×3" bases at 1" = 100 yards, NW statuses as chips
 * (disordered, routed, suppressed, fatigue, hits), generals with their ratings and attached
 * generals, a wood that hides a British brigade from the French, trails, a melee and a
 * battery firing. Also exercises every terrain kind the renderer knows.
 */
import type { MapInput, MapUnit } from '../../src/render/map/describe';
import type { Chip, LegendEntry } from '../../src/render/map/model';
import type { TerrainFeature } from '../../src/rules/geometry/types';

const BRIGADE = { width: 3, depth: 3 } as const;
const BATTERY = { width: 2, depth: 2 } as const;
const GENERAL = { width: 1.5, depth: 1.5 } as const;

const p = (x: number, y: number) => ({ x, y });
const box = (x0: number, y0: number, x1: number, y1: number) => [p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)];

export const NW_TERRAIN: TerrainFeature[] = [
  { id: 'fields', kind: 'field', name: 'Cornfields', polygon: box(28, 3, 35, 9) },
  { id: 'ridge', kind: 'hill', name: 'Mont-Joli ridge', polygon: [p(2, 2), p(14, 1.5), p(15, 7), p(3, 8)], level: 1 },
  { id: 'knoll', kind: 'hill', name: 'The Knoll', polygon: [p(5, 3), p(10, 3), p(10, 6), p(5, 6.5)], level: 2 },
  { id: 'marsh', kind: 'marsh', name: 'Les Mares', polygon: [p(1, 14), p(7, 14.5), p(7, 18), p(1, 17.5)] },
  { id: 'orchard', kind: 'orchard', name: 'Orchard', polygon: box(22, 14, 26, 17) },
  { id: 'wood', kind: 'woods', name: 'Bois Carré', polygon: [p(13, 12), p(19, 12.5), p(19, 17), p(13, 17)], blocksLos: true },
  { id: 'farm', kind: 'built-up', name: 'Hougoumont', polygon: box(27, 18, 31, 21), blocksLos: true },
  { id: 'redoubt', kind: 'fortification', polygon: box(9, 19, 12, 21) },
  { id: 'brook', kind: 'stream', name: 'Smohain brook', line: [p(0, 11), p(10, 10), p(20, 10.5), p(36, 9.5)], width: 0.4 },
  { id: 'chaussee', kind: 'road', line: [p(24, 0), p(24, 10.3), p(25, 24)] },
  { id: 'lane', kind: 'track', line: [p(0, 20), p(12, 19.5), p(24, 16)] },
  { id: 'hedge', kind: 'obstacle', line: [p(2, 12.5), p(11, 12.2)] },
  { id: 'bridge', kind: 'bridge', at: p(24, 10.3), crosses: 'brook' },
  { id: 'ford', kind: 'ford', at: p(8, 10.2), crosses: 'brook' },
];

const chips = {
  dis: { text: 'DIS', tone: 'status' } as Chip,
  rout: { text: 'ROUT', tone: 'bad' } as Chip,
  sup: { text: 'SUP', tone: 'status' } as Chip,
  fat: (n: number): Chip => ({ text: `Fat ${n}`, tone: 'weak' }),
  hits: (n: number): Chip => ({ text: `${n} hits`, tone: n >= 3 ? 'bad' : 'weak' }),
  with: (name: string): Chip => ({ text: `★ ${name}`, tone: 'general' }),
  rating: (text: string): Chip => ({ text, tone: 'rating' }),
};

const fr = (id: string, label: string, x: number, y: number, facing: number, c: Chip[] = [], symbol: MapUnit['symbol'] = 'infantry', base: MapUnit['base'] = BRIGADE): MapUnit =>
  ({ id, side: 'french', pose: { at: p(x, y), facing }, base, symbol, label, chips: c });
const gb = (id: string, label: string, x: number, y: number, facing: number, c: Chip[] = [], symbol: MapUnit['symbol'] = 'infantry', base: MapUnit['base'] = BRIGADE): MapUnit =>
  ({ id, side: 'british', pose: { at: p(x, y), facing }, base, symbol, label, chips: c });

export const NW_UNITS: MapUnit[] = [
  fr('bachelu', 'Bachelu', 20, 6, 0, [chips.fat(1)]),
  fr('foy', 'Foy', 26.5, 8.2, 0, [chips.dis, chips.hits(2), chips.with('Reille')]),
  fr('jerome', 'Jérôme', 30.5, 15.5, 10, [chips.sup, chips.fat(2)]),
  fr('pire', 'Piré', 4, 9, 30, [], 'light-cavalry'),
  fr('kellermann', 'Kellermann', 11, 6.5, 0, [chips.fat(1)], 'heavy-cavalry'),
  fr('grand-battery', 'Grand Battery', 16, 7.5, 10, [chips.hits(1)], 'artillery', BATTERY),
  fr('train', 'Train', 33, 1.6, 270, [], 'wagon', { width: 1.5, depth: 3 }),
  { id: 'reille', side: 'french', pose: { at: p(23.5, 4), facing: 0 }, base: GENERAL, symbol: 'general', label: 'Reille', chips: [chips.rating('Pr 2')], role: 'general' },
  gb('byng', 'Byng', 29, 22.5, 180, [chips.hits(1)]),
  gb('maitland', 'Maitland', 20.5, 21, 180),
  gb('halkett', 'Halkett', 16, 14.5, 180, [chips.fat(1)]),
  gb('ponsonby', 'Ponsonby', 26.5, 11.3, 180, [chips.rout, chips.hits(3)], 'heavy-cavalry'),
  gb('picton', 'Kempt', 7, 21.5, 150, [chips.dis, chips.with('Picton')]),
  gb('rha', 'Bull RHA', 11, 18.5, 170, [], 'artillery', BATTERY),
  { id: 'wellington', side: 'british', pose: { at: p(21.5, 23), facing: 180 }, base: GENERAL, symbol: 'general', label: 'Wellington', chips: [chips.rating('Pr 3')], role: 'general' },
];

export const NW_CHIP_NOTES: LegendEntry[] = [
  { key: 'nw:dis', label: 'Disordered / suppressed', swatch: { kind: 'chip', chip: chips.dis } },
  { key: 'nw:rout', label: 'Routed / broken', swatch: { kind: 'chip', chip: chips.rout } },
  { key: 'nw:fat', label: 'Fatigue, hits taken', swatch: { kind: 'chip', chip: chips.fat(1) } },
  { key: 'nw:with', label: 'Attached general', swatch: { kind: 'chip', chip: chips.with('') } },
  { key: 'nw:rating', label: 'General: presence', swatch: { kind: 'chip', chip: chips.rating('Pr 2') } },
];

/** The NW-like battle, as an NW adapter would hand it to describeMap. */
export function nwInput(overrides: Partial<MapInput> = {}): MapInput {
  return {
    table: { width: 36, height: 24 },
    gridCell: 6,
    scale: { yardsPerInch: 100 },
    terrain: NW_TERRAIN,
    landmarks: [{ name: 'La Belle Alliance', at: p(24, 2) }, { name: 'Mont-Saint-Jean', at: p(25, 23) }],
    sides: [{ id: 'french', name: 'Armée du Nord', colour: '#1f4e9c' }, { id: 'british', name: 'Anglo-Allied Army', colour: '#c0392b' }],
    units: NW_UNITS,
    trails: [
      { unit: 'foy', points: [p(25.5, 3.5), p(26.5, 8.2)] },
      { unit: 'ponsonby', points: [p(27, 17), p(26.5, 11.3)] },
      { unit: 'pire', points: [p(2, 4), p(4, 9)] },
    ],
    engagements: [
      { id: 'melee-1', sides: [['foy'], ['ponsonby']] },
      { id: 'fire-grand-battery', sides: [['grand-battery'], ['halkett']], bombardment: { firer: 'grand-battery', target: 'halkett' } },
    ],
    ghosts: [gb('ompteda', 'Ompteda', 33.5, 12.5, 200)],
    title: { title: 'Waterloo, the western flank (NW test map)', subtitle: 'Turn 5 · 14:30 · French maneuver phase', view: 'Umpire view' },
    chipNotes: NW_CHIP_NOTES,
    ...overrides,
  };
}
