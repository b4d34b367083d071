import type { ScenarioMeta } from './types';

/** The clock time at which turn `turn` (1-based) starts: "14:30" for turn 1 of Ligny, "15:30" for turn 2. Wraps past midnight. */
export function turnClock(meta: Pick<ScenarioMeta, 'firstTurn' | 'turnMinutes'>, turn: number): string {
  const [h, m] = meta.firstTurn.split(':').map(Number) as [number, number];
  return clockAt(h * 60 + m, meta.turnMinutes, turn);
}

/** "14:30": the clock of `turn` for a battle starting `startMinutes` after midnight, `turnMinutes` a turn. */
export function clockAt(startMinutes: number, turnMinutes: number, turn: number): string {
  const minutes = (((startMinutes + (turn - 1) * turnMinutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
