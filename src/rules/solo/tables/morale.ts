import type { ModifierRow } from './row';
import type { TroopClass } from './vocabulary';

/**
 * Morale, the charge test and the charge home test (KUR L21-28; DIGEST K16-K18): D100 under a
 * Base Percentage Level plus modifiers. Grade A is lost for morale and the charge test (DIGEST
 * K-6: settings `morale.bplA`, `charge.bplA`); the D10 result chart and the reasons for testing
 * are lost (DIGEST K-5: settings `morale.d10Chart`, `morale.triggers`).
 */

/** A Base Percentage Level as printed, or lost (`null`: the setting supplies it). */
export interface BplEntry {
  readonly value: number | null;
  readonly line: number;
  readonly printed: string | null;
}

/** KUR L22: morale BPL. Grade A lost (DIGEST K-6). */
export const MORALE_BPL: Record<TroopClass, BplEntry> = {
  A: { value: null, line: 22, printed: null },
  B: { value: 80, line: 22, printed: 'Grade B = 80%' },
  C: { value: 65, line: 22, printed: 'Grade C = 65%' },
  D: { value: 50, line: 22, printed: 'Grade D = 50%' },
};

/** The conditions on a morale test (L23). */
export type MoraleCondition =
  | 'charged-flank-rear' | 'friend-within-300' | 'under-command' | 'defending-cover' | 'casualty'
  | 'brigadier-or-division-attached' | 'corps-attached' | 'artillery-cannot-reply' | 'own-disorder'
  | 'charged-by-higher-class' | 'lost-melee' | 'brigade-or-division-co-killed' | 'corps-commander-killed'
  | 'retiring' | 'routing' | 'friend-routing' | 'square-vs-cavalry' | 'not-square-vs-cavalry' | 'officer-dead';

/** KUR L23: morale modifiers, percentage points. */
export const MORALE_MODIFIERS = [
  { condition: 'charged-flank-rear', value: -25, label: 'charged in flank/rear', line: 23, printed: 'Charged in flank/rear -25%' },
  { condition: 'friend-within-300', value: 10, label: 'each friendly unit within 300 mm (max 3)', line: 23, printed: 'Friendly unit within 300mm .+10% (max. 3)', each: true },
  { condition: 'under-command', value: 15, label: 'under command control', line: 23, printed: 'Under Command Control .+15%' },
  { condition: 'defending-cover', value: 20, label: 'defending cover', line: 23, printed: 'Defending cover +20%' },
  { condition: 'casualty', value: -3, label: 'each casualty (figures)', line: 23, printed: 'Each casualty (in figures) ..-3%', each: true },
  { condition: 'brigadier-or-division-attached', value: 10, label: 'brigadier or division CO attached', line: 23, printed: 'Brigadier or Division CO attached +10%' },
  { condition: 'corps-attached', value: 20, label: 'corps commander attached', line: 23, printed: 'Corps Commander attached ..+20%' },
  { condition: 'artillery-cannot-reply', value: -10, label: 'under artillery fire and cannot reply', line: 23, printed: 'Under artillery fire and cannot reply .-10%' },
  { condition: 'own-disorder', value: -5, label: "each 'D'", line: 23, printed: "Each 'D' factor ..-5%", each: true },
  { condition: 'charged-by-higher-class', value: -10, label: 'charged by higher class troops', line: 23, printed: 'Charged by higher class troops ..-10%' },
  { condition: 'lost-melee', value: -15, label: 'loser of melee', line: 23, printed: 'Loser of Melee -15%' },
  { condition: 'brigade-or-division-co-killed', value: -15, label: 'brigade or divisional CO killed in influence range', line: 23, printed: 'Brigade or Divisional CO killed in influence range ...-15%' },
  { condition: 'corps-commander-killed', value: -20, label: 'corps commander killed', line: 23, printed: 'Corps commander killed -20%' },
  { condition: 'retiring', value: -10, label: 'unit retiring', line: 23, printed: 'Unit retiring -10%' },
  { condition: 'routing', value: -20, label: 'unit routing', line: 23, printed: 'Unit Routing ..-20%' },
  { condition: 'friend-routing', value: -10, label: 'each friend routing', line: 23, printed: 'Each friend routing -10%', each: true },
  { condition: 'square-vs-cavalry', value: 40, label: 'infantry in square versus cavalry', line: 23, printed: 'Infantry in square versus cavalry +40%' },
  { condition: 'not-square-vs-cavalry', value: -30, label: 'infantry not in square vs cavalry', line: 23, printed: 'Infantry NOT in square vs. Cavalry -30%' },
  { condition: 'officer-dead', value: -5, label: 'officer dead', line: 23, printed: 'Officer dead (optional) -5%', optional: true },
] as const satisfies readonly ModifierRow<MoraleCondition>[];
/** KUR L23: "(max. 3)" friendly units count. */
export const FRIENDS_COUNTED_MAX = 3;
/** KUR L23: friends count within this distance. */
export const FRIEND_RANGE_MM = 300;

/** KUR L26: charge test BPL. Grade A lost (DIGEST K-6). */
export const CHARGE_BPL: Record<TroopClass, BplEntry> = {
  A: { value: null, line: 26, printed: null },
  B: { value: 75, line: 26, printed: 'Grade B = 75%' },
  C: { value: 65, line: 26, printed: 'Grade C = 65%' },
  D: { value: 55, line: 26, printed: 'Grade D = 55%' },
};

