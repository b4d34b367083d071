/**
 * `npm run bench:bp [games] [turns]` — the B&P rules core on a generated battle of 60 units (30 a
 * side: line and guard battalions in line and column, light infantry in skirmish order, light and
 * heavy cavalry, batteries, a garrisoned farm; woods, a stream with a bridge and a ford, two
 * hills), played by the random legal player of test/helpers/bp-game.ts. Prints figures; asserts
 * nothing. Defaults: 10 games of 8 turns.
 *   1. one full game turn = both move periods: every binding `bp.act` the player makes (move,
 *      formation, fire, charge — with their return fire, closing fire, morale and melee) plus the
 *      two `bp.resolve` calls, timed in process. The player's own choosing (pieces.ts queries) is
 *      not in this figure; it is shown apart, as the adapters will ask the same queries.
 *   2. one act: median and p99 of a move, a fire, a charge, a formation change; the same move
 *      and fire again on a JSON copy of the state (as the service reads it from the database).
 *   3. the state's JSON size.
 */
import { loadavg } from 'node:os';
import { seededDice } from '../src/dice/dice';
import { bp } from '../src/rules/bp/index';
import { actablePieces } from '../src/rules/bp/pieces';
import { BP_SETTINGS_DEFAULTS } from '../src/rules/bp/settings';
import { phasingSide, type BpState } from '../src/rules/bp/state';
import { generateBpBattle } from '../test/helpers/bp-battle';
import { playBp, type BpPlayerOptions, type BpStepRecord } from '../test/helpers/bp-game';

const pct = (xs: readonly number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : Number.NaN);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const f = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const stats = (xs: readonly number[], d = f) => `median ${d(pct(xs, 50))} ms, p99 ${d(pct(xs, 99))} ms, mean ${d(mean(xs))} ms`;

const GAMES = Number(process.argv[2] ?? 10);
const TURNS = Number(process.argv[3] ?? 8);
if (!Number.isInteger(GAMES) || GAMES < 1 || !Number.isInteger(TURNS) || TURNS < 1) throw new Error('usage: tsx bench/bp.ts [games ≥ 1] [turns ≥ 1]');
/** A busy player: up to ~46 acts a move period for 30 units, about 1.5 a unit (the teaching games' player stops at 21). */
const PLAYER: BpPlayerOptions = { maxActs: 45, stopChance: 0.01 };
const BINDING = new Set(['move', 'formation', 'fire', 'charge']);

const turnMs: number[] = [];
const turnCpu: number[] = [];
const turnActs: number[] = [];
const byKind = new Map<string, number[]>();
const samples: BpStepRecord[] = [];
const periodEnds: BpState[] = [];
let jsonStart = 0;
let jsonMax = 0;
let refused = 0;
let shape = '';
const t0 = performance.now();

for (let g = 0; g < GAMES; g++) {
  const seed = 2026 + g;
  const data = generateBpBattle({ seed, turns: TURNS });
  if (!shape) {
    const us = Object.values(data.units);
    const n = (p: (u: (typeof us)[number]) => boolean) => us.filter(p).length;
    shape = `${us.length} units: ${n((u) => u.arm === 'infantry' && u.formation === 'line')} battalions in line, ${n((u) => u.arm === 'infantry' && u.formation === 'column')} in column (${n((u) => u.guard)} guard), `
      + `${n((u) => u.formation === 'skirmish')} in skirmish order, ${n((u) => u.arm === 'cavalry')} cavalry (${n((u) => u.heavy)} heavy), ${n((u) => u.arm === 'artillery')} batteries, ${n((u) => u.building !== null)} garrison; `
      + `${Object.keys(data.commanders).length} command figures, ${data.map.terrain.length} terrain features, table ${data.map.table.width}x${data.map.table.height} in`;
    console.log(`B&P: ${shape}`);
  }
  const played = playBp(data, BP_SETTINGS_DEFAULTS, seed, seed.toString(16).padEnd(64, '7'), 2 * TURNS + 2, PLAYER);
  refused += played.refused;
  const perTurn = new Map<number, { ms: number; cpu: number; acts: number }>();
  for (const st of played.steps) {
    const kind = st.input.kind === 'act' ? st.input.action.kind : 'resolve';
    if (kind !== 'resolve' && !BINDING.has(kind)) continue;
    const t = perTurn.get(st.before.turn) ?? { ms: 0, cpu: 0, acts: 0 };
    perTurn.set(st.before.turn, { ms: t.ms + st.ms, cpu: t.cpu + st.cpuMs, acts: t.acts + (kind === 'resolve' ? 0 : 1) });
    (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(st.ms);
    if (kind === 'move' || kind === 'fire') samples.push(st);
    if (kind === 'resolve') periodEnds.push(st.before);
    const size = JSON.stringify(st.after).length;
    if (!jsonStart) jsonStart = JSON.stringify(st.before).length;
    jsonMax = Math.max(jsonMax, size);
  }
  // A turn the game ended in before its second period is not a full turn.
  for (const [turn, t] of perTurn) if (played.steps.some((st) => st.input.kind === 'resolve' && st.before.turn === turn && st.before.period === 1)) { turnMs.push(t.ms); turnCpu.push(t.cpu); turnActs.push(t.acts); }
}

console.log(`1. one full turn (both move periods: every binding act + both resolves), ${turnMs.length} turns from ${GAMES} games: ${stats(turnMs)}, max ${f(Math.max(...turnMs))} ms   (target median < 20 ms)`);
console.log(`   the same in CPU time (user + system; steadier when the machine is shared): ${stats(turnCpu)}; load average now ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`   binding acts per turn: median ${pct(turnActs, 50)}, mean ${f(mean(turnActs))}; refused acts (not timed): ${refused}`);
for (const kind of ['move', 'formation', 'fire', 'charge', 'resolve']) {
  const xs = byKind.get(kind) ?? [];
  console.log(`2. ${kind === 'resolve' ? 'bp.resolve' : `bp.act ${kind}`} (${xs.length}): ${stats(xs, f2)}, share of all turn time ${f((100 * xs.reduce((a, b) => a + b, 0)) / Math.max(1e-9, turnMs.reduce((a, b) => a + b, 0)))}%`);
}
// The same move or fire on a JSON copy of the state it was made on (the service reads states from the database).
const cold = new Map<string, number[]>();
const dice = seededDice('c0'.repeat(32));
for (const st of samples) {
  if (st.input.kind !== 'act') continue;
  const copy = JSON.parse(JSON.stringify(st.before)) as BpState;
  const t = performance.now();
  bp.act(copy, st.input.seat, st.input.action, dice);
  const ms = performance.now() - t;
  (cold.get(st.input.action.kind) ?? cold.set(st.input.action.kind, []).get(st.input.action.kind)!).push(ms);
}
for (const [kind, xs] of cold) console.log(`   bp.act ${kind} on a JSON copy of its state (${xs.length}): ${stats(xs, f2)}`);
// What the adapters ask to list a side's pieces and verbs (the random player asks it before every act).
const pieceMs: number[] = [];
for (const s of periodEnds) { const t = performance.now(); actablePieces(s, phasingSide(s)); pieceMs.push(performance.now() - t); }
console.log(`   pieces.actablePieces for the phasing side (${pieceMs.length} states at a period's end): ${stats(pieceMs)}`);
console.log(`3. state JSON: ${(jsonStart / 1024).toFixed(1)} KiB at the start, ${(jsonMax / 1024).toFixed(1)} KiB at most`);
console.log(`   (wall ${f((performance.now() - t0) / 1000)} s, the player's choosing included)`);
