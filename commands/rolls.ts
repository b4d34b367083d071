import { SlashCommandBuilder } from '@discordjs/builders';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { button } from '../src/interaction/components';
import { defineCommand, type CommandContext } from '../src/interaction/command';
import { anchorText, brokenLine, epochLine, escapeMd, logLine, ts } from '../src/interaction/present-rolls';
import { DISCORD_LIMITS, type ReplyModel } from '../src/interaction/reply';
import { UserError } from '../src/lib/user-error';
import { renderStatsChart } from '../src/render/stats-chart';
import { LOG_PAGE_MAX } from '../src/services/rolls.service';

const Input = z.discriminatedUnion('subcommand', [
  z.object({ subcommand: z.literal('log'), user: z.string().optional(), limit: z.number().int().min(1).max(LOG_PAGE_MAX).default(10), page: z.number().int().min(1).default(1) }),
  z.object({ subcommand: z.literal('verify') }),
  z.object({ subcommand: z.literal('export') }),
  z.object({ subcommand: z.literal('stats'), die: z.string().trim().min(2).max(60).default('d6') }),
  z.object({ subcommand: z.literal('seeds') }),
  z.object({ subcommand: z.literal('reveal') }),
]);
type Input = z.infer<typeof Input>;

/** `/rolls …` — the server's audit trail: read it, check it, take it away, question the dice. */
export const rolls = defineCommand<Input>({
  data: new SlashCommandBuilder()
    .setName('rolls')
    .setDescription("The server's dice audit trail")
    .setDMPermission(false)
    .addSubcommand((s) => s.setName('log').setDescription('Recent rolls, newest first')
      .addUserOption((o) => o.setName('user').setDescription('Only this member\'s rolls'))
      .addIntegerOption((o) => o.setName('limit').setDescription(`Entries per page (1-${LOG_PAGE_MAX}, default 10)`).setMinValue(1).setMaxValue(LOG_PAGE_MAX))
      .addIntegerOption((o) => o.setName('page').setDescription('Page number (1 = newest)').setMinValue(1)))
    .addSubcommand((s) => s.setName('verify').setDescription('Check the whole trail: hash chain, seeds and every die'))
    .addSubcommand((s) => s.setName('export').setDescription('The trail as a JSON file anyone can verify offline'))
    .addSubcommand((s) => s.setName('stats').setDescription('How often each face came up, with a chi-square fairness test')
      .addStringOption((o) => o.setName('die').setDescription('Which die: d6 (default), d20, d%, dK8…').setMaxLength(60)))
    .addSubcommand((s) => s.setName('seeds').setDescription('Seed commitments and revealed seeds'))
    .addSubcommand((s) => s.setName('reveal').setDescription('Admins: reveal the current seed now so every roll so far can be checked')),
  input: Input,
  defer: (i) => (i.subcommand === 'verify' || i.subcommand === 'export' || i.subcommand === 'stats' ? 'public' : false),
  async execute(ctx, input): Promise<ReplyModel> {
    switch (input.subcommand) {
      case 'log': return log(ctx, input);
      case 'verify': return verify(ctx);
      case 'export': return exportTrail(ctx);
      case 'stats': return stats(ctx, input.die);
      case 'seeds': return seeds(ctx);
      case 'reveal': return reveal(ctx);
    }
  },
});

function log(ctx: CommandContext, i: Extract<Input, { subcommand: 'log' }>): ReplyModel {
  const res = ctx.services.rolls.log(ctx.guildId, { actorId: i.user, page: i.page, pageSize: i.limit });
  const whose = i.user ? ` of ${escapeMd(ctx.users[i.user] ?? i.user)}` : '';
  if (res.total === 0) return { visibility: 'public', content: `The audit trail${whose} is empty: nobody has rolled yet. Try \`/roll 2d6\`.` };
  const brk = ctx.services.rolls.firstBreak(ctx.guildId);
  const body = (brk ? `${brokenLine({ seq: brk.firstBadSeq, since: brk.foundAt })}\n\n` : '') + res.lines.map(logLine).join('\n');
  const older = res.page < res.pages ? ` · older: \`/rolls log page:${res.page + 1}\`` : '';
  // Paging buttons replace this message with the neighbouring page (issue 11): the same command, another page.
  const line = (page: number) => `/rolls log page:${page} limit:${i.limit}${i.user ? ` user:${i.user}` : ''}`;
  const paging = [
    ...(res.page > 1 ? [button('◀ Newer', line(res.page - 1), { update: true })] : []),
    ...(res.page < res.pages ? [button('Older ▶', line(res.page + 1), { update: true })] : []),
  ];
  return {
    visibility: 'public',
    ...(paging.length ? { components: [paging] } : {}),
    embeds: [{
      title: `Audit trail${whose} — page ${res.page}/${res.pages}`,
      description: body.slice(0, DISCORD_LIMITS.embedDescription),
      footer: `${res.total} entr${res.total === 1 ? 'y' : 'ies'}, newest first${older}`,
      color: 0x1f4e79,
    }],
  };
}

