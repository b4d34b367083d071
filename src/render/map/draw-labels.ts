/**
 * Labels, placed like a cartographer would: no label hides another or an arm symbol. Each
 * label tries a few anchors in priority order (units first, then towns, landmarks, rivers,
 * hills, woods); one that fits nowhere is left out and counted, and the map says how many
 * it left out, so a crowded battle stays readable and players know to zoom in.
 */
import type { Chip, PlaceLabelItem, UnitLabelItem } from './model';
import type { Ctx, Draw } from './draw-context';
import { chipSize, drawChipRow, haloText, textWidth } from './draw-text';
import { roomInside, symbolBox, type PixelBox } from './draw-units';

/** Boxes already taken, in a coarse spatial hash so 400 units place quickly. */
export class Occupied {
  private readonly cells = new Map<number, PixelBox[]>();
  private static readonly SIZE = 64;

  private keys(b: PixelBox): number[] {
    const s = Occupied.SIZE, out: number[] = [];
    for (let x = Math.floor(b.x0 / s); x <= Math.floor(b.x1 / s); x++) for (let y = Math.floor(b.y0 / s); y <= Math.floor(b.y1 / s); y++) out.push(x * 100003 + y);
    return out;
  }

  add(b: PixelBox): void {
    for (const k of this.keys(b)) {
      const list = this.cells.get(k);
      if (list) list.push(b);
      else this.cells.set(k, [b]);
    }
  }

  hits(b: PixelBox): boolean {
    for (const k of this.keys(b)) for (const o of this.cells.get(k) ?? []) if (b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1) return true;
    return false;
  }
}

interface Placed { box: PixelBox; draw: () => void }

const PLACE_PRIORITY: Readonly<Record<PlaceLabelItem['style'], number>> = { town: 0, landmark: 1, water: 2, hill: 3, wood: 4, marsh: 5 };

/**
 * Place and draw every label. `taken` already holds the arm symbols. Returns how many labels
 * could not be placed.
 */
export function drawLabels(d: Draw, units: readonly UnitLabelItem[], places: readonly PlaceLabelItem[], generals: ReadonlySet<string>, taken: Occupied): number {
  const queue: (() => void)[] = [];
  let hidden = 0;
  // A label cut by the neat line reads as a different name ("russians 2/1"): keep them inside.
  const m = d.l.map;
  const fits = (b: PixelBox) => b.x0 >= m.x && b.y0 >= m.y && b.x1 <= m.x + m.w && b.y1 <= m.y + m.h && !taken.hits(b);
  // Only a label whose thing is on the map counts as left out (a base mostly off a zoomed frame does not).
  const onMap = (p: { x: number; y: number }) => { const q = d.px(p); return q.x >= m.x && q.y >= m.y && q.x <= m.x + m.w && q.y <= m.y + m.h; };
  const ordered = [...units.filter((u) => !generals.has(u.unit)), ...units.filter((u) => generals.has(u.unit))];
  for (const u of ordered) {
    const spot = unitSpots(d, u, generals.has(u.unit)).find((p) => fits(p.box));
    if (!spot) { if (onMap(u.at)) hidden++; continue; }
    taken.add(spot.box);
    queue.push(spot.draw);
  }
  for (const p of [...places].sort((a, b) => PLACE_PRIORITY[a.style] - PLACE_PRIORITY[b.style])) {
    const spot = placeSpots(d, p).find((s) => fits(s.box));
    if (p.marker) queue.unshift(() => marker(d, p));
    if (!spot) { if (onMap(p.at)) hidden++; continue; }
    taken.add(spot.box);
    queue.push(spot.draw);
  }
  for (const draw of queue) draw();
  return hidden;
}

