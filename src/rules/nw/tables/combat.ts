import type { NwSettings } from '../settings';
import { assertInteger } from './vocabulary';

/**
 * N8 Combat (NW §11.0-11.5 L363-409; CRT chart L763-794). [OCR] header "Compat Results I WALL"
 * = Combat Results Table (N-32). Difference = attacker's net roll − defender's.
 */

/** The CRT results, from the attacker's best to worst. */
export const CRT_RESULTS = [
  'defender-crushed', 'defender-broken', 'defender-driven-back', 'defender-gives-ground', 'desperate-struggle',
  'assault-checked', 'assault-repulsed', 'le-guard-recule',
] as const;
/** A row of the Combat Results Table. */
export type CrtResult = (typeof CRT_RESULTS)[number];

/** What one side suffers from a CRT row. 'full-move' = a full move. */
export interface CrtSideEffect {
  readonly spLoss: number;
  readonly disordered: boolean;
  readonly retreat: 0 | 6 | 'full-move' | 'rout';
  /** Routs instead if it was already disordered. */
  readonly routsIfDisordered?: true;
  /** Attached general (or V commander whose bonus was used): 'killed' outright, or killed on 2d6 ≥ 10. */
  readonly leader?: 'killed' | 'roll-10-plus';
  /** Only cavalry of this side is disordered (1-3, −1..−3). */
  readonly cavalryDisordered?: true;
}

/** One CRT row: difference `min`..`max` (null = open), effects, the victor's advance, the "*" mark. */
export interface CrtRow {
  readonly result: CrtResult;
  readonly min: number | null;
  readonly max: number | null;
  readonly defender: CrtSideEffect;
  readonly attacker: CrtSideEffect;
  /** Attached artillery fate (with the defending infantry, §8.6). */
  readonly attachedArtillery: 'destroyed' | 'damaged-retreats' | 'suppressed-retreats' | 'none';
  readonly victorAdvanceInches: number;
  /** "*": an infantry unit routing to a side with cavalry involved loses 1 more s.p. (L794). */
  readonly star: boolean;
  readonly ref: string;
}

const none: CrtSideEffect = { spLoss: 0, disordered: false, retreat: 0 };

/**
 * Combat Results Table, chart L765-775 (DIGEST N8). Under HR N-10 (`crt.retreatImpliesDisorder`)
 * the full-move retreats of 7-9, −4..−6 and −7+ also disorder: see `crtEffects`.
 */
export const CRT = [
  { result: 'defender-crushed', min: 10, max: null, defender: { spLoss: 3, disordered: false, retreat: 'rout', leader: 'killed' }, attacker: none, attachedArtillery: 'destroyed', victorAdvanceInches: 3, star: true, ref: 'chart L767-768' },
  { result: 'defender-broken', min: 7, max: 9, defender: { spLoss: 2, disordered: false, retreat: 'full-move', routsIfDisordered: true, leader: 'roll-10-plus' }, attacker: none, attachedArtillery: 'destroyed', victorAdvanceInches: 2, star: true, ref: 'chart L769' },
  { result: 'defender-driven-back', min: 4, max: 6, defender: { spLoss: 1, disordered: true, retreat: 'full-move' }, attacker: none, attachedArtillery: 'damaged-retreats', victorAdvanceInches: 1, star: false, ref: 'chart L770' },
  { result: 'defender-gives-ground', min: 1, max: 3, defender: { spLoss: 0, disordered: true, retreat: 6 }, attacker: { spLoss: 0, disordered: false, retreat: 0, cavalryDisordered: true }, attachedArtillery: 'suppressed-retreats', victorAdvanceInches: 0, star: false, ref: 'chart L771' },
  { result: 'desperate-struggle', min: 0, max: 0, defender: { spLoss: 1, disordered: true, retreat: 0 }, attacker: { spLoss: 1, disordered: true, retreat: 0 }, attachedArtillery: 'none', victorAdvanceInches: 0, star: false, ref: 'chart L772' },
  { result: 'assault-checked', min: -3, max: -1, defender: { spLoss: 0, disordered: false, retreat: 0, cavalryDisordered: true }, attacker: { spLoss: 0, disordered: true, retreat: 6 }, attachedArtillery: 'none', victorAdvanceInches: 0, star: false, ref: 'chart L773' },
  { result: 'assault-repulsed', min: -6, max: -4, defender: none, attacker: { spLoss: 1, disordered: false, retreat: 'full-move' }, attachedArtillery: 'none', victorAdvanceInches: 0, star: false, ref: 'chart L774' },
  { result: 'le-guard-recule', min: null, max: -7, defender: none, attacker: { spLoss: 2, disordered: false, retreat: 'full-move', routsIfDisordered: true, leader: 'roll-10-plus' }, attachedArtillery: 'none', victorAdvanceInches: 0, star: true, ref: 'chart L775' },
] as const satisfies readonly CrtRow[];

