import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Scenario, Unit } from '../scenario/types';
import { anrtGeneralRules, anrtUnitRules } from './profile';
import type { AnrtSettings } from './settings';
import type { AnrtArrival, AnrtDivision, AnrtFormation, AnrtGeneral, AnrtState, AnrtUnit } from './state';
import { sizeByFigures, sizeByPieces, unitHits } from './tables/organisation';
import { REGIMENTAL_ARTILLERY } from './tables/characteristics';
import type { Arm, Nation } from './tables/vocabulary';

/**
 * ANRT scenarios in the shared format (profile.ts for the mapping of wings, corps and brigades).
 * A unit's hits come from its class and size (L198); sizes from figures under A-4's bands, or
 * from a battery's pieces (L72-88).
 */
export type AnrtScenarioData = Omit<AnrtState, 'settings'>;

function armOf(u: Unit, position: boolean): Arm | null {
  switch (u.arm) {
    case 'infantry': return 'infantry';
    case 'light-cavalry': case 'medium-cavalry': case 'heavy-cavalry': return 'cavalry';
    case 'artillery': return position ? 'position-battery' : 'foot-artillery';
    case 'horse-artillery': return 'horse-artillery';
    default: return null;
  }
}

export function anrtScenarioData(sc: Scenario, settings: AnrtSettings): Result<AnrtScenarioData, Problem[]> {
  const problems: Problem[] = [];
  if (sc.sides.length !== 2) problems.push({ code: 'anrt/sides', message: `ANRT is a two-sided game (§I); this scenario has ${sc.sides.length} sides.` });
  // A reinforcement's pieces are built at its entry point and held off the table until their turn (ANRT-S1).
  const placed = new Map<string, { at: Scenario['deployment'][number]['at']; facing: number }>(sc.deployment.map((d) => [d.piece, d]));
  for (const r of sc.reinforcements) for (const id of [...r.units, ...r.generals]) if (!placed.has(id)) placed.set(id, { at: r.at, facing: r.facing });
  const units: Record<string, AnrtUnit> = {};
  const generals: Record<string, AnrtGeneral> = {};
  const divisions: Record<string, AnrtDivision> = {};
  const expertise: string[] = [];
  for (const side of sc.sides) {
    const oob = sc.orderOfBattle[side.id];
    if (!oob) continue;
    const commandOf = new Map<string, string>();
    for (const c of oob.corps) commandOf.set(c.general, c.id);
    for (const b of oob.brigades ?? []) commandOf.set(b.general, b.id);
    // ANRT-N1: a unit's nation is its own `nation:`, else the nearest general's above it.
    const nationOf = new Map<string, Nation>();
    for (const g of oob.generals) { const n = anrtGeneralRules.safeParse(g.rules).data?.nation; if (n) nationOf.set(g.id, n); }
    const brigadier = new Map((oob.brigades ?? []).map((b) => [b.id, b.general]));
    // L389 (ANRT-CL1): the expertise is a brigade's, given on its brigadier.
    for (const g of oob.generals) {
      if (!anrtGeneralRules.safeParse(g.rules).data?.linesExpertise) continue;
      const b = (oob.brigades ?? []).find((x) => x.general === g.id);
      if (b) expertise.push(b.id);
      else problems.push({ code: 'anrt/expertise', message: `${g.id}: linesExpertise is a brigade's (L389); ${g.id} commands no brigade.`, hint: 'Give it to the brigadier of the cavalry brigade, or drop it.' });
    }
    const wingGeneral = new Map(oob.wings.map((w) => [w.id, w.general]));
    const inherited = (corps: (typeof oob.corps)[number], brigade: string | undefined): Nation | undefined =>
      [brigade ? brigadier.get(brigade) : undefined, corps.general, corps.wing ? wingGeneral.get(corps.wing) : undefined, side.commander]
        .map((id) => (id ? nationOf.get(id) : undefined)).find((n) => n !== undefined);
    for (const g of oob.generals) {
      const d = placed.get(g.id);
      if (!d) continue;
      const level = g.level === 'wing' ? 'corps' : g.level === 'division' || g.level === 'brigade' || g.level === 'army' ? g.level : commandOf.has(g.id) && oob.corps.some((c) => c.general === g.id) ? 'division' : 'corps';
      // A corps or army commander's command is the whole corps, even when a shared "corps" of unattached units names him (ANRT-C11).
      generals[g.id] = { id: g.id, name: g.name, side: side.id, level, command: level === 'corps' || level === 'army' ? '' : commandOf.get(g.id) ?? '', at: d.at, alive: true };
    }
    for (const corps of oob.corps) {
      const brigades = new Set<string>();
      // Regimental artillery (§XVII, ANRT-R1): its gunners count in its parent's figures for the size (L1079).
      const gunners = regimentalGunners(corps.divisions, problems);
      for (const u of corps.divisions) {
        const d = placed.get(u.id);
        const rules = anrtUnitRules.safeParse(u.rules);
        if (!rules.success) { problems.push({ code: 'anrt/rules', message: `${u.id}: ${rules.error.issues[0]?.message}` }); continue; }
        const arm = armOf(u, rules.data.position ?? false);
        if (!d || !arm) { problems.push({ code: 'anrt/unit', message: `${u.id}: ${!d ? 'not deployed' : `arm ${u.arm} is not an ANRT arm`}.` }); continue; }
        if (u.strength.kind !== 'figures') { problems.push({ code: 'anrt/strength', message: `${u.id}: ANRT counts figures (1 figure = 50 men, L43); give figures: 12.` }); continue; }
        const regimental = rules.data.attachedTo !== undefined;
        const gun = arm === 'foot-artillery' || arm === 'horse-artillery' || arm === 'position-battery';
        const size = gun ? sizeByPieces(rules.data.pieces ?? 6) : sizeByFigures(u.strength.figures + (gunners.get(u.id) ?? 0), settings.size);
        const cls = rules.data.class ?? 'average';
        // Regimental guns have "no hit strength points of their own" (L1079).
        const hits = regimental ? 0 : unitHits(cls, size);
        const nation = rules.data.nation ?? inherited(corps, u.brigade);
        const horse = u.arm === 'light-cavalry' ? 'light' : u.arm === 'medium-cavalry' ? 'medium' : u.arm === 'heavy-cavalry' ? 'heavy' : undefined;
        const formation: AnrtFormation = gun ? (u.formation === 'limbered' ? 'limbered' : 'unlimbered') : ((u.formation ?? 'line') as AnrtFormation);
        if (!gun && (formation === 'limbered' || formation === 'unlimbered')) { problems.push({ code: 'anrt/formation', message: `${u.id}: only guns limber.` }); continue; }
        // The reinforced line is an infantry formation (L105, ANRT-RL1).
        if (arm !== 'infantry' && formation === 'reinforced-line') { problems.push({ code: 'anrt/formation', message: `${u.id}: only infantry forms a reinforced line (L105).` }); continue; }
        if (arm === 'cavalry' && formation === 'square') { problems.push({ code: 'anrt/formation', message: `${u.id}: cavalry forms no square (§VII).` }); continue; }
        const brigade = u.brigade ?? corps.id;
        brigades.add(brigade);
        units[u.id] = {
          id: u.id, name: u.name, side: side.id, division: corps.id, brigade, arm: regimental ? 'regimental-artillery' : arm, cls, size,
          ...(gun ? { gun: arm === 'horse-artillery' ? 'horse' : rules.data.gun ?? (regimental ? 'light' : 'medium') } : {}),
          ...(nation ? { nation } : {}), ...(horse ? { horse } : {}), ...(rules.data.carabiniers ? { carabiniers: true as const } : {}),
          ...(regimental ? { parent: rules.data.attachedTo! } : {}),
          formation, at: d.at, facing: d.facing, hits, maxHits: hits, disordered: false, routed: false, gone: false,
        };
      }
      // Under the corps commander himself: the corps' unattached units and brigades (L231, ANRT-C11).
      const higher = generals[corps.general]?.level === 'corps' || generals[corps.general]?.level === 'army';
      // Its corps commander when the order of battle puts it in a wing (L457 prices the army commander's moves by corps, ANRT-C14).
      const corpsGeneral = corps.wing ? wingGeneral.get(corps.wing) : undefined;
      divisions[corps.id] = { id: corps.id, name: corps.name, side: side.id, general: corps.general, brigades: [...brigades].sort(), ...(higher ? { corpsLevel: true as const } : {}), ...(corpsGeneral ? { corps: corpsGeneral } : {}) };
    }
  }
  const arrivals: AnrtArrival[] = [];
  for (const r of sc.reinforcements) {
    const us = r.units.flatMap((id) => (units[id] ? [units[id]!] : []));
    const gs = r.generals.flatMap((id) => (generals[id] ? [generals[id]!] : []));
    const side = us[0]?.side ?? gs[0]?.side;
    if (!side) { problems.push({ code: 'anrt/reinforcements', message: `The reinforcement of turn ${r.turn} names no unit or general of the order of battle.` }); continue; }
    if ([...us, ...gs].some((x) => x.side !== side)) { problems.push({ code: 'anrt/reinforcements', message: `The reinforcement of turn ${r.turn} mixes both sides.`, hint: 'Give each side its own reinforcement entry.' }); continue; }
    arrivals.push({ turn: r.turn, side, at: r.at, facing: r.facing, ...(r.place ? { place: r.place } : {}), units: us, generals: gs });
    for (const x of [...us, ...gs]) { delete units[x.id]; delete generals[x.id]; }
  }
  if (problems.length) return err(problems);
  const [hh, mm] = sc.meta.firstTurn.split(':').map(Number);
  const ids = [sc.sides[0]!.id, sc.sides[1]!.id] as const;
  return ok({
    v: 1, scenario: { id: sc.meta.id, name: sc.meta.name }, turn: 1, lastTurn: sc.meta.turns,
    clock: { start: hh! * 60 + mm!, turnMinutes: sc.meta.turnMinutes }, map: sc.map, scale: sc.meta.scale,
    sides: sc.sides.map((x) => ({ id: x.id, name: x.name, colour: x.colour })),
    seats: sc.sides.map((x) => ({ id: x.id, side: x.id, label: x.name, commands: [...Object.values(units).filter((u) => u.side === x.id).map((u) => u.id), ...Object.values(generals).filter((g) => g.side === x.id).map((g) => g.id),
      ...arrivals.filter((a) => a.side === x.id).flatMap((a) => [...a.units.map((u) => u.id), ...a.generals.map((g) => g.id)])] })),
    units, generals, divisions, order: ids, previousFirst: null, period: 0, step: 'orders', chooser: null, pips: {}, pipTerms: {}, opportunityDebt: {},
    charges: [], moves: [], fireTargets: {}, rulings: {}, ask: null, ...(arrivals.length ? { arrivals } : {}), ...(expertise.length ? { linesExpertise: expertise.sort() } : {}), victory: sc.victory, ended: null,
  });
}

