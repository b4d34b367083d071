import type { Seat, Step } from '../contract';
import type { Pose } from '../geometry/types';
import { revealPhase } from './reveal';
import { exhaustionPhase } from './exhaustion';
import type { Dice } from '../../dice/dice';
import { NO_TURN_FLAGS, type Corps, type DramMap, type DramSide, type DramState, type DramVictory, type General, type Reinforcement, type Stand } from './state';
import type { DramSettings } from './settings';
import { BASES, type Arm, type GeneralLevel, type Order } from './tables';

/**
 * A DRAM battle as the engine starts it: the scenario file already validated and reduced to
 * what DRAM needs (positions resolved, SP computed). Tests build these directly.
 */
export interface DramScenarioData {
  readonly id: string;
  readonly name: string;
  readonly lastTurn: number;
  readonly clock: { readonly start: number; readonly turnMinutes: number };
  readonly map: DramMap;
  readonly sides: readonly DramSide[];
  readonly corps: readonly Corps[];
  readonly generals: readonly {
    readonly id: string; readonly name: string; readonly side: string; readonly level: GeneralLevel;
    readonly cr: number; readonly ap: number; readonly corps: string | null; readonly superior: string | null; readonly pose: Pose;
  }[];
  readonly stands: readonly {
    readonly id: string; readonly name: string; readonly side: string; readonly corps: string; readonly arm: Arm;
    readonly sp: number; readonly order: Order; readonly pose: Pose; readonly inPreparedDefences?: boolean; readonly onTable?: boolean;
    /** Its starting value (§3 L49, §9 L150) when it enters below it: a campaign's full establishment (CAMP-D3). Default `sp`. */
    readonly spStart?: number;
  }[];
  readonly reinforcements: readonly Reinforcement[];
  readonly victory: DramVictory;
}

/** Build the state and play turn 1's automatic phases (reveal, exhaustion) up to the movement window. */
export function setupDram(data: DramScenarioData, settings: DramSettings, dice: Dice): Step<DramState> {
  const reveal = revealPhase(buildDramState(data, settings));
  const exhaustion = exhaustionPhase(reveal.state, dice);
  return { state: { ...exhaustion.state, phase: settings.move.windows === 'live' ? 'initiative' : 'movement' }, events: [...reveal.events, ...exhaustion.events] };
}

/** The state before turn 1's first phase: every stand at full strength, no phase played. */
export function buildDramState(data: DramScenarioData, settings: DramSettings): DramState {
  const stands: Record<string, Stand> = {};
  for (const x of data.stands) {
    stands[x.id] = {
      id: x.id, name: x.name, side: x.side, corps: x.corps, arm: x.arm, spStart: x.spStart ?? x.sp, sp: x.sp, order: x.order,
      pose: x.pose, base: BASES.division, onTable: x.onTable ?? true, removed: false, halfTested: false, lossesSinceTest: 0,
      noAdvance: false, fallingBack: false, inPreparedDefences: x.inPreparedDefences ?? false, turnFlags: NO_TURN_FLAGS,
    };
  }
  const generals: Record<string, General> = {};
  for (const g of data.generals) {
    generals[g.id] = {
      id: g.id, name: g.name, side: g.side, level: g.level, cr: g.cr, ap: g.ap, apSpent: 0, corps: g.corps,
      subordinates: data.generals.filter((x) => x.superior === g.id).map((x) => x.id), superior: g.superior,
      pose: g.pose, joined: null, status: 'present', staff: false,
    };
  }
  return {
    v: 1, scenario: { id: data.id, name: data.name }, settings, turn: 1, lastTurn: data.lastTurn, phase: 'reveal',
    clock: data.clock, map: data.map, sides: data.sides, stands, generals,
    corps: Object.fromEntries(data.corps.map((c) => [c.id, c])), seats: seatsOf(data), chits: [], initiative: {},
    moveSequence: [], reinforcements: data.reinforcements, victory: data.victory, ended: null,
  };
}

/**
 * DRAM is played by corps commanders (DESIGN.md): one seat per corps (its stands and its
 * general), and one per side for the army command (the higher generals, who write orders
 * to corps). One player may hold several seats.
 */
export function seatsOf(data: Pick<DramScenarioData, 'corps' | 'generals' | 'sides'>): Seat[] {
  const seats: Seat[] = [];
  for (const side of data.sides) {
    const higher = data.generals.filter((g) => g.side === side.id && g.corps === null).map((g) => g.id);
    if (higher.length) seats.push({ id: `${side.id}:command`, side: side.id, label: `${side.name} army command`, commands: higher });
    for (const c of data.corps.filter((x) => x.side === side.id)) {
      seats.push({ id: `${side.id}:${c.id}`, side: side.id, label: c.name, commands: [c.id, c.general] });
    }
  }
  return seats;
}
