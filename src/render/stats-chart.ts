import { createCanvas } from 'canvas';
import { FONT_FAMILY, registerFonts } from './fonts';

export interface StatsChartInput {
  readonly title: string;
  readonly subtitle: string;
  readonly bars: readonly { label: string; count: number; expected: number }[];
}

const W = 720;
const H = 360;
const PAD = { left: 56, right: 20, top: 64, bottom: 44 };

/**
 * A bar chart of observed face counts with the fair-die expectation as a dashed line: the
 * picture answers "are the dice rigged?" faster than the p-value.
 */
export function renderStatsChart(input: StatsChartInput): Buffer {
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
  const maxY = Math.max(1, ...input.bars.map((b) => Math.max(b.count, b.expected))) * 1.1;
  const y = (v: number) => PAD.top + plotH - (v / maxY) * plotH;

  // Axis with a few round ticks.
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

  const n = input.bars.length;
  const slot = plotW / Math.max(1, n);
  const barW = Math.max(2, Math.min(60, slot * 0.7));
  g.textAlign = 'center';
  input.bars.forEach((b, i) => {
    const cx = PAD.left + slot * (i + 0.5);
    g.fillStyle = '#1f4e79';
    g.fillRect(cx - barW / 2, y(b.count), barW, y(0) - y(b.count));
    g.strokeStyle = '#b22222';
    g.setLineDash([5, 4]);
    g.lineWidth = 2;
    g.beginPath();
    g.moveTo(cx - slot / 2 + 2, y(b.expected));
    g.lineTo(cx + slot / 2 - 2, y(b.expected));
    g.stroke();
    g.setLineDash([]);
    g.fillStyle = '#2b2b2b';
    if (n <= 40 || i % Math.ceil(n / 40) === 0) g.fillText(b.label, cx, H - PAD.bottom + 16);
  });
  g.textAlign = 'left';
  g.fillStyle = '#b22222';
  g.fillText('- - expected for a fair die', W - PAD.right - 170, H - 10);
  return canvas.toBuffer('image/png', { compressionLevel: 6 });
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 5, 10]) if (raw <= m * p) return Math.max(1, m * p);
  return 10 * p;
}
