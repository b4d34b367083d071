import { err, ok, type Problem, type Result } from '../../lib/result';
import { isArea } from '../geometry/features';
import type { Point } from '../geometry/types';
import type { Scenario, Unit } from '../scenario/types';
import { bpUnitRules } from './profile';
import type { BpSettings } from './settings';
import { emptyLog, type BpArrival, type BpBuilding, type BpCommander, type BpState, type BpUnit } from './state';
import { ORGANISATION } from './tables/organisation';
import type { Arm, Formation } from './tables/vocabulary';

/**
 * B&P scenarios: the shared format (src/rules/scenario) with figures, stands and a starting
 * formation on each unit (L12, L14) and B&P's flags in `rules:` (profile.ts). A unit's
 * deployment point is the centre of its front edge. Generals on the table are the command
 * figures (L200-202); built-up areas are the buildings (L177-198).
 */

/** A B&P battle as the engine starts it, before the first roll-off. */
export type BpScenarioData = Omit<BpState, 'settings' | 'order' | 'period' | 'log'>;

/** The arm, guard and heavy flags of a shared-format arm (L14-18). */
function armOf(arm: Unit['arm']): { arm: Arm; heavy: boolean } | null {
  switch (arm) {
    case 'infantry': return { arm: 'infantry', heavy: false };
    case 'light-cavalry': case 'medium-cavalry': return { arm: 'cavalry', heavy: false };
    case 'heavy-cavalry': return { arm: 'cavalry', heavy: true };
    case 'artillery': case 'horse-artillery': return { arm: 'artillery', heavy: false };
    default: return null;
  }
}

/** Figures spread over stands as evenly as they go, fuller stands first (10 on 4 → 3, 3, 2, 2). */
export function spreadFigures(figures: number, stands: number): number[] {
  const n = Math.max(1, Math.min(stands, figures));
  return Array.from({ length: n }, (_, i) => Math.floor(figures / n) + (i < figures % n ? 1 : 0));
}

