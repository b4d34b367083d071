/**
 * `npm run bench:all [out.json]` — every speed figure with a goal (issue 12), each benchmark in
 * its own process, one after another; prints one table (figure, median, goal, verdict) and
 * writes it as JSON (default bench/results/<UTC time>.json) so two runs can be compared.
 * `--repeat N` runs each benchmark N times (default 3) and reports the median of the runs:
 * the machine may be shared, and its load average is recorded with the results.
 * `--only <text>` runs only the benchmarks whose command contains it (`--only rules`).
 * `--load` adds the load benchmarks (bench/load-games.ts: 60 s closed loop, 30 s open loop at 500/s).
 * Asserts nothing: a missed goal is a verdict in the table, not a failure.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';

/** A figure a benchmark prints on its `JSON:` line, and the goal it is held to (README, "Speed goals"). */
interface Goal {
  readonly script: string;
  readonly key: string;
  readonly figure: string;
  readonly unit: string;
  /** null: a figure reported without a goal (database growth). */
  readonly goal: number | null;
  readonly better: 'lower' | 'higher';
  /** A ratio: this figure's median over that one's (4× the battle over the usual size). */
  readonly per?: { readonly script: string; readonly key: string };
}

const GOALS: readonly Goal[] = [
  // Group commit (the bot's mode): the handler's time on the event loop, and until the roll is durable (at least one fsync).
  { script: 'bench/run.ts --rolls-only', key: 'rollHandlerP99Us', figure: 'one audited /roll, handler p99 (group commit)', unit: 'µs', goal: 2000, better: 'lower' },
  { script: 'bench/run.ts --rolls-only', key: 'rollP99Us', figure: 'one audited /roll, p99 until durable (group commit)', unit: 'µs', goal: null, better: 'lower' },
  { script: 'bench/run.ts --rolls-only', key: 'sustainedRollsPerSec', figure: 'sustained audited rolls, 32 rollers, durable', unit: '/s', goal: 5000, better: 'higher' },
  // The roll tail with and without the checkpoint worker, FULL and NORMAL, and group commit, in one run (README, "Durability").
  ...(['full', 'normal'] as const).flatMap((level) => (['Inline', 'Worker'] as const).map((ckpt): Goal => ({
    script: 'bench/run.ts --sync', key: `${level}${ckpt}P99Us`, figure: `/roll p99, synchronous=${level.toUpperCase()}${level === 'normal' ? ' (not durable)' : ''}, ${ckpt === 'Inline' ? 'inline checkpoint' : 'checkpoint worker'}`, unit: 'µs', goal: null, better: 'lower',
  }))),
  { script: 'bench/run.ts --sync', key: 'groupWorkerP99Us', figure: '/roll p99 until durable, group commit, checkpoint worker', unit: 'µs', goal: null, better: 'lower' },
  { script: 'bench/run.ts --sync', key: 'groupWorkerHandlerP99Us', figure: '/roll handler p99, group commit, checkpoint worker', unit: 'µs', goal: null, better: 'lower' },
  ...(['full', 'normal', 'group'] as const).map((level): Goal => ({
    script: 'bench/run.ts --sync', key: `${level}WorkerRollsPerSec`, figure: `rolls/s, 32 rollers, ${level === 'group' ? 'group commit' : `synchronous=${level.toUpperCase()}`}${level === 'normal' ? ' (not durable)' : ''}, checkpoint worker`, unit: '/s', goal: null, better: 'higher',
  })),
  // The first call as an admin meets it: a bot started as `npm start` starts it, idle 5 s, then /rolls verify, command to reply (bench/verify-bot.ts).
  { script: 'bench/verify-bot.ts', key: 'firstCallPerSec', figure: '/rolls verify, first call of a started bot, command to reply', unit: 'rolls/s', goal: 100_000, better: 'higher' },
  { script: 'bench/verify-bot.ts', key: 'botCpuMs', figure: '/rolls verify, the same: the bot\'s CPU, all threads', unit: 'ms', goal: null, better: 'lower' },
  { script: 'bench/verify-bot.ts', key: 'warmedMs', figure: 'verify workers warmed up, after the bot\'s start', unit: 'ms', goal: null, better: 'lower' },
  { script: 'bench/verify-bot.ts', key: 'idleRssMiB', figure: 'the bot\'s RSS, idle, warm verify workers kept', unit: 'MiB', goal: null, better: 'lower' },
  // In process, on workers that did not warm up (what the start-up warm-up saves; bench/verify.ts).
  { script: 'bench/verify.ts', key: 'coldPerSec', figure: '/rolls verify, first call on cold workers (in process)', unit: 'rolls/s', goal: null, better: 'higher' },
  { script: 'bench/verify.ts', key: 'warmPerSec', figure: '/rolls verify, warm', unit: 'rolls/s', goal: 100_000, better: 'higher' },
  { script: 'bench/verify.ts', key: 'coldIdleMs', figure: '/rolls verify, first call: one worker idle at the end', unit: 'ms', goal: null, better: 'lower' },
  { script: 'bench/inputs.ts', key: 'cpuRatio', figure: 'submit after 10,000 vs 500 amendments (CPU)', unit: '×', goal: 1.3, better: 'lower' },
  { script: 'bench/inputs.ts', key: 'ratio', figure: 'submit after 10,000 vs 500 amendments (wall)', unit: '×', goal: 1.3, better: 'lower' },
  { script: 'bench/inputs.ts', key: 'bytesPerAmendment', figure: 'database growth per amendment', unit: 'bytes', goal: null, better: 'lower' },
  { script: 'bench/inputs.ts', key: 'bytesPerAmendmentPruned', figure: 'the same, once sent receipts are pruned', unit: 'bytes', goal: null, better: 'lower' },
  { script: 'bench/verify.ts --tsx', key: 'coldPerSec', figure: '/rolls verify, first call, workers through tsx', unit: 'rolls/s', goal: null, better: 'higher' },
  { script: 'bench/rules.ts', key: 'dramTurnMs', figure: 'DRAM full turn, 200 stands', unit: 'ms', goal: 15, better: 'lower' },
  { script: 'bench/rules.ts', key: 'dramValidateUs', figure: 'DRAM validate one order', unit: 'µs', goal: 200, better: 'lower' },
  { script: 'bench/nw.ts', key: 'nwResolveTurnMs', figure: 'NW turn resolution, 150 brigades', unit: 'ms', goal: 20, better: 'lower' },
  { script: 'bench/nw.ts', key: 'nwTurnMs', figure: 'NW full turn incl. binding acts', unit: 'ms', goal: 40, better: 'lower' },
  { script: 'bench/nw.ts', key: 'nwManeuverActP99Ms', figure: 'NW maneuver act, p99', unit: 'ms', goal: 5, better: 'lower' },
  // 4× the battle in at most 6× the time, in CPU time (the wall time of one long run on a shared machine is mostly the load).
  // The same four generated battles (seeds 2026-2029) at 4× the size: one game's six turns made the
  // median turn, and so the ratio, swing 4.3-7.6× between runs of one build.
  { script: 'bench/nw.ts --brigades 600 --games 4', key: 'nwTurnCpuMs', per: { script: 'bench/nw.ts', key: 'nwTurnCpuMs' }, figure: 'NW 600 vs 150 brigades, full turn (CPU)', unit: '×', goal: 6, better: 'lower' },
  { script: 'bench/nw.ts --brigades 600 --games 4', key: 'nwResolveTurnCpuMs', per: { script: 'bench/nw.ts', key: 'nwResolveTurnCpuMs' }, figure: 'NW 600 vs 150 brigades, resolution (CPU)', unit: '×', goal: 6, better: 'lower' },
  { script: 'bench/nw.ts --brigades 600 --games 4', key: 'nwTurnMs', per: { script: 'bench/nw.ts', key: 'nwTurnMs' }, figure: 'NW 600 vs 150 brigades, full turn (wall, fastest replays)', unit: '×', goal: null, better: 'lower' },
  { script: 'bench/rules.ts --stands 800', key: 'dramTurnCpuMs', per: { script: 'bench/rules.ts', key: 'dramTurnCpuMs' }, figure: 'DRAM 800 vs 200 stands, full turn (CPU)', unit: '×', goal: 6, better: 'lower' },
  { script: 'bench/bp.ts 3 8', key: 'bpTurnMs', figure: 'B&P full turn', unit: 'ms', goal: 20, better: 'lower' },
  { script: 'bench/load-games.ts 60', key: 'inputsPerSec', figure: 'load: saturation, 50 games × 4 players', unit: 'inputs/s', goal: 2000, better: 'higher' },
  { script: 'bench/load-games.ts 60', key: 'ackP99Ms', figure: 'load: acknowledgement p99 (closed loop)', unit: 'ms', goal: 250, better: 'lower' },
  { script: 'bench/load-games.ts 60', key: 'peakRssMiB', figure: 'load: bot peak RSS', unit: 'MiB', goal: 256, better: 'lower' },
  { script: 'bench/load-games.ts 30 --rate 500', key: 'ackP99Ms', figure: 'load: acknowledgement p99, open loop at 500/s', unit: 'ms', goal: 50, better: 'lower' },
];

