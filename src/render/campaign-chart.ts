import { createCanvas } from 'canvas';
import { FONT_FAMILY, registerFonts } from './fonts';

/** One side's total strength after each entry of the campaign log (a side hidden from the viewer is left out). */
export interface CampaignSeries {
  readonly name: string;
  /** CSS colour: the side's colour. */
  readonly colour: string;
  readonly values: readonly number[];
}

export interface CampaignChartInput {
  readonly title: string;
  readonly subtitle: string;
  /** One label per point ('start', 'B1', 'adj.'). */
  readonly labels: readonly string[];
  readonly series: readonly CampaignSeries[];
}

const W = 720;
const H = 360;
const PAD = { left: 56, right: 20, top: 64, bottom: 44 };

/**
 * Each side's total strength over the campaign (issue 15), drawn like the dice statistics
 * chart (stats-chart.ts): same page, fonts, axis and ticks; one line per side, a dot per entry.
 */
export function renderCampaignChart(input: CampaignChartInput): Buffer {
  registerFonts();
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f7f3e8';
  g.fillRect(0, 0, W, H);
  g.fillStyle = '#2b2b2b';
  g.font = `bold 20px "${FONT_FAMILY}"`;
  g.fillText(input.title, PAD.left, 28);
  g.font = `13px "${FONT_FAMILY}"`;
  g.fillStyle = '#555';
  g.fillText(input.subtitle, PAD.left, 48);

  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const maxY = Math.max(1, ...input.series.flatMap((s) => s.values)) * 1.1;
  const y = (v: number) => PAD.top + plotH - (v / maxY) * plotH;
  const n = input.labels.length;
  const x = (i: number) => PAD.left + (n <= 1 ? plotW / 2 : (plotW * i) / (n - 1));

  g.strokeStyle = '#bbb';
  g.lineWidth = 1;
  g.font = `11px "${FONT_FAMILY}"`;
  g.fillStyle = '#555';
  g.textAlign = 'right';
  const step = niceStep(maxY / 5);
  for (let v = 0; v <= maxY; v += step) {
    g.beginPath();
    g.moveTo(PAD.left, Math.round(y(v)) + 0.5);
    g.lineTo(W - PAD.right, Math.round(y(v)) + 0.5);
    g.stroke();
    g.fillText(String(v), PAD.left - 6, y(v) + 4);
  }
  g.textAlign = 'center';
  g.fillStyle = '#2b2b2b';
  input.labels.forEach((l, i) => { if (n <= 24 || i % Math.ceil(n / 24) === 0) g.fillText(l, x(i), H - PAD.bottom + 16); });

  input.series.forEach((s, k) => {
    g.strokeStyle = s.colour;
    g.fillStyle = s.colour;
    g.lineWidth = 3;
    g.beginPath();
    s.values.forEach((v, i) => (i === 0 ? g.moveTo(x(i), y(v)) : g.lineTo(x(i), y(v))));
    g.stroke();
    for (let i = 0; i < s.values.length; i++) {
      g.beginPath();
      g.arc(x(i), y(s.values[i]!), 4, 0, 2 * Math.PI);
      g.fill();
    }
    g.textAlign = 'left';
    g.font = `bold 12px "${FONT_FAMILY}"`;
    g.fillText(`— ${s.name}`, W - PAD.right - 160, PAD.top - 6 + 14 * k - 14 * (input.series.length - 1));
    g.font = `11px "${FONT_FAMILY}"`;
  });
  return canvas.toBuffer('image/png', { compressionLevel: 6 });
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 5, 10]) if (raw <= m * p) return Math.max(1, m * p);
  return 10 * p;
}
