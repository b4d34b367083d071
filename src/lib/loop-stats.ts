import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from '../logger';

/**
 * A diagnostic for load tests (issue 12), off unless LOAD_STATS is set: every `everyMs` the bot
 * logs how late its event loop ran timers over that span (p50, p99, max in ms, from
 * perf_hooks' monitorEventLoopDelay) and the CPU it used, then starts a new span. A late loop
 * is what makes an acknowledgement late under an open-loop load: some piece of work held it.
 * Returns a stop function (logs the last span).
 */
export function startLoopStats(log: Logger, everyMs: number): () => void {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let cpu = process.cpuUsage();
  let since = performance.now();
  const report = () => {
    const used = process.cpuUsage(cpu);
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    log.info({ loopDelay: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), spanMs: Math.round(performance.now() - since) }, cpuMs: Math.round((used.user + used.system) / 1000) }, 'load stats');
    h.reset();
    cpu = process.cpuUsage();
    since = performance.now();
  };
  const timer = setInterval(report, everyMs);
  timer.unref();
  return () => { clearInterval(timer); report(); h.disable(); };
}
