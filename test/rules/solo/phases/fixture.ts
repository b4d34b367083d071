import type { SoloGeneral, SoloState, SoloUnit } from '../../../../src/rules/solo/state';

/** A unit for phase tests: C class French line infantry, 18 figures, at `x,y` mm. */
export function soloUnit(id: string, side: string, brigade: string, x: number, y: number, over: Partial<SoloUnit> = {}): SoloUnit {
  return {
    id, name: id, side, brigade, type: 'line-inf', class: 'C', formation: 'line', figures: 18, startFigures: 18, disorder: 0, nation: 'french',
    at: { x, y }, facing: side === 'fr' ? 0 : 180, motion: 'halted', specials: { officer: { alive: true, front: true }, musician: { alive: true }, standard: { alive: true, front: true } }, casualtiesThisTurn: 0, casualtiesTotal: 0, movedFraction: 0, acted: false, ...over,
  };
}

/** A general for phase tests. */
export function soloGeneral(id: string, side: string, level: SoloGeneral['level'], x: number, y: number, over: Partial<SoloGeneral> = {}): SoloGeneral {
  return { id, name: id, side, level, th: 'average', av: 'normal', grade: 6, nation: 'french', at: { x, y }, alive: true, ...over };
}

/**
 * Two brigades: the French brigade A (brigadier at 0,0; u1 50 mm away, u2 200 mm away, out of
 * his 150 mm; division commander D 100 mm from him) and the British brigade B, whose brigadier is dead.
 */
export function twoBrigades(): SoloState {
  return {
    turn: 1, sides: ['fr', 'br'],
    units: [soloUnit('u1', 'fr', 'A', 50, 0), soloUnit('u2', 'fr', 'A', 200, 0), soloUnit('u3', 'br', 'B', 50, 400), soloUnit('u4', 'br', 'B', 150, 400)],
    generals: [soloGeneral('bA', 'fr', 'brigadier', 0, 0), soloGeneral('D', 'fr', 'division', 100, 0), soloGeneral('bB', 'br', 'brigadier', 100, 420, { alive: false })],
    brigades: [{ id: 'A', side: 'fr', brigadier: 'bA', division: 'D' }, { id: 'B', side: 'br', brigadier: 'bB' }],
    inControl: {}, queue: [], chance: { fr: null, br: null },
  };
}
