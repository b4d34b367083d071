import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNwState, parseNwScenarioYaml } from '../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import { SHIPPED_SCENARIOS } from '../../../src/rules/scenario';

/** §9.2 L260 (OG-1): the scenario marks French Old Guard foot artillery with `oldGuard: true`. */
const TEXT = readFileSync(join(SHIPPED_SCENARIOS, 'nw', 'teaching.yaml'), 'utf8');
const FOOT = 'rules: { label: "I Corp, 8 lb, Foot" }';
const parse = (text: string) => parseNwScenarioYaml(text, 'teaching.yaml', NW_SETTINGS_DEFAULTS);
/** The teaching text with its I Corps foot battery's rules (not the header comment's example) replaced. */
const withBattery = (rules: string, arm = 'artillery'): string => {
  const line = `{ id: fr-battery, name: I Corps foot battery, arm: artillery, sp: 1, ${FOOT} }`;
  expect(TEXT).toContain(line);
  return TEXT.replace(line, `{ id: fr-battery, name: I Corps foot battery, arm: ${arm}, sp: 1, ${rules} }`);
};

describe('NW Old Guard foot artillery in the scenario (§9.2 L260, OG-1)', () => {
  it('loads oldGuard: true on a foot battery into the state; absent, the battery is not Old Guard', () => {
    const r = parse(withBattery('rules: { label: "I Corp, 8 lb, Foot", oldGuard: true }'));
    if (!r.ok) throw new Error(r.error.map((e) => e.message).join('\n'));
    const plain = parse(TEXT);
    if (!plain.ok) throw new Error('the teaching scenario loads');
    expect(buildNwState(r.value, NW_SETTINGS_DEFAULTS).batteries['fr-battery']!.oldGuard).toBe(true);
    expect(buildNwState(plain.value, NW_SETTINGS_DEFAULTS).batteries['fr-battery']!.oldGuard).toBeUndefined();
  });

  it('refuses oldGuard on a horse battery or a brigade, with a hint', () => {
    const horse = parse(withBattery('rules: { label: "I Corp, 6 lb, Horse", oldGuard: true }', 'horse-artillery'));
    expect(!horse.ok && horse.error.map((e) => `${e.message} ${e.hint ?? ''}`).join()).toContain('oldGuard: true is for a foot battery');
    const line = 'rules: { label: 1B/1/I SK1 7/5/3 Vet } }';
    expect(TEXT).toContain(line);
    const brigade = parse(TEXT.replace(line, 'rules: { label: 1B/1/I SK1 7/5/3 Vet, oldGuard: true } }'));
    expect(!brigade.ok && brigade.error.map((e) => e.message).join()).toContain('oldGuard: true is for a foot battery');
  });
});
