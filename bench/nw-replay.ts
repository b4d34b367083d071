/**
 * `npx tsx bench/nw-replay.ts [brigades] [replays]` (default 150, 5) — the NW rules' cost on a
 * machine too loaded for bench/nw.ts to be steady: two generated games (seeds 2026, 2027) are
 * played once by the random player, then their recorded inputs (the accepted binding acts and
 * each window's orders) are replayed `replays` times. Per window the least CPU time of the
 * replays is kept (load only ever adds time), the windows are summed by turn, and the median
 * turn is printed: resolution, binding acts, together. Refused acts and the player's own
 * choices are not in it. Acts start from the state the last act returned, as GameService.act
 * keeps it; windows from the JSON of the last resolution, as the service reads it. Asserts nothing.
 * `JSON_ACTS=1` reads every act's state from JSON instead (the service before issue 12).
 */
import { seededDice } from '../src/dice/dice';
import { nw } from '../src/rules/nw/index';
import { NW_SETTINGS_DEFAULTS } from '../src/rules/nw/settings';
import { generateNwBattle, playNw, startNw } from '../test/helpers/nw-battle';
const B = Number(process.argv[2] ?? 150); const R = Number(process.argv[3] ?? 5);
const KEEP = !process.env.JSON_ACTS;
const rt = <T,>(x: T): T => JSON.parse(JSON.stringify(x));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const games = [2026, 2027].map((seed) => {
  const data = generateNwBattle({ seed, brigadesPerSide: B / 2, turns: 6 });
  const diceSeed = seed.toString(16).padEnd(64, '5');
  const st = startNw(data, NW_SETTINGS_DEFAULTS, diceSeed);
  const p = playNw(st.state, seed, { diceSeed, diceStart: st.dice });
  return { start: st.state, diceSeed, windows: p.windows };
});
const actMin: number[][] = games.map((g) => g.windows.map(() => Infinity));
const resMin: number[][] = games.map((g) => g.windows.map(() => Infinity));
for (let rep = 0; rep < R; rep++) {
  games.forEach((g, gi) => {
    let state = g.start;
    g.windows.forEach((w, wi) => {
      let a = 0;
      for (const x of w.actions) {
        const dice = seededDice(g.diceSeed, x.dice);
        const c = cpu(); const r = nw.act(state, x.seat, x.action, dice); a += cpu() - c;
        if (!r.ok) throw new Error('refused');
        state = KEEP ? r.value.state : rt(r.value.state);
      }
      const dice = seededDice(g.diceSeed, w.dice);
      const c = cpu(); const st = nw.resolve(state, new Map(w.orders), dice); const rr = cpu() - c;
      state = rt(st.state);
      actMin[gi]![wi] = Math.min(actMin[gi]![wi]!, a); resMin[gi]![wi] = Math.min(resMin[gi]![wi]!, rr);
    });
  });
}
const act: number[] = [], res: number[] = [];
games.forEach((g, gi) => {
  const byTurn = new Map<number, [number, number]>();
  g.windows.forEach((w, wi) => { const t = byTurn.get(w.turn) ?? [0, 0]; t[0] += actMin[gi]![wi]!; t[1] += resMin[gi]![wi]!; byTurn.set(w.turn, t); });
  for (const [a, r] of byTurn.values()) { act.push(a); res.push(r); }
});
console.log(`NW ${B} brigades (${act.length} turns, min of ${R} replays per window, CPU ms; accepted acts only): resolve ${med(res).toFixed(1)}, acts ${med(act).toFixed(1)}, together ${med(act.map((a, i) => a + res[i]!)).toFixed(1)}`);
