import { describeGame, mapFileName } from '../src/games/maps';
import type { CommandContext } from '../src/interaction/command';
import { escapeMd } from '../src/interaction/present-rolls';
import type { ReplyModel } from '../src/interaction/reply';
import { UserError } from '../src/lib/user-error';
import { movePlanView, withMovePlan } from '../src/render/map/move-plan';
import type { InputOptions } from '../src/rules/plugin';
import { playing, resolveNames, verbOf } from './play-helpers';

/**
 * `/move … preview:true` (issue 11): the move checked exactly as it would be taken, drawn on a
 * private crop of the caller's own side's map — the path, the allowance, where it stops — and
 * nothing posted, stored, sealed or rolled. The ruleset lays the move out (Presentation.movePlan).
 */
export async function previewMove(ctx: CommandContext, options: InputOptions): Promise<ReplyModel> {
  const { l, state, caller } = playing(ctx);
  const verb = verbOf(l, 'move');
  const movePlan = l.ruleset.present.movePlan;
  if (!movePlan) throw new UserError('preview/unsupported', `${l.ruleset.name} has no preview map for moves.`, 'Leave out preview:true: the reply to the move still says what it costs and where it stops.');
  if (!caller.side) throw new UserError('game/not-a-player', 'You hold no seat in this game, so you have no moves to preview.', 'Take a seat with /game join.');
  const built = verb.build(state, resolveNames(l, state, verb, options), caller);
  // An order is checked as /move would check it (seats, phase, path) and its accepted form drawn.
  const accepted = verb.kind === 'order' ? ctx.services.games.check(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, built).accepted : null;
  const plan = movePlan(state, accepted ? accepted.order : built, caller);
  if (!plan.ok) throw UserError.from(plan.error);
  const desc = describeGame(l.game, state, { viewer: { kind: 'side', side: caller.side }, view: movePlanView(plan.value) });
  if (!desc.ok) throw UserError.from(desc.error);
  const img = await ctx.services.maps.render(withMovePlan(desc.value, plan.value, `Preview: ${plan.value.lines[0] ?? ''}`));
  const said = accepted ? [...accepted.preview, ...(accepted.warnings ?? [])] : plan.value.lines;
  return {
    visibility: 'private',
    content: [
      `🔍 **Preview only** — nothing was ${verb.kind === 'order' ? 'plotted' : 'moved or rolled'}.`,
      ...said.map((x) => escapeMd(x)),
      '-# Bold line: what the move covers; ✕: where it stops short; dotted ring: its allowance over open ground (terrain may stop it sooner).',
      `-# ${verb.kind === 'order' ? 'Plot it' : 'Make it'} with the same /move without preview:true.`,
    ].join('\n'),
    files: [{ name: mapFileName(img.format, 'move-preview'), data: img.data, description: 'Preview map of the move' }],
  };
}
