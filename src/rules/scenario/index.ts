/** The scenario format: schema, loader and the types the rulesets read. */
export * from './types';
export * from './vocabulary';
export { SCENARIO_ERROR_CODES, type ScenarioErrorCode } from './codes';
export { formatPath, formatScenarioError, type ScenarioError } from './errors';
export { columnLabel, gridRefToPoint, gridShape, isGridRef, pointToGridRef } from './grid';
export { listScenarios, loadScenarioFile, parseScenarioYaml, SHIPPED_SCENARIOS, type ParseOptions, type ScenarioListing } from './load';
export { normalizeName } from './names';
export { landmarkIndex, resolveName, type PlaceContext, type ResolvedName } from './places';
export type { ScenarioProfile } from './profiles';
export { scenarioSchema, structureSchema, type ScenarioDoc } from './schema';
export { turnClock } from './clock';