/**
 * Checks each regimental battery of a division's units (ANRT-R1, §XVII L1079): a very small or
 * small foot battery (not horse, not position) attached to an infantry battalion of its own
 * brigade, one battery a battalion. Returns the gunners' figures by parent battalion.
 */
function regimentalGunners(units: readonly Unit[], problems: Problem[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const u of units) {
    const r = anrtUnitRules.safeParse(u.rules);
    const parentId = r.success ? r.data.attachedTo : undefined;
    if (parentId === undefined) continue;
    const parent = units.find((p) => p.id === parentId);
    const pieces = r.data?.pieces ?? 6;
    const bad = (message: string, hint: string) => problems.push({ code: 'anrt/regimental', message: `${u.id}: ${message} (§XVII L1079).`, hint });
    if (u.arm !== 'artillery' || r.data?.position) bad(`only a foot battery may be regimental artillery, not ${r.data?.position ? 'a position battery' : u.arm}`, 'Drop attachedTo:, or make it arm: artillery.');
    else if (!(REGIMENTAL_ARTILLERY.sizes as readonly string[]).includes(sizeByPieces(pieces))) bad(`regimental artillery is very small or small: ${pieces} pieces is ${sizeByPieces(pieces)}`, 'Give it pieces: 2 (very small) or 3-4 (small).');
    else if (!parent) bad(`attachedTo: ${parentId} is not a unit of the same division`, 'Name an infantry battalion of its own brigade.');
    else if (parent.arm !== 'infantry') bad(`attachedTo: ${parentId} is ${parent.arm}; regimental guns go with an infantry battalion`, 'Name an infantry battalion of its own brigade.');
    else if (parent.brigade !== u.brigade) bad(`attachedTo: ${parentId} is of brigade ${parent.brigade ?? '(none)'}, the battery of ${u.brigade ?? '(none)'}`, 'Put the battery in its parent\'s brigade.');
    else if (out.has(parentId)) bad(`${parentId} already has regimental guns`, 'Attach one battery to each battalion.');
    else out.set(parentId, u.strength.kind === 'figures' ? u.strength.figures : 0);
  }
  return out;
}

export const buildAnrtState = (data: AnrtScenarioData, settings: AnrtSettings): AnrtState => ({ ...data, settings });
