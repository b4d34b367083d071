/**
 * The canvas step: paint a MapDescription, layer by layer, then encode it small enough for
 * Discord. Fonts are registered before the first canvas exists (node-canvas reads them then),
 * so the picture is the same on every machine.
 */
import { createCanvas, type Canvas } from 'canvas';
import { pointSegmentDistance } from '../../rules/geometry/primitives';
import { registerFonts } from '../fonts';
import type { Draw } from './draw-context';
import { drawPuff, drawSmoke, drawTrail } from './draw-effects';
import { drawCompass, drawHeader, drawInset, drawLegend, drawScaleBar } from './draw-furniture';
import { drawGridLines, drawGridMargins } from './draw-grid';
import { drawLabels, type PlacedLabel } from './draw-labels';
import { drawMovePlan } from './draw-move-plan';
import { Occupied, type PixelBox } from './label-boxes';
import { drawArea, drawCrossing, drawLine, lineWidthPx } from './draw-terrain';
import { drawGhost, drawUnits } from './draw-units';
import { layoutMap, projector, type SizeOptions } from './layout';
import type { CrossingItem, LineItem, MapDescription, MapItem, PlaceLabelItem, UnitItem, UnitLabelItem } from './model';
import { palette } from './palette';

/** A painted map, and how many labels were left out because they would have hidden others. */
export interface DrawnMap {
  readonly canvas: Canvas;
  readonly hiddenLabels: number;
  /** Where every label and arm symbol went, in canvas pixels (what the layout tests read). */
  readonly labels: readonly PlacedLabel[];
  readonly symbols: readonly { readonly unit: string; readonly box: PixelBox }[];
}

/** Paint the description on a new canvas sized by `size` (default about 2000×1500). */
export function drawMap(desc: MapDescription, size: SizeOptions = {}): DrawnMap {
  registerFonts();
  const l = layoutMap(desc, size);
  const canvas = createCanvas(l.width, l.height);
  const g = canvas.getContext('2d');
  const pal = palette(desc.palette);
  const d: Draw = { g, pal, l, px: projector(desc, l), ui: l.ui, ppi: l.ppi };

  g.fillStyle = pal.margin;
  g.fillRect(0, 0, l.width, l.height);
  g.save();
  g.beginPath();
  g.rect(l.map.x, l.map.y, l.map.w, l.map.h);
  g.clip();
  g.fillStyle = pal.paper;
  g.fillRect(l.map.x, l.map.y, l.map.w, l.map.h);
  const water = desc.layers.find((x) => x.name === 'water')?.items.filter((i): i is LineItem => i.kind === 'line') ?? [];
  const generals = new Set(desc.layers.flatMap((x) => x.items).flatMap((i) => (i.kind === 'unit' && i.role === 'general' ? [i.unit] : [])));
  const taken = new Occupied();
  let hiddenLabels = 0;
  const labels: PlacedLabel[] = [];
  const symbols: { unit: string; box: PixelBox }[] = [];
  for (const layer of desc.layers) {
    if (layer.name === 'labels') {
      const units = layer.items.filter((i): i is UnitLabelItem => i.kind === 'unit-label');
      const places = layer.items.filter((i): i is PlaceLabelItem => i.kind === 'place-label');
      const placed = drawLabels(d, units, places, generals, taken);
      hiddenLabels += placed.hidden;
      labels.push(...placed.placed);
      continue;
    }
    symbols.push(...drawUnits(d, layer.items.filter((i): i is UnitItem => i.kind === 'unit'), taken));
    for (const item of layer.items) {
      if (item.kind !== 'unit' && item.kind !== 'unit-label' && item.kind !== 'place-label') drawItem(d, item, water);
    }
  }
  if (desc.plan) drawMovePlan(d, desc.plan);
  g.restore();

  const grid = desc.layers.flatMap((x) => x.items).find((i) => i.kind === 'grid');
  if (grid?.kind === 'grid') drawGridMargins(d, grid);
  drawHeader(d, desc, hiddenLabels);
  drawLegend(d, desc);
  drawInset(d, desc);
  drawScaleBar(d, desc);
  drawCompass(d);
  return { canvas, hiddenLabels, labels, symbols };
}

