import { baseRadius, type Base } from '../../geometry/base';
import { SpatialGrid } from '../../geometry/grid';
import type { BaseSize, Point, Pose } from '../../geometry/types';
import type { FacingArm } from '../movement';
import type { NwReinforcement, NwState } from '../state';
import { BASES_INCHES } from '../tables/leaders';
import { terrainClass, type Mover, type TerrainClass } from '../tables/terrain';
import type { Status } from '../tables/vocabulary';
import { withEntry } from '../record';

/**
 * Every piece that can move in the maneuver phase — brigade, battery, corps commander, general
 * or CinC — read from the state as one record, so the planner treats them alike.
 */
export type PieceKind = 'unit' | 'battery' | 'general' | 'commander' | 'cinc';

export interface NwPiece {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly kind: PieceKind;
  readonly arm: FacingArm;
  readonly mover: Mover;
  readonly cls: TerrainClass;
  readonly pose: Pose;
  readonly base: BaseSize;
  readonly onTable: boolean;
  readonly removed: boolean;
  readonly status: Status;
  /** The brigade this general, commander or battery is attached to. */
  readonly attachedTo: string | null;
}

/** MV-10: officer stands are squares of their §1.0 base size (BASES_INCHES). */
const square = (n: number): BaseSize => ({ width: n, depth: n });

export const isOfficerKind = (k: PieceKind): boolean => k === 'general' || k === 'commander' || k === 'cinc';

/** The piece with this id, or null. */
export function pieceOf(s: NwState, id: string): NwPiece | null {
  const u = s.units[id];
  if (u) {
    const mover: Mover = u.arm === 'cavalry' ? { arm: 'cavalry', weight: u.weight ?? 'light' } : { arm: 'infantry' };
    return {
      id, name: u.name, side: u.side, kind: 'unit', arm: u.arm, mover, cls: terrainClass(mover), pose: u.pose, base: u.base,
      onTable: u.onTable, removed: u.removed, status: u.status, attachedTo: null,
    };
  }
  const b = s.batteries[id];
  if (b) {
    const mover: Mover = { arm: 'artillery', kind: b.kind };
    return {
      id, name: b.name, side: b.side, kind: 'battery', arm: 'artillery', mover, cls: terrainClass(mover), pose: b.pose, base: b.base,
      onTable: b.onTable, removed: b.removed, status: 'good-order', attachedTo: b.attachedTo,
    };
  }
  const officer: Mover = { arm: 'officer' };
  const g = s.generals[id];
  if (g) {
    return {
      id, name: g.name, side: g.side, kind: 'general', arm: 'officer', mover: officer, cls: terrainClass(officer), pose: g.pose,
      base: square(BASES_INCHES.general), onTable: g.onTable, removed: g.lost, status: 'good-order', attachedTo: g.attachedTo,
    };
  }
  const c = s.commanders[id];
  if (c) {
    return {
      id, name: c.name, side: c.side, kind: 'commander', arm: 'officer', mover: officer, cls: terrainClass(officer), pose: c.pose,
      base: square(BASES_INCHES.commander), onTable: c.onTable, removed: c.status !== 'in-command', status: 'good-order', attachedTo: c.attachedTo,
    };
  }
  const army = Object.values(s.armies).find((a) => a.cinc.id === id);
  if (army) {
    const k = army.cinc;
    return {
      id, name: k.name, side: army.side, kind: 'cinc', arm: 'officer', mover: officer, cls: terrainClass(officer), pose: k.pose,
      base: square(BASES_INCHES.cinc), onTable: k.onTable, removed: false, status: 'good-order', attachedTo: null,
    };
  }
  return null;
}

export const baseOf = (p: { readonly pose: Pose; readonly base: BaseSize }): Base => ({ pose: p.pose, size: p.base });

const live = (p: NwPiece | null): p is NwPiece => p !== null && p.onTable && !p.removed;

// Records are immutable: the live bodies are read once per pair of records they come from (pieceOf
// of a brigade's or battery's id reads nothing else). A Maneuver roll keeps both records, so the
// check of a "contact …" move before its roll and its plan after share them (issue 12: each made
// every piece of the table again).
const bodiesCache = new WeakMap<NwState['units'], WeakMap<NwState['batteries'], readonly NwPiece[]>>();

