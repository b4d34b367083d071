import type { Choice, CommandContext } from '../src/interaction/command';
import type { ReplyModel } from '../src/interaction/reply';
import { canMove } from '../src/rules/nw/phases/maneuver';
import { matches } from './play-helpers';
import { mySide, nwGame, publicNarrative } from './nw-helpers';

/** NW `/move`: the move is made now and posted (NW §9.0 B: each unit's move is completed before the next). */
export function nwMove(ctx: CommandContext, i: { unit: string; to: string }): ReplyModel {
  const events = ctx.services.games.act(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, { kind: 'move', unit: i.unit, to: i.to });
  return { visibility: 'public', content: publicNarrative(ctx, events) };
}

/** Pieces of the phasing player that can still move, rolled ones first. */
export function nwMoveChoices(ctx: CommandContext, focused: { name: string; value: string }): Choice[] {
  const l = nwGame(ctx);
  const s = l.state;
  const side = mySide(ctx, l);
  if (s.phase !== 'maneuver' || side !== s.phasing || focused.name !== 'unit') return [];
  const rows = [
    ...[...Object.values(s.units), ...Object.values(s.batteries)].filter((u) => u.side === side && !u.removed && u.onTable && (canMove(s, u.id) || (!s.log.rolls[u.id] && !s.log.moved.includes(u.id) && !('status' in u && u.status === 'routed'))))
      .map((u) => ({ name: `${u.name} — ${s.log.rolls[u.id] ? `${s.log.rolls[u.id]!.inches}" to spend` : 'not rolled yet'}`, value: u.id })),
    ...[...Object.values(s.commanders), ...Object.values(s.generals)].filter((o) => o.side === side && o.onTable && !s.log.moved.includes(o.id))
      .map((o) => ({ name: `${o.name} (officer, 18")`, value: o.id })),
  ];
  return rows.filter((c) => matches(focused.value, c.name, c.value)).map((c) => ({ ...c, name: c.name.slice(0, 100) }));
}
