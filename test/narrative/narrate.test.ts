import { describe, expect, it } from 'vitest';
import type { GameEvent, RollEvent } from '../../src/rules/events';
import { narrate, seedRevealLine } from '../../src/narrative/narrate';
import { names } from './fixtures';

const at = (x: number, y: number) => ({ x, y });
const phase = (turn: number, label: string): GameEvent => ({ kind: 'phase', turn, phase: `dram/${label}`, label });
const roll = (subject: string, purpose: string, faces: number[], tableRow: string, ref?: string): RollEvent => ({
  kind: 'roll', rule: 'DRAM §8', purpose, subject, expression: `${faces.length}d6`, faces, modifiers: [], total: faces.reduce((a, b) => a + b, 0), tableRow, ...(ref ? { ref } : {}),
});
const SEED = { epoch: 12, seed: 'ab'.repeat(32), commitment: 'cd'.repeat(32) };

describe('the narrative of a resolution', () => {
  it('has a header per phase in order, one line per fact, rules once per section, then the seed', () => {
    const events: GameEvent[] = [
      phase(3, '3. Initiative'),
      { kind: 'roll', rule: 'DRAM §4', purpose: 'initiative', subject: 'fr-I', expression: '1d6', faces: [4], modifiers: [], total: 4, tableRow: 'moves in rank 4', ref: 'audit:41' },
      { kind: 'note', rule: 'DRAM §4', text: 'Movement order: I Corps (4).' },
      phase(3, '4. Movement'),
      { kind: 'move', rule: 'DRAM §7', unit: 'fr-d2', from: at(20, 10), to: at(20, 22), path: [], cost: 12, allowance: 12, stopped: 'allowance spent' },
      phase(3, '5. Combat'),
      phase(3, '6. Re-organisation'),
      phase(3, '7. Issue new orders'),
    ];
    expect(narrate(events, names, { seedReveal: SEED })).toEqual([[
      '**Turn 3 (15:00) — 3. Initiative**',
      '🎲 I Corps: initiative [4] → moves in rank 4',
      'ℹ️ Movement order: I Corps (4).',
      '-# DRAM §4 · audit #41',
      '',
      '**Turn 3 (15:00) — 4. Movement**',
      '➡️ 2nd Division (French) A: D7 → D5, 12″ of 12″ (allowance spent)',
      '-# DRAM §7',
      '',
      '**Turn 3 (15:00) — 5. Combat**',
      'Nothing to report.',
      '',
      '**Turn 3 (15:00) — 6. Re-organisation**',
      'Nothing to report.',
      '',
      '⏭️ Next: **Turn 3 (15:00) — 7. Issue new orders**',
      '',
      `🔓 Dice for this phase: seed #12 \`${'ab'.repeat(32)}\` (commitment \`${'cd'.repeat(32)}\` published when the phase opened). Verify with /rolls verify.`,
    ].join('\n')]);
  });

  it('puts each engagement\'s losses and removals after its own dice, though the rules apply them after all the dice', () => {
    const events: GameEvent[] = [
      phase(2, '5. Combat'),
      { kind: 'engagement', rule: 'DRAM §8', id: 'melee-1', at: at(20, 22), sides: [{ side: 'fr', units: ['fr-d2'], dice: 4, modifiers: [] }, { side: 'pr', units: ['pr-b1'], dice: 3, modifiers: [] }] },
      roll('fr', "casualties from pr's 3 dice (own A vs enemy D)", [6, 2, 5], 'A/D: casualty on 6 — 1 SP lost', 'audit:7'),
      roll('pr', "casualties from fr's 4 dice (own D vs enemy A)", [5, 1, 6, 6], 'D/A: casualty on 5,6 — 3 SP lost', 'audit:8'),
      { kind: 'engagement', rule: 'DRAM §8', id: 'fire-fr-art', bombardment: true, at: at(40, 15), sides: [{ side: 'fr', units: ['fr-art'], dice: 3, modifiers: [{ label: 'fr-art: +1 artillery', value: 1 }] }, { side: 'pr', units: ['pr-b1'], dice: 0, modifiers: [] }] },
      roll('pr', "casualties from fr's 3 dice (own D vs enemy A)", [5, 3, 1], 'D/A: casualty on 5,6 — 1 SP lost', 'audit:10'),
      { kind: 'loss', rule: 'DRAM §8', unit: 'fr-d2', amount: 1, remaining: 3, cause: 'combat' },
      { kind: 'loss', rule: 'DRAM §8', unit: 'pr-b1', amount: 3, remaining: 0, cause: 'combat' },
      { kind: 'loss', rule: 'DRAM §8', unit: 'pr-b1', amount: 1, remaining: -1, cause: 'combat' },
      { kind: 'removed', rule: 'DRAM §8', unit: 'pr-b1', at: at(20, 22), reason: 'forced below 0 SP' },
      { kind: 'roll', rule: 'DRAM §6', purpose: "general's personal risk", subject: 'ney', expression: '2d6', faces: [4, 5], modifiers: [], total: 9, tableRow: '9: light wound: −1 CR', ref: 'audit:11' },
      { kind: 'general', rule: 'DRAM §6', general: 'ney', what: 'wounded', detail: 'CR 2 → 1' },
    ];
    expect(narrate(events, names)).toEqual([[
      '**Turn 2 (14:00) — 5. Combat**',
      '⚔️ Combat at D5: 2nd Division vs Prussians 1st Brigade',
      '• French: 4 SP = 4 dice',
      '• Prussians: 3 SP = 3 dice',
      "🎲 French: casualties from Prussians' 3 dice (own A vs enemy D) [6, 2, 5] → A/D: casualty on 6 — 1 SP lost",
      "🎲 Prussians: casualties from French's 4 dice (own D vs enemy A) [5, 1, 6, 6] → D/A: casualty on 5,6 — 3 SP lost",
      '🩸 2nd Division (French) loses 1 SP (combat): 3 SP left',
      '🩸 Prussians 1st Brigade loses 3 SP (combat): 0 SP left',
      '❌ Prussians 1st Brigade removed at D5: forced below 0 SP',
      '',
      // Only the guns pass dice in a bombardment: the side that rolled for losses is the target.
      '💥 Artillery fire at G6: Grand Battery fires on Prussians 1st Brigade',
      '• French: 2 SP +1 (artillery) = 3 dice',
      "🎲 Prussians: casualties from French's 3 dice (own D vs enemy A) [5, 3, 1] → D/A: casualty on 5,6 — 1 SP lost",
      '🩸 Prussians 1st Brigade loses 1 SP (combat): 0 SP left',
      '',
      "🎲 Marshal Ney: general's personal risk [4, 5] → 9: light wound: −1 CR",
      '🎖️ Marshal Ney: wounded (CR 2 → 1)',
      // Audit numbers with a gap are listed, not shown as a range.
      '-# DRAM §8 · DRAM §6 · audit #7, #8, #10, #11',
    ].join('\n')]);
  });

  it('gives the events before the first phase (the orders window\'s chits) no header', () => {
    const out = narrate([{ kind: 'note', rule: 'DRAM §5', text: '3 order chit(s) written face down.' }, phase(4, 'Turn 4 (16:00) — 1. Reveal order changes'), phase(4, '2. Exhaustion tests')], names);
    expect(out).toEqual([[
      'ℹ️ 3 order chit(s) written face down.', '-# DRAM §5', '',
      '**Turn 4 (16:00) — 1. Reveal order changes**', 'Nothing to report.', '',
      '⏭️ Next: **Turn 4 (16:00) — 2. Exhaustion tests**',
    ].join('\n')]);
  });

  it('splits a long phase into several messages at line boundaries, and audit numbers in a run make a range', () => {
    const moves: GameEvent[] = Array.from({ length: 120 }, (_, i) => ({ kind: 'move', rule: 'DRAM §7', unit: i % 2 ? 'fr-d2' : 'pr-b1', from: at(i % 70, 10), to: at(i % 70, 22), path: [], cost: i / 10, allowance: 12 }));
    const rolls = Array.from({ length: 30 }, (_, i) => roll('fr', 'test', [1 + (i % 6)], 'row', `audit:${100 + i}`));
    const messages = narrate([phase(1, '4. Movement'), ...moves, ...rolls], names, { seedReveal: SEED });
    expect(messages.length).toBeGreaterThan(2);
    for (const m of messages) expect(m.length).toBeLessThanOrEqual(2000);
    const lines = messages.join('\n').split('\n');
    expect(lines[0]).toBe('**Turn 1 (13:00) — 4. Movement**');
    expect(lines.filter((l) => l.startsWith('➡️ '))).toHaveLength(120);
    expect(lines.filter((l) => l.startsWith('🎲 '))).toHaveLength(30);
    expect(lines).toContain('-# DRAM §7 · DRAM §8 · audit #100–#129');
    expect(messages[messages.length - 1]).toMatch(/^🔓 Dice for this phase/m);
  });

  it('reveals the seed in one line without backticks from the input', () => {
    expect(seedRevealLine({ epoch: 3, seed: 'a`b', commitment: 'c' })).toBe('🔓 Dice for this phase: seed #3 `ab` (commitment `c` published when the phase opened). Verify with /rolls verify.');
  });
});

describe('anchors in game posts (issue 16)', () => {
  it('a section with audited rolls cites the anchor of its newest roll, as the offline verifier reads it', () => {
    const events: GameEvent[] = [
      phase(3, '5. Combat'),
      roll('fr', 'casualties', [6, 2], 'row', 'audit:7:00000000000000aa'),
      roll('pr', 'casualties', [5], 'row', 'audit:8:0123456789abcdef'),
    ];
    const footer = narrate(events, names).join('\n').split('\n').find((l) => l.startsWith('-# '));
    expect(footer).toBe('-# DRAM §8 · audit #7–#8 · anchor `#8:0123456789abcdef`');
  });
});
