import type { MapWindow } from '../scenario/rescale';

/**
 * Quatre Bras at ANRT's scale (assets/scenarios/anrt/quatre-bras.yaml, ruling QB-A1): the NW
 * map (1" = 100 yd) cut to the ground of the opening hours — from the French start line south of
 * Grand-Pierrepont to just north of the crossroads, from the Bossu wood's west edge to Piraumont
 * — and doubled to ANRT's 1" = 50 yd (L51).
 */
export const QB_WINDOW: MapWindow = { x: 15, y: 4, width: 36, height: 40 };
export const QB_FACTOR = 2;
