import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { placementText } from '../src/campaigns/campaign.service';
import { campaignStatus, sideColour, type CampaignViewer } from '../src/campaigns/status';
import { defineCommand, type CommandContext } from '../src/interaction/command';
import { escapeMd } from '../src/interaction/present-rolls';
import type { EmbedModel, ReplyModel } from '../src/interaction/reply';
import { renderCampaignChart } from '../src/render/campaign-chart';
import { matchText } from '../src/rules/campaign/match';
import { RULESETS } from '../src/rules/index';
import { listScenarios } from '../src/rules/scenario/index';

const campaignOpt = { campaign: z.string().max(80).optional() };
const Input = z.discriminatedUnion('subcommand', [
  z.object({ subcommand: z.literal('create'), name: z.string().min(1).max(80), ruleset: z.string(), scenario: z.string() }),
  z.object({ subcommand: z.literal('join'), side: z.string().max(80).optional(), ...campaignOpt }),
  z.object({ subcommand: z.literal('status'), ...campaignOpt }),
  z.object({ subcommand: z.literal('battle'), scenario: z.string(), name: z.string().max(80).optional(), place: z.string().max(2000).optional(), ...campaignOpt }),
  z.object({
    subcommand: z.literal('adjust'), unit: z.string().min(1).max(80), reason: z.string().min(3).max(300), action: z.enum(['set', 'add', 'remove']).optional(),
    strength: z.number().int().min(0).max(999).optional(), full: z.number().int().min(0).max(999).optional(), fatigue: z.string().max(40).optional(), quality: z.string().max(40).optional(),
    side: z.string().max(80).optional(), name: z.string().max(80).optional(), formation: z.string().max(80).optional(), ...campaignOpt,
  }),
  z.object({ subcommand: z.literal('undo'), reason: z.string().min(3).max(300), ...campaignOpt }),
  z.object({ subcommand: z.literal('end'), ...campaignOpt }),
]);
type Input = z.infer<typeof Input>;

const me = (ctx: CommandContext) => ({ id: ctx.user.id, name: ctx.user.name });
const pub = (content: string): ReplyModel => ({ visibility: 'public', content: content.slice(0, 2000) });
const campaignable = () => Object.values(RULESETS).filter((r) => r?.campaign).map((r) => ({ name: r!.name, value: r!.id }));

