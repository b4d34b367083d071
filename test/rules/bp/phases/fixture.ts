import type { TerrainFeature } from '../../../../src/rules/geometry/types';
import { BP_SETTINGS_DEFAULTS, type BpSettings } from '../../../../src/rules/bp/settings';
import { emptyLog, type BpCommander, type BpState, type BpUnit } from '../../../../src/rules/bp/state';

/**
 * Small hand-built B&P positions for phase tests: French (south, facing north) against
 * Austrians (north, facing south) on a 48 × 36 table, French move period of turn 1.
 */
export function unit(id: string, side: 'fr' | 'au', over: Partial<BpUnit> & { at: [number, number] }): BpUnit {
  const { at, ...rest } = over;
  const arm = rest.arm ?? 'infantry';
  const stands = rest.stands ?? (arm === 'artillery' ? [4] : arm === 'cavalry' ? [2, 2, 2, 2] : [3, 3, 3, 3]);
  return {
    id, name: id, side, arm, guard: false, heavy: false, green: false, controlClass: 'A', stands,
    startFigures: stands.reduce((a, f) => a + f, 0), startStands: stands.length, formation: 'line',
    pose: { at: { x: at[0], y: at[1] }, facing: side === 'fr' ? 0 : 180 }, stage: 'effective', assaultsRecovering: 0,
    disruptedAt: null, gone: null, building: null, ...rest,
  };
}

export function position(units: readonly BpUnit[], opts: { terrain?: TerrainFeature[]; settings?: BpSettings; commanders?: BpCommander[] } = {}): BpState {
  return {
    v: 1, scenario: { id: 'test', name: 'test' }, settings: opts.settings ?? BP_SETTINGS_DEFAULTS, turn: 1, lastTurn: 6,
    clock: { start: 600, turnMinutes: 15 },
    map: { table: { width: 48, height: 36 }, gridCell: 6, terrain: opts.terrain ?? [], landmarks: [] },
    sides: [{ id: 'fr', name: 'French', colour: '#1f4e9c' }, { id: 'au', name: 'Austrians', colour: '#d4a017' }],
    seats: [{ id: 'fr', side: 'fr', label: 'French', commands: [] }, { id: 'au', side: 'au', label: 'Austrians', commands: [] }],
    units: Object.fromEntries(units.map((u) => [u.id, u])),
    commanders: Object.fromEntries((opts.commanders ?? []).map((c) => [c.id, c])),
    buildings: {}, order: ['fr', 'au'], period: 0, periodsDone: 0, log: emptyLog('fr'), gunsMoved: [], noMove: [],
    standing: {}, firstChoice: {}, control: {}, lastBControl: {},
    victory: { objectives: [], collapse: [], draw: { margin: 0 } }, ended: null,
  };
}
