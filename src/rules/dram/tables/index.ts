/**
 * Every DRAM table as data, with tiny pure lookups (no dice are rolled here: the engine
 * passes faces in). One file per section; see ../README.md for the map.
 */
export * from './vocabulary';
export * from './scale';
export * from './sequence';
export * from './exhaustion';
export * from './orders';
export * from './generals';
export * from './movement';
export * from './combat';
export * from './reorganisation';
export * from './bases';
