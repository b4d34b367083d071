import type { z } from 'zod';
import { expectPiece, type Pieces } from './checks-pieces';
import { expectOnTable } from './checks-map';
import { report, type IssuePath } from './codes';
import type { RawPlace } from './fields';
import { closest, listSome } from './names';
import { resolveName, type PlaceContext } from './places';
import type { ScenarioProfile } from './profiles';
import type { ScenarioDoc } from './schema';
import { OFF_TABLE } from './vocabulary';

/**
 * Every unit and general starts in exactly one place: deployed on the table, or brought on
 * by one reinforcement entry (a deployment may mark it `off-table` to say so). Places
 * resolve and lie on the table; starting orders are the ruleset's.
 */

/** Report a place that does not resolve (unknown landmark, grid cell off the map) or a point off the table. */
function checkPlace(ctx: z.RefinementCtx, places: PlaceContext, path: IssuePath, place: RawPlace, what: string): void {
  if (place.kind === 'point') return expectOnTable(ctx, places.table, path, place.at, what);
  // Landmarks are checked on the table where they are defined; grid cells are on it by construction.
  if (resolveName(places, place.text)) return;
  if (/^[A-Za-z]{1,2}\d+$/.test(place.text)) {
    return report(ctx, path, 'scenario/off-table', `grid reference ${place.text} is off the map`, 'Columns run A, B, C… from the west edge, rows 1, 2, 3… from the north edge, one map.gridCell each.');
  }
  const names = [...new Set([...places.landmarks.values()].map((l) => l.name))];
  const near = closest(place.text, [...places.landmarks.values()].flatMap((l) => [l.name, ...(l.aliases ?? [])]));
  report(ctx, path, 'scenario/unknown-landmark', `no landmark is called '${place.text}'`, near.length > 0 ? `Did you mean ${near.map((n) => `'${n}'`).join(' or ')}?` : `Landmarks: ${listSome(names)}; or give [x, y] or a grid reference such as F7.`);
}

/** Check a starting order against the ruleset's codes (DRAM: D, R, A, M). */
function checkOrder(ctx: z.RefinementCtx, profile: ScenarioProfile, path: IssuePath, order: string | undefined, required: boolean, ruleset: string): void {
  const orders = profile.orders;
  if (!orders) return;
  const list = orders.codes.map((c) => `${c} (${orders.names[c] ?? c})`).join(', ');
  if (order === undefined) {
    if (required) report(ctx, path.slice(0, -1), 'scenario/missing', `a ${ruleset} unit needs a starting order`, `Add order: one of ${list}.`);
    return;
  }
  if (orders.codes.includes(order)) return;
  const byName = new Map(orders.codes.map((c) => [orders.names[c] ?? c, c]));
  const near = closest(order, [...orders.codes, ...byName.keys()]).map((n) => byName.get(n) ?? n);
  const guess = near[0];
  report(ctx, path, 'scenario/bad-order', `'${order}' is not a ${ruleset} order`, `${guess ? `Did you mean ${guess} (${orders.names[guess] ?? guess})? ` : ''}Orders are written as codes: ${list}.`);
}

