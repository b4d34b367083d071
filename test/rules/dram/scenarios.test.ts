import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { dram } from '../../../src/rules/dram/index';
import { parseDramSettings } from '../../../src/rules/dram/settings';
import type { DramState } from '../../../src/rules/dram/state';
import { listScenarios, loadScenarioFile } from '../../../src/rules/scenario/index';
import { playWindow, stateHash, type WindowInput } from '../../helpers/dram-battle';
import { SCENARIO_PROFILES } from '../../../src/rules/index';

const shipped = (await listScenarios()).filter((x) => x.ruleset === 'dram');

async function load(path: string) {
  const sc = await loadScenarioFile(path, { profiles: SCENARIO_PROFILES });
  if (!sc.ok) throw new Error(sc.error.map((e) => e.message).join('\n'));
  const settings = parseDramSettings(sc.value.rulings);
  if (!settings.ok) throw new Error(settings.error.message);
  const data = dram.scenario.prepare(sc.value, settings.value);
  if (!data.ok) throw new Error(data.error.map((e) => e.message).join('\n'));
  return { scenario: sc.value, settings: settings.value, data: data.value };
}

const loaded = new Map(await Promise.all(shipped.map(async (s) => [s.path, await load(s.path)] as const)));

describe.each(shipped.map((s) => [s.id, s.path] as const))('shipped DRAM scenario %s', (_id, path) => {
  const { scenario, settings, data } = loaded.get(path)!;
  const seed = `${scenario.meta.id}`.padEnd(64, '0').replace(/[^0-9a-f]/g, 'a').slice(0, 64);

  it('sets up with every stand on a legal order and positive SP', () => {
    const s = dram.setup(data, settings, seededDice(seed)).state;
    expect(s.phase).toBe('movement');
    expect(Object.values(s.stands).length).toBe(data.stands.length);
    for (const st of Object.values(s.stands)) expect(st.sp).toBeGreaterThanOrEqual(1);
    expect(dram.owing(s).length).toBeGreaterThan(0);
  });

  it('plays to its end with a random legal player and replays to the same final state', () => {
    const dice = seededDice(seed);
    let s: DramState = dram.setup(data, settings, dice).state;
    const inputs: WindowInput[] = [];
    for (let w = 0; w < 4 * data.lastTurn && !dram.outcome(s); w++) {
      const played = playWindow(s, dice, 31 * w + 7);
      inputs.push(played.input);
      s = dram.resolve(played.state, new Map(played.input.orders), dice).state;
    }
    expect(dram.outcome(s)).not.toBeNull();

    const again = seededDice(seed);
    let r: DramState = dram.setup(data, settings, again).state;
    for (const input of inputs) {
      for (const { seat, action } of input.actions) {
        const a = dram.act(r, seat, action, again);
        if (!a.ok) throw new Error(a.error.message);
        r = a.value.state;
      }
      r = dram.resolve(r, new Map(input.orders), again).state;
    }
    expect(stateHash(r)).toBe(stateHash(s));
  });
});

it('ships a teaching scenario and a historical battle for DRAM', () => {
  const metas = shipped.map((s) => loaded.get(s.path)!.scenario.meta);
  expect(metas.some((m) => !m.historical && m.turns <= 8)).toBe(true);
  const historical = metas.filter((m) => m.historical);
  expect(historical.length).toBeGreaterThanOrEqual(1);
  for (const m of historical) expect(m.sources.length).toBeGreaterThan(0);
});
