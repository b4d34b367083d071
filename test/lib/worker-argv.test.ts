import { describe, expect, it } from 'vitest';
import { execArgvWithoutTsx } from '../../src/lib/worker-argv';

describe('execArgvWithoutTsx (worker threads of plain JavaScript start without tsx, issue 12)', () => {
  it('drops the preload options `node --import tsx` expands to, in every spelling', () => {
    // What process.execArgv holds when the bot runs as `node --import tsx src/main.ts` (tsx 4).
    expect(execArgvWithoutTsx(['--require', '/app/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///app/node_modules/tsx/dist/loader.mjs'])).toEqual([]);
    expect(execArgvWithoutTsx(['--import', 'tsx'])).toEqual([]);
    expect(execArgvWithoutTsx(['--import=tsx', '-r', 'tsx/cjs', '--loader=tsx/esm'])).toEqual([]);
    expect(execArgvWithoutTsx(['--experimental-loader', 'C:\\app\\node_modules\\tsx\\dist\\loader.mjs'])).toEqual([]);
  });

  it('keeps every other option, preloads of other modules included, in order', () => {
    const argv = ['--cpu-prof', '--cpu-prof-dir=/tmp/p', '--require', './otel.cjs', '--import', 'tsx', '--heapsnapshot-signal=SIGUSR2', '--import=./metrics.mjs', '--enable-source-maps'];
    expect(execArgvWithoutTsx(argv)).toEqual(['--cpu-prof', '--cpu-prof-dir=/tmp/p', '--require', './otel.cjs', '--heapsnapshot-signal=SIGUSR2', '--import=./metrics.mjs', '--enable-source-maps']);
    // A module whose name merely contains "tsx" is not tsx.
    expect(execArgvWithoutTsx(['--import', './my-tsx-metrics.mjs'])).toEqual(['--import', './my-tsx-metrics.mjs']);
  });

  it('drops V8\'s options, which a worker thread refuses (the bot runs with heap sizes: bench/README.md "Memory")', async () => {
    const argv = ['--max-old-space-size=256', '--max_semi_space_size=4', '--stack-size=900', '--enable-source-maps', '--optimize-for-size', '--v8-pool-size=2', '--trace-gc', '--trace-gc-nvp'];
    expect(execArgvWithoutTsx(argv)).toEqual(['--enable-source-maps']);
    // What node itself says: the options left start a worker; the heap sizes and the pool size do not.
    const { Worker } = await import('node:worker_threads');
    expect(() => new Worker('1', { eval: true, execArgv: ['--max-old-space-size=256'] })).toThrow(/invalid execArgv/);
    expect(() => new Worker('1', { eval: true, execArgv: ['--v8-pool-size=2'] })).toThrow(/invalid execArgv/);
    expect(() => new Worker('1', { eval: true, execArgv: ['--trace-gc'] })).toThrow(/invalid execArgv/);
    const w = new Worker('1', { eval: true, execArgv: execArgvWithoutTsx(argv) });
    expect(await new Promise((r) => w.once('exit', r))).toBe(0);
  });

  it('drops V8\'s compiler switches too, with or without --no- (one of them made every verify fail to start its workers)', async () => {
    const flags = ['--maglev', '--no-lazy-feedback-allocation', '--max-lazy', '--always-sparkplug', '--no-opt', '--no_lazy_feedback_allocation'];
    expect(execArgvWithoutTsx([...flags, '--enable-source-maps'])).toEqual(['--enable-source-maps']);
    const { Worker } = await import('node:worker_threads');
    for (const f of flags) expect(() => new Worker('1', { eval: true, execArgv: [f] })).toThrow(/invalid execArgv/);
  });
});
