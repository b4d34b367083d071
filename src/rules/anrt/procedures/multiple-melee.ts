import type { Point } from '../../geometry/types';
import { add, dot, headingVector, normalizeFacing, rightVector, scale, sub } from '../../geometry/vector';
import { footprint } from '../footprint';
import { isLineFormation, type AnrtFormation } from '../state';
import type { Arm } from '../tables/vocabulary';
import { meleeOutcome, type MeleeOutcome } from './melee';

/**
 * Multiple melees (§XI L654-691, L829-837). L656: "As far as possible units of both sides should
 * be paired off into individual melees front to front." The permitted exceptions:
 *   L663 "Multiple columns may melee frontally with an enemy line providing there is at least 2"
 *        deploying distance between each column";
 *   L691 "A unit with no flank supports can be frontally meleed by two units overlapping its flanks";
 *   L829 "To count for overlapping melees the units must overlap by at least one base…";
 *   L831 "In multiple melees the total number of hits inflicted by both sides is used to determine
 *        winners and losers", with the example L834-837 (each unit's own hits inflicted against
 *        its own hits suffered).
 * The diagrams are missing (A-11); rulings ANRT-M4…M8 (README) say how the engine lays them out.
 */

/** A charger or target as the pairing needs it. */
export interface MeleePiece {
  readonly id: string;
  readonly at: Point;
  readonly facing: number;
  readonly arm: Arm;
  readonly formation: AnrtFormation;
}

/** How several chargers meet one target: alone (the rest are refused), columns on a line (L663), two overlapping an unsupported flank pair (L691). */
export type MeleeShape = 'single' | 'columns-on-line' | 'flank-overlap';

/** L663: the deploying distance between columns. */
export const COLUMN_DEPLOYING_INCHES = { inches: 2, line: 'L663' } as const;
/** L691: at most two units overlap a lone unit's flanks. */
export const FLANK_OVERLAPPERS = { units: 2, line: 'L691' } as const;

const isColumn = (p: MeleePiece): boolean => p.formation === 'column';
const isLine = (p: MeleePiece): boolean => p.arm === 'infantry' && isLineFormation(p.formation); // a reinforced line too (ANRT-RL2)

/**
 * How many columns of frontage `w` fit against a line of frontage `l`, 2" apart, each with some of
 * its front against the line's front (ANRT-M4): the outermost centres stay within (l + w) / 2.
 */
export function columnsAgainst(l: number, w: number): number {
  let n = 1;
  while ((n * (w + COLUMN_DEPLOYING_INCHES.inches)) / 2 < (l + w) / 2 - 1e-9) n++;
  return n;
}

export interface Admission {
  readonly shape: MeleeShape;
  /** The chargers that meet the target, in the order given. */
  readonly admitted: readonly string[];
  /** The chargers with no room, and the line that bars them. */
  readonly refused: readonly { readonly id: string; readonly why: string }[];
}

/**
 * Which of several chargers of one target meet it (ANRT-M4, M5): all columns against a line up to
 * the number 2" apart its front holds (L663); else two against a unit with no flank support, each
 * wider than half its frontage so as to overlap a flank (L691, L829); else the first alone (L656). `flankSupported`: the target has a steady friend within 3"
 * of a flank (procedures/support.ts).
 */
export function admitChargers(target: MeleePiece, flankSupported: boolean, chargers: readonly MeleePiece[]): Admission {
  if (chargers.length <= 1) return { shape: 'single', admitted: chargers.map((c) => c.id), refused: [] };
  if (isLine(target) && chargers.every(isColumn)) {
    const room = columnsAgainst(footprint(target).width, Math.max(...chargers.map((c) => footprint(c).width)));
    if (room >= 2) {
      return {
        shape: 'columns-on-line', admitted: chargers.slice(0, room).map((c) => c.id),
        refused: chargers.slice(room).map((c) => ({ id: c.id, why: `the front of ${target.id} holds ${room} columns 2" apart (L663)` })),
      };
    }
  }
  // L829: side by side at its centre line, each overlapper's frontage must hang beyond its flank.
  const overlapping = chargers.filter((c) => footprint(c).width > footprint(target).width / 2 + 1e-9);
  if (!flankSupported && overlapping.length >= FLANK_OVERLAPPERS.units) {
    const admitted = overlapping.slice(0, FLANK_OVERLAPPERS.units).map((c) => c.id);
    return {
      shape: 'flank-overlap', admitted,
      refused: chargers.filter((c) => !admitted.includes(c.id)).map((c) => ({ id: c.id, why: `at most two units overlapping its flanks melee ${target.id} (L691, L829)` })),
    };
  }
  // Say which condition bars them: the text's reasons differ (a flank friend, too narrow to overlap, not columns on a line).
  const bars = [
    flankSupported ? `${target.id} has a friend within 3" of a flank (L691)`
      : `${overlapping.length ? `only ${overlapping.length} of the chargers is` : 'none of the chargers is'} wider than half the frontage of ${target.id}, so two cannot overlap its flanks (L691, L829)`,
    ...(isLine(target) ? [chargers.every(isColumn) ? `its front holds fewer than two columns 2" apart (L663)` : 'only columns may melee a line together (L663)'] : []),
  ];
  const why = `${bars.join(' and ')}, so only one unit melees it (L656)`;
  return { shape: 'single', admitted: [chargers[0]!.id], refused: chargers.slice(1).map((c) => ({ id: c.id, why })) };
}

