import type { Db } from '../db/open';
import type { GameService, LoadedScenario as Loaded } from '../games/game.service';
import type { GameRow } from '../games/games.repo';
import type { GmTools } from '../games/gm';
import { escapeMd } from '../interaction/present-rolls';
import { safeText } from '../interaction/safe-text';
import { UserError } from '../lib/user-error';
import { standingChanges, sideTotals } from '../rules/campaign/changes';
import { composeBattle, type PlacementReport } from '../rules/campaign/compose';
import { matchOrderOfBattle, matchText, type MatchReport } from '../rules/campaign/match';
import { parsePlacements } from '../rules/campaign/placement';
import type { CampaignRules, StandingUnit } from '../rules/campaign/types';
import type { AnyRuleset } from '../rules/contract';
import { rulesetById, RULESETS } from '../rules/index';
import type { Actor, AuditTrail } from '../services/audit-trail';
import { applyAftermath } from './aftermath';
import { CampaignsRepo, type CampaignBattleRow, type CampaignRow } from './campaigns.repo';

export interface CampaignDeps {
  readonly db: Db;
  readonly trail: AuditTrail;
  readonly games: GameService;
  readonly gm: GmTools;
  readonly clock: () => number;
}

/** A battle's `matching` column: how its units met the campaign's, and the GM's placement when it was placed. */
export type StoredMatching = MatchReport & { readonly placement?: PlacementReport; readonly place?: string };

/** "fr-i-corps at french zone (24, 9.5) facing N; …" */
export function placementText(p: PlacementReport): string {
  const compass = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  return p.placed.map((f) => `${escapeMd(f.name)} at ${escapeMd(f.place)} (${f.at.x}, ${f.at.y}) facing ${f.facing % 45 === 0 ? compass[f.facing / 45] : `${f.facing}°`}`).join('; ');
}

/** A GM's change to one unit of the standing order of battle. */
export interface Adjustment {
  readonly unit: string;
  readonly strength?: number | undefined;
  readonly full?: number | undefined;
  readonly fatigue?: string | undefined;
  readonly quality?: string | undefined;
  /** Add a new unit (with `side`, `name`, `formation`) or remove one (a detached corps: it leaves the order of battle). */
  readonly action?: 'set' | 'add' | 'remove' | undefined;
  readonly side?: string | undefined;
  readonly name?: string | undefined;
  readonly formation?: string | undefined;
  readonly reason: string;
}

/**
 * Campaigns (issue 15): a named campaign in a server, its sides and players, its standing
 * order of battle, its battles (each a game seeded from the standing strengths) and an
 * append-only log of every change. The aftermath is applied by the game service's end hook,
 * in the transaction that ends the battle.
 */
export class CampaignService {
  readonly repo: CampaignsRepo;

  constructor(private readonly deps: CampaignDeps) {
    this.repo = new CampaignsRepo(deps.db);
    deps.games.battleData = (game, loaded) => this.reseed(game, loaded);
    deps.games.onGameEnded.push((game, state) => applyAftermath({ repo: this.repo, games: deps.games.repo, trail: deps.trail, posts: deps.games.posts, clock: deps.clock }, game, state));
  }

  private tx<T>(fn: () => T): T {
    return this.deps.games.tx(fn);
  }

  /** The campaign rules of a ruleset, or a user error naming those that have them. */
  static rulesOf(rulesetId: string): { ruleset: AnyRuleset; rules: CampaignRules<unknown, unknown, unknown, unknown> } {
    const ruleset = rulesetById(rulesetId);
    const able = Object.values(RULESETS).filter((r) => r?.campaign).map((r) => r!.id);
    if (!ruleset?.campaign) throw new UserError('campaign/ruleset', `${ruleset ? ruleset.name : `"${rulesetId}"`} has no campaign rules yet.`, `Campaigns can be played with: ${able.join(', ')}.`);
    return { ruleset, rules: ruleset.campaign };
  }