// A brigade's or battery's piece is made from its own entry alone (pieceOf), and an entry a move
// does not touch is the same object in the next state's record: its piece is made once.
const entryPieces = new WeakMap<object, NwPiece>();

/** pieceOf(s, id), kept by the record entry it is made from (a brigade's, a battery's, an officer's). */
function keptPiece(s: NwState, id: string, entry: object): NwPiece | null {
  const kept = entryPieces.get(entry);
  if (kept && kept.id === id) return kept;
  const p = pieceOf(s, id);
  if (p) entryPieces.set(entry, p);
  return p;
}

/** pieceOf for the id of a brigade or battery of `s`, kept by its entry. */
function entryPiece(s: NwState, id: string): NwPiece | null {
  const entry = s.units[id] ?? s.batteries[id];
  return entry ? keptPiece(s, id, entry) : pieceOf(s, id);
}

/** Every live brigade and battery of `s`, kept by the pair of records (bodies' order). */
function allBodies(s: NwState): readonly NwPiece[] {
  let byBatteries = bodiesCache.get(s.units);
  if (!byBatteries) bodiesCache.set(s.units, byBatteries = new WeakMap());
  let all = byBatteries.get(s.batteries);
  if (!all) {
    all = carriedBodies(s) ?? [...Object.keys(s.units), ...Object.keys(s.batteries)].map((id) => entryPiece(s, id)).filter(live);
    byBatteries.set(s.batteries, all);
  }
  return all;
}

/** Live brigades and batteries (the bodies that block, contact and are contacted), of `side` or not. */
export function bodies(s: NwState, pick: (side: string) => boolean): NwPiece[] {
  return allBodies(s).filter((p) => pick(p.side));
}

// The enemy bodies of a side, by the list of every live body they are read from (so by the pair
// of records): a "contact …" move names its enemy among them, and the Maneuver bench's moves from
// one state (or a check and its move) no longer filter and list every body of the table again.
const enemyBodiesCache = new WeakMap<readonly NwPiece[], Map<string, readonly NwPiece[]>>();

/** bodies(s, (x) => x !== side), kept: the same array for the same records and side (read only). */
export function enemyBodies(s: NwState, side: string): readonly NwPiece[] {
  const all = allBodies(s);
  let bySide = enemyBodiesCache.get(all);
  if (!bySide) enemyBodiesCache.set(all, bySide = new Map());
  let list = bySide.get(side);
  if (!list) bySide.set(side, list = all.filter((p) => p.side !== side));
  return list;
}

// The live bodies filed in a spatial grid (geometry/grid.ts, issue 12), by the pair of records
// they are read from: a roll or a log change keeps both records, so the grid made for a move's
// check serves the move itself. Ids are filed (in bodies' order) and made pieces only when found.
const gridCache = new WeakMap<NwState['units'], WeakMap<NwState['batteries'], SpatialGrid<string>>>();
/** About a brigade's frontage and a half (NW bases, §1.0): a proximity search reads a few cells. */
const GRID_CELL_INCHES = 6;

function bodyGrid(s: NwState): SpatialGrid<string> {
  let byBatteries = gridCache.get(s.units);
  if (!byBatteries) gridCache.set(s.units, byBatteries = new WeakMap());
  let g = byBatteries.get(s.batteries);
  if (!g) {
    g = new SpatialGrid<string>(GRID_CELL_INCHES);
    for (const u of Object.values(s.units)) if (u.onTable && !u.removed) g.set(u.id, u.id, u.pose.at, baseRadius(u.base));
    for (const b of Object.values(s.batteries)) if (b.onTable && !b.removed) g.set(b.id, b.id, b.pose.at, baseRadius(b.base));
    byBatteries.set(s.batteries, g);
  }
  return g;
}

/**
 * A move updates the grid instead of filing every body again (issue 12: updates that do not copy
 * the world): the grid made for `s` is handed to `next`, where only the bodies in `moved` stand
 * elsewhere, and `s` loses it (asked again, it files its bodies afresh). Only when each moved body
 * was already filed (live on the table): one coming onto the table would be filed last, not in
 * the order a fresh grid gives it, so then `next` files its own when asked.
 */