/**
 * Where the admitted chargers stand, front to front with the target (ANRT-M6): columns centred
 * on its front and 2" apart (L663); the two overlappers side by side, meeting at its centre line,
 * so each hangs beyond one of its flanks (L691, L829: admitted only if its frontage is more than
 * half the target's). Chargers keep their left-to-right order as seen by
 * the target, and face it.
 */
export function meleeSlots(target: MeleePiece, shape: Exclude<MeleeShape, 'single'>, chargers: readonly MeleePiece[]): { id: string; at: Point; facing: number }[] {
  const t = footprint(target);
  const right = rightVector(target.facing);
  const ahead = headingVector(target.facing);
  const order = [...chargers].sort((a, b) => dot(sub(a.at, target.at), right) - dot(sub(b.at, target.at), right) || a.id.localeCompare(b.id));
  const widest = Math.max(...order.map((c) => footprint(c).width));
  const n = order.length;
  return order.map((c, i) => {
    const lateral = shape === 'columns-on-line'
      ? (i - (n - 1) / 2) * (widest + COLUMN_DEPLOYING_INCHES.inches)
      : (n === 1 ? 0 : i === 0 ? -footprint(c).width / 2 : footprint(c).width / 2);
    const front = t.depth / 2 + footprint(c).depth / 2;
    return { id: c.id, at: add(add(target.at, scale(ahead, front)), scale(right, lateral)), facing: normalizeFacing(target.facing + 180) };
  });
}

/**
 * Where a single charger stands in contact (ANRT-M6b): L656 pairs units "front to front", so the
 * charger's front edge lies along the face of the target it strikes — the target's front, or the
 * flank or rear its charge came from (L839-841, `aspect`; a flank by the side the charger starts
 * on) — touching it, not overlapping, centred on that face and square to it (as `meleeSlots`
 * places one charger, and as L857's overlap is measured: centred). `from`: where the charge started.
 */
export function contactSlot(target: MeleePiece, charger: MeleePiece, aspect: 'front' | 'flank' | 'rear', from: Point = charger.at): { at: Point; facing: number } {
  const t = footprint(target);
  const c = footprint(charger);
  const ahead = headingVector(target.facing);
  const right = rightVector(target.facing);
  if (aspect === 'flank') {
    const side = dot(sub(from, target.at), right) < 0 ? -1 : 1;
    return { at: add(target.at, scale(right, side * (t.width / 2 + c.depth / 2))), facing: normalizeFacing(target.facing + (side > 0 ? -90 : 90)) };
  }
  const way = aspect === 'rear' ? -1 : 1;
  return { at: add(target.at, scale(ahead, way * (t.depth / 2 + c.depth / 2))), facing: normalizeFacing(aspect === 'rear' ? target.facing : target.facing + 180) };
}

/**
 * How a unit with several opponents divides its hits (ANRT-M7): one throw, against the first
 * opponent it met; its hits go one at a time to each opponent in turn, from that one (L837: "A
 * inflicts 2X hits, one each on P and Q").
 */
export function splitHits(hits: number, opponents: readonly string[]): { to: string; hits: number }[] {
  const out = opponents.map((to) => ({ to, hits: 0 }));
  for (let i = 0; i < hits; i++) out[i % out.length]!.hits++;
  return out.filter((x) => x.hits > 0);
}

/** One strike of a melee: hits from one unit on another. */
export interface MeleeStrike { readonly from: string; readonly to: string; readonly hits: number }

/**
 * Winners and losers of a melee, single or multiple (L646-652, L831, L559): each unit's hits
 * inflicted against all the hits it suffered. Fire into the melee counts as melee losses (L559):
 * suffered by its target and, as its side inflicted them, credited to the target's first opponent
 * (`credit`, ANRT-M8).
 */
export function meleeTallies(units: readonly string[], strikes: readonly MeleeStrike[], firedInto: Readonly<Record<string, number>> = {}, credit: Readonly<Record<string, string>> = {}): Record<string, { inflicted: number; suffered: number } & MeleeOutcome> {
  const out: Record<string, { inflicted: number; suffered: number } & MeleeOutcome> = {};
  for (const u of units) {
    const byFire = Object.entries(firedInto).reduce((n, [t, h]) => (credit[t] === u ? n + h : n), 0);
    const inflicted = strikes.filter((x) => x.from === u).reduce((n, x) => n + x.hits, 0) + byFire;
    const suffered = strikes.filter((x) => x.to === u).reduce((n, x) => n + x.hits, 0) + (firedInto[u] ?? 0);
    out[u] = { inflicted, suffered, ...meleeOutcome(inflicted, suffered) };
  }
  return out;
}
