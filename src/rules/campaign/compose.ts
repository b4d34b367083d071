import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Point } from '../geometry/types';
import { normalizeName } from '../scenario/names';
import { onTable, placeContext, resolveName } from '../scenario/places';
import type { Deployment, OrderOfBattle, Scenario } from '../scenario/types';
import { layOut, type LayoutPiece } from './layout';
import { facingTowards, inZone, zoneText, type PlacementOrder, type PlacementRules, type Zone } from './placement';
import { deploymentZones, sideMapping } from './zones';
import type { StandingUnit } from './types';

/** One formation as placed, for the battle's report and the campaign log. */
export interface PlacedFormation {
  readonly formation: string;
  readonly name: string;
  readonly side: string;
  readonly place: string;
  readonly at: Point;
  readonly facing: number;
  readonly units: number;
}

/** What a placement did: the battlefield, every formation placed, and the zones it was checked against. */
export interface PlacementReport {
  readonly battlefield: string;
  readonly placed: readonly PlacedFormation[];
  readonly zones: readonly Zone[];
  /** Campaign units of placed formations that no scenario defines (added by /campaign adjust): they sit out. */
  readonly undefined: readonly string[];
}

export interface ComposeInput {
  /** The scenario whose map, terrain, objectives, turns and rulings the battle uses. */
  readonly battlefield: Scenario;
  /** The campaign's founding scenario: every piece's definition (labels, ratings, attachments). */
  readonly founding: Scenario;
  readonly standing: readonly StandingUnit[];
  readonly orders: readonly PlacementOrder[];
  readonly rules: PlacementRules;
  /** Unit ids fighting another live battle of the campaign. */
  readonly busy: ReadonlySet<string>;
}

const problem = (code: string, message: string, hint: string): Problem => ({ code, message, hint });
const list = (xs: readonly string[]) => (xs.length > 12 ? `${xs.slice(0, 12).join(', ')} and ${xs.length - 12} more` : xs.join(', '));

/**
 * The battle's scenario (issue 15, "placing campaign formations on a scenario's map"): the
 * battlefield's map, terrain, objectives, turns and rulings; the placed formations of the
 * campaign (as its founding scenario defines them) deployed where the GM put them; no other
 * pieces. Strengths are the ruleset's `seed`'s business afterwards; lost units are carried (at
 * their formation's spot) so every reference stays whole, and `seed` leaves them out.
 */
