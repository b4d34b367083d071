/**
 * Terrain as a period map draws it: woods as clusters of tree crowns, villages as house
 * blocks, hills as contours with hachures pointing downhill, marsh tufts, rivers with banks,
 * cased roads, dashed tracks, bridge and ford symbols. Texture marks are sized in pixels
 * (they are symbols, not scale drawings), seeded by the feature id.
 */
import type { AreaItem, CrossingItem, LineItem } from './model';
import { hash, inside, pixelBounds, polygonPath, rng, smoothPath, type Ctx, type Draw } from './draw-context';
import { shade } from './palette';
import { centroid } from './terrain-items';

type P = { x: number; y: number };

export function drawArea(d: Draw, a: AreaItem): void {
  const { g, pal, ui } = d;
  const pts = a.polygon.map(d.px);
  const kind = a.terrain === 'forest' ? 'woods' : a.terrain === 'town' ? 'built-up' : a.terrain;
  const st = pal.areas[kind];
  const level = a.level ?? 1;
  polygonPath(g, pts);
  g.fillStyle = kind === 'hill' ? shade(st.fill, -0.07 * (level - 1)) : st.fill;
  g.fill();
  g.save();
  polygonPath(g, pts);
  g.clip();
  const r = rng(hash(a.id));
  if (kind === 'woods') scatter(pts, 19 * ui, r, (p, k) => tree(g, p, (5.6 + 1.6 * k) * ui, st.mark, st.markDark));
  else if (kind === 'orchard') scatter(pts, 15 * ui, () => 0.5, (p) => tree(g, p, 3.6 * ui, st.mark, st.markDark));
  else if (kind === 'built-up') scatter(pts, 13 * ui, r, (p, k) => house(g, p, ui, k, st.markDark));
  else if (kind === 'marsh') scatter(pts, 24 * ui, r, (p) => tuft(g, p, ui, st.mark));
  else if (kind === 'field') furrows(g, pts, ui, st.mark);
  g.restore();

  if (kind === 'hill') { contours(d, a, pts, st.stroke, level); return; }
  if (kind === 'fortification') teeth(d, a, pts, st.markDark);
  polygonPath(g, pts);
  g.lineJoin = 'round';
  g.strokeStyle = st.stroke;
  g.lineWidth = (kind === 'built-up' ? 2.4 : kind === 'fortification' ? 3.5 : 1.6) * ui;
  if (kind === 'marsh') g.setLineDash([6 * ui, 4 * ui]);
  g.stroke();
  g.setLineDash([]);
}

/** Call `mark` at jittered grid points inside the polygon; k in [0, 1) varies the mark. */
function scatter(pts: readonly P[], step: number, r: () => number, mark: (p: P, k: number) => void): void {
  const b = pixelBounds(pts);
  let row = 0;
  for (let y = b.y0 + step / 2; y < b.y1; y += step * 0.86, row++) {
    for (let x = b.x0 + (row % 2 ? step / 2 : 0); x < b.x1 + step / 2; x += step) {
      const p = { x: x + (r() - 0.5) * step * 0.55, y: y + (r() - 0.5) * step * 0.55 };
      const k = r();
      if (inside(p, pts)) mark(p, k);
    }
  }
}

function tree(g: Ctx, p: P, rad: number, light: string, dark: string): void {
  g.beginPath();
  g.arc(p.x + rad * 0.22, p.y + rad * 0.25, rad, 0, Math.PI * 2);
  g.fillStyle = dark;
  g.fill();
  g.beginPath();
  g.arc(p.x, p.y, rad * 0.93, 0, Math.PI * 2);
  g.fillStyle = light;
  g.fill();
}

function house(g: Ctx, p: P, ui: number, k: number, ink: string): void {
  if (k < 0.3) return; // gardens and lanes between the houses
  g.fillStyle = ink;
  const w = (6 + 5 * k) * ui, h = (5 + 3 * ((k * 7) % 1)) * ui;
  g.fillRect(p.x - w / 2, p.y - h / 2, w, h);
}

