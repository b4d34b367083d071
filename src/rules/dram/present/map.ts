/**
 * DRAM → map: stands (DRAM §10 division bases), generals with their ratings (§6), order chits
 * (§5) and SP (§8), and what the last resolution did (moves, combats, removals).
 *
 * What a viewer may see follows viewDram: orders on the table and strengths are open in
 * DRAM; chits written for next turn are face down, so only their author's side (or the
 * umpire) sees them and the public map never does. DRAM hides no units.
 */
import type { Problem, Result } from '../../../lib/result';
import type { Viewer } from '../../contract';
import type { GameEvent } from '../../events';
import { clockOf, type Chit, type DramState, type Stand } from '../state';
import { hqBase } from '../arrivals';
import type { Arm } from '../tables';
import { viewDram } from '../view';
import { describeMap, moveTrails, type MapEngagement, type MapUnit } from '../../../render/map/describe';
import type { MapView } from '../../../render/map/frame';
import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { Chip, LegendEntry, MapDescription, PaletteName, UnitSymbol } from '../../../render/map/model';

export interface DramMapOptions {
  /** The last resolution's events: trails, smoke, puffs and ghosts come from these only. */
  readonly events?: readonly GameEvent[];
  readonly viewer?: Viewer;
  readonly view?: MapView;
  readonly palette?: PaletteName;
  /** Chits posted in the open orders window, which the game service holds until resolution. */
  readonly pendingChits?: readonly Chit[];
  /** The game's name, for the title block. */
  readonly game?: string;
}

const SYMBOL_OF: Readonly<Record<Arm, UnitSymbol>> = {
  infantry: 'infantry', 'heavy-cavalry': 'heavy-cavalry', 'light-cavalry': 'light-cavalry', artillery: 'artillery', wagons: 'wagon',
};


const CHIP_NOTES: readonly LegendEntry[] = [
  { key: 'chip:order', label: 'Order chit (D R A M)', swatch: { kind: 'chip', chip: { text: 'A', tone: 'order' } } },
  { key: 'chip:pending', label: 'Your chit for next turn', swatch: { kind: 'chip', chip: { text: '→M', tone: 'pending' } } },
  { key: 'chip:strength', label: 'SP left / at start', swatch: { kind: 'chip', chip: { text: '4/5', tone: 'strength' } } },
  { key: 'chip:weak', label: 'Half SP or less', swatch: { kind: 'chip', chip: { text: '2/5', tone: 'weak' } } },
  { key: 'chip:bad', label: 'No SP / falling back', swatch: { kind: 'chip', chip: { text: '0/4', tone: 'bad' } } },
  { key: 'chip:status', label: 'No advance / dug in', swatch: { kind: 'chip', chip: { text: 'No adv.', tone: 'status' } } },
  { key: 'chip:rating', label: 'General: charisma, ability', swatch: { kind: 'chip', chip: { text: 'CR 2', tone: 'rating' } } },
  { key: 'chip:general', label: 'General with the stand', swatch: { kind: 'chip', chip: { text: '★', tone: 'general' } } },
];

/** The side a viewer belongs to, if any (the umpire and the public belong to none). */
function viewerSide(s: DramState, viewer: Viewer): string | undefined {
  return viewer.kind === 'side' ? viewer.side : viewer.kind === 'seat' ? s.seats.find((x) => x.id === viewer.seat)?.side : undefined;
}

