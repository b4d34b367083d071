import { describe, expect, it } from 'vitest';
import { anrtAftermath, AnrtCampaignSettingsSchema, standingSize } from '../../src/rules/anrt/campaign';
import type { AnrtState } from '../../src/rules/anrt/state';
import { unitHits } from '../../src/rules/anrt/tables/organisation';
import type { StandingUnit } from '../../src/rules/campaign/types';
import { GM, playBattle } from '../helpers/campaign-play';
import { testServices } from '../helpers/services';

const GUILD = 'guild-1';
const P1 = { id: 'p1', name: 'Lagrange' };
const P2 = { id: 'p2', name: 'Kleist' };
const total = (units: readonly StandingUnit[]) => units.filter((u) => u.kind === 'unit').reduce((n, u) => n + u.strength, 0);

describe('ANRT campaign through the services, random legal players (issue 15, §XVIII)', () => {
  it('two battles of the teaching scenario: each seeded from the standing order of battle, §XVIII applied once after each', async () => {
    const s = testServices();
    // 1 hour of rest (CAMP-A1): 3 hits a division, so losses visibly carry over.
    const c = await s.campaigns.create({ guildId: GUILD, channelId: 'chan-hq', gm: GM, ruleset: 'anrt', scenario: 'teaching', name: 'anrt campaign', settings: { restHours: 1 } });
    s.campaigns.join(c, P1, 'french');
    s.campaigns.join(c, P2, 'allies');
    const cs = AnrtCampaignSettingsSchema.parse({ restHours: 1 });
    const totals: number[] = [total(s.campaigns.repo.units(c.id))];
    const windows: number[] = [];
    let destroyed = 0;
    for (let i = 1; i <= 2; i++) {
      const before = s.campaigns.repo.units(c.id);
      const channel = `chan-battle-${i}`;
      const { game, battle, match } = await s.campaigns.startBattle(c, { channelId: channel, gm: GM, isAdmin: false, scenario: 'teaching' });
      // The project's stand-in tables (clearly not the author's QRS) so that no GM ruling is owed per result.
      await s.games.setRuling(channel, GM, false, 'qrs', 'stand-in');
      await s.games.setRuling(channel, GM, false, 'tables.mode', 'entered');
      s.games.start(channel, GM, false);
      const first = s.games.live(channel).state as AnrtState;
      // Seeded: every matched unit at its standing hits and size (its maximum from L198); lost units out.
      for (const u of before.filter((x) => x.kind === 'unit' && match.matched.includes(x.id))) {
        expect(first.units[u.id], u.id).toMatchObject({ hits: u.strength, size: standingSize(u)!, maxHits: unitHits(first.units[u.id]!.cls, standingSize(u)!) });
      }
      for (const id of match.lost) expect(first.units[id]).toBeUndefined();
      windows.push(playBattle(s, channel, 2000 * i + 11));
      const after = s.campaigns.repo.units(c.id);
      const end = JSON.parse(s.games.repo.game(game.id)!.state!) as AnrtState;
      expect(end.ended).not.toBeNull();
      // The standing order of battle is exactly §XVIII applied to the ended battle (no dice), once.
      expect(after).toEqual(anrtAftermath(end, before, cs).standing);
      const log = s.campaigns.repo.logOf(c.id).filter((e) => e.battleId === battle.id && e.kind === 'aftermath');
      expect(log).toHaveLength(1);
      expect(log[0]!.text).toContain('§XVIII');
      // Nothing regroups above its (possibly reduced) size's full hits; a destroyed unit never comes back at its old size.
      for (const u of after.filter((x) => x.kind === 'unit')) {
        expect(u.strength).toBeLessThanOrEqual(u.full);
        const e = end.units[u.id];
        if (e?.gone && e.hits === 0) {
          destroyed += 1;
          expect(e.lastHit, u.id).toMatch(/^(contact|other)$/);
          expect(u.quality).not.toBe(before.find((b) => b.id === u.id)!.quality);
        }
      }
      totals.push(total(after));
    }
    console.log(`ANRT campaign: windows per battle ${windows.join(', ')}; hits ${totals.join(' → ')}; units destroyed ${destroyed}`);
    // These seeds destroy units, so §XVIII's size loss is exercised end to end.
    expect(destroyed).toBeGreaterThan(0);
    expect(s.campaigns.repo.logOf(c.id).map((e) => e.kind)).toEqual(['create', 'join', 'join', 'battle', 'aftermath', 'battle', 'aftermath']);
    expect(s.rolls.verify(GUILD).ok).toBe(true);
  }, 180_000);
});