  async create(input: { guildId: string; channelId: string; gm: Actor; ruleset: string; scenario: string; name: string; settings?: unknown }): Promise<CampaignRow> {
    const { ruleset, rules } = CampaignService.rulesOf(input.ruleset);
    const settings = rules.settings.parse(input.settings ?? {});
    if (!settings.ok) throw UserError.from(settings.error);
    const { found, sc, data } = await this.deps.games.loadScenario(ruleset, input.scenario);
    const units = rules.orderOfBattle(data);
    const name = safeText(input.name).trim();
    if (!name) throw new UserError('campaign/name', 'A campaign needs a name.', 'e.g. `/campaign create name:Hundred Days`.');
    return this.tx(() => {
      if (this.repo.openByName(input.guildId, name)) throw new UserError('campaign/name-taken', `This server already has an open campaign called "${name}".`, 'Choose another name, or end the old one with /campaign end.');
      const now = this.deps.clock();
      const c = this.repo.insertCampaign({
        guildId: input.guildId, channelId: input.channelId, name, ruleset: ruleset.id, scenarioId: found.id, gmUserId: input.gm.id,
        status: 'open', settings: JSON.stringify(settings.value), createdAt: now, updatedAt: now,
      });
      this.repo.insertSides(sc.sides.map((s) => ({ campaignId: c.id, sideId: s.id, name: s.name })));
      this.repo.putUnits(c.id, units);
      this.log(c, null, 'create', input.gm, `Campaign created from ${found.id}: ${units.filter((u) => u.kind === 'unit').length} units in ${units.filter((u) => u.kind === 'formation').length} formations.`, {});
      return c;
    });
  }

  /** An open campaign by name, or this channel's, or the server's only one. */
  find(guildId: string, channelId: string, name?: string): CampaignRow {
    const open = this.repo.openIn(guildId);
    if (name) {
      const c = this.repo.openByName(guildId, name.trim());
      if (!c) throw new UserError('campaign/unknown', `There is no open campaign "${name}" in this server.`, `Open campaigns: ${open.map((x) => x.name).join(', ') || 'none (start one with /campaign create)'}.`);
      return c;
    }
    const here = open.filter((c) => c.channelId === channelId || this.repo.battles(c.id).some((b) => this.deps.games.repo.game(b.gameId)?.channelId === channelId));
    if (here.length === 1) return here[0]!;
    if (open.length === 1) return open[0]!;
    throw new UserError('campaign/which', open.length ? 'Which campaign?' : 'There is no open campaign in this server.', open.length ? `Name it with the campaign option: ${open.map((x) => x.name).join(', ')}.` : 'Start one with /campaign create.');
  }

  join(c: CampaignRow, user: Actor, side: string | undefined): string {
    const sides = this.repo.sides(c.id);
    const pick = side ? sides.find((s) => s.sideId === side || s.name.toLowerCase() === side.toLowerCase()) : undefined;
    if (!pick) throw new UserError('campaign/choose-side', side ? `There is no side "${side}" in ${c.name}.` : 'Which side?', `Sides: ${sides.map((s) => `${s.sideId} (${s.name})`).join(', ')}.`);
    return this.tx(() => {
      if (c.status !== 'open') throw new UserError('campaign/ended', `${c.name} is over.`);
      const mine = this.repo.players(c.id).find((p) => p.userId === user.id);
      if (mine && mine.sideId !== pick.sideId) throw new UserError('campaign/one-side', `You already play ${mine.sideId} in this campaign: one player, one side (its hidden values are yours alone).`, 'Ask the GM if you must change sides.');
      this.repo.putPlayer({ campaignId: c.id, userId: user.id, userName: user.name, sideId: pick.sideId, joinedAt: this.deps.clock() });
      if (!mine) this.log(c, null, 'join', user, `${user.name} joins ${pick.name}.`, {});
      return pick.name;
    });
  }

  requireGm(c: CampaignRow, user: Actor, isAdmin: boolean): void {
    if (user.id === c.gmUserId || isAdmin) return;
    throw new UserError('permission/gm-only', 'Only the campaign\'s GM can do that.', `The GM of ${c.name} is <@${c.gmUserId}>.`);
  }

