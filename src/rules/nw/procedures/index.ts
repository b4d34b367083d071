/**
 * NW dice procedures (DIGEST §3(b) N1-N9) as pure functions: plain inputs and a `Dice` in,
 * `{ result, events }` out. No state model: the engine reads its state into these inputs.
 */
export * from './common';
export * from './initiative';
export * from './maneuver';
export * from './reaction';
export * from './rally';
export * from './leaders';
export * from './skirmish';
export * from './combat';
export * from './artillery';
export * from './fatigue';
export * from './victory';
