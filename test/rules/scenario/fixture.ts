/**
 * A small valid DRAM scenario for the error tests. The tests name exact lines and columns of
 * this text, so edit it only together with them (line 1 is `meta:`).
 */
export const BASE = `meta:
  id: test-bridge
  name: Test Bridge
  date: 1813-05-01
  ruleset: dram
  historical: false
  description: A tiny scenario for tests.
  scale: { inchesPerMile: 6 }
  turnMinutes: 60
  firstTurn: "10:00"
  turns: 4
map:
  table: { width: 24, height: 12 }
  gridCell: 6
  terrain:
    - { id: brook, kind: stream, line: [[0, 6], [24, 6]] }
    - { id: mill-bridge, kind: bridge, at: [12, 6], crosses: brook }
    - { id: hamlet, kind: built-up, polygon: [[10, 7], [14, 7], [14, 9], [10, 9]] }
  landmarks:
    - { name: Moulin, at: [12, 8], aliases: [the mill] }
    - { name: North edge, at: [12, 11.5] }
sides:
  - { id: blue, name: Blue, colour: "#1f4e9c", commander: blue-chief }
  - { id: red, name: Red, colour: "#b22222", commander: red-chief }
orderOfBattle:
  blue:
    army: Blue army
    generals:
      - { id: blue-chief, name: Blue Chief, level: army, rules: { cr: 2, ap: 3 } }
      - { id: blue-corps-general, name: Blue Corps General, level: corps, rules: { cr: 1, ap: 2 } }
    corps:
      - id: blue-corps
        name: Blue Corps
        general: blue-corps-general
        divisions:
          - { id: blue-1, name: Blue 1st, arm: infantry, sp: 3 }
          - { id: blue-2, name: Blue 2nd, arm: infantry, composition: { infantry: 5000, guns: 8 }, grade: average-line, officers: good, gunWeight: light }
  red:
    army: Red army
    generals:
      - { id: red-chief, name: Red Chief, level: army, rules: { cr: 1, ap: 3 } }
      - { id: red-corps-general, name: Red Corps General, level: corps, rules: { cr: 1, ap: 2 } }
    corps:
      - id: red-corps
        name: Red Corps
        general: red-corps-general
        divisions:
          - { id: red-1, name: Red 1st, arm: infantry, sp: 3 }
          - { id: red-2, name: Red 2nd, arm: heavy-cavalry, sp: 2 }
deployment:
  - { general: blue-chief, at: [4, 2], facing: N }
  - { general: blue-corps-general, at: [8, 2], facing: N }
  - { unit: blue-1, at: [12, 3], facing: N, order: A }
  - { unit: blue-2, at: B2, facing: 0, order: D }
  - { general: red-chief, at: [20, 10], facing: S }
  - { general: red-corps-general, at: [16, 10], facing: S }
  - { unit: red-1, at: Moulin, facing: S, order: D }
  - { unit: red-2, at: off-table }
reinforcements:
  - { units: [red-2], turn: 2, at: North edge, facing: S, order: M }
victory:
  objectives:
    - { id: hold-hamlet, area: hamlet, side: any, points: 2 }
    - { id: hold-mill, landmark: the mill, radius: 2, side: red, points: 1 }
  collapse:
    - { side: blue, standsLostPercent: 50 }
  draw: { margin: 0 }
`;

/** BASE with `from` replaced by `to`; `from` must occur exactly once, so a stale edit fails loudly. */
export function edit(from: string, to: string, text: string = BASE): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`fixture edit: '${from}' must occur exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