/** `/campaign …` — battles linked over weeks, losses carried from one to the next (issue 15). */
export const campaign = defineCommand<Input>({
  data: new SlashCommandBuilder().setName('campaign').setDescription('Campaigns: battles linked, losses carried over').setDMPermission(false)
    .addSubcommand((s) => s.setName('create').setDescription('Found a campaign from a scenario\'s order of battle; you are its GM')
      .addStringOption((o) => o.setName('name').setDescription('The campaign\'s name').setRequired(true).setMaxLength(80))
      .addStringOption((o) => o.setName('ruleset').setDescription('Rules').setRequired(true).addChoices(...campaignable()))
      .addStringOption((o) => o.setName('scenario').setDescription('Its order of battle').setRequired(true).setAutocomplete(true)))
    .addSubcommand((s) => s.setName('join').setDescription('Play a side of a campaign')
      .addStringOption((o) => o.setName('side').setDescription('Which side').setAutocomplete(true))
      .addStringOption((o) => o.setName('campaign').setDescription('Which campaign (default: this channel\'s)').setAutocomplete(true)))
    .addSubcommand((s) => s.setName('status').setDescription('Standing order of battle, battles, strength chart (your side\'s hidden values to you only)')
      .addStringOption((o) => o.setName('campaign').setDescription('Which campaign').setAutocomplete(true)))
    .addSubcommand((s) => s.setName('battle').setDescription('GM: start a battle of the campaign in this channel')
      .addStringOption((o) => o.setName('scenario').setDescription('Its units are matched to the campaign\'s by id, or its map is the field for `place`').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('place').setDescription('Place formations on its map: "fr-i-corps at french zone; au-ii-korps at the village facing S"').setMaxLength(2000))
      .addStringOption((o) => o.setName('name').setDescription('A name for the battle').setMaxLength(80))
      .addStringOption((o) => o.setName('campaign').setDescription('Which campaign').setAutocomplete(true)))
    .addSubcommand((s) => s.setName('adjust').setDescription('GM: change the standing order of battle between battles (logged, public)')
      .addStringOption((o) => o.setName('unit').setDescription('Unit id').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('reason').setDescription('Why (posted)').setRequired(true).setMinLength(3).setMaxLength(300))
      .addStringOption((o) => o.setName('action').setDescription('set (default), add a new unit, remove one').addChoices({ name: 'set', value: 'set' }, { name: 'add', value: 'add' }, { name: 'remove', value: 'remove' }))
      .addIntegerOption((o) => o.setName('strength').setDescription('Current strength').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => o.setName('full').setDescription('Full strength').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => o.setName('fatigue').setDescription('Fatigue word').setMaxLength(40))
      .addStringOption((o) => o.setName('quality').setDescription('Quality word').setMaxLength(40))
      .addStringOption((o) => o.setName('side').setDescription('Side of a new unit').setAutocomplete(true))
      .addStringOption((o) => o.setName('name').setDescription('Name of a new unit').setMaxLength(80))
      .addStringOption((o) => o.setName('formation').setDescription('Formation of a new unit').setMaxLength(80))
      .addStringOption((o) => o.setName('campaign').setDescription('Which campaign').setAutocomplete(true)))
    .addSubcommand((s) => s.setName('undo').setDescription('GM: undo the last battle\'s aftermath; the battle resumes before its last resolution')
      .addStringOption((o) => o.setName('reason').setDescription('Why (posted)').setRequired(true).setMinLength(3).setMaxLength(300))
      .addStringOption((o) => o.setName('campaign').setDescription('Which campaign').setAutocomplete(true)))
    .addSubcommand((s) => s.setName('end').setDescription('GM: end the campaign')
      .addStringOption((o) => o.setName('campaign').setDescription('Which campaign').setAutocomplete(true))),
  input: Input,
  defer: (i) => (i.subcommand === 'create' || i.subcommand === 'battle' ? 'public' : i.subcommand === 'status' ? 'private' : false),
  async execute(ctx, i): Promise<ReplyModel> {
    const svc = ctx.services.campaigns;
    if (i.subcommand === 'create') {
      const c = await svc.create({ guildId: ctx.guildId, channelId: ctx.channelId, gm: me(ctx), ruleset: i.ruleset, scenario: i.scenario, name: i.name });
      const sides = svc.repo.sides(c.id);
      return pub(`🗺️ Campaign **${escapeMd(c.name)}** founded on ${c.scenarioId} (${c.ruleset}); GM: ${escapeMd(ctx.user.name)}. Sides: ${sides.map((s) => `\`${s.sideId}\` ${escapeMd(s.name)}`).join(', ')}.\nJoin with \`/campaign join\`; the GM starts a battle with \`/campaign battle\`.`);
    }
    const c = svc.find(ctx.guildId, ctx.channelId, i.campaign);
    switch (i.subcommand) {
      case 'join': return pub(`🪖 ${escapeMd(ctx.user.name)} joins **${escapeMd(svc.join(c, me(ctx), i.side))}** in ${escapeMd(c.name)}.`);
      case 'status': return status(ctx, c.id);
      case 'battle': {
        const { game, battle, match, placement } = await svc.startBattle(c, { channelId: ctx.channelId, gm: me(ctx), isAdmin: ctx.isAdmin, scenario: i.scenario, name: i.name, place: i.place });
        // Seats by their printed names, the id only as what to type (issue 11).
        const live = ctx.services.games.live(ctx.channelId);
        const seats = live.seats.map((s) => `**${escapeMd(ctx.services.games.seatLabel(live, s.seatId))}** ${s.userId ? `<@${s.userId}>` : `*open* (type \`${s.seatId}\`)`}`).join(', ');
        const how = placement
          ? `on ${battle.scenarioId}'s map, placed: ${placementText(placement)} (layout ${escapeMd(RULESETS[c.ruleset as keyof typeof RULESETS]?.campaign?.placement?.basis ?? '')})`
          : `from ${battle.scenarioId}`;
        return pub(`⚔️ Battle ${battle.seq} of **${escapeMd(c.name)}**: **${escapeMd(game.name)}** is set up here ${how}, at the campaign's standing strengths. Units: ${matchText(match)}.\nSeats: ${seats}. The GM starts it with \`/game start\`.`);
      }
      case 'adjust': {
        const r = svc.adjust(c, me(ctx), ctx.isAdmin, { unit: i.unit, action: i.action, strength: i.strength, full: i.full, fatigue: i.fatigue, quality: i.quality, side: i.side, name: i.name, formation: i.formation, reason: i.reason });
        const hides = RULESETS[c.ruleset as keyof typeof RULESETS]?.campaign?.hidesEnemyStrength ?? true;
        // Nothing changes silently: the adjustment is public; where the rules hide strengths, its numbers go to the log only.
        return pub(hides ? `🛠️ The GM adjusted \`${escapeMd(i.unit)}\` in **${escapeMd(c.name)}** (${escapeMd(i.reason)}). Its side sees the figures in \`/campaign status\`.` : `🛠️ ${r.text}`);
      }
      case 'undo': {
        const b = svc.undo(c, me(ctx), ctx.isAdmin, i.reason);
        return pub(`↩️ The GM undid the aftermath of battle ${b.seq} of **${escapeMd(c.name)}** (${escapeMd(i.reason)}): the standing order of battle is as before it, and the battle resumes before its last resolution.`);
      }
      case 'end': svc.end(c, me(ctx), ctx.isAdmin); return pub(`🏁 The campaign **${escapeMd(c.name)}** is over.`);
    }
  },
  async autocomplete(ctx, focused, inv) {
    const q = focused.value.toLowerCase();
    const svc = ctx.services.campaigns;
    if (focused.name === 'campaign') return svc.repo.openIn(ctx.guildId).filter((c) => c.name.toLowerCase().includes(q)).map((c) => ({ name: c.name, value: c.name }));
    if (focused.name === 'scenario') {
      let ruleset = String(inv.options.ruleset ?? '');
      if (inv.subcommand === 'battle') { try { ruleset = svc.find(ctx.guildId, ctx.channelId, inv.options.campaign as string | undefined).ruleset; } catch { /* any */ } }
      return (await listScenarios()).filter((s) => RULESETS[s.ruleset]?.campaign && (!ruleset || s.ruleset === ruleset) && s.id.includes(q)).map((s) => ({ name: `${s.ruleset}: ${s.id}`, value: s.id }));
    }
    let c;
    try { c = svc.find(ctx.guildId, ctx.channelId, inv.options.campaign as string | undefined); } catch { return []; }
    if (focused.name === 'side') return svc.repo.sides(c.id).filter((s) => `${s.sideId} ${s.name}`.toLowerCase().includes(q)).map((s) => ({ name: s.name, value: s.sideId }));
    if (focused.name === 'unit') return svc.repo.units(c.id).filter((u) => `${u.id} ${u.name}`.toLowerCase().includes(q)).map((u) => ({ name: `${u.name} (${u.id})`.slice(0, 100), value: u.id }));
    return [];
  },
});

