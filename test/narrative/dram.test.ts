import { describe, expect, it } from 'vitest';
import { seededDice } from '../../src/dice/dice';
import { escapeMd } from '../../src/interaction/present-rolls';
import { nameOf, narrate, summarize } from '../../src/narrative/index';
import { dramNames } from '../../src/rules/dram/present/names';
import { phaseTitle } from '../../src/narrative/lines';
import type { GameEvent } from '../../src/rules/events';
import { dram } from '../../src/rules/dram/index';
import { DRAM_SETTINGS_DEFAULTS } from '../../src/rules/dram/settings';
import type { DramState } from '../../src/rules/dram/state';
import { generateBattle, playWindow } from '../helpers/dram-battle';
import { runCase, type DramCase } from '../helpers/dram-cases';

/** Every window of a generated battle, played by the random legal player (as in test/rules/dram/game.test.ts). */
function playGame(): { events: readonly GameEvent[]; after: DramState }[] {
  const dice = seededDice('c0ffee'.padEnd(64, '0'));
  let state = dram.setup(generateBattle({ seed: 11, corpsPerSide: 3, standsPerCorps: 3, turns: 6 }), DRAM_SETTINGS_DEFAULTS, dice).state;
  const steps: { events: readonly GameEvent[]; after: DramState }[] = [];
  for (let w = 0; w < 60 && !dram.outcome(state); w++) {
    const played = playWindow(state, dice, 1000 + w);
    const step = dram.resolve(played.state, new Map(played.input.orders), dice);
    steps.push({ events: step.events, after: step.state });
    state = step.state;
  }
  return steps;
}

/** Each needle found after the previous one: the narrative keeps the engine's order. */
function expectInOrder(text: string, needles: readonly string[]): void {
  let from = 0;
  for (const n of needles) {
    const i = text.indexOf(n, from);
    expect(i, `${JSON.stringify(n)} after offset ${from}`).toBeGreaterThanOrEqual(0);
    from = i + n.length;
  }
}

describe('a real DRAM resolution, narrated', () => {
  const steps = playGame();

  it('shows every die, every move and every phase header, in order, within Discord\'s limits', () => {
    const all = steps.flatMap((s) => s.events);
    expect(all.some((e) => e.kind === 'engagement')).toBe(true); // the game has a combat to narrate
    for (const { events, after } of steps) {
      const names = dramNames(after);
      const messages = narrate(events, names, { seedReveal: { epoch: 1, seed: '0'.repeat(64), commitment: '1'.repeat(64) } });
      for (const m of messages) expect(m.length).toBeGreaterThan(0);
      for (const m of messages) expect(m.length).toBeLessThanOrEqual(2000);
      const text = messages.join('\n');
      const rolls = events.filter((e) => e.kind === 'roll');
      expectInOrder(text, rolls.map((r) => `${escapeMd(nameOf(names, r.subject))}: `));
      expectInOrder(text, rolls.map((r) => `[${r.faces.join(', ')}]`));
      expectInOrder(text, events.flatMap((e) => (e.kind === 'move' ? [`➡️ ${escapeMd(nameOf(names, e.unit))}`] : [])));
      expectInOrder(text, events.flatMap((e) => (e.kind === 'phase' ? [phaseTitle(names, e)] : [])));
      const lines = text.split('\n');
      expect(lines.filter((l) => l.startsWith('🎲 '))).toHaveLength(rolls.length);
      expect(lines.filter((l) => l.startsWith('➡️ '))).toHaveLength(events.filter((e) => e.kind === 'move').length);
      expect(lines[lines.length - 1]).toMatch(/^🔓 Dice for this phase: seed #1 /);
      // No id of the game leaks where its name should be.
      for (const id of Object.keys(after.stands)) expect(text).not.toMatch(new RegExp(`(?<![\\w-])${id}(?![\\w-])`));
    }
  });

  it('names the ids the rules write into their prose', () => {
    const text = steps.map(({ events, after }) => narrate(events, dramNames(after)).join('\n')).join('\n');
    expect(text).toMatch(/📜 .*by General [FP]R\d\)/); // chits revealed: by a general, named
    expect(text).not.toMatch(/\b(fr|pr)-c\d-gen\b/);
  });
});