/** Turns a validated scenario into B&P's starting data; problems name the unit. */
export function bpScenarioData(sc: Scenario, _settings: BpSettings): Result<BpScenarioData, Problem[]> {
  const problems: Problem[] = [];
  if (sc.sides.length !== 2) problems.push({ code: 'bp/sides', message: `B&P is a two-player move-counter move game (L24); this scenario has ${sc.sides.length} sides.` });
  const placed = new Map<string, { at: Point; facing: number }>(sc.deployment.map((d) => [d.piece, d]));
  // Reinforcements enter at their entry point, one behind the other in the order listed (BP-S2).
  const arriving = new Map<string, Scenario['reinforcements'][number]>();
  for (const r of sc.reinforcements) {
    [...r.units, ...r.generals].forEach((id, i) => {
      arriving.set(id, r);
      placed.set(id, { at: { x: r.at.x - Math.sin((r.facing * Math.PI) / 180) * 3 * i, y: r.at.y - Math.cos((r.facing * Math.PI) / 180) * 3 * i }, facing: r.facing });
    });
  }
  const units: Record<string, BpUnit> = {};
  const commanders: Record<string, BpCommander> = {};
  for (const side of sc.sides) {
    const oob = sc.orderOfBattle[side.id];
    if (!oob) continue;
    for (const g of oob.generals) {
      const d = placed.get(g.id);
      if (d) commanders[g.id] = { id: g.id, name: g.name, side: side.id, at: d.at, alive: true };
    }
    for (const corps of oob.corps) {
      for (const u of corps.divisions) {
        const d = placed.get(u.id);
        const kind = armOf(u.arm);
        if (!d || !kind) { problems.push({ code: 'bp/unit', message: `${u.id}: ${!d ? 'not deployed' : `arm ${u.arm} is not a B&P arm`}.` }); continue; }
        if (u.strength.kind !== 'figures') { problems.push({ code: 'bp/strength', message: `${u.id}: B&P counts figures (L12); give figures: 12.` }); continue; }
        const rules = bpUnitRules.safeParse(u.rules);
        if (!rules.success) { problems.push({ code: 'bp/rules', message: `${u.id}: ${rules.error.issues[0]?.message}` }); continue; }
        const figures = u.strength.figures;
        const org = ORGANISATION[kind.arm];
        const stands = kind.arm === 'artillery' ? 1 : u.stands ?? Math.ceil(figures / org.figuresPerStand);
        const formation = (u.formation ?? 'line') as Formation | 'limbered' | 'unlimbered';
        if (formation === 'limbered' || formation === 'unlimbered' || (kind.arm === 'artillery' && formation !== 'line')) {
          problems.push({ code: 'bp/formation', message: `${u.id}: a battery takes no formation in B&P (it moves or fires, L32); leave formation out.` });
          continue;
        }
        if (kind.arm === 'cavalry' && formation === 'square') { problems.push({ code: 'bp/formation', message: `${u.id}: cavalry cannot form square (L40).` }); continue; }
        const spread = spreadFigures(figures, stands);
        units[u.id] = {
          id: u.id, name: u.name, side: side.id, arm: kind.arm, guard: rules.data.guard ?? false, heavy: kind.heavy, green: rules.data.green ?? false,
          controlClass: rules.data.control ?? 'A', stands: spread, startFigures: figures, startStands: spread.length, formation,
          pose: { at: d.at, facing: d.facing }, stage: 'effective', assaultsRecovering: 0, disruptedAt: null, gone: null, building: null,
        };
      }
    }
  }
  const buildings: Record<string, BpBuilding> = {};
  for (const f of sc.map.terrain) {
    if (isArea(f) && (f.kind === 'built-up' || f.kind === 'town')) buildings[f.id] = { id: f.id, name: f.name ?? f.id, polygon: f.polygon, hits: 0, burning: false };
  }
  if (problems.length > 0) return err(problems);
  const arrivals: BpArrival[] = sc.reinforcements.map((r) => {
    const side = sc.sides.find((x) => sc.orderOfBattle[x.id]?.corps.some((c) => c.divisions.some((u) => r.units.includes(u.id))) || sc.orderOfBattle[x.id]?.generals.some((g) => r.generals.includes(g.id)))?.id ?? sc.sides[0]!.id;
    return { turn: r.turn, side, units: r.units.flatMap((id) => (units[id] ? [units[id]!] : [])), commanders: r.generals.flatMap((id) => (commanders[id] ? [commanders[id]!] : [])) };
  });
  for (const id of arriving.keys()) { delete units[id]; delete commanders[id]; }
  const [hh, mm] = sc.meta.firstTurn.split(':').map(Number);
  return ok({
    v: 1, scenario: { id: sc.meta.id, name: sc.meta.name }, turn: 1, lastTurn: sc.meta.turns,
    clock: { start: hh! * 60 + mm!, turnMinutes: sc.meta.turnMinutes }, map: sc.map, scale: sc.meta.scale,
    sides: sc.sides.map((x) => ({ id: x.id, name: x.name, colour: x.colour })),
    seats: sc.sides.map((x) => ({ id: x.id, side: x.id, label: x.name, commands: [...Object.values(units).filter((u) => u.side === x.id).map((u) => u.id), ...Object.values(commanders).filter((c) => c.side === x.id).map((c) => c.id),
      ...arrivals.filter((a) => a.side === x.id).flatMap((a) => [...a.units.map((u) => u.id), ...a.commanders.map((c) => c.id)])] })),
    units, commanders, buildings, periodsDone: 0, gunsMoved: [], noMove: [], standing: {}, firstChoice: {}, control: {}, lastBControl: {},
    ...(arrivals.length > 0 ? { arrivals } : {}), victory: sc.victory, ended: null,
  });
}

/** The state before the first roll-off: side A's period, nothing done. */
export function buildBpState(data: BpScenarioData, settings: BpSettings): BpState {
  const order = [data.sides[0]!.id, data.sides[1]!.id] as const;
  return { ...data, settings, order, period: 0, log: emptyLog(order[0]) };
}
