import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { commandPips } from '../../src/rules/anrt/procedures/command';
import { contactHit, hitEffect, riskScore } from '../../src/rules/anrt/procedures/generals';
import { initiative } from '../../src/rules/anrt/procedures/initiative';
import { meleeOutcome } from '../../src/rules/anrt/procedures/melee';
import { moraleResult } from '../../src/rules/anrt/procedures/morale';
import { allocate, allocationIsAChoice, outOfCommandWhy } from '../../src/rules/anrt/procedures/radii';
import { evadeInches, spreadRegroup } from '../../src/rules/anrt/procedures/regroup';
import { resolveHits, resultCode, totalAdjustment, type AdjustFactor, type ResultCase } from '../../src/rules/anrt/procedures/results';
import { gunnersSafe } from '../../src/rules/anrt/tables/evades';
import { overrunGuns } from '../../src/rules/anrt/tables/generals';
import { parseQrs, type Qrs } from '../../src/rules/anrt/tables/qrs';
import { STAND_IN_QRS } from '../../src/rules/anrt/tables/stand-in';
import { nationalMorale } from '../../src/rules/anrt/phases/nations';
import type { AnrtUnit } from '../../src/rules/anrt/state';
import { runMeleeCase } from './anrt-melee-cases';

/** The unit a morale case's `unit:` and `against:` fields amend: an average French-less line battalion. */
const CASE_UNIT: AnrtUnit = {
  id: 'unit', name: 'unit', side: 'a', division: 'd', brigade: 'b', arm: 'infantry', cls: 'average', size: 'normal', formation: 'line',
  at: { x: 0, y: 0 }, facing: 0, hits: 4, maxHits: 4, disordered: false, routed: false, gone: false,
};

/**
 * ANRT adjudication cases in plain text (after godip's cases): a rules lawyer reads and writes
 * them without TypeScript. A case file (test/rules/anrt/cases/*.yaml) is a YAML list of cases:
 *
 *   case:  what it shows          rule: the line(s) it checks ("ANRT L490; HR A-2")
 *   qrs:   stand-in | empty | a partial sheet (tables/qrs.ts shape)     rulings: { <question id>: <answer> }
 *   one procedure, with its input:
 *     hits:       { table, range/firer/target | gun/target | attacker/line, adjust: [elite-fire, secondary-target, fire:<f>, melee:<f>], dice: [d6] }
 *     pips:       { d6, killed, adcs, opportunity, regrouping, factors: { per-brigade: 2 } }
 *     morale:     { test, d6, factors: [..], unit: { nation, arm, horse, carabiniers }, against: { arm, formation } } (§XV's printed adjustments)
 *     risk:       { cause: fire|melee }            contact: { by: cavalry|infantry, d6 }     hitEffect: d6
 *     initiative: { rolls: { fr: 4, br: 2 }, previous, firstTurnDraw, scenarioFirst }
 *     melee:      { inflicted, suffered }          regroup: { hits, units: [{ id, max, current }] }
 *     evade:      { evader, dice: [..] }           gunners: { d6, inches, close }     overrun: { d6 } (guns overrun, §XVI)
 *     command:    { division: [x,y] | null, brigadier: [x,y] | null (omit: unattached), facing, box: [front, depth], unit: [x,y], march, columns: { id: [x,y] }, corps: true (at corps level: division = the corps commander) }
 *     allocate:   { faces: [..], divisions: [..], choices: [{ division, die }] }
 *     support, chargers, slots, columnsFit, split, tallies, passThrough, orderMixte: multiple melees, support and fire (anrt-melee-cases.ts)
 *   expect: the fields of the result to match (see each procedure), or `ask: <words of the GM's question>`.
 *   Every procedure is pure; the dice are the faces given. A die given and not rolled fails the case.
 */
export interface AnrtCase {
  readonly case: string;
  readonly rule: string;
  readonly qrs?: 'stand-in' | 'empty' | Record<string, unknown>;
  readonly rulings?: Record<string, string>;
  readonly expect: Record<string, unknown>;
  readonly [procedure: string]: unknown;
}

export function loadAnrtCases(path: string): AnrtCase[] {
  return parse(readFileSync(path, 'utf8')) as AnrtCase[];
}

function sheet(c: AnrtCase): Qrs {
  if (c.qrs === undefined || c.qrs === 'stand-in') return STAND_IN_QRS;
  if (c.qrs === 'empty') return {};
  const r = parseQrs(c.qrs, false);
  if (!r.ok) throw new Error(`${c.case}: ${r.error.message}`);
  return r.value;
}