/** The CRT row for a die difference (attacker − defender). */
export function crtRow(difference: number): CrtRow {
  assertInteger(difference, 'combat difference');
  const row = CRT.find((r) => (r.min === null || difference >= r.min) && (r.max === null || difference <= r.max));
  if (!row) throw new RangeError(`NW CRT: no row for ${difference}`); // unreachable: rows cover ℤ
  return row;
}

/** The row with HR N-10 applied: a full-move retreat from combat disorders the retreating side. */
export function crtEffects(difference: number, settings: NwSettings): CrtRow {
  const row = crtRow(difference);
  if (!settings.crt.retreatImpliesDisorder) return row;
  const fix = (s: CrtSideEffect): CrtSideEffect => (s.retreat === 'full-move' ? { ...s, disordered: true } : s);
  return { ...row, defender: fix(row.defender), attacker: fix(row.attacker) };
}

/** NW CRT L769/L775: 2d6 of 10+ kills the attached general (or V commander) on the Broken / Recule rows. */
export const CRT_LEADER_KILLED_ON = 10;

/** Conditions of the combat modifiers (chart L777-790), each on the roll of the side it describes. */
export const COMBAT_CONDITIONS = [
  'fresh', 'spent', 'defending-hard-cover', 'spanish-defending-town-or-works', 'disordered', 'disordered-with-loss',
  'combined-arms', 'general-attached', 'light-cav-vs-heavy-cav', 'within-3-of-valorous', 'medium-cav-vs-heavy-cav',
  'french-infantry-attacking', 'cav-at-the-halt', 'defending-soft-cover-obstacle-or-higher', 'versus-armored-cavalry',
  'russian-or-british-infantry-defending', 'outflanked', 'defender-vulnerable', 'cavalry-attacking-infantry-without-combined-arms',
] as const;
/** A combat modifier condition. */
export type CombatCondition = (typeof COMBAT_CONDITIONS)[number];

/** Combat Die Roll Modifiers, chart L779-790 (DIGEST N8); outnumbered is `outnumberedModifier`. */
export const COMBAT_MODIFIERS = [
  { condition: 'fresh', value: 2, ref: 'chart L779' },
  { condition: 'spent', value: -2, ref: 'chart L779' },
  { condition: 'defending-hard-cover', value: 2, ref: 'chart L780' },
  { condition: 'spanish-defending-town-or-works', value: 3, ref: 'chart L780; §11.2.2 L384 (replaces the +2)' },
  { condition: 'disordered', value: -1, ref: 'chart L780; §11.2.1 L383' },
  { condition: 'disordered-with-loss', value: -2, ref: 'chart L780; §11.2.1 L383 (replaces the −1)' },
  { condition: 'combined-arms', value: 2, ref: 'chart L781-782 (not vs hard cover or forest)' },
  { condition: 'general-attached', value: 1, ref: 'chart L783' },
  { condition: 'light-cav-vs-heavy-cav', value: -2, ref: 'chart L783' },
  { condition: 'within-3-of-valorous', value: 1, ref: 'chart L784; §11.2.3 L385' },
  { condition: 'medium-cav-vs-heavy-cav', value: -1, ref: 'chart L784' },
  { condition: 'french-infantry-attacking', value: 1, ref: 'chart L785; §11.2.6 L388 (not vs cavalry)' },
  { condition: 'cav-at-the-halt', value: -1, ref: 'chart L785' },
  { condition: 'defending-soft-cover-obstacle-or-higher', value: 1, ref: 'chart L786-787' },
  { condition: 'versus-armored-cavalry', value: -1, ref: 'chart L786' },
  { condition: 'russian-or-british-infantry-defending', value: 1, ref: 'chart L788; §11.2.7 L389' },
  { condition: 'outflanked', value: -2, ref: 'chart L788' },
  { condition: 'defender-vulnerable', value: 1, ref: 'chart L789-790 (recipient: HR N-8)' },
  { condition: 'cavalry-attacking-infantry-without-combined-arms', value: -4, ref: 'chart L789; §11.2.4 L386 (HR N-20: on the cavalry)' },
] as const satisfies readonly { condition: CombatCondition; value: number; ref: string }[];

