import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import type { SoloSettings } from '../settings';
import { CHARGE_BPL, CHARGE_HOME_BPL, CHARGE_HOME_FAIL, CHARGE_HOME_MODIFIERS, CHARGE_MODIFIERS, FRIENDS_COUNTED_MAX, MORALE_BPL, MORALE_MODIFIERS, RALLY_RESULTS, type BplEntry } from '../tables/morale';
import { armOf, classRank, type AttackValue, type Motion, type TroopClass } from '../tables/vocabulary';
import { modifiersFrom, percentTest, placeholderNote, specialLost, type PercentTest } from './common';
import type { Procedure, SoloUnitInput } from './types';

/**
 * K16-K18 (KUR L21-28): morale, the charge test and the charge home test — D100 under a Base
 * Percentage Level plus modifiers (K-14). A failed morale test reads the placeholder D10 chart
 * (K-5). Grade A levels for morale and the charge test are placeholders (K-6).
 */

/** The level for a class, with its line; a lost one (Grade A) comes from its placeholder setting. */
function bpl(table: Record<TroopClass, BplEntry>, c: TroopClass, placeholder: number, key: string): { base: number; label: string; placeholderKey?: string } {
  const e = table[c];
  if (e.value !== null) return { base: e.value, label: `Grade ${c} ${e.value}% (KUR L${e.line})` };
  return { base: placeholder, label: `Grade ${c} ${placeholder}% (placeholder ${key})`, placeholderKey: key };
}

/** Who is attached to the unit (L23, L27-28): in the front rank to have effect (L14). */
export type Attached = 'brigadier' | 'division' | 'corps' | null;

/** What a morale test reads (L23). Geometry (within 300 mm, influence range) is the caller's. */
export interface MoraleInput {
  readonly unit: SoloUnitInput;
  /** Figures lost this turn and since the start (K-18 chooses which counts). */
  readonly casualtiesThisTurn: number;
  readonly casualtiesTotal: number;
  readonly chargedFrom?: 'front' | 'flank' | 'rear';
  /** The charger's class, when charged (L23 "charged by higher class troops"). */
  readonly chargedByClass?: TroopClass;
  /** Friendly units within 300 mm (counted up to 3). */
  readonly friendsWithin300: number;
  readonly underCommand: boolean;
  readonly defendingCover?: boolean;
  readonly attached?: Attached;
  readonly artilleryCannotReply?: boolean;
  readonly lostMelee?: boolean;
  readonly coKilledInRange?: boolean;
  readonly corpsCommanderKilled?: boolean;
  readonly motion: Motion;
  readonly friendsRouting: number;
  /** The test is against cavalry (charged by, or meleeing, cavalry). */
  readonly vsCavalry?: boolean;
}

/** K16 (L23): the modifiers, from the input. */
export function moraleModifiers(input: MoraleInput, settings: SoloSettings): Modifier[] {
  const u = input.unit;
  const infantry = armOf(u.type) === 'infantry';
  const casualties = settings.morale.casualtyScope === 'turn' ? input.casualtiesThisTurn : input.casualtiesTotal;
  return modifiersFrom(MORALE_MODIFIERS, {
    'charged-flank-rear': input.chargedFrom === 'flank' || input.chargedFrom === 'rear',
    'friend-within-300': Math.min(FRIENDS_COUNTED_MAX, input.friendsWithin300),
    'under-command': input.underCommand,
    'defending-cover': !!input.defendingCover,
    casualty: casualties,
    'brigadier-or-division-attached': input.attached === 'brigadier' || input.attached === 'division',
    'corps-attached': input.attached === 'corps',
    'artillery-cannot-reply': !!input.artilleryCannotReply,
    'own-disorder': u.disorder,
    'charged-by-higher-class': input.chargedByClass !== undefined && classRank(input.chargedByClass) > classRank(u.class),
    'lost-melee': !!input.lostMelee,
    'brigade-or-division-co-killed': !!input.coKilledInRange,
    'corps-commander-killed': !!input.corpsCommanderKilled,
    retiring: input.motion === 'retiring',
    routing: input.motion === 'routing',
    'friend-routing': input.friendsRouting,
    'square-vs-cavalry': infantry && !!input.vsCavalry && u.formation === 'square',
    'not-square-vs-cavalry': infantry && !!input.vsCavalry && u.formation !== 'square',
    // L29: no officer, or one out of the front rank, is as if dead (−5% to all morale).
    'officer-dead': specialLost(u.specials, 'officer', true),
  }, settings, '%');
}

/** A row of the placeholder D10 chart. */
export type D10Row = SoloSettings['morale']['d10Chart'][number];

