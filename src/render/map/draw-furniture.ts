/**
 * The map's furniture: the title block, the legend (each entry drawn with the same code as
 * the map itself, so the key always matches), the overview inset of a zoomed map, the scale
 * bar and the compass.
 */
import type { LegendEntry, MapDescription } from './model';
import { polygonPath, type Draw } from './draw-context';
import { drawPuff, drawSmoke, drawTrail } from './draw-effects';
import { drawArea, drawCrossing, drawLine } from './draw-terrain';
import { chipSize, drawChip, font, haloText, setFont } from './draw-text';
import { drawGhost, drawSymbol } from './draw-units';
import { shade } from './palette';

export function drawHeader(d: Draw, desc: MapDescription, hiddenLabels: number): void {
  const { g, l, ui, pal } = d;
  const pad = 24 * ui;
  g.textBaseline = 'alphabetic';
  g.textAlign = 'left';
  g.fillStyle = pal.ink;
  setFont(g, font(36 * ui, true));
  g.fillText(desc.title.title, pad, 48 * ui);
  g.fillStyle = pal.inkSoft;
  setFont(g, font(21 * ui));
  g.fillText(desc.title.subtitle, pad, 84 * ui);
  g.textAlign = 'right';
  g.fillStyle = pal.ink;
  setFont(g, font(21 * ui, true));
  g.fillText(desc.title.view + (desc.palette === 'colour-blind' ? ' · colour-blind palette' : ''), l.width - pad, 46 * ui);
  // Say when labels were left out, so nobody reads a missing label as a missing unit.
  const note = hiddenLabels > 0 ? `${hiddenLabels} label${hiddenLabels === 1 ? '' : 's'} left out: zoom in to see ${hiddenLabels === 1 ? 'it' : 'them'}` : '';
  const line2 = [desc.title.game, note].filter((x) => x).join(' · ');
  if (line2) {
    g.fillStyle = pal.inkSoft;
    setFont(g, font(18 * ui));
    g.fillText(line2, l.width - pad, 82 * ui);
  }
}

/** A legend swatch drawn by the map's own painters, in a w×h box at (x, y). */
function swatch(d: Draw, e: LegendEntry, x: number, y: number, w: number, h: number): void {
  const { g, ui, pal } = d;
  const id: Draw = { ...d, px: (p) => ({ x: p.x, y: p.y }), ppi: 1 };
  const box = [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }];
  const s = e.swatch;
  const mid = y + h / 2;
  if (s.kind === 'side') {
    polygonPath(g, box);
    g.fillStyle = s.colour;
    g.fill();
    g.fillStyle = shade(s.colour, -0.28);
    g.fillRect(x, y, w, h * 0.25);
    g.strokeStyle = shade(s.colour, -0.5);
    g.lineWidth = 1.5 * ui;
    g.strokeRect(x, y, w, h);
  } else if (s.kind === 'terrain') {
    const t = s.terrain;
    if (t === 'river' || t === 'stream' || t === 'road' || t === 'track' || t === 'obstacle') {
      drawLine(id, { kind: 'line', id: e.key, terrain: t, line: [{ x: x + 2 * ui, y: mid + 4 * ui }, { x: x + w / 2, y: mid - 3 * ui }, { x: x + w - 2 * ui, y: mid + 2 * ui }], width: t === 'river' ? 10 * ui : 6 * ui });
    } else if (t === 'bridge' || t === 'ford') {
      drawLine(id, { kind: 'line', id: e.key, terrain: 'stream', line: [{ x, y: mid }, { x: x + w, y: mid }], width: 8 * ui });
      drawCrossing(id, { kind: 'crossing', id: e.key, terrain: t, at: { x: x + w / 2, y: mid }, angle: 90, width: 1 }, 8 * ui);
    } else {
      drawArea(id, { kind: 'area', id: e.key, terrain: t, polygon: box, ...(t === 'hill' ? { level: 1 } : {}) });
    }
  } else if (s.kind === 'symbol') {
    drawSymbol(g, s.symbol, x + w / 2, mid, h * 1.4, h * 0.95, ui, '#555555');
  } else if (s.kind === 'chip') {
    // Shrink a long chip ('Presence 2') to the swatch rather than let the clip cut it.
    let px = 14 * ui;
    while (px > 8 * ui && chipSize(g, s.chip, px).w > w) px -= 0.5 * ui;
    const size = chipSize(g, s.chip, px);
    drawChip(g, s.chip, x + (w - size.w) / 2, mid - size.h / 2, px, pal, ui);
  } else if (s.effect === 'trail') {
    drawTrail(id, { kind: 'trail', unit: '', colour: '#555555', points: [{ x: x + 4 * ui, y: mid }, { x: x + w, y: mid }], gap: 0 });
  } else if (s.effect === 'smoke') {
    drawSmoke(id, { kind: 'smoke', id: '', along: [{ x: x + 8 * ui, y: mid }, { x: x + w - 8 * ui, y: mid }], radius: 11 * ui, seed: 7 });
  } else if (s.effect === 'puff') {
    drawPuff(id, { kind: 'puff', id: '', from: { x: x + 8 * ui, y: mid }, to: { x: x + w - 6 * ui, y: mid }, seed: 3 });
  } else {
    const ghost = { kind: 'ghost' as const, unit: '', colour: '#777777', corners: box, centre: { x: x + w / 2, y: mid }, symbol: 'infantry' as const, label: '' };
    drawGhost(id, ghost, false);
  }
}

