/**
 * Kuryakin → map: every unit as one base in millimetres (1 mm = 1 yard, KUR L3) sized from its
 * figures and formation (KS-19's front rank), with chips for figures left, 'D' chits, its motion
 * and its card this turn; the units whose cards are up now are marked "▶ acts now", so the map
 * shows the cards dealt and who acts next. Everything on the table is open (L7: the cards are
 * revealed); the chance cards in hand are never drawn.
 */
import type { Problem, Result } from '../../../lib/result';
import { describeMap, moveTrails, type MapEngagement, type MapUnit } from '../../../render/map/describe';
import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { Chip, LegendEntry, MapDescription, UnitSymbol } from '../../../render/map/model';
import type { MapRequest } from '../../plugin';
import { headingVector } from '../../geometry/vector';
import { armyName, clockOf, type SoloGame } from '../game';
import { footprintSize } from '../phases/footprint';
import { cardOfUnit } from '../phases/queue';
import { currentRun, windowUnits } from '../turn';
import type { SoloUnit } from '../state';
import { armOf } from '../tables/vocabulary';

const CHIP_NOTES: readonly LegendEntry[] = [
  { key: 'solo:figures', label: 'Figures left / at start', swatch: { kind: 'chip', chip: { text: '15/18', tone: 'strength' } } },
  { key: 'solo:weak', label: 'Half its figures or fewer', swatch: { kind: 'chip', chip: { text: '8/18', tone: 'weak' } } },
  { key: 'solo:card', label: 'Its activation card this turn; ▶ acts now', swatch: { kind: 'chip', chip: { text: '#7', tone: 'order' } } },
  { key: 'solo:bad', label: 'Routing or retiring; disorder chits', swatch: { kind: 'chip', chip: { text: '2 D', tone: 'bad' } } },
  { key: 'solo:status', label: 'Formation, advancing, morale marker', swatch: { kind: 'chip', chip: { text: 'Col', tone: 'status' } } },
  { key: 'solo:general', label: 'General attached (in its front rank)', swatch: { kind: 'chip', chip: { text: '★ Lemaire', tone: 'general' } } },
];

const symbolOf = (u: SoloUnit): UnitSymbol => {
  const arm = armOf(u.type);
  return arm === 'infantry' ? 'infantry' : arm === 'artillery' ? 'artillery' : u.type === 'heavy-cav' || u.type === 'cuirassier' ? 'heavy-cavalry' : 'light-cavalry';
};

const FORMATION_TEXT: Readonly<Record<SoloUnit['formation'], string>> = { line: 'Line', column: 'Col', square: 'Sq', skirmish: 'Sk', limbered: 'Limb', unlimbered: 'Unlimb' };

/** The base a unit covers, mm (phases/footprint.ts: the same ground swerve collisions use, KS-3). */
export const baseOf = (u: SoloUnit): { width: number; depth: number } => footprintSize(u);

