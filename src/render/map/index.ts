/**
 * The map renderer (issue 5): describe (pure: what to draw, in which order) then draw (canvas).
 * Rulesets provide adapters (dram.ts); the bot renders through src/render/pool, off the main thread.
 */
export * from './model';
export { describeMap, type MapEngagement, type MapInput, type MapUnit } from './describe';
export { areaFrame, aroundFrame, type MapView } from './frame';
export { losVisibility, type LosFilterOptions } from './visibility';
export { drawMap, renderMap, MAX_MAP_BYTES, type DrawnMap, type RenderedMap, type RenderOptions } from './draw';
export { layoutMap, DEFAULT_SIZE, type Layout, type SizeOptions } from './layout';
export { palette, sideColours, OKABE_ITO_SIDES } from './palette';
