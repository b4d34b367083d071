import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNwState, parseNwScenarioYaml } from '../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import { nationOf } from '../../../src/rules/nw/state';
import { SHIPPED_SCENARIOS } from '../../../src/rules/scenario';

/** NAT-1: a brigade or battery may carry its own `nation:` (and a brigade its `alliedTo:`) in the scenario. */
const TEXT = readFileSync(join(SHIPPED_SCENARIOS, 'nw', 'teaching.yaml'), 'utf8');
const parse = (text: string) => parseNwScenarioYaml(text, 'teaching.yaml', NW_SETTINGS_DEFAULTS);
const BRIGADE = 'rules: { label: 1B/1/I SK1 7/5/3 Vet } }';
const BATTERY = 'rules: { label: "I Corp, 8 lb, Foot" } }';
const errors = (r: ReturnType<typeof parse>): string => (r.ok ? '' : r.error.map((e) => `${e.message} ${e.hint ?? ''}`).join('\n'));

describe('NW nations per brigade in the scenario (NAT-1)', () => {
  it('loads a brigade\'s and a battery\'s own nation into the state; the others read their army\'s', () => {
    expect(TEXT).toContain(BRIGADE);
    expect(TEXT).toContain(BATTERY);
    const text = TEXT.replace(BRIGADE, 'rules: { label: 1B/1/I SK1 7/5/3 Vet, nation: other, alliedTo: french } }')
      .replace(BATTERY, 'rules: { label: "I Corp, 8 lb, Foot", nation: austrian } }');
    const r = parse(text);
    if (!r.ok) throw new Error(errors(r));
    const s = buildNwState(r.value, NW_SETTINGS_DEFAULTS);
    const brigade = Object.values(s.units).find((u) => u.label === '1B/1/I SK1 7/5/3 Vet')!;
    expect(brigade.nation).toBe('other');
    expect(brigade.alliedTo).toBe('french');
    expect(nationOf(s, brigade)).toBe('other');
    expect(nationOf(s, s.batteries['fr-battery']!)).toBe('austrian');
    const other = Object.values(s.units).find((u) => u.side === brigade.side && u.id !== brigade.id)!;
    expect(other.nation).toBeUndefined();
    expect(nationOf(s, other)).toBe(s.armies[brigade.side]!.nation);
  });

  it('leaves a shipped scenario\'s state as it was: no piece carries a nation of its own', () => {
    const r = parse(TEXT);
    if (!r.ok) throw new Error(errors(r));
    const s = buildNwState(r.value, NW_SETTINGS_DEFAULTS);
    expect([...Object.values(s.units), ...Object.values(s.batteries)].filter((p) => 'nation' in p || 'alliedTo' in p)).toEqual([]);
  });

  it('refuses an unknown nation, and alliedTo without a nation or on a battery, with a hint', () => {
    expect(errors(parse(TEXT.replace(BRIGADE, 'rules: { label: 1B/1/I SK1 7/5/3 Vet, nation: bavarian } }')))).toMatch(/nation/);
    const bare = errors(parse(TEXT.replace(BRIGADE, 'rules: { label: 1B/1/I SK1 7/5/3 Vet, alliedTo: french } }')));
    expect(bare).toContain('alliedTo on a brigade goes with its own nation');
    expect(bare).toContain('NAT-1');
    expect(errors(parse(TEXT.replace(BATTERY, 'rules: { label: "I Corp, 8 lb, Foot", nation: other, alliedTo: french } }')))).toContain('alliedTo is for a brigade');
  });
});
