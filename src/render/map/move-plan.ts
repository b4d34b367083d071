/**
 * The private preview map of a plotted move (issue 11): a crop round the unit wide enough for
 * its whole path and allowance, with the plan drawn over it (draw-move-plan.ts). Pure, so the
 * description still crosses to the render pool as JSON.
 */
import type { Point } from '../../rules/geometry/types';
import { distance } from '../../rules/geometry/vector';
import type { MapView } from './frame';
import type { MapDescription, MovePlanItem } from './model';

/** What a ruleset says of a move it would make, in table inches (the map's units). */
export interface MovePlanShape {
  readonly unit: string;
  /** The path as plotted, from where the unit stands. */
  readonly planned: readonly Point[];
  /** The part it would cover, from where it stands to where it stops. */
  readonly reached: readonly Point[];
  readonly allowance: number;
}

/** Room round the plan, in inches, so the stop cross and the path's end are not on the edge. */
const MARGIN_INCHES = 2;

/** The view to describe: centred on the unit, out to the farthest of its path and its allowance. */
export function movePlanView(plan: MovePlanShape): MapView {
  const start = plan.planned[0] ?? plan.reached[0]!;
  const far = Math.max(plan.allowance, ...plan.planned.map((p) => distance(start, p)), ...plan.reached.map((p) => distance(start, p)));
  return { around: plan.unit, radius: far + MARGIN_INCHES };
}

/** The map description with the plan drawn over it and `caption` (what the preview says) under the title. */
export function withMovePlan(desc: MapDescription, plan: MovePlanShape, caption: string): MapDescription {
  const unit = desc.layers.flatMap((l) => l.items).find((i) => i.kind === 'unit' && i.unit === plan.unit);
  const colour = unit?.kind === 'unit' ? unit.colour : '#444444';
  const start = plan.planned[0] ?? plan.reached[0]!;
  const stop = plan.reached[plan.reached.length - 1] ?? start;
  const end = plan.planned[plan.planned.length - 1] ?? stop;
  const item: MovePlanItem = { unit: plan.unit, colour, start, planned: plan.planned, reached: plan.reached, stop, allowance: plan.allowance, cut: distance(stop, end) > 0.05 };
  return { ...desc, plan: item, title: { ...desc.title, subtitle: caption } };
}