export function composeBattle(input: ComposeInput): Result<{ scenario: Scenario; report: PlacementReport }, Problem> {
  const { battlefield, founding, standing, orders, rules } = input;
  const sides = sideMapping(battlefield, founding);
  if (!sides.ok) return sides;
  const zones = deploymentZones(battlefield, sides.value, rules.zoneMargin);
  const zoneOf = new Map(zones.map((z) => [z.side, z]));
  const formations = standing.filter((u) => u.kind === 'formation');
  const sideName = (id: string) => founding.sides.find((s) => s.id === id)?.name ?? id;
  const ctx = placeContext(battlefield.map);
  const corpsOf = new Map(founding.sides.flatMap((s) => founding.orderOfBattle[s.id]!.corps.map((c) => [c.id, c] as const)));
  const wingIds = new Set(founding.sides.flatMap((s) => founding.orderOfBattle[s.id]!.wings.map((w) => w.id)));
  const generalIds = new Set(founding.sides.flatMap((s) => founding.orderOfBattle[s.id]!.generals.map((g) => g.id)));

  const placed: (PlacedFormation & { order: string | undefined; units: number })[] = [];
  const unitsOf = (f: string) => standing.filter((u) => u.kind === 'unit' && u.formation === f);
  for (const o of orders) {
    const key = normalizeName(o.formation);
    const f = formations.find((x) => x.id === o.formation) ?? formations.find((x) => normalizeName(x.id) === key || normalizeName(x.name) === key);
    if (!f) {
      const unit = standing.find((x) => x.kind === 'unit' && (x.id === o.formation || normalizeName(x.name) === key));
      return err(unit
        ? problem('campaign/placement-unit', `${unit.name} (\`${unit.id}\`) is a unit: place its formation, ${unit.formation ?? 'none'}.`, 'Placements name formations (corps, commands); their units follow.')
        : problem('campaign/unknown-formation', `The campaign has no formation "${o.formation}".`, `Formations: ${list(formations.map((x) => `${x.id} (${x.name})`))}.`));
    }
    if (wingIds.has(f.id)) return err(problem('campaign/placement-wing', `${f.name} is a wing: place its corps one by one.`, `Its corps: ${list([...corpsOf.values()].filter((c) => c.wing === f.id).map((c) => c.id))}.`));
    if (!corpsOf.has(f.id) && !generalIds.has(f.id)) return err(problem('campaign/placement-undefined', `${f.name} is not in the campaign's founding scenario, so nothing says how to field it.`, 'Start this battle from a scenario that has it (matched by id) instead.'));
    if (placed.some((p) => p.formation === f.id)) return err(problem('campaign/placement-twice', `${f.name} is placed twice.`, 'Place each formation once.'));
    const units = unitsOf(f.id);
    const busy = units.filter((u) => input.busy.has(u.id));
    if (busy.length) return err(problem('campaign/units-busy', `${f.name} is already in a live battle (${list(busy.map((u) => u.id))}).`, 'Finish that battle first, or place other formations.'));
    if (units.length && units.every((u) => u.strength <= 0)) return err(problem('campaign/formation-lost', `${f.name} has no unit left standing.`, 'Place another formation, or reinforce it with /campaign adjust.'));
    if (o.order !== undefined && !rules.orders) return err(problem('campaign/placement-order', `"${o.text}": this ruleset gives placed units no starting order.`, 'Leave out "order".'));
    if (o.order !== undefined && !rules.orders!.allowed.includes(o.order)) return err(problem('campaign/placement-order', `"${o.order}" is not a starting order (in "${o.text}").`, `Orders: ${rules.orders!.allowed.join(', ')}.`));
    const at = placeOf(o, f.side);
    if (!at.ok) return at;
    placed.push({ formation: f.id, name: f.name, side: f.side, place: o.place, at: at.value, facing: o.facing ?? -1, units: units.filter((u) => u.strength > 0).length, order: o.order });
  }
  for (const s of founding.sides) {
    if (!placed.some((p) => p.side === s.id)) return err(problem('campaign/placement-side-empty', `Nothing of ${s.name} is placed.`, `Place at least one formation of each side: ${list(formations.filter((x) => x.side === s.id).map((x) => x.id))}.`));
  }

  function placeOf(o: PlacementOrder, side: string): Result<Point, Problem> {
    const own = zoneOf.get(side)!;
    // "zone", "french zone", "French", "the french zone": a side's zone.
    const words = normalizeName(o.place.replace(/\bzone\s*$/i, '').replace(/^\s*the\b/i, ''));
    const zoneSide = words === '' ? side : founding.sides.find((s) => normalizeName(s.id) === words || normalizeName(s.name) === words)?.id;
    const hint = `${sideName(side)} deploys in ${zoneText(own)} ("${side} zone"); or name a landmark (${list(battlefield.map.landmarks.map((l) => l.name))}), a grid ref such as C5, or x,y in inches.`;
    if (zoneSide !== undefined) {
      if (zoneSide !== side) return err(problem('campaign/placement-zone', `"${o.text}": that is ${sideName(zoneSide)}'s zone, not ${sideName(side)}'s.`, hint));
      return ok(own.anchor);
    }
    const xy = /^\[?\s*(-?\d+(?:\.\d+)?)\s*[, ]\s*(-?\d+(?:\.\d+)?)\s*\]?$/.exec(o.place);
    const at = xy ? { x: Number(xy[1]), y: Number(xy[2]) } : resolveName(ctx, o.place)?.at;
    if (!at) return err(problem('campaign/unknown-place', `"${o.place}" is no place on ${battlefield.meta.name}'s map.`, hint));
    if (!onTable(battlefield.map.table, at)) return err(problem('campaign/placement-off-map', `"${o.text}": (${at.x}, ${at.y}) is off the map (${battlefield.map.table.width}" × ${battlefield.map.table.height}").`, hint));
    if (!inZone(own, at)) return err(problem('campaign/placement-outside-zone', `"${o.text}": (${at.x}, ${at.y}) is outside ${sideName(side)}'s deployment zone.`, hint));
    return ok(at);
  }

  const built = assemble(input, zones, sides.value, placed);
  const clash = overlap(built.scenario, standing, rules);
  if (clash) return err(problem('campaign/placement-overlap', `${clash[0]} and ${clash[1]} would stand on each other (bases overlap).`, 'Place one of their formations further away (zones may overlap where the scenario\'s deployments do).'));
  return ok(built);
}

