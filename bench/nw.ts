/**
 * `npm run bench:nw [-- --brigades N] [--games N] [--repeats K]` — the NW rules core on a generated
 * battle of 150 brigades (75 a side) with their batteries and officers on a terrain-rich map.
 * Prints figures; asserts nothing.
 *   1. one full game turn: every window of the turn (fire, maneuver, reaction…, then combat,
 *      rally and the next initiative), as the players' binding `nw.act` calls (maneuver rolls and
 *      moves, attachments) and `nw.resolve`, apart and together (issue 12: the turn a player waits
 *      for is both).
 *   2. one Maneuver roll and the move after it (`nw.act` maneuver, then move) on the state as a
 *      maneuver window opened, in process.
 *
 * How 1 is measured (as bench/rules.ts for DRAM; issue 12: "a noisy machine moves the median little"):
 * - Each game is first played and recorded untimed by the random legal player (its choices, the
 *   acts it tries and the orders `validate` refuses are its own cost and in no figure); that pass
 *   runs every window once and is the warm-up.
 * - Each recorded window is then replayed `--repeats` times (default 5), each time from a fresh
 *   copy of the state it opened with (parsed from JSON, as the service reads it from the
 *   database: nothing worked out on an earlier object is reused), with the dice at the recorded
 *   roll: the accepted binding acts in order, each on the state the act before returned (as
 *   GameService.act keeps it), then the resolution on the state the last act returned. Every
 *   first replay is checked against the recording (the state after the acts and after the
 *   resolution, hashed): a figure for different work would be no figure.
 * - Wall: per window the fastest of its replays (load on a shared machine only ever adds time),
 *   for the acts, the resolution and the two together; a turn sums its windows; the headline is
 *   the median turn. CPU (process.cpuUsage, beside wall as the machine is shared): per window the
 *   mean over every replay, as the kernel counts CPU time in steps too coarse for one replay's
 *   figure and the least of several is biased low; a turn sums its windows; median turn.
 * - `--brigades 600 --games 4` (bench:all's 4× battle: the same four seeds) is measured the same way, so a ratio of the
 *   two compares like with like.
 */
import { loadavg } from 'node:os';
import { seededDice } from '../src/dice/dice';
import { nw } from '../src/rules/nw/index';
import { canMove } from '../src/rules/nw/phases/maneuver';
import { NW_SETTINGS_DEFAULTS } from '../src/rules/nw/settings';
import { liveBatteries, liveUnits, type NwState } from '../src/rules/nw/state';
import { generateNwBattle, playNw, prng, startNw, stateHash, type NwWindowRecord } from '../test/helpers/nw-battle';

const pct = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const median = (xs: readonly number[]) => pct(xs, 50);
const f = (x: number) => x.toFixed(1);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const loadBefore = load();

const arg = (name: string, dflt: number) => { const i = process.argv.indexOf(name); return i < 0 ? dflt : Number(process.argv[i + 1]); };
// `--brigades N` (default 150): N/2 brigades a side (the generator widens the table to fit them).
const BRIGADES = arg('--brigades', 150);
if (!Number.isInteger(BRIGADES) || BRIGADES < 4 || BRIGADES % 2 !== 0) throw new Error('--brigades takes an even number, at least 4');
// `--games N` (default 4, at most 8): how many generated games (seeds 2026, 2027…) the figures come from.
const GAMES = arg('--games', 4);
const REPEATS = arg('--repeats', 5);
if (!Number.isInteger(GAMES) || GAMES < 1 || GAMES > 8 || !Number.isInteger(REPEATS) || REPEATS < 1) throw new Error('--games takes 1 to 8, --repeats a whole number, at least 1');
const SEEDS = [2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033].slice(0, GAMES);
const TURNS = 6;

/** One window as recorded: the JSON of the state it opened with, its input, and the hashes of what the acts and the resolution made. */
interface Window { readonly turn: number; readonly phase: string; readonly json: string; readonly record: NwWindowRecord; readonly actedHash: string; readonly afterHash: string }
interface Game { readonly seed: number; readonly diceSeed: string; readonly windows: Window[] }

