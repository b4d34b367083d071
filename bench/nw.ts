/**
 * `npx tsx bench/nw.ts [--brigades N] [--games N]` — the NW rules core on a generated battle of 150 brigades (75 a side)
 * with their batteries and officers on a terrain-rich map. Prints figures; asserts nothing.
 *   1. resolving one full game turn: every window of the turn (fire, maneuver, reaction…, then
 *      combat, rally and the next initiative) resolved by `nw.resolve` with the random legal
 *      player's orders. The player's own order generation is not timed; its binding `nw.act`
 *      calls (rolls and moves, made in the maneuver windows) are shown apart, each on the state
 *      the act before returned, as GameService.act keeps it (issue 12). On a loaded machine see
 *      also bench/nw-replay.ts (least CPU time of several replays per window).
 *   2. one Maneuver roll and the move after it (`nw.act` maneuver, then move) on the state as a
 *      maneuver window opened, in process.
 */
import { loadavg } from 'node:os';
import { seededDice } from '../src/dice/dice';
import { nw } from '../src/rules/nw/index';
import { canMove } from '../src/rules/nw/phases/maneuver';
import { NW_SETTINGS_DEFAULTS } from '../src/rules/nw/settings';
import { liveBatteries, liveUnits, type NwState } from '../src/rules/nw/state';
import { generateNwBattle, playNw, prng, startNw } from '../test/helpers/nw-battle';

const pct = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const f = (x: number) => x.toFixed(1);

// `--brigades N` (default 150): N/2 brigades a side (the generator widens the table to fit them).
const brigadesArg = process.argv.indexOf('--brigades');
const BRIGADES = brigadesArg < 0 ? 150 : Number(process.argv[brigadesArg + 1]);
if (!Number.isInteger(BRIGADES) || BRIGADES < 4 || BRIGADES % 2 !== 0) throw new Error('--brigades takes an even number, at least 4');
// `--games N` (default 4): how many generated games (seeds 2026, 2027…) the figures come from.
const gamesArg = process.argv.indexOf('--games');
const SEEDS = [2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033].slice(0, gamesArg < 0 ? 4 : Math.max(1, Math.min(8, Number(process.argv[gamesArg + 1]))));
const TURNS = 6;
const turnResolve: number[] = [];
const turnAct: number[] = [];
// CPU time of the process beside wall time: the machine is shared (load average recorded below).
const turnResolveCpu: number[] = [];
const turnActCpu: number[] = [];
const windowResolve: { phase: string; ms: number }[] = [];
// The same resolutions again on a JSON copy of the state, as the game service makes them (it reads
// the state from the database): nothing worked out on the state object in play is reused.
const coldResolve: { phase: string; ms: number; turn: string }[] = [];
const copy = <T,>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const maneuverStates: NwState[] = [];
const fireStates: NwState[] = [];
let shape = '';

for (const seed of SEEDS) {
  const data = generateNwBattle({ seed, brigadesPerSide: BRIGADES / 2, turns: TURNS });
  const diceSeed = seed.toString(16).padEnd(64, '5');
  const st = startNw(data, NW_SETTINGS_DEFAULTS, diceSeed);
  if (!shape) {
    const s = st.state;
    shape = `${Object.keys(s.units).length} brigades (${Object.values(s.units).filter((u) => u.arm === 'cavalry').length} cavalry), ${Object.keys(s.batteries).length} batteries, `
      + `${Object.keys(s.commanders).length} commanders, ${Object.keys(s.generals).length} generals, ${s.map.terrain.length} terrain features, table ${s.map.table.width}x${s.map.table.height} in`;
    console.log(`NW: ${shape}`);
  }
  const resolveByTurn = new Map<number, number>();
  const actByTurn = new Map<number, number>();
  const resolveCpuByTurn = new Map<number, number>();
  const actCpuByTurn = new Map<number, number>();
  playNw(st.state, seed, {
    diceSeed, diceStart: st.dice,
    onWindow: (w) => {
      resolveByTurn.set(w.record.turn, (resolveByTurn.get(w.record.turn) ?? 0) + w.resolveMs);
      actByTurn.set(w.record.turn, (actByTurn.get(w.record.turn) ?? 0) + w.actMs);
      resolveCpuByTurn.set(w.record.turn, (resolveCpuByTurn.get(w.record.turn) ?? 0) + w.resolveCpuMs);
      actCpuByTurn.set(w.record.turn, (actCpuByTurn.get(w.record.turn) ?? 0) + w.actCpuMs);
      windowResolve.push({ phase: w.record.phase, ms: w.resolveMs });
      const cold = copy(w.acted);
      const coldDice = seededDice(diceSeed, w.record.dice);
      const c0 = performance.now();
      nw.resolve(cold, new Map(w.record.orders), coldDice);
      coldResolve.push({ phase: w.record.phase, ms: performance.now() - c0, turn: `${seed}/${w.record.turn}` });
      if (w.record.phase === 'maneuver') maneuverStates.push(w.open);
      if (w.record.phase === 'skirmish') fireStates.push(w.open);
    },
  });
  for (const [t, ms] of resolveByTurn) {
    turnResolve.push(ms); turnAct.push(actByTurn.get(t) ?? 0);
    turnResolveCpu.push(resolveCpuByTurn.get(t) ?? 0); turnActCpu.push(actCpuByTurn.get(t) ?? 0);
  }
}

