/** Options of Node's command line that load a module before the entry, and take it as their value. */
const PRELOADS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);

/**
 * V8's own options, which a worker thread refuses (ERR_WORKER_INVALID_EXEC_ARGV: they are the
 * process's, set once): the heap sizes the bot may run with (bench/README.md, "Memory") and the other V8
 * switches an operator is likely to add. A worker's heap is sized by `resourceLimits` instead.
 */
const V8_ONLY = new Set(['--max-old-space-size', '--max-semi-space-size', '--min-semi-space-size', '--max-young-generation-size', '--initial-old-space-size', '--initial-heap-size', '--max-heap-size', '--optimize-for-size', '--stack-size', '--expose-gc', '--gc-interval', '--single-threaded-gc', '--predictable',
  // GC and compiler tracing, which an operator adds to see where collections and deoptimizations go (bench/README.md, "Memory").
  '--trace-gc', '--trace-gc-nvp', '--trace-gc-verbose', '--trace-gc-ignore-scavenger', '--trace-opt', '--trace-deopt', '--trace-deopt-verbose',
  // Node's, but process-wide too: the size of the V8 platform's thread pool (GC and compiler helpers).
  '--v8-pool-size',
  // Compiler tiers and feedback (issue 12 measured them for verify): with one of these, every verify failed to start its workers.
  '--maglev', '--sparkplug', '--always-sparkplug', '--turbofan', '--opt', '--lazy-feedback-allocation', '--max-lazy', '--lazy']);

/**
 * The process's Node options minus tsx's and V8's (issue 12), for a worker thread whose entry is plain
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
    const name = flag.replaceAll('_', '-'); // V8 takes these as --max_old_space_size too
    if (V8_ONLY.has(name) || (name.startsWith('--no-') && V8_ONLY.has(`--${name.slice(5)}`))) continue;
    if (!PRELOADS.has(flag)) { out.push(a); continue; }
    const value = eq > 0 ? a.slice(eq + 1) : argv[i + 1] ?? '';
    if (eq < 0) i++; // the value is the next argument
    if (!isTsx(value)) out.push(...(eq > 0 ? [a] : [a, value]));
  }
  return out;
}

const isTsx = (spec: string) => spec === 'tsx' || spec.startsWith('tsx/') || /[\\/]node_modules[\\/]tsx[\\/]/.test(spec);