function carryGrid(s: NwState, next: NwState, moved: readonly string[]): void {
  const byBatteries = gridCache.get(s.units);
  const g = byBatteries?.get(s.batteries);
  if (!g || !moved.every((id) => g.has(id))) return;
  byBatteries!.delete(s.batteries);
  for (const id of moved) {
    const b = next.units[id] ?? next.batteries[id]!;
    g.set(id, id, b.pose.at, baseRadius(b.base));
  }
  let nextByBatteries = gridCache.get(next.units);
  if (!nextByBatteries) gridCache.set(next.units, nextByBatteries = new WeakMap());
  nextByBatteries.set(next.batteries, g);
}

/** How many bodies moved since a list was made may be made again instead of the whole list (a few moves' worth: each is a lookup per body). */
const CARRIED_MOVES = 48;

// What a move's next state may list its live bodies from (carryBodies), by its units record.
const bodiesFrom = new WeakMap<NwState['units'], { readonly batteries: NwState['batteries']; readonly before: readonly NwPiece[]; readonly moved: readonly string[] }>();

/**
 * A move's next state lists its live bodies from those of the state before, with only the moved
 * ones made again, when it is first asked (issue 12: each move's new records made every body's
 * piece again, 660 lookups at 600 brigades, for the next "contact …" or search; and a move whose
 * next state is never asked pays nothing). Only from a list already made for `s`.
 */
function carryBodies(s: NwState, next: NwState, moved: readonly string[]): void {
  const before = bodiesCache.get(s.units)?.get(s.batteries);
  if (before) { bodiesFrom.set(next.units, { batteries: next.batteries, before, moved }); return; }
  // `s` was never asked for its list (its moves searched the grid only): `next` is listed from the
  // list `s` would have been, with the bodies of both moves made again. Without this, a chain of
  // moves that never read the list ended in a whole list made again (issue 12: 125 of a 600-brigade
  // game's 184 lists, each for a "contact …" move's named enemy), up to CARRIED_MOVES bodies.
  const from = bodiesFrom.get(s.units);
  if (!from || from.batteries !== s.batteries) return;
  const all = [...from.moved];
  for (const id of moved) if (!all.includes(id)) all.push(id);
  if (all.length <= CARRIED_MOVES) bodiesFrom.set(next.units, { batteries: next.batteries, before: from.before, moved: all });
}

/** allBodies of `s` from the list it was carried from, or null: only when each moved body was live before and is live now (a move keeps the records' keys, so the order is the same). */
function carriedBodies(s: NwState): NwPiece[] | null {
  const from = bodiesFrom.get(s.units);
  if (!from || from.batteries !== s.batteries) return null;
  let found = 0;
  const moved = new Set(from.moved);
  const all = from.before.map((p) => { if (!moved.has(p.id)) return p; found++; return entryPiece(s, p.id)!; });
  return found === moved.size && all.every(live) ? all : null;
}

/**
 * For an update that changes brigades or batteries but moves none and takes none off the table or
 * puts none on it (a status, an attachment): `next` takes the grid made for `s` as it is (`s`
 * loses it, as in carryGrid). Without this, the next search on `next` filed every body on the table
 * again (issue 12: at 600 brigades a Maneuver roll that re-ordered its unit cost the next move a
 * whole grid; 230 of a game's 243 grids).
 */
export function keepGrid(s: NwState, next: NwState, changed: readonly string[] = []): void {
  carryGrid(s, next, []);
  // The live bodies too, with only the pieces of `changed` made again (a re-ordered brigade's
  // status; an attachment changes nothing a piece reads): issue 12, a Maneuver roll that re-ordered
  // its unit had the next move make every body's piece again.
  carryBodies(s, next, changed);
}

const piecesOf = (s: NwState, ids: readonly string[], pick: (side: string) => boolean): NwPiece[] => {
  const out: NwPiece[] = [];
  for (const id of ids) { const p = entryPiece(s, id); if (p && pick(p.side)) out.push(p); }
  return out;
};

