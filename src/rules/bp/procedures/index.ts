/** B&P dice procedures (DIGEST §4(b) P1-P12): pure functions of small inputs and an injected `Dice`. */
export * from './types';
export * from './common';
export * from './volley';
export * from './morale';
export * from './melee';
export * from './artillery';
export * from './buildings';
export * from './command-control';
export * from './status';
export * from './artillery-reach';
