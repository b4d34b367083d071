import { describe, expect, it } from 'vitest';
import { campaignStatus } from '../../src/campaigns/status';
import { UserError } from '../../src/lib/user-error';
import { GM, playBattle } from '../helpers/campaign-play';
import { testServices } from '../helpers/services';

const P1 = { id: 'p1', name: 'Ney' };
const P2 = { id: 'p2', name: 'Blücher' };

async function setup() {
  const s = testServices();
  const c = await s.campaigns.create({ guildId: 'g', channelId: 'hq', gm: GM, ruleset: 'nw', scenario: 'teaching', name: 'Danube' });
  s.campaigns.join(c, P1, 'french');
  s.campaigns.join(c, P2, 'austrians');
  return { s, c };
}
const code = (f: () => unknown) => { try { f(); } catch (e) { return e instanceof UserError ? e.code : String(e); } return null; };
const codeAsync = async (f: () => Promise<unknown>) => { try { await f(); } catch (e) { return e instanceof UserError ? e.code : String(e); } return null; };

describe('campaign rules of the road (issue 15)', () => {
  it('refuses: a second side for a player, a non-GM starting a battle, units already in a live battle, ending with a live battle, a ruleset without campaign rules', async () => {
    const { s, c } = await setup();
    expect(code(() => s.campaigns.join(c, P1, 'austrians'))).toBe('campaign/one-side');
    expect(code(() => s.campaigns.join(c, P1, 'prussians'))).toBe('campaign/choose-side');
    expect(await codeAsync(() => s.campaigns.startBattle(c, { channelId: 'f1', gm: P1, isAdmin: false, scenario: 'teaching' }))).toBe('permission/gm-only');
    await s.campaigns.startBattle(c, { channelId: 'f1', gm: GM, isAdmin: false, scenario: 'teaching' });
    expect(await codeAsync(() => s.campaigns.startBattle(c, { channelId: 'f2', gm: GM, isAdmin: false, scenario: 'teaching' }))).toBe('campaign/units-busy');
    expect(code(() => s.campaigns.end(c, GM, false))).toBe('campaign/battle-live');
    expect(code(() => s.campaigns.adjust(c, GM, false, { unit: Object.keys(JSON.parse(s.games.repo.liveGameIn('f1')!.state!).units)[0]!, strength: 1, reason: 'test' }))).toBe('campaign/units-busy');
    expect(await codeAsync(() => s.campaigns.create({ guildId: 'g', channelId: 'hq', gm: GM, ruleset: 'bp', scenario: 'teaching', name: 'B&P' }))).toBe('campaign/ruleset');
    expect(await codeAsync(() => s.campaigns.create({ guildId: 'g', channelId: 'hq', gm: GM, ruleset: 'nw', scenario: 'teaching', name: 'Danube' }))).toBe('campaign/name-taken');
  });

  it('a ruling changed before a battle starts keeps the campaign\'s standing strengths (the scenario is set up again through the campaign)', async () => {
    const { s, c } = await setup();
    s.campaigns.adjust(c, GM, false, { unit: 'fr-2b', strength: 3, reason: 'sick list' });
    await s.campaigns.startBattle(c, { channelId: 'f1', gm: GM, isAdmin: false, scenario: 'teaching' });
    await s.games.setRuling('f1', GM, false, 'battlefield.weather', 'snow');
    const st = JSON.parse(s.games.repo.liveGameIn('f1')!.state!) as { settings: { battlefield: { weather: string }; optional: { pursuit: boolean } }; units: Record<string, { sp: number }> };
    expect(st.settings.battlefield.weather).toBe('snow');
    expect(st.units['fr-2b']!.sp).toBe(3);
    // CAMP-N1 survives too: the pursuit stays the aftermath's.
    expect(st.settings.optional.pursuit).toBe(false);
  });

  it('a scenario with units the campaign does not know is refused privately with the match report', async () => {
    const { s, c } = await setup();
    expect(await codeAsync(() => s.campaigns.startBattle(c, { channelId: 'f1', gm: GM, isAdmin: false, scenario: 'quatre-bras' }))).toMatch(/^campaign\/(extra-units|side-mismatch)$/);
  });

  it('GM adjustments are logged and visible; a new unit joins the order of battle; a removed one leaves it', async () => {
    const { s, c } = await setup();
    const unit = s.campaigns.repo.units(c.id).find((u) => u.kind === 'unit')!;
    const r = s.campaigns.adjust(c, GM, false, { unit: unit.id, strength: unit.strength - 1, reason: 'sick list' });
    expect(r.text).toContain(`${unit.id} strength ${unit.strength} → ${unit.strength - 1}`);
    s.campaigns.adjust(c, GM, false, { unit: 'fr-new', action: 'add', side: 'french', name: 'Conscripts', strength: 4, reason: 'reinforcements' });
    expect(s.campaigns.repo.units(c.id).find((u) => u.id === 'fr-new')).toMatchObject({ strength: 4, full: 4, side: 'french' });
    s.campaigns.adjust(c, GM, false, { unit: 'fr-new', action: 'remove', reason: 'detached' });
    expect(s.campaigns.repo.units(c.id).some((u) => u.id === 'fr-new')).toBe(false);
    expect(s.campaigns.repo.logOf(c.id).filter((e) => e.kind === 'adjust')).toHaveLength(3);
    expect(code(() => s.campaigns.adjust(c, P1, false, { unit: unit.id, strength: 1, reason: 'x' }))).toBe('permission/gm-only');
    expect(code(() => s.campaigns.adjust(c, GM, false, { unit: unit.id, strength: -1, reason: 'x' }))).toBe('campaign/bad-number');
    expect(code(() => s.campaigns.adjust(c, GM, false, { unit: 'nobody', strength: 1, reason: 'x' }))).toBe('campaign/unknown-unit');
  });

  it('undo of an aftermath: explicit, logged, the standing goes back and the battle resumes; its end applies the aftermath again', async () => {
    const { s, c } = await setup();
    const start = s.campaigns.repo.units(c.id);
    const { game } = await s.campaigns.startBattle(c, { channelId: 'f1', gm: GM, isAdmin: false, scenario: 'teaching' });
    s.games.start('f1', GM, false);
    playBattle(s, 'f1', 11);
    expect(s.games.repo.game(game.id)!.status).toBe('ended');
    // Rolling the ended battle back is impossible without the undo (an ended game is not live).
    expect(code(() => s.gm.rollback('f1', GM, true, 'oops'))).toBe('game/none-here');
    expect(code(() => s.campaigns.undo(c, P1, false, 'x'))).toBe('permission/gm-only');
    const battle = s.campaigns.undo(c, GM, false, 'a misplaced brigade');
    expect(battle.status).toBe('running');
    expect(s.campaigns.repo.units(c.id)).toEqual(start);
    expect(s.games.repo.game(game.id)!.status).toBe('running');
    expect(s.games.repo.openWindow(game.id)).not.toBeNull();
    expect(code(() => s.campaigns.undo(c, GM, false, 'again'))).toBe('campaign/nothing-to-undo');
    playBattle(s, 'f1', 12);
    const kinds = s.campaigns.repo.logOf(c.id).map((e) => e.kind);
    expect(kinds.slice(-3)).toEqual(['aftermath', 'undo', 'aftermath']);
    // An adjustment after it: the aftermath is no longer the last change and cannot be undone.
    const u = s.campaigns.repo.units(c.id).find((x) => x.kind === 'unit' && x.strength > 0)!;
    s.campaigns.adjust(c, GM, false, { unit: u.id, strength: u.strength, full: u.full + 1, reason: 'depot' });
    expect(code(() => s.campaigns.undo(c, GM, false, 'late'))).toBe('campaign/nothing-to-undo');
  }, 60_000);

  it('a battle the GM ends with /game end has no aftermath: status says so, its units are free for the next battle', async () => {
    const { s, c } = await setup();
    const { game } = await s.campaigns.startBattle(c, { channelId: 'f1', gm: GM, isAdmin: false, scenario: 'teaching' });
    s.games.start('f1', GM, false);
    s.gm.end('f1', GM, false);
    const st = campaignStatus(s.campaigns, c, { kind: 'gm' }, () => 'f1', (id) => s.games.repo.game(id)?.status === 'ended');
    expect(st.battles[0]).toContain('ended by the GM without a result, no aftermath');
    expect(s.campaigns.repo.logOf(c.id).some((e) => e.kind === 'aftermath')).toBe(false);
    expect(s.games.repo.game(game.id)!.status).toBe('ended');
    await s.campaigns.startBattle(c, { channelId: 'f2', gm: GM, isAdmin: false, scenario: 'teaching' });
    // A player of one side sees his own strengths; the enemy's lines carry none (NW hides them).
    const fr = campaignStatus(s.campaigns, c, { kind: 'side', side: 'french' }, () => null, () => false);
    expect(fr.sides.map((x) => x.hidden)).toEqual([false, true]);
    expect(fr.sides[1]!.lines.join('\n')).not.toMatch(/\d+\/\d+/);
    expect(fr.chart.series.map((x) => x.side)).toEqual(['french']);
  });
});
