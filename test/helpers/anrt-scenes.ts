import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { anrt } from '../../src/rules/anrt/index';
import type { AnrtOrder } from '../../src/rules/anrt/orders';
import { applyMorale } from '../../src/rules/anrt/phases/morale';
import { routUnit } from '../../src/rules/anrt/phases/withdraw';
import { evadeRoute } from '../../src/rules/anrt/phases/evade';
import { oneHitUnpaid } from '../../src/rules/anrt/phases/one-hit';
import { resolveCombat } from '../../src/rules/anrt/phases/combat';
import { Thrower } from '../../src/rules/anrt/phases/gm';
import { seededDice } from '../../src/dice/dice';
import { withUnit, type AnrtFormation, type AnrtState } from '../../src/rules/anrt/state';
import type { Qrs } from '../../src/rules/anrt/tables/qrs';
import type { MoraleResult, UnitClass } from '../../src/rules/anrt/tables/vocabulary';
import type { GameEvent } from '../../src/rules/events';
import { teachingFrenchPhase } from './anrt-game';

/**
 * ANRT movement cases in plain text: a scene on the teaching scenario's map (Brandhof farm x 34-38
 * y 32-35, Erlenbusch wood x 56-66 y 14-22; 72×48"; north is +y), with the units named placed and
 * every other unit off the table (unless `keep: true`), then one step, then what must hold.
 *
 *   case, rule                          as the procedure cases (anrt-cases.ts)
 *   place: { <unit id>: { at: [x, y], facing, formation, class, hits, disordered, routed } }
 *   abandon: [battery ids whose guns stand abandoned]
 *   taken:   { <battery id>: <holder id> }   (guns lost to their side, held by that enemy unit, L1061)
 *   settings: { withdraw: { cavalry: withdraw } }    (over the stand-in tables, entered)
 *   expertise: [brigade ids with L389's expertise]   (state.linesExpertise; the teaching scenario's own otherwise)
 *   then one of:
 *     morale:  { unit, result: withdraw|rout|…, cause: <unit id>, origin: [x, y] }
 *     rout-on: <unit id>                         (a router continuing its rout, toward its baseline)
 *     order:   <an order as posted, e.g. { kind: charge, unit, target }>   (validated for the French)
 *              with `pending: [orders]` already posted in the window
 *     evade:   { unit, charger, inches, on }      (where the evaders go, L402; `on: true` runs on past the refuge, ANRT-E3)
 *     unpaid:  [orders accepted]                  (L204 as the French orders are carried out)
 *     combat:  { charges: [[unit, target]], passes: [morale tests passed whatever the die] }  (the French
 *              combat step, as combatScene; default passes: charge, charge-response)
 *   expect:
 *     <unit id>: { at: [x, y] (±0.05"), near: [[x, y], inches], facing, routed, disordered, gone, formation }
 *     ok: true|false   code: <problem code>   says: [words in the problem or preview]   saysNot: [words it must not say]
 *     sheltered: true|false (evade)   toGround: [unit ids gone to ground this turn]
 *     notes: [words in some event's text or reason]
 */
export interface SceneCase {
  readonly case: string;
  readonly rule: string;
  readonly place: Readonly<Record<string, { at: [number, number]; facing?: number; formation?: AnrtFormation; class?: UnitClass; hits?: number; disordered?: boolean; routed?: boolean }>>;
  readonly keep?: boolean;
  /** Batteries whose guns stand abandoned, their gunners fled (L406). */
  readonly abandon?: string[];
  /** Batteries whose guns are held by an enemy unit, which may move them by prolong (L1061, ANRT-G7). */
  readonly taken?: Record<string, string>;
  readonly settings?: Record<string, Record<string, unknown>>;
  readonly expertise?: string[];
  readonly combat?: { charges: [string, string][]; passes?: string[] };
  readonly morale?: { unit: string; result: 'withdraw' | 'rout' | 'disorder'; cause?: string; origin?: [number, number] };
  readonly 'rout-on'?: string;
  readonly order?: AnrtOrder;
  readonly pending?: AnrtOrder[];
  readonly evade?: { unit: string; charger: string; inches: number; on?: boolean };
  readonly unpaid?: AnrtOrder[];
  readonly expect: Record<string, unknown>;
}

export const loadScenes = (path: string): SceneCase[] => parse(readFileSync(path, 'utf8')) as SceneCase[];

let base: AnrtState | undefined;

