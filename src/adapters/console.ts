import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { readLocalAttachment } from '../interaction/attachments';
import type { Command, CommandContext, Invocation } from '../interaction/command';
import { errorReply, execute, prepare } from '../interaction/dispatch';
import type { ComponentModel, EmbedModel, ReplyModel } from '../interaction/reply';
import type { Logger } from '../logger';
import type { Services } from '../services/services';
import { completeConsoleLine } from './console-complete';
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
  /** Display names by user id, shared with the console poster so mentions read as @name. */
  readonly names?: ConsoleNames;
  /** Aborted when the process shuts down: stop reading after the command under way. */
  readonly signal?: AbortSignal;
}

/** Display names of the console's users by id (`<@id>` is shown as `@name`). */
export type ConsoleNames = Map<string, string>;

/** What turning Discord markdown into terminal text needs: names for mentions, the clock for relative times. */
export interface ConsoleView {
  readonly names?: ReadonlyMap<string, string>;
  readonly now?: () => number;
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
  out(`You are "${o.user.name}" in the local server. Type /help for commands, /as <name> to act as another player, /quit to leave. Attachments are written to ${outDir}`);
  const names = o.names ?? new Map<string, string>();
  names.set(o.user.id, o.user.name);
  // `/as <name>` switches the acting user so one person can try a two-player game locally. Only
  // the console's own user is a server admin; the others are ordinary members (GM checks apply).
  let user = o.user;