console.log(`1. resolve one full game turn (all its windows), ${turnResolve.length} turns from ${SEEDS.length} games: median ${f(pct(turnResolve, 50))} ms, p90 ${f(pct(turnResolve, 90))} ms, max ${f(Math.max(...turnResolve))} ms   (target median < 20 ms)`);
for (const phase of [...new Set(windowResolve.map((w) => w.phase))]) {
  const xs = windowResolve.filter((w) => w.phase === phase).map((w) => w.ms);
  console.log(`   resolve of a ${phase === 'skirmish' ? 'fire' : phase} window (${xs.length}): median ${f(pct(xs, 50))} ms, p90 ${f(pct(xs, 90))} ms`);
}
// nw.owing is asked by the service as each window opens, and by resolve after each automatic phase.
const owingMs: number[] = [];
for (const s of fireStates) { const t = performance.now(); nw.owing(s); owingMs.push(performance.now() - t); }
console.log(`   nw.owing on a state at a fire window (${owingMs.length}; also run inside resolve when a fire window may open): median ${f(pct(owingMs, 50))} ms, p90 ${f(pct(owingMs, 90))} ms`);
const owingCold: number[] = [];
for (const s of fireStates) { const c = copy(s); const t = performance.now(); nw.owing(c); owingCold.push(performance.now() - t); }
console.log(`   nw.owing on a JSON copy of that state (as the service asks it): median ${f(pct(owingCold, 50))} ms, p90 ${f(pct(owingCold, 90))} ms`);
const coldTurns = new Map<string, number>();
for (const c of coldResolve) coldTurns.set(c.turn, (coldTurns.get(c.turn) ?? 0) + c.ms);
console.log(`   the same resolutions on a JSON copy of each window's state (as the service): a turn median ${f(pct([...coldTurns.values()], 50))} ms, p90 ${f(pct([...coldTurns.values()], 90))} ms; `
  + [...new Set(coldResolve.map((w) => w.phase))].map((phase) => `${phase === 'skirmish' ? 'fire' : phase} median ${f(pct(coldResolve.filter((w) => w.phase === phase).map((w) => w.ms), 50))} ms`).join(', '));
console.log(`   the player's binding nw.act calls in the same turns (not in the figure above): median ${f(pct(turnAct, 50))} ms, p90 ${f(pct(turnAct, 90))} ms a turn`);
// Issue 12: the full turn a player waits for is resolution and the binding acts together.
const turnTotal = turnResolve.map((r, i) => r + turnAct[i]!);
console.log(`   resolution and binding acts together (a full turn as played): median ${f(pct(turnTotal, 50))} ms, p90 ${f(pct(turnTotal, 90))} ms   (target median < 40 ms)`);

const turnTotalCpu = turnResolveCpu.map((r, i) => r + turnActCpu[i]!);
console.log(`   CPU time of the same (load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}): resolution median ${f(pct(turnResolveCpu, 50))} ms, binding acts ${f(pct(turnActCpu, 50))} ms, together ${f(pct(turnTotalCpu, 50))} ms a turn`);

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
console.log(`JSON: ${JSON.stringify({ nwResolveTurnMs: pct(turnResolve, 50), nwActsTurnMs: pct(turnAct, 50), nwTurnMs: pct(turnTotal, 50), nwManeuverActP99Ms: pct(samples, 99), nwResolveTurnCpuMs: pct(turnResolveCpu, 50), nwActsTurnCpuMs: pct(turnActCpu, 50), nwTurnCpuMs: pct(turnTotalCpu, 50), load1: loadavg()[0] })}`);
