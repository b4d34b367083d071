/**
 * `npx tsx bench/solo-identity.ts [games]` — prints a hash of every seeded random-player game's
 * inputs and final state (the teaching scenario, Maida, the 40-unit bench battle), so a speed-up
 * can be shown to change no result: run before and after and diff the output. Asserts nothing.
 */
import { createHash } from 'node:crypto';
import { SOLO_SETTINGS_DEFAULTS } from '../src/rules/solo/settings';
import { playSolo, soloData, stateHash } from '../test/helpers/solo-game';
import { forty } from './solo-forty';

const GAMES = Number(process.argv[2] ?? 10);
const sets = [['teaching', soloData()], ['maida', soloData('assets/scenarios/solo/maida.yaml')], ['forty', forty()]] as const;
for (const [name, data] of sets) {
  for (let g = 0; g < GAMES; g++) {
    const seed = (9100 + g).toString(16).padEnd(64, '2');
    const p = playSolo(data, SOLO_SETTINGS_DEFAULTS, 9100 + g, seed);
    const inputs = createHash('sha256').update(JSON.stringify(p.inputs)).digest('hex').slice(0, 16);
    console.log(`${name} ${g}: ${p.inputs.length} inputs ${inputs} final ${stateHash(p.final).slice(0, 16)}`);
  }
}