/**
 * The live bodies of sides `pick` accepts whose bounding circle comes within `within` of `at`
 * (a broad phase: callers keep their exact tests), in the order `bodies` gives them.
 */
export function bodiesNear(s: NwState, at: Point, within: number, pick: (side: string) => boolean): NwPiece[] {
  return piecesOf(s, bodyGrid(s).near(at, within), pick);
}

/** The same for a path: the bodies whose bounding circle comes within `within` of any of its legs. */
export function bodiesNearPath(s: NwState, path: readonly Point[], within: number, pick: (side: string) => boolean): NwPiece[] {
  return piecesOf(s, bodyGrid(s).nearPath(path, within), pick);
}

// The live officer stands by the three records they are read from: a brigade's move, a roll or a
// log change keeps them, so a move's plan does not make every officer's piece again (issue 12).
const officersCache = new WeakMap<NwState['generals'], WeakMap<NwState['commanders'], WeakMap<NwState['armies'], readonly NwPiece[]>>>();

/** Live officer stands (generals, commanders, CinCs) of sides `pick` accepts. */
export function officers(s: NwState, pick: (side: string) => boolean): NwPiece[] {
  let byCommanders = officersCache.get(s.generals);
  if (!byCommanders) officersCache.set(s.generals, byCommanders = new WeakMap());
  let byArmies = byCommanders.get(s.commanders);
  if (!byArmies) byCommanders.set(s.commanders, byArmies = new WeakMap());
  let all = byArmies.get(s.armies);
  if (!all) {
    // Officer ids are no brigade's or battery's (the scenario build refuses an id used twice, build.ts): the three records say it all.
    // Each officer's piece is kept by his entry (pieceOf reads nothing else of a general or a
    // commander, and of a CinC his army's side, which never changes): a move that carries one
    // attached general makes only his piece again (issue 12: every officer's, for each move's plan).
    const list: NwPiece[] = [];
    const add = (id: string, entry: object): void => {
      if (s.units[id] || s.batteries[id]) return;
      const p = keptPiece(s, id, entry);
      if (live(p)) list.push(p);
    };
    for (const id of Object.keys(s.generals)) add(id, s.generals[id]!);
    for (const id of Object.keys(s.commanders)) add(id, s.commanders[id]!);
    for (const a of Object.values(s.armies)) add(a.cinc.id, a.cinc);
    all = list;
    byArmies.set(s.armies, all);
  }
  return all.filter((p) => pick(p.side));
}

/** A reinforcement that enters this turn with this piece, if it is still off the table (§9.0 C.8 L242). */
export function entryOf(s: NwState, id: string): NwReinforcement | null {
  const p = pieceOf(s, id);
  if (!p || p.onTable || p.removed) return null;
  return s.reinforcements.find((r) => r.turn === s.turn && r.pieces.includes(id)) ?? null;
}

/** The piece as it stands at the start of its move: an entering reinforcement stands at its entry point. */
export function startPiece(s: NwState, id: string): NwPiece | null {
  const p = pieceOf(s, id);
  if (!p) return null;
  const entry = entryOf(s, id);
  return entry ? { ...p, pose: { at: entry.at, facing: entry.facing }, onTable: true } : p;
}

/** Where a point attached to a moving base ends up: same offset in the base's own frame. */
function carried(p: Pose, from: Pose, to: Pose): Pose {
  const turn = to.facing - from.facing;
  const r = (turn * Math.PI) / 180;
  const dx = p.at.x - from.at.x;
  const dy = p.at.y - from.at.y;
  // Compass angles turn clockwise: rotate (dx, dy) by −turn in the maths sense.
  const x = dx * Math.cos(r) + dy * Math.sin(r);
  const y = -dx * Math.sin(r) + dy * Math.cos(r);
  return { at: { x: to.at.x + x, y: to.at.y + y }, facing: (((p.facing + turn) % 360) + 360) % 360 };
}

/** The records a draft holds (phases/target-units.ts Draft): a phase's own copies, changed in place. */
export interface PieceRecords {
  units: Record<string, NwState['units'][string]>;
  batteries: Record<string, NwState['batteries'][string]>;
  generals: NwState['generals'];
  commanders: NwState['commanders'];
}

