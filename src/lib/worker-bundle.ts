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
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      // Smaller text parses sooner; names kept so stack traces still say where.
      minify: true,
      keepNames: true,
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

/** Options of Node's command line that load a module before the entry, and take it as their value. */
const PRELOADS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);

/**
 * The process's Node options minus tsx's (issue 12), for a worker started from a bundle. A worker
 * inherits `process.execArgv`, and the bot runs as `node --import tsx`: each worker then loaded
 * tsx and started its loader before running plain JavaScript that needs none of it, ~2 s of a
 * first `/rolls verify` on this loaded 2-core machine (measured: a verify worker loaded its
 * bundle in 2.7–3.0 s with them, 0.5–0.8 s without). Every other option (--cpu-prof, heap
 * limits…) is kept.
 */
export function execArgvWithoutTsx(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const flag = eq > 0 ? a.slice(0, eq) : a;
    if (!PRELOADS.has(flag)) { out.push(a); continue; }
    const value = eq > 0 ? a.slice(eq + 1) : argv[i + 1] ?? '';
    if (eq < 0) i++; // the value is the next argument
    if (!isTsx(value)) out.push(...(eq > 0 ? [a] : [a, value]));
  }
  return out;
}

const isTsx = (spec: string) => spec === 'tsx' || spec.startsWith('tsx/') || /[\\/]node_modules[\\/]tsx[\\/]/.test(spec);
