/** B&P tables (beer-and-pretzel.txt, cited `B&P Lnn`). The README in ../ maps each to its lines. */
export * from './vocabulary';
export * from './organisation';
export * from './movement';
export * from './fire';
export * from './morale-points';
export * from './buildings';
export * from './command-control';
export * from './rout';
export * from './charge';
