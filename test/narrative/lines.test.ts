import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/rules/events';
import { eventLines } from '../../src/narrative/lines';
import { bareNames, names } from './fixtures';

// One table row per event kind and variant: the exact line(s) the channel sees. Events are
// shaped as the DRAM engine emits them (src/rules/dram/*.ts); grid cells on the fixture's
// 72×48″ table with 6″ squares: (20,10) is D7, (20,22) D5, (30,22) F5, (40,15) G6.
const at = (x: number, y: number) => ({ x, y });
const CASES: [string, GameEvent, string[]][] = [
  ['a phase header gets the turn and clock', { kind: 'phase', turn: 3, phase: 'dram/movement', label: '4. Movement' }, ['**Turn 3 (15:00) — 4. Movement**']],
  ['a label that already names the turn is kept', { kind: 'phase', turn: 2, phase: 'dram/reveal', label: 'Turn 2 (14:00) — 1. Reveal order changes' }, ['**Turn 2 (14:00) — 1. Reveal order changes**']],
  ['initiative (DRAM §4)', { kind: 'roll', rule: 'DRAM §4', purpose: 'initiative', subject: 'fr-I', expression: '1d6', faces: [4], modifiers: [], total: 4, tableRow: 'moves in rank 4' },
    ['🎲 I Corps: initiative [4] → moves in rank 4']],
  ['casualty dice (DRAM §8): the side id in the purpose becomes a name', {
    kind: 'roll', rule: 'DRAM §8', purpose: "casualties from pr's 5 dice (own A vs enemy A)", subject: 'fr', expression: '5d6', faces: [5, 1, 6, 2, 3], modifiers: [], total: 17, tableRow: 'A/A: casualty on 5,6 — 2 SP lost',
  }, ["🎲 French: casualties from Prussians' 5 dice (own A vs enemy A) [5, 1, 6, 2, 3] → A/A: casualty on 5,6 — 2 SP lost"]],
  ['re-organisation with modifiers (DRAM §9): values printed once, then the total', {
    kind: 'roll', rule: 'DRAM §9', purpose: 're-organisation', subject: 'fr-d2', expression: '1d6', faces: [2],
    modifiers: [{ label: 'CR of Marshal Ney within 1 mile', value: 2 }, { label: '−1 if enemy advancing or in contact within 2 miles', value: -1 }], total: 3, tableRow: 'net 3+: +1 SP',
  }, ['🎲 2nd Division: re-organisation [2] +2 (CR of Marshal Ney within 1 mile) −1 (if enemy advancing or in contact within 2 miles) = 3 → net 3+: +1 SP']],
  ['a roll without a table row (DRAM §6 sub-roll)', { kind: 'roll', rule: 'DRAM §6', purpose: 'personal risk sub-roll (2D6 = 9)', subject: 'ney', expression: '1d6', faces: [2], modifiers: [], total: 2 },
    ['🎲 Marshal Ney: personal risk sub-roll (2D6 = 9) [2]']],
  ['a move on the grid, stopped (DRAM §7)', { kind: 'move', rule: 'DRAM §7', unit: 'fr-d2', from: at(20, 10), to: at(20, 22), path: [at(20, 10), at(20, 22)], cost: 12, allowance: 12, stopped: 'allowance spent' },
    ['➡️ 2nd Division (French) A: D7 → D5, 12″ of 12″ (allowance spent)']],
  ['a move through waypoints; the side is not repeated when the name says it', {
    kind: 'move', rule: 'DRAM §7', unit: 'pr-b1', from: at(20, 22), to: at(30, 22), path: [at(20, 22), at(21, 22), at(25, 16), at(30, 22)], cost: 1.75, allowance: 6, stopped: 'contact with fr-d2',
  }, ['➡️ Prussians 1st Brigade D: D5 → E6 → F5, 1.8″ of 6″ (contact with 2nd Division)']],
  ['a general moving inside one cell', { kind: 'move', rule: 'DRAM §7', unit: 'ney', from: at(20, 10), to: at(21, 11), path: [], cost: 1.4, allowance: 9 },
    ['➡️ Marshal Ney (French): within D7, 1.4″ of 9″']],
  ['an unknown unit falls back to its id', { kind: 'move', rule: 'DRAM §7', unit: 'x9', from: at(20, 10), to: at(20, 22), path: [], allowance: 6 },
    ['➡️ x9: D7 → D5, allowance 6″']],
  ['an order chit revealed (DRAM §5)', { kind: 'order', rule: 'DRAM §5', unit: 'fr-d2', from: 'D', to: 'A', by: 'ney', reason: 'order chit revealed' },
    ['📜 2nd Division (French): D → A (order chit revealed, by Marshal Ney)']],
  ['a compulsory change (HR D-10)', { kind: 'order', rule: 'DRAM §5, HR D-10', unit: 'fr-d3', from: 'R', to: 'D', reason: 'enemy pr-b1 within 1 mile (0.80 mi): Reserve is not possible' },
    ['📜 3rd Division (French): R → D (enemy Prussians 1st Brigade within 1 mile (0.80 mi): Reserve is not possible)']],
  ['a first order', { kind: 'order', rule: 'NW 4.1', unit: 'fr-d2', from: null, to: 'Attack', reason: 'deployed' },
    ['📜 2nd Division (French): now Attack (deployed)']],
  ['a loss (DRAM §8)', { kind: 'loss', rule: 'DRAM §8', unit: 'pr-b1', amount: 2, remaining: 1, cause: 'combat' },
    ['🩸 Prussians 1st Brigade loses 2 SP (combat): 1 SP left']],
  ['a loss in figures says figures, never SP (B&P L77)', { kind: 'loss', rule: 'B&P L77', unit: 'pr-b1', amount: 3, remaining: 9, measure: 'figures', cause: 'volley' },
    ['🩸 Prussians 1st Brigade loses 3 figures (volley): 9 figures left']],
  ['one figure is singular', { kind: 'loss', rule: 'B&P L129', unit: 'pr-b1', amount: 1, measure: 'figures', cause: 'melee' },
    ['🩸 Prussians 1st Brigade loses 1 figure (melee)']],
  ['gun crew (B&P L97)', { kind: 'loss', rule: 'B&P L97', unit: 'pr-b1', amount: 2, remaining: 2, measure: 'crew', cause: 'round shot' },
    ['🩸 Prussians 1st Brigade loses 2 crew (round shot): 2 crew left']],
  ['hits', { kind: 'loss', rule: 'B&P L93', unit: 'pr-b1', amount: 1, remaining: 3, measure: 'hits', cause: 'round shot' },
    ['🩸 Prussians 1st Brigade loses 1 hit (round shot): 3 hits left']],
  ['a gain is a negative loss (DRAM §9)', { kind: 'loss', rule: 'DRAM §9', unit: 'fr-d2', amount: -1, remaining: 4, cause: 're-organisation' },
    ['💚 2nd Division (French) regains 1 SP (re-organisation): 4 SP']],
  ['a removal (DRAM §8)', { kind: 'removed', rule: 'DRAM §8', unit: 'pr-b1', at: at(30, 22), reason: 'forced below 0 SP' },
    ['❌ Prussians 1st Brigade removed at F5: forced below 0 SP']],
  ["a general's fate (DRAM §6)", { kind: 'general', rule: 'DRAM §6', general: 'ney', what: 'wounded', detail: 'CR 2 → 1' },
    ['🎖️ Marshal Ney: wounded (CR 2 → 1)']],
  ['staff take over a corps (DRAM §6)', { kind: 'general', rule: 'DRAM §6', general: 'fr-I-staff-2', what: 'staff takes over', detail: 'I Corps: CR 0, AP 1' },
    ['🎖️ I Corps staff: staff takes over (I Corps: CR 0, AP 1)']],
  ['a detail that is a whole sentence is the line (DRAM §8 join)', { kind: 'general', rule: 'DRAM §8', general: 'ney', what: 'joins', detail: 'Marshal Ney joins 2nd Division and will fight with it' },
    ['🎖️ Marshal Ney joins 2nd Division and will fight with it']],
  ['a status set (DRAM §3)', { kind: 'status', rule: 'DRAM §3', unit: 'fr-d3', status: 'no-advance', on: true, reason: 'exhaustion test: die equal to SP' },
    ['⚠️ 3rd Division (French): no advance (exhaustion test: die equal to SP)']],
  ['a status cleared, by a general named by id', { kind: 'status', rule: 'DRAM §3', unit: 'fr-d3', status: 'falling-back', on: false, reason: 'order changed by ney' },
    ['✅ 3rd Division (French): no longer falling back (order changed by Marshal Ney)']],
  ['a note', { kind: 'note', rule: 'DRAM §8', text: 'Prussians 1st Brigade is in prepared defences and ignores its first loss.' },
    ['ℹ️ Prussians 1st Brigade is in prepared defences and ignores its first loss.']],
  ['the end of the game', { kind: 'note', rule: 'victory', text: 'French holds the field (objective points: French 3, Prussians 0).' },
    ['🏁 French holds the field (objective points: French 3, Prussians 0).']],
  ['a melee: units, then each pool as SP + named modifiers; the stand is named when its side has several', {
    kind: 'engagement', rule: 'DRAM §8', id: 'melee-1', at: at(20, 22), sides: [
      { side: 'fr', units: ['fr-d2', 'fr-d3'], dice: 9, modifiers: [{ label: 'fr-d3: +1 cavalry which moved to contact this turn', value: 1 }, { label: '+ CR of friendly general in contact: Marshal Ney', value: 2 }] },
      { side: 'pr', units: ['pr-b1'], dice: 2, modifiers: [{ label: 'pr-b1: −1 attacking across a bridge or ford', value: -1 }] },
    ],
  }, [
    '⚔️ Combat at D5: 2nd Division, 3rd Division vs Prussians 1st Brigade',
    '• French: 6 SP +1 (3rd Division: cavalry which moved to contact this turn) +2 (CR of friendly general in contact: Marshal Ney) = 9 dice',
    '• Prussians: 3 SP −1 (attacking across a bridge or ford) = 2 dice',
  ]],
  ['a pool of one die', { kind: 'engagement', rule: 'DRAM §8', id: 'melee-2', at: at(20, 22), sides: [{ side: 'fr', units: ['fr-d2'], dice: 1, modifiers: [] }, { side: 'pr', units: ['pr-b1'], dice: 0, modifiers: [] }] },
    ['⚔️ Combat at D5: 2nd Division vs Prussians 1st Brigade', '• French: 1 SP = 1 die', '• Prussians: 0 SP = 0 dice']],
  ['a bombardment whose firer is not known from its rolls is still marked as artillery fire', {
    kind: 'engagement', rule: 'DRAM §8', id: 'fire-fr-art', bombardment: true, at: at(40, 15), sides: [{ side: 'fr', units: ['fr-art'], dice: 3, modifiers: [{ label: 'fr-art: +1 artillery', value: 1 }] }, { side: 'pr', units: ['pr-b1'], dice: 3, modifiers: [] }],
  }, ['💥 Artillery fire at G6: Grand Battery · Prussians 1st Brigade', '• French: 2 SP +1 (artillery) = 3 dice', '• Prussians: 3 SP = 3 dice']],
  ['names from players are escaped', { kind: 'loss', rule: 'DRAM §8', unit: 'fr-guard', amount: 1, remaining: 5, cause: 'combat' },
    ['🩸 \\*Old Guard\\* @\u200beveryone (French) loses 1 SP (combat): 5 SP left']],
];

describe('one line per fact', () => {
  it.each(CASES)('%s', (_what, event, lines) => {
    expect(eventLines(names, event)).toEqual(lines);
  });

  it('uses coordinates and no clock when the book has no grid or clock', () => {
    expect(eventLines(bareNames, { kind: 'move', rule: 'DRAM §7', unit: 'fr-d2', from: at(20, 10), to: at(20.25, 22), path: [], cost: 12.04, allowance: 12 }))
      .toEqual(['➡️ 2nd Division (French) A: (20.0, 10.0) → (20.3, 22.0), 12″ of 12″']);
    expect(eventLines(bareNames, { kind: 'phase', turn: 3, phase: 'dram/combat', label: '5. Combat' })).toEqual(['**Turn 3 — 5. Combat**']);
  });

  it('does not mistake order letters, numbers or ordinary words for ids', () => {
    const book = { entry: (id: string) => (['A', '5', 'fr'].includes(id) ? { name: 'WRONG', kind: 'side' as const } : undefined) };
    expect(eventLines(book, { kind: 'note', text: 'A/D on 5: from afraid' })).toEqual(['ℹ️ A/D on 5: from afraid']);
  });
});
