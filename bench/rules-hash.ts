/**
 * `npx tsx bench/rules-hash.ts [--brigades N] [--stands N]` — the final state hash of generated
 * NW and DRAM games (the benchmarks' battles, every window's events too), to compare two builds
 * of the rules: a speed change must leave them bit-identical (issue 12). Prints one line per game.
 */
import { seededDice } from '../src/dice/dice';
import { dram } from '../src/rules/dram/index';
import { DRAM_SETTINGS_DEFAULTS } from '../src/rules/dram/settings';
import type { DramState } from '../src/rules/dram/state';
import { NW_SETTINGS_DEFAULTS } from '../src/rules/nw/settings';
import { generateBattle, playWindow, stateHash } from '../test/helpers/dram-battle';
import { generateNwBattle, playNw, startNw } from '../test/helpers/nw-battle';

const arg = (name: string, dflt: number) => { const i = process.argv.indexOf(name); return i < 0 ? dflt : Number(process.argv[i + 1]); };
const BRIGADES = arg('--brigades', 150);
const STANDS = arg('--stands', 200);

for (const seed of [2026, 2027]) {
  const data = generateNwBattle({ seed, brigadesPerSide: BRIGADES / 2, turns: 6 });
  const diceSeed = seed.toString(16).padEnd(64, '5');
  const st = startNw(data, NW_SETTINGS_DEFAULTS, diceSeed);
  const played = playNw(st.state, seed, { diceSeed, diceStart: st.dice });
  console.log(`NW ${BRIGADES} seed ${seed}: ${played.windows.length} windows, state ${stateHash(played.state)}, events ${stateHash(played.events)}`);
}

for (const seed of [2026, 2031]) {
  const data = generateBattle({ seed, corpsPerSide: STANDS / 10, standsPerCorps: 5, turns: 40, width: (288 * STANDS) / 200, height: 96 });
  const dice = seededDice('5e'.repeat(32));
  let state: DramState = dram.setup(data, DRAM_SETTINGS_DEFAULTS, dice).state;
  const events: unknown[] = [];
  let windows = 0;
  for (let w = 0; w < 24 && !dram.outcome(state); w++) {
    const win = playWindow(state, dice, 7 * w + 1);
    const step = dram.resolve(win.state, new Map(win.input.orders), dice);
    events.push(step.events);
    state = step.state;
    windows++;
  }
  console.log(`DRAM ${STANDS} seed ${seed}: ${windows} windows, state ${stateHash(state)}, events ${stateHash(events)}`);
}