  /**
   * Start a battle of the campaign in `channelId`, from a scenario whose units are matched to the
   * campaign's by id, or (`place`) on a scenario's map where the GM places campaign formations
   * (its map, terrain, objectives and rulings; the pieces the campaign's, placed in their sides'
   * zones). The game is created seeded with the standing strengths, and the campaign's players
   * take the seats of their sides. Refused: a mismatched scenario or placement, or units already
   * in a live battle.
   */
  async startBattle(c: CampaignRow, input: { channelId: string; gm: Actor; isAdmin: boolean; scenario: string; name?: string | undefined; place?: string | undefined }): Promise<{ game: GameRow; battle: CampaignBattleRow; match: MatchReport; placement: PlacementReport | null }> {
    this.requireGm(c, input.gm, input.isAdmin);
    if (c.status !== 'open') throw new UserError('campaign/ended', `${c.name} is over.`);
    const { ruleset, rules } = CampaignService.rulesOf(c.ruleset);
    const parsed = rules.settings.parse(JSON.parse(c.settings));
    if (!parsed.ok) throw UserError.from(parsed.error);
    const campaignSettings = parsed.value;
    const loaded = await this.deps.games.loadScenario(ruleset, input.scenario);
    const standing = this.repo.units(c.id);
    const field = await this.battlefield(c, ruleset, rules, loaded, standing, input.place, this.liveUnits(c));
    const m = matchOrderOfBattle(standing, rules.orderOfBattle(field.data));
    if (!m.ok) throw UserError.from(m.error);
    const busy = this.liveUnits(c);
    const clash = m.value.matched.filter((id) => busy.has(id) && standing.find((u) => u.id === id)?.kind === 'unit');
    if (clash.length) throw new UserError('campaign/units-busy', `${clash.slice(0, 10).join(', ')}${clash.length > 10 ? ` and ${clash.length - 10} more` : ''} already fight in a live battle of ${c.name}.`, 'Finish that battle first, or pick a scenario with other formations.');
    const byId = new Map(standing.map((u) => [u.id, u]));
    let battle: CampaignBattleRow | null = null;
    const seq = this.repo.battles(c.id).length + 1;
    const placement = field.placement;
    const game = await this.deps.games.create(
      { guildId: c.guildId, channelId: input.channelId, gm: input.gm, ruleset: c.ruleset, scenario: input.scenario, name: input.name ?? `${c.name} — battle ${seq}` },
      {
        seed: (data, settings) => rules.seed(placement ? field.data : data, settings, byId, campaignSettings),
        inTx: (g) => {
          // Checked again inside the transaction: two GMs starting battles at once cannot both pass.
          const again = this.liveUnits(c);
          if (m.value.matched.some((id) => again.has(id) && byId.get(id)?.kind === 'unit')) throw new UserError('campaign/units-busy', 'Those units went into another battle meanwhile.');
          // The placement lives with the battle (its `matching`): a ruling changed before the start lays the same field out again.
          const matching: StoredMatching = { ...m.value, ...(placement ? { placement, place: input.place! } : {}) };
          battle = this.repo.insertBattle({ campaignId: c.id, seq: this.repo.battles(c.id).length + 1, gameId: g.id, scenarioId: input.scenario, status: 'running', matching: JSON.stringify(matching), outcome: null, startedAt: this.deps.clock(), endedAt: null });
          this.seatPlayers(c, g);
          const how = placement ? `on ${input.scenario}'s map: ${placementText(placement)}` : `from ${input.scenario}`;
          this.log(c, battle.id, 'battle', input.gm, `Battle ${battle.seq} begins in <#${g.channelId}> ${how}; ${matchText(m.value)}.`, { match: m.value, ...(placement ? { placement, place: input.place } : {}) });
        },
      },
    );
    return { game, battle: battle!, match: m.value, placement };
  }

  /**
   * The battle's data before the standing strengths are applied: the scenario's own (matched by
   * id), or the campaign's formations placed on its map (issue 15).
   */
  private async battlefield(c: CampaignRow, ruleset: AnyRuleset, rules: CampaignRules<unknown, unknown, unknown, unknown>, loaded: Loaded, standing: readonly StandingUnit[], place: string | undefined, busy: ReadonlySet<string>): Promise<{ data: unknown; placement: PlacementReport | null }> {
    if (place === undefined) return { data: loaded.data, placement: null };
    if (!rules.placement) throw new UserError('campaign/no-placement', `${ruleset.name} campaign battles cannot be placed on a map yet.`, 'Leave out `place`: the scenario\'s units are matched to the campaign\'s by id.');
    const orders = parsePlacements(place);
    if (!orders.ok) throw UserError.from(orders.error);
    const founding = c.scenarioId === loaded.found.id ? loaded : await this.deps.games.loadScenario(ruleset, c.scenarioId);
    const composed = composeBattle({ battlefield: loaded.sc, founding: founding.sc, standing, orders: orders.value, rules: rules.placement, busy });
    if (!composed.ok) throw UserError.from(composed.error);
    const data = ruleset.scenario.prepare(composed.value.scenario, loaded.settings);
    if (!data.ok) throw new UserError('campaign/placement-invalid', `That placement does not make a playable ${ruleset.name} battle: ${data.error.map((p) => p.message).slice(0, 3).join('; ')}.`, 'Place the formations whose officers and attachments it names, or start from a scenario matched by id.');
    return { data: data.value, placement: composed.value.report };
  }

