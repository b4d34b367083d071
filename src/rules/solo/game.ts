import type { Seat } from '../contract';
import type { Scale, ScenarioMap } from '../scenario/types';
import type { SoloSettings } from './settings';
import type { SoloState } from './state';

/**
 * The Kuryakin game as the bot stores it: the rules' state (`SoloState`, state.ts) plus what the
 * shared layers need around it — the scenario's name, map and clock, the game's settings, the
 * seats (one per side; one player may hold both, `seating: 'any'` in the record) and how it
 * ended. The phase functions take and return `SoloState`; they copy every other field through
 * (`{ ...s, … }`), so `asGame` only restores the type.
 */
export interface SoloGame extends SoloState {
  readonly v: 1;
  readonly scenario: { readonly id: string; readonly name: string };
  readonly settings: SoloSettings;
  readonly lastTurn: number;
  /** Clock of turn 1 in minutes after midnight, and the turn length (L3: ½ hour a move). */
  readonly clock: { readonly start: number; readonly turnMinutes: number };
  /** Coordinates in millimetres (1 mm = 1 yard, KUR L3). */
  readonly map: ScenarioMap;
  readonly scale: Scale;
  /** The sides as players read them. */
  readonly armies: readonly { readonly id: string; readonly name: string; readonly colour: string }[];
  readonly seats: readonly Seat[];
  /** Printed brigade names ("1st Brigade (Lemaire)"), by brigade id. */
  readonly brigadeNames: Readonly<Record<string, string>>;
  /** K-19 `random`: after how many opened cards each side's chance card is played this turn. */
  readonly chancePlayAt?: Readonly<Record<string, number>>;
  readonly ended: { readonly winner: string | null; readonly summary: string } | null;
}

/** The phase functions keep every field of the game (they spread it): this restores the type. */
export const asGame = (g: SoloGame, s: SoloState): SoloGame => ({ ...g, ...s, map: g.map });

/** A side's printed name. */
export const armyName = (g: Pick<SoloGame, 'armies'>, side: string): string => g.armies.find((a) => a.id === side)?.name ?? side;

/** The seat that plays a side (one seat per side). */
export const seatOfSide = (g: Pick<SoloGame, 'seats'>, side: string): string => g.seats.find((x) => x.side === side)?.id ?? side;

/** The side a seat plays, or null. */
export const sideOfSeat = (g: Pick<SoloGame, 'seats'>, seat: string): string | null => g.seats.find((x) => x.id === seat)?.side ?? null;

/** "10:30": the clock at a turn. */
export function clockOf(g: Pick<SoloGame, 'clock'>, turn: number): string {
  const m = g.clock.start + (turn - 1) * g.clock.turnMinutes;
  return `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
