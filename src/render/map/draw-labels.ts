/**
 * Labels, placed like a cartographer would (issue 11, "Maps for big battles"):
 *  1. Town and landmark names go first and are never dropped for a unit: they are the words
 *     players write in orders. Each tries its anchors, then spots around them, clear of every
 *     arm symbol; if none is clear it takes the first spot that hides no other name.
 *  2. Then the other terrain names (rivers, hills, woods, marsh), where they are clear: at
 *     their middle, else at other points along the river or across the area, else the same
 *     spots in a smaller font. Only a name with no clear spot anywhere is left out.
 *  3. Then unit labels (stands before generals): inside a big base, else beside it, else
 *     further out in rings, with a leader line back to the base — never over a terrain name,
 *     a symbol or another label.
 * Every box is slid inside the map's neat line before it is tried. A unit label that fits
 * nowhere is left out and counted, and the map says how many, so players know to zoom in.
 * The result is data (PlacedLabel): tests read it without looking at pixels.
 */
import type { Chip, PlaceLabelItem, PlaceStyle, UnitLabelItem } from './model';
import type { Ctx, Draw } from './draw-context';
import { chipSize, drawChipRow, haloText, textWidth } from './draw-text';
import { carriesSymbol, roomInside, symbolBox } from './draw-units';
import { boxGap, clampInto, nearestIn, Occupied, type PixelBox, type Px } from './label-boxes';

/** A label where it was drawn. `leader` runs from its base to it when it stands away from the base. */
export interface PlacedLabel {
  readonly kind: 'unit' | 'place';
  /** The unit's id, or the place's name. */
  readonly id: string;
  readonly style: PlaceStyle | 'unit' | 'general';
  readonly box: PixelBox;
  readonly leader: { readonly from: Px; readonly to: Px } | null;
}

export interface LabelResult {
  readonly placed: readonly PlacedLabel[];
  /** Labels of things on the map that found no room. */
  readonly hidden: number;
}

/** A box a label may take; `scale` < 1 when it is the label in a smaller font. */
interface Spot { readonly box: PixelBox; readonly far: boolean; readonly scale?: number }
interface Candidate {
  readonly spots: readonly Spot[];
  readonly draw: (box: PixelBox, scale?: number) => void;
}

/** Towns and landmarks must show; the rest of the terrain names show where there is room. */
const MUST_SHOW: ReadonlySet<PlaceStyle> = new Set(['town', 'landmark']);
const PLACE_PRIORITY: Readonly<Record<PlaceStyle, number>> = { town: 0, landmark: 1, water: 2, hill: 3, wood: 4, marsh: 5 };
/** A label further than this (× ui) from its base gets a leader line. */
const LEADER_AFTER = 8;
/** Rings of far spots tried around a base. */
const RINGS = 3;
/** A terrain name with no clear spot at its size is tried again this much smaller before it is left out. */
const SMALLER = 0.8;

/**
 * Place and draw every label. `taken` already holds the arm symbols; placed labels are added
 * to it.
 */
