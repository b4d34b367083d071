/** Units of several stands (battalions, regiments, batteries) shared by B&P, the solo rules and ANRT. */
export * from './formations';
export * from './charge';
