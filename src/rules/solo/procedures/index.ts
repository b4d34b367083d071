/** Kuryakin dice procedures (KUR L3-29). The README in ../ maps each to its lines. */
export * from './types';
export * from './common';
export * from './generals';
export * from './control';
export * from './cards';
export * from './move';
export * from './casualties';
export * from './fire';
export * from './melee';
export * from './morale';
export * from './flight';
