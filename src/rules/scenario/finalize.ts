import type { Point } from '../geometry/types';
import type { RawPlace } from './fields';
import { normalizeName } from './names';
import { placeContext, resolveName, type PlaceContext } from './places';
import type { ScenarioDoc } from './schema';
import type { Deployment, Objective, Reinforcement, Scenario } from './types';
import { OFF_TABLE } from './vocabulary';

/**
 * Turn a checked document into a `Scenario`: places become points (keeping what the author
 * wrote), off-table markers drop out (their reinforcement entry carries the data), objectives
 * get their landmark's point. Runs only after checks.ts passed, so every lookup succeeds; a
 * failed one is a bug and throws.
 */
export function finalize(doc: ScenarioDoc): Scenario {
  const places = placeContext(doc.map);
  const deployment: Deployment[] = doc.deployment.flatMap((d) => {
    if (d.at.kind === 'named' && d.at.text === OFF_TABLE) return [];
    const kind = d.unit !== undefined ? 'unit' : 'general';
    return [{ piece: (d.unit ?? d.general)!, kind, ...where(places, d.at), facing: d.facing!, ...(d.order !== undefined && { order: d.order }) }];
  });
  const reinforcements: Reinforcement[] = doc.reinforcements.map((r) => ({
    units: r.units,
    generals: r.generals,
    turn: r.turn,
    ...where(places, r.at),
    facing: r.facing,
    ...(r.order !== undefined && { order: r.order }),
    ...(r.condition !== undefined && { condition: r.condition }),
  }));
  const objectives: Objective[] = doc.victory.objectives.map((o) => {
    const landmark = o.landmark === undefined ? undefined : places.landmarks.get(normalizeName(o.landmark));
    if (o.landmark !== undefined && !landmark) throw new Error(`finalize: objective ${o.id} lost its landmark`);
    return {
      id: o.id,
      name: o.name ?? landmark?.name ?? areaName(doc, o.area!),
      side: o.side,
      points: o.points,
      target: landmark ? { kind: 'landmark', landmark: landmark.name, at: landmark.at, radius: o.radius! } : { kind: 'area', feature: o.area! },
    };
  });
  return {
    meta: doc.meta,
    map: doc.map,
    sides: doc.sides,
    orderOfBattle: Object.fromEntries(
      Object.entries(doc.orderOfBattle).map(([side, a]) => [side, { ...a, generals: a.generals.map((g) => ({ ...g, rules: g.rules ?? {} })) }]),
    ),
    deployment,
    reinforcements,
    victory: { objectives, collapse: doc.victory.collapse, draw: doc.victory.draw },
    rulings: doc.rulings,
  };
}

/** An area's name for an objective that gives none: the feature's name, else its id. */
function areaName(doc: ScenarioDoc, id: string): string {
  return doc.map.terrain.find((t) => t.id === id)?.name ?? id;
}

function where(places: PlaceContext, p: RawPlace): { at: Point; place?: string } {
  if (p.kind === 'point') return { at: p.at };
  const found = resolveName(places, p.text);
  if (!found) throw new Error(`finalize: place '${p.text}' did not resolve`);
  return { at: found.at, place: p.text };
}
