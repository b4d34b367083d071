import type { Point, TableSize } from '../../geometry/types';
import { bearing, headingVector, turn } from '../../geometry/vector';
import type { SoloSettings } from '../settings';
import { disorderRow } from '../tables/disorder';
import { placeholderNote } from './common';
import { baseMoveMm } from './move';
import type { Procedure, SoloUnitInput } from './types';

/**
 * Rout and retire moves (KUR L11, L23-24, L28; K-5; KS-29, KS-30). The text keeps only that
 * "each move of Rout" costs 2 'D' and "each move of Retreat" 1 'D' (L11), that a failed morale
 * test is read on a D10 chart now lost (K-5 placeholder: rout; retire "a full move"), and that
 * Timid-led infantry failing to charge home "retire 100mm" (L28). How far a rout or retire goes
 * is a placeholder in the unit's base moves (`morale.routMoves`, `morale.retireMoves`, KS-29);
 * the way is straight away from the enemy that caused it, else the nearest enemy, else straight
 * back (KS-30); the unit keeps its facing (no turning moves yet); a unit whose point (the centre
 * of its front edge) ends beyond the table edge has left the table (KS-31).
 */

/** What a flight move reads. */
export interface FlightInput {
  readonly unit: Pick<SoloUnitInput, 'name' | 'type' | 'formation'>;
  /** The centre of its front edge, mm, and its facing. */
  readonly at: Point;
  readonly facing: number;
  readonly kind: 'rout' | 'retire';
  /** The enemy it flees from (KS-30), or null: straight back from its facing. */
  readonly from: Point | null;
  /** The table, mm; absent, the table has no edge to leave. */
  readonly table?: TableSize;
  /** A printed distance (L28 "retire 100mm") instead of the placeholder base moves. */
  readonly mm?: number;
  /** KS-30 `morale.routWay: own-edge`: the compass heading to its own table edge, which a rout takes instead. */
  readonly heading?: number;
}

/** Where the flight ends. */
export interface Flight {
  readonly mm: number;
  /** The compass heading it goes (away from `from`). */
  readonly heading: number;
  readonly to: Point;
  /** Its point ends beyond the table edge: it has left the table (KS-31). */
  readonly offTable: boolean;
  /** L11: the 'D' chits of this move (rout 2, retire 1). */
  readonly chits: number;
}

/** KS-30: away from the enemy (the far side of the line from it), else straight back. */
export function flightHeading(at: Point, facing: number, from: Point | null): number {
  if (from && (from.x !== at.x || from.y !== at.y)) return bearing(from, at);
  return turn(facing, 180);
}

/** KS-31: a point beyond the table's edge. */
export const beyondTable = (p: Point, table: TableSize | undefined): boolean => !!table && (p.x < 0 || p.y < 0 || p.x > table.width || p.y > table.height);

/** KS-29, KS-30, KS-31 (L11, L23-24, L28): one rout or retire move. No dice: it is not a move the player makes (L9). */
export function flightMove(input: FlightInput, settings: SoloSettings): Procedure<Flight> {
  const u = input.unit;
  const key = input.kind === 'rout' ? 'morale.routMoves' : 'morale.retireMoves';
  const moves = input.kind === 'rout' ? settings.morale.routMoves : settings.morale.retireMoves;
  const base = baseMoveMm(u.type, u.formation, settings);
  const mm = input.mm ?? Math.round(base * moves);
  const heading = input.heading ?? flightHeading(input.at, input.facing, input.from);
  const v = headingVector(heading);
  const to = { x: input.at.x + v.x * mm, y: input.at.y + v.y * mm };
  const chits = disorderRow(input.kind === 'rout' ? 'rout-move' : 'retreat-or-pursuit-move').chits as number;
  const events = input.mm !== undefined ? [] : [
    placeholderNote(key, `${u.name}: a ${input.kind} move is ${moves} base move${moves === 1 ? '' : 's'} = ${mm} mm`),
    placeholderNote('move.baseMm', `${u.name}: base move ${base} mm`),
  ];
  return { result: { mm, heading: Math.round(heading), to, offTable: beyondTable(to, input.table), chits }, events };
}