export function drawLabels(d: Draw, units: readonly UnitLabelItem[], places: readonly PlaceLabelItem[], generals: ReadonlySet<string>, taken: Occupied): LabelResult {
  const m = d.l.map;
  const names = new Occupied(); // labels only: what a forced town name must not hide
  const placed: PlacedLabel[] = [];
  const draws: (() => void)[] = [];
  const leaders: NonNullable<PlacedLabel['leader']>[] = [];
  let hidden = 0;
  // Only a label whose thing is on the map counts as left out (a base mostly off a zoomed frame does not).
  const onMap = (p: { x: number; y: number }) => { const q = d.px(p); return q.x >= m.x && q.y >= m.y && q.x <= m.x + m.w && q.y <= m.y + m.h; };
  const take = (box: PixelBox, draw: () => void, label: Omit<PlacedLabel, 'box'>) => {
    taken.add(box);
    names.add(box);
    placed.push({ ...label, box });
    draws.push(draw);
  };

  const sorted = [...places].sort((a, b) => PLACE_PRIORITY[a.style] - PLACE_PRIORITY[b.style]);
  for (const p of sorted) {
    const c = placeCandidate(d, p);
    const spots = c.spots.map((s) => ({ ...s, box: clampInto(s.box, m) }));
    const spot = spots.find((s) => !taken.hits(s.box)) ?? (MUST_SHOW.has(p.style) ? spots.find((s) => !s.scale && !names.hits(s.box)) : undefined);
    if (!spot) { if (onMap(p.at)) hidden++; continue; }
    const { box, scale } = spot;
    take(box, () => c.draw(box, scale), { kind: 'place', id: p.text, style: p.style, leader: null });
  }
  const ordered = [...units.filter((u) => !generals.has(u.unit)), ...units.filter((u) => generals.has(u.unit))];
  for (const u of ordered) {
    const general = generals.has(u.unit);
    const c = unitCandidate(d, u, general);
    const base = baseRect(d, u);
    let chosen: { box: PixelBox; leader: PlacedLabel['leader'] } | undefined;
    for (const s of c.spots) {
      const box = clampInto(s.box, m);
      if (taken.hits(box)) continue;
      const far = s.far || boxGap(box, base) > LEADER_AFTER * d.ui;
      const centre = d.px(u.at);
      const to = nearestIn(box, centre);
      chosen = { box, leader: far ? { from: nearestIn(base, to), to } : null };
      break;
    }
    if (!chosen) { if (onMap(u.at)) hidden++; continue; }
    const { box, leader } = chosen;
    if (leader) leaders.push(leader);
    take(box, () => c.draw(box), { kind: 'unit', id: u.unit, style: general ? 'general' : 'unit', leader });
  }
  // Markers and leader lines under every name, so no line strikes through a label.
  for (const p of places) if (p.marker) marker(d, p);
  for (const l of leaders) leaderLine(d, l);
  for (const draw of draws) draw();
  return { placed, hidden };
}

/** The pixel rectangle around a base, turned to its facing. */
function baseRect(d: Draw, u: UnitLabelItem): PixelBox {
  const { halfW, halfH } = halfExtents(d, u);
  const c = d.px(u.at);
  return { x0: c.x - halfW, y0: c.y - halfH, x1: c.x + halfW, y1: c.y + halfH };
}

function halfExtents(d: Draw, u: UnitLabelItem): { halfW: number; halfH: number } {
  const a = (u.facing * Math.PI) / 180;
  return {
    halfH: ((Math.abs(Math.cos(a)) * u.base.depth + Math.abs(Math.sin(a)) * u.base.width) / 2) * d.ppi,
    halfW: ((Math.abs(Math.sin(a)) * u.base.depth + Math.abs(Math.cos(a)) * u.base.width) / 2) * d.ppi,
  };
}

/** Where a unit's label may go: inside a big base; under, over, right, left of it; then rings further out. */
function unitCandidate(d: Draw, u: UnitLabelItem, general: boolean): Candidate {
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
  const { halfW, halfH } = halfExtents(d, u);
  const at = (cx: number, top: number, far = false): Spot => ({ box: { x0: cx - w / 2, y0: top, x1: cx + w / 2, y1: top + h }, far });
  const spots: Spot[] = [];
  if (roomInside(d, inner)) spots.push(at(c.x, c.y + symbolBox(d, inner, general).h * 0.15));
  spots.push(at(c.x, c.y + halfH + 2 * ui), at(c.x, c.y - halfH - h - 2 * ui));
  spots.push(at(c.x + halfW + w / 2 + 3 * ui, c.y - h / 2), at(c.x - halfW - w / 2 - 3 * ui, c.y - h / 2));
  // Further out, ring by ring: below, above, then the four corners, then right and left. Not
  // for bases too small to carry a symbol (a 400-stand battle on one screen): there a sea of
  // leader lines would read worse than "zoom in", so such labels are left out and counted.
  const rings = carriesSymbol(d, inner) ? RINGS : 0;
  for (let k = 1; k <= rings; k++) {
    const gap = 3 * ui + k * h * 0.9;
    const below = c.y + halfH + gap, above = c.y - halfH - gap - h;
    const right = c.x + halfW + gap + w / 2, left = c.x - halfW - gap - w / 2;
    spots.push(at(c.x, below, true), at(c.x, above, true), at(right, below, true), at(left, below, true), at(right, above, true), at(left, above, true), at(right, c.y - h / 2, true), at(left, c.y - h / 2, true));
  }
  return {
    spots,
    draw: (box) => {
      const cx = (box.x0 + box.x1) / 2;
      const y = box.y0 + textPx * 0.6;
      haloText(g, u.text, cx, y, { px: textPx, bold: true, colour: d.pal.ink, halo: d.pal.halo, haloWidth: 4 * ui });
      let rowTop = y + textPx * 0.62;
      for (const row of rows) {
        drawChipRow(g, row, cx, rowTop, chipPx, d.pal, ui);
        rowTop += chipPx * 1.6;
      }
    },
  };
}

