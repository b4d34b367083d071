/** Reading places and moves typed in chat, for every ruleset. */
export * from './types';
export { parseLocation } from './parse';
export { resolveLocation, toWaypoints, targetPoint, WHEEL_WAYPOINT_DEGREES } from './resolve';
export { gridRef, gridShape, parseGridRef, cellPoint, cellBounds, cellExists, columnLabel, formatGridRef, type GridRef, type GridContext } from './grid';
export { foldText, nameKey, editDistance, matchName, type NameMatch, type Named } from './names';
export { acceptedExamples, MAX_LOCATION_LENGTH, MAX_STEPS } from './errors';
