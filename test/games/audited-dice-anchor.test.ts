import { describe, expect, it } from 'vitest';
import { parseAnchors } from '../../src/dice/anchor';
import { auditedDice } from '../../src/games/audited-dice';
import { narrate } from '../../src/narrative/narrate';
import type { RollEvent } from '../../src/rules/events';
import { names } from '../narrative/fixtures';
import { testServices } from '../helpers/services';

describe('game dice carry their anchor (issue 16)', () => {
  it("each roll's ref names its audit entry and the first 16 hex of that entry's hash", () => {
    const s = testServices();
    const dice = auditedDice(s.trail, { guildId: 'G', gameId: '1', scope: 'game:1/window:1' });
    const rolled = [dice.roll('2d6', { purpose: 'fire' }), dice.roll('1d6', { purpose: 'morale' })];
    const head = s.trail.repo.lastLink('G')!;
    expect(rolled[1]!.ref).toBe(`audit:${head.seq}:${head.hash.slice(0, 16)}`);
    // The post narrating them prints an anchor the offline verifier accepts.
    const events: RollEvent[] = rolled.map((r, i) => ({ kind: 'roll', rule: 'NW §9', purpose: 'x', subject: 's', expression: r.result.expression, faces: [1], modifiers: [], total: r.total, tableRow: `row ${i}`, ref: r.ref! }));
    const parsed = parseAnchors(narrate(events, names).join('\n'));
    expect(parsed.ok && parsed.value).toEqual([{ seq: head.seq, hash: head.hash.slice(0, 16) }]);
  });
});
