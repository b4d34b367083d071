/**
 * The golden cases (maplibre-style render tests): one folder per case under goldens/, with
 * input.json (the MapDescription drawn, plus how it was made) and expected.png. These builders
 * run only when regenerating (UPDATE_GOLDENS=1): the goldens test the canvas step on frozen
 * descriptions, so a change in the DRAM engine does not move the pictures.
 */
import { describeDram } from '../../src/rules/dram/present/map';
import { describeMap } from '../../src/render/map/describe';
import type { SizeOptions } from '../../src/render/map/layout';
import type { MapDescription } from '../../src/render/map/model';
import { losVisibility } from '../../src/render/map/visibility';
import type { Result, Problem } from '../../src/lib/result';
import { nwInput, NW_TERRAIN, NW_UNITS } from './nw';
import { pendingChits, playDram, shippedDram } from './states';

export interface GoldenCase {
  readonly name: string;
  /** How the input was made, in words, stored in input.json. */
  readonly recipe: string;
  build(): Promise<MapDescription>;
}

/** Goldens are drawn small, so the repository does not grow by megabytes. */
export const GOLDEN_SIZE: SizeOptions = { maxWidth: 960, maxHeight: 720 };

function value(r: Result<MapDescription, Problem>): MapDescription {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function dramAt(id: 'saint-remy' | 'ligny', windows: number) {
  const { data, settings } = await shippedDram(id);
  return playDram(data, settings, windows);
}

export const GOLDEN_CASES: readonly GoldenCase[] = [
  {
    name: 'dram-teaching',
    recipe: 'Saint-Rémy played by the random legal player to turn 2, after the movement window resolved (trails, smoke); public view.',
    build: async () => { const p = await dramAt('saint-remy', 3); return value(describeDram(p.state, { events: p.events })); },
  },
  {
    name: 'dram-ligny-full',
    recipe: 'Ligny at full size after turn 2 movement and combat; public view; game name in the title.',
    build: async () => { const p = await dramAt('ligny', 3); return value(describeDram(p.state, { events: p.events, game: '#ligny-1815' })); },
  },
  {
    name: 'dram-zoomed',
    recipe: 'Ligny after turn 2 movement and combat, zoomed to area C2-E4 (overview inset); public view.',
    build: async () => { const p = await dramAt('ligny', 3); return value(describeDram(p.state, { events: p.events, view: { area: 'C2-E4' } })); },
  },
  {
    name: 'dram-around',
    recipe: 'Saint-Rémy after turn 2 movement and combat, around the stand Kessler; umpire view.',
    build: async () => { const p = await dramAt('saint-remy', 3); return value(describeDram(p.state, { events: p.events, view: { around: 'kessler' }, viewer: { kind: 'gm' } })); },
  },
  {
    name: 'dram-side-view',
    recipe: 'Saint-Rémy in the turn 2 orders window, every seat having posted its chits; French view: French chits shown (dashed →X), Austrian ones not.',
    build: async () => {
      const p = await dramAt('saint-remy', 3);
      return value(describeDram(p.state, { events: p.events, viewer: { kind: 'side', side: 'french' }, pendingChits: pendingChits(p.state) }));
    },
  },
  {
    name: 'dram-colour-blind',
    recipe: 'Saint-Rémy after turn 2 movement and combat with the colour-blind (Okabe–Ito) palette.',
    build: async () => { const p = await dramAt('saint-remy', 3); return value(describeDram(p.state, { events: p.events, palette: 'colour-blind' })); },
  },
  {
    name: 'nw-brigades',
    recipe: 'Hand-built NW-like battle (test/render/nw.ts): 3x3 in brigades, 100 yd to the inch, NW statuses, attached generals, every terrain kind; umpire view.',
    build: async () => value(describeMap(nwInput())),
  },
  {
    name: 'nw-side-view',
    recipe: 'The NW-like battle seen by the French: British units outside French line of sight (the brigade in Bois Carré) are not drawn.',
    build: async () => value(describeMap(nwInput({
      visible: losVisibility(NW_UNITS, NW_TERRAIN, 'french'),
      title: { ...nwInput().title, view: 'Armée du Nord view' },
    }))),
  },
];