export function drawLegend(d: Draw, desc: MapDescription): void {
  const { g, l, ui, pal } = d;
  const colW = l.legend.w / l.legendColumns;
  const sw = 44 * ui, sh = 22 * ui;
  desc.legend.forEach((e, i) => {
    const col = i % l.legendColumns, row = Math.floor(i / l.legendColumns);
    const x = l.legend.x + col * colW, y = l.legend.y + row * l.legendRowHeight;
    g.save();
    g.beginPath();
    g.rect(x - 4 * ui, y - 4 * ui, sw + 8 * ui, sh + 8 * ui);
    g.clip();
    swatch(d, e, x, y, sw, sh);
    g.restore();
    let px = 16 * ui;
    setFont(g, font(px));
    const room = colW - sw - 18 * ui;
    while (px > 10 * ui && g.measureText(e.label).width > room) setFont(g, font((px -= 1 * ui)));
    g.fillStyle = pal.ink;
    g.textAlign = 'left';
    g.textBaseline = 'middle';
    g.fillText(e.label, x + sw + 10 * ui, y + sh / 2);
  });
}

export function drawScaleBar(d: Draw, desc: MapDescription): void {
  const { g, l, ui, pal, ppi } = d;
  const s = desc.scaleBar;
  const len = s.length * s.inchesPerUnit * ppi;
  const x = l.scale.x, y = l.scale.y + 46 * ui, h = 11 * ui;
  g.textBaseline = 'alphabetic';
  g.textAlign = 'left';
  setFont(g, font(17 * ui, true));
  g.fillStyle = pal.ink;
  g.fillText(`Scale ${s.label}`, x, l.scale.y + 22 * ui);
  const per = s.per;
  setFont(g, font(14 * ui));
  g.fillStyle = pal.inkSoft;
  g.fillText(`(${per})`, x + g.measureText(`Scale ${s.label}`).width * 1.25 + 12 * ui, l.scale.y + 22 * ui);
  for (let i = 0; i < s.divisions; i++) {
    g.fillStyle = i % 2 ? pal.halo : pal.ink;
    g.fillRect(x + (i * len) / s.divisions, y, len / s.divisions, h);
  }
  g.strokeStyle = pal.ink;
  g.lineWidth = 1.4 * ui;
  g.strokeRect(x, y, len, h);
  setFont(g, font(14 * ui));
  g.fillStyle = pal.ink;
  g.textAlign = 'center';
  const unitText = s.unit === 'mile' ? (s.length === 1 ? 'mile' : 'miles') : s.unit === 'yard' ? 'yd' : 'in';
  const fmt = (v: number) => (v === 0.25 ? '¼' : v === 0.5 ? '½' : v === 0.75 ? '¾' : Number.isInteger(v) ? v.toLocaleString('en-GB') : `${Math.floor(v)}½`);
  g.fillText('0', x, y + h + 18 * ui);
  g.fillText(fmt(s.length / 2), x + len / 2, y + h + 18 * ui);
  g.fillText(`${fmt(s.length)} ${unitText}`, x + len, y + h + 18 * ui);
}

