import type { LocationContext } from '../../../src/rules/location/types';

/**
 * A 96" × 84" table with a 12" grid: columns A–H west to east, rows 1–7 north to south, so F7
 * is x 60–72, y 0–12 (centre 66, 6) and A1 is the north-west cell (centre 6, 78). DRAM scale.
 */
export const ctx: LocationContext = {
  table: { width: 96, height: 84 },
  grid: { cell: 12 },
  scale: { inchesPerMile: 6 },
  landmarks: [
    { name: 'Ligny', at: { x: 40, y: 50 } },
    { name: 'Brye', at: { x: 30, y: 70 } },
    { name: 'Saint-Amand', at: { x: 20, y: 40 } },
    { name: 'Saint-Amand-la-Haye', at: { x: 15, y: 45 } },
    { name: 'Fleurus', at: { x: 80, y: 20 } },
    { name: 'Sombreffe', at: { x: 70, y: 60 }, aliases: ['Sombref'] },
    { name: 'Wagnelée', at: { x: 10, y: 70 } },
  ],
  unit: { pose: { at: { x: 40, y: 30 }, facing: 0 }, size: { width: 3, depth: 5 } },
  enemies: [
    { id: 'pr-1', name: 'I Corps (Zieten)' },
    { id: 'pr-2', name: 'II Corps (Pirch)' },
    { id: 'pr-3', name: 'Reserve Cavalry', aliases: ['Röder'] },
  ],
};
