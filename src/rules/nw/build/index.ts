/** Scenario building from battalions (NW Ch.II §2-4, issue 17 item 3). Rulings BD-n: ../README.md. */
export { attachedBatterySp, spreadSp } from './artillery';
export { apportion, figureBrigade, finishBrigade, shareMen, type Battalion, type BrigadeInput, type BuiltBrigade, type FiguredBrigade } from './brigade';
export { buildOrderOfBattle, type BuildIssue, type BuiltCommand, type BuiltOrderOfBattle, type BuiltSide } from './build';
export { compareWithScenario, formatDifference, type Difference } from './compare';
export { armyFatigue, armyGenerals, BUILD_NATIONS, commandFatigue, commanderRange, type BuildNation, type CountedUnit } from './command';
export { emitOrderOfBattle, reportOrderOfBattle } from './emit';
export { loadBuildSource, parseBuildSource } from './load';
export { averageQuality, QUALITY_SCORE } from './quality';
export { brigadeSk, SK2_SHARE, skFromLightShare } from './skirmish';
export { buildSourceSchema, type BuildSource } from './source';
export { cutIndex, tooLarge } from './split';
