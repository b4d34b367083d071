import { describe, expect, it } from 'vitest';
import type { StoredMatching } from '../../src/campaigns/campaign.service';
import { UserError } from '../../src/lib/user-error';
import type { NwState } from '../../src/rules/nw/state';
import type { DramState } from '../../src/rules/dram/state';
import { GM, playBattle } from '../helpers/campaign-play';
import { testServices } from '../helpers/services';

const P1 = { id: 'p1', name: 'Ney' };
const P2 = { id: 'p2', name: 'Blücher' };
const codeAsync = async (f: () => Promise<unknown>) => { try { await f(); } catch (e) { return e instanceof UserError ? e.code : String(e); } return null; };

async function setup(ruleset: 'nw' | 'dram', scenario: string) {
  const s = testServices();
  const c = await s.campaigns.create({ guildId: 'g', channelId: 'hq', gm: GM, ruleset, scenario, name: 'Danube' });
  s.campaigns.join(c, P1, 'french');
  s.campaigns.join(c, P2, 'austrians');
  return { s, c };
}

describe('campaign battles by placement through the services (issue 15)', () => {
  it('NW: the teaching campaign on the Quatre Bras map — standing strengths, seats, the placement logged; the formations busy until it ends; its aftermath applied', async () => {
    const { s, c } = await setup('nw', 'teaching');
    // A sick list first: the placed brigade must enter at its standing strength, not the scenario's.
    s.campaigns.adjust(c, GM, false, { unit: 'fr-2b', strength: 4, reason: 'sick list' });
    const { game, battle, match, placement } = await s.campaigns.startBattle(c, { channelId: 'f1', gm: GM, isAdmin: false, scenario: 'quatre-bras', place: 'fr-i-corps at french zone; au-ii-korps at zone facing S' });
    const st = JSON.parse(s.games.repo.game(game.id)!.state!) as NwState;
    expect(st.map.table).toEqual({ width: 60, height: 48 });
    expect(st.units['fr-2b']!.sp).toBe(4);
    expect(Object.keys(st.units).sort()).toEqual(['au-1b', 'au-2b', 'au-3b', 'au-hussars', 'fr-1b', 'fr-2b', 'fr-3b', 'fr-chasseurs']);
    expect(match.extra).toEqual([]);
    expect(placement!.placed.map((p) => p.formation)).toEqual(['fr-i-corps', 'au-ii-korps']);
    expect(s.games.repo.seats(game.id).every((x) => x.userId === (x.seatId.startsWith('french') ? P1.id : P2.id))).toBe(true);
    const stored = JSON.parse(battle.matching) as StoredMatching;
    expect(stored.place).toBe('fr-i-corps at french zone; au-ii-korps at zone facing S');
    expect(s.campaigns.repo.logOf(c.id).at(-1)!.text).toMatch(/on quatre-bras's map: I Corps at french zone \([\d.]+, [\d.]+\) facing N; II Korps at zone \([\d.]+, [\d.]+\) facing S/);

    // A ruling changed before the start sets the field up again: same placement, same standing strengths.
    await s.games.setRuling('f1', GM, false, 'battlefield.weather', 'rain');
    const again = JSON.parse(s.games.repo.game(game.id)!.state!) as NwState;
    expect(again.settings.battlefield.weather).toBe('rain');
    expect(again.units['fr-2b']!.sp).toBe(4);
    expect(Object.values(again.units).map((u) => u.pose)).toEqual(Object.values(st.units).map((u) => u.pose));

    // The same formations cannot go into a second live battle; a placement error is a private UserError with a hint.
    expect(await codeAsync(() => s.campaigns.startBattle(c, { channelId: 'f2', gm: GM, isAdmin: false, scenario: 'teaching', place: 'fr-i-corps at zone; au-ii-korps at zone' }))).toBe('campaign/units-busy');
    expect(await codeAsync(() => s.campaigns.startBattle(c, { channelId: 'f2', gm: GM, isAdmin: false, scenario: 'teaching', place: 'nobody at zone' }))).toBe('campaign/unknown-formation');
    expect(await codeAsync(() => s.campaigns.startBattle(c, { channelId: 'f2', gm: P1, isAdmin: false, scenario: 'teaching', place: 'fr-i-corps at zone' }))).toBe('permission/gm-only');

    s.games.start('f1', GM, false);
    playBattle(s, 'f1', 4242);
    expect(s.campaigns.repo.battles(c.id)[0]!.status).toBe('applied');
    const after = s.campaigns.repo.units(c.id);
    expect(after.find((u) => u.id === 'fr-2b')!.strength).toBeLessThanOrEqual(4);
    expect(s.campaigns.repo.logOf(c.id).filter((e) => e.kind === 'aftermath')).toHaveLength(1);
    // Free again: the next battle places them on the teaching map.
    const next = await s.campaigns.startBattle(c, { channelId: 'f2', gm: GM, isAdmin: false, scenario: 'teaching', place: 'fr-i-corps at C5; au-ii-korps at Aubach' });
    const n = JSON.parse(s.games.repo.game(next.game.id)!.state!) as NwState;
    for (const u of after.filter((x) => x.kind === 'unit' && x.strength > 0 && n.units[x.id])) expect(n.units[u.id]!.sp, u.id).toBe(u.strength);
  }, 120_000);

  it('DRAM: part of the army placed on the Ligny map; the rest sit the battle out unchanged', async () => {
    const { s, c } = await setup('dram', 'saint-remy');
    const before = s.campaigns.repo.units(c.id);
    const { game, match } = await s.campaigns.startBattle(c, { channelId: 'f1', gm: GM, isAdmin: false, scenario: 'ligny', place: 'fr-i-corps at zone order A; au-i-korps at zone' });
    const st = JSON.parse(s.games.repo.game(game.id)!.state!) as DramState;
    expect(st.map.table).toEqual({ width: 42, height: 30 });
    expect(Object.keys(st.stands).sort()).toEqual(['fabre', 'garnier', 'kessler', 'stauffer']);
    expect(st.stands['fabre']!.order).toBe('A');
    expect(match.missing).toEqual(expect.arrayContaining(['fr-ii-corps', 'hubert', 'au-reserve', 'ebersberg']));
    // The formations left out can fight elsewhere at the same time.
    await s.campaigns.startBattle(c, { channelId: 'f2', gm: GM, isAdmin: false, scenario: 'saint-remy', place: 'fr-cavalry at zone; au-reserve at zone' });
    s.games.start('f1', GM, false);
    playBattle(s, 'f1', 77);
    const after = s.campaigns.repo.units(c.id);
    for (const id of ['hubert', 'fr-ii-artillery', 'lindner', 'lasserre']) expect(after.find((u) => u.id === id), id).toEqual(before.find((u) => u.id === id));
  }, 120_000);
});
