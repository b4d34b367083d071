import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seededDice } from '../../../src/dice/dice';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { opportunityTargets } from '../../../src/rules/anrt/phases/responses';
import type { AnrtState } from '../../../src/rules/anrt/state';
import type { MoraleResult } from '../../../src/rules/anrt/tables/vocabulary';
import { combatScene, sceneState, type SceneCase } from '../../helpers/anrt-scenes';
import { expectOutcome } from '../../helpers/anrt-outcome';

/**
 * Paths re-checked as the charges go in (issue 14; ANRT-W18, E7): the plain-text cases in
 * cases/paths/paths.yaml (format in its header) run the combat half of the French phase over
 * three dice seeds. The posting checks (W18's refusal, E7's evade legs, CL4's step back) are the
 * scenes of cases/scenes/paths.yaml and cavalry-lines.yaml (movement.test.ts).
 */
interface PathCase extends Omit<SceneCase, 'morale'> {
  readonly charges: [string, string][];
  readonly morale?: Record<string, MoraleResult>;
  readonly responses: Record<string, string>;
}

const FILE = 'test/rules/anrt/cases/paths/paths.yaml';
const cases = parse(readFileSync(FILE, 'utf8')) as PathCase[];

describe(`ANRT paths re-checked as the charges go in: ${FILE}`, () => {
  it.each(cases.flatMap((c) => ['1', '5', '9'].map((seed) => [`${c.case} (${c.rule}) seed ${seed}`, c, seed] as const)))('%s', (_n, c, seed) => {
    const s = combatScene(c, c.charges, { morale: c.morale, passes: ['charge'] });
    const r = resolveCombat(s, c.responses, new Thrower(seededDice(seed.repeat(64)), []));
    expectOutcome(c.case, r, c.expect);
  });
});

describe('ANRT-W18: an opportunity charge is offered only along a path no other enemy screens (L424, L400)', () => {
  // The Uhlans face south at (30, 30); 1/33e Ligne has moved to (30, 22), 8" in front of them; 1/48e Ligne has not moved.
  const scene = (other: [number, number]): AnrtState => ({
    ...sceneState({ case: 'w16-opportunity', rule: 'L424', expect: {}, place: { 'al-uh': { at: [30, 30], facing: 180, formation: 'line' }, 'fr-1-33': { at: [30, 22], facing: 0, formation: 'column' }, 'fr-1-48': { at: other, facing: 0, formation: 'column' } } }),
    moves: [{ unit: 'fr-1-33', to: { x: 30, y: 22 }, facing: 0, formation: 'column', inches: 4, pips: 1 }],
  });
  it('with 1/48e Ligne standing between, the 1/33e is not offered (the charge would hit the 1/48e first)', () => {
    const s = scene([30, 26]);
    expect(opportunityTargets(s, s.units['al-uh']!)).toEqual([]);
  });
  it('with 1/48e Ligne off the path, it is', () => {
    const s = scene([40, 26]);
    expect(opportunityTargets(s, s.units['al-uh']!).map((u) => u.id)).toEqual(['fr-1-33']);
  });
});
