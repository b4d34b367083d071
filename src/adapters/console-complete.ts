import type { APIApplicationCommandOption, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import type { Command, CommandContext, Invocation } from '../interaction/command';
import { suggest } from '../interaction/dispatch';
import type { InputVerb } from '../rules/plugin';
import { parseConsoleLine } from './console-parse';

const SUBCOMMAND = 1;
const CONSOLE_ONLY = ['/help', '/as', '/quit'];

/** A value as the console parser reads it back: quoted when it holds spaces or quotes. */
const quoted = (v: string): string => (/^[^\s"']+$/.test(v) ? v : `"${v.replace(/"/g, '\\"')}"`);

/**
 * Tab completion for the console (issue 11): command names, subcommands, option names, and
 * option values from the same autocomplete the Discord adapter answers with (`suggest`), for
 * the acting user in the console's game. Returns readline's [completions, the part completed].
 */
export async function completeConsoleLine(line: string, commands: ReadonlyMap<string, Command>, ctx: CommandContext): Promise<[string[], string]> {
  const defs = new Map([...commands].map(([n, c]) => [n, c.data.toJSON()]));
  const m = /^\/(\S*)$/.exec(line);
  if (m) return [[...[...defs.keys()].map((n) => `/${n}`), ...CONSOLE_ONLY].filter((n) => n.startsWith(line)).sort(), line];
  const head = /^\/(\S+)\s+/.exec(line);
  const def = head ? defs.get(head[1]!.toLowerCase()) : undefined;
  if (!def) return [[], line];
  const rest = line.slice(head![0].length);
  const subs = (def.options ?? []).filter((o) => o.type === SUBCOMMAND);
  let options: readonly APIApplicationCommandOption[] = def.options ?? [];
  let subcommand: string | undefined;
  let tail = rest;
  if (subs.length) {
    const s = /^(\S*)(\s+)?/.exec(rest)!;
    if (!s[2]) return [subs.map((x) => x.name).filter((n) => n.startsWith(s[1]!)), s[1]!];
    subcommand = s[1]!;
    const sub = subs.find((x) => x.name === subcommand);
    options = (sub && 'options' in sub ? sub.options : undefined) ?? [];
    tail = rest.slice(s[0].length);
  }
  // The word being typed: `name:partial value` (a value may be an open quote) or a bare option name.
  const word = /(\S+:(?:"[^"]*|'[^']*|\S*)|\S*)$/.exec(tail)![0];
  const colon = word.indexOf(':');
  if (colon < 0) {
    const unused = ignoredOptions(ctx, def.name);
    return [options.filter((o) => !unused.includes(o.name)).map((o) => `${o.name}:`).filter((n) => n.startsWith(word) && !new RegExp(`(^|\\s)${n}`).test(tail)), word];
  }
  const name = word.slice(0, colon);
  const opt = options.find((o) => o.name === name);
  if (!opt || !('autocomplete' in opt && opt.autocomplete)) return [[], word];
  const typed = word.slice(colon + 1).replace(/^["']/, '');
  const inv = invocationSoFar(line.slice(0, line.length - word.length), defs) ?? { name: def.name, ...(subcommand ? { subcommand } : {}), options: {} };
  const choices = await suggest(commands, { ...inv, options: { ...inv.options, [name]: typed } }, { name, value: typed }, ctx);
  return [choices.map((c) => `${name}:${quoted(c.value)}`), word];
}

/** The options typed before the current word, parsed as the console will (nothing if they do not parse yet). */
function invocationSoFar(before: string, defs: ReadonlyMap<string, RESTPostAPIChatInputApplicationCommandsJSONBody>): Invocation | null {
  try {
    return parseConsoleLine(before, defs);
  } catch {
    return null;
  }
}

/**
 * The options of `/<name>` the channel's game has no use for (`InputVerb.ignores`), so a list of
 * options (the console's Tab completion) can leave them out; none when there is no game.
 */
function ignoredOptions(ctx: CommandContext, name: string): readonly string[] {
  try {
    const l = ctx.services.games.live(ctx.channelId);
    return (l.ruleset.inputs as Record<string, InputVerb<unknown> | undefined>)[name]?.ignores ?? [];
  } catch {
    return [];
  }
}
