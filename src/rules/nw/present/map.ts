/**
 * NW → map: brigades on their 3" bases and batteries on 1½" (§1.0 L9, sizes from the state),
 * officers' stands (general 1", commander 1½", CinC 2"), the disorder and rout markers (§11.4
 * L403, §11.5 L409), battery damage and suppression (§8.4 L196, §11.6), attached officers,
 * the objectives, and what the last resolution did (moves, removals, fights).
 *
 * What a viewer may see follows viewNw: a brigade's s.p., fatigue levels and fresh/worn/spent
 * state are on its owner's roster, concealed from the enemy (§3.0 L45), so the map reads them
 * from the viewed state and shows them only where viewNw left them (rulings VW-1..VW-4).
 * Every piece on the table itself is seen by both players: NW hides no units.
 */
import type { Problem, Result } from '../../../lib/result';
import type { Viewer } from '../../contract';
import type { GameEvent } from '../../events';
import type { BaseSize, Landmark, Pose } from '../../geometry/types';
import { BASES_INCHES } from '../tables/leaders';
import { QUALITY_LABELS, SKILL_CODES } from '../tables/vocabulary';
import { nwClockOf, type NwBattery, type NwPhase, type NwState, type NwUnit } from '../state';
import { nwViewerSide, strengthHidden, unitIdentity, viewNw } from '../view';
import { describeMap, moveTrails, type MapEngagement, type MapUnit } from '../../../render/map/describe';
import type { MapView } from '../../../render/map/frame';
import { shortGeneralLabel } from '../../../render/map/labels';
import type { Chip, LegendEntry, MapDescription, PaletteName, UnitSymbol } from '../../../render/map/model';

export interface NwMapOptions {
  /** The last resolution's events: trails, smoke, puffs and ghosts come from these only. */
  readonly events?: readonly GameEvent[];
  readonly viewer?: Viewer;
  readonly view?: MapView;
  readonly palette?: PaletteName;
  /** The game's name, for the title block. */
  readonly game?: string;
}

const square = (inches: number): BaseSize => ({ width: inches, depth: inches });

const CHIP_NOTES: readonly LegendEntry[] = [
  { key: 'nw:rating', label: 'Quality, skirmish value; officer: skill', swatch: { kind: 'chip', chip: { text: 'Vet SK1', tone: 'rating' } } },
  { key: 'nw:strength', label: 's.p. left / at start (own side only)', swatch: { kind: 'chip', chip: { text: '7/7', tone: 'strength' } } },
  { key: 'nw:weak', label: 'Worn (s.p. at worn level)', swatch: { kind: 'chip', chip: { text: '5/7', tone: 'weak' } } },
  { key: 'nw:bad', label: 'Spent, routed, fatigued command', swatch: { kind: 'chip', chip: { text: 'Rout', tone: 'bad' } } },
  { key: 'nw:status', label: 'Disordered; battery damaged or suppressed', swatch: { kind: 'chip', chip: { text: 'Dis', tone: 'status' } } },
  { key: 'nw:general', label: 'Officer attached to the brigade', swatch: { kind: 'chip', chip: { text: '★', tone: 'general' } } },
];

