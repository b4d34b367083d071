import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seededDice } from '../../../src/dice/dice';
import { distance } from '../../../src/rules/geometry/vector';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { withParent } from '../../../src/rules/anrt/phases/regimental';
import type { AnrtState } from '../../../src/rules/anrt/state';
import type { Qrs } from '../../../src/rules/anrt/tables/qrs';
import type { MoraleResult } from '../../../src/rules/anrt/tables/vocabulary';
import type { GameEvent } from '../../../src/rules/events';
import { combatScene, sceneState, type SceneCase } from '../../helpers/anrt-scenes';
import { expectOutcome } from '../../helpers/anrt-outcome';
import { finalOutcome } from '../../../src/rules/anrt/victory';

/**
 * The plain-text cases of guns in the resolution and of contact geometry (cases/guns/guns-contact.yaml):
 * regimental guns following their battalion's charge, advance and pursuit (L1083, ANRT-R9), guns
 * taken by prolong going with their holder's resolution moves (L1061, L372, ANRT-G8), guns overrun
 * and evaders caught met front edge to front edge (L406, L620, ANRT-M6b), and pursuers of evaders
 * meeting a unit already charged (L421, L656-691, ANRT-E6). Each runs the combat half of the French
 * phase (resolveCombat) with its charges; the QRS is the stand-in's with the case's melee cells,
 * every melee adjustment 0 and the case's morale results forced, so the outcome is fixed.
 *
 *   charges, melee, morale, responses (as pursuits.yaml), place, taken, settings (as the scenes)
 *   dice: the D6s in order (scripted), else a fixed seed
 *   expect: <unit>: { at: [x, y] (±0.05"), facing, gone, routed, withParent: true|false, nearOf: [unit, inches] }
 *           notes: [words some event says]   absent: [words no event says]   melees: <engagements>
 */
interface GunsCase extends Omit<SceneCase, 'morale'> {
  readonly charges: [string, string][];
  readonly melee?: Record<string, Record<string, string | number>>;
  readonly morale?: Record<string, MoraleResult>;
  readonly responses?: Record<string, string>;
  readonly seed?: string;
}

const FILE = 'test/rules/anrt/cases/guns/guns-contact.yaml';
const gunsCases = parse(readFileSync(FILE, 'utf8')) as GunsCase[];

function gunsState(c: GunsCase): AnrtState {
  return combatScene(c, c.charges, {
    morale: c.morale, passes: ['charge', 'charge-response'],
    qrs: (q) => ({
      melee: Object.fromEntries(Object.entries(q.melee!).map(([arm, row]) => [arm, { ...row, ...(c.melee?.[arm] ?? {}) }])) as Qrs['melee'],
      meleeAdjust: Object.fromEntries(Object.keys(q.meleeAdjust ?? {}).map((k) => [k, 0])) as Qrs['meleeAdjust'],
    }),
  });
}

function runGunsCase(c: GunsCase): { s0: AnrtState; s: AnrtState; events: GameEvent[] } {
  const s0 = gunsState(c);
  const r = resolveCombat(s0, c.responses ?? {}, new Thrower(seededDice((c.seed ?? '7').repeat(64).slice(0, 64)), []));
  return { s0, ...r };
}

describe(`ANRT guns in the resolution and contact geometry: ${FILE}`, () => {
  it.each(gunsCases.map((c) => [`${c.case} (${c.rule})`, c] as const))('%s', (_n, c) => {
    const r = runGunsCase(c);
    expectOutcome(c.case, r, c.expect, {
      key: (key, want, log) => { if (key !== 'melees') return false; expect(r.events.filter((e) => e.kind === 'engagement' && e.id.startsWith('melee:')).length, `${c.case}${log}`).toBe(want); return true; },
      unit: (u, key, w, log) => {
        if (w.facing !== undefined) expect(Math.round(u.facing), `${c.case}: ${key}.facing${log}`).toBe(w.facing);
        if (w.withParent !== undefined) expect(withParent(r.s, u), `${c.case}: ${key} with its battalion${log}`).toBe(w.withParent);
        if (w.nearOf) { const [o, d] = w.nearOf as [string, number]; expect(distance(u.at, r.s.units[o]!.at), `${c.case}: ${key} from ${o}${log}`).toBeCloseTo(d, 2); }
        if (w.taken !== undefined) expect(u.taken?.by ?? null, `${c.case}: ${key}.taken${log}`).toBe(w.taken);
      },
    });
  });
});

describe('captured guns at the end and in the fire (ANRT-G10, G11)', () => {
  const place = { 'fr-11h': { at: [24, 27], facing: 180 }, 'al-bty-1': { at: [24, 31], facing: 180 }, 'al-1-6r': { at: [24, 20], facing: 0, formation: 'line' } } as const;
  const scene = (taken: boolean): AnrtState => sceneState({ case: 'G10', rule: 'L1137', place, keep: true, ...(taken ? { taken: { 'al-bty-1': 'fr-11h' } } : {}), expect: {} } as unknown as SceneCase);
  const lost = (s: AnrtState, side: string): number => Number(new RegExp(`[(;] ?${side === 'allies' ? 'Allies' : 'French'} \\d+ point\\(s\\), (\\d+) hit\\(s\\) lost`).exec(finalOutcome(s, true)!.summary)?.[1]);

  it('a battery whose guns are taken is lost to its side: all its hits count among the hits lost, and the taker gains nothing (§XIX prices forces, not results)', () => {
    const before = scene(false), after = scene(true);
    const b = before.units['al-bty-1']!;
    expect(lost(after, 'allies') - lost(before, 'allies')).toBe(b.maxHits);
    expect(lost(after, 'french')).toBe(lost(before, 'french'));
  });

  it('taken guns never fire at their owners (L1068): no shot of theirs in the fire step, though an enemy stands in their arc and range', () => {
    const s = { ...gunsState({ case: 'G11', rule: 'L1068', place, keep: false, taken: { 'al-bty-1': 'fr-11h' }, charges: [], expect: {} } as unknown as GunsCase) };
    const r = resolveCombat(s, {}, new Thrower(seededDice('7'.repeat(64)), []));
    expect(r.events.some((e) => e.kind === 'engagement' && e.sides.some((x) => x.units.includes('al-bty-1')))).toBe(false);
    expect(r.s.units['al-bty-1']!.taken?.by).toBe('fr-11h');
  });
});
