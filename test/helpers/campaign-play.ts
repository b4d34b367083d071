/**
 * Play a campaign battle to its end through the services with random legal players (issue 15):
 * each owing seat's holder makes binding actions and posts orders that the ruleset validates,
 * through GameService as the commands do; the GM advances whatever is left. DRAM, NW and ANRT.
 */
import type { Services } from '../../src/services/services';
import type { NwState } from '../../src/rules/nw/state';
import type { DramState } from '../../src/rules/dram/state';
import { seededDice } from '../../src/dice/dice';
import { maneuver, orderCandidates, prng } from './nw-battle';
import { playWindow } from './dram-battle';
import type { AnrtState } from '../../src/rules/anrt/state';
import { candidates as anrtCandidates } from './anrt-game';

export const GM = { id: 'gm', name: 'GM' };

/** Resolve windows until the channel's game ends; returns the number of windows played. */
export function playBattle(s: Services, channelId: string, seed: number, maxWindows = 600): number {
  const r = prng(seed);
  let n = 0;
  for (; n < maxWindows; n++) {
    const game = s.games.repo.liveGameIn(channelId);
    if (!game) return n;
    const l = s.games.live(channelId);
    if (!l.window) throw new Error(`game ${game.id} is live with no window`);
    const windowId = l.window.id;
    const holder = (seat: string) => l.seats.find((x) => x.seatId === seat)?.userId ?? null;
    const user = (seat: string) => ({ id: holder(seat)!, name: holder(seat)! });
    const tryIt = (f: () => unknown): boolean => { try { f(); return true; } catch { return false; } };
    const still = () => s.games.repo.openWindow(game.id)?.id === windowId;
    for (const seat of l.ruleset.owing(l.state) as string[]) {
      if (!holder(seat) || !still()) continue;
      if (l.ruleset.id === 'nw') {
        const current = () => s.games.live(channelId).state as NwState;
        if (current().phase === 'maneuver') maneuver(current(), seat, r, (_seat, a) => tryIt(() => s.games.act(channelId, user(seat), a)), 0.6, current);
        for (const o of orderCandidates(current(), seat, r)) if (still()) tryIt(() => s.games.submit(channelId, user(seat), o));
      } else if (l.ruleset.id === 'anrt') {
        // ANRT's random player (anrt-game.ts): aggressive candidates, each posted through the service and kept if it validates.
        for (const c of anrtCandidates(l.state as AnrtState, r.next)) if (c.seat === seat && still()) tryIt(() => s.games.submit(channelId, user(seat), c.order));
      } else {
        // DRAM's random player picks its orders on a copy (its own dice); they are posted through the service.
        const { input } = playWindow(l.state as DramState, seededDice(seed.toString(16).padStart(64, '0'), n), seed + n);
        for (const [st, orders] of input.orders) if (st === seat) for (const o of orders) if (still()) tryIt(() => s.games.submit(channelId, user(seat), o));
      }
    }
    if (still()) s.gm.advance(channelId, GM, true);
  }
  throw new Error(`battle in ${channelId} did not end in ${maxWindows} windows`);
}