function tuft(g: Ctx, p: P, ui: number, ink: string): void {
  g.strokeStyle = ink;
  g.lineWidth = 1.4 * ui;
  g.lineCap = 'round';
  g.beginPath();
  g.moveTo(p.x - 6 * ui, p.y);
  g.lineTo(p.x + 6 * ui, p.y);
  for (const [dx, h] of [[-3.5, 4], [0, 6.5], [3.5, 4]] as const) {
    g.moveTo(p.x + dx * ui, p.y - 1.5 * ui);
    g.lineTo(p.x + dx * 1.4 * ui, p.y - h * ui);
  }
  g.stroke();
}

function furrows(g: Ctx, pts: readonly P[], ui: number, ink: string): void {
  const b = pixelBounds(pts);
  g.strokeStyle = ink;
  g.lineWidth = 1 * ui;
  g.beginPath();
  for (let x = b.x0 - (b.y1 - b.y0); x < b.x1; x += 9 * ui) {
    g.moveTo(x, b.y1);
    g.lineTo(x + (b.y1 - b.y0) * 0.6, b.y0);
  }
  g.stroke();
}

/**
 * A hill: its outline is the lowest contour, with short hachures pointing downhill; each
 * level adds an inner form line, so a level-2 hill visibly stands taller than a level-1.
 */
function contours(d: Draw, a: AreaItem, pts: readonly P[], ink: string, level: number): void {
  const { g, ui } = d;
  const c = d.px(centroid(a.polygon));
  g.lineJoin = 'round';
  g.strokeStyle = ink;
  for (let k = 1; k <= level; k++) {
    const f = 1 - (k / (level + 1)) * 0.8;
    polygonPath(g, pts.map((p) => ({ x: c.x + (p.x - c.x) * f, y: c.y + (p.y - c.y) * f })));
    g.lineWidth = 1.3 * ui;
    g.setLineDash([7 * ui, 4 * ui]);
    g.stroke();
  }
  g.setLineDash([]);
  polygonPath(g, pts);
  g.lineWidth = 2 * ui;
  g.stroke();
  // Hachures on the outer contour, pointing away from the centre (downhill).
  g.lineWidth = 1.2 * ui;
  g.beginPath();
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!, q = pts[(i + 1) % pts.length]!;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    if (len < 1) continue;
    let nx = (q.y - p.y) / len, ny = -(q.x - p.x) / len;
    const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
    if (nx * (mx - c.x) + ny * (my - c.y) < 0) { nx = -nx; ny = -ny; }
    for (let s = 5 * ui; s < len - 3 * ui; s += 9 * ui) {
      const x = p.x + ((q.x - p.x) * s) / len, y = p.y + ((q.y - p.y) * s) / len;
      g.moveTo(x, y);
      g.lineTo(x + nx * 6 * ui, y + ny * 6 * ui);
    }
  }
  g.stroke();
}

/** Earthworks: small triangles along the outline, pointing out at the enemy. */
function teeth(d: Draw, a: AreaItem, pts: readonly P[], ink: string): void {
  const { g, ui } = d;
  const c = d.px(centroid(a.polygon));
  g.beginPath();
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!, q = pts[(i + 1) % pts.length]!;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    if (len < 1) continue;
    const ux = (q.x - p.x) / len, uy = (q.y - p.y) / len;
    let nx = uy, ny = -ux;
    if (nx * ((p.x + q.x) / 2 - c.x) + ny * ((p.y + q.y) / 2 - c.y) < 0) { nx = -nx; ny = -ny; }
    for (let s = 6 * ui; s < len - 6 * ui; s += 14 * ui) {
      const x = p.x + ux * s, y = p.y + uy * s;
      g.moveTo(x - ux * 4 * ui, y - uy * 4 * ui);
      g.lineTo(x + nx * 6 * ui, y + ny * 6 * ui);
      g.lineTo(x + ux * 4 * ui, y + uy * 4 * ui);
    }
  }
  g.fillStyle = ink;
  g.fill();
}

