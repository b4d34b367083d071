import { CHART, chartPage } from './chart-page';

export interface StatsChartInput {
  readonly title: string;
  readonly subtitle: string;
  readonly bars: readonly { label: string; count: number; expected: number }[];
}

const { W, H, PAD } = CHART;

/**
 * A bar chart of observed face counts with the fair-die expectation as a dashed line: the
 * picture answers "are the dice rigged?" faster than the p-value.
 */
export function renderStatsChart(input: StatsChartInput): Buffer {
  const maxY = Math.max(1, ...input.bars.map((b) => Math.max(b.count, b.expected))) * 1.1;
  const { g, plotW, y, png } = chartPage(input.title, input.subtitle, maxY);

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
  return png();
}

