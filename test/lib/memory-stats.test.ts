import { describe, expect, it } from 'vitest';
import { MemoryStats, mib, type MemoryReading } from '../../src/lib/memory-stats';

const r = (rss: number, heapTotal: number, heapUsed: number): MemoryReading => ({ rss, heapTotal, heapUsed, external: 1, arrayBuffers: 0 });

describe('MemoryStats (the bot under bench:load, issue 12)', () => {
  it('keeps the whole reading of the peak RSS, and each figure\'s own highest', () => {
    const readings = [r(100, 50, 40), r(300, 120, 90), r(200, 150, 140)];
    const stats = new MemoryStats(() => readings.shift()!);
    stats.sample(); stats.sample(); stats.sample();
    const s = stats.summary();
    expect(s.samples).toBe(3);
    expect(s.atPeakRss).toEqual(r(300, 120, 90)); // the parts at one instant
    expect(s.max).toEqual({ rss: 300, heapTotal: 150, heapUsed: 140, external: 1, arrayBuffers: 0 });
    expect(s.gc.count).toBe(0);
  });

  it('reads the kernel\'s high-water mark and the threads on Linux', () => {
    const stats = new MemoryStats();
    stats.sample();
    const s = stats.summary();
    if (process.platform !== 'linux') return;
    expect(s.kernelPeakRss).toBeGreaterThanOrEqual(s.atPeakRss.rss * 0.5);
    expect(s.threadsAtPeak).toBeGreaterThanOrEqual(1);
    expect(s.cpuMs).toBeGreaterThan(0);
  });

  it('prints MiB with one decimal', () => {
    expect(mib(1_048_576 * 2.25)).toBe('2.3 MiB');
  });
});