/** Drawn width of a line feature: the scenario's width for water (bounded), symbols for roads. */
export function lineWidthPx(d: Draw, l: LineItem): number {
  const { ui, ppi } = d;
  if (l.terrain === 'river') return Math.min(18 * ui, Math.max(6 * ui, l.width * ppi));
  if (l.terrain === 'stream') return Math.min(11 * ui, Math.max(4 * ui, l.width * ppi * 0.8));
  return l.terrain === 'road' ? 7 * ui : 3 * ui;
}

export function drawLine(d: Draw, l: LineItem): void {
  const { g, pal, ui } = d;
  const pts = l.line.map(d.px);
  const w = lineWidthPx(d, l);
  g.lineJoin = 'round';
  g.lineCap = 'round';
  // Rivers, roads and tracks are cased lines: a wider outer stroke (bank, casing), then the line.
  const cased = (outer: string, extra: number, inner: string) => {
    smoothPath(g, pts);
    g.strokeStyle = outer;
    g.lineWidth = w + extra * ui;
    g.stroke();
    g.strokeStyle = inner;
    g.lineWidth = w;
  };
  if (l.terrain === 'river' || l.terrain === 'stream') {
    cased(pal.water.bank, 3.2, pal.water.fill);
    g.stroke();
  } else if (l.terrain === 'road') {
    cased(pal.road.casing, 3.4, pal.road.fill);
    g.stroke();
  } else if (l.terrain === 'track') {
    cased(pal.road.fill, 2.5, pal.track);
    g.setLineDash([9 * ui, 5 * ui]);
    g.stroke();
    g.setLineDash([]);
  } else {
    // Walls and hedges: a line with short cross ticks, like a field boundary on a survey map.
    smoothPath(g, pts);
    g.strokeStyle = pal.obstacle;
    g.lineWidth = w * 0.8;
    g.stroke();
    g.lineCap = 'butt';
    g.setLineDash([1.6 * ui, 5 * ui]);
    g.lineWidth = w * 3;
    g.stroke();
    g.setLineDash([]);
  }
}

/** A bridge: a deck across the river with flared parapets. A ford: stepping stones. */
export function drawCrossing(d: Draw, c: CrossingItem, riverPx: number): void {
  const { g, pal, ui } = d;
  const p = d.px(c.at);
  // Compass bearing → canvas angle of the river; the deck runs across it.
  const riverAngle = ((c.angle - 90) * Math.PI) / 180;
  g.save();
  g.translate(p.x, p.y);
  g.rotate(riverAngle + Math.PI / 2);
  const half = riverPx / 2 + 7 * ui; // along the deck, across the river
  const deck = 6.5 * ui; // half the deck's width
  if (c.terrain === 'bridge') {
    g.fillStyle = pal.road.fill;
    g.fillRect(-half, -deck, 2 * half, 2 * deck);
    g.strokeStyle = pal.bridge;
    g.lineWidth = 2.6 * ui;
    g.lineCap = 'round';
    g.beginPath();
    for (const s of [-1, 1]) {
      g.moveTo(-half - 4 * ui, s * (deck + 4 * ui));
      g.lineTo(-half, s * deck);
      g.lineTo(half, s * deck);
      g.lineTo(half + 4 * ui, s * (deck + 4 * ui));
    }
    g.stroke();
  } else {
    g.fillStyle = '#efe2bd';
    g.strokeStyle = pal.bridge;
    g.lineWidth = 1.3 * ui;
    const n = 4;
    for (let i = 0; i < n; i++) {
      const x = -half + ((i + 0.5) * 2 * half) / n;
      g.beginPath();
      g.ellipse(x, (i % 2 ? 1 : -1) * 2 * ui, 3.6 * ui, 2.8 * ui, 0, 0, Math.PI * 2);
      g.fill();
      g.stroke();
    }
  }
  g.restore();
}
