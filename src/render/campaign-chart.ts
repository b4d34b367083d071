import { FONT_FAMILY } from './fonts';
import { CHART, chartPage } from './chart-page';

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

const { W, H, PAD } = CHART;

/**
 * Each side's total strength over the campaign (issue 15), on the dice statistics chart's page
 * (chart-page.ts): same fonts, axis and ticks; one line per side, a dot per entry.
 */
export function renderCampaignChart(input: CampaignChartInput): Buffer {
  const maxY = Math.max(1, ...input.series.flatMap((s) => s.values)) * 1.1;
  const { g, plotW, y, png } = chartPage(input.title, input.subtitle, maxY);
  const n = input.labels.length;
  const x = (i: number) => PAD.left + (n <= 1 ? plotW / 2 : (plotW * i) / (n - 1));

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
  return png();
}

