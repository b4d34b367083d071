import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A worker thread's TypeScript entry as one plain ES module (issue 12). Started through tsx
 * (ts-worker.mjs), a worker registers tsx's loader, which runs in a thread of its own, and then
 * resolves and transforms each of its ~150 modules (zod's many files among them) through it:
 * 1-4 s on this 2-core machine before the worker does anything, most of the first `/rolls
 * verify` of a process. One bundle, made by esbuild (tsx's own compiler, already installed with
 * it) in its own process while the bot starts, loads in a fraction of that.
 *
 * Packages with native code (better-sqlite3) stay outside the bundle, imported by absolute path
 * so the bundle may live in a temporary folder. The folder is removed when the process exits.
 * Any failure leaves the caller on the tsx start-up: slower, never broken.
 */
/**
 * What every bundle of ours is (the workers', the bot's, src/lib/bot-bundle.ts): one ES module for
 * this Node. Smaller text parses sooner; names kept so stack traces still say where.
 */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${process.versions.node}`,
  minify: true,
  keepNames: true,
} as const;

export async function bundleWorker(entry: URL, opts: { external?: readonly string[] } = {}): Promise<URL> {
  const esbuild = await import('esbuild');
  const externals = new Map((opts.external ?? ['better-sqlite3']).map((name) => [name, import.meta.resolve(name)]));
  const dir = mkdtempSync(join(tmpdir(), 'estafette-workers-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, `${basename(fileURLToPath(entry)).replace(/\.ts$/, '')}.mjs`);
  try {
    await esbuild.build({
      entryPoints: [fileURLToPath(entry)],
      outfile,
      ...NODE_BUNDLE,
      // Identifiers left as written, so no keepNames: its `__name(fn, 'name')` ran on every
      // closure a worker creates (a verify's per-roll random streams: ~2% of its CPU, issue 12),
      // and the names in stack traces and profiles are the source's own. Some 10 kB more text.
      minify: false,
      minifyWhitespace: true,
      minifySyntax: true,
      keepNames: false,
      logLevel: 'silent',
      plugins: [{
        name: 'native-packages-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => {
            const url = externals.get(a.path);
            return url ? { path: url, external: true } : undefined;
          });
        },
      }],
    });
  } finally {
    // The compiler's service process is not needed once the bundle is written.
    await esbuild.stop();
  }
  return pathToFileURL(outfile);
}
