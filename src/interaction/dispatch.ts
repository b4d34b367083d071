import { randomBytes } from 'node:crypto';
import { TurnCommitError } from '../db/batch';
import { DurabilityError } from '../db/durability';
import { storageErrorCode } from '../lib/storage-error';
import { ChoiceError, UserError } from '../lib/user-error';
import { invocationLine, pendingPicks } from './components';
import type { Choice, Command, CommandContext, Invocation } from './command';
import { safeText } from './safe-text';
import type { ReplyModel, Visibility } from './reply';

/** The one error boundary: user errors privately with code and fix; bugs logged, apologised for. */
export function errorReply(e: unknown, ctx: Pick<CommandContext, 'log'>, inv: Invocation, where: { guildId: string; userId: string }): ReplyModel {
  if (e instanceof ChoiceError && e.choices.length) return choiceReply(e, inv, where.userId);
  if (e instanceof UserError) return userErrorReply(e);
  const ref = randomBytes(3).toString('hex');
  // A turn's batch that did not commit (src/db/batch.ts): on a full or failing disk it is the
  // storage answer below (the turn rolled back: nothing recorded, as when a command's own commit
  // fails there); otherwise (SQLite refused or undid it) the answer a failed fsync gets: what the
  // command did before its first await is gone, what it did after may be saved; nothing is confirmed.
  if (e instanceof DurabilityError || (e instanceof TurnCommitError && !storageErrorCode(e))) {
    ctx.log.error({ err: e, ref, command: inv.name, subcommand: inv.subcommand, ...where }, e instanceof DurabilityError
      ? 'command done but not acknowledged: the fsync of its commit failed'
      : 'command done but not acknowledged: the commit of its turn failed');
    return {
      visibility: 'private',
      content: [
        "⚠️ The bot's storage is failing: this command was carried out but the bot **could not make sure it was saved**, so it may be lost if the server stops. It is not confirmed.",
        `The bot's admins have been told (ref \`${ref}\`). Check it once the bot is back (your orders with /orders, rolls with /rolls log).`,
        '-# error code `storage/not-durable`',
      ].join('\n'),
    };
  }
  const storage = storageErrorCode(e);
  if (storage) {
    ctx.log.error({ err: e, ref, storage, command: inv.name, subcommand: inv.subcommand, ...where }, 'command failed: the database storage is full or failing');
    return {
      visibility: 'private',
      content: [
        "⚠️ The bot's storage is full or failing, so this command was not carried out and **nothing was recorded** — your orders, rolls and readiness stand as they were before it.",
        `The bot's admins have been told (ref \`${ref}\`). Please try again later.`,
        '-# error code `storage/unavailable`',
      ].join('\n'),
    };
  }
  ctx.log.error({ err: e, ref, command: inv.name, subcommand: inv.subcommand, options: inv.options, ...where }, 'command failed');
  return {
    visibility: 'private',
    content: `Sorry — something went wrong on our side and your command was not completed (ref \`${ref}\`). Nothing was recorded twice; please try again, and tell the server admin if it keeps happening.`,
  };
}

export function userErrorReply(e: UserError): ReplyModel {
  // Errors often quote what the user typed (a seat, a place): no bidi or invisible controls back.
  const lines = [`❌ ${safeText(e.message)}`];
  if (e.hint) lines.push(`💡 ${safeText(e.hint)}`);
  lines.push(`-# error code \`${e.code}\``);
  return { visibility: 'private', content: lines.join('\n') };
}

/** The refusal with a select menu: picking one re-runs the same command with that value (issue 11). */
function choiceReply(e: ChoiceError, inv: Invocation, userId: string): ReplyModel {
  const key = pendingPicks.add(inv, e.option, userId);
  const options = e.choices.slice(0, 25).map((c) => ({ label: c.name.slice(0, 100), value: c.value.slice(0, 100), line: invocationLine({ ...inv, options: { ...inv.options, [e.option]: c.value } }) }));
  return { ...userErrorReply(e), components: [[{ kind: 'select', id: `pick|${key}`, placeholder: `Choose the ${e.option}`, options }]] };
}