/**
 * Net modifier for one side's roll. Spanish +3 replaces hard cover +2; "with loss" −2 replaces −1.
 * 'defender-vulnerable' is listed for the side it helps; HR N-8 `combat.vulnerableBonusTo`
 * decides: 'attacker' → +1 when the ATTACKER passes it; 'defender-penalty' → −1 on the defender's
 * roll (pass it on the defender's list).
 */
export function combatModifier(conditions: readonly CombatCondition[], settings: NwSettings): number {
  const held = new Set(conditions);
  if (held.has('spanish-defending-town-or-works')) held.delete('defending-hard-cover');
  if (held.has('disordered-with-loss')) held.delete('disordered');
  return COMBAT_MODIFIERS.reduce<number>((s, m) => {
    if (!held.has(m.condition)) return s;
    if (m.condition === 'defender-vulnerable') return s + (settings.combat.vulnerableBonusTo === 'attacker' ? 1 : -1);
    return s + m.value;
  }, 0);
}

/**
 * Outnumbered (chart L781, HR N-9 `outnumbered.scale`): s.p. of the larger side over the smaller,
 * exactly: ≥ 3:2 → −1, ≥ 2:1 → −floor(ratio) (capped at −3 under 'capped-at-3'). For the smaller side.
 */
export function outnumberedModifier(largerSp: number, smallerSp: number, settings: NwSettings): number {
  assertInteger(largerSp, 'larger s.p.');
  assertInteger(smallerSp, 'smaller s.p.');
  if (smallerSp <= 0 || largerSp <= smallerSp) return 0;
  if (2 * largerSp < 3 * smallerSp) return 0;
  if (largerSp < 2 * smallerSp) return -1;
  const f = Math.floor(largerSp / smallerSp);
  return settings.outnumbered.scale === 'capped-at-3' ? -Math.min(f, 3) : -f;
}

/** §11.2.4 L386, chart L793: cavalry fighting infantry without combined arms loses at most 1 s.p. */
export const CAVALRY_VS_SQUARE_MAX_SP_LOSS = 1;
/** §11.2.8 L391: a routed unit contacted loses 1 s.p. (infantry contact) or 2 (cavalry) and routs; victor advances 1". */
export const ROUTED_CONTACTED = { spLoss: { infantry: 1, cavalry: 2 }, victorAdvanceInches: 1 } as const;
/** §11.4 L401: a disordered unit unable to complete its retreat loses 1 more s.p. */
export const BLOCKED_RETREAT_SP_LOSS = 1;
/** Chart L794: "*" rows, infantry routing to a side with cavalry involved loses 1 more s.p. */
export const STAR_ROUT_EXTRA_SP_LOSS = 1;
/** §11.5.2 L408: infantry routing in the face of attacking cavalry loses 1 more s.p. */
export const ROUT_TO_CAVALRY_EXTRA_SP_LOSS = 1;
/** §9.92 L339: at most two attackers and one defender per combat. */
export const MAX_ATTACKERS = 2;