// The recording (untimed: the warm-up, the random player's own work included).
const games: Game[] = [];
const maneuverStates: NwState[] = [];
const fireStates: NwState[] = [];
for (const seed of SEEDS) {
  const data = generateNwBattle({ seed, brigadesPerSide: BRIGADES / 2, turns: TURNS });
  const diceSeed = seed.toString(16).padEnd(64, '5');
  const st = startNw(data, NW_SETTINGS_DEFAULTS, diceSeed);
  if (games.length === 0) {
    const s = st.state;
    console.log(`NW: ${Object.keys(s.units).length} brigades (${Object.values(s.units).filter((u) => u.arm === 'cavalry').length} cavalry), ${Object.keys(s.batteries).length} batteries, `
      + `${Object.keys(s.commanders).length} commanders, ${Object.keys(s.generals).length} generals, ${s.map.terrain.length} terrain features, table ${s.map.table.width}x${s.map.table.height} in`);
  }
  const windows: Window[] = [];
  playNw(st.state, seed, {
    diceSeed, diceStart: st.dice,
    onWindow: (w) => {
      windows.push({ turn: w.record.turn, phase: w.record.phase, json: JSON.stringify(w.open), record: w.record, actedHash: stateHash(w.acted), afterHash: stateHash(w.after) });
      if (w.record.phase === 'maneuver') maneuverStates.push(w.open);
      if (w.record.phase === 'skirmish') fireStates.push(w.open);
    },
  });
  games.push({ seed, diceSeed, windows });
}

