import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../../src/dice/dice';
import { chargeAct } from '../../../../src/rules/solo/phases/charge';
import { controlPhase } from '../../../../src/rules/solo/phases/control';
import { endTurn } from '../../../../src/rules/solo/phases/end';
import { fireAct } from '../../../../src/rules/solo/phases/fire';
import { continueFormationChange, reformAct } from '../../../../src/rules/solo/phases/formation';
import { moveAct } from '../../../../src/rules/solo/phases/move';
import { cardDone, nextCard, unitsOfCard } from '../../../../src/rules/solo/phases/queue';
import { SOLO_SETTINGS_DEFAULTS as S } from '../../../../src/rules/solo/settings';
import { distanceMm, unitById, withUnit, type SoloState } from '../../../../src/rules/solo/state';
import { soloGeneral, soloUnit } from './fixture';

/** Two brigades a side, 300 mm apart, facing each other. */
function battle(): SoloState {
  const fr = ['f1', 'f2', 'f3', 'f4'].map((id, i) => soloUnit(id, 'fr', i < 2 ? 'FA' : 'FB', 60 + i * 110, 0, i === 3 ? { type: 'light-cav', figures: 12, startFigures: 12 } : {}));
  const br = ['b1', 'b2', 'b3', 'b4'].map((id, i) => soloUnit(id, 'br', i < 2 ? 'BA' : 'BB', 60 + i * 110, 300, { facing: 180, nation: 'british', ...(i === 2 ? { type: 'rifles' as const } : {}) }));
  return {
    turn: 1, sides: ['fr', 'br'], units: [...fr, ...br],
    generals: [soloGeneral('gFA', 'fr', 'brigadier', 115, -40), soloGeneral('gFB', 'fr', 'brigadier', 335, -40), soloGeneral('gBA', 'br', 'brigadier', 115, 340, { nation: 'british' }), soloGeneral('gBB', 'br', 'brigadier', 335, 340, { nation: 'british' })],
    brigades: [{ id: 'FA', side: 'fr', brigadier: 'gFA' }, { id: 'FB', side: 'fr', brigadier: 'gFB' }, { id: 'BA', side: 'br', brigadier: 'gBA' }, { id: 'BB', side: 'br', brigadier: 'gBB' }],
    inControl: {}, queue: [], chance: { fr: null, br: null },
  };
}

/** A tiny seeded choice source for the test player (the rules' dice are separate). */
function chooser(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) % n; };
}

/** A random player on the phase functions: each activated unit reforms, fires, charges or moves, at random among what the rules accept. */
function play(seed: number, maxTurns = 8) {
  const dice = seededDice(seed.toString(16).padStart(64, '0'));
  const pick = chooser(seed);
  let s = battle();
  let outcome: { winner: string | null } | null = null;
  let acts = 0;
  for (let t = 0; t < maxTurns && !outcome; t++) {
    s = controlPhase(s, S, dice).state;
    for (let guard = 0; guard < 100; guard++) {
      const card = nextCard(s);
      if (!card) break;
      for (const id of unitsOfCard(s, card)) {
        const u = unitById(s, id);
        if (u.gone || u.acted) continue;
        s = continueFormationChange(s, id).state;
        const enemies = s.units.filter((e) => !e.gone && e.side !== u.side).sort((a, b) => distanceMm(u.at, a.at) - distanceMm(u.at, b.at));
        const target = card.against ? unitById(s, card.against) : enemies[0];
        const tries = [
          () => reformAct(s, id, S, dice),
          () => (target ? fireAct(s, id, target.id, S, dice) : null),
          () => (target && distanceMm(u.at, target.at) < 350 ? chargeAct(s, id, target.id, S, dice) : null),
          () => moveAct(s, id, 40 + pick(120), S, dice),
        ];
        for (let k = 0, start = pick(tries.length); k < tries.length; k++) {
          const r = tries[(start + k) % tries.length]!();
          if (r && r.ok) { s = r.value.state; acts++; break; }
        }
        if (!unitById(s, id).gone) s = withUnit(s, { ...unitById(s, id), acted: true });
      }
      s = cardDone(s, card);
    }
    const end = endTurn(s, S);
    s = end.state;
    outcome = end.outcome;
  }
  return { s, outcome, acts };
}

describe('turns on the phase functions, driven by a random player', () => {
  it('every unit keeps figures within 0..its start; the gone have none; D never negative; same seed, same game', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const a = play(seed);
      expect(a.acts).toBeGreaterThan(0);
      for (const u of a.s.units) {
        expect(u.figures).toBeGreaterThanOrEqual(0);
        expect(u.figures).toBeLessThanOrEqual(u.startFigures);
        expect(u.disorder).toBeGreaterThanOrEqual(0);
        if (u.gone) expect(u.figures).toBe(0);
      }
      expect(JSON.stringify(play(seed).s)).toBe(JSON.stringify(a.s));
    }
  });
  it('some seeded games reach a KS-8 break within 8 turns', () => {
    const outcomes = Array.from({ length: 12 }, (_, i) => play(i + 1).outcome);
    expect(outcomes.some((o) => o !== null)).toBe(true);
  });
});
