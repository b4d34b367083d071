/**
 * Generals (§XIII L990-1016), capturing guns (§XVI), after the battle (§XVIII L1124-1135) and
 * points (§XIX), as printed. Risk from fire or melee is on the QRS (qrs.ts `risk`).
 */

/** A general contacted while not with a friendly unit is hit on (L990). */
export const CONTACT_RISK = [
  { by: 'cavalry', hitOn: 5, line: 'L990' },
  { by: 'infantry', hitOn: 6, line: 'L990' },
] as const;

/** The effect of a hit on a general: a second D6 ("12 / 34 / 56", L998-1010 [OCR]). */
export const GENERAL_HIT_EFFECT = [
  { from: 1, to: 2, effect: 'incapacitated', removed: false, line: 'L998-1000' },
  { from: 3, to: 4, effect: 'badly-wounded', removed: true, line: 'L1004-1006' },
  { from: 5, to: 6, effect: 'killed', removed: true, line: 'L1010-1012' },
] as const;
export type GeneralHitEffect = (typeof GENERAL_HIT_EFFECT)[number]['effect'];

export const generalHitEffect = (d6: number): GeneralHitEffect => GENERAL_HIT_EFFECT.find((r) => d6 >= r.from && d6 <= r.to)!.effect;

/** Overrun guns (§XVI): spiked on 5-6, carried off by prolong on 6. */
export const CAPTURED_GUNS = { spikeOn: 5, prolongOn: 6, line: 'L1059-1061' } as const;

/**
 * What becomes of guns at the instant they are overrun (L1057-1061): carried off by prolong on a
 * 6, spiked on a 5 (a 6 also allows spiking; the overrunning unit takes them, ANRT-G1), else left
 * on the field, to be spiked by a unit standing a move with them (L1065) or reoccupied (L406).
 */
export type OverrunGuns = 'carried-off' | 'spiked' | 'left';
export function overrunGuns(d6: number): OverrunGuns {
  if (d6 >= CAPTURED_GUNS.prolongOn) return 'carried-off';
  return d6 >= CAPTURED_GUNS.spikeOn ? 'spiked' : 'left';
}

/** After the battle (§XVIII): 3 hits an hour per resting division; a destroyed unit shrinks two sizes (last hit in contact) or one. */
export const AFTER_BATTLE = { regroupHitsPerHour: 3, shrinkInContact: 2, shrinkOtherwise: 1, line: 'L1124-1131' } as const;

/** Points values (§XIX L1136-1257): per hit, and extras. */
export const POINTS = {
  infantry: { perHit: 1, smallRegimentalArtillery: 2, verySmallRegimentalArtillery: 1, trainedLight: 1 },
  cavalry: { perHit: 1.5, heavy: 2, lancers: 1, trainedLight: 1, armoured: 1 },
  footArtillery: { perHit: 2, light3to4lber: -2, heavy12lber: 2 },
  horseArtillery: { perHit: 3, light3to4lber: -3 },
  adc: 4,
  brigadeCommander: 8,
  divisionCommander: 15,
  divisionCommanderAlsoBrigade: -5,
  corpsCommander: 20,
  line: 'L1142-1256',
} as const;
