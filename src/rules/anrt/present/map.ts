/**
 * ANRT → map: every unit as one base in its formation, hits left against hits at the start
 * (L198), disorder and rout, the generals. Nothing on the table is hidden (figures in the open);
 * the pips, orders and responses are, and they are never drawn.
 */
import type { Problem, Result } from '../../../lib/result';
import { describeMap, moveTrails, type MapEngagement, type MapUnit } from '../../../render/map/describe';
import { shortGeneralLabel, shortUnitLabel } from '../../../render/map/labels';
import type { Chip, LegendEntry, MapDescription, UnitSymbol } from '../../../render/map/model';
import type { MapRequest } from '../../plugin';
import { clockAt } from '../../scenario/clock';
import { footprint as baseOf, REINFORCED_LINE } from '../footprint';
import { isArtillery, phasingSide, sideName, type AnrtState, type AnrtUnit } from '../state';

const CHIP_NOTES: readonly LegendEntry[] = [
  { key: 'anrt:hits', label: 'Hits left / at start (L198)', swatch: { kind: 'chip', chip: { text: '3/4', tone: 'strength' } } },
  { key: 'anrt:weak', label: 'Half its hits lost (L201)', swatch: { kind: 'chip', chip: { text: '2/4', tone: 'weak' } } },
  { key: 'anrt:bad', label: 'Routed', swatch: { kind: 'chip', chip: { text: 'Rout', tone: 'bad' } } },
  { key: 'anrt:status', label: 'Disordered; formation', swatch: { kind: 'chip', chip: { text: 'Dis', tone: 'status' } } },
  { key: 'anrt:regt', label: 'Regimental guns: no hits of their own (L1079)', swatch: { kind: 'chip', chip: { text: 'Regt', tone: 'status' } } },
  // ANRT-RL1: the text's diagram is lost, so the drawing's size is ours and says so.
  { key: 'anrt:rline', label: `Reinforced line (L105): ${REINFORCED_LINE.width}" × ${REINFORCED_LINE.depth}", the project's drawing`, swatch: { kind: 'chip', chip: { text: 'R.Line', tone: 'status' } } },
  { key: 'anrt:taken', label: 'Guns taken by the enemy, moved by prolong (L1061, L1065)', swatch: { kind: 'chip', chip: { text: 'Taken', tone: 'bad' } } },
];

const FORMATION_TEXT: Readonly<Record<AnrtUnit['formation'], string>> = { line: 'Line', 'reinforced-line': 'R.Line', column: 'Col', masse: 'Masse', 'march-column': 'March', square: 'Sq', skirmish: 'Sk', limbered: 'Limb', unlimbered: 'Unlimb' };

const symbolOf = (u: AnrtUnit): UnitSymbol => (isArtillery(u) ? 'artillery' : u.arm === 'cavalry' ? 'light-cavalry' : 'infantry');

function chipsOf(u: AnrtUnit): Chip[] {
  // Regimental guns have no hits of their own (L1079): they are marked as their battalion's.
  const hits: Chip = u.parent ? { text: 'Regt', tone: 'status' } : { text: `${u.hits}/${u.maxHits}`, tone: (u.maxHits - u.hits) * 2 >= u.maxHits ? 'weak' : 'strength' };
  const chips: Chip[] = [hits, { text: FORMATION_TEXT[u.formation], tone: 'status' }];
  if (u.disordered) chips.push({ text: 'Dis', tone: 'status' });
  if (u.routed) chips.push({ text: 'Rout', tone: 'bad' });
  if (u.abandoned) chips.push({ text: 'Abandoned', tone: 'bad' });
  return chips;
}

const piece = (u: AnrtUnit, chips = true): MapUnit => ({ id: u.id, side: u.side, pose: { at: u.at, facing: u.facing }, base: baseOf(u), symbol: symbolOf(u), label: shortUnitLabel(u.name), chips: chips ? chipsOf(u) : [] });

export function describeAnrt(s: AnrtState, r: Partial<MapRequest> = {}): Result<MapDescription, Problem> {
  const events = r.events ?? [];
  // Regimental guns taken off while their battalion is in square are not on the table (L1095).
  const units: MapUnit[] = Object.values(s.units).filter((u) => !u.gone && !u.stowed).map((u) => piece(u));
  // Guns in enemy hands (ANRT-G7) stand behind their holder, in its colours.
  for (const b of Object.values(s.units)) {
    const by = b.gone && b.taken ? s.units[b.taken.by] : undefined;
    if (by) units.push({ ...piece(b, false), side: by.side, chips: [{ text: 'Taken', tone: 'bad' }] });
  }
  for (const g of Object.values(s.generals)) if (g.alive) units.push({ id: g.id, side: g.side, pose: { at: g.at, facing: 0 }, base: { width: 0.75, depth: 0.75 }, symbol: 'general', label: shortGeneralLabel(g.name), chips: [], role: 'general' });
  const removed = new Set(events.flatMap((e) => (e.kind === 'removed' ? [e.unit] : [])));
  const ghosts = Object.values(s.units).filter((u) => u.gone && !u.taken && removed.has(u.id)).map((u) => piece(u, false));
  const engagements: MapEngagement[] = events.flatMap((e): MapEngagement[] => {
    if (e.kind !== 'engagement') return [];
    const sides = e.sides.map((x) => x.units);
    return e.bombardment ? [{ id: e.id, sides, bombardment: { firer: sides[0]?.[0] ?? '', target: sides[1]?.[0] ?? '' } }] : [{ id: e.id, sides }];
  });
  const viewer = r.viewer ?? { kind: 'public' };
  const who = viewer.kind === 'gm' ? 'Umpire view' : viewer.kind === 'side' ? `${sideName(s, viewer.side)} view` : 'Public view';
  const sub = [`Turn ${s.turn} of ${s.lastTurn}`, clockAt(s.clock.start, s.clock.turnMinutes, s.turn), `${sideName(s, phasingSide(s))} phase`].join(' · ');
  return describeMap({
    table: s.map.table, gridCell: s.map.gridCell, scale: s.scale ?? {}, terrain: s.map.terrain, landmarks: s.map.landmarks, sides: s.sides,
    units, trails: moveTrails(events), engagements, ghosts,
    title: { title: s.scenario.name, subtitle: s.ended ? `${sub} — ${s.ended.summary}` : sub, view: who, ...(r.game ? { game: r.game } : {}) },
    // The reinforced line's note only when one is drawn (the legend lists what is on this map).
    chipNotes: units.some((u) => s.units[u.id]?.formation === 'reinforced-line') ? CHIP_NOTES : CHIP_NOTES.filter((n) => n.key !== 'anrt:rline'), ...(r.view ? { view: r.view } : {}), palette: r.palette ?? 'default',
  });
}
