import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import type { CommandContext } from '../../src/interaction/command';
import { listScenarios } from '../../src/rules/scenario/load';

describe('/game create scenario autocomplete', () => {
  const game = commandMap().get('game')!;
  const complete = (ruleset: string, value = '') =>
    game.autocomplete!({} as CommandContext, { name: 'scenario', value }, { name: 'game', subcommand: 'create', options: { ruleset } });

  it('offers the scenarios of the chosen ruleset, and of every playable ruleset when none is chosen', async () => {
    expect((await listScenarios()).some((s) => s.ruleset === 'nw')).toBe(true);
    const all = await complete('');
    expect(all.map((c) => c.value)).toEqual(expect.arrayContaining(['saint-remy', 'teaching', 'quatre-bras']));
    expect((await complete('nw')).map((c) => c.value).sort()).toEqual(['quatre-bras', 'teaching']);
    expect((await complete('dram')).some((c) => c.value === 'quatre-bras')).toBe(false);
  });
});
