/**
 * Bases and their labels. A base is its real footprint, turned to its facing, in its side's
 * colour, with a darker front band and a heavy front edge so facing reads at a glance. The
 * arm symbol (NATO-ish) sits upright in a white box; labels and chips are drawn in the labels
 * layer, over every base, inside the base when it is big enough and under it when not.
 */
import type { GhostItem, UnitItem, UnitSymbol } from './model';
import type { Occupied, PixelBox } from './label-boxes';
import { pixelBounds, polygonPath, type Ctx, type Draw } from './draw-context';
import { haloText, textWidth } from './draw-text';
import { luminance, shade } from './palette';

type P = { x: number; y: number };

const lerp = (a: P, b: P, t: number): P => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

export type { PixelBox } from './label-boxes';

/** Size of the symbol box for a base of this pixel size. */
export function symbolBox(d: Draw, inner: number, general: boolean): { w: number; h: number } {
  const w = Math.max(14 * d.ui, Math.min((general ? 30 : 48) * d.ui, inner * 0.5));
  return { w, h: w * 0.68 };
}

/**
 * Draw every base in three passes — all fills, then all edges, then all symbols — so where
 * blocks overlap (a general on his division, a heap after a melee) each block still shows its
 * outline and its symbol: a heap reads as so many blocks, not one blot. Returns the symbol
 * boxes (labels avoid them).
 */
export function drawUnits(d: Draw, units: readonly UnitItem[], taken: Occupied): { unit: string; box: PixelBox }[] {
  const px = units.map((u) => u.corners.map(d.px) as [P, P, P, P]);
  units.forEach((u, i) => baseFill(d, u, px[i]!));
  units.forEach((u, i) => baseEdges(d, u, px[i]!));
  const out: { unit: string; box: PixelBox }[] = [];
  units.forEach((u, i) => {
    const box = unitSymbol(d, u, px[i]!, taken);
    if (!box) return;
    taken.add(box);
    out.push({ unit: u.unit, box });
  });
  return out;
}

function baseFill(d: Draw, u: UnitItem, [fl, fr, rr, rl]: readonly [P, P, P, P]): void {
  const { g } = d;
  polygonPath(g, [fl, fr, rr, rl]);
  g.fillStyle = u.colour;
  g.fill();
  // Front band: the leading fifth of the base, darker.
  polygonPath(g, [fl, fr, lerp(fr, rr, 0.2), lerp(fl, rl, 0.2)]);
  g.fillStyle = shade(u.colour, -0.28);
  g.fill();
}

function baseEdges(d: Draw, u: UnitItem, [fl, fr, rr, rl]: readonly [P, P, P, P]): void {
  const { g, ui } = d;
  polygonPath(g, [fl, fr, rr, rl]);
  g.lineJoin = 'miter';
  g.lineWidth = 1.6 * ui;
  g.strokeStyle = shade(u.colour, -0.5);
  g.stroke();
  g.beginPath();
  g.moveTo(fl.x, fl.y);
  g.lineTo(fr.x, fr.y);
  g.lineWidth = 3.4 * ui;
  g.strokeStyle = luminance(u.colour) < 0.08 ? '#f4f1e6' : '#141414';
  g.stroke();
}

/**
 * The arm symbol, upright, at the base's centre — or, when another symbol is already there
 * (overlapping bases), at the first point along the base's own length and breadth that is
 * clear, so every block in a heap shows what it is. Null when the base is too small for one.
 */
function unitSymbol(d: Draw, u: UnitItem, [fl, fr, rr, rl]: readonly [P, P, P, P], taken: Occupied): PixelBox | null {
  const { g, ui } = d;
  const inner = Math.min(Math.hypot(fr.x - fl.x, fr.y - fl.y), Math.hypot(rr.x - fr.x, rr.y - fr.y));
  if (!carriesSymbol(d, inner)) return null;
  const box = symbolBox(d, inner, u.role === 'general');
  const c = d.px(u.centre);
  const lift = roomInside(d, inner) ? -box.h * 0.55 : 0;
  // Points of the base as fractions from the centre towards front/rear (t) and right/left (s).
  const front = lerp(fl, fr, 0.5), right = lerp(fr, rr, 0.5);
  const ahead = { x: front.x - c.x, y: front.y - c.y }, side = { x: right.x - c.x, y: right.y - c.y };
  const at = (t: number, s: number): PixelBox => {
    const x = c.x + ahead.x * t + side.x * s, y = c.y + lift + ahead.y * t + side.y * s;
    return { x0: x - box.w / 2, y0: y - box.h / 2, x1: x + box.w / 2, y1: y + box.h / 2 };
  };
  const tries = [at(0, 0), at(-0.5, 0), at(0.5, 0), at(0, 0.5), at(0, -0.5), at(-0.5, 0.5), at(-0.5, -0.5), at(0.5, 0.5), at(0.5, -0.5)];
  const spot = tries.find((b) => !taken.hits(b)) ?? tries[0]!;
  drawSymbol(g, u.symbol, (spot.x0 + spot.x1) / 2, (spot.y0 + spot.y1) / 2, box.w, box.h, ui, u.colour);
  return spot;
}

/** Bases a few pixels across (a 400-stand battle on one screen) show colour and facing only. */
export function carriesSymbol(d: Draw, innerPx: number): boolean {
  return innerPx >= 12 * d.ui;
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
  // Kept inside the neat line like every other label: a ghost by the edge is still named.
  const text = `${u.label} ✝`, m = d.l.map, half = textWidth(g, text, 15 * ui, true) / 2 + 2 * ui;
  const x = Math.min(m.x + m.w - half, Math.max(m.x + half, (b.x0 + b.x1) / 2));
  const y = Math.min(m.y + m.h - 10 * ui, Math.max(m.y + 10 * ui, b.y1 + 11 * ui));
  haloText(g, text, x, y, { px: 15 * ui, bold: true, colour: pal.inkSoft, halo: pal.halo });
}