  /**
   * A campaign battle's data under new rulings (GameService.battleData, when the GM changes a
   * ruling before the start): the same matching or placement, the same standing strengths.
   */
  private async reseed(game: GameRow, loaded: Loaded): Promise<{ data: unknown; settings: unknown } | null> {
    const battle = this.repo.battleOfGame(game.id);
    if (!battle) return null;
    const c = this.repo.campaign(battle.campaignId)!;
    const { ruleset, rules } = CampaignService.rulesOf(c.ruleset);
    const cs = rules.settings.parse(JSON.parse(c.settings));
    if (!cs.ok) throw UserError.from(cs.error);
    const standing = this.repo.units(c.id);
    const stored = JSON.parse(battle.matching) as StoredMatching;
    // Its own units are in this live battle: nothing else can have taken them.
    const field = await this.battlefield(c, ruleset, rules, loaded, standing, stored.place, new Set());
    return rules.seed(field.data, loaded.settings, new Map(standing.map((u) => [u.id, u])), cs.value);
  }

  /** The campaign's players take their sides' seats (several players of a side share its seats in turn). */
  private seatPlayers(c: CampaignRow, game: GameRow): void {
    const ruleset = rulesetById(game.ruleset)!;
    const state = JSON.parse(game.state!) as unknown;
    const players = this.repo.players(c.id);
    const bySide = new Map<string, number>();
    for (const seat of ruleset.seats(state)) {
      const mine = players.filter((p) => p.sideId === seat.side);
      if (!mine.length) continue;
      const i = bySide.get(seat.side) ?? 0;
      const p = mine[i % mine.length]!;
      bySide.set(seat.side, i + 1);
      this.deps.games.repo.updateSeat(game.id, seat.id, { userId: p.userId, userName: p.userName });
    }
  }

  /** Unit ids in the campaign's battles whose game is still live. */
  private liveUnits(c: CampaignRow): Set<string> {
    const out = new Set<string>();
    for (const b of this.repo.battles(c.id)) {
      if (b.status !== 'running') continue;
      const g = this.deps.games.repo.game(b.gameId);
      if (!g || g.status === 'ended') continue;
      for (const id of (JSON.parse(b.matching) as MatchReport).matched) out.add(id);
    }
    return out;
  }

  /** A GM's logged, visible change to the standing order of battle (reinforcements, a detached corps). */
  adjust(c: CampaignRow, gm: Actor, isAdmin: boolean, a: Adjustment): { text: string } {
    this.requireGm(c, gm, isAdmin);
    return this.tx(() => {
      if (c.status !== 'open') throw new UserError('campaign/ended', `${c.name} is over.`);
      const before = this.repo.units(c.id);
      const i = before.findIndex((u) => u.id === a.unit);
      const sides = this.repo.sides(c.id);
      const nonNeg = (n: number | undefined, what: string) => {
        if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new UserError('campaign/bad-number', `${what} must be a whole number ≥ 0.`);
        return n;
      };
      nonNeg(a.strength, 'Strength');
      nonNeg(a.full, 'Full strength');
      let after: StandingUnit[];
      if ((a.action ?? 'set') === 'add') {
        if (i >= 0) throw new UserError('campaign/unit-exists', `${a.unit} is already in the order of battle.`, 'Use action set to change it.');
        const side = sides.find((s) => s.sideId === a.side);
        if (!side) throw new UserError('campaign/choose-side', 'A new unit needs its side.', `Sides: ${sides.map((s) => s.sideId).join(', ')}.`);
        if (a.formation && !before.some((u) => u.id === a.formation && u.kind === 'formation')) throw new UserError('campaign/unknown-formation', `There is no formation "${a.formation}".`, `Formations: ${before.filter((u) => u.kind === 'formation' && u.side === side.sideId).map((u) => u.id).join(', ')}.`);
        const strength = a.strength ?? 0;
        if (strength < 1) throw new UserError('campaign/bad-number', 'A new unit needs a strength of at least 1.');
        after = [...before, { id: a.unit, side: side.sideId, kind: 'unit', formation: a.formation ?? null, name: safeText(a.name ?? a.unit), strength, full: a.full ?? strength, fatigue: a.fatigue ?? 'fresh', quality: a.quality ?? 'line', officers: [] }];
      } else {
        if (i < 0) throw new UserError('campaign/unknown-unit', `There is no unit "${a.unit}" in ${c.name}.`, 'Pick one from the autocomplete, or add it with action add.');
        if (this.liveUnits(c).has(a.unit)) throw new UserError('campaign/units-busy', `${a.unit} is fighting a live battle; adjust it between battles.`);
        const u = before[i]!;
        if (a.action === 'remove') after = before.filter((x) => x.id !== a.unit && x.formation !== a.unit);
        else {
          const next: StandingUnit = { ...u, ...(a.strength !== undefined ? { strength: a.strength } : {}), ...(a.full !== undefined ? { full: a.full } : {}), ...(a.fatigue ? { fatigue: safeText(a.fatigue) } : {}), ...(a.quality ? { quality: safeText(a.quality) } : {}) };
          after = before.map((x) => (x.id === a.unit ? next : x));
        }
      }
      const changes = standingChanges(before, after);
      if (!changes.length) throw new UserError('campaign/no-change', 'That changes nothing.', 'Give a strength, full, fatigue or quality, or action add/remove.');
      this.repo.putUnits(c.id, after);
      const text = `GM adjustment (${escapeMd(a.reason)}): ${changes.map((x) => `${x.unit} ${x.field} ${x.from ?? '—'} → ${x.to ?? '—'}`).join('; ')}`;
      this.log(c, null, 'adjust', gm, text, { changes, reason: a.reason });
      return { text };
    });
  }

