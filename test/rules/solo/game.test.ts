import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/rules/events';
import { solo } from '../../../src/rules/solo/index';
import { parseSoloSettings, SOLO_SETTINGS_DEFAULTS, type SoloSettings } from '../../../src/rules/solo/settings';
import { unitById } from '../../../src/rules/solo/state';
import { windowUnits } from '../../../src/rules/solo/turn';
import { playSolo, replaySolo, soloData, stateHash, type SoloPlayed } from '../../helpers/solo-game';

/**
 * Whole Kuryakin games on the teaching scenario (The Mill at Aschbach), played to the end by the
 * random legal player through the Ruleset record, replayed identically from the recorded inputs
 * and the dice seed, with invariants checked after every act and resolve.
 */

const SEED = 'kuryakin'.split('').map((c) => c.charCodeAt(0).toString(16)).join('').padEnd(64, '3');
const random = (() => { const p = parseSoloSettings({ chance: { timing: 'random' } }); if (!p.ok) throw new Error(p.error.message); return p.value; })();
const runs: { name: string; seed: number; settings: SoloSettings }[] = [
  { name: 'defaults, seed 1', seed: 1, settings: SOLO_SETTINGS_DEFAULTS },
  { name: 'defaults, seed 2', seed: 2, settings: SOLO_SETTINGS_DEFAULTS },
  { name: 'defaults, seed 3', seed: 3, settings: SOLO_SETTINGS_DEFAULTS },
  { name: 'chance cards at random (K-19), seed 4', seed: 4, settings: random },
];
const games: { name: string; played: SoloPlayed; problems: string[] }[] = [];

function invariants(played: SoloPlayed): string[] {
  const bad: string[] = [];
  played.steps.forEach((st, i) => {
    const where = `step ${i} (turn ${st.before.turn}, ${st.input.kind === 'act' ? st.input.action.kind : 'resolve'})`;
    for (const u of st.after.units) {
      if (u.figures < 0 || u.figures > u.startFigures || !Number.isInteger(u.figures)) bad.push(`${where}: ${u.id} has ${u.figures} figures`);
      if (u.disorder < 0) bad.push(`${where}: ${u.id} has ${u.disorder} D`);
      if (u.gone && u.figures > 0 && u.gone === 'destroyed') bad.push(`${where}: ${u.id} destroyed with figures`);
    }
    if (st.input.kind === 'act' && st.input.action.kind !== 'chance' && st.input.action.kind !== 'attach' && st.input.action.kind !== 'general-move') {
      // L8: only a unit the cards up activate acts, and only its own side's seat moves it.
      const a = st.input.action;
      if (!windowUnits(st.before).includes(a.unit)) bad.push(`${where}: ${a.unit} acted without its card`);
      if (unitById(st.before, a.unit).side !== st.before.seats.find((x) => x.id === (st.input as { seat: string }).seat)?.side) bad.push(`${where}: a seat moved an enemy unit`);
    }
    for (const e of st.events) if (e.kind === 'move' && e.cost !== undefined && e.allowance !== undefined && e.cost > e.allowance + 1e-6) bad.push(`${where}: ${e.unit} moved ${e.cost} of ${e.allowance} mm`);
  });
  return bad;
}

beforeAll(() => {
  for (const r of runs) {
    const played = playSolo(soloData(undefined, r.settings), r.settings, r.seed, SEED);
    games.push({ name: r.name, played, problems: invariants(played) });
  }
}, 240_000);

const all = (p: SoloPlayed): GameEvent[] => [...p.setupEvents, ...p.steps.flatMap((s) => s.events)];

describe('whole Kuryakin games on the teaching scenario', () => {
  it.each(runs.map((r) => r.name))('%s: plays to its end with an outcome', (name) => {
    const g = games.find((x) => x.name === name)!;
    const out = solo.outcome(g.played.final);
    expect(out).not.toBeNull();
    expect(out!.summary).toMatch(/KS-8|KS-25/);
  });
  it.each(runs.map((r) => r.name))('%s: keeps every invariant after every act and resolve', (name) => {
    expect(games.find((x) => x.name === name)!.problems).toEqual([]);
  });
  it.each(runs.map((r, i) => [r.name, i] as const))('%s: replays identically from its inputs and seed', (_n, i) => {
    const g = games[i]!;
    const again = replaySolo(soloData(undefined, runs[i]!.settings), runs[i]!.settings, g.played.inputs, SEED);
    expect(stateHash(again)).toBe(stateHash(g.played.final));
  });
  it('the games reach the control roll, the cards, fire, charges, melee, morale, rallies and chance cards', () => {
    const events = games.flatMap((g) => all(g.played));
    const rolls = (rule: string) => events.filter((e) => e.kind === 'roll' && e.rule.startsWith(rule)).length;
    expect(rolls('KUR L6')).toBeGreaterThan(0); // control
    expect(rolls('KUR L7')).toBeGreaterThan(0); // cards
    expect(rolls('KUR L27')).toBeGreaterThan(0); // charge test
    expect(rolls('KUR L21-23')).toBeGreaterThan(0); // morale
    expect(events.some((e) => e.kind === 'note' && e.rule === 'KUR L8; K-10')).toBe(true); // a charged unit jumps the queue
    expect(events.some((e) => e.kind === 'engagement' && e.id.startsWith('melee:'))).toBe(true);
    expect(events.some((e) => e.kind === 'loss' || (e.kind === 'note' && /casualt/i.test(e.text)))).toBe(true);
    expect(events.some((e) => e.kind === 'note' && e.rule === 'KUR L3; K-7' && /plays the chance card/.test(e.text))).toBe(true);
    expect(events.some((e) => e.kind === 'move' && e.rule.includes('KS-29'))).toBe(true); // a rout or retire moves
    expect(events.some((e) => e.kind === 'note' && (e.rule ?? '').includes('KS-32'))).toBe(true); // and moves again at its card
  });
  it('an unplayed chance card is never shown to the other side', () => {
    for (const g of games) {
      for (const st of g.played.steps) {
        for (const side of st.after.sides) {
          const other = st.after.seats.find((x) => x.side !== side)!;
          const held = st.after.chance[side];
          const seen = solo.view(st.after, { kind: 'seat', seat: other.id }).chance[side];
          if (held && !held.played) expect(seen).toBeNull();
        }
      }
    }
  });
});
