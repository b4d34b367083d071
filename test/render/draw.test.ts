/**
 * The canvas step at full size: a map is an image Discord takes (well under 10 MiB; we aim
 * under 2 MB), with a JPEG and a downscale fallback when PNG would be too big.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeDram } from '../../src/rules/dram/present/map';
import { MAX_MAP_BYTES, renderMap } from '../../src/render/map/draw';
import type { MapDescription } from '../../src/render/map/model';
import { bigBattle, DRAM_SETTINGS_DEFAULTS, playDram, shippedDram } from './states';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
let ligny: MapDescription;
let big: MapDescription;

beforeAll(async () => {
  const { data, settings } = await shippedDram('ligny');
  const played = playDram(data, settings, 3);
  const d = describeDram(played.state, { events: played.events });
  if (!d.ok) throw new Error(d.error.message);
  ligny = d.value;
  const b = playDram(bigBattle(), DRAM_SETTINGS_DEFAULTS, 1);
  const bd = describeDram(b.state, { events: b.events });
  if (!bd.ok) throw new Error(bd.error.message);
  big = bd.value;
});

describe('renderMap', () => {
  it('draws a full-size historical battle as a PNG of about 2000×1500 under 2 MB', () => {
    const r = renderMap(ligny);
    expect(r.format).toBe('png');
    expect(r.data.subarray(0, 8).equals(PNG)).toBe(true);
    expect(r.data.length).toBeLessThan(MAX_MAP_BYTES);
    expect(r.width).toBeLessThanOrEqual(2000);
    expect(r.height).toBeLessThanOrEqual(1500);
    expect(Math.max(r.width / 2000, r.height / 1500)).toBeGreaterThan(0.95);
    // The PNG header says the same size.
    expect(r.data.readUInt32BE(16)).toBe(r.width);
    expect(r.data.readUInt32BE(20)).toBe(r.height);
  });

  it('draws a 400-stand battle under 2 MB, leaving out the labels that would overlap and saying so', () => {
    const r = renderMap(big);
    expect(r.data.length).toBeLessThan(MAX_MAP_BYTES);
    expect(r.hiddenLabels).toBeGreaterThan(0);
  });

  it('falls back to JPEG when the PNG would be over the limit', () => {
    const png = renderMap(ligny);
    const r = renderMap(ligny, { maxBytes: png.data.length - 1 });
    expect(r.format).toBe('jpeg');
    expect(r.data.subarray(0, 3).equals(JPEG)).toBe(true);
    expect(r.data.length).toBeLessThan(png.data.length);
    expect(r.width).toBe(png.width);
    expect(r.attempts.map((a) => a.split(' ')[0])).toEqual(['png', 'jpeg']);
  });

  it('draws smaller when even JPEG is over the limit', () => {
    const r = renderMap(ligny, { maxBytes: 60_000 });
    expect(r.format).toBe('jpeg');
    expect(r.data.length).toBeLessThanOrEqual(60_000);
    expect(r.width).toBeLessThan(2000 * 0.8);
    expect(r.attempts.length).toBeGreaterThanOrEqual(3);
  });
});
