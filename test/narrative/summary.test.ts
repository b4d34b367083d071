import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/narrative/summary';
import type { GameEvent } from '../../src/rules/events';
import { names } from './fixtures';

const at = { x: 20, y: 10 };
const move = (unit: string): GameEvent => ({ kind: 'move', rule: 'DRAM §7', unit, from: at, to: at, path: [], allowance: 6 });
const loss = (unit: string, amount: number): GameEvent => ({ kind: 'loss', rule: 'DRAM §8', unit, amount, remaining: 1, cause: 'combat' });
const fight: GameEvent = { kind: 'engagement', rule: 'DRAM §8', id: 'melee-1', at, sides: [] };

describe('the one-paragraph summary', () => {
  it('counts units moved (not generals, not twice), combats and SP lost per side', () => {
    expect(summarize([move('fr-d2'), move('fr-d2'), move('pr-b1'), move('ney'), fight, fight, loss('fr-d2', 2), loss('pr-b1', 1), loss('fr-d3', 1)], names))
      .toBe('2 units moved, 2 combats: French lost 3 SP, Prussians 1 SP.');
  });

  it("names removals, regained SP, order changes, status flags, generals' fates and the end of the game", () => {
    const events: GameEvent[] = [
      { kind: 'removed', rule: 'DRAM §8', unit: 'pr-b1', at, reason: 'forced below 0 SP' },
      { kind: 'loss', rule: 'DRAM §9', unit: 'fr-d2', amount: -1, remaining: 4, cause: 're-organisation' },
      { kind: 'order', rule: 'DRAM §5', unit: 'fr-d2', from: 'D', to: 'A', reason: 'order chit revealed' },
      { kind: 'order', rule: 'DRAM §5', unit: 'fr-d3', from: 'D', to: 'M', reason: 'order chit revealed' },
      { kind: 'status', rule: 'DRAM §3', unit: 'fr-d3', status: 'falling-back', on: true, reason: 'exhaustion test' },
      { kind: 'status', rule: 'DRAM §3', unit: 'fr-d2', status: 'no-advance', on: false, reason: 'new turn' },
      { kind: 'general', rule: 'DRAM §8', general: 'ney', what: 'joins', detail: 'Marshal Ney joins 2nd Division and will fight with it' },
      { kind: 'general', rule: 'DRAM §6', general: 'ney', what: 'wounded', detail: 'CR 2 → 1' },
      { kind: 'note', rule: 'victory', text: 'French holds the field.' },
    ];
    expect(summarize(events, names)).toBe('1 unit removed (Prussians 1st Brigade); French regained 1 SP; 2 order changes; 3rd Division falling back; Marshal Ney: wounded (CR 2 → 1). French holds the field.');
  });

  it('keeps long lists short', () => {
    const removed = Array.from({ length: 7 }, (_, i): GameEvent => ({ kind: 'removed', rule: 'DRAM §8', unit: `x${i}`, at, reason: 'r' }));
    expect(summarize(removed, names)).toBe('7 units removed (x0, x1, x2, x3, x4 and 2 more).');
  });

  it('says so when nothing happened at the close, without denying the moves made during the window (issue 11)', () => {
    const text = summarize([{ kind: 'phase', turn: 1, phase: 'dram/combat', label: '5. Combat' }], names);
    expect(text).toBe('Nothing more happened as the window closed; moves made during it are narrated above.');
    expect(text).not.toContain('Nothing moved');
  });
});
