import { describe, expect, it } from 'vitest';
import { publicEventsFor } from '../../src/games/names';
import type { GameEvent } from '../../src/rules/events';

describe('publicEventsFor: what any channel member may read', () => {
  const loss: GameEvent = { kind: 'loss', rule: 'r', unit: 'u1', amount: 1, remaining: 4, cause: 'fire' };

  it('NW hides the s.p. a unit has left (NW §3.0 L45), for posts, action replies and /game history', () => {
    expect(publicEventsFor({ ruleset: 'nw' }, [loss])).toEqual([{ kind: 'loss', rule: 'r', unit: 'u1', amount: 1, cause: 'fire' }]);
  });

  it('DRAM shows strengths openly, so its events pass unchanged', () => {
    expect(publicEventsFor({ ruleset: 'dram' }, [loss])).toEqual([loss]);
  });
});
