import type { GameEvent } from '../../events';
import { pointToBaseDistance } from '../../geometry/base';
import { envelopeOf, isLive, liveUnits, withUnit, type BpState, type BpUnit } from '../state';
import { retreatFrom } from './common';

/**
 * L171: "If the unit is pursued by infantry or cavalry, the retreat must continue", and "the
 * halt and reforming stages must not be interrupted by any enemy action or any movement".
 *
 * BP-17 (pursued, the text gives no test): after an enemy infantry or cavalry unit moves, a
 * routed, halted or reforming unit is pursued when that move ended nearer to it than it began
 * (measured from the mover's front centre to the nearest point of the recovering unit) and
 * within `pursuit.withinInches` (default 6", musket range L80) of it. A pursued unit retreats its
 * rout distance away from the pursuer (retreatFrom) and starts the halt and reform again as
 * routed; its assaults while recovering still count (L171). Artillery and command figures never
 * pursue; a charge on a recovering unit is an assault, not a pursuit (L171, phases/charge.ts).
 */
export function pursue(s0: BpState, before: BpUnit, mover: BpUnit): { s: BpState; events: GameEvent[] } {
  if (mover.arm !== 'infantry' && mover.arm !== 'cavalry') return { s: s0, events: [] };
  const within = s0.settings.pursuit.withinInches;
  let s = s0;
  const events: GameEvent[] = [];
  for (const r of liveUnits(s0)) {
    if (r.side === mover.side || r.stage === 'effective') continue;
    const env = envelopeOf(r);
    const was = pointToBaseDistance(before.pose.at, env);
    const now = pointToBaseDistance(mover.pose.at, env);
    if (!(now < was - 1e-6 && now <= within + 1e-6)) continue;
    const cur = s.units[r.id]!;
    if (!isLive(cur)) continue;
    events.push({ kind: 'note', rule: 'B&P L171', text: `${mover.id} pursues the ${cur.stage} ${cur.id} (${Math.round(now * 10) / 10}" away, BP-17): its retreat continues and its halt begins again.` });
    const ro = retreatFrom(withUnit(s, cur), cur.id, mover.pose.at, `pursued by ${mover.id} (L171)`);
    s = ro.s; events.push(...ro.events);
  }
  return { s, events };
}