/** Describe a DRAM state for one viewer. */
export function describeDram(state: DramState, opts: DramMapOptions = {}): Result<MapDescription, Problem> {
  const viewer = opts.viewer ?? { kind: 'public' };
  const events = opts.events ?? [];
  // viewDram is the ruleset's own rule for face-down chits; pending chits obey the same rule.
  const seen = viewDram({ ...state, chits: [...state.chits, ...(opts.pendingChits ?? [])] }, viewer);
  const chits = seen.chits;

  const removedNow = new Set(events.flatMap((e) => (e.kind === 'removed' ? [e.unit] : [])));
  const arriving = new Set(state.reinforcements.filter((r) => r.turn > state.turn).flatMap((r) => r.units));
  const stands = Object.values(state.stands);
  const units: MapUnit[] = [];
  for (const st of stands) if (st.onTable && !st.removed) units.push(standUnit(state, st, chits));
  for (const g of Object.values(state.generals)) {
    if (g.status !== 'present' || arriving.has(g.id)) continue;
    const chips: Chip[] = [{ text: `CR ${g.cr}`, tone: 'rating' }, { text: `AP ${g.ap}`, tone: 'rating' }];
    if (g.staff) chips.push({ text: 'Staff', tone: 'status' });
    units.push({ id: g.id, side: g.side, pose: g.pose, base: hqBase(g), symbol: 'general', label: shortGeneralLabel(g.name), chips, role: 'general' });
  }
  const ghosts: MapUnit[] = stands.filter((st) => st.removed && removedNow.has(st.id))
    .map((st) => ({ id: st.id, side: st.side, pose: st.pose, base: st.base, symbol: SYMBOL_OF[st.arm], label: shortUnitLabel(st.name), chips: [] }));

  const trails = moveTrails(events);
  const engagements: MapEngagement[] = events.flatMap((e): MapEngagement[] => {
    if (e.kind !== 'engagement') return [];
    const sides = e.sides.map((x) => x.units);
    if (!e.bombardment) return [{ id: e.id, sides }];
    // combat.ts names a bombardment 'fire-<gun id>'; the target is the one stand of the other side.
    const firer = e.id.startsWith('fire-') ? e.id.slice(5) : sides.flat().find((id) => state.stands[id]?.arm === 'artillery') ?? '';
    const target = sides.flat().find((id) => id !== firer) ?? '';
    return [{ id: e.id, sides, bombardment: { firer, target } }];
  });

  const side = viewerSide(state, viewer);
  const sideName = state.sides.find((x) => x.id === side)?.name;
  const seatLabel = viewer.kind === 'seat' ? state.seats.find((x) => x.id === viewer.seat)?.label : undefined;
  const who = viewer.kind === 'gm' ? 'Umpire view' : viewer.kind === 'public' ? 'Public view' : seatLabel ? `${seatLabel} (${sideName ?? '?'})` : `${sideName ?? '?'} view`;
  const where = opts.view?.area ? ` · ${opts.view.area.toUpperCase()}` : opts.view?.around ? ` · around ${units.find((u) => u.id === opts.view!.around)?.label ?? opts.view.around}` : '';

  return describeMap({
    table: state.map.table,
    gridCell: state.map.gridCell,
    scale: { inchesPerMile: state.map.inchesPerMile },
    terrain: state.map.terrain,
    landmarks: state.map.landmarks,
    sides: state.sides,
    units,
    trails,
    engagements,
    ghosts,
    title: { title: state.scenario.name, subtitle: subtitle(state), view: `${who}${where}`, ...(opts.game ? { game: opts.game } : {}) },
    chipNotes: CHIP_NOTES,
    ...(opts.view ? { view: opts.view } : {}),
    palette: opts.palette ?? 'default',
  });
}

function standUnit(s: DramState, st: Stand, chits: readonly Chit[]): MapUnit {
  const chips: Chip[] = [{ text: st.order, tone: 'order' }];
  // DRAM §3: a stand at half its starting SP or less tests for exhaustion; at 0 it cannot fight on.
  const tone = st.sp <= 0 ? 'bad' : st.sp * 2 <= st.spStart ? 'weak' : 'strength';
  chips.push({ text: `${st.sp}/${st.spStart}`, tone });
  const next = chits.filter((c) => (c.target.kind === 'stand' ? c.target.id === st.id : c.target.id === st.corps)).at(-1);
  if (next) chips.push({ text: `→${next.order}`, tone: 'pending' });
  if (st.fallingBack) chips.push({ text: 'Falls back', tone: 'bad' });
  if (st.noAdvance) chips.push({ text: 'No adv.', tone: 'status' });
  if (st.inPreparedDefences) chips.push({ text: 'Dug in', tone: 'status' });
  for (const g of Object.values(s.generals)) if (g.joined === st.id && g.status === 'present') chips.push({ text: `★ ${shortGeneralLabel(g.name)}`, tone: 'general' });
  return { id: st.id, side: st.side, pose: st.pose, base: st.base, symbol: SYMBOL_OF[st.arm], label: shortUnitLabel(st.name), chips };
}

const PHASE_TEXT: Readonly<Record<DramState['phase'], string>> = {
  reveal: '1. Reveal orders', exhaustion: '2. Exhaustion', movement: '3–4. Initiative and movement', initiative: '3. Initiative',
  rank: '4. Movement', combat: '5. Combat',
  reorganisation: '6. Re-organisation', orders: '7. Issue new orders', ended: 'Battle over',
};

/** "Turn 2 of 6 · 10:00 · 7. Issue new orders". */
function subtitle(s: DramState): string {
  const base = `Turn ${s.turn} of ${s.lastTurn} · ${clockOf(s, s.turn)} · ${PHASE_TEXT[s.phase]}`;
  return s.ended ? `${base} — ${s.ended.summary}` : base;
}