/** Describe an NW state for one viewer. */
export function describeNw(state: NwState, opts: NwMapOptions = {}): Result<MapDescription, Problem> {
  const viewer = opts.viewer ?? { kind: 'public' };
  const events = opts.events ?? [];
  // Everything below reads the viewed state, so a hidden s.p. is not there to be drawn.
  const s = viewNw(state, viewer);

  const units: MapUnit[] = [];
  for (const u of Object.values(s.units)) if (u.onTable && !u.removed) units.push(brigade(s, u));
  for (const b of Object.values(s.batteries)) if (b.onTable && !b.removed) units.push(battery(b));
  units.push(...officers(s));

  const removedNow = new Set(events.flatMap((e) => (e.kind === 'removed' ? [e.unit] : [])));
  const ghosts: MapUnit[] = [
    ...Object.values(s.units).filter((u) => u.removed && removedNow.has(u.id)).map((u) => ({ ...brigade(s, u), chips: [] })),
    ...Object.values(s.batteries).filter((b) => b.removed && removedNow.has(b.id)).map((b) => ({ ...battery(b), chips: [] })),
  ];
  const trails = moveTrails(events);
  const engagements: MapEngagement[] = events.flatMap((e): MapEngagement[] => {
    if (e.kind !== 'engagement') return [];
    const sides = e.sides.map((x) => x.units);
    if (!e.bombardment) return [{ id: e.id, sides }];
    const firer = sides.flat().find((id) => s.batteries[id]) ?? '';
    return [{ id: e.id, sides, bombardment: { firer, target: sides.flat().find((id) => id !== firer) ?? '' } }];
  });

  const side = nwViewerSide(s, viewer);
  const sideName = s.sides.find((x) => x.id === side)?.name;
  const seatLabel = viewer.kind === 'seat' ? s.seats.find((x) => x.id === viewer.seat)?.label : undefined;
  const who = viewer.kind === 'gm' ? 'Umpire view' : viewer.kind === 'public' ? 'Public view' : seatLabel ? `${seatLabel} (${sideName ?? '?'})` : `${sideName ?? '?'} view`;
  const where = opts.view?.area ? ` · ${opts.view.area.toUpperCase()}` : opts.view?.around ? ` · around ${units.find((u) => u.id === opts.view!.around)?.label ?? opts.view.around}` : '';

  return describeMap({
    table: s.map.table,
    gridCell: s.map.gridCell,
    scale: { yardsPerInch: s.map.yardsPerInch },
    terrain: s.map.terrain,
    landmarks: landmarksWithObjectives(s),
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

/** Cavalry weight to symbol: the renderer has light and heavy; medium reads as light (not shock). */
const symbolOf = (u: NwUnit): UnitSymbol => (u.arm === 'infantry' ? 'infantry' : u.weight === 'heavy' ? 'heavy-cavalry' : 'light-cavalry');

/** Labelled by the label's identity (`1B/1/I`): what NW prints on the base and players call it by. */
function brigade(s: NwState, u: NwUnit): MapUnit {
  const rating = [QUALITY_LABELS[u.quality], u.sk > 0 ? `SK${u.sk}` : '', u.mixed ? 'MX' : ''].filter(Boolean).join(' ');
  const chips: Chip[] = [{ text: rating, tone: 'rating' }];
  if (!strengthHidden(u)) {
    // Ch.II §2.6 L502: the fatigue state is what the s.p. mean in play, so it picks the tone.
    const tone = u.fatigue === 'fresh' ? 'strength' : u.fatigue === 'worn' ? 'weak' : 'bad';
    chips.push({ text: `${u.sp}/${u.spStart}${u.fatigue === 'fresh' ? '' : ` ${u.fatigue === 'worn' ? 'Worn' : 'Spent'}`}`, tone });
  }
  if (u.status === 'disordered') chips.push({ text: 'Dis', tone: 'status' });
  if (u.status === 'routed') chips.push({ text: 'Rout', tone: 'bad' });
  if (u.attachedGeneral) chips.push({ text: `★ ${shortGeneralLabel(officerName(s, u.attachedGeneral))}`, tone: 'general' });
  return { id: u.id, side: u.side, pose: u.pose, base: u.base, symbol: symbolOf(u), label: unitIdentity(u), chips };
}

const CONDITION_CHIP: Readonly<Record<NwBattery['condition'], Chip | null>> = {
  full: null, damaged: { text: 'Dmg', tone: 'status' }, suppressed: { text: 'Sup', tone: 'status' }, 'damaged-and-suppressed': { text: 'Dmg Sup', tone: 'bad' },
};

/** "8 lb Foot" (or "Heavy Foot" for a howitzer class, NT-19). */
function battery(b: NwBattery): MapUnit {
  const gun = b.pounds !== null ? `${b.pounds} lb` : b.weight.charAt(0).toUpperCase() + b.weight.slice(1);
  const chip = CONDITION_CHIP[b.condition];
  return { id: b.id, side: b.side, pose: b.pose, base: b.base, symbol: 'artillery', label: `${gun} ${b.kind === 'horse' ? 'Horse' : 'Foot'}`, chips: chip ? [chip] : [] };
}

/** CinCs, commanders in command and generals not lost, on their stands (§1.0 L9). */
function officers(s: NwState): MapUnit[] {
  const out: MapUnit[] = [];
  const stand = (id: string, side: string, pose: Pose, inches: number, name: string, chips: Chip[]): MapUnit =>
    ({ id, side, pose, base: square(inches), symbol: 'general', label: shortGeneralLabel(name), chips, role: 'general' });
  for (const a of Object.values(s.armies)) {
    const c = a.cinc;
    if (c.onTable) out.push(stand(c.id, a.side, c.pose, BASES_INCHES.cinc, c.name, [{ text: `${SKILL_CODES[c.skill]} +${c.presence}`, tone: 'rating' }]));
  }
  for (const c of Object.values(s.commanders)) {
    if (!c.onTable || c.status !== 'in-command') continue;
    const chips: Chip[] = [{ text: `${SKILL_CODES[c.skill]}${c.valorous ? ' V' : ''} ${c.rangeInches}"`, tone: 'rating' }];
    // The red flag (Ch.II §4.0 L601) goes on the commander, as on the table.
    if (s.commands[c.command]?.fatigued) chips.push({ text: 'Fatigued', tone: 'bad' });
    out.push(stand(c.id, c.side, c.pose, BASES_INCHES.commander, c.name, chips));
  }
  for (const g of Object.values(s.generals)) {
    if (g.onTable && !g.lost) out.push(stand(g.id, g.side, g.pose, BASES_INCHES.general, g.name, [{ text: g.label, tone: 'rating' }]));
  }
  return out;
}

function officerName(s: NwState, id: string): string {
  return s.generals[id]?.name ?? s.commanders[id]?.name ?? Object.values(s.armies).find((a) => a.cinc.id === id)?.cinc.name ?? id;
}

/**
 * Landmarks with the objectives marked (§13.0; the scenario's points): an objective on a
 * landmark renames it, "Aubach (objective, 2 VP)", so two labels do not fight for one spot.
 */
function landmarksWithObjectives(s: NwState): Landmark[] {
  const tag = (o: NwState['victory']['objectives'][number]) => `(objective, ${o.points} VP)`;
  const near = (a: Landmark['at'], b: Landmark['at']) => Math.hypot(a.x - b.x, a.y - b.y) < 0.5;
  const used = new Set<number>();
  const marks = s.map.landmarks.map((l): Landmark => {
    const i = s.victory.objectives.findIndex((o, j) => !used.has(j) && o.name === l.name && near(o.at, l.at));
    if (i < 0) return l;
    used.add(i);
    return { ...l, name: `${l.name} ${tag(s.victory.objectives[i]!)}` };
  });
  return [...marks, ...s.victory.objectives.filter((_, j) => !used.has(j)).map((o) => ({ name: `${o.name} ${tag(o)}`, at: o.at }))];
}

/** The NW §5.0 numbering (L59-69). */
const PHASE_TEXT: Readonly<Record<NwPhase, string>> = {
  initiative: '1. Initiative', skirmish: '2. Skirmish fire', artillery: '3. Artillery fire', maneuver: '4. Maneuver',
  reaction: '5. Reaction', combat: '6. Combat', rally: '7. Rally', ended: 'Battle over',
};

/** "Turn 2 of 8 · 13:30 · French player-turn · 4. Maneuver". */
function subtitle(s: NwState): string {
  const phasing = s.phasing ? s.sides.find((x) => x.id === s.phasing)?.name ?? s.phasing : null;
  const base = [`Turn ${s.turn} of ${s.lastTurn}`, nwClockOf(s, s.turn), ...(phasing ? [`${phasing} player-turn`] : []), PHASE_TEXT[s.phase]].join(' · ');
  return s.ended ? `${base} — ${s.ended.summary}` : base;
}
