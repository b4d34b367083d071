/**
 * Real DRAM states for the map tests, goldens and benchmark: a shipped scenario set up and
 * played a few windows by the random legal player, keeping the last resolution's events.
 */
import { resolve } from 'node:path';
import { seededDice } from '../../src/dice/dice';
import type { GameEvent } from '../../src/rules/events';
import { dram } from '../../src/rules/dram/index';
import { DRAM_SETTINGS_DEFAULTS, parseDramSettings } from '../../src/rules/dram/settings';
import type { DramScenarioData } from '../../src/rules/dram/setup';
import type { Chit, DramState } from '../../src/rules/dram/state';
import { loadScenarioFile } from '../../src/rules/scenario/index';
import { generateBattle, playWindow } from '../helpers/dram-battle';
import { SCENARIO_PROFILES } from '../../src/rules/index';

const SEED = 'ab'.repeat(32);

/** A shipped DRAM scenario's data and settings. */
export async function shippedDram(id: 'saint-remy' | 'ligny'): Promise<{ data: DramScenarioData; settings: typeof DRAM_SETTINGS_DEFAULTS }> {
  const sc = await loadScenarioFile(resolve(import.meta.dirname, `../../assets/scenarios/dram/${id}.yaml`), { profiles: SCENARIO_PROFILES });
  if (!sc.ok) throw new Error(sc.error.map((e) => e.message).join('\n'));
  const settings = parseDramSettings(sc.value.rulings);
  if (!settings.ok) throw new Error(settings.error.message);
  const data = dram.scenario.prepare(sc.value, settings.value);
  if (!data.ok) throw new Error(data.error.map((e) => e.message).join('\n'));
  return { data: data.value, settings: settings.value };
}

/**
 * Set up and play `windows` windows (movement, orders, movement…) with the random legal
 * player. Returns the state and the events of the LAST resolution only, as the bot has them
 * when it posts the map.
 */
export function playDram(data: DramScenarioData, settings: typeof DRAM_SETTINGS_DEFAULTS, windows: number, seed = 1): { state: DramState; events: readonly GameEvent[] } {
  const dice = seededDice(SEED);
  let step = dram.setup(data, settings, dice);
  for (let w = 0; w < windows && !dram.outcome(step.state); w++) {
    const played = playWindow(step.state, dice, 97 * w + seed);
    step = dram.resolve(played.state, new Map(played.input.orders), dice);
  }
  return { state: step.state, events: step.events };
}

/** The benchmark's battle: 40 corps of 5 stands a side, 400 stands in all, on a terrain-rich 200×150 in table. */
export function bigBattle(): DramScenarioData {
  return generateBattle({ seed: 2026, corpsPerSide: 40, standsPerCorps: 5, width: 200, height: 150 });
}

export { DRAM_SETTINGS_DEFAULTS };

/**
 * The chits every seat would post in the open orders window of `state` (phase 'orders'), as
 * the game service holds them until resolution: face down, each for its own side's eyes.
 */
export function pendingChits(state: DramState, seed = 5): Chit[] {
  const played = playWindow(state, seededDice(SEED), seed);
  return played.input.orders.flatMap(([, orders]) => orders.flatMap((o) => (o.kind === 'chit'
    ? [{ by: o.general, target: o.target, order: o.order, turn: state.turn, written: o.target.kind === 'corps' }]
    : [])));
}
