/**
 * `npm run bench` (second part) — the DRAM rules core on a generated battle of 200 division
 * stands in 40 corps (20 a side) on a terrain-rich map (`tsx bench/rules.ts --stands 800`: 4× the battle on 4× the table). Prints figures; asserts nothing.
 *   1. resolving one full turn: the movement window (initiative, movement, combat,
 *      re-organisation) plus the orders window (chits, next turn's reveal and exhaustion)
 *   2. validating one order (a move typed as text, or a chit)
 */
import { loadavg } from 'node:os';
import { seededDice } from '../src/dice/dice';
import { dram } from '../src/rules/dram/index';
import type { DramOrder } from '../src/rules/dram/orders';
import { DRAM_SETTINGS_DEFAULTS } from '../src/rules/dram/settings';
import type { DramState } from '../src/rules/dram/state';
import { generateBattle, playWindow } from '../test/helpers/dram-battle';

// `--stands N` (default 200, a multiple of 10): N/10 corps a side of 5 stands, the table widened in
// proportion so the density of the battle (and so its neighbour searches) stays that of 200 stands.
const standsArg = process.argv.indexOf('--stands');
const STANDS = standsArg < 0 ? 200 : Number(process.argv[standsArg + 1]);
if (!Number.isInteger(STANDS) || STANDS < 20 || STANDS % 10 !== 0) throw new Error('--stands takes a multiple of 10, at least 20');
const data = generateBattle({ seed: 2026, corpsPerSide: STANDS / 10, standsPerCorps: 5, turns: 40, width: (288 * STANDS) / 200, height: 96 });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

const dice = seededDice('5e'.repeat(32));
let state: DramState = dram.setup(data, DRAM_SETTINGS_DEFAULTS, dice).state;
console.log(`DRAM: ${Object.keys(state.stands).length} stands, ${Object.keys(state.corps).length} corps, ${state.map.terrain.length} terrain features, table ${state.map.table.width}x${state.map.table.height} in`);

const turnTimes: number[] = [];
// CPU time of the process beside wall time: the machine is shared (load average recorded below).
const turnCpu: number[] = [];
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const windowsOrders: { state: DramState; seat: string; order: DramOrder }[] = [];
for (let turn = 0; turn < 12 && !dram.outcome(state); turn++) {
  const mv = playWindow(state, dice, 7 * turn + 1);
  const orders1 = new Map(mv.input.orders);
  for (const [seat, list] of mv.input.orders) for (const o of list.slice(0, 1)) windowsOrders.push({ state: mv.state, seat, order: o });
  const t = process.hrtime.bigint();
  const c = cpu();
  const after1 = dram.resolve(mv.state, orders1, dice).state;
  let elapsed = ms(t);
  let used = cpu() - c;
  if (dram.outcome(after1)) { state = after1; turnTimes.push(elapsed); turnCpu.push(used); break; }
  const od = playWindow(after1, dice, 7 * turn + 2);
  for (const [seat, list] of od.input.orders) for (const o of list.slice(0, 1)) windowsOrders.push({ state: od.state, seat, order: o });
  const t2 = process.hrtime.bigint();
  const c2 = cpu();
  state = dram.resolve(od.state, new Map(od.input.orders), dice).state;
  elapsed += ms(t2);
  used += cpu() - c2;
  turnTimes.push(elapsed);
  turnCpu.push(used);
}
const moves = windowsOrders.filter((x) => x.order.kind === 'move').length;
console.log(`1. resolve one full turn (movement window + orders window), ${turnTimes.length} turns: median ${pct(turnTimes, 50).toFixed(1)} ms, max ${Math.max(...turnTimes).toFixed(1)} ms   (target median < 15 ms)`);
console.log(`   CPU time of the same (load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}): median ${pct(turnCpu, 50).toFixed(1)} ms`);

const valTimes: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const { state: s, seat, order } of windowsOrders) {
    // Validate as typed: moves from their text, so the location parser and path costing run.
    const raw: DramOrder = order.kind === 'move' ? { kind: 'move', unit: order.unit, to: order.to } : order;
    const t = process.hrtime.bigint();
    dram.validate(s, seat, raw, []);
    valTimes.push(ms(t));
  }
}
console.log(`2. validate one order (${windowsOrders.length} orders x 5, ${moves} of them moves typed as text): median ${(pct(valTimes, 50) * 1000).toFixed(0)} µs, p99 ${(pct(valTimes, 99) * 1000).toFixed(0)} µs   (target median < 200 µs)`);
console.log(`JSON: ${JSON.stringify({ dramTurnMs: pct(turnTimes, 50), dramValidateUs: pct(valTimes, 50) * 1000, dramTurnCpuMs: pct(turnCpu, 50), load1: loadavg()[0] })}`);