/** What a morale test decided. */
export interface MoraleResult extends PercentTest {
  /** On a failure: the placeholder D10 chart's row. */
  readonly failure: (D10Row & { readonly d10: number; readonly needsRally: boolean }) | null;
}

/** K-5 placeholder: a failed test's result on the D10 chart; the first two results need rallying (L24). */
export function moraleFailure(unitName: string, settings: SoloSettings, dice: Dice): Procedure<D10Row & { d10: number; needsRally: boolean }> {
  const r = ruleRoll(dice, 'd10', { rule: 'KUR L23-24', purpose: 'morale result (D10 chart: placeholder morale.d10Chart)', subject: unitName });
  const chart = settings.morale.d10Chart;
  const idx = chart.findIndex((x) => r.rolled.total >= x.from && r.rolled.total <= x.to);
  const row = chart[idx]!;
  const needsRally = idx < RALLY_RESULTS.count;
  return { result: { ...row, d10: r.rolled.total, needsRally }, events: [r.event(`${row.from}-${row.to} ${row.result}, +${row.chits} 'D'${needsRally ? ', needs rallying (L24)' : ''} — placeholder chart`), placeholderNote('morale.d10Chart', `${unitName}: ${row.result}`)] };
}

/** K16 (L21-24): the morale test, and on a failure the D10 result. */
export function moraleTest(input: MoraleInput, settings: SoloSettings, dice: Dice): Procedure<MoraleResult> {
  const level = bpl(MORALE_BPL, input.unit.class, settings.morale.bplA, 'morale.bplA');
  const t = percentTest(dice, { rule: 'KUR L21-23', purpose: 'morale test', subject: input.unit.name, base: level.base, baseLabel: level.label, modifiers: moraleModifiers(input, settings) }, settings);
  const events: GameEvent[] = [...t.events];
  if (level.placeholderKey) events.push(placeholderNote(level.placeholderKey, `${input.unit.name}: Grade A level ${level.base}%`));
  if (t.test.passes) return { result: { ...t.test, failure: null }, events };
  const f = moraleFailure(input.unit.name, settings, dice);
  return { result: { ...t.test, failure: f.result }, events: [...events, ...f.events] };
}

/** KS-5: a routing or retiring unit's rally — the morale test at its card (its motion's modifier counting); passing halts it. */
export function rallyTest(input: MoraleInput, settings: SoloSettings, dice: Dice): Procedure<{ rallied: boolean } & PercentTest> {
  if (settings.morale.rally === 'never') return { result: { rallied: false, roll: 0, target: 0, passes: false }, events: [{ kind: 'note', rule: 'KS-5', text: `${input.unit.name} cannot rally (morale.rally never)` }] };
  const level = bpl(MORALE_BPL, input.unit.class, settings.morale.bplA, 'morale.bplA');
  const t = percentTest(dice, { rule: 'KUR L24; KS-5', purpose: 'rally (morale test)', subject: input.unit.name, base: level.base, baseLabel: level.label, modifiers: moraleModifiers(input, settings) }, settings);
  return { result: { rallied: t.test.passes, ...t.test }, events: t.events };
}

/** What a charge test reads (L27). */
export interface ChargeTestInput {
  readonly unit: SoloUnitInput;
  /** The AV of the brigadier attached, if one is. */
  readonly brigadierAttached?: AttackValue;
  /** The AV of a division or corps commander attached, if one is. */
  readonly seniorAttached?: AttackValue;
  readonly targetClass: TroopClass;
}

/** K17 (L27): charge test modifiers. */
export function chargeModifiers(input: ChargeTestInput, settings: SoloSettings): Modifier[] {
  const b = input.brigadierAttached;
  const s = input.seniorAttached;
  return modifiersFrom(CHARGE_MODIFIERS, {
    'normal-brigadier': b === 'normal', 'timid-brigadier': b === 'timid', 'aggressive-brigadier': b === 'aggressive',
    'charging-inferior': classRank(input.targetClass) < classRank(input.unit.class),
    'normal-senior': s === 'normal', 'timid-senior': s === 'timid', 'aggressive-senior': s === 'aggressive',
    'standard-dead': specialLost(input.unit.specials, 'standard'),
  }, settings, '%');
}

/** K17 (L25-27): the charge test; passing, the unit charges and its target tests at once. */
export function chargeTest(input: ChargeTestInput, settings: SoloSettings, dice: Dice): Procedure<PercentTest> {
  const level = bpl(CHARGE_BPL, input.unit.class, settings.charge.bplA, 'charge.bplA');
  const t = percentTest(dice, { rule: 'KUR L25-27', purpose: 'charge test', subject: input.unit.name, base: level.base, baseLabel: level.label, modifiers: chargeModifiers(input, settings) }, settings);
  const events = [...t.events];
  if (level.placeholderKey) events.push(placeholderNote(level.placeholderKey, `${input.unit.name}: Grade A charge level ${level.base}%`));
  return { result: t.test, events };
}