  const ctxOf = (): CommandContext => ({
    guildId: CONSOLE_GUILD, channelId: CONSOLE_CHANNEL, user, isAdmin: user === o.user, services: o.services,
    now: o.now ?? (() => new Date()), log: o.log, users: {}, attachment: readLocalAttachment,
  });
  // Tab completes commands, options and names from the same autocomplete Discord shows (issue 11).
  const completer = (line: string, cb: (err: null, result: [string[], string]) => void) => {
    completeConsoleLine(line, o.commands, ctxOf()).then((r) => cb(null, r), () => cb(null, [[], line]));
  };
  const rl = createInterface({ input: o.input, output: o.interactive ? o.output : undefined, terminal: !!o.interactive, completer, ...(o.signal ? { signal: o.signal } : {}) });
  const prompt = () => { if (o.interactive) o.output.write('> '); };
  prompt();
  for await (const raw of rl) {
    if (o.signal?.aborted) break; // lines already read when shutdown began are not run
    const line = raw.trim();
    if (!line) { prompt(); continue; }
    if (line === '/quit' || line === '/exit') break;
    if (/^\/help(\s|$)/.test(line)) { out(help(defs, line.slice(5).trim().replace(/^\//, '').toLowerCase())); prompt(); continue; }
    if (/^\/as(\s|$)/.test(line)) {
      const name = line.slice(3).trim().replace(/^@/, '');
      // In the console a user is named, not mentioned: the name doubles as the id (as for user options).
      if (name) user = name === o.user.name ? o.user : { id: name, name };
      names.set(user.id, user.name);
      out(`You are now "${user.name}"${user === o.user ? ' (server admin)' : ''}.`);
      prompt();
      continue;
    }
    let inv: Invocation = { name: line.replace(/^\/?(\S*).*$/, '$1'), options: {} };
    const ctx = ctxOf();
    let reply: ReplyModel;
    try {
      inv = parseConsoleLine(line, defs);
      const p = prepare(o.commands, inv);
      if (p.defer) out('… Estafette is thinking');
      reply = await execute(p, { ...ctx, users: inv.users ?? {} });
    } catch (e) {
      reply = errorReply(e, ctx, inv, { guildId: CONSOLE_GUILD, userId: user.id });
    }
    out(render(reply, writeFile, { names, now: o.services.clock }));
    prompt();
  }
  rl.close();
}

/**
 * Writes attachments to the console's output folder, numbered in order; returns the path. A
 * number already taken (an earlier run's files) is skipped, so a restart never overwrites one.
 */
export function consoleFiles(dir: string, prefix: string): (name: string, data: Buffer) => string {
  let n = 0;
  const outDir = resolve(dir);
  return (name, data) => {
    mkdirSync(outDir, { recursive: true });
    const pathOf = (k: number) => join(outDir, `${prefix === 'reply' ? '' : `${prefix}-`}${String(k).padStart(3, '0')}-${name.replace(/[^\w.-]/g, '_')}`);
    let path = pathOf(++n);
    while (existsSync(path)) path = pathOf(++n);
    writeFileSync(path, data, { flag: 'wx' });
    return path;
  };
}

/** A reply as console text. Files are written out and named. */
export function render(r: ReplyModel, writeFile: (name: string, data: Buffer) => string, view: ConsoleView = {}): string {
  const text = (s: string) => plain(s, view);
  const lines: string[] = [r.visibility === 'private' ? '[only you can see this]' : '[posted in the channel]'];
  if (r.content) lines.push(text(r.content));
  for (const e of r.embeds ?? []) lines.push(renderEmbed(e, text));
  for (const f of r.files ?? []) lines.push(`📎 ${f.name} (${(f.data.length / 1024).toFixed(1)} KiB) written to ${writeFile(f.name, f.data)}`);
  for (const row of r.components ?? []) lines.push(...renderRow(row));
  for (const a of r.announcements ?? []) lines.push(`[posted in the channel] ${text(a)}`);
  return `${lines.join('\n')}\n`;
}

/** Buttons and menus as the command lines they run, to type (or Tab-complete) in the console. */
function renderRow(row: readonly ComponentModel[]): string[] {
  const buttons = row.filter((c) => c.kind === 'button');
  const out = buttons.length ? [`🔘 ${buttons.map((b) => `[${b.label}] ${b.line}`).join('  ·  ')}`] : [];
  for (const c of row) if (c.kind === 'select') out.push(`${c.placeholder}:`, ...c.options.map((x) => `  • ${x.label} → ${x.line}`));
  return out;
}

function renderEmbed(e: EmbedModel, plain: (s: string) => string): string {
  const body: string[] = [];
  if (e.title) body.push(`┌─ ${plain(e.title)}`);
  if (e.description) body.push(...plain(e.description).split('\n').map((l) => `│ ${l}`));
  for (const f of e.fields ?? []) body.push(`│ ${plain(f.name)}: ${plain(f.value)}`);
  if (e.image) body.push(`│ [image: ${e.image}]`);
  body.push(`└─ ${e.footer ? plain(e.footer) : ''}`);
  return body.join('\n');
}

/** Discord markdown → terminal text: drop bold and subtext markers, show timestamps as ISO and mentions as @name. */
function plain(s: string, { names = new Map<string, string>(), now = Date.now }: ConsoleView): string {
  return s
    .replace(/<@!?([^>\s]+)>/g, (_, id: string) => `@${names.get(id) ?? id}`)
    .replace(/<t:(-?\d+):R>/g, (_, sec: string) => relative(Number(sec) * 1000 - now()))
    .replace(/<t:(-?\d+):[a-zA-Z]>/g, (_, sec: string) => new Date(Number(sec) * 1000).toISOString().replace('.000Z', 'Z'))
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
  lines.push('  /help [command] — this list, or one command in detail', '  /as <name> — act as another player (the console only)', '  /quit — leave');
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

/** Discord's relative timestamp (`<t:…:R>`) as terminal text: "in 23 h 59 min", "5 min ago". */
function relative(ms: number): string {
  const m = Math.round(Math.abs(ms) / 60_000);
  const text = m < 1 ? 'less than a minute' : m < 60 ? `${m} min` : m < 48 * 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}` : `${Math.round(m / 1440)} days`;
  return ms >= 0 ? `in ${text}` : `${text} ago`;
}