/**
 * placePiece for a brigade or battery in a draft's own records, changed in place (issue 12: a
 * retreat or advance no longer copies every brigade of the table); the officer records, which
 * officers() caches by identity, are still copied when an attached officer moves. False for an
 * officer or a CinC, which the caller places with placePiece. A spatial grid made on these very
 * records refiles the moved bodies (or is dropped when one was not filed), as carryGrid does.
 */
export function placeInRecords(d: PieceRecords, id: string, pose: Pose): boolean {
  const u = d.units[id];
  const moved: string[] = [];
  if (u) {
    const from = u.pose;
    d.units[id] = { ...u, pose, onTable: true };
    moved.push(id);
    const bat = u.attachedBattery ? d.batteries[u.attachedBattery] : undefined;
    if (bat && !bat.removed) { d.batteries[bat.id] = { ...bat, pose: carried(bat.pose, from, pose), onTable: true }; moved.push(bat.id); }
    for (const g of Object.values(d.generals)) {
      if (g.attachedTo === id) d.generals = withEntry(d.generals, g.id, { ...g, pose: carried(g.pose, from, pose) });
    }
    for (const c of Object.values(d.commanders)) {
      if (c.attachedTo === id) d.commanders = withEntry(d.commanders, c.id, { ...c, pose: carried(c.pose, from, pose) });
    }
  } else if (d.batteries[id]) {
    d.batteries[id] = { ...d.batteries[id]!, pose, onTable: true };
    moved.push(id);
  } else return false;
  const byBatteries = gridCache.get(d.units);
  const g = byBatteries?.get(d.batteries);
  if (g) {
    if (moved.every((m) => g.has(m))) for (const m of moved) { const b = d.units[m] ?? d.batteries[m]!; g.set(m, m, b.pose.at, baseRadius(b.base)); }
    else byBatteries!.delete(d.batteries);
  }
  return true;
}

/**
 * The state with a piece at a new pose (on the table); a brigade carries its attached battery
 * and attached officers with it (Ch.II §2.5, §9.0 A L225: they stay with the unit).
 */
export function placePiece(s: NwState, id: string, pose: Pose): NwState {
  // pieceOf's lookup order (brigade, battery, general, commander, CinC) without making the piece.
  const u = s.units[id];
  if (u) {
    const from = u.pose;
    let next: NwState = { ...s, units: withEntry(s.units, id, { ...u, pose, onTable: true }) };
    const bat = u.attachedBattery ? s.batteries[u.attachedBattery] : undefined;
    if (bat && !bat.removed) next = { ...next, batteries: withEntry(next.batteries, bat.id, { ...bat, pose: carried(bat.pose, from, pose), onTable: true }) };
    for (const g of Object.values(s.generals)) {
      if (g.attachedTo === id) next = { ...next, generals: withEntry(next.generals, g.id, { ...g, pose: carried(g.pose, from, pose) }) };
    }
    for (const c of Object.values(s.commanders)) {
      if (c.attachedTo === id) next = { ...next, commanders: withEntry(next.commanders, c.id, { ...c, pose: carried(c.pose, from, pose) }) };
    }
    const moved = bat && !bat.removed ? [id, bat.id] : [id];
    carryGrid(s, next, moved);
    carryBodies(s, next, moved);
    return next;
  }
  if (s.batteries[id]) {
    const next = { ...s, batteries: withEntry(s.batteries, id, { ...s.batteries[id]!, pose, onTable: true }) };
    carryGrid(s, next, [id]);
    carryBodies(s, next, [id]);
    return next;
  }
  if (s.generals[id]) return { ...s, generals: withEntry(s.generals, id, { ...s.generals[id]!, pose, onTable: true }) };
  if (s.commanders[id]) return { ...s, commanders: withEntry(s.commanders, id, { ...s.commanders[id]!, pose, onTable: true }) };
  const army = Object.values(s.armies).find((a) => a.cinc.id === id);
  if (!army) return s;
  return { ...s, armies: { ...s.armies, [army.side]: { ...army, cinc: { ...army.cinc, pose, onTable: true } } } };
}
