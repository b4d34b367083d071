/** Options of Node's command line that load a module before the entry, and take it as their value. */
const PRELOADS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);

/**
 * The process's Node options minus tsx's (issue 12), for a worker thread whose entry is plain
 * JavaScript (a bundle, a .mjs). A worker inherits `process.execArgv`, and the bot runs as
 * `node --import tsx`: each worker then loaded tsx and started its loader for nothing. Measured
 * on this loaded 2-core machine: a verify worker loaded its bundle in 2.7–3.0 s with them and
 * 0.5–0.8 s without (most of a first `/rolls verify`), and an idle worker holds ~16.5 MB of
 * RSS with them, ~9 MB without. Every other option (--cpu-prof, heap limits…) is kept.
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
