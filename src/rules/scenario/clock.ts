import type { ScenarioMeta } from './types';

/** The clock time at which turn `turn` (1-based) starts: "14:30" for turn 1 of Ligny, "15:30" for turn 2. Wraps past midnight. */
export function turnClock(meta: Pick<ScenarioMeta, 'firstTurn' | 'turnMinutes'>, turn: number): string {
  const [h, m] = meta.firstTurn.split(':').map(Number) as [number, number];
  const minutes = (((h * 60 + m + (turn - 1) * meta.turnMinutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
