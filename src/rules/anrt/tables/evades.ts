/**
 * Charge responses with dice the text prints (§X L570-620, §VII L406) and the march column
 * meleed (§XI L868-887).
 */

/** Evade distances: dice and a bonus in inches (L574-613). */
export const EVADES = [
  { evader: 'limbered-foot-artillery', must: true, dice: 1, bonus: 0, line: 'L574' },
  { evader: 'limbered-horse-artillery', must: true, dice: 2, bonus: 0, line: 'L577' },
  { evader: 'skirmish-infantry', must: false, dice: 1, bonus: 2, line: 'L604' },
  { evader: 'skirmish-cavalry', must: false, dice: 2, bonus: 4, line: 'L613' },
] as const;
export type Evader = (typeof EVADES)[number]['evader'];

/** "Skirmishers or evading gunners who do not out-distance chargers take one hit and are routed" (L620). */
export const CAUGHT_EVADERS = { hits: 1, routed: true, line: 'L620' } as const;

/** Gunners' evade (L406): the D6 needed by distance to sanctuary, −1 if the chargers started within half their move. */
export const GUNNERS_EVADE = [
  { withinInches: 1, needs: 3, line: 'L406' },
  { withinInches: 2, needs: 5, line: 'L406' },
] as const;
export const GUNNERS_EVADE_CLOSE_CHARGER = { delta: -1, line: 'L406' } as const;

/** Whether gunners reach sanctuary (L406); beyond 2" they cannot (A-9). */
export function gunnersSafe(d6: number, inchesToSanctuary: number, chargersStartedClose: boolean): boolean {
  const band = GUNNERS_EVADE.find((b) => inchesToSanctuary <= b.withinInches);
  if (!band) return false;
  return d6 + (chargersStartedClose ? GUNNERS_EVADE_CLOSE_CHARGER.delta : 0) >= band.needs;
}

/** A march column meleed: no melee table (L868); the result by who meleed it and what it is (L873-887). */
export const MARCH_COLUMN_MELEED = [
  { by: 'formed-cavalry', column: 'infantry', result: { destroyed: true, hits: 0, routs: false }, line: 'L873' },
  { by: 'formed-cavalry', column: 'foot-artillery', result: { destroyed: true, hits: 0, routs: false }, line: 'L873' },
  { by: 'formed-cavalry', column: 'cavalry', result: { destroyed: false, hits: 2, routs: true }, line: 'L876' },
  { by: 'formed-cavalry', column: 'horse-artillery', result: { destroyed: false, hits: 2, routs: true }, line: 'L876' },
  { by: 'skirmishers', column: 'foot-artillery', result: { destroyed: true, hits: 0, routs: false }, line: 'L881' },
  { by: 'skirmishers', column: 'infantry', result: { destroyed: false, hits: 2, routs: true }, line: 'L884' },
  { by: 'skirmishers', column: 'cavalry', result: { destroyed: false, hits: 1, routs: true }, line: 'L887' },
  { by: 'skirmishers', column: 'horse-artillery', result: { destroyed: false, hits: 1, routs: true }, line: 'L887' },
] as const;
