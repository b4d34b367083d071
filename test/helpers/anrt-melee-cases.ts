import { admitChargers, columnsAgainst, contactSlot, meleeSlots, meleeTallies, splitHits, type MeleePiece } from '../../src/rules/anrt/procedures/multiple-melee';
import { cavalryLine, chargeAspect, gunsInLine, overlaps, securedFlanks } from '../../src/rules/anrt/procedures/flank';
import { orderMixteColumns, type MixtePiece } from '../../src/rules/anrt/procedures/order-mixte';
import { fireIntoMeleeClear, passThroughVictims } from '../../src/rules/anrt/procedures/pass-through';
import { baseDistance, basePolygon } from '../../src/rules/geometry/base';
import { ringsIntersect } from '../../src/rules/geometry/primitives';
import { baseOf, supportOf, type SupportPiece } from '../../src/rules/anrt/procedures/support';
import type { AnrtCase } from './anrt-cases';

/**
 * The melee and fire procedures of ANRT's plain-text cases (format in anrt-cases.ts), each unit
 * written as `{ id, at: [x, y], facing, formation, arm, side, brigade, disordered, routed }`
 * (defaults: infantry in line facing north (0), side fr, brigade b1, steady):
 *   support:     { unit, others: [..] }                   → { support: full|plain|none, flankSupported, friends, threats }
 *   chargers:    { target, flankSupported, chargers: [..] } → { shape, admitted, refused: [ids] }
 *   slots:       { target, shape, chargers: [..] }        → { slots: { id: [x, y] } }   (rounded to 0.01")
 *   columnsFit:  { line: inches, column: inches }         → { fit }
 *   split:       { hits, opponents: [..] }                → { split: { id: hits } }
 *   tallies:     { units: [..], strikes: [{ from, to, hits }], firedInto: { id: n }, credit: { target: opponent } } → { results, inflicted, suffered }
 *   passThrough: { firer: [x, y], target, units: [..], mode: screen|long, reach | depth } → { victims: [ids] }
 *   orderMixte:  { line, others: [..] }                   → { columns: [ids] }
 *   intoMelee:   { firer: [x, y], target: [x, y], friends: [..] } → { clear }   (the firer's line of fire touches no friend, L557)
 *   inContact:   { charger, target, firer?: [x, y] }     → { at: [x, y], facing, gap, overlap, clear }   (a single charger placed in contact, ANRT-M6b,
 *                from where it starts (its aspect, L841); `gap`: inches between the two footprints; `clear`: a firer of the charger's side may fire at the target, L557)
 *   aspect:      { charger, target }                     → { aspect: front|flank|rear }   (the charger where it starts, L841)
 *   cavalryLine: { cavalry, target, others: [..], guns, aspect } → { line, overlapped, secured, gunsInLine }  (the cavalry centred on its target, L852-865;
 *                `guns`: the target's regimental battery, unlimbered unless its formation says otherwise, L1118)
 */
interface RawPiece { id: string; at: [number, number]; facing?: number; formation?: string; arm?: string; side?: string; brigade?: string; disordered?: boolean; routed?: boolean }

const piece = (p: RawPiece): SupportPiece & MixtePiece & MeleePiece => ({
  id: p.id, at: { x: p.at[0], y: p.at[1] }, facing: p.facing ?? 0, formation: (p.formation ?? 'line') as MeleePiece['formation'], arm: (p.arm ?? 'infantry') as MeleePiece['arm'],
  side: p.side ?? 'fr', brigade: p.brigade ?? 'b1', disordered: !!p.disordered, routed: !!p.routed,
});
/** A ring pulled 0.01" in toward its centre: touching edges are no overlap. */
const shrunk = (r: { x: number; y: number }[]): { x: number; y: number }[] => { const cx = r.reduce((a, p) => a + p.x, 0) / r.length, cy = r.reduce((a, p) => a + p.y, 0) / r.length; return r.map((p) => { const d = Math.hypot(p.x - cx, p.y - cy); return { x: cx + ((p.x - cx) * (d - 0.01)) / d, y: cy + ((p.y - cy) * (d - 0.01)) / d }; }); };
const round = (n: number): number => Math.round(n * 100) / 100 + 0;