/**
 * CAMP-P4: two units closer than ¾ of the frontage (a base's width, NW L9 / DRAM §10 L162) would
 * overlap (NW L264 "never … overlapping"): the first such pair, or null.
 */
function overlap(sc: Scenario, standing: readonly StandingUnit[], rules: PlacementRules): [string, string] | null {
  const live = new Set(standing.filter((u) => u.kind === 'unit' && u.strength > 0).map((u) => u.id));
  const units = sc.deployment.filter((d) => d.kind === 'unit' && live.has(d.piece));
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) if (dist(units[i]!.at, units[j]!.at) < (rules.frontage * 3) / 4) return [units[i]!.piece, units[j]!.piece];
  }
  return null;
}

/** The composed scenario and its report, from formations already checked and placed. */
function assemble(input: ComposeInput, zones: readonly Zone[], sides: ReadonlyMap<string, string>, placed: readonly (PlacedFormation & { order: string | undefined })[]): { scenario: Scenario; report: PlacementReport } {
  const { battlefield, founding, standing, rules } = input;
  const byId = new Map(standing.map((u) => [u.id, u]));
  const zoneOf = new Map(zones.map((z) => [z.side, z]));
  const deployment: Deployment[] = [];
  const orderOfBattle: Record<string, OrderOfBattle> = {};
  const undefinedUnits: string[] = [];
  const report: PlacedFormation[] = [];
  for (const side of founding.sides) {
    const oob = founding.orderOfBattle[side.id]!;
    const mine = placed.filter((p) => p.side === side.id);
    const ids = new Set(mine.map((p) => p.formation));
    const corps = oob.corps.filter((c) => ids.has(c.id)).map((c) => ({ ...c, divisions: c.divisions.filter((d) => byId.has(d.id)) }));
    const wings = oob.wings.filter((w) => corps.some((c) => c.wing === w.id));
    const live = new Set(corps.flatMap((c) => c.divisions.filter((d) => byId.get(d.id)!.strength > 0).map((d) => d.id)));
    const kept = new Set(corps.flatMap((c) => c.divisions.map((d) => d.id)));
    const officersOf = (f: string) => [...(byId.get(f)?.officers.map((o) => o.id) ?? []), ...(oob.corps.find((c) => c.id === f)?.general ? [oob.corps.find((c) => c.id === f)!.general] : [])];
    const generalsKept = new Set([side.commander, ...wings.map((w) => w.general), ...mine.flatMap((p) => officersOf(p.formation))]);
    const generals = oob.generals.filter((g) => generalsKept.has(g.id)).map((g) => {
      const to = g.rules.attachedTo;
      // A general attached to a unit that is not on this field fights unattached.
      if (typeof to !== 'string' || kept.has(to)) return g;
      const { attachedTo: _, ...rest } = g.rules;
      return { ...g, rules: rest };
    });
    orderOfBattle[side.id] = { army: oob.army, generals, wings, ...(oob.brigades ? { brigades: oob.brigades.filter((b) => corps.some((c) => c.divisions.some((d) => d.brigade === b.id))) } : {}), corps };
    for (const p of mine) undefinedUnits.push(...standing.filter((u) => u.kind === 'unit' && u.formation === p.formation && u.strength > 0 && !kept.has(u.id)).map((u) => u.id));

    // One group per spot; the side's generals not placed with a formation go with its first group.
    const enemy = zones.filter((z) => z.side !== side.id);
    const spots = [...new Map(mine.map((p) => [`${p.at.x},${p.at.y}`, p.at])).values()];
    const placedGenerals = new Set<string>();
    spots.forEach((spot, i) => {
      const group = mine.filter((p) => p.at.x === spot.x && p.at.y === spot.y);
      const nearest = enemy.reduce<Zone | null>((b, z) => (!b || dist(spot, z.anchor) < dist(spot, b.anchor) ? z : b), null);
      const facing = group.find((p) => p.facing >= 0)?.facing ?? (nearest ? facingTowards(spot, nearest.anchor) : 0);
      const pieces: LayoutPiece[] = [];
      for (const p of group) for (const d of corps.find((c) => c.id === p.formation)?.divisions ?? []) if (live.has(d.id)) pieces.push({ kind: 'unit', id: d.id });
      const generalPiece = (id: string, rank: 'formation' | 'army'): LayoutPiece => {
        placedGenerals.add(id);
        const to = generals.find((g) => g.id === id)?.rules.attachedTo;
        return { kind: 'general', id, rank, attachedTo: typeof to === 'string' && live.has(to) ? to : undefined };
      };
      // A corps's officers stand behind its line; a placed army or wing HQ (a formation of generals only) one line further.
      for (const p of group) for (const id of officersOf(p.formation)) if (generalsKept.has(id) && !placedGenerals.has(id)) pieces.push(generalPiece(id, oob.corps.some((c) => c.id === p.formation) ? 'formation' : 'army'));
      if (i === 0) for (const id of [side.commander, ...wings.map((w) => w.general)]) if (!placedGenerals.has(id) && !group.some((p) => p.formation === id)) pieces.push(generalPiece(id, 'army'));
      const at = layOut(pieces, spot, facing, zoneOf.get(side.id)!, rules);
      for (const piece of pieces) deployment.push({ piece: piece.id, kind: piece.kind, at: at.get(piece.id)!, facing, place: group[0]!.place, ...(piece.kind === 'unit' && rules.orders ? { order: group.find((p) => corps.find((c) => c.id === p.formation)?.divisions.some((d) => d.id === piece.id))?.order ?? rules.orders.default } : {}) });
      // Lost units ride with their formation's spot, never laid out: the ruleset's seed leaves them out.
      for (const p of group) for (const d of corps.find((c) => c.id === p.formation)?.divisions ?? []) if (!live.has(d.id)) deployment.push({ piece: d.id, kind: 'unit', at: spot, facing, ...(rules.orders ? { order: rules.orders.default } : {}) });
      for (const p of group) report.push({ formation: p.formation, name: p.name, side: p.side, place: p.place, at: spot, facing, units: p.units });
    });
    // Generals kept but not yet deployed (an officer of a placed formation listed twice): with the side's first spot.
    for (const g of generals) if (!deployment.some((d) => d.piece === g.id)) deployment.push({ piece: g.id, kind: 'general', at: report.find((r) => r.side === side.id)!.at, facing: 0 });
  }
  const mapSide = (s: string) => (s === 'any' ? s : sides.get(s) ?? s);
  const scenario: Scenario = {
    meta: battlefield.meta, map: battlefield.map, sides: founding.sides, orderOfBattle, deployment, reinforcements: [],
    victory: {
      ...battlefield.victory,
      objectives: battlefield.victory.objectives.map((o) => ({ ...o, side: mapSide(o.side) })),
      collapse: battlefield.victory.collapse.map((c) => ({ ...c, side: mapSide(c.side) })),
    },
    rulings: battlefield.rulings,
  };
  return { scenario, report: { battlefield: battlefield.meta.id, placed: report, zones, undefined: undefinedUnits } };
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
