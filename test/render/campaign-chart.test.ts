import { describe, expect, it } from 'vitest';
import { loadImage } from 'canvas';
import { renderCampaignChart } from '../../src/render/campaign-chart';

const input = { title: 'Aspern: strength over the campaign', subtitle: 'totals', labels: ['start', 'B1', 'GM', 'B2'] };

describe('renderCampaignChart (issue 15, like the dice statistics chart)', () => {
  it('draws a 720×360 PNG; each side\'s line changes the picture', async () => {
    const one = renderCampaignChart({ ...input, series: [{ name: 'French', colour: '#1f4e79', values: [53, 45, 47, 33] }] });
    const two = renderCampaignChart({ ...input, series: [{ name: 'French', colour: '#1f4e79', values: [53, 45, 47, 33] }, { name: 'Austrians', colour: '#b22222', values: [50, 30, 30, 28] }] });
    const img = await loadImage(one);
    expect([img.width, img.height]).toEqual([720, 360]);
    expect(one.subarray(1, 4).toString()).toBe('PNG');
    expect(Buffer.compare(one, two)).not.toBe(0);
  });
  it('draws a campaign with a single point (just founded)', () => {
    expect(renderCampaignChart({ ...input, labels: ['start'], series: [{ name: 'French', colour: '#1f4e79', values: [53] }] }).length).toBeGreaterThan(1000);
  });
});
