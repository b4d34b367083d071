/**
 * Golden images: each folder under goldens/ holds input.json (a MapDescription) and
 * expected.png. The test draws the input and compares with pixelmatch (per-pixel colour
 * threshold 0.1, and at most 0.02% of pixels may differ: font anti-aliasing may vary a little
 * between cairo builds). `UPDATE_GOLDENS=1 npx vitest run test/render` rebuilds both files
 * from golden-cases.ts. On a mismatch the actual and diff images are written to the temp dir.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { drawMap } from '../../src/render/map/draw';
import type { SizeOptions } from '../../src/render/map/layout';
import type { MapDescription } from '../../src/render/map/model';
import { GOLDEN_CASES, GOLDEN_SIZE } from './golden-cases';

const DIR = resolve(import.meta.dirname, 'goldens');
const UPDATE = process.env.UPDATE_GOLDENS === '1';
const THRESHOLD = 0.1;
const MAX_DIFF_SHARE = 0.0002;

interface GoldenInput {
  readonly recipe: string;
  readonly size: SizeOptions;
  readonly description: MapDescription;
}

const draw = (input: GoldenInput): Buffer => drawMap(input.description, input.size).canvas.toBuffer('image/png', { compressionLevel: 9 });

describe.each(GOLDEN_CASES.map((c) => [c.name, c] as const))('golden %s', (name, c) => {
  const dir = join(DIR, name);

  it('matches expected.png', async () => {
    if (UPDATE) {
      mkdirSync(dir, { recursive: true });
      const input: GoldenInput = { recipe: c.recipe, size: GOLDEN_SIZE, description: await c.build() };
      writeFileSync(join(dir, 'input.json'), `${JSON.stringify(input, null, 1)}\n`);
      writeFileSync(join(dir, 'expected.png'), draw(input));
    }
    // A missing golden is a failure, never silently created: run with UPDATE_GOLDENS=1 to make one.
    expect(existsSync(join(dir, 'input.json')), `${name}/input.json missing`).toBe(true);
    expect(existsSync(join(dir, 'expected.png')), `${name}/expected.png missing`).toBe(true);
    const input = JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8')) as GoldenInput;
    const actualPng = draw(input);
    const expected = PNG.sync.read(readFileSync(join(dir, 'expected.png')));
    const actual = PNG.sync.read(actualPng);
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    const diff = new PNG({ width: actual.width, height: actual.height });
    const differing = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: THRESHOLD });
    const allowed = Math.floor(actual.width * actual.height * MAX_DIFF_SHARE);
    if (differing > allowed) {
      const out = join(tmpdir(), `estafette-golden-${name}`);
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'actual.png'), actualPng);
      writeFileSync(join(out, 'diff.png'), PNG.sync.write(diff));
      expect.fail(`${name}: ${differing} pixels differ (allowed ${allowed}); see ${out}/actual.png and diff.png`);
    }
  });
});

it('every golden folder has a case, and every case a folder', async () => {
  const { readdirSync } = await import('node:fs');
  const folders = existsSync(DIR) ? readdirSync(DIR).sort() : [];
  expect(folders).toEqual(GOLDEN_CASES.map((c) => c.name).sort());
});
