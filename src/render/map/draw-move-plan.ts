/**
 * The overlay of a move's preview map (issue 11): the allowance as a ring round the start, the
 * plotted path thin and grey, the part the unit would cover bold in its side's colour, a cross
 * where it stops short, and a flag at the end of the plotted path when it is not reached.
 */
import type { Draw } from './draw-context';
import type { MovePlanItem } from './model';
import { shade } from './palette';
import { haloText } from './draw-text';

export function drawMovePlan(d: Draw, plan: MovePlanItem): void {
  const { g, ui, pal } = d;
  const start = d.px(plan.start);
  const line = (pts: readonly { x: number; y: number }[], colour: string, width: number, dash: number[]) => {
    if (pts.length < 2) return;
    g.beginPath();
    pts.forEach((p, i) => (i ? g.lineTo(p.x, p.y) : g.moveTo(p.x, p.y)));
    g.lineJoin = 'round';
    g.lineCap = 'round';
    g.strokeStyle = pal.halo;
    g.lineWidth = width + 3.5 * ui;
    g.setLineDash([]);
    g.stroke();
    g.strokeStyle = colour;
    g.lineWidth = width;
    g.setLineDash(dash);
    g.stroke();
    g.setLineDash([]);
  };
  // The allowance: how far it could go over open ground.
  g.beginPath();
  g.arc(start.x, start.y, plan.allowance * d.ppi, 0, Math.PI * 2);
  g.strokeStyle = shade(plan.colour, -0.2);
  g.lineWidth = 2 * ui;
  g.setLineDash([4 * ui, 5 * ui]);
  g.stroke();
  g.setLineDash([]);
  const ink = shade(plan.colour, -0.35);
  line(plan.planned.map(d.px), pal.inkSoft, 2.5 * ui, [7 * ui, 6 * ui]);
  line(plan.reached.map(d.px), ink, 4.5 * ui, []);
  const stop = d.px(plan.stop);
  if (plan.cut) {
    const end = d.px(plan.planned[plan.planned.length - 1] ?? plan.stop);
    g.beginPath();
    g.arc(end.x, end.y, 5 * ui, 0, Math.PI * 2);
    g.fillStyle = pal.halo;
    g.fill();
    g.strokeStyle = pal.inkSoft;
    g.lineWidth = 2 * ui;
    g.stroke();
    // Where it stops: a bold cross.
    const r = 8 * ui;
    for (const w of [7 * ui, 4 * ui]) {
      g.beginPath();
      g.moveTo(stop.x - r, stop.y - r); g.lineTo(stop.x + r, stop.y + r);
      g.moveTo(stop.x + r, stop.y - r); g.lineTo(stop.x - r, stop.y + r);
      g.strokeStyle = w > 5 * ui ? pal.halo : '#c0392b';
      g.lineWidth = w;
      g.stroke();
    }
    haloText(g, 'stops', stop.x, stop.y - r - 9 * ui, { px: 15 * ui, bold: true, colour: '#c0392b', halo: pal.halo });
  } else {
    g.beginPath();
    g.arc(stop.x, stop.y, 6.5 * ui, 0, Math.PI * 2);
    g.fillStyle = ink;
    g.fill();
    g.strokeStyle = pal.halo;
    g.lineWidth = 2.5 * ui;
    g.stroke();
  }
}
