import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { anchorText, escapeMd, rollMessage } from '../src/interaction/present-rolls';
import { safeText } from '../src/interaction/safe-text';
import { REASON_MAX } from '../src/services/rolls.service';

/** `/roll expression [reason] [private]` — anyone in a server; every roll is audited. */
export const roll = defineCommand({
  data: new SlashCommandBuilder()
    .setName('roll')
    .setDescription('Roll dice, e.g. 2d6+1, 4d6kh3, d%, 1dK8 — every roll is recorded in the audit trail')
    .setDMPermission(false)
    .addStringOption((o) => o.setName('expression').setDescription('Dice to roll: 2d6+1, 2d20kh1, 3d6-1, d%, 1d{1,1,2,3}, 1dK8').setRequired(true).setMaxLength(200))
    .addStringOption((o) => o.setName('reason').setDescription("What the roll is for, e.g. Ney's nerve").setMaxLength(REASON_MAX))
    .addBooleanOption((o) => o.setName('private').setDescription('Only you see the result; the channel is told that you rolled')),
  input: z.object({
    expression: z.string().trim().min(1, 'give a dice expression such as 2d6+1').max(200),
    // Stored in the audit trail and shown publicly: no bidi or invisible controls (issue 16).
    reason: z.string().max(REASON_MAX).transform(safeText).optional(),
    private: z.boolean().default(false),
  }),
  execute(ctx, input) {
    const stored = ctx.services.rolls.roll({ guildId: ctx.guildId, actor: ctx.user, expression: input.expression, reason: input.reason, private: input.private });
    const text = rollMessage(ctx.user.name, stored);
    if (!input.private) return { visibility: 'public', content: text };
    return {
      visibility: 'private',
      content: `${text}\n-# Only you can see this result. It becomes public when seed #${stored.epoch.id} is revealed.`,
      announcements: [`🔒 **${escapeMd(ctx.user.name)}** made a private roll — audit #${stored.seq}, seed #${stored.epoch.id} roll ${stored.rollIndex}. Its result is sealed until that seed is revealed.\n-# ${anchorText(stored.seq, stored.hash)}`],
    };
  },
});
