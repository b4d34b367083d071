/**
 * What just happened: dashed trails with an arrowhead at the base's edge, cotton-wool smoke
 * between engaged bases (as DRAM players lay it on the table), and artillery fire as a muzzle
 * puff, a line of fire and a burst on the target.
 */
import type { PuffItem, SmokeItem, TrailItem } from './model';
import { rng, type Ctx, type Draw } from './draw-context';
import { shade } from './palette';

type P = { x: number; y: number };

/** The polyline cut `gap` pixels short of its end. */
function shorten(pts: readonly P[], gap: number): P[] {
  const out = [...pts];
  let rest = gap;
  while (out.length >= 2 && rest > 0) {
    const b = out[out.length - 1]!, a = out[out.length - 2]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len > rest) {
      out[out.length - 1] = { x: b.x - ((b.x - a.x) * rest) / len, y: b.y - ((b.y - a.y) * rest) / len };
      return out;
    }
    rest -= len;
    out.pop();
  }
  return out;
}

export function drawTrail(d: Draw, t: TrailItem): void {
  const { g, ui, pal } = d;
  const pts = shorten(t.points.map(d.px), t.gap * d.ppi + 2 * ui);
  if (pts.length < 2) return;
  const ink = shade(t.colour, -0.35);
  const trace = () => {
    g.beginPath();
    pts.forEach((p, i) => (i ? g.lineTo(p.x, p.y) : g.moveTo(p.x, p.y)));
  };
  g.lineJoin = 'round';
  g.lineCap = 'round';
  trace();
  g.strokeStyle = pal.halo;
  g.lineWidth = 6.5 * ui;
  g.stroke();
  trace();
  g.strokeStyle = ink;
  g.lineWidth = 3 * ui;
  g.setLineDash([10 * ui, 6 * ui]);
  g.stroke();
  g.setLineDash([]);
  // Where it started: a small hollow ring.
  const s = pts[0]!;
  g.beginPath();
  g.arc(s.x, s.y, 4.5 * ui, 0, Math.PI * 2);
  g.fillStyle = pal.halo;
  g.fill();
  g.lineWidth = 2.2 * ui;
  g.stroke();
  const e = pts[pts.length - 1]!, b = pts[pts.length - 2]!;
  arrowHead(g, b, e, 15 * ui, ink, pal.halo, ui);
}

function arrowHead(g: Ctx, from: P, to: P, size: number, fill: string, halo: string, ui: number): void {
  const a = Math.atan2(to.y - from.y, to.x - from.x);
  g.beginPath();
  g.moveTo(to.x, to.y);
  g.lineTo(to.x - size * Math.cos(a - 0.42), to.y - size * Math.sin(a - 0.42));
  g.lineTo(to.x - size * 0.72 * Math.cos(a), to.y - size * 0.72 * Math.sin(a));
  g.lineTo(to.x - size * Math.cos(a + 0.42), to.y - size * Math.sin(a + 0.42));
  g.closePath();
  g.lineJoin = 'round';
  g.lineWidth = 2.5 * ui;
  g.strokeStyle = halo;
  g.stroke();
  g.fillStyle = fill;
  g.fill();
}

/** One soft ball of smoke: a grey shadow under a white radial puff. */
function blob(g: Ctx, p: P, r: number, light: string, dark: string): void {
  const grad = g.createRadialGradient(p.x - r * 0.25, p.y - r * 0.3, r * 0.1, p.x, p.y, r);
  grad.addColorStop(0, light);
  grad.addColorStop(0.55, light);
  grad.addColorStop(1, 'rgba(255,255,255,0)');
  g.beginPath();
  g.arc(p.x + r * 0.12, p.y + r * 0.16, r * 0.98, 0, Math.PI * 2);
  g.fillStyle = dark;
  g.fill();
  g.beginPath();
  g.arc(p.x, p.y, r, 0, Math.PI * 2);
  g.fillStyle = grad;
  g.fill();
}

export function drawSmoke(d: Draw, s: SmokeItem): void {
  const { g, pal, ui } = d;
  const a = d.px(s.along[0]), b = d.px(s.along[1]);
  const r = Math.max(9 * ui, Math.min(44 * ui, s.radius * d.ppi));
  const rand = rng(s.seed);
  const n = 4 + Math.floor(rand() * 3);
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
  const balls: { p: P; r: number }[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    const j = (rand() - 0.5) * r * 0.7;
    balls.push({ p: { x: a.x + (b.x - a.x) * t + nx * j, y: a.y + (b.y - a.y) * t + ny * j }, r: r * (0.62 + rand() * 0.45) });
  }
  // Shadows first, then puffs, so the bank reads as one cloud.
  for (const ball of balls) {
    g.beginPath();
    g.arc(ball.p.x + ball.r * 0.15, ball.p.y + ball.r * 0.2, ball.r, 0, Math.PI * 2);
    g.fillStyle = pal.smoke.dark;
    g.fill();
  }
  for (const ball of balls) blob(g, ball.p, ball.r, pal.smoke.light, 'rgba(0,0,0,0)');
}

export function drawPuff(d: Draw, p: PuffItem): void {
  const { g, pal, ui } = d;
  const a = p.from ? d.px(p.from) : null, b = p.to ? d.px(p.to) : null;
  const rand = rng(p.seed);
  g.lineCap = 'round';
  if (a && b) {
    g.beginPath();
    g.moveTo(a.x, a.y);
    g.lineTo(b.x, b.y);
    g.strokeStyle = pal.halo;
    g.lineWidth = 5 * ui;
    g.stroke();
    g.strokeStyle = pal.fire;
    g.lineWidth = 2.4 * ui;
    g.setLineDash([2 * ui, 6 * ui]);
    g.stroke();
    g.setLineDash([]);
  }
  if (a) {
    for (let i = 0; i < 3; i++) blob(g, { x: a.x + (rand() - 0.5) * 14 * ui, y: a.y + (rand() - 0.5) * 14 * ui }, (9 + rand() * 5) * ui, pal.smoke.light, pal.smoke.dark);
  }
  if (!b) return;
  // The burst on the target: a star of short rays.
  g.strokeStyle = pal.fire;
  g.lineWidth = 2.6 * ui;
  g.beginPath();
  for (let i = 0; i < 8; i++) {
    const ang = (i * Math.PI) / 4 + rand() * 0.3;
    g.moveTo(b.x + Math.cos(ang) * 5 * ui, b.y + Math.sin(ang) * 5 * ui);
    g.lineTo(b.x + Math.cos(ang) * 14 * ui, b.y + Math.sin(ang) * 14 * ui);
  }
  g.stroke();
}
