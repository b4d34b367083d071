import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Point } from '../geometry/types';
import { COMPASS, type CompassPoint } from '../scenario/vocabulary';

/**
 * Placing campaign formations on a scenario's map (issue 15): the GM names a battlefield
 * scenario (its map, terrain, objectives, the sides' deployment zones) and puts each formation
 * "at" a zone or a position. What a ruleset needs to lay its pieces out is a property of its
 * campaign record (`CampaignRules.placement`); rulings CAMP-P1…P5 in src/rules/campaign/README.md.
 */
export interface PlacementRules {
  /** Inches between the centres of two units side by side (their base width and a gap). */
  readonly frontage: number;
  /** Inches between two lines of units, and from the last line to the generals behind it. */
  readonly depth: number;
  /** CAMP-P1: a side's zone reaches this far (inches) beyond where the scenario deploys it. */
  readonly zoneMargin: number;
  /** The starting orders a placed unit may be given (DRAM §5 D/R/A/M), and the default; absent = the ruleset has none. */
  readonly orders?: { readonly allowed: readonly string[]; readonly default: string };
  /** Where the numbers come from ("NW L9: 3\" square brigade bases"), shown with the placement. */
  readonly basis: string;
}

/** One "<formation> at <place> [facing <dir>] [order <X>]" as the GM wrote it. */
export interface PlacementOrder {
  readonly formation: string;
  readonly place: string;
  readonly facing?: number;
  readonly order?: string;
  /** The text as written, for error messages. */
  readonly text: string;
}

const MAX_ORDERS = 40;
const bad = (message: string, hint: string): Problem => ({ code: 'campaign/placement', message, hint });
const FORMAT_HINT = 'Write one placement per line or separated by ";": `<formation> at <zone | landmark | grid ref | x,y> [facing N|NE|…|degrees] [order D|R|A|M]`, e.g. `fr-i-corps at french zone; au-ii-korps at the village facing S`.';

/** Compass word or degrees, as scenario files write facings (README "Facing"). */
export function parseFacing(text: string): number | undefined {
  const t = text.trim().toUpperCase();
  if (t in COMPASS) return COMPASS[t as CompassPoint];
  if (!/^\d+(\.\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return n >= 0 && n < 360 ? n : undefined;
}

/** Parse the GM's placement text: entries separated by ";" or new lines. */
export function parsePlacements(text: string): Result<PlacementOrder[], Problem> {
  const entries = text.split(/[;\n]/).map((e) => e.trim()).filter(Boolean);
  if (!entries.length) return err(bad('No placement given.', FORMAT_HINT));
  if (entries.length > MAX_ORDERS) return err(bad(`${entries.length} placements: at most ${MAX_ORDERS}.`, 'Place formations (corps, commands), not single units.'));
  const out: PlacementOrder[] = [];
  for (const entry of entries) {
    const m = /^(.+?)\s+at\s+(.+)$/i.exec(entry);
    if (!m) return err(bad(`"${entry}" is not a placement.`, FORMAT_HINT));
    let rest = m[2]!.trim();
    let facing: number | undefined;
    let order: string | undefined;
    // Trailing "facing X" and "order Y", in either order.
    for (let k = 0; k < 2; k++) {
      const f = /\s+facing\s+(\S+)$/i.exec(rest);
      if (f && facing === undefined) {
        facing = parseFacing(f[1]!);
        if (facing === undefined) return err(bad(`"${f[1]}" is not a facing (in "${entry}").`, `Give ${Object.keys(COMPASS).join(', ')} or degrees 0-359 (0 = north).`));
        rest = rest.slice(0, f.index).trim();
        continue;
      }
      const o = /\s+order\s+(\S+)$/i.exec(rest);
      if (o && order === undefined) { order = o[1]!.toUpperCase(); rest = rest.slice(0, o.index).trim(); }
    }
    if (!rest) return err(bad(`"${entry}" names no place.`, FORMAT_HINT));
    out.push({ formation: m[1]!.trim(), place: rest, text: entry, ...(facing !== undefined ? { facing } : {}), ...(order ? { order } : {}) });
  }
  return ok(out);
}

/** A side's deployment zone on the battlefield (CAMP-P1): an axis-aligned box of table inches. */
export interface Zone {
  /** The campaign side that deploys there. */
  readonly side: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** Where "at <side> zone" puts a formation: the centre of the scenario's own deployment of that side. */
  readonly anchor: Point;
}

export const inZone = (z: Zone, p: Point): boolean => p.x >= z.x0 - 1e-9 && p.x <= z.x1 + 1e-9 && p.y >= z.y0 - 1e-9 && p.y <= z.y1 + 1e-9;
export const zoneText = (z: Zone): string => `x ${z.x0}–${z.x1}", y ${z.y0}–${z.y1}"`;

/** The zone spanned by `points` (where a scenario deploys a side and brings its reinforcements), `margin` beyond, within the table. */
export function zoneAround(side: string, points: readonly Point[], anchorPoints: readonly Point[], margin: number, table: { width: number; height: number }): Zone {
  const r = (n: number) => Math.round(n * 10) / 10;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const mean = (ps: readonly Point[]) => ({ x: r(ps.reduce((n, p) => n + p.x, 0) / ps.length), y: r(ps.reduce((n, p) => n + p.y, 0) / ps.length) });
  return {
    side,
    x0: r(Math.max(0, Math.min(...xs) - margin)), x1: r(Math.min(table.width, Math.max(...xs) + margin)),
    y0: r(Math.max(0, Math.min(...ys) - margin)), y1: r(Math.min(table.height, Math.max(...ys) + margin)),
    anchor: mean(anchorPoints.length ? anchorPoints : points),
  };
}

/** Compass degrees from `a` towards `b`, to the nearest 45° (CAMP-P3: a formation faces the enemy's zone unless told). */
export function facingTowards(a: Point, b: Point): number {
  const deg = (Math.atan2(b.x - a.x, b.y - a.y) * 180) / Math.PI;
  return ((Math.round(deg / 45) * 45) % 360 + 360) % 360;
}
