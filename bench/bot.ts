/**
 * `npm run bench:bot [games]` — how the bot general (issue 13; src/rules/bot/README.md) fares
 * against the random legal player in each ruleset it plays: Kuryakin's teaching scenario (The Mill
 * at Aschbach; test/helpers/solo-game.ts) and B&P's teaching scenario (test/helpers/bp-game.ts).
 * Default 50 seeded games each, the bot commanding the first side in the even ones and the second
 * in the odd ones; the same seeds played random against random are the baseline (the sides are
 * not equal). Prints wins / draws / losses; asserts nothing.
 */
import { BP_SETTINGS_DEFAULTS } from '../src/rules/bp/settings';
import { SOLO_SETTINGS_DEFAULTS } from '../src/rules/solo/settings';
import { playBpBotGame } from '../test/helpers/bp-bot-game';
import { teachingData } from '../test/helpers/bp-game';
import { playBotGame } from '../test/helpers/solo-bot-game';
import { soloData } from '../test/helpers/solo-game';

const GAMES = Number(process.argv[2] ?? 50);
if (!Number.isInteger(GAMES) || GAMES < 1) throw new Error('usage: tsx bench/bot.ts [games ≥ 1]');
const data = soloData();
const sides = data.base.sides;
type Tally = { win: number; draw: number; loss: number; unfinished: number };
const tally = (): Tally => ({ win: 0, draw: 0, loss: 0, unfinished: 0 });
const bot = tally();
const baseline = tally();
const bySide: Record<string, Tally> = Object.fromEntries(sides.map((s) => [s, tally()]));
const intents: Record<string, number> = {};
const refusals: Record<string, number> = {};
let acts = 0;
let refused = 0;
const count = (t: Tally, winner: string | null | undefined, side: string) => { if (winner === undefined) t.unfinished++; else if (winner === null) t.draw++; else if (winner === side) t.win++; else t.loss++; };
for (let i = 0; i < GAMES; i++) {
  const side = sides[i % sides.length]!;
  const diceSeed = (9100 + i).toString(16).padEnd(64, '7');
  const played = playBotGame(data, SOLO_SETTINGS_DEFAULTS, side, 9100 + i, diceSeed);
  const winner = played.final.ended ? played.final.ended.winner : undefined;
  count(bot, winner, side);
  count(bySide[side]!, winner, side);
  acts += played.botActs;
  refused += played.botRefused;
  for (const [k, n] of Object.entries(played.intents)) intents[k] = (intents[k] ?? 0) + n;
  for (const [k, n] of Object.entries(played.refusals)) refusals[k] = (refusals[k] ?? 0) + n;
  const base = playBotGame(data, SOLO_SETTINGS_DEFAULTS, null, 9100 + i, diceSeed);
  count(baseline, base.final.ended ? base.final.ended.winner : undefined, side);
}
const line = (t: Tally) => `${t.win} wins, ${t.draw} draws, ${t.loss} losses${t.unfinished ? `, ${t.unfinished} unfinished` : ''}`;
console.log(`Bot general vs random legal player, Kuryakin teaching scenario, ${GAMES} seeded games (bot side alternating ${sides.join(' / ')})`);
console.log(`bot general: ${line(bot)}`);
for (const s of sides) console.log(`  commanding the ${s}: ${line(bySide[s]!)}`);
console.log(`baseline, the same seeds random vs random, counted for the side the bot would have had: ${line(baseline)}`);
console.log(`bot inputs: ${acts} accepted (${Object.entries(intents).map(([k, n]) => `${k} ${n}`).join(', ')}), ${refused} refused by the rules and passed over (${Object.entries(refusals).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')})`);

// Beer and Pretzel: the same doctrine over B&P's candidates (src/rules/bp/bot.ts).
const bpData = teachingData();
const bpSides = bpData.sides.map((x) => x.id);
const bpBot = tally();
const bpBase = tally();
const bpBySide: Record<string, Tally> = Object.fromEntries(bpSides.map((x) => [x, tally()]));
const bpIntents: Record<string, number> = {};
const bpRefusals: Record<string, number> = {};
let bpActs = 0;
for (let i = 0; i < GAMES; i++) {
  const side = bpSides[i % bpSides.length]!;
  const diceSeed = (9300 + i).toString(16).padEnd(64, '5');
  const played = playBpBotGame(bpData, BP_SETTINGS_DEFAULTS, side, 9300 + i, diceSeed);
  const out = played.final.ended;
  const winner = out ? out.winner : undefined;
  count(bpBot, winner, side);
  count(bpBySide[side]!, winner, side);
  bpActs += played.botActs;
  for (const [k, n] of Object.entries(played.intents)) bpIntents[k] = (bpIntents[k] ?? 0) + n;
  for (const [k, n] of Object.entries(played.refusals)) bpRefusals[k] = (bpRefusals[k] ?? 0) + n;
  const base = playBpBotGame(bpData, BP_SETTINGS_DEFAULTS, null, 9300 + i, diceSeed).final.ended;
  count(bpBase, base ? base.winner : undefined, side);
}
console.log(`\nBot general vs random legal player, B&P teaching scenario, ${GAMES} seeded games (bot side alternating ${bpSides.join(' / ')})`);
console.log(`bot general: ${line(bpBot)}`);
for (const x of bpSides) console.log(`  commanding the ${x}: ${line(bpBySide[x]!)}`);
console.log(`baseline, the same seeds random vs random, counted for the side the bot would have had: ${line(bpBase)}`);
console.log(`bot inputs: ${bpActs} accepted (${Object.entries(bpIntents).map(([k, n]) => `${k} ${n}`).join(', ')}), refused and passed over: ${Object.entries(bpRefusals).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