function chipsOf(g: SoloGame, u: SoloUnit, now: boolean): Chip[] {
  const chips: Chip[] = [{ text: `${u.figures}/${u.startFigures}${armOf(u.type) === 'artillery' ? ' crew' : ''}`, tone: u.figures * 2 <= u.startFigures ? 'weak' : 'strength' }];
  const card = cardOfUnit(g, u.id);
  if (now) chips.push({ text: `▶ acts now${card !== null ? ` #${card}` : ''}`, tone: 'order' });
  else if (card !== null && !u.acted) chips.push({ text: `#${card}`, tone: 'order' });
  chips.push({ text: u.formationChange ? `${FORMATION_TEXT[u.formation]}→${FORMATION_TEXT[u.formationChange.to]}` : FORMATION_TEXT[u.formation], tone: 'status' });
  if (u.disorder > 0) chips.push({ text: `${u.disorder} D`, tone: 'bad' });
  if (u.motion === 'routing' || u.motion === 'retiring') chips.push({ text: u.motion === 'routing' ? 'Rout' : 'Retire', tone: 'bad' });
  if (u.motion === 'advancing') chips.push({ text: 'Adv', tone: 'status' });
  if (u.moraleMarker) chips.push({ text: 'Morale?', tone: 'status' });
  // KS-41: the generals attached to it, in its front rank (L14).
  for (const x of g.generals) if (x.alive && x.attachedTo === u.id) chips.push({ text: `★ ${x.name.split(' ').at(-1) ?? shortGeneralLabel(x.name)}`, tone: 'general' }); // the surname: "★ Lemaire"
  return chips;
}

function mapUnit(g: SoloGame, u: SoloUnit, now: boolean, withChips = true): MapUnit {
  const base = baseOf(u);
  const v = headingVector(u.facing);
  // The state keeps the centre of the front edge; the map wants the base's centre.
  const centre = { x: u.at.x - (v.x * base.depth) / 2, y: u.at.y - (v.y * base.depth) / 2 };
  return { id: u.id, side: u.side, pose: { at: centre, facing: u.facing }, base, symbol: symbolOf(u), label: shortUnitLabel(u.name), chips: withChips ? chipsOf(g, u, now) : [] };
}

/** Describe a Kuryakin game for the renderer. */
export function describeSolo(g: SoloGame, r: Partial<MapRequest> = {}): Result<MapDescription, Problem> {
  const events = r.events ?? [];
  const now = new Set(g.ended ? [] : windowUnits(g));
  const units: MapUnit[] = g.units.filter((u) => !u.gone).map((u) => mapUnit(g, u, now.has(u.id)));
  for (const x of g.generals) {
    if (x.alive) units.push({ id: x.id, side: x.side, pose: { at: x.at, facing: 0 }, base: { width: 20, depth: 20 }, symbol: 'general', label: shortGeneralLabel(x.name), chips: [], role: 'general' });
  }
  const removedNow = new Set(events.flatMap((e) => (e.kind === 'removed' ? [e.unit] : [])));
  const ghosts = g.units.filter((u) => u.gone && removedNow.has(u.id)).map((u) => mapUnit(g, { ...u, figures: u.startFigures }, false, false));
  const engagements: MapEngagement[] = events.flatMap((e): MapEngagement[] => (e.kind === 'engagement' ? [{ id: e.id, sides: e.sides.map((x) => x.units) }] : []));
  const viewer = r.viewer ?? { kind: 'public' };
  const sideName = viewer.kind === 'side' ? armyName(g, viewer.side) : undefined;
  const who = viewer.kind === 'gm' ? 'Umpire view' : sideName ? `${sideName} view` : 'Public view';
  const where = r.view?.area ? ` · ${r.view.area.toUpperCase()}` : r.view?.around ? ` · around ${g.units.find((u) => u.id === r.view!.around)?.name ?? r.view.around}` : '';
  return describeMap({
    table: g.map.table, gridCell: g.map.gridCell, scale: { ...g.scale, tableUnit: 'mm' }, terrain: g.map.terrain, landmarks: g.map.landmarks, sides: g.armies,
    units, trails: moveTrails(events), engagements, ghosts,
    title: { title: g.scenario.name, subtitle: subtitle(g), view: `${who}${where}`, ...(r.game ? { game: r.game } : {}) },
    chipNotes: CHIP_NOTES, ...(r.view ? { view: r.view } : {}), palette: r.palette ?? 'default',
  });
}

/** "Turn 2 of 8 · 10:30 · 1 mm = 1 yard · French cards 3, 4 act now". */
export function subtitle(g: SoloGame): string {
  const run = g.ended ? [] : currentRun(g);
  const up = run.length ? `${armyName(g, g.units.find((u) => u.id === run[0]!.holder)?.side ?? g.brigades.find((b) => b.id === run[0]!.holder)?.side ?? '')} card${run.length > 1 ? 's' : ''} ${run.map((c) => c.card).join(', ')} act now` : '';
  const base = [`Turn ${g.turn} of ${g.lastTurn}`, clockOf(g, g.turn), '1 mm = 1 yard', up].filter(Boolean).join(' · ');
  return g.ended ? `${base} — ${g.ended.summary}` : base;
}