/** What the case's procedure gives, as a plain object for `expect` to match. */
export function runAnrtCase(c: AnrtCase): Record<string, unknown> {
  const qrs = sheet(c);
  const rulings = c.rulings ?? {};
  const ask = (q: { question: string; id: string }) => ({ ask: q.question, id: q.id });
  if (c.hits) {
    const h = c.hits as ResultCase & { adjust?: AdjustFactor[]; dice?: number[] };
    const code = resultCode(qrs, h, rulings, 'case', 1);
    if (code.kind === 'ask') return ask(code.question);
    const adj = totalAdjustment(qrs, h.adjust ?? [], rulings);
    if (adj.kind === 'ask') return ask(adj.question);
    const dice = [...(h.dice ?? [])];
    const r = resolveHits(code.value, adj.value, 2, () => { const d = dice.shift(); if (d === undefined) throw new Error(`${c.case}: a D6 was rolled and none is given`); return d; }, 99);
    if (dice.length) throw new Error(`${c.case}: dice left unused: ${dice.join(', ')}`);
    return { code: code.value, from: code.from, adjustment: adj.value, hits: r.hits, extraOn: r.adjusted.kind === 'hits' ? r.adjusted.extraOn : null, eliminates: r.adjusted.kind === 'eliminates' };
  }
  if (c.pips) {
    const p = c.pips as { d6: number; killed?: boolean; adcs?: number; opportunity?: number; regrouping?: boolean; factors?: Record<string, number> };
    const r = commandPips(qrs, { d6: p.d6, divisionalGeneralKilled: !!p.killed, adcsArrived: p.adcs ?? 0, opportunityActions: p.opportunity ?? 0, regrouping: !!p.regrouping, factors: p.factors ?? {} }, rulings, 'division', 1);
    return r.kind === 'ask' ? ask(r.question) : { pips: r.value.pips, regroupHits: r.value.regroupHits, from: r.from };
  }
  if (c.morale) {
    const m = c.morale as { test: Parameters<typeof moraleResult>[1]; d6: number; factors?: Parameters<typeof moraleResult>[3]; unit?: Partial<AnrtUnit>; against?: Partial<AnrtUnit> };
    // The national characteristics (§XV) of the unit tested, against the unit it faces, when the case gives them.
    const printed = m.unit ? nationalMorale({ ...CASE_UNIT, ...m.unit }, m.test, m.against ? { ...CASE_UNIT, ...m.against } : undefined) : [];
    const r = moraleResult(qrs, m.test, m.d6, m.factors ?? [], rulings, 'unit', 1, printed);
    return r.kind === 'ask' ? ask(r.question) : { result: r.value, from: r.from, ...(r.total !== undefined ? { total: r.total } : {}), ...(m.unit ? { printed: printed.map((p) => `${p.delta > 0 ? '+' : ''}${p.delta} ${p.line}`) } : {}) };
  }
  if (c.risk) {
    const r = riskScore(qrs, (c.risk as { cause: 'fire' | 'melee' }).cause, rulings, 'general', 1);
    return r.kind === 'ask' ? ask(r.question) : { hitOn: r.value, from: r.from };
  }
  if (c.contact) { const k = c.contact as { by: 'cavalry' | 'infantry'; d6: number }; return { hit: contactHit(k.by, k.d6) }; }
  if (c.hitEffect !== undefined) return { effect: hitEffect(c.hitEffect as number) };
  if (c.initiative) {
    const i = c.initiative as { rolls: Record<string, number>; previous?: string; firstTurnDraw?: 'reroll' | 'scenario'; scenarioFirst?: string };
    return { ...initiative(i.rolls, i.previous ?? null, i.firstTurnDraw ?? 'reroll', i.scenarioFirst ?? 'fr') };
  }
  if (c.melee) { const m = c.melee as { inflicted: number; suffered: number }; return { ...meleeOutcome(m.inflicted, m.suffered) }; }
  if (c.regroup) { const g = c.regroup as { hits: number; units: { id: string; max: number; current: number }[] }; return { regained: spreadRegroup(g.hits, g.units) }; }
  if (c.evade) { const e = c.evade as { evader: Parameters<typeof evadeInches>[0]; dice: number[] }; return { inches: evadeInches(e.evader, e.dice) }; }
  if (c.overrun !== undefined) return { guns: overrunGuns((c.overrun as { d6: number }).d6) };
  if (c.gunners) { const g = c.gunners as { d6: number; inches: number; close?: boolean }; return { safe: gunnersSafe(g.d6, g.inches, !!g.close) }; }
  if (c.command) {
    const k = c.command as { division: [number, number] | null; brigadier?: [number, number] | null; facing?: number; box: [number, number]; unit: [number, number]; march?: boolean; columns?: Record<string, [number, number]>; corps?: boolean };
    const pt = (p: [number, number]) => ({ x: p[0], y: p[1] });
    const why = outOfCommandWhy({
      divisionGeneral: k.division ? pt(k.division) : null,
      ...(k.brigadier !== undefined ? { brigadier: k.brigadier ? pt(k.brigadier) : null } : {}),
      facing: k.facing ?? 0, box: { frontInches: k.box[0], depthInches: k.box[1] },
      unit: { id: 'unit', at: pt(k.unit), marchColumn: !!k.march },
      columns: [...Object.entries(k.columns ?? {}).map(([id, p]) => ({ id, at: pt(p) })), ...(k.march ? [{ id: 'unit', at: pt(k.unit) }] : [])],
      ...(k.corps ? { corpsLevel: true } : {}),
    });
    return { inCommand: why === null, why };
  }
  if (c.allocate) {
    const a = c.allocate as { faces: number[]; divisions: string[]; choices?: { division: string; die: number }[] };
    return { dice: allocate(a.faces, a.divisions, a.choices ?? []), choice: allocationIsAChoice(a.faces) };
  }
  const melee = runMeleeCase(c);
  if (melee) return melee;
  throw new Error(`${c.case}: no procedure given`);
}
