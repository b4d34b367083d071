import { ButtonStyle, ComponentType, MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { Invocation } from '../interaction/command';
import { buttonId, parseCustomId, pendingPicks } from '../interaction/components';
import { errorReply, execute, prepare } from '../interaction/dispatch';
import type { ComponentModel, ReplyModel } from '../interaction/reply';
import { UserError } from '../lib/user-error';
import { parseConsoleLine } from './console-parse';
import { contextOf, send, toPayload, type DiscordOptions } from './discord';

const STYLE = { primary: ButtonStyle.Primary, secondary: ButtonStyle.Secondary, success: ButtonStyle.Success, danger: ButtonStyle.Danger } as const;

/** One row of the reply model as Discord's API JSON (an action row of buttons, or one select menu). */
export function componentRow(row: readonly ComponentModel[]) {
  return {
    type: ComponentType.ActionRow,
    components: row.map((c) => (c.kind === 'button'
      ? { type: ComponentType.Button, style: STYLE[c.style ?? 'secondary'], label: c.label.slice(0, 80), custom_id: buttonId(c) }
      : { type: ComponentType.StringSelect, custom_id: c.id, placeholder: c.placeholder.slice(0, 150), options: c.options.slice(0, 25).map((x) => ({ label: x.label.slice(0, 100), value: x.value.slice(0, 100) })) })),
  };
}

/**
 * A button or select menu on one of the bot's messages (issue 11). Its custom id names a
 * command line (or a command waiting for a picked name); it runs through the same prepare,
 * execute and error boundary as a slash command, as the user who clicked, with their
 * permissions: a button grants nothing the command would not.
 */
export async function handleComponent(interaction: ButtonInteraction | StringSelectMenuInteraction, o: DiscordOptions): Promise<void> {
  const parsed = parseCustomId(interaction.customId);
  let inv: Invocation = { name: 'component', options: {} };
  const ctx0 = contextOf(interaction, o, {});
  let reply: ReplyModel;
  let update = false;
  let deferred: 'public' | 'private' | false = false;
  try {
    if (!interaction.guildId) throw new UserError('command/guild-only', 'Estafette commands work inside a server, not in direct messages.');
    if (!parsed) throw new UserError('component/unknown', 'This button is from an older version of the bot and does nothing now.', 'Use the slash command instead.');
    if (parsed.kind === 'line') {
      const defs = new Map([...o.commands].map(([n, c]) => [n, c.data.toJSON()]));
      inv = parseConsoleLine(parsed.line, defs);
      update = parsed.update;
    } else {
      // A menu gives the picked value; a confirmation button the `confirm:true` it stands for.
      const value = interaction.isStringSelectMenu() ? interaction.values[0] : true;
      const picked = value === undefined ? null : pendingPicks.take(parsed.key, interaction.user.id, value);
      if (!picked) throw new UserError('component/expired', 'This choice has expired (or is not yours).', 'Type the command again; autocomplete lists the names.');
      inv = picked;
      // The answer replaces the private question it settles, unless it is for the whole channel.
      update = true;
    }
    const p = prepare(o.commands, inv);
    if (p.defer) {
      // 3-second rule, as for slash commands: a slow command answers anew after deferring.
      await interaction.deferReply(p.defer === 'private' ? { flags: MessageFlags.Ephemeral } : {});
      deferred = p.defer;
    }
    reply = await execute(p, { ...ctx0, users: inv.users ?? {} });
  } catch (e) {
    reply = errorReply(e, ctx0, inv, { guildId: ctx0.guildId, userId: ctx0.user.id });
  }
  if (deferred) return send(interaction, reply, deferred);
  const payload = toPayload(reply);
  // Replace the message only when the answer is seen by the same people as the message was.
  const messageIsPrivate = interaction.message.flags.has(MessageFlags.Ephemeral);
  if (update && messageIsPrivate === (reply.visibility === 'private')) {
    const { flags: _flags, ...edit } = payload;
    await interaction.update({ ...edit, components: edit.components ?? [] });
  } else {
    await send(interaction, reply, false);
  }
}
