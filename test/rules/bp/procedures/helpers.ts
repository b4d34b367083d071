import type { GameEvent, RollEvent } from '../../../../src/rules/events';
import { parseBpSettings, type BpSettings } from '../../../../src/rules/bp/settings';

/** Settings for a test: the defaults with these overrides; a bad override fails the test loudly. */
export function bpSettingsWith(overrides: unknown = {}): BpSettings {
  const r = parseBpSettings(overrides);
  if (!r.ok) throw new Error(`bad test settings: ${r.error.message}`);
  return r.value;
}

/** Two d6 faces that total a natural 2d6 `n` (2-12). */
export function facesFor(n: number): [number, number] {
  if (!Number.isInteger(n) || n < 2 || n > 12) throw new Error(`no 2d6 shows ${n}`);
  const a = Math.min(6, n - 1);
  return [a, n - a];
}

/** The roll events of an event list. */
export const rollsOf = (events: readonly GameEvent[]): RollEvent[] => events.filter((e): e is RollEvent => e.kind === 'roll');