export function drawCompass(d: Draw): void {
  const { g, l, ui, pal } = d;
  const cx = l.compass.x + l.compass.w / 2, cy = l.compass.y + l.compass.h / 2 + 8 * ui;
  const r = Math.min(l.compass.w, l.compass.h) * 0.36;
  g.beginPath();
  g.arc(cx, cy, r, 0, Math.PI * 2);
  g.fillStyle = pal.halo;
  g.fill();
  g.strokeStyle = pal.ink;
  g.lineWidth = 1.4 * ui;
  g.stroke();
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2 - Math.PI / 2;
    for (const side of [-1, 1]) {
      g.beginPath();
      g.moveTo(cx, cy);
      g.lineTo(cx + Math.cos(a) * r * 0.92, cy + Math.sin(a) * r * 0.92);
      g.lineTo(cx + Math.cos(a + side * Math.PI / 2) * r * 0.2, cy + Math.sin(a + side * Math.PI / 2) * r * 0.2);
      g.closePath();
      g.fillStyle = (i === 0) !== (side < 0) ? pal.ink : i === 0 ? '#b3261e' : pal.halo;
      g.fill();
      g.stroke();
    }
  }
  haloText(g, 'N', cx, cy - r - 11 * ui, { px: 18 * ui, bold: true, colour: pal.ink, halo: pal.margin, haloWidth: 0.1 });
}

/** The whole table in miniature, with the zoomed frame outlined. */
export function drawInset(d: Draw, desc: MapDescription): void {
  const { g, l, ui, pal } = d;
  const o = desc.overview;
  if (!o || !l.inset) return;
  const k = Math.min(l.inset.w / o.table.width, l.inset.h / o.table.height);
  const ox = l.inset.x, oy = l.inset.y;
  const px = (p: { x: number; y: number }) => ({ x: ox + p.x * k, y: oy + (o.table.height - p.y) * k });
  const mini: Draw = { ...d, px, ppi: k, ui: ui * 0.45 };
  g.save();
  g.fillStyle = pal.paper;
  g.fillRect(ox, oy, o.table.width * k, o.table.height * k);
  g.beginPath();
  g.rect(ox, oy, o.table.width * k, o.table.height * k);
  g.clip();
  for (const it of o.items) {
    if (it.kind === 'area') {
      polygonPath(g, it.polygon.map(px));
      const st = pal.areas[it.terrain === 'forest' ? 'woods' : it.terrain === 'town' ? 'built-up' : it.terrain];
      g.fillStyle = it.terrain === 'built-up' || it.terrain === 'town' ? st.markDark : it.terrain === 'woods' || it.terrain === 'forest' ? st.mark : st.fill;
      g.fill();
    } else drawLine(mini, it);
  }
  for (const dot of o.dots) {
    const p = px(dot.at);
    g.fillStyle = dot.colour;
    g.fillRect(p.x - 2 * ui, p.y - 2 * ui, 4 * ui, 4 * ui);
  }
  const f = desc.frame;
  const a = px({ x: f.x0, y: f.y1 }), b = px({ x: f.x1, y: f.y0 });
  g.lineWidth = 2.6 * ui;
  g.strokeStyle = desc.palette === 'colour-blind' ? '#000000' : '#b3261e';
  g.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
  g.restore();
  g.strokeStyle = pal.ink;
  g.lineWidth = 1.4 * ui;
  g.strokeRect(ox, oy, o.table.width * k, o.table.height * k);
}