async function verify(ctx: CommandContext): Promise<ReplyModel> {
  const check = await ctx.services.rolls.check(ctx.guildId, { channelId: ctx.channelId, now: ctx.now().getTime() });
  const r = check.result;
  // Once found, a break is said on every later verify, even if the rows were put back.
  const recorded = check.breaks.filter((b) => b.id !== check.newBreak?.id);
  const history = recorded.map((b) => `-# ⚠️ chain broken at #${b.firstBadSeq} since ${ts(b.foundAt, 'f')} (\`${b.code}\`)`);
  if (!r.ok) {
    const content = [`❌ **The audit trail is broken.**\n${r.error.message}\n-# check code \`${r.error.code}\` · entries before #${r.error.seq} verified intact`, ...history].join('\n');
    const notice = check.newBreak
      ? [`🚨 **Server admins: the dice audit trail of this server is broken at entry #${check.newBreak.firstBadSeq}** (\`${check.newBreak.code}\`), found by /rolls verify ${ts(check.newBreak.foundAt, 'f')}. Rolls from there on cannot be proved fair. Keep \`/rolls export\` copies and the roll replies (their anchors); every later /rolls verify and /rolls log will say so.`]
      : [];
    return { visibility: 'public', content: content.slice(0, DISCORD_LIMITS.content), ...(notice.length ? { announcements: notice } : {}) };
  }
  const v = r.value;
  if (v.entries === 0 && history.length === 0) return { visibility: 'public', content: 'The audit trail is empty: there is nothing to verify yet.' };
  const lines = [
    `✅ **Audit trail intact** — ${v.entries} entries, every hash link checked.`,
    `• ${v.rolls} roll(s): ${v.recomputed} recomputed die by die from revealed seeds (anyone can repeat this with \`/rolls export\`).`,
  ];
  if (v.awaitingReveal > 0) lines.push(`• ${v.awaitingReveal} roll(s) use seeds not yet revealed; the bot checked them against the published commitments, and everyone can once the seeds are revealed (\`/rolls seeds\`).`);
  lines.push(`• ${v.epochs} seed(s), ${v.revealedEpochs} revealed, each matching its commitment.`);
  if (check.anchor) lines.push(`• It still holds the last anchor the bot showed, ${anchorText(check.anchor.seq, check.anchor.hash)} (${ts(check.anchor.shownAt, 'R')}), and every seed's rolls and reveal.`);
  if (v.uncommittedReveals) lines.push(`• The reveal of seed(s) ${v.uncommittedReveals.map((id) => `#${id}`).join(', ')} predates the roll-count check: a deletion of their last rolls could not be detected from the trail alone.`);
  if (history.length) lines[0] = `⚠️ **Audit trail consistent now, but it was found broken before** — ${v.entries} entries, every hash link checked.`;
  return { visibility: 'public', content: [...lines, ...history].join('\n').slice(0, DISCORD_LIMITS.content) };
}

// Leave headroom under Discord's 10 MiB attachment limit for the multipart envelope.
const EXPORT_MAX = 9 * 1024 * 1024;

function exportTrail(ctx: CommandContext): ReplyModel {
  const now = ctx.now();
  const data = ctx.services.rolls.exportTrail(ctx.guildId, now);
  const json = Buffer.from(JSON.stringify(data));
  const stamp = now.toISOString().slice(0, 10);
  let file = { name: `audit-${ctx.guildId}-${stamp}.json`, data: json };
  if (json.length > EXPORT_MAX) file = { name: `${file.name}.gz`, data: gzipSync(json, { level: 9 }) };
  if (file.data.length > EXPORT_MAX) {
    throw new UserError('export/too-large', `The trail has ${data.entries.length} entries, too many for one Discord attachment even compressed.`,
      `The bot's operator can export it on the server: npx estafette export --guild ${ctx.guildId} --out trail.json`);
  }
  return {
    visibility: 'public',
    content: `📜 The audit trail: ${data.entries.length} entries. Check it yourself, offline, with \`npx estafette verify ${file.name}\` in a copy of Estafette. Private rolls whose seed is not revealed yet are sealed in this copy.`,
    files: [{ name: file.name, data: file.data, description: 'Estafette audit trail' }],
  };
}

function stats(ctx: CommandContext, die: string): ReplyModel {
  const s = ctx.services.rolls.stats(ctx.guildId, die);
  const t = s.test;
  const total = s.faces.reduce((a, f) => a + f.count, 0);
  if (total === 0) return { visibility: 'public', content: `No ${escapeMd(s.die)} has been rolled in this server yet.` };
  const weightSum = s.faces.reduce((a, f) => a + f.weight, 0);
  const verdict = !t.enoughData
    ? 'Not enough rolls yet for the test to mean much (it wants at least 5 expected per face).'
    : t.pValue < 0.001 ? '⚠️ Very unlikely for a fair die (p < 0.001). Check the seeds with /rolls verify.'
    : t.pValue < 0.05 ? 'A little unusual (p < 0.05) — about 1 server in 20 sees this by chance with fair dice.'
    : 'Consistent with a fair die.';
  const table = s.faces.map((f) => `\`${String(f.face).padStart(4)}\` ${String(f.count).padStart(6)}  (${((100 * f.count) / total).toFixed(1)}%)`).join('\n');
  const chart = renderStatsChart({
    title: `${s.die}: ${total} dice in ${s.rolls} rolls`,
    subtitle: `χ² = ${t.chiSquare.toFixed(2)}, ${t.degreesOfFreedom} degrees of freedom, p = ${t.pValue.toFixed(4)}`,
    bars: s.faces.map((f) => ({ label: String(f.face), count: f.count, expected: (total * f.weight) / weightSum })),
  });
  return {
    visibility: 'public',
    embeds: [{
      title: `Dice statistics — ${s.die}`,
      description: `${total} dice in ${s.rolls} rolls (kept and dropped dice alike; sealed private rolls excluded).\n${table.slice(0, 3000)}`,
      fields: [
        { name: 'Chi-square', value: `${t.chiSquare.toFixed(3)} (df ${t.degreesOfFreedom})`, inline: true },
        { name: 'p-value', value: t.pValue.toFixed(4), inline: true },
        { name: 'Verdict', value: verdict },
      ],
      image: 'dice-stats.png',
      color: 0x1f4e79,
    }],
    files: [{ name: 'dice-stats.png', data: chart, description: `Face counts of ${s.die}` }],
  };
}

function seeds(ctx: CommandContext): ReplyModel {
  // Opening the epoch now publishes its commitment before anyone rolls with it.
  ctx.services.rolls.currentServerEpoch(ctx.guildId);
  const list = ctx.services.rolls.epochs(ctx.guildId, 5);
  return {
    visibility: 'public',
    embeds: [{
      title: 'Dice seeds (newest first)',
      description: list.map(epochLine).join('\n\n').slice(0, DISCORD_LIMITS.embedDescription),
      footer: 'Every roll is HMAC-SHA256(seed, roll index) with unbiased rejection sampling; SHA-256(seed) must equal the commitment.',
      color: 0x1f4e79,
    }],
  };
}

function reveal(ctx: CommandContext): ReplyModel {
  if (!ctx.isAdmin) throw new UserError('permission/admin-only', 'Only members with the Manage Server permission can reveal the seed early.', 'Ask a server admin, or wait: seeds are revealed automatically (see /rolls seeds).');
  const e = ctx.services.rolls.revealServerSeed(ctx.guildId, ctx.user);
  if (!e) return { visibility: 'private', content: 'There is no open seed to reveal: nobody has rolled since the last reveal.' };
  // The reveal entry commits to the seed's roll count and last roll; its anchor pins it publicly.
  const head = ctx.services.trail.repo.lastLink(ctx.guildId)!;
  return { visibility: 'public', content: `🔓 **Seed #${e.id} revealed** by ${escapeMd(ctx.user.name)}: \`${e.seed}\`\nIts ${e.nextIndex} roll(s) can now be checked by anyone (\`/rolls export\`, then \`npx estafette verify\`). The next roll uses a new seed.\n-# ${anchorText(head.seq, head.hash)}` };
}