/** What a charge home test reads (L28). */
export interface ChargeHomeInput {
  readonly unit: SoloUnitInput;
  readonly uphill?: boolean;
  readonly brigadierAttached?: boolean;
  readonly seniorAttached?: boolean;
  readonly enemyDisorder: number;
  readonly casualtiesThisMove: number;
  readonly overObstacle?: boolean;
  readonly buildingOrFieldwork?: boolean;
  /** The target is infantry that passed its morale test (L28 "steady"). */
  readonly steadyInfantryTarget?: boolean;
  /** The AV of the unit's CO (its brigadier): Timid infantry retire instead of volleying (L28). */
  readonly coAv: AttackValue;
}

/** K18 (L28): charge home modifiers. */
export function chargeHomeModifiers(input: ChargeHomeInput, settings: SoloSettings): Modifier[] {
  const u = input.unit;
  return modifiersFrom(CHARGE_HOME_MODIFIERS, {
    uphill: !!input.uphill, 'brigadier-attached': !!input.brigadierAttached, 'senior-attached': !!input.seniorAttached,
    'enemy-disorder': input.enemyDisorder, 'casualty-this-move': input.casualtiesThisMove,
    'over-obstacle': !!input.overObstacle, 'building-or-fieldwork': !!input.buildingOrFieldwork, 'own-disorder': u.disorder,
    'cavalry-vs-steady-infantry': armOf(u.type) === 'cavalry' && !!input.steadyInfantryTarget,
    'officer-dead': specialLost(u.specials, 'officer', true),
    // L29: the standard "should be at the front when melee is attempted, or the negative modifier will count".
    'standard-dead': specialLost(u.specials, 'standard', true),
  }, settings, '%');
}

/** What follows a failed charge home (L28, K-17). */
export type ChargeHomeFailure =
  | { readonly kind: 'halt-and-volley' }
  | { readonly kind: 'retire'; readonly mm: number }
  | { readonly kind: 'halt-short'; readonly mm: number; readonly chits: number }
  | { readonly kind: 'morale-result'; readonly row: D10Row & { d10: number; needsRally: boolean } };

/** K18 (L27-28): the charge home test; on failure, what the unit does. */
export function chargeHomeTest(input: ChargeHomeInput, settings: SoloSettings, dice: Dice): Procedure<{ home: boolean; test: PercentTest | null; failure: ChargeHomeFailure | null }> {
  const u = input.unit;
  const cavalry = armOf(u.type) === 'cavalry';
  const events: GameEvent[] = [];
  let test: PercentTest | null = null;
  if (cavalry && input.steadyInfantryTarget && settings.charge.cavalryVsSteadyInfantry === 'halt') {
    events.push({ kind: 'note', rule: 'KUR L19; KS-6', text: `${u.name}: the infantry held, so the cavalry do not charge home (charge.cavalryVsSteadyInfantry halt)` });
  } else {
    const level = bpl(CHARGE_HOME_BPL, u.class, 0, '');
    const t = percentTest(dice, { rule: 'KUR L27-28', purpose: 'charge home test', subject: u.name, base: level.base, baseLabel: level.label, modifiers: chargeHomeModifiers(input, settings) }, settings);
    events.push(...t.events);
    test = t.test;
    if (t.test.passes) return { result: { home: true, test, failure: null }, events };
  }
  let failure: ChargeHomeFailure;
  if (cavalry) {
    failure = settings.chargeHome.cavalryFail === 'retire' ? { kind: 'retire', mm: CHARGE_HOME_FAIL.timidCo.mm } : { kind: 'halt-short', mm: settings.chargeHome.haltShortMm, chits: 1 };
  } else if (u.class === 'D' && settings.chargeHome.classDFail === 'd10') {
    const f = moraleFailure(u.name, settings, dice);
    events.push(...f.events);
    failure = { kind: 'morale-result', row: f.result };
  } else {
    failure = input.coAv === 'timid' ? { kind: 'retire', mm: CHARGE_HOME_FAIL.timidCo.mm } : { kind: 'halt-and-volley' };
  }
  events.push({ kind: 'note', rule: cavalry || u.class === 'D' ? 'KUR L28; K-17' : 'KUR L28', text: `${u.name} fails to charge home: ${failure.kind === 'morale-result' ? `${failure.row.result} (D10 chart, placeholder)` : failure.kind === 'retire' ? `retires ${failure.mm} mm` : failure.kind === 'halt-short' ? `halts ${failure.mm} mm short, +${failure.chits} 'D'` : 'halts and fires a volley'}` });
  return { result: { home: false, test, failure }, events };
}
