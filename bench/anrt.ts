/**
 * `npm run bench:anrt [games] [turns]` — the ANRT rules core on a 60-battalion battle: the
 * teaching scenario's corps repeated four times a side along a wider table (30 battalions a
 * side, with their batteries and cavalry), the project's stand-in tables, played by the random
 * legal player of test/helpers/anrt-game.ts. Prints figures; asserts nothing.
 *   `npm run bench:anrt 3 4 5`: each window is played 5 times on fresh copies of its state with
 * the same dice and the fastest run counts — the figure to compare on a loaded machine.
 *   A full game turn = every `validate` of the orders posted (the acts of posting) plus every
 *   `resolve` of the turn's windows (initiative, both sides' orders and responses), in process.
 */
import { loadavg } from 'node:os';
import { seededDice } from '../src/dice/dice';
import { anrt } from '../src/rules/anrt/index';
import type { AnrtOrder } from '../src/rules/anrt/orders';
import type { AnrtScenarioData } from '../src/rules/anrt/scenario';
import type { AnrtUnit } from '../src/rules/anrt/state';
import { anrtSettings, anrtTeaching, candidates, prng } from '../test/helpers/anrt-game';

const GAMES = Number(process.argv[2] ?? 5);
const TURNS = Number(process.argv[3] ?? 6);
/** Each window played this many times on fresh copies of its state, the fastest counted: the steadiest figure on a loaded machine. */
const REPEATS = Math.max(1, Number(process.argv[4] ?? 1));
const pct = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Four copies of each corps, 72" apart; the last copy's last two battalions a side left out (30 battalions a side). */
function battle(turns: number): AnrtScenarioData {
  const base = anrtTeaching(anrtSettings());
  const units: Record<string, AnrtUnit> = {};
  const divisions: Record<string, AnrtScenarioData['divisions'][string]> = {};
  for (let k = 0; k < 4; k++) {
    for (const u of Object.values(base.units)) units[`${u.id}~${k}`] = { ...u, id: `${u.id}~${k}`, name: `${u.name} (${k + 1})`, division: `${u.division}~${k}`, brigade: `${u.brigade}~${k}`, at: { x: u.at.x + 72 * k, y: u.at.y } };
    for (const d of Object.values(base.divisions)) divisions[`${d.id}~${k}`] = { ...d, id: `${d.id}~${k}`, brigades: d.brigades.map((b) => `${b}~${k}`) };
  }
  for (const side of ['french', 'allies']) {
    const inf = Object.values(units).filter((u) => u.side === side && u.arm === 'infantry');
    for (const u of inf.slice(30)) delete units[u.id];
  }
  return {
    ...base, lastTurn: turns, map: { ...base.map, table: { width: 288, height: 48 }, terrain: [] }, units, divisions,
    seats: base.seats.map((s) => ({ ...s, commands: Object.values(units).filter((u) => u.side === s.side).map((u) => u.id) })),
  };
}

const settings = anrtSettings();
const turnMs: number[] = [];
const turnCpu: number[] = [];
let shape = '';
for (let g = 0; g < GAMES; g++) {
  const data = battle(TURNS);
  if (!shape) { const us = Object.values(data.units); shape = `${us.length} units (${us.filter((u) => u.arm === 'infantry').length} battalions)`; }
  const r = prng(100 + g).next;
  const diceSeed = (g + 1).toString(16).padStart(64, '0');
  let dice = seededDice(diceSeed);
  let s = anrt.setup(data, settings, dice).state;
  let turn = s.turn;
  let acc = 0;
  let cpu = 0;
  for (let w = 0; w < 200 && !anrt.outcome(s); w++) {
    const cs = candidates(s, r);
    const from = s;
    const index = dice.nextIndex;
    let best = Infinity;
    let bestCpu = Infinity;
    for (let k = 0; k < REPEATS; k++) {
      // A repeat plays the window again on a fresh copy (no cache of the last run) with the same dice.
      const s0 = REPEATS > 1 ? structuredClone(from) : from;
      const d = REPEATS > 1 ? seededDice(diceSeed, index) : dice;
      const posted = new Map<string, AnrtOrder[]>();
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      for (const c of cs) {
        const mine = posted.get(c.seat) ?? [];
        if (anrt.validate(s0, c.seat, c.order, mine).ok) posted.set(c.seat, [...mine.filter((o) => anrt.orderKey(o) !== anrt.orderKey(c.order)), c.order]);
      }
      s = anrt.resolve(s0, posted, d).state;
      best = Math.min(best, performance.now() - t0);
      const dc = process.cpuUsage(c0);
      bestCpu = Math.min(bestCpu, (dc.user + dc.system) / 1000);
      if (REPEATS > 1) dice = d;
    }
    acc += best;
    cpu += bestCpu;
    if (s.turn !== turn || anrt.outcome(s)) { turnMs.push(acc); turnCpu.push(cpu); acc = 0; cpu = 0; turn = s.turn; }
  }
}
console.log(`ANRT bench: ${GAMES} games of up to ${TURNS} turns, ${shape}, stand-in tables${REPEATS > 1 ? `, each window the fastest of ${REPEATS} runs` : ''}; load ${loadavg()[0]!.toFixed(2)}`);
console.log(`full turn (validate every order posted + resolve every window): median ${pct(turnMs, 50).toFixed(1)} ms, p90 ${pct(turnMs, 90).toFixed(1)} ms, max ${Math.max(...turnMs).toFixed(1)} ms over ${turnMs.length} turns`);
console.log(`the same in CPU time (steadier on a shared machine): median ${pct(turnCpu, 50).toFixed(1)} ms, p90 ${pct(turnCpu, 90).toFixed(1)} ms`);