// The replays: per window, REPEATS times from a fresh copy; the fastest wall time, the mean CPU time.
interface Timed { readonly turn: string; readonly phase: string; act: number; res: number; both: number; actCpu: number; resCpu: number }
const timed: Timed[] = [];
for (const g of games) {
  for (const w of g.windows) {
    const t: Timed = { turn: `${g.seed}/${w.turn}`, phase: w.phase, act: Infinity, res: Infinity, both: Infinity, actCpu: 0, resCpu: 0 };
    for (let k = 0; k < REPEATS; k++) {
      let state = JSON.parse(w.json) as NwState;
      let act = 0, actCpu = 0;
      for (const a of w.record.actions) {
        const dice = seededDice(g.diceSeed, a.dice);
        const t0 = performance.now(), c0 = cpuMs();
        const r = nw.act(state, a.seat, a.action, dice);
        act += performance.now() - t0; actCpu += cpuMs() - c0;
        if (!r.ok) throw new Error(`bench/nw: a recorded act was refused on replay (${r.error.message})`);
        state = r.value.state;
      }
      const dice = seededDice(g.diceSeed, w.record.dice);
      const orders = new Map(w.record.orders);
      const t0 = performance.now(), c0 = cpuMs();
      const after = nw.resolve(state, orders, dice).state;
      const res = performance.now() - t0, resCpu = cpuMs() - c0;
      if (k === 0 && (stateHash(state) !== w.actedHash || stateHash(after) !== w.afterHash)) throw new Error(`bench/nw: a replay of seed ${g.seed} turn ${w.turn} ${w.phase} differs from the recorded game`);
      t.act = Math.min(t.act, act); t.res = Math.min(t.res, res); t.both = Math.min(t.both, act + res);
      t.actCpu += actCpu / REPEATS; t.resCpu += resCpu / REPEATS;
    }
    timed.push(t);
  }
}
// A turn sums its windows (each window's own fastest replay, so `both` may be below act + res).
const turns = new Map<string, { act: number; res: number; both: number; actCpu: number; resCpu: number }>();
for (const t of timed) {
  const x = turns.get(t.turn) ?? { act: 0, res: 0, both: 0, actCpu: 0, resCpu: 0 };
  x.act += t.act; x.res += t.res; x.both += t.both; x.actCpu += t.actCpu; x.resCpu += t.resCpu;
  turns.set(t.turn, x);
}
const T = [...turns.values()];
const turnRes = T.map((x) => x.res), turnAct = T.map((x) => x.act), turnBoth = T.map((x) => x.both);
const turnResCpu = T.map((x) => x.resCpu), turnActCpu = T.map((x) => x.actCpu), turnBothCpu = T.map((x) => x.resCpu + x.actCpu);
const is150 = BRIGADES === 150;
console.log(`1. one full game turn, ${T.length} turns from ${games.length} games (${timed.length} windows, each replayed ${REPEATS} times from a fresh JSON copy; warm-up: the untimed recording; the random player's own work in no figure)`);
console.log(`   wall, each window its fastest replay:  resolution median ${f(median(turnRes))} ms (p90 ${f(pct(turnRes, 90))})${is150 ? '  (target < 20 ms)' : ''}, binding acts ${f(median(turnAct))} ms (p90 ${f(pct(turnAct, 90))}), together ${f(median(turnBoth))} ms (p90 ${f(pct(turnBoth, 90))})${is150 ? '  (target < 40 ms)' : ''}`);
console.log(`   CPU, each window the mean of its replays: resolution median ${f(median(turnResCpu))} ms, binding acts ${f(median(turnActCpu))} ms, together ${f(median(turnBothCpu))} ms`);
for (const phase of [...new Set(timed.map((w) => w.phase))]) {
  const xs = timed.filter((w) => w.phase === phase);
  console.log(`   a ${phase === 'skirmish' ? 'fire' : phase} window (${xs.length}), fastest wall: resolution median ${f(median(xs.map((w) => w.res)))} ms (p90 ${f(pct(xs.map((w) => w.res), 90))})${xs.some((w) => w.act > 0) ? `, binding acts median ${f(median(xs.map((w) => w.act)))} ms` : ''}`);
}
// nw.owing is asked by the service as each window opens (on the state read from the database), and by resolve after each automatic phase.
const owingMs: number[] = [];
for (const s of fireStates) { const c = JSON.parse(JSON.stringify(s)) as NwState; const t = performance.now(); nw.owing(c); owingMs.push(performance.now() - t); }
console.log(`   nw.owing on a fresh JSON copy of a state at a fire window (${owingMs.length}): median ${f(median(owingMs))} ms, p90 ${f(pct(owingMs, 90))} ms`);
// 2. Roll + move on a fresh maneuver-window state.
const r = prng(7);
const samples: number[] = [];
const rollOnly: number[] = [];
const dice = seededDice('77'.repeat(32));
for (let round = 0; samples.length < 2400 && round < 50; round++) {
  for (const s of maneuverStates) {
    const seat = nw.owing(s)[0];
    if (!seat) continue;
    const side = s.phasing!;
    const mine = [...liveUnits(s, side), ...liveBatteries(s, side)].filter((p) => s.units[p.id]?.status !== 'routed' && !s.batteries[p.id]?.attachedTo);
    const enemies = [...liveUnits(s), ...liveBatteries(s)].filter((e) => e.side !== side);
    if (mine.length === 0 || enemies.length === 0) continue;
    for (let k = 0; k < 12; k++) {
      const p = r.pick(mine);
      const foe = enemies.reduce((a, b) => (Math.hypot(b.pose.at.x - p.pose.at.x, b.pose.at.y - p.pose.at.y) < Math.hypot(a.pose.at.x - p.pose.at.x, a.pose.at.y - p.pose.at.y) ? b : a));
      const t0 = performance.now();
      const rolled = nw.act(s, seat, { kind: 'maneuver', unit: p.id }, dice);
      const t1 = performance.now();
      if (!rolled.ok) continue;
      const after = rolled.value.state;
      let t2 = t1;
      if (canMove(after, p.id)) {
        const inches = after.log.rolls[p.id]?.inches ?? 0;
        const to = r.next() < 0.5 ? `contact ${foe.id}` : `toward ${foe.pose.at.x.toFixed(1)},${foe.pose.at.y.toFixed(1)} ${Math.max(1, Math.floor(inches))}in`;
        nw.act(after, seat, { kind: 'move', unit: p.id, to }, dice);
        t2 = performance.now();
      }
      rollOnly.push(t1 - t0);
      samples.push(t2 - t0);
    }
  }
}
const us = (x: number) => (x * 1000).toFixed(0);
console.log(`2. nw.act maneuver roll + move on a fresh state, ${samples.length} samples from ${maneuverStates.length} maneuver windows: p50 ${f(pct(samples, 50))} ms, p99 ${f(pct(samples, 99))} ms   (target p99 < 5 ms)`);
console.log(`   the roll alone: p50 ${us(pct(rollOnly, 50))} µs, p99 ${us(pct(rollOnly, 99))} µs`);
console.log(`   load average (1, 5, 15 min) at the start ${loadBefore}, at the end ${load()}`);
console.log(`JSON: ${JSON.stringify({
  nwResolveTurnMs: median(turnRes), nwActsTurnMs: median(turnAct), nwTurnMs: median(turnBoth), nwManeuverActP99Ms: pct(samples, 99),
  nwResolveTurnCpuMs: median(turnResCpu), nwActsTurnCpuMs: median(turnActCpu), nwTurnCpuMs: median(turnBothCpu),
  brigades: BRIGADES, games: games.length, turns: T.length, repeats: REPEATS, load1: loadavg()[0],
})}`);
