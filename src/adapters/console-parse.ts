import type { APIApplicationCommandOption, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import type { Invocation } from '../interaction/command';
import { UserError } from '../lib/user-error';

// Discord's option type numbers (ApplicationCommandOptionType).
const SUBCOMMAND = 1, STRING = 3, INTEGER = 4, BOOLEAN = 5, USER = 6, NUMBER = 10, ATTACHMENT = 11;

/**
 * Parse a console line typed as a Discord user would: `/roll expression:2d6+1 reason:"Ney's
 * nerve"`. Options are `name:value` (values may be quoted with " or '); the first option
 * may be given bare (`/roll 2d6+1`), and several bare words before any named option are
 * joined (`/roll 2d6 + 1`); bare words after a text option continue it (`/move unit:fabre
 * to:forward 2in`). Types come from the command's own definition.
 */
export function parseConsoleLine(line: string, defs: ReadonlyMap<string, RESTPostAPIChatInputApplicationCommandsJSONBody>): Invocation {
  const text = line.trim();
  if (!text.startsWith('/')) throw new UserError('console/not-a-command', `"${text}" is not a slash command.`, 'Type a command such as /roll 2d6+1, or /help to list them.');
  const tokens = tokenize(text.slice(1));
  const name = (tokens.shift()?.text ?? '').toLowerCase();
  const def = defs.get(name);
  if (!def) throw new UserError('command/unknown', `There is no /${name} command.`, `Known commands: ${[...defs.keys()].map((n) => `/${n}`).join(', ')}, and /help.`);

  let options: readonly APIApplicationCommandOption[] = def.options ?? [];
  let subcommand: string | undefined;
  const subs = options.filter((o) => o.type === SUBCOMMAND);
  if (subs.length) {
    subcommand = tokens.shift()?.text.toLowerCase();
    const sub = subs.find((s) => s.name === subcommand);
    if (!sub) {
      throw new UserError('command/unknown-subcommand', subcommand ? `/${name} has no "${subcommand}" subcommand.` : `/${name} needs a subcommand.`, `Use one of: ${subs.map((s) => `/${name} ${s.name}`).join(', ')}.`);
    }
    options = ('options' in sub ? sub.options : undefined) ?? [];
  }

  const values: Record<string, string | number | boolean> = {};
  const users: Record<string, string> = {};
  const bare: string[] = [];
  // The text option being typed: later bare words continue it, as Discord's free-text field
  // takes `to:forward 4in then wheel left 30` without quotes.
  let open: APIApplicationCommandOption | null = null;
  for (const tok of tokens) {
    const colon = tok.text.indexOf(':');
    const key = colon > 0 && !tok.quotedKey ? tok.text.slice(0, colon).toLowerCase() : '';
    const opt = key ? options.find((o) => o.name === key) : undefined;
    if (!opt) {
      // `word:` that names no option is a typo of one (`previw:true`), never text to swallow;
      // a colon elsewhere (`10:30`, `"Grouchy: where?"` quoted) is text.
      if (open && !/^[a-z][a-z0-9_-]*$/.test(key)) {
        values[open.name] = `${values[open.name] as string} ${tok.text}`;
        continue;
      }
      if (Object.keys(values).length) throw new UserError('console/bad-option', `"${tok.text}" is not an option of /${[name, subcommand].filter(Boolean).join(' ')}.`, usage(name, subcommand, options));
      bare.push(tok.text);
      continue;
    }
    if (opt.name in values) throw new UserError('console/bad-option', `Option ${opt.name} is given twice.`, usage(name, subcommand, options));
    values[opt.name] = coerce(opt, tok.text.slice(colon + 1), users);
    open = opt.type === STRING ? opt : null;
  }
  if (bare.length) {
    const first = options[0];
    if (!first || first.name in values) throw new UserError('console/bad-option', `Unexpected "${bare.join(' ')}".`, usage(name, subcommand, options));
    values[first.name] = coerce(first, first.type === STRING ? bare.join(' ') : bare[0]!, users);
    if (first.type !== STRING && bare.length > 1) throw new UserError('console/bad-option', `Unexpected "${bare.slice(1).join(' ')}".`, usage(name, subcommand, options));
  }
  for (const o of options) {
    if ('required' in o && o.required && !(o.name in values)) {
      throw new UserError('input/missing-option', `/${[name, subcommand].filter(Boolean).join(' ')} needs ${o.name}: ${o.description}.`, usage(name, subcommand, options));
    }
  }
  return { name, ...(subcommand ? { subcommand } : {}), options: values, users };
}

function coerce(opt: APIApplicationCommandOption, raw: string, users: Record<string, string>): string | number | boolean {
  const bad = (what: string) => new UserError('console/bad-option', `Option ${opt.name} must be ${what}, not "${raw}".`);
  switch (opt.type) {
    case STRING: return raw;
    case INTEGER: if (!/^-?\d+$/.test(raw)) throw bad('a whole number'); return Number(raw);
    case NUMBER: if (!Number.isFinite(Number(raw)) || raw.trim() === '') throw bad('a number'); return Number(raw);
    case BOOLEAN: {
      const v = raw.toLowerCase();
      if (['true', 'yes', 'y', '1', 'on'].includes(v)) return true;
      if (['false', 'no', 'n', '0', 'off'].includes(v)) return false;
      throw bad('true or false');
    }
    case USER: {
      // In the console a user is named, not mentioned: the name doubles as the id.
      const id = raw.replace(/^<@!?(.+)>$/, '$1').replace(/^@/, '');
      if (!id) throw bad('a user name');
      users[id] = id;
      return id;
    }
    // In the console a file is a local path: the adapter's attachment reader opens it.
    case ATTACHMENT: return raw;
    default: return raw;
  }
}

export function usage(name: string, subcommand: string | undefined, options: readonly APIApplicationCommandOption[]): string {
  const parts = options.map((o) => ('required' in o && o.required ? `${o.name}:<${typeName(o.type)}>` : `[${o.name}:<${typeName(o.type)}>]`));
  return `Usage: /${[name, subcommand].filter(Boolean).join(' ')} ${parts.join(' ')}`.trim();
}

function typeName(t: number): string {
  return t === INTEGER ? 'whole number' : t === NUMBER ? 'number' : t === BOOLEAN ? 'true|false' : t === USER ? 'user' : t === ATTACHMENT ? 'file path' : 'text';
}

interface Token { text: string; quotedKey: boolean }

function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let cur = '';
  let inToken = false;
  let quote: string | null = null;
  let quotedKey = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === '\\' && s[i + 1] === quote) { cur += quote; i++; continue; }
      if (c === quote) { quote = null; continue; }
      cur += c;
      continue;
    }
    if (c === '"' || c === '\u201c' || c === '\u201d' || (c === "'" && (cur === '' || cur.endsWith(':')))) {
      // A quote opens only at the start of a token or a value, so "Ney's" stays one word.
      if (cur === '') quotedKey = true;
      quote = c === '\u201c' ? '\u201d' : c;
      inToken = true;
      continue;
    }
    if (/\s/.test(c)) {
      if (inToken) out.push({ text: cur, quotedKey });
      cur = ''; inToken = false; quotedKey = false;
      continue;
    }
    cur += c;
    inToken = true;
  }
  if (quote) throw new UserError('console/unclosed-quote', `A quote (${quote}) is not closed.`, 'Close the quote, e.g. reason:"Ney\'s nerve".');
  if (inToken) out.push({ text: cur, quotedKey });
  return out;
}
