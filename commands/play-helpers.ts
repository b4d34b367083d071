import type { Choice, CommandContext } from '../src/interaction/command';
import type { Live } from '../src/games/game.service';
import type { GameRow } from '../src/games/games.repo';
import { namesFor, printedFor, publicEventsFor } from '../src/games/names';
import { resolveOrRefuse } from '../src/games/names-resolve';
import { escapeMd } from '../src/interaction/present-rolls';
import type { ReplyModel } from '../src/interaction/reply';
import { UserError } from '../src/lib/user-error';
import { narrate } from '../src/narrative';
import type { Caller, InputOptions, InputVerb } from '../src/rules/plugin';

/** The started game in this channel, and who the caller is in it (their seats and side). */
export function playing(ctx: CommandContext): { l: Live; state: unknown; caller: Caller } {
  return playingIn(ctx, ctx.services.games.live(ctx.channelId));
}

/** `playing` on the live game `l` already read. */
function playingIn(ctx: CommandContext, l: Live): { l: Live; state: unknown; caller: Caller } {
  if (!l.state) throw new UserError('game/not-started', 'The game has not started yet.', 'The GM starts it with /game start once the seats are taken.');
  const seats = l.seats.filter((s) => s.userId === ctx.user.id).map((s) => s.seatId);
  const side = l.ruleset.seats(l.state).find((s: { id: string }) => seats.includes(s.id))?.side ?? null;
  return { l, state: l.state, caller: { seats, side } };
}

/** The verbs a ruleset accepts, as players type them ("/move, /choose first"). */
const verbList = (l: Live): string => Object.keys(l.ruleset.inputs).map((v) => `/${v}`).join(', ');

/** This game's verb `name`, or a refusal that says the ruleset has no such verb and lists the ones it has. */
export function verbOf(l: Live, name: string): InputVerb<unknown> {
  const verb = (l.ruleset.inputs as Record<string, InputVerb<unknown> | undefined>)[name];
  if (!verb) throw new UserError('game/verb-unsupported', `/${name} is not part of ${l.ruleset.name}, the rules this game is played with.`, `Its commands: ${verbList(l)}.`);
  return verb;
}

/**
 * A player's verb, through the ruleset record: an order is posted to the window and answered
 * privately with its preview; an action is made at once and its narrative goes to the channel
 * (or, for a private action such as a standing reaction, only to the caller).
 */