function drawItem(d: Draw, item: Exclude<MapItem, { kind: 'unit' | 'unit-label' | 'place-label' }>, water: readonly LineItem[]): void {
  switch (item.kind) {
    case 'area': return drawArea(d, item);
    case 'line': return drawLine(d, item);
    case 'crossing': return drawCrossing(d, item, crossedWidth(d, item, water));
    case 'grid': return drawGridLines(d, item);
    case 'trail': return drawTrail(d, item);
    case 'ghost': return drawGhost(d, item);
    case 'smoke': return drawSmoke(d, item);
    case 'puff': return drawPuff(d, item);
  }
}

/** Drawn width of the water a bridge or ford crosses: the nearest river or stream. */
function crossedWidth(d: Draw, c: CrossingItem, water: readonly LineItem[]): number {
  let best: { dist: number; w: number } | undefined;
  for (const w of water) {
    for (let i = 1; i < w.line.length; i++) {
      const dist = pointSegmentDistance(c.at, w.line[i - 1]!, w.line[i]!);
      if (!best || dist < best.dist) best = { dist, w: lineWidthPx(d, w) };
    }
  }
  return best?.w ?? 8 * d.ui;
}

/** What renderMap produced: the bytes to attach, and how it got there. */
export interface RenderedMap {
  readonly data: Buffer;
  readonly format: 'png' | 'jpeg';
  readonly width: number;
  readonly height: number;
  readonly hiddenLabels: number;
  /** Each encoding tried, in order ("png 2000x1412 1.21 MB"). */
  readonly attempts: readonly string[];
}

export interface RenderOptions extends SizeOptions {
  /** Largest acceptable file in bytes (default 2 MB, far under Discord's 10 MiB). */
  readonly maxBytes?: number;
}

export const MAX_MAP_BYTES = 2 * 1024 * 1024;

/**
 * Draw and encode. PNG first (crisp text and lines). zlib level 3: measured on Ligny and the
 * 400-stand battle at 2000×1500, level 6 is 4-5% smaller but 30 ms slower, level 9 ten times
 * slower for nothing; these flat-coloured maps are 0.5-0.8 MB anyway. When PNG is over
 * `maxBytes`, JPEG at quality 0.85; when even that is too big, draw again smaller, scaled by
 * the square root of the overshoot (bytes grow with area), and retry.
 */
export function renderMap(desc: MapDescription, opts: RenderOptions = {}): RenderedMap {
  const maxBytes = opts.maxBytes ?? MAX_MAP_BYTES;
  const attempts: string[] = [];
  let maxWidth = opts.maxWidth ?? 2000, maxHeight = opts.maxHeight ?? 1500;
  let last: RenderedMap | undefined;
  for (let round = 0; round < 5; round++) {
    const { canvas, hiddenLabels } = drawMap(desc, { maxWidth, maxHeight });
    const note = (format: string, data: Buffer) => attempts.push(`${format} ${canvas.width}x${canvas.height} ${(data.length / 1048576).toFixed(2)} MB`);
    const result = (data: Buffer, format: 'png' | 'jpeg'): RenderedMap => ({ data, format, width: canvas.width, height: canvas.height, hiddenLabels, attempts });
    if (round === 0) {
      const png = canvas.toBuffer('image/png', { compressionLevel: 3 });
      note('png', png);
      if (png.length <= maxBytes) return result(png, 'png');
    }
    const jpeg = canvas.toBuffer('image/jpeg', { quality: 0.85 });
    note('jpeg', jpeg);
    last = result(jpeg, 'jpeg');
    if (jpeg.length <= maxBytes) return last;
    const k = Math.max(0.3, Math.min(0.85, 0.92 * Math.sqrt(maxBytes / jpeg.length)));
    maxWidth = Math.round(maxWidth * k);
    maxHeight = Math.round(maxHeight * k);
  }
  // Five rounds do not fail for any sane limit; return the smallest we made rather than nothing.
  return last!;
}
