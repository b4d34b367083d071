import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Command, CommandContext, Invocation } from '../interaction/command';
import { errorReply, execute, prepare } from '../interaction/dispatch';
import type { EmbedModel, ReplyModel } from '../interaction/reply';
import type { Logger } from '../logger';
import type { Services } from '../services/services';
import { parseConsoleLine, usage } from './console-parse';

export interface ConsoleOptions {
  readonly commands: ReadonlyMap<string, Command>;
  readonly services: Services;
  readonly log: Logger;
  readonly input: Readable;
  readonly output: Writable;
  /** Where image and file attachments are written. */
  readonly outputDir: string;
  readonly user: { readonly id: string; readonly name: string };
  readonly now?: () => Date;
  /** Show a prompt (a terminal) or not (piped input). */
  readonly interactive?: boolean;
}

export const CONSOLE_GUILD = 'local';
export const CONSOLE_CHANNEL = 'console';

/**
 * The bot without Discord: the same commands and services, typed on stdin. Resolves when the
 * input ends or the user types /quit.
 */
export async function runConsole(o: ConsoleOptions): Promise<void> {
  const out = (s: string) => o.output.write(`${s}\n`);
  const defs = new Map([...o.commands].map(([n, c]) => [n, c.data.toJSON()]));
  const outDir = resolve(o.outputDir);
  const writeFile = consoleFiles(o.outputDir, 'reply');
  out(`Estafette local console — no DISCORD_TOKEN set, so nothing is sent to Discord.`);
  out(`You are "${o.user.name}" in the local server. Type /help for commands, /quit to leave. Attachments are written to ${outDir}`);

  const rl = createInterface({ input: o.input, terminal: false });
  const prompt = () => { if (o.interactive) o.output.write('> '); };
  prompt();
  for await (const raw of rl) {
    const line = raw.trim();
    if (!line) { prompt(); continue; }
    if (line === '/quit' || line === '/exit') break;
    if (/^\/help(\s|$)/.test(line)) { out(help(defs, line.slice(5).trim().replace(/^\//, '').toLowerCase())); prompt(); continue; }
    let inv: Invocation = { name: line.replace(/^\/?(\S*).*$/, '$1'), options: {} };
    const ctx: CommandContext = {
      guildId: CONSOLE_GUILD, channelId: CONSOLE_CHANNEL, user: o.user, isAdmin: true, services: o.services,
      now: o.now ?? (() => new Date()), log: o.log, users: {},
    };
    let reply: ReplyModel;
    try {
      inv = parseConsoleLine(line, defs);
      const p = prepare(o.commands, inv);
      if (p.defer) out('… Estafette is thinking');
      reply = await execute(p, { ...ctx, users: inv.users ?? {} });
    } catch (e) {
      reply = errorReply(e, ctx, inv, { guildId: CONSOLE_GUILD, userId: o.user.id });
    }
    out(render(reply, writeFile));
    prompt();
  }
  rl.close();
}

/** Writes attachments to the console's output folder, numbered in order; returns the path. */
export function consoleFiles(dir: string, prefix: string): (name: string, data: Buffer) => string {
  let n = 0;
  const outDir = resolve(dir);
  return (name, data) => {
    mkdirSync(outDir, { recursive: true });
    const path = join(outDir, `${prefix === 'reply' ? '' : `${prefix}-`}${String(++n).padStart(3, '0')}-${name.replace(/[^\w.-]/g, '_')}`);
    writeFileSync(path, data);
    return path;
  };
}

/** A reply as console text. Files are written out and named. */
export function render(r: ReplyModel, writeFile: (name: string, data: Buffer) => string): string {
  const lines: string[] = [r.visibility === 'private' ? '[only you can see this]' : '[posted in the channel]'];
  if (r.content) lines.push(plain(r.content));
  for (const e of r.embeds ?? []) lines.push(renderEmbed(e));
  for (const f of r.files ?? []) lines.push(`📎 ${f.name} (${(f.data.length / 1024).toFixed(1)} KiB) written to ${writeFile(f.name, f.data)}`);
  for (const a of r.announcements ?? []) lines.push(`[posted in the channel] ${plain(a)}`);
  return `${lines.join('\n')}\n`;
}

function renderEmbed(e: EmbedModel): string {
  const body: string[] = [];
  if (e.title) body.push(`┌─ ${plain(e.title)}`);
  if (e.description) body.push(...plain(e.description).split('\n').map((l) => `│ ${l}`));
  for (const f of e.fields ?? []) body.push(`│ ${plain(f.name)}: ${plain(f.value)}`);
  if (e.image) body.push(`│ [image: ${e.image}]`);
  body.push(`└─ ${e.footer ? plain(e.footer) : ''}`);
  return body.join('\n');
}

/** Discord markdown → terminal text: drop bold and subtext markers, show timestamps as ISO. */
function plain(s: string): string {
  return s
    .replace(/<t:(\d+):[a-zA-Z]>/g, (_, sec: string) => new Date(Number(sec) * 1000).toISOString().replace('.000Z', 'Z'))
    .replace(/\*\*/g, '')
    .replace(/^-# /gm, '  ')
    .replace(/\\([\\*_`~|>#[\]()-])/g, '$1');
}

/** Every command's usage, or one command's (`/help roll`) with each option's description. */
function help(defs: ReadonlyMap<string, ReturnType<Command['data']['toJSON']>>, only = ''): string {
  const one = only ? defs.get(only) : undefined;
  if (only && !one) return `There is no /${only} command. Known commands: ${[...defs.keys()].map((n) => `/${n}`).join(', ')}.`;
  if (one) return [...commandHelp(only, one)].join('\n');
  const lines = ['Commands (options as name:value; the first option may be given bare; /help <command> for details):'];
  for (const [name, d] of defs) {
    const subs = (d.options ?? []).filter((o) => o.type === 1);
    if (!subs.length) { lines.push(`  ${usage(name, undefined, d.options ?? [])} — ${d.description}`); continue; }
    for (const s of subs) lines.push(`  ${usage(name, s.name, ('options' in s ? s.options : undefined) ?? [])} — ${s.description}`);
  }
  lines.push('  /help — this list', '  /quit — leave');
  return lines.join('\n');
}

function* commandHelp(name: string, d: ReturnType<Command['data']['toJSON']>): Generator<string> {
  yield `/${name} — ${d.description}`;
  const subs = (d.options ?? []).filter((o) => o.type === 1);
  const groups = subs.length ? subs.map((s) => ({ sub: s.name as string | undefined, desc: s.description, options: ('options' in s ? s.options : undefined) ?? [] })) : [{ sub: undefined, desc: '', options: d.options ?? [] }];
  for (const g of groups) {
    yield `  ${usage(name, g.sub, g.options)}${g.desc ? ` — ${g.desc}` : ''}`;
    for (const o of g.options) yield `      ${o.name}: ${o.description}`;
  }
}
