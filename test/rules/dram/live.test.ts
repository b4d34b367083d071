import { describe, expect, it } from 'vitest';
import { seededDice, scriptedDice } from '../../../src/dice/dice';
import { dram } from '../../../src/rules/dram/index';
import { parseDramSettings } from '../../../src/rules/dram/settings';
import { rankGroups, type DramState } from '../../../src/rules/dram/state';
import { generateBattle, playWindow, stateHash, type WindowInput } from '../../helpers/dram-battle';

const live = (() => { const r = parseDramSettings({ move: { windows: 'live' } }); if (!r.ok) throw new Error(r.error.message); return r.value; })();
const data = generateBattle({ seed: 3, corpsPerSide: 2, standsPerCorps: 2, turns: 4 });

describe('live movement: one window per initiative rank (move.windows = live)', () => {
  it('opens an initiative window, then one window per rank, then the orders window', () => {
    let s = dram.setup(data, live, scriptedDice([])).state;
    expect(dram.phase(s)).toMatchObject({ id: 'dram/initiative', label: 'Turn 1 (12:00) — 3. Initiative' });
    expect(dram.owing(s)).toEqual(s.seats.filter((x) => x.commands.some((c) => c.endsWith('-c1') || c.endsWith('-c2'))).map((x) => x.id));
    // fr-c1 2, fr-c2 5, pr-c1 2, pr-c2 4 → ranks: [fr-c1, pr-c1] (tie re-rolled 1 vs 6), [pr-c2], [fr-c2].
    s = dram.resolve(s, new Map(), scriptedDice([2, 5, 2, 4, 1, 6])).state;
    expect(rankGroups(s)).toEqual([['fr-c1', 'pr-c1'], ['pr-c2'], ['fr-c2']]);
    expect(dram.phase(s).label).toBe('Turn 1 (12:00) — 4. Movement, rank 1 of 3: French 1 Corps, Prussians 1 Corps');
    expect(dram.owing(s)).toEqual(['fr:fr-c1', 'pr:pr-c1']);

    const seat = 'fr:fr-c2';
    const tooEarly = dram.validate(s, seat, { kind: 'move', unit: 'fr-c2-d1', to: 'forward 1in' }, []);
    expect(!tooEarly.ok && tooEarly.error.code).toBe('order/not-your-rank');
    const now = dram.validate(s, 'fr:fr-c1', { kind: 'move', unit: 'fr-c1-d1', to: 'forward 1in' }, []);
    expect(now.ok).toBe(true);

    const before = s.stands['fr-c1-d1']!.pose.at.y;
    s = dram.resolve(s, new Map([['fr:fr-c1', [now.ok ? now.value.order : null!]]]), scriptedDice([])).state;
    expect(s.stands['fr-c1-d1']!.pose.at.y).toBeCloseTo(before + 1, 5);
    expect(s).toMatchObject({ phase: 'rank', rank: 1 });
    s = dram.resolve(s, new Map(), scriptedDice([])).state;
    expect(s).toMatchObject({ phase: 'rank', rank: 2 });
    s = dram.resolve(s, new Map(), scriptedDice(Array(20).fill(1))).state;
    expect(s.phase).toBe('orders');
  });

  it('plays a whole game live and replays it exactly', () => {
    const play = () => {
      const dice = seededDice('1e'.repeat(32));
      let s: DramState = dram.setup(data, live, dice).state;
      const inputs: WindowInput[] = [];
      for (let w = 0; w < 200 && !dram.outcome(s); w++) {
        const p = playWindow(s, dice, 97 * w + 5);
        inputs.push(p.input);
        s = dram.resolve(p.state, new Map(p.input.orders), dice).state;
      }
      return { s, inputs };
    };
    const a = play();
    expect(dram.outcome(a.s)).not.toBeNull();
    const dice = seededDice('1e'.repeat(32));
    let r: DramState = dram.setup(data, live, dice).state;
    for (const input of a.inputs) {
      for (const { seat, action } of input.actions) {
        const x = dram.act(r, seat, action, dice);
        if (!x.ok) throw new Error(x.error.message);
        r = x.value.state;
      }
      r = dram.resolve(r, new Map(input.orders), dice).state;
    }
    expect(stateHash(r)).toBe(stateHash(a.s));
  });
});
