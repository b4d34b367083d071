import { describe, expect, it } from 'vitest';
import { commandMap } from '../../commands/index';
import type { CommandContext } from '../../src/interaction/command';
import { listScenarios } from '../../src/rules/scenario/load';

describe('/game create scenario autocomplete', () => {
  const game = commandMap().get('game')!;
  const complete = (ruleset: string, value = '') =>
    game.autocomplete!({} as CommandContext, { name: 'scenario', value }, { name: 'game', subcommand: 'create', options: { ruleset } });

  it('offers the playable rulesets\' scenarios only (NW ships a scenario but is not playable yet)', async () => {
    expect((await listScenarios()).some((s) => s.ruleset === 'nw')).toBe(true);
    const all = await complete('');
    expect(all.map((c) => c.value)).toEqual(expect.arrayContaining(['saint-remy']));
    expect(all.some((c) => c.name.startsWith('nw:'))).toBe(false);
    expect(await complete('nw')).toEqual([]);
  });
});
