/** Kuryakin tables (solo-kuryakin.txt, cited `KUR Lnn`). The README in ../ maps each to its lines. */
export * from './vocabulary';
export * from './row';
export * from './generals';
export * from './movement';
export * from './disorder';
export * from './fire';
export * from './melee';
export * from './morale';