/** A thin line from a base to its label, haloed so it reads over any ground. */
function leaderLine(d: Draw, l: NonNullable<PlacedLabel['leader']>): void {
  const { g, ui, pal } = d;
  g.beginPath();
  g.moveTo(l.from.x, l.from.y);
  g.lineTo(l.to.x, l.to.y);
  g.lineCap = 'round';
  g.lineWidth = 4 * ui;
  g.strokeStyle = pal.halo;
  g.stroke();
  g.lineWidth = 1.5 * ui;
  g.strokeStyle = pal.ink;
  g.stroke();
  g.beginPath();
  g.arc(l.from.x, l.from.y, 2.5 * ui, 0, Math.PI * 2);
  g.fillStyle = pal.ink;
  g.fill();
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

/**
 * Where a place name may go: beside its marker (right, left, above, below), or at its anchors,
 * then a line or two above and below each, so a division standing on it does not hide it.
 */
function placeCandidate(d: Draw, p: PlaceLabelItem): Candidate {
  const { g, ui } = d;
  const { text, o } = placeStyle(d, p);
  const draw = (box: PixelBox, scale = 1) => haloText(g, text, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, {
    ...o, px: o.px * scale, haloWidth: o.haloWidth * scale, ...('spacing' in o ? { spacing: (o.spacing ?? 0) * scale } : {}), align: 'center',
  });
  // Every spot at the label's own size first, then every spot again in a smaller font.
  const spots = [1, SMALLER].flatMap((scale) => {
    const px = o.px * scale;
    const w = textWidth(g, text, px, o.bold) + ('spacing' in o ? (o.spacing ?? 0) * scale * text.length : 0) + 4 * ui * scale;
    const h = px * 1.25;
    const spot = (cx: number, cy: number): Spot => ({ box: { x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2 }, far: false, ...(scale !== 1 ? { scale } : {}) });
    if (p.marker) {
      const at = d.px(p.at), gap = 9 * ui;
      const right = at.x + gap + w / 2, left = at.x - gap - w / 2;
      const out = [spot(right, at.y), spot(left, at.y), spot(at.x, at.y - gap - h / 2), spot(at.x, at.y + gap + h / 2)];
      // A town of the same spot may hold the first four: then a line up or down, either side.
      for (const k of [1, -1, 2, -2]) out.push(spot(right, at.y + k * h * 1.1), spot(left, at.y + k * h * 1.1));
      return out;
    }
    const anchors = [p.at, ...(p.candidates ?? [])].map((a) => d.px(a));
    const out = anchors.map((a) => spot(a.x, a.y));
    for (const a of anchors) out.push(spot(a.x, a.y - h * 1.1), spot(a.x, a.y + h * 1.1), spot(a.x, a.y - h * 2.2), spot(a.x, a.y + h * 2.2));
    return out;
  });
  return { spots, draw };
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