  /**
   * Undo a battle's aftermath (issue 15, explicit and logged): the standing order of battle goes
   * back to what it was before, and the battle's last resolution is rolled back so the battle
   * resumes; when it ends again its aftermath is applied again, with new dice. Only the last
   * change to the campaign can be undone this way.
   */
  undo(c: CampaignRow, gm: Actor, isAdmin: boolean, reason: string): CampaignBattleRow {
    this.requireGm(c, gm, isAdmin);
    return this.tx(() => {
      const log = this.repo.logOf(c.id);
      const last = [...log].reverse().find((e) => e.kind === 'aftermath' || e.kind === 'adjust' || e.kind === 'undo' || e.kind === 'battle');
      if (!last || last.kind !== 'aftermath' || last.battleId === null) throw new UserError('campaign/nothing-to-undo', 'Only an aftermath that is the campaign\'s last change can be undone.', last?.kind === 'adjust' ? 'A GM adjustment came after it: adjust back by hand.' : last?.kind === 'battle' ? 'A battle has started since.' : 'No battle has ended yet.');
      const battle = this.repo.battles(c.id).find((b) => b.id === last.battleId)!;
      const game = this.deps.games.repo.game(battle.gameId)!;
      if (this.deps.games.repo.liveGameIn(game.channelId)) throw new UserError('campaign/channel-busy', `Another game is live in <#${game.channelId}>, where battle ${battle.seq} was fought.`, 'End it first: the battle resumes there.');
      const before = (JSON.parse(last.detail) as { before: StandingUnit[] }).before;
      const now = this.deps.clock();
      this.repo.putUnits(c.id, before);
      this.repo.moveBattle(battle.id, 'applied', { status: 'running', outcome: null, endedAt: null });
      this.log(c, battle.id, 'undo', gm, `Aftermath of battle ${battle.seq} undone by the GM (${reason}); the battle resumes before its last resolution.`, { changes: standingChanges(this.repo.units(c.id), before), reason });
      this.deps.games.repo.updateGame(game.id, { status: 'running', updatedAt: now });
      this.deps.gm.rollback(game.channelId, gm, true, `campaign aftermath undone: ${reason}`);
      return this.repo.battles(c.id).find((b) => b.id === battle.id)!;
    });
  }

  end(c: CampaignRow, gm: Actor, isAdmin: boolean): void {
    this.requireGm(c, gm, isAdmin);
    this.tx(() => {
      if (this.liveUnits(c).size) throw new UserError('campaign/battle-live', `${c.name} still has a live battle.`, 'Finish it (or /game end it) first.');
      this.repo.updateCampaign(c.id, { status: 'ended', updatedAt: this.deps.clock() });
      this.log(c, null, 'end', gm, `${c.name} ends.`, {});
    });
  }

  private log(c: CampaignRow, battleId: number | null, kind: string, actor: Actor, text: string, detail: unknown): void {
    const sides = this.repo.sides(c.id).map((s) => s.sideId);
    this.repo.log({ campaignId: c.id, battleId, kind, actorId: actor.id, actorName: actor.name, text, detail: JSON.stringify(detail), totals: JSON.stringify(sideTotals(this.repo.units(c.id), sides)), createdAt: this.deps.clock() });
  }
}