const arg = (name: string) => { const i = process.argv.indexOf(name); return i < 0 ? undefined : process.argv[i + 1]; };
const REPEAT = Number(arg('--repeat') ?? 3);
const withLoad = process.argv.includes('--load');
const out = process.argv.slice(2).find((a, i, all) => a.endsWith('.json') && all[i - 1] !== '--repeat' && all[i - 1] !== '--only') ?? join('bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN; };

const only = arg('--only');
const scripts = [...new Set(GOALS.map((g) => g.script))].filter((s) => (withLoad || !s.startsWith('bench/load-games')) && (!only || s.includes(only)));
const runs = new Map<string, Record<string, number>[]>();
const loads: number[] = [];
for (const script of scripts) {
  for (let i = 0; i < REPEAT; i++) {
    process.stderr.write(`${script} (${i + 1}/${REPEAT}) … `);
    const [file, ...args] = script.split(' ');
    const t = Date.now();
    let text = '';
    try {
      text = execFileSync(process.execPath, ['--import', 'tsx', file!, ...args], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20, stdio: ['ignore', 'pipe', 'inherit'] });
    } catch (e) {
      // A figure printed before the failure still counts; the failure is said, not hidden.
      text = (e as { stdout?: string }).stdout ?? '';
      process.stderr.write(`failed (exit ${(e as { status?: number }).status ?? '?'}) `);
    }
    loads.push(loadavg()[0]!);
    const line = text.split('\n').reverse().find((l) => l.startsWith('JSON: '));
    if (line) (runs.get(script) ?? runs.set(script, []).get(script)!).push(JSON.parse(line.slice(6)) as Record<string, number>);
    process.stderr.write(`${((Date.now() - t) / 1000).toFixed(0)} s\n`);
  }
}

