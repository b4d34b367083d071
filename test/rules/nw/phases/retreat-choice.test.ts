import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import type { GameEvent } from '../../../../src/rules/events';
import { retreatEnds, retreatHasChoice, retreatPiece, type RetreatOrder } from '../../../../src/rules/nw/phases/retreat';
import { draftOf } from '../../../../src/rules/nw/phases/target-units';
import { baseState, caseState, type NwCase } from '../../../helpers/nw-cases';

/**
 * RC-1 (issue 17 item 2): a retreat has a real choice of ways only when its straight line is
 * blocked and two bends are equally direct; C14 then takes the clockwise one unless the order
 * prefers left. au1 retreats 8" north from 24,17 (away from fr1 at 24,14).
 */
const state = async (pieces: string[]) => caseState(await baseState(), { case: 'retreat choice', rule: 'NW §11.4 L401', phase: 'combat', pieces } as NwCase);
const ORDER: RetreatOrder = { id: 'au1', from: { x: 24, y: 14 }, inches: 8, kind: 'retreat', foes: ['fr1'], rule: 'NW §11.4 L401', cause: 'test' };
const FR1 = 'fr1 french 1B/1/I 6/4/2 LN at 24,14 facing 0';
const AU1 = 'au1 austrians 1B/1/II 6/4/2 LN at 24,17 facing 180';

describe('NW retreat ways (RC-1, §11.4 L401, C14)', () => {
  it('an open way back is no choice: straight away, whatever the preference', async () => {
    const s = await state([FR1, AU1]);
    expect(retreatHasChoice(s, draftOf(s), ORDER)).toBe(false);
  });

  it('a French battery straight behind leaves two equally direct bends: a real choice, clockwise by default, left when preferred', async () => {
    const s = await state([FR1, AU1, 'frA french battery I Corp, 8 lb, Foot at 24,24 facing 180']);
    expect(retreatHasChoice(s, draftOf(s), ORDER)).toBe(true);
    const end = (prefer?: 'left' | 'right') => {
      const d = draftOf(s);
      const events: GameEvent[] = [];
      retreatPiece(s, d, prefer ? { ...ORDER, prefer } : ORDER, events, scriptedDice([]));
      return d.units.au1!.pose.at;
    };
    // Clockwise (compass) from north is east: x grows; left is west.
    expect(end().x).toBeGreaterThan(24.5);
    expect(end('right')).toEqual(end());
    expect(end('left').x).toBeLessThan(23.5);
    expect(end('left').y).toBeCloseTo(end().y, 6);
  });

  it('both ways worked out together (issue 12: one working-out, walks shared) end and report as each worked out alone', async () => {
    // The battery blocks the straight way; two more French brigades ahead on either side are the
    // "other enemies" the bends must not come closer to (§11.4 L401), so every bend is measured.
    const s = await state([FR1, AU1, 'frA french battery I Corp, 8 lb, Foot at 24,24 facing 180',
      'fr2 french 1B/2/I 6/4/2 LN at 34,40 facing 180', 'fr3 french 1B/3/I 6/4/2 LN at 15,44 facing 180']);
    const ends = retreatEnds(s, draftOf(s), ORDER)!;
    for (const prefer of ['right', 'left'] as const) {
      const alone = draftOf(s);
      const aloneEvents: GameEvent[] = [];
      retreatPiece(s, alone, { ...ORDER, prefer }, aloneEvents, scriptedDice([]));
      const planned = draftOf(s);
      const plannedEvents: GameEvent[] = [];
      retreatPiece(s, planned, { ...ORDER, prefer }, plannedEvents, scriptedDice([]), ends.plans[prefer]);
      expect(planned.units.au1!.pose).toEqual(alone.units.au1!.pose);
      expect(plannedEvents).toEqual(aloneEvents);
      expect(ends[prefer]).toEqual(alone.units.au1!.pose.at);
    }
    // Every way comes closer to fr2 or fr3; the one closing least (C14's fallback) is 45° left,
    // 8" at 45° from 24,17: x = 24 − 8·sin 45° whichever side is preferred.
    expect(ends.right.x).toBeCloseTo(24 - 8 * Math.SQRT1_2, 6);
    expect(ends.left).toEqual(ends.right);
  });

  it('by the table edge only the bend away from it is clear: no choice', async () => {
    const s = await state(['fr1 french 1B/1/I 6/4/2 LN at 3,14 facing 0', 'au1 austrians 1B/1/II 6/4/2 LN at 3,17 facing 180', 'frA french battery I Corp, 8 lb, Foot at 3,24 facing 180']);
    expect(retreatHasChoice(s, draftOf(s), { ...ORDER, from: { x: 3, y: 14 } })).toBe(false);
  });
});
