/**
 * `npx tsx bench/nw-ab.ts <dirA> <dirB> [brigades] [replays]` (default 150, 5) — two builds of the
 * NW rules (two worktrees, e.g. `git worktree add /tmp/base main --detach` with a node_modules
 * symlink) measured in ONE process on the same recorded windows, interleaved window by window
 * (A then B, then B then A…), so the load of a shared machine falls on both alike; bench/nw.ts run
 * twice in turn moved 10-40% between runs at load 4-8 where this moves 2-5% (an A/A run: 0.98).
 * The games are recorded once by dirA's random player (bench/nw.ts's seeds), then each build replays
 * every window once untimed (the warm-up). Per window and build:
 * the least CPU time over the replays of its binding acts (from the JSON it opened with) and of its
 * resolution (from the JSON after the acts); a turn sums its windows; the mean turn is printed,
 * and B/A. Asserts nothing; compare only builds whose replays give the same hashes (rules-hash.ts).
 */
import { resolve } from 'node:path';
const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: npx tsx bench/nw-ab.ts <dirA> <dirB> [brigades] [replays]');
const A = resolve(dirA), Bp = resolve(dirB);
const load = async (root: string) => ({
  seededDice: (await import(root + '/src/dice/dice')).seededDice,
  nw: (await import(root + '/src/rules/nw/index')).nw,
});
const a = await load(A), b = await load(Bp);
const { NW_SETTINGS_DEFAULTS } = await import(A + '/src/rules/nw/settings');
const { generateNwBattle, playNw, startNw } = await import(A + '/test/helpers/nw-battle');
const N = Number(process.argv[4] ?? 150); const R = Number(process.argv[5] ?? 5);
const seeds = N === 150 ? [2026, 2027, 2028, 2029] : [2026];
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const ws: any[] = [];
for (const seed of seeds) {
  const data = generateNwBattle({ seed, brigadesPerSide: N / 2, turns: 6 });
  const diceSeed = seed.toString(16).padEnd(64, '5');
  const st = startNw(data, NW_SETTINGS_DEFAULTS, diceSeed);
  playNw(st.state, seed, { diceSeed, diceStart: st.dice, onWindow: (w: any) => ws.push({ diceSeed, json: JSON.stringify(w.open), acted: JSON.stringify(w.acted), record: w.record, m: [[Infinity, Infinity], [Infinity, Infinity]] }) });
}
const turns = new Set(ws.map((w) => w.diceSeed + w.record.turn)).size;
const run = (x: typeof a, w: any, slot: number[]) => {
  if (w.record.actions.length) {
    let state = JSON.parse(w.json);
    const c = cpu();
    for (const act of w.record.actions) { const r = x.nw.act(state, act.seat, act.action, x.seededDice(w.diceSeed, act.dice)); state = r.value.state; }
    slot[0] = Math.min(slot[0]!, cpu() - c);
  } else slot[0] = 0;
  const st = JSON.parse(w.acted);
  const c = cpu();
  x.nw.resolve(st, new Map(w.record.orders), x.seededDice(w.diceSeed, w.record.dice));
  slot[1] = Math.min(slot[1]!, cpu() - c);
};
// Warm-up, untimed: the recording ran A's code only; each build replays every window once first.
for (const w of ws) { const spare = [Infinity, Infinity]; run(b, w, spare); run(a, w, spare); }
for (let rep = 0; rep < R; rep++) for (const w of ws) { if (rep % 2) { run(a, w, w.m[0]); run(b, w, w.m[1]); } else { run(b, w, w.m[1]); run(a, w, w.m[0]); } }
const sum = (k: number, j: number) => ws.reduce((s, w) => s + w.m[k][j], 0) / turns;
for (const [k, name] of [[0, 'A ' + A], [1, 'B ' + Bp]] as const) console.log(`${N} ${name}: per turn acts ${sum(k, 0).toFixed(1)} ms, resolve ${sum(k, 1).toFixed(1)} ms, both ${(sum(k, 0) + sum(k, 1)).toFixed(1)} ms`);
console.log(`B/A: acts ${(sum(1, 0) / sum(0, 0)).toFixed(3)}, resolve ${(sum(1, 1) / sum(0, 1)).toFixed(3)}`);
