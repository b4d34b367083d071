/**
 * Prints the `map:` block of assets/scenarios/anrt/quatre-bras.yaml: the NW Quatre Bras map
 * (assets/scenarios/nw/quatre-bras.yaml, 1" = 100 yd) at ANRT's ground scale (L51: 1" = 50 yd),
 * cut to the ground of the opening hours (QB-A1). test/rules/anrt/quatre-bras.test.ts checks the
 * shipped file holds exactly this text, so the two maps cannot drift apart.
 *
 *   npx tsx scripts/anrt-quatre-bras-map.ts
 */
import { readFileSync } from 'node:fs';
import { QB_FACTOR, QB_WINDOW } from '../src/rules/anrt/quatre-bras';
import { NW_PROFILE } from '../src/rules/nw/profile';
import { parseScenarioYaml } from '../src/rules/scenario';
import { mapYaml } from '../src/rules/scenario/map-yaml';
import { rescaleMap } from '../src/rules/scenario/rescale';

const file = 'assets/scenarios/nw/quatre-bras.yaml';
const nw = parseScenarioYaml(readFileSync(file, 'utf8'), file, { profiles: { nw: NW_PROFILE } });
if (!nw.ok) throw new Error('NW Quatre Bras does not load');
console.log(mapYaml(rescaleMap(nw.value.map, QB_WINDOW, QB_FACTOR)));
