/**
 * What a command answers, independent of transport. The Discord adapter turns it into
 * interaction replies, the console into text and files on disk.
 */
export type Visibility = 'public' | 'private';

export interface EmbedField {
  readonly name: string;
  readonly value: string;
  readonly inline?: boolean;
}

export interface EmbedModel {
  readonly title?: string;
  readonly description?: string;
  readonly fields?: readonly EmbedField[];
  readonly footer?: string;
  /** 0xRRGGBB */
  readonly color?: number;
  /** Name of an attached file to show as the embed image. */
  readonly image?: string;
}

export interface FileModel {
  readonly name: string;
  readonly data: Buffer;
  readonly description?: string;
}

/**
 * A button runs a command line, exactly as typed in the console (`/ready`, `/rolls log page:2`):
 * the adapter parses it and sends it through the same command layer, error boundary and
 * permission checks as a slash command (issue 11).
 */
export interface ButtonModel {
  readonly kind: 'button';
  readonly label: string;
  /** The command it runs, a console line of at most 95 characters. */
  readonly line: string;
  readonly style?: 'primary' | 'secondary' | 'success' | 'danger';
  /** Replace the message carrying the button with the answer (paging) rather than answering anew. */
  readonly update?: boolean;
  /** A command too long for a custom id (a rollback's reason), held by the adapter under this key; `line` is then for the console. */
  readonly pending?: string;
}

/** A select menu: a pick among names, each option the command line it amounts to. */
export interface SelectModel {
  readonly kind: 'select';
  /** The adapter's handle for what picking does (a pending command awaiting one option). */
  readonly id: string;
  readonly placeholder: string;
  readonly options: readonly { readonly label: string; readonly value: string; readonly line: string }[];
}

export type ComponentModel = ButtonModel | SelectModel;

export interface ReplyModel {
  /** Rows of buttons or one select menu each (Discord: at most 5 rows of 5 buttons). */
  readonly components?: readonly (readonly ComponentModel[])[];
  readonly content?: string;
  readonly embeds?: readonly EmbedModel[];
  readonly files?: readonly FileModel[];
  readonly visibility: Visibility;
  /**
   * Public messages posted to the channel after the reply, e.g. the notice that someone
   * rolled privately: the roll's existence is public even when its result is not.
   */
  readonly announcements?: readonly string[];
  /** Users this message may ping (reminders); nobody else is ever pinged. */
  readonly mentions?: readonly string[];
}

// Discord's limits (DESIGN.md): replies are cut here rather than rejected by the API.
export const DISCORD_LIMITS = {
  content: 2000,
  embedDescription: 4096,
  embedTotal: 6000,
  embedFieldValue: 1024,
  embedFields: 25,
  attachmentBytes: 10 * 1024 * 1024,
} as const;

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export const privateText = (content: string): ReplyModel => ({ content, visibility: 'private' });
export const publicText = (content: string): ReplyModel => ({ content, visibility: 'public' });
