/**
 * Bases and their labels. A base is its real footprint, turned to its facing, in its side's
 * colour, with a darker front band and a heavy front edge so facing reads at a glance. The
 * arm symbol (NATO-ish) sits upright in a white box; labels and chips are drawn in the labels
 * layer, over every base, inside the base when it is big enough and under it when not.
 */
import type { GhostItem, UnitItem, UnitSymbol } from './model';
import { pixelBounds, polygonPath, type Ctx, type Draw } from './draw-context';
import { haloText } from './draw-text';
import { luminance, shade } from './palette';

type P = { x: number; y: number };

const lerp = (a: P, b: P, t: number): P => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** A rectangle in canvas pixels. */
export interface PixelBox { x0: number; y0: number; x1: number; y1: number }

/** Size of the symbol box for a base of this pixel size. */
export function symbolBox(d: Draw, inner: number, general: boolean): { w: number; h: number } {
  const w = Math.max(14 * d.ui, Math.min((general ? 30 : 48) * d.ui, inner * 0.5));
  return { w, h: w * 0.68 };
}

/** Draw a base; returns its symbol box in pixels (labels avoid it), or null when too small for one. */
export function drawUnit(d: Draw, u: UnitItem): PixelBox | null {
  const { g, ui } = d;
  const [fl, fr, rr, rl] = u.corners.map(d.px) as [P, P, P, P];
  const edge = shade(u.colour, -0.5);
  polygonPath(g, [fl, fr, rr, rl]);
  g.fillStyle = u.colour;
  g.fill();
  // Front band: the leading fifth of the base, darker.
  polygonPath(g, [fl, fr, lerp(fr, rr, 0.2), lerp(fl, rl, 0.2)]);
  g.fillStyle = shade(u.colour, -0.28);
  g.fill();
  polygonPath(g, [fl, fr, rr, rl]);
  g.lineJoin = 'miter';
  g.lineWidth = 1.6 * ui;
  g.strokeStyle = edge;
  g.stroke();
  g.beginPath();
  g.moveTo(fl.x, fl.y);
  g.lineTo(fr.x, fr.y);
  g.lineWidth = 3.4 * ui;
  g.strokeStyle = luminance(u.colour) < 0.08 ? '#f4f1e6' : '#141414';
  g.stroke();

  const inner = Math.min(Math.hypot(fr.x - fl.x, fr.y - fl.y), Math.hypot(rr.x - fr.x, rr.y - fr.y));
  const box = symbolBox(d, inner, u.role === 'general');
  const c = d.px(u.centre);
  // Bases a few pixels across (a 400-stand battle on one screen) show colour and facing only.
  if (inner < 12 * ui) return null;
  const y = roomInside(d, inner) ? c.y - box.h * 0.55 : c.y;
  drawSymbol(g, u.symbol, c.x, y, box.w, box.h, ui, u.colour);
  return { x0: c.x - box.w / 2, y0: y - box.h / 2, x1: c.x + box.w / 2, y1: y + box.h / 2 };
}

/** Is the base big enough (in pixels) to hold its label and chips under the symbol? */
export function roomInside(d: Draw, innerPx: number): boolean {
  return innerPx >= 96 * d.ui;
}

/** The arm symbol in an upright white box centred on (x, y). */
export function drawSymbol(g: Ctx, s: UnitSymbol, x: number, y: number, w: number, h: number, ui: number, colour: string): void {
  const x0 = x - w / 2, y0 = y - h / 2;
  g.lineCap = 'butt';
  g.lineJoin = 'miter';
  if (s === 'general') {
    // A general: a star on a pennant-shaped flag.
    g.beginPath();
    g.moveTo(x0, y0);
    g.lineTo(x0 + w, y0);
    g.lineTo(x0 + w * 0.82, y);
    g.lineTo(x0 + w, y0 + h);
    g.lineTo(x0, y0 + h);
    g.closePath();
    g.fillStyle = '#fffdf5';
    g.fill();
    g.lineWidth = 1.5 * ui;
    g.strokeStyle = '#1b1b1b';
    g.stroke();
    star(g, x0 + w * 0.42, y, h * 0.36, colour === '#ffffff' ? '#1b1b1b' : shade(colour, -0.35));
    return;
  }
  g.fillStyle = '#ffffff';
  g.fillRect(x0, y0, w, h);
  g.lineWidth = 1.5 * ui;
  g.strokeStyle = '#1b1b1b';
  g.strokeRect(x0, y0, w, h);
  g.beginPath();
  g.lineWidth = 1.6 * ui;
  if (s === 'infantry' || s === 'light-cavalry' || s === 'heavy-cavalry') {
    g.moveTo(x0, y0 + h);
    g.lineTo(x0 + w, y0);
  }
  if (s === 'infantry') {
    g.moveTo(x0, y0);
    g.lineTo(x0 + w, y0 + h);
  }
  g.stroke();
  if (s === 'heavy-cavalry') {
    // Heavy: the cavalry diagonal under a solid bar ("armoured" horse).
    g.fillStyle = '#1b1b1b';
    g.fillRect(x0, y0, w, h * 0.22);
  }
  if (s === 'artillery') {
    g.beginPath();
    g.arc(x, y, h * 0.2, 0, Math.PI * 2);
    g.fillStyle = '#1b1b1b';
    g.fill();
  }
  if (s === 'wagon') {
    g.beginPath();
    g.moveTo(x0 + w * 0.2, y0 + h * 0.45);
    g.lineTo(x0 + w * 0.8, y0 + h * 0.45);
    g.stroke();
    for (const fx of [0.32, 0.68]) {
      g.beginPath();
      g.arc(x0 + w * fx, y0 + h * 0.68, h * 0.13, 0, Math.PI * 2);
      g.stroke();
    }
  }
}

function star(g: Ctx, x: number, y: number, r: number, fill: string): void {
  g.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    const px = x + Math.cos(a) * rr, py = y + Math.sin(a) * rr;
    if (i === 0) g.moveTo(px, py);
    else g.lineTo(px, py);
  }
  g.closePath();
  g.fillStyle = fill;
  g.fill();
}

/** A removed stand: a faded, dashed footprint struck through. */
export function drawGhost(d: Draw, u: GhostItem, withLabel = true): void {
  const { g, ui, pal } = d;
  const pts = u.corners.map(d.px);
  g.save();
  g.globalAlpha = 0.35;
  polygonPath(g, pts);
  g.fillStyle = u.colour;
  g.fill();
  g.globalAlpha = 0.75;
  g.setLineDash([5 * ui, 4 * ui]);
  g.lineWidth = 1.8 * ui;
  g.strokeStyle = shade(u.colour, -0.5);
  g.stroke();
  g.setLineDash([]);
  g.beginPath();
  g.moveTo(pts[0]!.x, pts[0]!.y);
  g.lineTo(pts[2]!.x, pts[2]!.y);
  g.moveTo(pts[1]!.x, pts[1]!.y);
  g.lineTo(pts[3]!.x, pts[3]!.y);
  g.lineWidth = 2.2 * ui;
  g.stroke();
  g.restore();
  if (!withLabel) return;
  const b = pixelBounds(pts);
  haloText(g, `${u.label} ✝`, (b.x0 + b.x1) / 2, b.y1 + 11 * ui, { px: 15 * ui, bold: true, colour: pal.inkSoft, halo: pal.halo });
}