/** Where a unit's label may go: inside a big base, else under it, else above it. */
function unitSpots(d: Draw, u: UnitLabelItem, general: boolean): Placed[] {
  const { g, ui, ppi } = d;
  const inner = Math.min(u.base.width, u.base.depth) * ppi;
  const c = d.px(u.at);
  const textPx = (general ? 15 : 17) * ui;
  const chipPx = (general ? 12 : 14) * ui;
  const tw = textWidth(g, u.text, textPx, true);
  const rows = chipRows(g, u.chips, chipPx, Math.max(tw, 150 * ui));
  const rowsW = Math.max(0, ...rows.map((r) => rowWidth(g, r, chipPx, ui)));
  const h = textPx * 1.2 + rows.length * chipPx * 1.6;
  const w = Math.max(tw + 6 * ui, rowsW);
  const a = (u.facing * Math.PI) / 180;
  const halfH = ((Math.abs(Math.cos(a)) * u.base.depth + Math.abs(Math.sin(a)) * u.base.width) / 2) * ppi;
  const halfW = ((Math.abs(Math.sin(a)) * u.base.depth + Math.abs(Math.cos(a)) * u.base.width) / 2) * ppi;
  // Inside a big base; else under it, over it, then beside it right and left.
  const spots: { cx: number; top: number }[] = [];
  if (roomInside(d, inner)) spots.push({ cx: c.x, top: c.y + symbolBox(d, inner, general).h * 0.15 });
  spots.push({ cx: c.x, top: c.y + halfH + 2 * ui }, { cx: c.x, top: c.y - halfH - h - 2 * ui });
  spots.push({ cx: c.x + halfW + w / 2 + 3 * ui, top: c.y - h / 2 }, { cx: c.x - halfW - w / 2 - 3 * ui, top: c.y - h / 2 });
  return spots.map(({ cx, top }) => ({
    box: { x0: cx - w / 2, y0: top, x1: cx + w / 2, y1: top + h },
    draw: () => {
      const y = top + textPx * 0.6;
      haloText(g, u.text, cx, y, { px: textPx, bold: true, colour: d.pal.ink, halo: d.pal.halo, haloWidth: 4 * ui });
      let rowTop = y + textPx * 0.62;
      for (const row of rows) {
        drawChipRow(g, row, cx, rowTop, chipPx, d.pal, ui);
        rowTop += chipPx * 1.6;
      }
    },
  }));
}

function rowWidth(g: Ctx, chips: readonly Chip[], px: number, ui: number): number {
  return chips.reduce((s, c) => s + chipSize(g, c, px).w, 0) + 3 * ui * Math.max(0, chips.length - 1);
}

/** Break chips into rows no wider than `max` pixels. */
function chipRows(g: Ctx, chips: readonly Chip[], px: number, max: number): Chip[][] {
  if (chips.length === 0) return [];
  const rows: Chip[][] = [[]];
  let w = 0;
  for (const c of chips) {
    const cw = chipSize(g, c, px).w + 3;
    if (w + cw > max && rows[rows.length - 1]!.length > 0) { rows.push([]); w = 0; }
    rows[rows.length - 1]!.push(c);
    w += cw;
  }
  return rows;
}

function placeStyle(d: Draw, p: PlaceLabelItem) {
  const { ui, pal } = d;
  const colour = pal.placeText[p.style];
  if (p.marker) return { text: p.text, o: { px: 16 * ui, colour, halo: pal.halo, haloWidth: 4 * ui } };
  if (p.style === 'town') return { text: p.text, o: { px: 19 * ui, bold: true, colour, halo: pal.halo, haloWidth: 4.5 * ui } };
  if (p.style === 'water') return { text: p.text, o: { px: 15 * ui, colour, halo: pal.halo, haloWidth: 4 * ui } };
  return { text: p.text.toUpperCase(), o: { px: 14 * ui, bold: true, colour, halo: pal.halo, haloWidth: 4 * ui, spacing: 1.6 * ui } };
}

/** Where a place name may go: beside its marker (right, left, above, below), or at its anchors. */
function placeSpots(d: Draw, p: PlaceLabelItem): Placed[] {
  const { g, ui } = d;
  const { text, o } = placeStyle(d, p);
  const w = textWidth(g, text, o.px, o.bold) + ('spacing' in o ? (o.spacing ?? 0) * text.length : 0) + 4 * ui;
  const h = o.px * 1.25;
  const spot = (cx: number, cy: number): Placed => ({
    box: { x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2 },
    draw: () => haloText(g, text, cx, cy, { ...o, align: 'center' }),
  });
  if (p.marker) {
    const at = d.px(p.at), gap = 9 * ui;
    return [spot(at.x + gap + w / 2, at.y), spot(at.x - gap - w / 2, at.y), spot(at.x, at.y - gap - h / 2), spot(at.x, at.y + gap + h / 2)];
  }
  return [p.at, ...(p.candidates ?? [])].map((a) => {
    const at = d.px(a);
    return spot(at.x, at.y);
  });
}

/** A landmark's marker: a ringed dot. Always drawn, even when its name does not fit. */
function marker(d: Draw, p: PlaceLabelItem): void {
  const { g, ui, pal } = d;
  const at = d.px(p.at);
  const colour = pal.placeText[p.style];
  g.beginPath();
  g.arc(at.x, at.y, 5 * ui, 0, Math.PI * 2);
  g.fillStyle = pal.halo;
  g.fill();
  g.lineWidth = 2 * ui;
  g.strokeStyle = colour;
  g.stroke();
  g.beginPath();
  g.arc(at.x, at.y, 1.8 * ui, 0, Math.PI * 2);
  g.fillStyle = colour;
  g.fill();
}
