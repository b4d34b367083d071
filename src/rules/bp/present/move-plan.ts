import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Caller, MovePlan } from '../../plugin';
import { problem } from '../phases/common';
import { moveAction } from '../phases/move';
import type { BpState } from '../state';

/**
 * A B&P move (L26-53) for its preview map: moveAction itself run on the state and its result
 * thrown away (it rolls no dice), so the preview refuses and prices exactly as /move would.
 * A move is made whole or refused (too far, blocked, overlap), so the part covered is the path.
 */
export function bpMovePlan(s: BpState, input: unknown, caller: Caller): Result<MovePlan, Problem> {
  const m = input as { kind?: string; unit?: unknown; to?: unknown };
  if (m?.kind !== 'move' || typeof m.unit !== 'string' || typeof m.to !== 'string') return err(problem('preview/not-a-move', 'Only a move has a preview map.'));
  const side = s.units[m.unit]?.side ?? s.commanders[m.unit]?.side;
  // Another side's piece is answered as unknown: the preview must not lay out the enemy's moves.
  if (!side || side !== caller.side) return err(problem('preview/not-yours', `You have no unit "${m.unit}" to move.`, 'Preview your own units and command figures.'));
  if (side !== s.order[s.period]) return err(problem('action/not-phasing', 'Only the side whose move period this is moves now (L24).', 'Preview it in your move period.'));
  const r = moveAction(s, m.unit, m.to);
  if (!r.ok) return r;
  const e = r.value.events.find((x) => x.kind === 'move' && x.unit === m.unit);
  if (!e || e.kind !== 'move') return err(problem('preview/no-move', 'That would not move it.'));
  const path = [e.from, ...e.path, e.to];
  const name = s.units[m.unit]?.name ?? s.commanders[m.unit]!.name;
  return ok({ unit: m.unit, planned: path, reached: path, allowance: e.allowance ?? 0, lines: [`${name}: costs ${e.cost ?? 0}" of ${e.allowance ?? 0}"${e.stopped ? ` (${e.stopped})` : ''}`] });
}