export function runVerb(ctx: CommandContext, name: string, options: InputOptions): ReplyModel {
  const user = { id: ctx.user.id, name: ctx.user.name };
  // The game is read once: an order is built and posted in one transaction from that read (issue
  // 12), and an action is built from it as before, then made in its own transaction by act().
  let built: { verb: InputVerb<unknown>; named: InputOptions; state: unknown; caller: Caller; input: unknown } | undefined;
  const r = ctx.services.games.submitBuilt(ctx.channelId, user, (l) => {
    const { state, caller } = playingIn(ctx, l);
    const verb = verbOf(l, name);
    const unused = (verb.ignores ?? []).filter((k) => options[k] !== undefined && options[k] !== '');
    if (unused.length) {
      throw new UserError('command/option-unused', `${l.ruleset.name} has no use for ${unused.map((k) => `\`${k}:\``).join(' or ')} on /${name}.`, `Leave ${unused.length > 1 ? 'them' : 'it'} out: /help ${name} says what /${name} takes in this game.`);
    }
    const named = resolveNames(l, state, verb, options, caller);
    built = { verb, named, state, caller, input: verb.build(state, named, caller) };
    return verb.kind === 'order' ? { order: built.input } : null;
  });
  const { verb, named, state, caller, input } = built!;
  // An order was posted (submitBuilt returns null only for an action).
  if (verb.kind === 'order') return { visibility: 'private', content: verb.confirm(r!.accepted, named, state) };
  const events = ctx.services.games.act(ctx.channelId, user, input);
  const after = ctx.services.games.live(ctx.channelId);
  const tail = verb.after?.(after.state, named, caller);
  if (verb.reply === 'private') {
    return { visibility: 'private', content: [...narrate(events, namesFor(after.game, after.state)), ...(tail ? [tail] : [])].join('\n') || '✅ Done.' };
  }
  const text = `${escapeMd(ctx.user.name)}: ${narrate(publicEventsFor(after.game, events), namesFor(after.game, after.state)).join('\n')}`;
  return { visibility: 'public', content: tail ? `${text}\n${tail}` : text };
}

/**
 * The verb's options that name pieces, each turned into the id it names (issue 11: any printed
 * name, any case, no accents, unique prefix, or the id); an unknown or ambiguous name is refused
 * with the closest ones before the ruleset sees the input.
 */
export function resolveNames(l: Live, state: unknown, verb: InputVerb<unknown>, options: InputOptions, caller?: Caller): InputOptions {
  const named = Object.entries(verb.names ?? {}).filter(([k]) => typeof options[k] === 'string' && options[k] !== '');
  if (!named.length) return options;
  const printed = printedFor(l.ruleset, state);
  const out: Record<string, unknown> = { ...options };
  for (const [option, spec] of named) {
    const among = printed.filter((p) => spec.kinds.includes(p.kind));
    // Autocomplete's own value ("corps:fr-i-corps") is already what the option takes.
    if (spec.keep?.includes(String(options[option]))) continue;
    if (spec.value && among.some((p) => spec.value!(p.id, p.kind) === options[option])) continue;
    // A misspelling is answered with the closest of what this caller could pick for the option.
    const pickable = caller && verb.choices ? () => {
      const offered = picks(state, verb, caller, option, options);
      return new Set(among.filter((p) => offered.has(spec.value ? spec.value(p.id, p.kind) : p.id)).map((p) => p.id));
    } : undefined;
    const id = resolveOrRefuse(String(options[option]), among, option, spec.what ?? spec.kinds[0] ?? 'name', pickable);
    const kind = among.find((p) => p.id === id)!.kind;
    out[option] = spec.value ? spec.value(id, kind) : id;
  }
  return out;
}

/** The values the verb's autocomplete offers this caller for `option` (what it could pick). */
function picks(state: unknown, verb: InputVerb<unknown>, caller: Caller, option: string, options: InputOptions): ReadonlySet<string> {
  return new Set((verb.choices?.(state, caller, { name: option, value: '' }, options) ?? []).map((c) => String(c.value)));
}

/** Autocomplete for a verb's option; nothing where the game has not started or the ruleset lacks the verb. */
export function verbChoices(ctx: CommandContext, name: string, focused: { name: string; value: string }, options: InputOptions): Choice[] {
  const l = ctx.services.games.live(ctx.channelId);
  const verb = (l.ruleset.inputs as Record<string, InputVerb<unknown> | undefined>)[name];
  if (!l.state || !verb?.choices || verb.ignores?.includes(focused.name)) return [];
  return [...verb.choices(l.state, playing(ctx).caller, focused, options)];
}

/**
 * When a command finds no game in the channel because the last one ended: say it is over, with
 * its result and what can still be seen of it (issue 11), instead of "There is no game here".
 * Any other error is passed on.
 */
export function overInstead(ctx: CommandContext, e: unknown): ReplyModel {
  const last = endedHere(ctx, e);
  const outcome = ctx.services.games.outcomeOf(last);
  return {
    visibility: 'private',
    content: [`🏁 **${escapeMd(last.name)}** is over${outcome ? `: ${escapeMd(outcome.summary)}` : ' (ended by the GM)'}.`,
      `Read its story turn by turn with \`/game history turn:<n>\` (or \`/game history game:${last.id}\` from any channel); every die stays checkable with \`/rolls log\` and \`/rolls verify\`. Start a new game here with \`/game create\`.`].join('\n'),
  };
}

/**
 * The game that ended last in this channel, when `e` says there is no live game here; any other
 * error (or no ended game) is passed on.
 */
export function endedHere(ctx: CommandContext, e: unknown): GameRow {
  if (!(e instanceof UserError) || e.code !== 'game/none-here') throw e;
  const last = ctx.services.games.gamesIn(ctx.guildId).find((g) => g.channelId === ctx.channelId);
  if (!last || last.status !== 'ended') throw e;
  return last;
}