export function runMeleeCase(c: AnrtCase): Record<string, unknown> | null {
  if (c.support) {
    const k = c.support as { unit: RawPiece; others?: RawPiece[] };
    return { ...supportOf(piece(k.unit), (k.others ?? []).map(piece)) };
  }
  if (c.chargers) {
    const k = c.chargers as { target: RawPiece; flankSupported?: boolean; chargers: RawPiece[] };
    const a = admitChargers(piece(k.target), !!k.flankSupported, k.chargers.map(piece));
    return { shape: a.shape, admitted: a.admitted, refused: a.refused.map((r) => r.id) };
  }
  if (c.slots) {
    const k = c.slots as { target: RawPiece; shape: 'columns-on-line' | 'flank-overlap'; chargers: RawPiece[] };
    return { slots: Object.fromEntries(meleeSlots(piece(k.target), k.shape, k.chargers.map(piece)).map((x) => [x.id, [round(x.at.x), round(x.at.y)]])) };
  }
  if (c.columnsFit) { const k = c.columnsFit as { line: number; column: number }; return { fit: columnsAgainst(k.line, k.column) }; }
  if (c.split) {
    const k = c.split as { hits: number; opponents: string[] };
    return { split: Object.fromEntries(splitHits(k.hits, k.opponents).map((x) => [x.to, x.hits])) };
  }
  if (c.tallies) {
    const k = c.tallies as { units: string[]; strikes: { from: string; to: string; hits: number }[]; firedInto?: Record<string, number>; credit?: Record<string, string> };
    const t = meleeTallies(k.units, k.strikes, k.firedInto ?? {}, k.credit ?? {});
    return { results: Object.fromEntries(Object.entries(t).map(([id, o]) => [id, o.result])), inflicted: Object.fromEntries(Object.entries(t).map(([id, o]) => [id, o.inflicted])), suffered: Object.fromEntries(Object.entries(t).map(([id, o]) => [id, o.suffered])) };
  }
  if (c.passThrough) {
    const k = c.passThrough as { firer: [number, number]; target: RawPiece; units: RawPiece[]; mode: 'screen' | 'long'; reach?: number; depth?: number };
    const mode = k.mode === 'screen' ? { kind: 'screen' as const, reach: k.reach ?? 99 } : { kind: 'long' as const, depth: k.depth ?? 2 };
    return { victims: passThroughVictims({ x: k.firer[0], y: k.firer[1] }, piece(k.target), k.units.map(piece), mode) };
  }
  if (c.orderMixte) {
    const k = c.orderMixte as { line: RawPiece; others: RawPiece[] };
    return { columns: orderMixteColumns(piece(k.line), k.others.map(piece)) };
  }
  if (c.intoMelee) {
    const k = c.intoMelee as { firer: [number, number]; target: [number, number]; friends: RawPiece[] };
    return { clear: fireIntoMeleeClear({ x: k.firer[0], y: k.firer[1] }, { x: k.target[0], y: k.target[1] }, k.friends.map(piece)) };
  }
  if (c.inContact) {
    const k = c.inContact as { charger: RawPiece; target: RawPiece; firer?: [number, number] };
    const charger = piece(k.charger); const target = piece(k.target);
    const slot = contactSlot(target, charger, chargeAspect(charger, target));
    const placed = { ...charger, at: slot.at, facing: slot.facing };
    return {
      at: [round(slot.at.x), round(slot.at.y)], facing: round(slot.facing), gap: round(baseDistance(baseOf(placed), baseOf(target))),
      overlap: ringsIntersect(shrunk(basePolygon(baseOf(placed))), basePolygon(baseOf(target))),
      ...(k.firer ? { clear: fireIntoMeleeClear({ x: k.firer[0], y: k.firer[1] }, target.at, [placed]) } : {}),
    };
  }
  if (c.aspect) {
    const k = c.aspect as { charger: RawPiece; target: RawPiece };
    return { aspect: chargeAspect(piece(k.charger), piece(k.target)) };
  }
  if (c.cavalryLine) {
    const k = c.cavalryLine as { cavalry: RawPiece; target: RawPiece; others?: RawPiece[]; guns?: RawPiece; aspect?: 'front' | 'flank' | 'rear' };
    const cav = piece({ arm: 'cavalry', ...k.cavalry });
    const target = piece(k.target);
    const battery = k.guns ? piece({ arm: 'regimental-artillery', formation: 'unlimbered', side: target.side, ...k.guns }) : undefined;
    const guns = gunsInLine(target, battery);
    // Guns in the line are its flank, not a friend securing it (ANRT-R7); guns not in it are a friend like any other.
    const others = [...(k.others ?? []).map(piece), ...(battery && !guns ? [battery] : [])];
    const secured = securedFlanks(target, others);
    const overlapped = overlaps(cav, target, secured, guns ? baseOf(guns).size.width : 0);
    return { line: cavalryLine(cav, target, k.aspect ?? 'front', overlapped), overlapped, secured, gunsInLine: guns !== null };
  }
  return null;
}