/** Deployments and reinforcements: references, places, orders, and each piece placed exactly once. */
export function checkDeployment(doc: ScenarioDoc, ctx: z.RefinementCtx, profile: ScenarioProfile, pieces: Pieces, places: PlaceContext): void {
  const placed = new Map<string, { path: IssuePath; how: string }>();
  const offTable = new Map<string, IssuePath>();
  const place = (id: string, path: IssuePath, how: string) => {
    const prev = placed.get(id);
    if (prev) report(ctx, path, 'scenario/deployed-twice', `'${id}' is already ${prev.how}`, 'Each unit and general starts in one place: on the table, or in one reinforcement entry.', { related: prev.path });
    else placed.set(id, { path, how });
  };
  doc.deployment.forEach((d, i) => {
    const base = ['deployment', i];
    if ((d.unit === undefined) === (d.general === undefined)) {
      report(ctx, base, d.unit === undefined ? 'scenario/missing' : 'scenario/bad-value', 'a deployment names exactly one unit or one general', 'Write unit: <unit id> or general: <general id>.');
      return;
    }
    const kind = d.unit !== undefined ? 'unit' : 'general';
    const id = (d.unit ?? d.general)!;
    const known = expectPiece(ctx, pieces, [...base, kind], id, undefined, kind);
    if (d.at.kind === 'named' && d.at.text === OFF_TABLE) {
      const prev = offTable.get(id);
      if (prev) report(ctx, [...base, kind], 'scenario/deployed-twice', `'${id}' is already marked off-table`, 'Mark it once.', { related: prev });
      else offTable.set(id, [...base, kind]);
      for (const key of ['facing', 'order'] as const) {
        if (d[key] !== undefined) report(ctx, [...base, key], 'scenario/bad-value', `an off-table ${kind} takes its ${key} from its reinforcement entry`, `Move ${key} to the reinforcement that brings '${id}' on.`, { at: 'key' });
      }
      return;
    }
    checkPlace(ctx, places, [...base, 'at'], d.at, `${kind} '${id}'`);
    if (d.facing === undefined) report(ctx, base, 'scenario/missing', `${kind} '${id}' has no facing`, 'Add facing: compass degrees (0 = north, 90 = east) or N, NE, E, SE, S, SW, W, NW.');
    if (kind === 'general' && d.order !== undefined) report(ctx, [...base, 'order'], 'scenario/bad-order', 'generals take no order: orders go to units', 'Delete the order.', { at: 'key' });
    if (kind === 'unit') checkOrder(ctx, profile, [...base, 'order'], d.order, profile.orders?.required ?? false, doc.meta.ruleset);
    if (known) place(id, [...base, kind], 'deployed on the table');
  });
  doc.reinforcements.forEach((r, i) => {
    const base = ['reinforcements', i];
    if (r.turn > doc.meta.turns) report(ctx, [...base, 'turn'], 'scenario/out-of-range', `turn ${r.turn} is after the last turn (${doc.meta.turns})`, `Reinforcements arrive on turns 1 to ${doc.meta.turns}.`);
    if (r.units.length + r.generals.length === 0) report(ctx, base, 'scenario/missing', 'this reinforcement brings nobody', 'List the arriving ids under units: and generals:.');
    for (const kind of ['unit', 'general'] as const) {
      const list = kind === 'unit' ? r.units : r.generals;
      list.forEach((id, k) => {
        const path = [...base, `${kind}s`, k];
        if (expectPiece(ctx, pieces, path, id, undefined, kind)) place(id, path, `a reinforcement on turn ${r.turn}`);
      });
    }
    checkPlace(ctx, places, [...base, 'at'], r.at, `the entry point of reinforcement ${i + 1}`);
    if (r.units.length > 0) checkOrder(ctx, profile, [...base, 'order'], r.order, false, doc.meta.ruleset);
  });
  for (const [id, path] of offTable) {
    const p = placed.get(id);
    if (!p) report(ctx, path, 'scenario/not-deployed', `'${id}' is off-table but no reinforcement brings it on`, `Add '${id}' to a reinforcement entry (units: or generals:).`);
    else if (p.how.startsWith('deployed')) report(ctx, path, 'scenario/deployed-twice', `'${id}' is marked off-table but also deployed on the table`, 'Keep one of the two.', { related: p.path });
  }
  for (const [id, info] of pieces) {
    if ((info.kind === 'unit' || info.kind === 'general') && !placed.has(id) && !offTable.has(id)) {
      report(ctx, info.path, 'scenario/not-deployed', `${info.kind} '${id}' is neither deployed nor a reinforcement`, `Add it to deployment (${info.kind}: ${id}, at, facing${info.kind === 'unit' && profile.orders?.required ? ', order' : ''}) or to a reinforcement.`);
    }
  }
}
