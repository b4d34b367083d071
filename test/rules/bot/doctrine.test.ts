import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTRINE, priorityOf, rankOptions, type Doctrine } from '../../../src/rules/bot/doctrine';
import type { BotIntent, BotOption } from '../../../src/rules/plugin';

/**
 * The bot general's doctrine (issue 13, src/rules/bot/README.md), ruleset-independent: how it
 * ranks the candidates a ruleset lists. Not part of any ruleset's rules.
 */

const opt = (intent: BotIntent, piece: string | undefined, weight: number, tag = `${intent}:${piece}:${weight}`): BotOption<string> => ({ intent, ...(piece ? { piece } : {}), action: tag, weight, why: tag });
const order = (options: BotOption<string>[], d: Doctrine = DEFAULT_DOCTRINE) => rankOptions(options, d).map((o) => o.action);

describe('the doctrine ranks a piece\'s candidates', () => {
  it('reform when disordered comes first, then a charge at good odds, then fire, formation, advance', () => {
    const a = [opt('advance', 'u1', 300), opt('fire', 'u1', 150), opt('formation', 'u1', 150), opt('charge', 'u1', 2), opt('reform', 'u1', 2)];
    expect(order(a)).toEqual(['reform:u1:2', 'charge:u1:2', 'fire:u1:150', 'formation:u1:150', 'advance:u1:300']);
  });
  it('a unit with fewer \'D\' than reformAt reforms only when nothing else is possible', () => {
    expect(order([opt('reform', 'u1', 1), opt('fire', 'u1', 90), opt('advance', 'u1', 400)])).toEqual(['fire:u1:90', 'advance:u1:400', 'reform:u1:1']);
    expect(order([opt('reform', 'u1', 1)], { ...DEFAULT_DOCTRINE, reformAt: 1 })).toEqual(['reform:u1:1']);
    expect(priorityOf(opt('reform', 'u1', 3), DEFAULT_DOCTRINE)).toBeLessThan(priorityOf(opt('charge', 'u1', 9), DEFAULT_DOCTRINE)!);
  });
  it('charges only when the odds say so, best odds first', () => {
    expect(order([opt('charge', 'u1', 1.4), opt('fire', 'u1', 100)])).toEqual(['fire:u1:100']);
    expect(order([opt('charge', 'u1', 1.6), opt('charge', 'u1', 3), opt('charge', 'u1', 1.5)])).toEqual(['charge:u1:3', 'charge:u1:1.6', 'charge:u1:1.5']);
    expect(order([opt('charge', 'u1', 1.4)], { ...DEFAULT_DOCTRINE, chargeOdds: 1.2 })).toEqual(['charge:u1:1.4']);
  });
  it('fires at the closest target first, and advances on the nearest', () => {
    expect(order([opt('fire', 'u1', 180), opt('fire', 'u1', 60), opt('fire', 'u1', 120)])).toEqual(['fire:u1:60', 'fire:u1:120', 'fire:u1:180']);
    expect(order([opt('advance', 'u1', 500), opt('advance', 'u1', 350)])).toEqual(['advance:u1:350', 'advance:u1:500']);
  });
  it('the hold posture never advances; it still fires, charges and reforms', () => {
    const hold: Doctrine = { ...DEFAULT_DOCTRINE, posture: 'hold' };
    expect(order([opt('advance', 'u1', 300), opt('fire', 'u1', 150), opt('charge', 'u1', 2)], hold)).toEqual(['charge:u1:2', 'fire:u1:150']);
    expect(priorityOf(opt('advance', 'u1', 1), hold)).toBeUndefined();
  });
});

describe('across pieces', () => {
  it('the chance card first, then piece by piece in the order the ruleset listed them (card order)', () => {
    const a = [opt('fire', 'u2', 50), opt('advance', 'u1', 300), opt('chance', undefined, 0), opt('reform', 'u2', 3), opt('fire', 'u1', 190)];
    expect(order(a)).toEqual(['chance:undefined:0', 'reform:u2:3', 'fire:u2:50', 'fire:u1:190', 'advance:u1:300']);
  });
  it('equal candidates keep the order they were listed in (deterministic)', () => {
    expect(order([opt('fire', 'u1', 100, 'a'), opt('fire', 'u1', 100, 'b')])).toEqual(['a', 'b']);
    expect(order([opt('fire', 'u1', 100, 'b'), opt('fire', 'u1', 100, 'a')])).toEqual(['b', 'a']);
  });
});
