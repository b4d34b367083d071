/**
 * Where things go on the canvas, decided before any canvas exists (and tested without one):
 * a title band on top, the map with its grid labels in the margins, a footer with the
 * legend, the overview inset, the scale bar and the compass. Table y grows NORTH, canvas y
 * grows down: toPx flips it.
 */
import type { Point } from '../../rules/geometry/types';
import type { MapDescription } from './model';

/** How big to draw. The default fits a phone-friendly 2000×1500. */
export interface SizeOptions {
  readonly maxWidth?: number;
  readonly maxHeight?: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Layout {
  readonly width: number;
  readonly height: number;
  /** Scale of text and strokes: 1 at 2000×1500. */
  readonly ui: number;
  /** Canvas pixels per table inch. */
  readonly ppi: number;
  readonly header: Box;
  readonly map: Box;
  readonly footer: Box;
  readonly legend: Box;
  readonly inset: Box | null;
  readonly scale: Box;
  readonly compass: Box;
  readonly legendColumns: number;
  readonly legendRowHeight: number;
}

export const DEFAULT_SIZE = { maxWidth: 2000, maxHeight: 1500 } as const;

type Frame = Pick<MapDescription, 'frame' | 'legend' | 'overview' | 'table'>;

/**
 * Lay out a description within the size limits. Two arrangements are tried, the furniture
 * under the map (wide frames: a whole table) or beside it (tall frames: a zoomed block of
 * cells), and the one that draws the table bigger wins.
 */
export function layoutMap(d: Frame, size: SizeOptions = {}): Layout {
  const maxW = size.maxWidth ?? DEFAULT_SIZE.maxWidth;
  const maxH = size.maxHeight ?? DEFAULT_SIZE.maxHeight;
  // Text below ~10 px is unreadable whatever the image size, so ui never drops under 0.5.
  const ui = Math.max(0.5, Math.min(maxW / DEFAULT_SIZE.maxWidth, maxH / DEFAULT_SIZE.maxHeight, 3));
  const below = layoutBelow(d, maxW, maxH, ui);
  const beside = layoutBeside(d, maxW, maxH, ui);
  return beside.ppi > below.ppi * 1.02 ? beside : below;
}

const metrics = (ui: number) => ({ pad: 16 * ui, gutter: 40 * ui, headerH: 104 * ui, rowH: 30 * ui, colW: 300 * ui, insetH: 130 * ui });

function layoutBelow(d: Frame, maxW: number, maxH: number, ui: number): Layout {
  const { pad, gutter, headerH, rowH, colW, insetH } = metrics(ui);
  const sideW = 520 * ui; // scale bar + compass
  const fw = d.frame.x1 - d.frame.x0, fh = d.frame.y1 - d.frame.y0;
  const insetW = d.overview ? (insetH * d.table.width) / d.table.height : 0;
  // The legend's rows depend on the canvas width, which depends on ppi: settle it in two passes.
  const footerFor = (w: number) => {
    const legendW = Math.max(200 * ui, w - 2 * pad - sideW - (insetW ? insetW + pad : 0));
    const columns = Math.max(1, Math.floor(legendW / colW));
    const rows = Math.max(1, Math.ceil(d.legend.length / columns));
    return { legendW, columns, h: Math.max(150 * ui, rows * rowH + 2 * pad + 8 * ui) };
  };
  let foot = footerFor(maxW);
  const ppiFor = (h: number) => Math.min((maxW - 2 * (pad + gutter)) / fw, (maxH - headerH - h - 2 * gutter) / fh);
  let ppi = ppiFor(foot.h);
  // A narrow map must still leave the footer room for its contents.
  const widthFor = (p: number) => Math.min(maxW, Math.max(Math.round(1200 * ui), Math.round(fw * p + 2 * (pad + gutter))));
  foot = footerFor(widthFor(ppi));
  ppi = Math.max(0.01, ppiFor(foot.h));
  const width = widthFor(ppi);
  const mapW = fw * ppi, mapH = fh * ppi;
  const height = Math.round(headerH + 2 * gutter + mapH + foot.h);
  const footerY = headerH + 2 * gutter + mapH;
  return {
    width, height, ui, ppi,
    header: { x: 0, y: 0, w: width, h: headerH },
    map: { x: (width - mapW) / 2, y: headerH + gutter, w: mapW, h: mapH },
    footer: { x: 0, y: footerY, w: width, h: foot.h },
    legend: { x: pad, y: footerY + pad, w: foot.legendW, h: foot.h - 2 * pad },
    inset: d.overview ? { x: pad + foot.legendW + pad, y: footerY + pad, w: insetW, h: Math.min(insetH, foot.h - 2 * pad) } : null,
    scale: { x: width - pad - sideW + 20 * ui, y: footerY + pad, w: sideW - 150 * ui, h: 90 * ui },
    compass: { x: width - pad - 120 * ui, y: footerY + pad, w: 110 * ui, h: Math.min(120 * ui, foot.h - 2 * pad) },
    legendColumns: foot.columns,
    legendRowHeight: rowH,
  };
}

function layoutBeside(d: Frame, maxW: number, maxH: number, ui: number): Layout {
  const { pad, gutter, headerH, rowH, colW } = metrics(ui);
  const sideW = colW + 2 * pad + 60 * ui;
  const fw = d.frame.x1 - d.frame.x0, fh = d.frame.y1 - d.frame.y0;
  const insetW = sideW - 2 * pad;
  const insetH = d.overview ? Math.min(220 * ui, (insetW * d.table.height) / d.table.width) : 0;
  const fixedH = (insetH ? insetH + pad : 0) + 90 * ui + 130 * ui + 2 * pad;
  const room = maxH - headerH - gutter - fixedH;
  const columns = d.legend.length * rowH <= room ? 1 : 2;
  const rows = Math.ceil(d.legend.length / columns);
  const sideH = gutter + rows * rowH + fixedH;
  const ppi = Math.max(0.01, Math.min((maxW - sideW - 2 * (pad + gutter)) / fw, (maxH - headerH - 2 * gutter) / fh));
  const mapW = fw * ppi, mapH = fh * ppi;
  const width = Math.round(mapW + 2 * (pad + gutter) + sideW);
  const height = Math.round(Math.min(maxH, Math.max(headerH + 2 * gutter + mapH, headerH + sideH)));
  const sx = width - sideW + pad;
  let y = headerH + gutter;
  const legend = { x: sx, y, w: sideW - 2 * pad, h: rows * rowH };
  y += legend.h + pad;
  const inset = d.overview ? { x: sx, y, w: insetW, h: insetH } : null;
  y += insetH ? insetH + pad : 0;
  const scale = { x: sx, y, w: sideW - 2 * pad, h: 90 * ui };
  y += scale.h;
  return {
    width, height, ui, ppi,
    header: { x: 0, y: 0, w: width, h: headerH },
    map: { x: pad + gutter, y: headerH + gutter, w: mapW, h: mapH },
    footer: { x: width - sideW, y: headerH, w: sideW, h: height - headerH },
    legend, inset, scale,
    compass: { x: sx, y, w: 110 * ui, h: 120 * ui },
    legendColumns: columns,
    legendRowHeight: rowH,
  };
}

/** Table inches → canvas pixels (y flipped: north is up). */
export function projector(d: Pick<MapDescription, 'frame'>, l: Pick<Layout, 'map' | 'ppi'>): (p: Point) => { x: number; y: number } {
  const { x0, y1 } = d.frame;
  return (p) => ({ x: l.map.x + (p.x - x0) * l.ppi, y: l.map.y + (y1 - p.y) * l.ppi });
}