/** The caller's view of the campaign: embeds per side and the strength chart, privately. */
function status(ctx: CommandContext, campaignId: number): ReplyModel {
  const svc = ctx.services.campaigns;
  const c = svc.repo.campaign(campaignId)!;
  const side = svc.repo.players(c.id).find((p) => p.userId === ctx.user.id)?.sideId;
  const viewer: CampaignViewer = ctx.user.id === c.gmUserId || ctx.isAdmin ? { kind: 'gm' } : side ? { kind: 'side', side } : { kind: 'public' };
  const games = ctx.services.games.repo;
  const st = campaignStatus(svc, c, viewer, (gameId) => games.game(gameId)?.channelId ?? null, (gameId) => games.game(gameId)?.status === 'ended');
  const embeds: EmbedModel[] = [{ title: `Campaign — ${c.name}`, description: [st.header, '', '**Battles**', ...(st.battles.length ? st.battles : ['None yet.'])].join('\n').slice(0, 4000), color: 0x1f4e79 }];
  for (const s of st.sides) embeds.push({ title: `${s.name}${s.hidden ? ' (strengths hidden from you)' : ''}`, description: s.lines.join('\n').slice(0, 1500) || '—' });
  const sides = svc.repo.sides(c.id).map((s) => s.sideId);
  const files = st.chart.series.length && st.chart.labels.length
    ? [{
      name: 'campaign-strength.png', description: `Strength over the campaign ${c.name}`,
      data: renderCampaignChart({ title: `${c.name}: strength over the campaign`, subtitle: `Each side's total after every battle and adjustment (${c.ruleset})`, labels: st.chart.labels, series: st.chart.series.map((x) => ({ name: x.name, colour: sideColour(sides.indexOf(x.side)), values: x.values })) }),
    }]
    : [];
  if (files.length) embeds[0] = { ...embeds[0]!, image: 'campaign-strength.png' };
  return { visibility: 'private', embeds: embeds.slice(0, 10), files };
}
