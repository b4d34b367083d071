import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import type { GameEvent, MoveEvent } from '../../../src/rules/events';
import { dram } from '../../../src/rules/dram/index';
import { DRAM_SETTINGS_DEFAULTS } from '../../../src/rules/dram/settings';
import type { DramState } from '../../../src/rules/dram/state';
import { distance } from '../../../src/rules/geometry/vector';
import { generateBattle, playWindow, stateHash, type WindowInput } from '../../helpers/dram-battle';

const SEED = 'c0ffee'.padEnd(64, '0');

/** Play a whole game with the random legal player; return the inputs and every step's events. */
function playGame(data: ReturnType<typeof generateBattle>) {
  const dice = seededDice(SEED);
  let state = dram.setup(data, DRAM_SETTINGS_DEFAULTS, dice).state;
  const inputs: WindowInput[] = [];
  const steps: { before: DramState; after: DramState; events: readonly GameEvent[] }[] = [];
  for (let w = 0; w < 60 && !dram.outcome(state); w++) {
    const played = playWindow(state, dice, 1000 + w);
    const step = dram.resolve(played.state, new Map(played.input.orders), dice);
    steps.push({ before: played.state, after: step.state, events: step.events });
    inputs.push(played.input);
    state = step.state;
  }
  return { state, inputs, steps };
}

function replay(data: ReturnType<typeof generateBattle>, inputs: readonly WindowInput[]): DramState {
  const dice = seededDice(SEED);
  let state = dram.setup(data, DRAM_SETTINGS_DEFAULTS, dice).state;
  for (const input of inputs) {
    for (const { seat, action } of input.actions) {
      const r = dram.act(state, seat, action, dice);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
    }
    state = dram.resolve(state, new Map(input.orders), dice).state;
  }
  return state;
}

describe('a whole DRAM game played by a random legal player', () => {
  const data = generateBattle({ seed: 11, corpsPerSide: 3, standsPerCorps: 3, turns: 6 });
  const game = playGame(data);

  it('plays to a conclusion', () => {
    expect(dram.outcome(game.state)).not.toBeNull();
    expect(game.state.phase).toBe('ended');
    const moves = game.steps.flatMap((s) => s.events).filter((e) => e.kind === 'move');
    expect(moves.length).toBeGreaterThan(10);
    expect(game.steps.flatMap((s) => s.events).some((e) => e.kind === 'engagement')).toBe(true);
  });

  it('replays exactly from its stored inputs and seed', () => {
    expect(stateHash(replay(data, game.inputs))).toBe(stateHash(game.state));
  });

  it('never lets re-organisation lift a stand above its starting SP', () => {
    for (const step of game.steps) for (const st of Object.values(step.after.stands)) expect(st.sp).toBeLessThanOrEqual(st.spStart);
  });

  it('never moves a stand further than its allowance', () => {
    for (const step of game.steps) {
      for (const e of step.events.filter((x): x is MoveEvent => x.kind === 'move' && !!step.before.stands[x.unit])) {
        expect(e.cost!).toBeLessThanOrEqual(e.allowance! + 1e-6);
        // Even along a good road (×1.5, DRAM §7) the straight-line distance stays within reach.
        expect(distance(e.from, e.to)).toBeLessThanOrEqual(e.allowance! * 1.5 + 1e-6);
      }
    }
  });
});
