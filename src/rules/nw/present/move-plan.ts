import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Caller, MovePlan } from '../../plugin';
import { planMoveDetail } from '../phases/maneuver';
import { startPiece } from '../phases/maneuver-pieces';
import type { NwState } from '../state';

const refuse = (code: string, message: string, hint?: string): Result<never, Problem> => err({ code, message, ...(hint ? { hint } : {}) });

/**
 * An NW move laid out exactly as /move would make it (planMoveDetail, NW §9.0-9.93), for its
 * preview map, without making it: nothing is rolled (the Maneuver roll is binding, §9.0 C.5
 * L236, so a unit must have rolled for its allowance to be known; officers and arriving
 * reinforcements need no roll). NW moves are made whole or refused (§9.1 L246), so the part
 * covered is the whole path.
 */
export function nwMovePlan(s: NwState, input: unknown, caller: Caller): Result<MovePlan, Problem> {
  const m = input as { kind?: string; unit?: unknown; to?: unknown };
  if (m?.kind !== 'move' || typeof m.unit !== 'string' || typeof m.to !== 'string') return refuse('preview/not-a-move', 'Only a move has a preview map.', 'e.g. /move unit:… to:E5 preview:true');
  const p = startPiece(s, m.unit);
  // Another side's piece is answered as unknown: the preview must not lay out the enemy's moves.
  if (!p || p.side !== caller.side) return refuse('preview/not-yours', `You have no piece "${m.unit}" to move.`, 'Preview your own units, batteries and officers.');
  const plan = planMoveDetail(s, { unit: m.unit, to: m.to });
  // The preview never rolls: a unit's allowance is known only once its binding roll is made.
  if (!plan.ok && plan.error.code === 'maneuver/no-roll') return err({ ...plan.error, hint: `Roll with /maneuver first (public and binding), then preview the move; the preview itself rolls nothing.` });
  if (!plan.ok) return plan;
  const start = p.pose.at;
  const first = plan.value.path[0];
  const path = first && Math.hypot(first.x - start.x, first.y - start.y) < 1e-9 ? plan.value.path : [start, ...plan.value.path];
  return ok({ unit: p.id, planned: path, reached: path, allowance: plan.value.allowance, lines: [`${p.name}: ${plan.value.preview[0]}`, ...plan.value.preview.slice(1), ...plan.value.warnings] });
}