const rows = GOALS.filter((g) => scripts.includes(g.script)).map((g) => {
  const valuesOf = (script: string, key: string) => (runs.get(script) ?? []).map((r) => r[key]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const values = valuesOf(g.script, g.key);
  const value = g.per ? median(values) / median(valuesOf(g.per.script, g.per.key)) : median(values);
  const met = Number.isNaN(value) || g.goal === null ? null : g.better === 'lower' ? value <= g.goal : value >= g.goal;
  const verdict = Number.isNaN(value) ? 'no figure' : g.goal === null ? 'reported' : met ? 'met' : 'missed';
  return { figure: g.figure, value, unit: g.unit, goal: g.goal === null ? '—' : `${g.better === 'lower' ? '≤' : '≥'} ${g.goal}`, verdict, runs: values, script: g.script };
});

const num = (x: number) => (Number.isNaN(x) ? '—' : x.toLocaleString('en-US', { maximumFractionDigits: x < 10 ? 2 : 1 }));
const w = Math.max(...rows.map((r) => r.figure.length));
console.log(`${'figure'.padEnd(w)}  ${'median'.padStart(12)}  ${'goal'.padStart(16)}  verdict   (${REPEAT} run(s) each; load average ${num(median(loads))})`);
for (const r of rows) console.log(`${r.figure.padEnd(w)}  ${`${num(r.value)} ${r.unit}`.padStart(12)}  ${(r.goal === '—' ? '—' : `${r.goal} ${r.unit}`).padStart(16)}  ${r.verdict}`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), repeat: REPEAT, loadAverage: median(loads), rows }, null, 2)}\n`);
console.log(`written to ${out}`);
