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

export interface ReplyModel {
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
