import type { Seat } from '../contract';
import type { ScenarioMap, ScenarioSide } from './types';

/**
 * What every scenario-built game state carries besides its own pieces (B&P, ANRT): which
 * scenario, the game's settings, the turn and the clock, the table, sides and seats.
 */
export interface ScenarioGameFrame<Settings> {
  readonly v: 1;
  readonly scenario: { readonly id: string; readonly name: string };
  readonly settings: Settings;
  /** 1-based game turn; the game ends after `lastTurn`. */
  readonly turn: number;
  readonly lastTurn: number;
  /** Minutes after midnight of turn 1, and minutes per turn (the scenario's). */
  readonly clock: { readonly start: number; readonly turnMinutes: number };
  readonly map: ScenarioMap;
  /** The scenario's table scale, for distances typed in yards or miles. */
  readonly scale?: { readonly inchesPerMile?: number; readonly yardsPerInch?: number };
  readonly sides: readonly Pick<ScenarioSide, 'id' | 'name' | 'colour'>[];
  readonly seats: readonly Seat[];
}
