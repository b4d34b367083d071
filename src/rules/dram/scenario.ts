import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Point } from '../geometry/types';
import type { Scenario } from '../scenario/types';
import type { DramSettings } from './settings';
import type { DramScenarioData } from './setup';
import type { Corps, DramVictory, Reinforcement } from './state';
import { strengthPoints } from './strength';
import { isOrder, type Arm, type Order } from './tables';

/**
 * A validated scenario file (src/rules/scenario) as the DRAM engine starts it: SP from DRAM §10's
 * calculator where the file gives historical strengths, the chain of command from the order of
 * battle (corps → wing → army), every piece placed or scheduled, and the victory conditions.
 */
export function dramScenarioData(sc: Scenario, settings: DramSettings): Result<DramScenarioData, Problem[]> {
  const problems: Problem[] = [];
  const placed = new Map(sc.deployment.map((d) => [d.piece, d]));
  const arriving = new Map<string, Scenario['reinforcements'][number]>();
  for (const r of sc.reinforcements) for (const id of [...r.units, ...r.generals]) arriving.set(id, r);
  const poseOf = (id: string) => {
    const d = placed.get(id) ?? arriving.get(id);
    return d ? { at: d.at, facing: d.facing } : null;
  };

  const generals: DramScenarioData['generals'][number][] = [];
  const stands: DramScenarioData['stands'][number][] = [];
  const corps: Corps[] = [];
  for (const side of sc.sides) {
    const oob = sc.orderOfBattle[side.id]!;
    const corpsOf = new Map(oob.corps.map((c) => [c.general, c]));
    const wingOf = new Map(oob.wings.map((w) => [w.general, w]));
    for (const g of oob.generals) {
      const pose = poseOf(g.id);
      if (!pose) { problems.push({ code: 'scenario/general-not-placed', message: `General ${g.id} is neither deployed nor a reinforcement.` }); continue; }
      if (g.level === 'division' || g.level === 'brigade') { problems.push({ code: 'scenario/level', message: `General ${g.id}: DRAM has corps, wing and army generals only (the division stand is the smallest unit, DRAM §11 L217).` }); continue; }
      const level = g.level;
      const c = corpsOf.get(g.id);
      const w = wingOf.get(g.id);
      // A corps general answers to his wing's general if the corps has a wing, else to the army commander.
      const superior = g.id === side.commander ? null
        : c?.wing ? oob.wings.find((x) => x.id === c.wing)?.general ?? side.commander
        : w ? side.commander : side.commander;
      generals.push({
        id: g.id, name: g.name, side: side.id, level, cr: num(g.rules.cr, 0), ap: num(g.rules.ap, 1),
        corps: c?.id ?? null, superior: superior === g.id ? null : superior, pose,
      });
    }
    for (const c of oob.corps) {
      corps.push({ id: c.id, name: c.name, side: side.id, general: c.general, stands: c.divisions.map((d) => d.id) });
      for (const u of c.divisions) {
        const pose = poseOf(u.id);
        if (!pose) { problems.push({ code: 'scenario/unit-not-placed', message: `Unit ${u.id} is neither deployed nor a reinforcement.` }); continue; }
        // The DRAM profile refuses figures (profiles.ts strengths), so this arm only guards a hand-built scenario.
        const sp = u.strength.kind === 'sp' ? ok(u.strength.sp)
          : u.strength.kind === 'figures' ? err({ code: 'scenario/strength', message: 'DRAM counts strength in SP (§10), not figures.' })
          : strengthPoints({ ...u.strength.composition, grade: u.strength.grade, officers: u.strength.officers, ...(u.strength.gunWeight ? { gunWeight: u.strength.gunWeight } : {}) }, settings);
        if (!sp.ok) { problems.push({ ...sp.error, message: `${u.id}: ${sp.error.message}` }); continue; }
        const order = placed.get(u.id)?.order ?? arriving.get(u.id)?.order ?? 'D';
        stands.push({
          id: u.id, name: u.name, side: side.id, corps: c.id, arm: u.arm as Arm, sp: typeof sp.value === 'number' ? sp.value : sp.value.sp,
          order: isOrder(order) ? order : ('D' as Order), pose, onTable: placed.has(u.id), inPreparedDefences: u.rules.prepared === true,
        });
      }
    }
  }
  if (problems.length) return err(problems);

  const reinforcements: Reinforcement[] = sc.reinforcements.map((r) => ({ turn: r.turn, units: [...r.units, ...r.generals], at: r.at, facing: r.facing }));
  const [hh, mm] = sc.meta.firstTurn.split(':').map(Number);
  return ok({
    id: sc.meta.id, name: sc.meta.name, lastTurn: sc.meta.turns, clock: { start: hh! * 60 + mm!, turnMinutes: sc.meta.turnMinutes },
    map: { table: sc.map.table, gridCell: sc.map.gridCell, inchesPerMile: sc.meta.scale.inchesPerMile ?? 6, terrain: sc.map.terrain, landmarks: sc.map.landmarks },
    sides: sc.sides.map((x) => ({ id: x.id, name: x.name, colour: x.colour, commander: x.commander })),
    corps, generals, stands, reinforcements, victory: victoryOf(sc),
  });
}

function victoryOf(sc: Scenario): DramVictory {
  const objectives = sc.victory.objectives.map((o) => {
    if (o.target.kind === 'landmark') return { name: o.name, at: o.target.at, radius: o.target.radius, side: o.side, points: o.points };
    // An area objective is held from anywhere inside it: its centre, out to its farthest corner.
    const feature = sc.map.terrain.find((f) => f.id === (o.target as { feature: string }).feature);
    const ring: readonly Point[] = feature && 'polygon' in feature ? feature.polygon : [];
    const c = ring.length ? { x: ring.reduce((a, p) => a + p.x, 0) / ring.length, y: ring.reduce((a, p) => a + p.y, 0) / ring.length } : { x: 0, y: 0 };
    const radius = Math.max(0, ...ring.map((p) => Math.hypot(p.x - c.x, p.y - c.y)));
    return { name: o.name, at: c, radius, side: o.side, points: o.points };
  });
  const collapseBySide = Object.fromEntries(sc.victory.collapse.map((c) => [c.side, c.standsLostPercent / 100]));
  return { objectives, collapseAt: null, collapseBySide, drawMargin: sc.victory.draw.margin };
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
