import { beforeEach, describe, expect, it } from 'vitest';
import type { SoloGame } from '../../src/rules/solo/game';
import { windowUnits } from '../../src/rules/solo/turn';
import type { Services } from '../../src/services/services';
import { testClock, testServices } from '../helpers/services';

/**
 * The ruleset-level seat property (issue 13, contract.ts `seating`): in a Kuryakin game one player
 * may hold both sides' seats; other rulesets keep one player, one side. A solo player is asked
 * only for the seat whose card is up, hears that seat's refusal, and is never marked vacant for
 * windows in which they acted.
 */
const GUILD = '311111111111111111';
const CH = '322222222222222222';
const GM = { id: 'gm', name: 'Kuryakin' };
const P = { id: 'solo', name: 'Solitaire' };
let clock: ReturnType<typeof testClock>;
let s: Services;
beforeEach(() => { clock = testClock(Date.UTC(2026, 10, 22, 9, 0)); s = testServices({ clock }); });

async function soloGame() {
  await s.games.create({ guildId: GUILD, channelId: CH, gm: GM, ruleset: 'solo', scenario: 'teaching' });
  s.games.join(CH, P, 'french');
  s.games.join(CH, P, 'austrians');
  s.games.start(CH, GM, false);
}

describe('one player, both sides — only where the ruleset says so', () => {
  it('Kuryakin: one player takes both seats; B&P still refuses the second side', async () => {
    await soloGame();
    expect(s.games.repo.seats(s.games.live(CH).game.id).map((x) => x.userId)).toEqual(['solo', 'solo']);
    const CH2 = '333333333333333333';
    await s.games.create({ guildId: GUILD, channelId: CH2, gm: GM, ruleset: 'bp', scenario: 'teaching' });
    s.games.join(CH2, P, 'french');
    expect(() => s.games.join(CH2, P, 'austrians')).toThrowError(expect.objectContaining({ code: 'game/one-side' }));
  });
  it('the GM may replace a seat with the player who holds the other side', async () => {
    await soloGame();
    s.games.leave(CH, P);
    s.games.join(CH, P, 'french');
    expect(() => s.gm.replace(CH, GM, false, 'austrians', P)).not.toThrow();
  });
  it('a refusal comes from the seat whose card is up, not from the other seat', async () => {
    await soloGame();
    const g = s.games.live(CH).state as SoloGame;
    const unit = windowUnits(g)[0]!;
    expect(() => s.games.act(CH, P, { kind: 'move', unit, to: 'to the mill' })).toThrowError(expect.objectContaining({ code: 'move/distance' }));
  });
  it('a solo player who acts in every window but never types /ready is never marked vacant; a silent one is', async () => {
    await soloGame();
    // The GM's /game advance resolves a window exactly as its deadline would (the silent are counted).
    for (let k = 0; k < 4; k++) {
      const l = s.games.live(CH);
      const unit = windowUnits(l.state as SoloGame)[0]!;
      s.games.act(CH, P, { kind: 'move', unit, to: '20' });
      expect(s.gm.advance(CH, GM, false).resolved).toBe(true);
    }
    expect(s.games.repo.seats(s.games.live(CH).game.id).map((x) => [x.userId, x.misses])).toEqual([['solo', 0], ['solo', 0]]);
    for (let k = 0; k < 8 && s.games.repo.seats(s.games.live(CH).game.id).every((x) => x.userId); k++) s.gm.advance(CH, GM, false);
    expect(s.games.repo.seats(s.games.live(CH).game.id).some((x) => x.userId === null)).toBe(true);
  });
  it('only the seat whose card is up owes the window', async () => {
    await soloGame();
    const l = s.games.live(CH);
    expect(l.ruleset.owing(l.state)).toHaveLength(1);
    const progress = s.games.progress(l);
    expect(progress.filter((x) => x.owing)).toHaveLength(1);
  });
});