/** The conditions on a charge test (L27). */
export type ChargeCondition =
  | 'normal-brigadier' | 'timid-brigadier' | 'aggressive-brigadier' | 'charging-inferior'
  | 'normal-senior' | 'timid-senior' | 'aggressive-senior' | 'standard-dead';
/** KUR L27: charge test modifiers. */
export const CHARGE_MODIFIERS = [
  { condition: 'normal-brigadier', value: 10, label: "'Normal' brigadier attached", line: 27, printed: "'Normal' Brigadier attached ..+10%" },
  { condition: 'timid-brigadier', value: -10, label: "'Timid' brigadier attached", line: 27, printed: "'Timid' Brigadier attached .-10%" },
  { condition: 'aggressive-brigadier', value: 20, label: "'Aggressive' brigadier attached", line: 27, printed: "'Aggressive' Brigadier attached .+20%" },
  { condition: 'charging-inferior', value: 10, label: 'charging inferior class troops', line: 27, printed: 'Charging inferior class troops ..+10%' },
  { condition: 'normal-senior', value: 20, label: "'Normal' div./corps commander attached", line: 27, printed: "'Normal' Div./Corps commander attached +20%" },
  { condition: 'timid-senior', value: -5, label: "'Timid' div./corps commander attached", line: 27, printed: "'Timid' Div./Corps commander attached .. -5%" },
  { condition: 'aggressive-senior', value: 25, label: "'Aggressive' div./corps commander attached", line: 27, printed: "'Aggressive' Div./Corps commander attached +25%" },
  { condition: 'standard-dead', value: -10, label: 'standard bearer dead', line: 27, printed: 'Standard Bearer dead (optional) .-10%', optional: true },
] as const satisfies readonly ModifierRow<ChargeCondition>[];

/** KUR L27: Charge Home BPL — all four grades printed. */
export const CHARGE_HOME_BPL: Record<TroopClass, BplEntry> = {
  A: { value: 90, line: 27, printed: 'A = 90%' },
  B: { value: 75, line: 27, printed: 'B= 75%' },
  C: { value: 60, line: 27, printed: 'C=60%' },
  D: { value: 55, line: 27, printed: 'D=55%' },
};

/** The conditions on a charge home test (L28). */
export type ChargeHomeCondition =
  | 'uphill' | 'brigadier-attached' | 'senior-attached' | 'enemy-disorder' | 'casualty-this-move'
  | 'over-obstacle' | 'building-or-fieldwork' | 'own-disorder' | 'cavalry-vs-steady-infantry' | 'officer-dead' | 'standard-dead';
/** KUR L28: charge home modifiers. */
export const CHARGE_HOME_MODIFIERS = [
  { condition: 'uphill', value: -5, label: 'charging uphill', line: 28, printed: 'Charging uphill .-5%' },
  { condition: 'brigadier-attached', value: 10, label: 'brigadier attached', line: 28, printed: 'Brigadier attached +10%' },
  { condition: 'senior-attached', value: 20, label: 'div./corps commander attached', line: 28, printed: 'Div./Corps commander attached ..+20%' },
  { condition: 'enemy-disorder', value: 5, label: "each enemy 'D'", line: 28, printed: "Each enemy 'D' factor +5%", each: true },
  { condition: 'casualty-this-move', value: -5, label: 'each casualty this move', line: 28, printed: 'Each casualty this move ..-5%', each: true },
  { condition: 'over-obstacle', value: -10, label: 'charging over obstacle', line: 28, printed: 'Charging over obstacle -10%' },
  { condition: 'building-or-fieldwork', value: -20, label: 'charging building or fieldwork', line: 28, printed: 'Charging building or fieldwork .-20%' },
  { condition: 'own-disorder', value: -5, label: "each own 'D'", line: 28, printed: "Each 'D' factor -5%", each: true },
  { condition: 'cavalry-vs-steady-infantry', value: -50, label: 'cavalry charging steady infantry', line: 28, printed: 'Cavalry charging steady infantry .-50% (i.e. passed morale)' },
  { condition: 'officer-dead', value: -5, label: 'officer dead', line: 28, printed: 'Officer dead (optional) -5%', optional: true },
  { condition: 'standard-dead', value: -10, label: 'standard bearer dead', line: 28, printed: 'Standard Bearer dead (optional) ..-10%', optional: true },
] as const satisfies readonly ModifierRow<ChargeHomeCondition>[];

/** KUR L28: A, B or C class infantry failing charge home halt and volley, or retire 100 mm under a Timid CO. */
export const CHARGE_HOME_FAIL = {
  infantryABC: { result: 'halt-and-volley', line: 28, printed: 'A,B or C class infantry who fail will halt and fire a volley' },
  timidCo: { result: 'retire', mm: 100, line: 28, printed: 'unless CO is Timid, when they retire 100mm' },
} as const;
/** KUR L27: fire at chargers is always at short range if the firers' morale holds. */
export const DEFENSIVE_FIRE_BAND = { band: 'short', line: 27, printed: "Firing at chargers is always at Short Range if the firers' morale holds" } as const;
/** KUR L29 (optional): no officer, −5% to all morale tests. */
export const NO_OFFICER_MORALE = { value: -5, line: 29, printed: 'No officer: -5% to all morale' } as const;
/** KUR L24: the first two results of the (lost) D10 chart need rallying. */
export const RALLY_RESULTS = { count: 2, line: 24, printed: 'The first two results require rallying on the Morale Chart.' } as const;
