/** Table geometry shared by every ruleset: bases, arcs, terrain, movement cost, sight. */
export * from './types';
export * from './epsilon';
export * from './vector';
export * from './polygon';
export * from './base';
export * from './arcs';
export * from './features';
export * from './terrain';
export * from './cost';
export * from './reach';
export * from './sight';
export * from './grid';
