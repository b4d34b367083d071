import { ok, type Problem, type Result } from '../../lib/result';
import type { BaseSize, Point, Pose } from '../geometry/types';
import { foldText, parseLocation, resolveLocation, type EnemyRef, type LocationContext } from '../location';
import type { Mover } from './geo';
import type { DramState } from './state';

/**
 * Typed locations as DRAM paths (DIGEST §1(d) scale, the shared location grammar): what a player
 * wrote for a /move, laid out from the mover's pose, remembered per state (issue 12).
 */

/** The enemy stands a player may name after `contact`. */
function enemiesOf(s: DramState, side: string): EnemyRef[] {
  return Object.values(s.stands).filter((e) => e.side !== side && e.onTable && !e.removed).map((e) => ({ id: e.id, name: e.name }));
}

/**
 * What a player typed (`F7`, `Ligny`, `12,30`, `forward 1mi`, `toward Brye 1mi`, `wheel left 45
 * then forward 6in`, `contact <enemy>`) as a path from the mover. Contact heads for the enemy's
 * centre: the move stops where the bases first touch.
 */
export function resolvePath(s: DramState, mover: Mover, text: string): Result<Point[], Problem> {
  let byPose = resolvedPaths.get(s.stands);
  let byText = byPose?.get(mover.pose);
  const hit = byText?.get(text);
  const result = hit && hit.map === s.map && hit.base === mover.base && hit.side === mover.side ? hit.result : undefined;
  if (result) return result.ok ? ok([...result.value]) : { ok: false, error: result.error };
  const fresh = resolvePathAfresh(s, mover, text);
  if (!byPose) resolvedPaths.set(s.stands, (byPose = new WeakMap()));
  if (!byText) byPose.set(mover.pose, (byText = new Map()));
  if (byText.size >= PATHS_KEPT) byText.clear();
  byText.set(text, { map: s.map, base: mover.base, side: mover.side, result: fresh.ok ? ok([...fresh.value]) : fresh });
  return fresh;
}

/**
 * Paths already resolved, by stands record, then the mover's pose, then the text (issue 12: a
 * player previews a move and then posts it, amends it, sends it again; parsing and laying out
 * were ~15% of validating a /move). A path depends only on those, the map, and the mover's base
 * and side (checked on a hit), none of which a state changes in place, so a remembered path is the
 * path; callers get their own copy of its array. At most PATHS_KEPT texts per pose.
 */
const resolvedPaths = new WeakMap<DramState['stands'], WeakMap<Pose, Map<string, { map: DramState['map']; base: BaseSize; side: string; result: Result<Point[], Problem> }>>>();
const PATHS_KEPT = 16;

function resolvePathAfresh(s: DramState, mover: Mover, text: string): Result<Point[], Problem> {
  const ctx: LocationContext = {
    table: s.map.table,
    grid: { cell: s.map.gridCell },
    landmarks: s.map.landmarks,
    scale: { inchesPerMile: s.map.inchesPerMile },
    unit: { pose: mover.pose, size: mover.base },
    // The parser reads the enemies only for a "contact" move (its folded text starts so), so
    // other moves get none: the list walked every stand of the game for every move (issue 12).
    // foldText remembers the text for the parser.
    enemies: foldText(text).startsWith('contact') ? enemiesOf(s, mover.side) : [],
  };
  const parsed = parseLocation(text, ctx);
  if (!parsed.ok) return parsed;
  const resolved = resolveLocation(parsed.value, ctx);
  if (!resolved.ok) return resolved;
  const r = resolved.value;
  if (r.kind === 'place') return ok([mover.pose.at, r.at]);
  if (r.kind === 'move') return ok([...r.plan.path]);
  const enemy = s.stands[r.enemy.id]!;
  return ok([mover.pose.at, enemy.pose.at]);
}
