/**
 * Text that stays readable over any terrain: every map label is stroked with a light halo
 * first, then filled. Chips are small rounded tags with their own fill.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { FONT_FAMILY } from '../fonts';
import type { Chip } from './model';
import type { Palette } from './palette';

type Ctx = CanvasRenderingContext2D;

/** A font string in the bundled family. */
export const font = (px: number, bold = false): string => `${bold ? 'bold ' : ''}${Math.max(6, Math.round(px * 10) / 10)}px "${FONT_FAMILY}"`;

export interface HaloOptions {
  readonly px: number;
  readonly bold?: boolean;
  readonly colour: string;
  readonly halo: string;
  /** Halo width in pixels (default: a quarter of the font size, at least 2). */
  readonly haloWidth?: number;
  readonly align?: 'left' | 'center' | 'right';
  readonly baseline?: 'alphabetic' | 'middle' | 'top' | 'bottom';
  /** Extra space between letters, in pixels (spaced capitals for terrain names). */
  readonly spacing?: number;
}

// node-canvas re-parses the font and lays text out with Pango on every `font =` and every
// measureText: on a 400-unit map that was a third of the drawing time. Set a font only when it
// changes, and measure text as the sum of cached per-character advances (close enough to
// place labels; the text itself is drawn by Pango).
const lastFont = new WeakMap<Ctx, string>();
const advances = new Map<string, Map<string, number>>();

/** Set the context's font, skipping the costly re-parse when it is already set. */
export function setFont(g: Ctx, f: string): void {
  if (lastFont.get(g) === f) return;
  g.font = f;
  lastFont.set(g, f);
}

/** Haloed text at (x, y). */
export function haloText(g: Ctx, text: string, x: number, y: number, o: HaloOptions): void {
  setFont(g, font(o.px, o.bold));
  g.textAlign = o.spacing ? 'left' : o.align ?? 'center';
  g.textBaseline = o.baseline ?? 'middle';
  g.lineJoin = 'round';
  g.lineWidth = o.haloWidth ?? Math.max(2, o.px / 4);
  g.strokeStyle = o.halo;
  g.fillStyle = o.colour;
  if (!o.spacing) {
    g.strokeText(text, x, y);
    g.fillText(text, x, y);
    return;
  }
  // Letter-spaced: lay the glyphs out one by one.
  const widths = [...text].map((c) => textWidth(g, c, o.px, o.bold) + o.spacing!);
  setFont(g, font(o.px, o.bold));
  const total = widths.reduce((s, w) => s + w, 0) - o.spacing;
  const cx = (o.align ?? 'center') === 'center' ? x - total / 2 : o.align === 'right' ? x - total : x;
  const chars = [...text];
  for (const pass of ['stroke', 'fill'] as const) {
    let px = cx;
    chars.forEach((c, i) => {
      if (pass === 'stroke') g.strokeText(c, px, y);
      else g.fillText(c, px, y);
      px += widths[i]!;
    });
  }
}

/** Width of text in a font (sum of cached character advances). */
export function textWidth(g: Ctx, text: string, px: number, bold = false): number {
  const f = font(px, bold);
  let table = advances.get(f);
  if (!table) advances.set(f, (table = new Map()));
  let w = 0;
  for (const c of text) {
    let a = table.get(c);
    if (a === undefined) {
      setFont(g, f);
      a = g.measureText(c).width;
      table.set(c, a);
    }
    w += a;
  }
  return w;
}

export function roundRect(g: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.min(r, w / 2, h / 2);
  g.beginPath();
  g.moveTo(x + rr, y);
  g.arcTo(x + w, y, x + w, y + h, rr);
  g.arcTo(x + w, y + h, x, y + h, rr);
  g.arcTo(x, y + h, x, y, rr);
  g.arcTo(x, y, x + w, y, rr);
  g.closePath();
}

/** Size of one chip at a font size. */
export function chipSize(g: Ctx, chip: Chip, px: number): { w: number; h: number } {
  const w = textWidth(g, chip.text, px, true);
  // Order chits are square, like the cardboard chit on the table.
  const h = px * 1.45;
  return { w: chip.tone === 'order' && chip.text.length === 1 ? h : w + px * 0.8, h };
}

/** One chip with its top-left corner at (x, y). */
export function drawChip(g: Ctx, chip: Chip, x: number, y: number, px: number, pal: Palette, ui: number): void {
  const { w, h } = chipSize(g, chip, px);
  const c = pal.chips[chip.tone];
  roundRect(g, x, y, w, h, chip.tone === 'order' ? 2 * ui : h / 2.6);
  g.fillStyle = c.fill;
  g.fill();
  g.lineWidth = Math.max(1, 1.4 * ui);
  g.strokeStyle = c.stroke;
  if (chip.tone === 'pending') g.setLineDash([3 * ui, 2 * ui]);
  g.stroke();
  g.setLineDash([]);
  setFont(g, font(px, true));
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillStyle = c.text;
  g.fillText(chip.text, x + w / 2, y + h / 2 + px * 0.04);
}

/** A row of chips centred on x, top at y; returns its total width. */
export function drawChipRow(g: Ctx, chips: readonly Chip[], cx: number, y: number, px: number, pal: Palette, ui: number): number {
  const gap = 3 * ui;
  const sizes = chips.map((c) => chipSize(g, c, px));
  const total = sizes.reduce((s, z) => s + z.w, 0) + gap * Math.max(0, chips.length - 1);
  let x = cx - total / 2;
  chips.forEach((c, i) => {
    drawChip(g, c, x, y, px, pal, ui);
    x += sizes[i]!.w + gap;
  });
  return total;
}
