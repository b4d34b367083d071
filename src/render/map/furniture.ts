/**
 * The map's furniture, decided without pixels: the labelled reference grid, the scale bar and
 * the legend of what is on this map.
 */
import type { TableSize } from '../../rules/geometry/types';
import { cellPoint, columnLabel, gridShape } from '../../rules/location/grid';
import type { GridItem, Layer, LegendEntry, Rect, ScaleBar, UnitSymbol } from './model';

const EDGE = 1e-9;

/** The grid cells meeting `frame`, labelled exactly as the location parser reads them. */
export function gridItem(table: TableSize, cell: number, frame: Rect): GridItem {
  const ctx = { table, grid: { cell } };
  const { columns, rows } = gridShape(ctx);
  const cols: (GridItem['columns'][number] & { n: number })[] = [];
  for (let c = 1; c <= columns; c++) {
    const x0 = (c - 1) * cell, x1 = Math.min(table.width, c * cell);
    if (x1 > frame.x0 + EDGE && x0 < frame.x1 - EDGE) cols.push({ label: columnLabel(c), x0, x1, n: c });
  }
  const rowList: GridItem['rows'][number][] = [];
  for (let r = 1; r <= rows; r++) {
    const y1 = table.height - (r - 1) * cell, y0 = Math.max(0, y1 - cell);
    if (y1 > frame.y0 + EDGE && y0 < frame.y1 - EDGE) rowList.push({ label: String(r), y0, y1 });
  }
  const cells: GridItem['cells'][number][] = [];
  for (const row of rowList) {
    for (const col of cols) {
      cells.push({ ref: `${col.label}${row.label}`, centre: cellPoint({ column: col.n, row: Number(row.label) }, ctx), x0: col.x0, y1: row.y1 });
    }
  }
  return { kind: 'grid', cell, columns: cols.map(({ label, x0, x1 }) => ({ label, x0, x1 })), rows: rowList, cells };
}

const MILE_STEPS = [0.25, 0.5, 1, 2, 3, 5, 10, 20] as const;
const YARD_STEPS = [50, 100, 200, 250, 500, 1000, 2000, 5000, 10000] as const;

/**
 * A scale bar at most a fifth of the frame's width, in the scenario's own unit: miles when it
 * gives inches per mile (DRAM §1: 6 in = 1 mile), yards when it gives yards per inch (NW: 100).
 */
export function scaleBar(scale: { readonly inchesPerMile?: number; readonly yardsPerInch?: number; readonly tableUnit?: 'in' | 'mm' }, frameWidth: number): ScaleBar {
  // A millimetre table (Kuryakin, KUR L3: 1 mm = 1 yard) draws its coordinates as table units too.
  const tu = scale.tableUnit ?? 'in';
  const target = frameWidth * 0.2;
  if (scale.inchesPerMile !== undefined && scale.yardsPerInch === undefined) {
    const ipm = scale.inchesPerMile;
    const length = [...MILE_STEPS].reverse().find((m) => m * ipm <= target) ?? MILE_STEPS[0];
    const label = length === 0.25 ? '¼ mile' : length === 0.5 ? '½ mile' : `${length} mile${length === 1 ? '' : 's'}`;
    return { unit: 'mile', inchesPerUnit: ipm, length, divisions: length >= 1 && Number.isInteger(length) && length <= 3 ? length * 2 : length < 1 ? 2 : 5, label, per: `${ipm} ${tu} = 1 mile` };
  }
  if (scale.yardsPerInch !== undefined) {
    const ipy = 1 / scale.yardsPerInch;
    const length = [...YARD_STEPS].reverse().find((y) => y * ipy <= target) ?? YARD_STEPS[0];
    return { unit: 'yard', inchesPerUnit: ipy, length, divisions: String(length).startsWith('2') || String(length).startsWith('5') ? 5 : 4, label: `${length.toLocaleString('en-GB')} yards`, per: scale.yardsPerInch === 1 ? `1 ${tu} = 1 yard` : `1 ${tu} = ${Math.round(scale.yardsPerInch)} yards` };
  }
  const length = Math.max(1, Math.round(target));
  return { unit: 'inch', inchesPerUnit: 1, length, divisions: Math.min(6, length), label: `${length} ${tu}`, per: tu === 'mm' ? 'table millimetres' : 'table inches' };
}

const SYMBOL_NAMES: Readonly<Record<UnitSymbol, string>> = {
  infantry: 'Infantry', 'light-cavalry': 'Light cavalry', 'heavy-cavalry': 'Heavy cavalry', artillery: 'Artillery', general: 'General', wagon: 'Supply wagons',
};

const TERRAIN_NAMES: Readonly<Record<string, string>> = {
  woods: 'Woods', forest: 'Woods', orchard: 'Orchard', 'built-up': 'Built-up area', town: 'Built-up area', hill: 'Hill (contours)',
  marsh: 'Marsh', field: 'Fields', fortification: 'Earthworks', river: 'River', stream: 'Stream', road: 'Road', track: 'Track',
  obstacle: 'Wall or hedge', bridge: 'Bridge', ford: 'Ford',
};

/**
 * The legend of what is on this map and nothing else: the sides with units shown, the arms,
 * the terrain kinds, the effects of the last phase, then the ruleset's chip notes for the
 * chip tones actually drawn.
 */
export function legendFor(layers: readonly Layer[], sides: readonly { id: string; name: string; colour: string }[], chipNotes: readonly LegendEntry[]): LegendEntry[] {
  const items = layers.flatMap((l) => l.items);
  const out: LegendEntry[] = [];
  const seenSides = new Set(items.flatMap((i) => (i.kind === 'unit' ? [i.side] : [])));
  for (const s of sides) if (seenSides.has(s.id)) out.push({ key: `side:${s.id}`, label: s.name, swatch: { kind: 'side', colour: s.colour } });
  const symbols = new Set(items.flatMap((i) => (i.kind === 'unit' || i.kind === 'ghost' ? [i.symbol] : [])));
  for (const sym of Object.keys(SYMBOL_NAMES) as UnitSymbol[]) if (symbols.has(sym)) out.push({ key: `symbol:${sym}`, label: SYMBOL_NAMES[sym], swatch: { kind: 'symbol', symbol: sym } });
  const kinds = new Set<string>();
  for (const i of items) {
    if (i.kind !== 'area' && i.kind !== 'line' && i.kind !== 'crossing') continue;
    const k = i.terrain === 'forest' ? 'woods' : i.terrain === 'town' ? 'built-up' : i.terrain;
    if (kinds.has(k)) continue;
    kinds.add(k);
    out.push({ key: `terrain:${k}`, label: TERRAIN_NAMES[k] ?? k, swatch: { kind: 'terrain', terrain: k as never } });
  }
  const effects: [string, 'trail' | 'smoke' | 'puff' | 'ghost', string][] = [
    ['trail', 'trail', 'Moved this phase'], ['smoke', 'smoke', 'Combat'], ['puff', 'puff', 'Artillery fire'], ['ghost', 'ghost', 'Removed this phase'],
  ];
  for (const [kind, effect, label] of effects) if (items.some((i) => i.kind === kind)) out.push({ key: `effect:${effect}`, label, swatch: { kind: 'effect', effect } });
  const tones = new Set(items.flatMap((i) => (i.kind === 'unit-label' ? i.chips.map((c) => c.tone) : [])));
  for (const n of chipNotes) if (n.swatch.kind !== 'chip' || tones.has(n.swatch.chip.tone)) out.push(n);
  return out;
}
