/** The resolution narrative (issue 4: "What the channel sees each phase"). */
export { narrate, narrativeBlocks, seedRevealLine, type NarrateOptions, type SeedReveal } from './narrate';
export { summarize } from './summary';
export { nameBook, nameOf, type NameBook, type NameEntry, type NameKind } from './names';
export { packBlocks, splitLine } from './split';
