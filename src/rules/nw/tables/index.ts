/**
 * Every NW table as data, with tiny pure lookups (no dice are rolled here: the engine passes
 * totals in). One file per idea; see ../README.md for the map.
 */
export * from './vocabulary';
export * from './rounding';
export * from './sequence';
export * from './initiative';
export * from './skirmish';
export * from './artillery';
export * from './maneuver';
export * from './terrain';
export * from './combat';
export * from './reaction';
export * from './rally';
export * from './leaders';
export * from './fatigue';
export * from './optional';
