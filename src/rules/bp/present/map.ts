/**
 * B&P → map: every battalion, regiment and battery drawn stand by stand in its formation (line,
 * column, square, skirmish order; battalion/formations.ts), so the table reads as it would with
 * figures on it; figures left against figures at the start (L12, L85), the rout and rally stage
 * (L165-171), disruption (L167), the command figures (L200) and their 4" reach, buildings held.
 *
 * B&P hides nothing on the table: both players see every stand and its figures. Only the
 * standing reactions (return fire or hold it, form square) are secret, and they are never drawn.
 */
import type { Problem, Result } from '../../../lib/result';
import { describeMap, moveTrails, type MapEngagement, type MapUnit } from '../../../render/map/describe';
import type { MapView } from '../../../render/map/frame';
import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { Chip, LegendEntry, MapDescription, PaletteName, UnitSymbol } from '../../../render/map/model';
import type { Viewer } from '../../contract';
import type { GameEvent } from '../../events';
import { figuresOf, isLive, phasingSide, standBases, type BpState, type BpUnit } from '../state';
import { bpClockOf } from './names';

export interface BpMapOptions {
  readonly events?: readonly GameEvent[];
  readonly viewer?: Viewer;
  readonly view?: MapView;
  readonly palette?: PaletteName;
  readonly game?: string;
}

const CHIP_NOTES: readonly LegendEntry[] = [
  { key: 'bp:figures', label: 'Figures left / at start', swatch: { kind: 'chip', chip: { text: '9/12', tone: 'strength' } } },
  { key: 'bp:weak', label: 'Half its figures or fewer', swatch: { kind: 'chip', chip: { text: '5/12', tone: 'weak' } } },
  { key: 'bp:bad', label: 'Routed, halted or reforming', swatch: { kind: 'chip', chip: { text: 'Rout', tone: 'bad' } } },
  { key: 'bp:status', label: 'Disrupted; formation', swatch: { kind: 'chip', chip: { text: 'Dis', tone: 'status' } } },
  { key: 'bp:rating', label: 'Guard, heavy, green', swatch: { kind: 'chip', chip: { text: 'Gd', tone: 'rating' } } },
];

/** Heavy and guard cavalry charge as heavies (L145); light and medium draw as light. */
const symbolOf = (u: BpUnit): UnitSymbol => (u.arm === 'infantry' ? 'infantry' : u.arm === 'artillery' ? 'artillery' : u.heavy || u.guard ? 'heavy-cavalry' : 'light-cavalry');

const STAGE_CHIP: Readonly<Record<BpUnit['stage'], Chip | null>> = {
  effective: null, routed: { text: 'Rout', tone: 'bad' }, halted: { text: 'Halt', tone: 'bad' }, reforming: { text: 'Reform', tone: 'bad' },
};

const FORMATION_TEXT: Readonly<Record<BpUnit['formation'], string>> = { line: 'Line', column: 'Col', square: 'Sq', skirmish: 'Sk' };

function chipsOf(s: BpState, u: BpUnit): Chip[] {
  const figs = figuresOf(u);
  const chips: Chip[] = [{ text: `${figs}/${u.startFigures}${u.arm === 'artillery' ? ' crew' : ''}`, tone: figs * 2 <= u.startFigures ? 'weak' : 'strength' }];
  if (u.arm !== 'artillery') chips.push({ text: FORMATION_TEXT[u.formation], tone: 'status' });
  const rating = [u.guard ? 'Gd' : '', u.heavy ? 'Hvy' : '', u.green ? 'Green' : ''].filter(Boolean).join(' ');
  if (rating) chips.push({ text: rating, tone: 'rating' });
  const stage = STAGE_CHIP[u.stage];
  if (stage) chips.push(stage);
  if (u.disruptedAt !== null) chips.push({ text: 'Dis', tone: 'status' });
  // L97, HR B-17: gunners on their way to this gun (they serve it once integrated).
  const coming = (s.crewTransfers ?? []).filter((t) => t.to === u.id);
  for (const t of coming) chips.push({ text: `+${t.figures} crew ${t.movesLeft > 1 ? 'coming' : 'integrating'}`, tone: 'status' });
  if (u.building) chips.push({ text: `in ${s.buildings[u.building]?.name ?? u.building}`, tone: 'status' });
  return chips;
}

