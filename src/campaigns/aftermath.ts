import { auditedDice } from '../games/audited-dice';
import type { GameRow, GamesRepo } from '../games/games.repo';
import type { Posts } from '../games/posts';
import { escapeMd } from '../interaction/present-rolls';
import { narrate } from '../narrative';
import { standingChanges, sideTotals } from '../rules/campaign/changes';
import type { AnyRuleset } from '../rules/contract';
import type { GameEvent } from '../rules/events';
import { rulesetById } from '../rules/index';
import { SYSTEM_ACTOR, type AuditTrail } from '../services/audit-trail';
import type { CampaignBattleRow, CampaignRow, CampaignsRepo } from './campaigns.repo';

export interface AftermathDeps {
  readonly repo: CampaignsRepo;
  readonly games: GamesRepo;
  readonly trail: AuditTrail;
  readonly posts: Posts;
  readonly clock: () => number;
}

/**
 * Apply a campaign battle's aftermath (issue 15): called inside the transaction that ends the
 * game, so the battle's end and its aftermath commit together or not at all. The battle moves
 * from 'running' to 'applied' by a conditional update: a second call finds it applied and does
 * nothing (exactly once). Its dice come from their own seed epoch, committed before they are
 * rolled and revealed after, in the guild's audit trail like a resolution's.
 */
export function applyAftermath(deps: AftermathDeps, game: GameRow, state: unknown): void {
  const battle = deps.repo.battleOfGame(game.id);
  if (!battle || battle.status !== 'running') return;
  const campaign = deps.repo.campaign(battle.campaignId)!;
  const ruleset = rulesetById(campaign.ruleset);
  const rules = ruleset?.campaign;
  if (!ruleset || !rules) throw new Error(`campaign ${campaign.id}: ruleset ${campaign.ruleset} has no campaign rules`);
  const settings = rules.settings.parse(JSON.parse(campaign.settings));
  if (!settings.ok) throw new Error(`campaign ${campaign.id}: stored settings invalid: ${settings.error.message}`);
  const now = deps.clock();
  const attempt = deps.repo.logOf(campaign.id).filter((e) => e.battleId === battle.id && e.kind === 'aftermath').length;
  const scope = `campaign:${campaign.id}/battle:${battle.seq}/aftermath:${attempt + 1}`;
  const epoch = deps.trail.currentEpoch(game.guildId, scope, String(game.id));
  const dice = auditedDice(deps.trail, { guildId: game.guildId, gameId: String(game.id), scope });
  const before = deps.repo.units(campaign.id);
  const result = rules.aftermath(state, before, settings.value, dice);
  deps.trail.reveal(epoch.id, SYSTEM_ACTOR);

  const outcome = ruleset.outcome(state);
  if (!deps.repo.moveBattle(battle.id, 'running', { status: 'applied', outcome: JSON.stringify(outcome), endedAt: now })) return;
  deps.repo.putUnits(campaign.id, result.standing);
  const sides = deps.repo.sides(campaign.id).map((s) => s.sideId);
  deps.repo.log({
    campaignId: campaign.id, battleId: battle.id, kind: 'aftermath', actorId: SYSTEM_ACTOR.id, actorName: SYSTEM_ACTOR.name,
    text: `Battle ${battle.seq} (${outcome?.summary ?? 'ended'}): ${result.summary}`,
    detail: JSON.stringify({ changes: standingChanges(before, result.standing), before, events: result.events, epoch: epoch.id }),
    totals: JSON.stringify(sideTotals(result.standing, sides)), createdAt: now,
  });
  deps.repo.updateCampaign(campaign.id, { updatedAt: now });
  deps.posts.notice(game, `aftermath:${battle.id}:${attempt + 1}`, aftermathPost(campaign, battle, ruleset, state, result.events, result.summary));
}

/** The channel's narrative of the aftermath: the rolls always; the strengths only where the rules show them to the enemy. */
function aftermathPost(campaign: CampaignRow, battle: CampaignBattleRow, ruleset: AnyRuleset, state: unknown, events: readonly GameEvent[], summary: string): string {
  const hidden = ruleset.campaign!.hidesEnemyStrength;
  const shown = hidden ? (ruleset.publicEvents?.(events) ?? events).filter((e) => e.kind === 'roll') : events;
  const lines = narrate(shown, ruleset.present.names(state), { limit: 1500 }).slice(0, 1);
  // Open strengths: the narrated events say it all (the summary only when there were none).
  const tail = hidden ? ['Each side reads its own losses with `/campaign status` (strengths stay hidden from the enemy).'] : lines.length ? [] : [escapeMd(summary)];
  return [`📜 **${escapeMd(campaign.name)}** — aftermath of battle ${battle.seq} (${ruleset.campaign!.afterBattle}).`, ...lines, ...tail].join('\n').slice(0, 1900);
}
