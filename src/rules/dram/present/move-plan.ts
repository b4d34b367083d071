import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { MovePlan } from '../../plugin';
import { advanceAlong } from '../geo';
import { generalOrder, GENERAL_BASE } from '../movement';
import type { MoveOrder } from '../orders';
import type { DramState } from '../state';
import { movementAllowanceInches } from '../tables';

const refuse = (message: string, hint?: string): Result<never, Problem> => err({ code: 'preview/not-a-move', message, ...(hint ? { hint } : {}) });

/**
 * A plotted DRAM move (§7 L92-102) as the movement phase would make it if nothing else moved
 * first, for its preview map: the same allowance and the same path-following (advanceAlong) as
 * movementPhase, from the order validate accepted (its path resolved). Contact stops it as
 * in the phase; generals ignore contact (they join stands instead).
 */
export function dramMovePlan(s: DramState, input: unknown): Result<MovePlan, Problem> {
  const o = input as MoveOrder;
  if (o?.kind !== 'move' || !o.path || o.path.length === 0) return refuse('Only a plotted move has a preview map.', 'e.g. /move unit:Fabre to:"Saint-Rémy bridge" preview:true');
  const stand = s.stands[o.unit];
  const general = s.generals[o.unit];
  if (!stand && !general) return refuse(`There is no stand or general "${o.unit}".`);
  const allowance = (stand ? movementAllowanceInches(stand.arm, stand.order, s.settings) : movementAllowanceInches('general', generalOrder(s, o.unit), s.settings)) ?? 0;
  const mover = stand ?? { id: general!.id, side: general!.side, pose: general!.pose, base: GENERAL_BASE };
  const adv = advanceAlong(s, mover, o.path, allowance, { ignoreContact: !stand });
  const moved = adv.path.reduce((a, p, i) => (i ? a + Math.hypot(p.x - adv.path[i - 1]!.x, p.y - adv.path[i - 1]!.y) : 0), 0);
  const lines = [`${stand?.name ?? general!.name}: path ${adv.length.toFixed(1)}", allowance ${allowance}"`
    + (adv.stopped && moved < adv.length - 0.05 ? ` — stops after ${moved.toFixed(1)}": ${adv.stopped === 'allowance spent' ? 'allowance spent' : adv.stopped}` : ' — reaches the end of its path')];
  return ok({ unit: o.unit, planned: o.path, reached: adv.path, allowance, lines });
}