export interface Prepared {
  readonly command: Command;
  readonly input: unknown;
  /** Visibility to defer with, or false to answer directly. */
  readonly defer: Visibility | false;
}

/**
 * Find the command and validate its options. Throws UserError for an unknown command or
 * subcommand and for options that fail the command's schema, so the caller's boundary
 * answers privately before anything runs.
 */
export function prepare(commands: ReadonlyMap<string, Command>, inv: Invocation): Prepared {
  const command = commands.get(inv.name);
  if (!command) {
    throw new UserError('command/unknown', `There is no /${inv.name} command.`, `Known commands: ${[...commands.keys()].map((n) => `/${n}`).join(', ')}.`);
  }
  const raw = inv.subcommand ? { subcommand: inv.subcommand, ...inv.options } : { ...inv.options };
  const parsed = command.input.safeParse(raw);
  if (!parsed.success) {
    const subs = subcommandNames(command);
    if (subs.length && (!inv.subcommand || !subs.includes(inv.subcommand))) {
      throw new UserError('command/unknown-subcommand',
        inv.subcommand ? `/${inv.name} has no "${inv.subcommand}" subcommand.` : `/${inv.name} needs a subcommand.`,
        `Use one of: ${subs.map((s) => `/${inv.name} ${s}`).join(', ')}.`);
    }
    const problems = parsed.error.issues.map((i) => `${i.path.length ? `\`${i.path.join('.')}\`: ` : ''}${i.message}`);
    throw new UserError('input/invalid', `That command's options are not valid: ${problems.join('; ')}.`, `Check /${inv.name}${inv.subcommand ? ` ${inv.subcommand}` : ''}'s options and try again.`);
  }
  return { command, input: parsed.data, defer: command.defer ? command.defer(parsed.data) : false };
}

/**
 * Run the command, then wait until what it committed is on disk (group commit, issue 12): the
 * reply is an acknowledgement, so it never leaves before its commit is durable. A command that
 * failed may have committed an earlier step, so its error waits too. A failed fsync throws a
 * DurabilityError (the boundary answers that the outcome is not confirmed), so does a turn's
 * batch that did not commit (TurnCommitError). `executed` is told
 * when the command returned, before the wait (a load trace's mark).
 */
export async function execute(p: Prepared, ctx: CommandContext, executed?: () => void): Promise<ReplyModel> {
  // Run inside a turn's batch (src/db/batch.ts), the command's first part commits with the turn:
  // a turn that did not commit rejects here, whatever the command answered (TurnCommitError).
  const turn = ctx.services.db.$batch.outcome;
  let reply: ReplyModel;
  try {
    reply = await p.command.execute(ctx, p.input);
    executed?.();
  } catch (e) {
    if (turn) await turn;
    await ctx.services.db.$durability.durable();
    throw e;
  }
  if (turn) await turn;
  await ctx.services.db.$durability.durable();
  return reply;
}

export function subcommandNames(c: Command): string[] {
  return (c.data.toJSON().options ?? []).filter((o) => o.type === 1).map((o) => o.name);
}

/** Autocomplete never errors at the user: bad state just yields no suggestions (Discord caps at 25). */
export async function suggest(commands: ReadonlyMap<string, Command>, inv: Invocation, focused: { name: string; value: string }, ctx: CommandContext): Promise<Choice[]> {
  const command = commands.get(inv.name);
  if (!command?.autocomplete) return [];
  try {
    const choices = await command.autocomplete(ctx, focused, inv);
    return choices.slice(0, 25).map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) }));
  } catch (e) {
    if (!(e instanceof UserError)) ctx.log.warn({ err: e, command: inv.name, option: focused.name }, 'autocomplete failed');
    return [];
  }
}