/** A unit as one map piece per stand; the front-centre stand carries its name and chips. */
function standsOf(s: BpState, u: BpUnit, withChips = true): MapUnit[] {
  const bases = standBases(u);
  const lead = leadStand(bases.map((b) => b.pose.at), u.pose.at);
  return bases.map((b, i) => ({
    id: i === lead ? u.id : `${u.id}#${i}`, side: u.side, pose: b.pose, base: b.size, symbol: symbolOf(u),
    label: i === lead ? shortUnitLabel(u.name) : '', chips: i === lead && withChips ? chipsOf(s, u) : [],
  }));
}

/** The stand nearest the unit's front centre: its label sits where a player looks for the unit. */
function leadStand(centres: readonly { x: number; y: number }[], front: { x: number; y: number }): number {
  let best = 0;
  centres.forEach((c, i) => { if (Math.hypot(c.x - front.x, c.y - front.y) < Math.hypot(centres[best]!.x - front.x, centres[best]!.y - front.y)) best = i; });
  return best;
}

/** Describe a B&P state (every viewer sees the same table; L22-24 move/counter-move). */
export function describeBp(s: BpState, opts: BpMapOptions = {}): Result<MapDescription, Problem> {
  const events = opts.events ?? [];
  const units: MapUnit[] = [];
  for (const u of Object.values(s.units)) if (isLive(u)) units.push(...standsOf(s, u));
  for (const c of Object.values(s.commanders)) {
    if (c.alive) units.push({ id: c.id, side: c.side, pose: { at: c.at, facing: 0 }, base: { width: 0.75, depth: 0.75 }, symbol: 'general', label: shortGeneralLabel(c.name), chips: [], role: 'general' });
  }
  const removedNow = new Set(events.flatMap((e) => (e.kind === 'removed' ? [e.unit] : [])));
  const ghosts = Object.values(s.units).filter((u) => u.gone !== null && removedNow.has(u.id)).flatMap((u) => standsOf(s, { ...u, stands: u.stands.length ? u.stands : Array.from({ length: u.startStands }, () => 0) }, false));
  const trails = moveTrails(events);
  const engagements: MapEngagement[] = events.flatMap((e): MapEngagement[] => {
    if (e.kind !== 'engagement') return [];
    const sides = e.sides.map((x) => x.units);
    if (!e.bombardment) return [{ id: e.id, sides }];
    const firer = sides.flat().find((id) => s.units[id]?.arm === 'artillery') ?? sides[0]?.[0] ?? '';
    return [{ id: e.id, sides, bombardment: { firer, target: sides.flat().find((id) => id !== firer) ?? '' } }];
  });
  const viewer = opts.viewer ?? { kind: 'public' };
  const sideName = viewer.kind === 'side' ? s.sides.find((x) => x.id === viewer.side)?.name : undefined;
  const who = viewer.kind === 'gm' ? 'Umpire view' : sideName ? `${sideName} view` : 'Public view';
  const where = opts.view?.area ? ` · ${opts.view.area.toUpperCase()}` : opts.view?.around ? ` · around ${s.units[opts.view.around]?.name ?? opts.view.around}` : '';
  return describeMap({
    table: s.map.table,
    gridCell: s.map.gridCell,
    // B&P prints no ground scale (L12): the scenario's own (Maida: 1" = 30 yd), else inches only.
    scale: s.scale ?? {},
    terrain: s.map.terrain,
    landmarks: s.map.landmarks,
    sides: s.sides,
    units,
    trails,
    engagements,
    ghosts,
    title: { title: s.scenario.name, subtitle: subtitle(s), view: `${who}${where}`, ...(opts.game ? { game: opts.game } : {}) },
    chipNotes: CHIP_NOTES,
    ...(opts.view ? { view: opts.view } : {}),
    palette: opts.palette ?? 'default',
  });
}

/** "Turn 2 of 10 · 14:30 · British move". */
function subtitle(s: BpState): string {
  const mover = s.sides.find((x) => x.id === phasingSide(s))?.name ?? phasingSide(s);
  const base = [`Turn ${s.turn} of ${s.lastTurn}`, bpClockOf(s, s.turn), `${mover} move`].join(' · ');
  return s.ended ? `${base} — ${s.ended.summary}` : base;
}
