import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { UnitKind } from './vocabulary';

/**
 * P0 Charge legality (B&P L57, L61, L69, L113-121, L161-163; DIGEST §4(b) P0), as values: each
 * refusal has a stable code and says how to fix it. Geometry answers (through a screen, through a
 * breach) are the caller's and are passed in as flags.
 */

/** What the caller knows about a proposed charge besides the two units' kinds. */
export interface ChargeContext {
  /** L61, L121: the terrain allows no formation but skirmish order (heavy woods, very rocky). */
  readonly terrainOnlySkirmish?: boolean;
  /** L57: the path crosses an enemy skirmish screen. */
  readonly throughSkirmishScreen?: boolean;
  /** L113: the path goes through a hole in a line no wider than twice a stand's width. */
  readonly throughNarrowBreach?: boolean;
  /** L115, L161: the charger has already fought a melee this move period. */
  readonly chargerMeleedThisMove?: boolean;
  /** L163: the target won a melee this move period. */
  readonly targetWonMeleeThisMove?: boolean;
}

/** Codes of the refusals, one per rule. */
export const CHARGE_REFUSALS = {
  'charge/artillery': 'B&P L32: artillery moves or fires; it does not charge',
  'charge/infantry-vs-cavalry': 'B&P L119: infantry cannot charge cavalry',
  'charge/skirmish-cavalry': 'B&P L69: cavalry in skirmish order may not charge',
  'charge/skirmishers': 'B&P L61, L121: skirmishers charge only where the terrain allows no other formation',
  'charge/through-screen': 'B&P L57: no charge through a skirmish screen',
  'charge/through-breach': 'B&P L113: no charge through a hole of twice a stand width or less',
  'charge/already-fought': 'B&P L115, L161: no unit fights more than one melee per move',
  'charge/winner-immune': 'B&P L163: a unit that won a melee this move cannot be attacked in melee again this move',
} as const;
/** A charge refusal code. */
export type ChargeRefusal = keyof typeof CHARGE_REFUSALS;

const FIX: Record<ChargeRefusal, string> = {
  'charge/artillery': 'Move the battery or fire it instead.',
  'charge/infantry-vs-cavalry': 'Fire at the cavalry instead, or charge with cavalry.',
  'charge/skirmish-cavalry': 'Form the regiment first, then charge next move.',
  'charge/skirmishers': 'Form line or column first, unless the scenario marks the ground as skirmish-only.',
  'charge/through-screen': 'Drive the screen off first, or go around it.',
  'charge/through-breach': 'The hole must be wider than twice a stand, or the whole unit gone.',
  'charge/already-fought': 'Use a unit that has not fought this move.',
  'charge/winner-immune': 'Fire at it instead; it can be charged again next move.',
};

const refuse = (code: ChargeRefusal): Result<true, Problem> => err({ code, message: CHARGE_REFUSALS[code], hint: FIX[code] });

/** Whether `attacker` may charge `target` (the first rule broken, in the order above). */
export function chargeLegality(attacker: UnitKind, target: UnitKind, ctx: ChargeContext = {}): Result<true, Problem> {
  if (attacker.arm === 'artillery') return refuse('charge/artillery');
  if (attacker.arm === 'infantry' && target.arm === 'cavalry') return refuse('charge/infantry-vs-cavalry');
  if (attacker.arm === 'cavalry' && attacker.formation === 'skirmish') return refuse('charge/skirmish-cavalry');
  if (attacker.arm === 'infantry' && attacker.formation === 'skirmish' && !ctx.terrainOnlySkirmish) return refuse('charge/skirmishers');
  if (ctx.throughSkirmishScreen) return refuse('charge/through-screen');
  if (ctx.throughNarrowBreach) return refuse('charge/through-breach');
  if (ctx.chargerMeleedThisMove) return refuse('charge/already-fought');
  if (ctx.targetWonMeleeThisMove) return refuse('charge/winner-immune');
  return ok(true);
}