/** The scene's state: the French orders window of the teaching game, the units placed. */
export function sceneState(c: SceneCase): AnrtState {
  base ??= teachingFrenchPhase();
  let s: AnrtState = { ...base, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } };
  if (c.settings) s = { ...s, settings: { ...s.settings, ...Object.fromEntries(Object.entries(c.settings).map(([k, v]) => [k, { ...(s.settings as unknown as Record<string, object>)[k], ...v }])) } as AnrtState['settings'] };
  if (c.expertise) s = { ...s, linesExpertise: c.expertise };
  if (!c.keep) s = { ...s, units: Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, c.place[id] ? u : { ...u, gone: true }])) };
  for (const [id, p] of Object.entries(c.place)) {
    const u = s.units[id];
    if (!u) throw new Error(`${c.case}: no unit ${id} in the teaching scenario`);
    s = withUnit(s, { ...u, gone: false, at: { x: p.at[0], y: p.at[1] }, facing: p.facing ?? u.facing, formation: p.formation ?? u.formation, cls: p.class ?? u.cls, hits: p.hits ?? u.hits, disordered: p.disordered ?? false, routed: p.routed ?? false });
  }
  for (const id of c.abandon ?? []) s = withUnit(s, { ...s.units[id]!, abandoned: { gunnersWith: null, turn: s.turn } });
  for (const [id, by] of Object.entries(c.taken ?? {})) s = withUnit(s, { ...s.units[id]!, gone: true, lastHit: 'contact', taken: { by, turn: s.turn, from: s.units[by]!.at } });
  return s;
}

export type SceneResult = { s: AnrtState; events: GameEvent[]; ok?: boolean; code?: string; text?: string; sheltered?: boolean };

export function runScene(c: SceneCase): SceneResult {
  const s = sceneState(c);
  if (c.morale) {
    const cause = c.morale.cause ? s.units[c.morale.cause]!.at : undefined;
    const origin = c.morale.origin ? { x: c.morale.origin[0], y: c.morale.origin[1] } : undefined;
    return applyMorale(s, c.morale.unit, c.morale.result, origin, cause);
  }
  if (c['rout-on']) return routUnit(s, c['rout-on']);
  if (c.order) {
    const r = anrt.validate(s, 'french', c.order, c.pending ?? []);
    return r.ok ? { s, events: [], ok: true, text: r.value.preview.join(' ') } : { s, events: [], ok: false, code: r.error.code, text: `${r.error.message} ${r.error.hint ?? ''}` };
  }
  if (c.evade) {
    const r = evadeRoute(s, s.units[c.evade.unit]!, s.units[c.evade.charger]!, c.evade.inches, !c.evade.on);
    const u = s.units[c.evade.unit]!;
    return { s: withUnit(s, { ...u, at: r.to, ...(r.offTable ? { gone: true } : {}) }), events: [{ kind: 'note', rule: 'L402', text: r.why }], sheltered: r.sheltered };
  }
  if (c.unpaid) return oneHitUnpaid(s, c.unpaid);
  if (c.combat) {
    const cs = combatScene(c, c.combat.charges, { passes: c.combat.passes ?? ['charge', 'charge-response'] });
    return resolveCombat(cs, {}, new Thrower(seededDice('5c'.padEnd(64, '0')), []));
  }
  throw new Error(`${c.case}: nothing to do (morale, rout-on or order)`);
}

/**
 * A scene at the combat step (charges declared, the responses in): the morale tests named in
 * `morale` forced to that result and those in `passes` passed whatever the die, the generals sent
 * far off so neither "general attached" nor risk to generals enters the dice; `qrs` may change
 * other cells (evaded.test.ts, pursuit.test.ts).
 */
export function combatScene(c: Omit<SceneCase, 'morale'>, charges: readonly (readonly [string, string])[], opts: { readonly morale?: Readonly<Record<string, MoraleResult>>; readonly passes: readonly string[]; readonly qrs?: (q: Qrs) => Partial<Qrs> }): AnrtState {
  const s = sceneState({ ...c, morale: undefined } as SceneCase);
  const q = s.settings.qrs;
  const pass = [{ min: -99, result: 'pass' as const }];
  const passed = Object.fromEntries(opts.passes.map((t) => [t, pass]));
  const forced = Object.fromEntries(Object.entries(opts.morale ?? {}).map(([t, r]) => [t, [{ min: -99, result: r }]]));
  const qrs = { ...q, ...opts.qrs?.(q), morale: { ...q.morale, bands: { ...q.morale!.bands!, ...passed, ...forced } } } as Qrs;
  const generals = Object.fromEntries(Object.entries(s.generals).map(([id, g]) => [id, { ...g, at: { x: 70, y: 2 }, joined: undefined }]));
  return { ...s, generals, settings: { ...s.settings, qrs }, step: 'responses', charges: charges.map(([unit, target]) => ({ unit, target, kind: 'declared' as const })), moves: [], fireTargets: {}, command: undefined } as AnrtState;
}
