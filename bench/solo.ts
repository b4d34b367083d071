/**
 * `npm run bench:solo [games]` — the Kuryakin rules core on a 40-unit battle: the teaching
 * scenario (The Mill at Aschbach, 20 units in four brigades) with every brigade doubled 250 mm
 * behind the first (8 brigades, 40 units, 40 cards a turn), played to its end by the random legal
 * player of test/helpers/solo-game.ts. Prints figures; asserts nothing. Default: 10 games.
 *   One full game turn = every `solo.act` the player makes (moves, formation changes, fire,
 *   charges with their melee and morale) plus every `solo.resolve` from one Control Phase to the
 *   next (the control rolls, the deal, the card openings), timed in process as the recorded inputs
 *   are replayed in order; the player's own choosing is not counted.
 */
import { loadavg } from 'node:os';
import { seededDice } from '../src/dice/dice';
import { solo } from '../src/rules/solo/index';
import { SOLO_SETTINGS_DEFAULTS } from '../src/rules/solo/settings';
import { applySoloInput, playSolo } from '../test/helpers/solo-game';
import { forty } from './solo-forty';

const GAMES = Number(process.argv[2] ?? 10);
if (!Number.isInteger(GAMES) || GAMES < 1) throw new Error('usage: tsx bench/solo.ts [games ≥ 1]');

const pct = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const turnMs: number[] = [];
const turnCpu: number[] = [];
const turnActs: number[] = [];
const actMs: number[] = [];
const resolveMs: number[] = [];
let outcomes = 0;
const data = forty();
console.log(`Kuryakin: ${data.base.units.length} units in ${data.base.brigades.length} brigades; ${GAMES} games; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (let g = 0; g < GAMES; g++) {
  const diceSeed = (7000 + g).toString(16).padEnd(64, '1');
  const played = playSolo(data, SOLO_SETTINGS_DEFAULTS, 7000 + g, diceSeed);
  if (solo.outcome(played.final)) outcomes++;
  const dice = seededDice(diceSeed);
  let s = solo.setup(structuredClone(data), SOLO_SETTINGS_DEFAULTS, dice).state;
  let ms = 0;
  let cpu = 0;
  let acts = 0;
  for (const input of played.inputs) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const out = applySoloInput(s, input, dice);
    const c = process.cpuUsage(c0);
    const dt = performance.now() - t0;
    ms += dt;
    cpu += (c.user + c.system) / 1000;
    if (input.kind === 'act') { acts++; actMs.push(dt); } else resolveMs.push(dt);
    if (out.state.turn > s.turn || (out.state.ended && !s.ended)) { if (g > 0 || GAMES === 1) { turnMs.push(ms); turnCpu.push(cpu); turnActs.push(acts); } ms = 0; cpu = 0; acts = 0; }
    s = out.state;
  }
}
console.log(`(the first game warms the JIT and is not counted)`);
console.log(`${turnMs.length} full turns (${outcomes}/${GAMES} games reached an outcome), ${Math.round(turnActs.reduce((a, b) => a + b, 0) / turnActs.length)} acts a turn on average`);
console.log(`one full turn, resolution plus acts: median ${pct(turnMs, 50).toFixed(1)} ms, p90 ${pct(turnMs, 90).toFixed(1)} ms, max ${Math.max(...turnMs).toFixed(1)} ms (target: median under 20 ms); CPU time median ${pct(turnCpu, 50).toFixed(1)} ms`);
console.log(`one resolve (closing a run of cards, opening the next): median ${pct(resolveMs, 50).toFixed(2)} ms, p99 ${pct(resolveMs, 99).toFixed(2)} ms, ${Math.round(resolveMs.length / turnMs.length)} a turn`);
console.log(`one act: median ${pct(actMs, 50).toFixed(2)} ms, p99 ${pct(actMs, 99).toFixed(2)} ms`);
