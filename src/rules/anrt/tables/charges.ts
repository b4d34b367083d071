/**
 * Charge responses (§X L565-640) and opportunity charges (§VII L424-430), as printed. Each
 * response says whether it needs a morale test first (the test itself is on the QRS).
 */

/** Who is charged, as §X's headings group them. */
export const CHARGED = ['infantry-by-infantry', 'artillery-limbered-foot', 'artillery-limbered-horse', 'artillery-unlimbered', 'cavalry-by-cavalry', 'infantry-by-cavalry', 'skirmish-infantry', 'skirmish-cavalry'] as const;
export type Charged = (typeof CHARGED)[number];

/** Responses the text names. */
export type ChargeResponse = 'fire-and-fight' | 'evade' | 'gunners-evade' | 'volley-and-countercharge' | 'countercharge' | 'emergency-square' | 'melee';

/** One response open to a charged unit: whether it must, may, or needs a morale test, and when. */
export interface ResponseRow {
  readonly charged: Charged;
  readonly response: ChargeResponse;
  readonly moraleTest: boolean;
  /** 'must': the only response; 'if': forced when `when` holds; 'may': chosen; 'otherwise': what it does when nothing else is chosen. */
  readonly kind: 'must' | 'if' | 'may' | 'otherwise';
  /** The condition the line gives, if any. */
  readonly when?: string;
  readonly line: string;
}

export const CHARGE_RESPONSES: readonly ResponseRow[] = [
  { charged: 'infantry-by-infantry', response: 'fire-and-fight', moraleTest: true, kind: 'if', when: 'line charged by column', line: 'L567' },
  { charged: 'infantry-by-infantry', response: 'fire-and-fight', moraleTest: false, kind: 'otherwise', line: 'L569' },
  { charged: 'artillery-limbered-foot', response: 'evade', moraleTest: false, kind: 'must', when: 'D6"', line: 'L574' },
  { charged: 'artillery-limbered-horse', response: 'evade', moraleTest: false, kind: 'must', when: '2D6"', line: 'L577' },
  { charged: 'artillery-unlimbered', response: 'fire-and-fight', moraleTest: false, kind: 'otherwise', line: 'L580' },
  { charged: 'artillery-unlimbered', response: 'gunners-evade', moraleTest: false, kind: 'may', when: 'elite or veteran', line: 'L583' },
  { charged: 'cavalry-by-cavalry', response: 'volley-and-countercharge', moraleTest: true, kind: 'may', when: 'countercharge 1"', line: 'L588' },
  { charged: 'cavalry-by-cavalry', response: 'countercharge', moraleTest: false, kind: 'otherwise', when: '2" or half the distance to the enemy', line: 'L590' },
  { charged: 'infantry-by-cavalry', response: 'emergency-square', moraleTest: true, kind: 'may', line: 'L595' },
  { charged: 'infantry-by-cavalry', response: 'fire-and-fight', moraleTest: true, kind: 'may', when: 'in line or reinforced line', line: 'L597' },
  { charged: 'infantry-by-cavalry', response: 'fire-and-fight', moraleTest: false, kind: 'otherwise', line: 'L599' },
  { charged: 'skirmish-infantry', response: 'evade', moraleTest: false, kind: 'may', when: 'D6 + 2"', line: 'L604' },
  { charged: 'skirmish-infantry', response: 'fire-and-fight', moraleTest: false, kind: 'may', when: 'meleed by skirmishers, or in cover', line: 'L606' },
  { charged: 'skirmish-infantry', response: 'fire-and-fight', moraleTest: true, kind: 'may', when: 'formed troops in the open', line: 'L608' },
  { charged: 'skirmish-cavalry', response: 'evade', moraleTest: false, kind: 'may', when: '2D6 + 4"', line: 'L613' },
  { charged: 'skirmish-cavalry', response: 'melee', moraleTest: false, kind: 'may', when: 'with skirmishers, or in cover, without countercharge', line: 'L615' },
  { charged: 'skirmish-cavalry', response: 'melee', moraleTest: true, kind: 'may', when: 'formed troops in the open, without countercharge', line: 'L617' },
];

/** The responses open to a charged unit (§X). */
export const responsesOf = (charged: Charged): readonly ResponseRow[] => CHARGE_RESPONSES.filter((r) => r.charged === charged);

/** Units already disordered when charged by close-order enemy (L624-640): no choice. */
export const DISORDERED_CHARGED = [
  { unit: 'skirmishers', result: 'evade', line: 'L628' },
  { unit: 'close-order-infantry-not-in-square-masse-or-hard-cover', result: 'rout', line: 'L632' },
  { unit: 'close-order-cavalry-charged-by-infantry-from-front', result: 'rally-back', line: 'L636' },
  { unit: 'close-order-cavalry-charged-by-infantry-from-flank-or-rear-or-by-cavalry', result: 'rout', line: 'L640' },
] as const;

/** Who may opportunity charge what, within a normal move directly in front (L426-428). */
export const OPPORTUNITY_CHARGES = [
  { arm: 'cavalry', trigger: 'moves or changes formation', line: 'L426' },
  { arm: 'infantry', trigger: 'presents a flank or rear (not retrogrades)', line: 'L428' },
] as const;

/** Whether a unit of `arm` may opportunity charge an enemy that did `what` directly in front, within its normal move (L426-428). */
export function mayOpportunityCharge(arm: 'cavalry' | 'infantry', what: { moved: boolean; changedFormation: boolean; presentedFlankOrRear: boolean; retrograde: boolean }, directlyInFront: boolean, withinNormalMove: boolean): boolean {
  if (!directlyInFront || !withinNormalMove) return false;
  return arm === 'cavalry' ? what.moved || what.changedFormation : what.presentedFlankOrRear && !what.retrograde;
}
