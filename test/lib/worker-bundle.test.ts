import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleWorker } from '../../src/lib/worker-bundle';

describe('the verify workers\' bundle', () => {
  it('keeps the source\'s names without keepNames: no name-setting call on each closure a worker makes (issue 12)', async () => {
    const text = readFileSync(await bundleWorker(new URL('../../src/services/verify.worker.ts', import.meta.url)), 'utf8');
    // keepNames wraps every function in a helper that defines its `name` (esbuild's __name).
    expect(text).not.toMatch(/=\((\w+),(\w+)\)=>\w+\(\1,"name",/);
    expect(text).toMatch(/function derivedRng\(/);
    expect(text).toMatch(/function verifyChain\(/);
    // Whitespace is still minified: one module of a few tens of kB.
    expect(text.length).toBeLessThan(40_000);
  }, 60_000);
});