// A movement window with a cavalry charge led by its corps general, a battery firing at range,
// the general's risk and a re-organisation; faces scripted (test/helpers/dram-cases.ts).
const CHARGE: DramCase = {
  case: 'narrative of a window', rule: 'DRAM §2 phases 3-6', phase: 'window',
  initiative: { 'fr-I': 2, 'pr-I': 5 },
  generals: ['fr-gen fr:I corps cr 2 ap 2 at 20,6 joined fr1'],
  stands: [
    'fr1 fr:I light-cavalry sp 4/4 A at 20,10',
    'fr2 fr:I artillery sp 2/2 A at 40,15',
    'pr1 pr:I infantry sp 3/6 D at 20,20 facing 180',
    'pr2 pr:I infantry sp 2/6 A at 40,21.5 facing 180',
    'pr3 pr:I infantry sp 3/6 R at 60,40 facing 180',
  ],
  orders: { 'fr:I': ['move fr1 path 20,10 20,30'] },
  //     fr's losses   pr's losses           guns     risk  sub  re-org
  dice: [6, 2, 5,      5, 1, 6, 2, 3, 4, 1,  5, 3, 1, 4, 5,  2,   4],
};

describe('a scripted DRAM window, narrated', () => {
  const run = runCase(CHARGE);
  const names = dramNames(run.state);

  it('reads as the channel will see it', () => {
    expect(run.diceLeft).toBe(0);
    expect(narrate(run.events, names)).toEqual([[
      '**Turn 1 (13:00) — 3. Initiative**',
      'ℹ️ Movement order: fr-I (2), pr-I (5).',
      '-# DRAM §4',
      '',
      '**Turn 1 (13:00) — 4. Movement**',
      '➡️ fr1 (French) A: D7 → D6, 5″ of 9″ (contact with pr1)',
      '-# DRAM §7',
      '',
      '**Turn 1 (13:00) — 5. Combat**',
      '⚔️ Combat at D6: fr1 vs pr1',
      '• French: 4 SP +1 (cavalry which moved to contact this turn) +2 (CR of friendly general in contact: fr-gen) = 7 dice',
      '• Prussians: 3 SP = 3 dice',
      "🎲 French: casualties from Prussians' 3 dice (own A vs enemy D) [6, 2, 5] → A/D: casualty on 6 — 1 SP lost",
      "🎲 Prussians: casualties from French's 7 dice (own D vs enemy A) [5, 1, 6, 2, 3, 4, 1] → D/A: casualty on 5,6 — 2 SP lost",
      '🩸 fr1 (French) loses 1 SP (combat): 3 SP left',
      '🩸 pr1 (Prussians) loses 2 SP (combat): 1 SP left',
      '',
      '💥 Artillery fire at G5: fr2 fires on pr2',
      '• French: 2 SP +1 (artillery) = 3 dice',
      "🎲 Prussians: casualties from French's 3 dice (own A vs enemy A) [5, 3, 1] → A/A: casualty on 5,6 — 1 SP lost",
      '🩸 pr2 (Prussians) loses 1 SP (combat): 1 SP left',
      '',
      "🎲 fr-gen: general's personal risk [4, 5] → 9: light wound: −1 CR",
      '🎲 fr-gen: personal risk sub-roll (2D6 = 9) [2]',
      '🎖️ fr-gen: wounded (CR 2 → 1)',
      '-# DRAM §8 · DRAM §6',
      '',
      '**Turn 1 (13:00) — 6. Re-organisation**',
      '🎲 pr3: re-organisation [4] → net 3+: +1 SP',
      '💚 pr3 (Prussians) regains 1 SP (re-organisation): 4 SP',
      '-# DRAM §9',
      '',
      '⏭️ Next: **Turn 1 (13:00) — 7. Issue new orders**',
    ].join('\n')]);
  });

  it('sums it up in a sentence', () => {
    expect(summarize(run.events, names)).toBe('1 unit moved, 2 combats: French lost 1 SP, Prussians 3 SP; Prussians regained 1 SP; fr-gen: wounded (CR 2 → 1).');
  });
});

describe('dramNames', () => {
  const state = runCase(CHARGE).state;
  const names = dramNames(state);

  it('knows stands (with side and order), generals, corps and sides, and falls back to the id', () => {
    expect(names.entry('fr1')).toEqual({ name: 'fr1', kind: 'unit', side: 'fr', tag: 'A' });
    expect(names.entry('fr-gen')).toEqual({ name: 'fr-gen', kind: 'general', side: 'fr' });
    expect(names.entry('pr-I')).toEqual({ name: 'pr-I', kind: 'corps', side: 'pr' });
    expect(names.entry('pr')).toEqual({ name: 'Prussians', kind: 'side' });
    expect(names.entry('nobody')).toBeUndefined();
    expect(nameOf(names, 'nobody')).toBe('nobody');
  });

  it('gives the clock of a turn and the map grid', () => {
    expect(names.clock?.(3)).toBe('15:00');
    expect(names.grid).toEqual({ table: state.map.table, grid: { cell: state.map.gridCell } });
  });
});
