import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Scenario } from '../scenario/types';
import { zoneAround, type Zone } from './placement';

// Where each campaign side stands on a battlefield that is not its own scenario (issue 15, placement).

/**
 * CAMP-P2: the battlefield's sides stand for the campaign's: by id when the battlefield has every
 * campaign side, otherwise in the order both scenarios list them.
 */
export function sideMapping(battlefield: Scenario, founding: Scenario): Result<Map<string, string>, Problem> {
  const ids = new Set(battlefield.sides.map((s) => s.id));
  if (founding.sides.every((s) => ids.has(s.id))) return ok(new Map(founding.sides.map((s) => [s.id, s.id])));
  if (battlefield.sides.length !== founding.sides.length) {
    return err({ code: 'campaign/placement-sides', message: `${battlefield.meta.id} has ${battlefield.sides.length} sides, the campaign ${founding.sides.length}.`, hint: 'Pick a battlefield with as many sides as the campaign.' });
  }
  return ok(new Map(battlefield.sides.map((s, i) => [s.id, founding.sides[i]!.id])));
}

/** CAMP-P1: each campaign side's zone, spanned by where the battlefield deploys its side (or, with nothing deployed, brings it on). */
export function deploymentZones(battlefield: Scenario, sides: ReadonlyMap<string, string>, margin: number): Zone[] {
  return battlefield.sides.map((s) => {
    const oob = battlefield.orderOfBattle[s.id]!;
    const mine = new Set([...oob.generals.map((g) => g.id), ...oob.corps.flatMap((c) => c.divisions.map((d) => d.id))]);
    const units = new Set(oob.corps.flatMap((c) => c.divisions.map((d) => d.id)));
    const deployed = battlefield.deployment.filter((d) => mine.has(d.piece));
    const arriving = battlefield.reinforcements.filter((r) => [...r.units, ...r.generals].some((id) => mine.has(id))).map((r) => r.at);
    // Where the author deploys the side; a side all of whose pieces arrive later: where they arrive.
    const points = deployed.length ? deployed.map((d) => d.at) : arriving;
    const anchor = deployed.filter((d) => units.has(d.piece)).map((d) => d.at);
    return zoneAround(sides.get(s.id)!, points.length ? points : [{ x: 0, y: 0 }, { x: battlefield.map.table.width, y: battlefield.map.table.height }], anchor, margin, battlefield.map.table);
  });
}
