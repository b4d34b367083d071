import { dirname, relative, resolve, sep } from 'node:path';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { NODE_BUNDLE } from './worker-bundle';

/** The project's root (this file is src/lib/bot-bundle.ts). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `npm start` writes the bot (gitignored). */
export const BOT_BUNDLE = resolve(PROJECT_ROOT, 'dist/main.mjs');

/**
 * Packages left outside the bundle: native code (better-sqlite3, canvas) loads its .node file
 * relative to its own folder, esbuild (which bundles verify's workers as the bot starts) finds
 * its binary the same way, and discord.js's optional accelerators are absent unless an operator
 * installs them (discord.js tries each in turn and goes on without).
 */
const EXTERNAL = ['better-sqlite3', 'canvas', 'esbuild', 'zlib-sync', 'bufferutil', 'utf-8-validate', 'erlpack', '@discordjs/opus', 'sodium-native', 'libsodium-wrappers'];

/**
 * The bot as one plain ES module (issue 12: its memory under load). Run through tsx, the bot
 * kept tsx's loader in a thread of its own (its own V8 heap), every module's TypeScript source
 * and inline source map as strings, and ~1,000 module records; bundled, node loads one file.
 * Measured in README "Memory".
 *
 * Files the source finds next to itself through `import.meta.url` (workers, migrations, fonts,
 * scenarios) are found there still: each module's `import.meta.url` is rewritten to its own
 * source file's place, relative to the bundle, so the bundle keeps working if the project moves
 * as a whole. Module-scoped, minified with names kept (stack traces and `constructor.name` still
 * say what), with a linked source map (`node --enable-source-maps dist/main.mjs` to use it).
 */
export async function bundleBot(opts: { entry?: string; outfile?: string; minify?: boolean } = {}): Promise<string> {
  const esbuild = await import('esbuild');
  const outfile = opts.outfile ?? BOT_BUNDLE;
  const outdir = dirname(outfile);
  try {
    await esbuild.build({
      entryPoints: [opts.entry ?? resolve(PROJECT_ROOT, 'src/main.ts')],
      outfile,
      ...NODE_BUNDLE,
      // Unminified for a CPU profile: V8's profiler names functions by their source names, which
      // minifying mangles (keepNames only fixes `.name` at run time).
      ...(opts.minify === false ? { minify: false } : {}),
      sourcemap: 'linked',
      logLevel: 'error',
      external: EXTERNAL,
      // CommonJS packages in an ES module still call require() for node's built-ins.
      banner: { js: "import { createRequire as __estafetteRequire } from 'node:module'; const require = __estafetteRequire(import.meta.url);" },
      plugins: [{
        name: 'import-meta-url-of-the-source',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, async (a) => {
            const text = await readFile(a.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            const rel = relative(outdir, a.path).split(sep).join('/');
            return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
          });
        },
      }],
    });
  } finally {
    // The compiler's service process is not needed once the bundle is written.
    await esbuild.stop();
  }
  await asciiOnly(outfile);
  return outfile;
}

/**
 * esbuild leaves non-ASCII characters in regular expression literals (our name matching has
 * accented capitals and typographic quotes); one such character makes V8 hold the whole 3.4 MB
 * source as a two-byte string, 6.6 MB instead of 3.3 (measured in a heap snapshot). As \u
 * escapes they mean the same in a string, a template, an identifier or a regex (a surrogate
 * pair of escapes is one code point under the u flag).
 */
async function asciiOnly(file: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!/[^\0-\x7f]/.test(text)) return;
  await writeFile(file, text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * The arguments `npm start` gives node after building (package.json "start": `… && node ARGS`),
 * so that whoever starts the bot another way (bench/load-games.ts) starts it the same way.
 */
export function productionNodeArgs(packageJson = readFileSync(resolve(PROJECT_ROOT, 'package.json'), 'utf8')): string[] {
  const start = (JSON.parse(packageJson) as { scripts?: { start?: string } }).scripts?.start ?? '';
  const m = /(?:^|&&\s*)node\s+([^&|;]+)$/.exec(start.trim());
  if (!m) throw new Error(`package.json "start" does not end with a node command: ${start}`);
  return m[1]!.trim().split(/\s+/);
}
