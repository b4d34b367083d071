import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import type { z } from 'zod';
import type { Logger } from '../logger';
import type { Services } from '../services/services';
import type { ReadAttachment } from './attachments';
import type { ReplyModel, Visibility } from './reply';

/** A slash command as both adapters receive it: names and plain option values. */
export interface Invocation {
  readonly name: string;
  readonly subcommand?: string;
  /** Option name → value. User options carry the user id; `users` maps ids to display names. */
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly users?: Readonly<Record<string, string>>;
}

/** Everything a handler may use; no Discord objects. */
export interface CommandContext {
  readonly guildId: string;
  readonly channelId: string;
  readonly user: { readonly id: string; readonly name: string };
  /** Holds Manage Server (or is the console operator). */
  readonly isAdmin: boolean;
  /** The member's server role ids (for a game's GM role). */
  readonly roles?: readonly string[];
  readonly services: Services;
  readonly now: () => Date;
  readonly log: Logger;
  /** Display names of users named in options (id → name). */
  readonly users: Readonly<Record<string, string>>;
  /**
   * Reads the file given for an attachment option (its option value is the reference): Discord
   * fetches the attachment, the console reads the local path typed. Absent where no file can be
   * given (buttons, autocomplete).
   */
  readonly attachment?: ReadAttachment;
}

/** Anything with the builders' toJSON(): a SlashCommandBuilder or its subcommand variants. */
export interface CommandData {
  readonly name: string;
  toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/**
 * One slash command: its definition (@discordjs/builders), the zod schema of its options
 * (flattened, with `subcommand` when it has subcommands), whether it must defer first (3 s
 * rule) and how visibly, and a handler that calls services and returns a reply model.
 */
export interface Command<I = unknown> {
  readonly data: CommandData;
  readonly input: z.ZodType<I>;
  /** Return a visibility to defer with before running a handler that may be slow. */
  readonly defer?: (input: I) => Visibility | false;
  execute(ctx: CommandContext, input: I): ReplyModel | Promise<ReplyModel>;
  /** Suggestions for the option being typed (Discord shows at most 25). */
  autocomplete?(ctx: CommandContext, focused: { name: string; value: string }, inv: Invocation): Choice[] | Promise<Choice[]>;
}

/** One autocomplete suggestion. */
export interface Choice {
  readonly name: string;
  readonly value: string;
}

/** Keeps a command's input type while storing it in the untyped list. */
export function defineCommand<I>(c: Command<I>): Command<unknown> {
  return c as unknown as Command<unknown>;
}
