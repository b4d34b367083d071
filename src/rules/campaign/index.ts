export * from './types';
export * from './match';
export * from './changes';
export * from './placement';
export * from './compose';
export * from './zones';
