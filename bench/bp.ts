/**
 * `npm run bench:bp [games] [turns]` — the B&P rules core on a generated battle of 60 units (30 a
 * side: line and guard battalions in line and column, light infantry in skirmish order, light and
 * heavy cavalry, batteries, a garrisoned farm; woods, a stream with a bridge and a ford, two
 * hills), played by the random legal player of test/helpers/bp-game.ts. Prints figures; asserts
 * nothing. Defaults: 10 games of 8 turns.
 *   1. one full game turn = both move periods: every binding `bp.act` the player makes (move,
 *      formation, fire, charge — with their return fire, closing fire, morale and melee) plus the
 *      two `bp.resolve` calls, timed in process as the game's inputs are replayed in order. The player's own choosing (pieces.ts queries) is
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
import { applyInput, playBp, type BpPlayerOptions, type BpStepRecord } from '../test/helpers/bp-game';

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
const turnInPlay: number[] = [];
const turnCold: number[] = [];
const coldByKind = new Map<string, number[]>();
const copy = <T,>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const turnActs: number[] = [];
const byKind = new Map<string, number[]>();
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
  const diceSeed = seed.toString(16).padEnd(64, '7');
  const played = playBp(data, BP_SETTINGS_DEFAULTS, seed, diceSeed, 2 * TURNS + 2, PLAYER);
  refused += played.refused;
  // The figures: the game's recorded inputs replayed in process, each act and resolve timed as the
  // service makes them, one after another on the state the last one returned. Timing them during
  // play instead counts the collection of the random player's garbage (its target queries) in the
  // acts it falls into: that figure is shown apart.
  // From a JSON copy of the data, so nothing the play worked out on its unit objects is reused.
  const dice = seededDice(diceSeed);
  let rs = bp.setup(copy(data), BP_SETTINGS_DEFAULTS, dice).state;
  const steps: BpStepRecord[] = [];
  const diceAt: number[] = [];
  for (const input of played.inputs) {
    diceAt.push(dice.nextIndex);
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    const out = applyInput(rs, input, dice);
    const c = process.cpuUsage(c0);
    const ms = performance.now() - w0;
    if (!out.ok) throw new Error(`replay refused a recorded input: ${JSON.stringify(input)}`);
    steps.push({ input, before: rs, after: out.state, events: out.events, ms, cpuMs: (c.user + c.system) / 1000 });
    rs = out.state;
  }
  // Again, each input on a JSON copy of the state before it, with the dice where they stood (as
  // a service that reads every state from the database): nothing is reused from one act to the next.
  const coldTurn = new Map<number, number>();
  steps.forEach((st, i) => {
    const kind = st.input.kind === 'act' ? st.input.action.kind : 'resolve';
    if (kind !== 'resolve' && !BINDING.has(kind)) return;
    const cold = copy(st.before);
    const c0 = process.cpuUsage();
    applyInput(cold, st.input, seededDice(diceSeed, diceAt[i]));
    const c = process.cpuUsage(c0);
    coldTurn.set(st.before.turn, (coldTurn.get(st.before.turn) ?? 0) + (c.user + c.system) / 1000);
    (coldByKind.get(kind) ?? coldByKind.set(kind, []).get(kind)!).push((c.user + c.system) / 1000);
  });
  const inPlay = new Map<number, number>();
  for (const st of played.steps) if (st.input.kind === 'resolve' || BINDING.has(st.input.action.kind)) inPlay.set(st.before.turn, (inPlay.get(st.before.turn) ?? 0) + st.ms);
  const perTurn = new Map<number, { ms: number; cpu: number; acts: number }>();
  for (const st of steps) {
    const kind = st.input.kind === 'act' ? st.input.action.kind : 'resolve';
    if (kind !== 'resolve' && !BINDING.has(kind)) continue;
    const t = perTurn.get(st.before.turn) ?? { ms: 0, cpu: 0, acts: 0 };
    perTurn.set(st.before.turn, { ms: t.ms + st.ms, cpu: t.cpu + st.cpuMs, acts: t.acts + (kind === 'resolve' ? 0 : 1) });
    (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(st.ms);
    if (kind === 'resolve') periodEnds.push(st.before);
    const size = JSON.stringify(st.after).length;
    if (!jsonStart) jsonStart = JSON.stringify(st.before).length;
    jsonMax = Math.max(jsonMax, size);
  }
  // A turn the game ended in before its second period is not a full turn.
  for (const [turn, t] of perTurn) {
    if (!steps.some((st) => st.input.kind === 'resolve' && st.before.turn === turn && st.before.period === 1)) continue;
    turnMs.push(t.ms); turnCpu.push(t.cpu); turnActs.push(t.acts); turnInPlay.push(inPlay.get(turn) ?? 0); turnCold.push(coldTurn.get(turn) ?? 0);
  }
}

console.log(`1. one full turn (both move periods: every binding act + both resolves), ${turnMs.length} turns from ${GAMES} games: ${stats(turnMs)}, max ${f(Math.max(...turnMs))} ms   (target median < 20 ms)`);
console.log(`   the same in CPU time (user + system; steadier when the machine is shared): ${stats(turnCpu)}; load average now ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`   each act and resolve on a JSON copy of its state (as a service reading states from the database), CPU: ${stats(turnCold)}`);
console.log(`   the same acts timed during play, the random player's garbage collection falling into them: ${stats(turnInPlay)}`);
console.log(`   binding acts per turn: median ${pct(turnActs, 50)}, mean ${f(mean(turnActs))}; refused acts (not timed): ${refused}`);
for (const kind of ['move', 'formation', 'fire', 'charge', 'resolve']) {
  const xs = byKind.get(kind) ?? [];
  console.log(`2. ${kind === 'resolve' ? 'bp.resolve' : `bp.act ${kind}`} (${xs.length}): ${stats(xs, f2)}, share of all turn time ${f((100 * xs.reduce((a, b) => a + b, 0)) / Math.max(1e-9, turnMs.reduce((a, b) => a + b, 0)))}%`);
}
for (const [kind, xs] of coldByKind) console.log(`   bp.${kind === 'resolve' ? 'resolve' : `act ${kind}`} on a JSON copy of its state, CPU (${xs.length}): ${stats(xs, f2)}`);
// What the adapters ask to list a side's pieces and verbs (the random player asks it before every act).
const pieceMs: number[] = [];
for (const s of periodEnds) { const t = performance.now(); actablePieces(s, phasingSide(s)); pieceMs.push(performance.now() - t); }
console.log(`   pieces.actablePieces for the phasing side (${pieceMs.length} states at a period's end): ${stats(pieceMs)}`);
console.log(`3. state JSON: ${(jsonStart / 1024).toFixed(1)} KiB at the start, ${(jsonMax / 1024).toFixed(1)} KiB at most`);
console.log(`   (wall ${f((performance.now() - t0) / 1000)} s, the player's choosing included)`);
console.log(`JSON: ${JSON.stringify({ bpTurnMs: pct(turnMs, 50), bpTurnCpuMs: pct(turnCpu, 50) })}`);
