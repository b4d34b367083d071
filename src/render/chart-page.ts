import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import { FONT_FAMILY, registerFonts } from './fonts';

/** The page every statistics chart shares (dice statistics, campaign strength): 720 × 360, parchment. */
export const CHART = { W: 720, H: 360, PAD: { left: 56, right: 20, top: 64, bottom: 44 } } as const;

export interface ChartPage {
  readonly canvas: Canvas;
  readonly g: CanvasRenderingContext2D;
  readonly plotW: number;
  readonly plotH: number;
  /** Screen y of a value on the vertical axis. */
  readonly y: (v: number) => number;
  readonly png: () => Buffer;
}

/**
 * Title, subtitle and a value axis from 0 to `maxY` with a few round ticks: one look for every
 * chart the bot posts, so a player reads them all the same way.
 */
export function chartPage(title: string, subtitle: string, maxY: number): ChartPage {
  const { W, H, PAD } = CHART;
  registerFonts();
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f7f3e8';
  g.fillRect(0, 0, W, H);
  g.fillStyle = '#2b2b2b';
  g.font = `bold 20px "${FONT_FAMILY}"`;
  g.fillText(title, PAD.left, 28);
  g.font = `13px "${FONT_FAMILY}"`;
  g.fillStyle = '#555';
  g.fillText(subtitle, PAD.left, 48);

  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - (v / maxY) * plotH;
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
  return { canvas, g, plotW, plotH, y, png: () => canvas.toBuffer('image/png', { compressionLevel: 6 }) };
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 5, 10]) if (raw <= m * p) return Math.max(1, m * p);
  return 10 * p;
}
