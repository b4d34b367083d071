/**
 * The reference grid players type into orders: faint cell lines on the map, the cell name in
 * each cell's north-west corner (so a zoomed-in phone still knows where it is), and bold
 * column letters and row numbers in the margins, outside the terrain, where nothing covers them.
 * Also the neat line round the map.
 */
import type { GridItem } from './model';
import type { Draw } from './draw-context';
import { haloText } from './draw-text';

export function drawGridLines(d: Draw, grid: GridItem): void {
  const { g, l, ui, pal } = d;
  const m = l.map;
  g.save();
  g.beginPath();
  g.rect(m.x, m.y, m.w, m.h);
  g.clip();
  g.strokeStyle = pal.grid;
  g.lineWidth = 1.2 * ui;
  g.beginPath();
  for (const c of grid.columns) {
    const x = Math.round(d.px({ x: c.x0, y: 0 }).x) + 0.5;
    g.moveTo(x, m.y);
    g.lineTo(x, m.y + m.h);
  }
  for (const r of grid.rows) {
    const y = Math.round(d.px({ x: 0, y: r.y1 }).y) + 0.5;
    g.moveTo(m.x, y);
    g.lineTo(m.x + m.w, y);
  }
  g.stroke();
  const px = 14 * ui;
  // Cell names only where a cell is big enough to carry one without hiding the ground.
  const cellPx = grid.cell * d.ppi;
  for (const cell of cellPx >= 90 * ui ? grid.cells : []) {
    const p = d.px({ x: cell.x0, y: cell.y1 });
    const x = Math.max(p.x, m.x) + 5 * ui, y = Math.max(p.y, m.y) + 5 * ui + px / 2;
    haloText(g, cell.ref, x, y, { px, bold: true, colour: 'rgba(60, 50, 30, 0.6)', halo: 'rgba(251, 248, 238, 0.7)', align: 'left', haloWidth: 3 * ui });
  }
  g.restore();
}

/** Neat line and margin labels: letters above and below, numbers left and right. */
export function drawGridMargins(d: Draw, grid: GridItem): void {
  const { g, l, ui, pal } = d;
  const m = l.map;
  g.strokeStyle = pal.ink;
  g.lineWidth = 2.4 * ui;
  g.strokeRect(m.x, m.y, m.w, m.h);
  g.lineWidth = 1 * ui;
  g.strokeRect(m.x - 5 * ui, m.y - 5 * ui, m.w + 10 * ui, m.h + 10 * ui);
  const px = 24 * ui;
  const o = { px, bold: true, colour: pal.ink, halo: pal.margin, haloWidth: 0.1 };
  for (const c of grid.columns) {
    const x = (Math.max(d.px({ x: c.x0, y: 0 }).x, m.x) + Math.min(d.px({ x: c.x1, y: 0 }).x, m.x + m.w)) / 2;
    haloText(g, c.label, x, m.y - 22 * ui, o);
    haloText(g, c.label, x, m.y + m.h + 22 * ui, o);
  }
  for (const r of grid.rows) {
    const y = (Math.max(d.px({ x: 0, y: r.y1 }).y, m.y) + Math.min(d.px({ x: 0, y: r.y0 }).y, m.y + m.h)) / 2;
    haloText(g, r.label, m.x - 22 * ui, y, o);
    haloText(g, r.label, m.x + m.w + 22 * ui, y, o);
  }
}
