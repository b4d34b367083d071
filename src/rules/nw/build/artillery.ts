import { ATTACHED_BATTERY_SP } from '../tables/fatigue';

/**
 * Brigade and divisional artillery, Ch.II §2.5 L494-496: every battery attached to a brigade or
 * division adds s.p. — 1 for a light battery, 2 for a medium one — "distributed as equally as you
 * can among the brigades of that division". Example L496: three brigades and one 6 lb (medium)
 * battery (2 s.p.): "Two brigades will get an extra s.p. each while the third brigade gains nothing."
 * BD-3 (../README.md): the s.p. go one at a time to the brigade with the fewest extra s.p. so far,
 * ties to the one listed first; so the first-listed brigades get the odd s.p., as in the example.
 */
export type AttachedWeight = keyof typeof ATTACHED_BATTERY_SP;

/** s.p. the attached batteries bring (L494): light × 1 + medium × 2. */
export const attachedBatterySp = (weights: readonly AttachedWeight[]): number =>
  weights.reduce((s, w) => s + ATTACHED_BATTERY_SP[w], 0);

/** Spreads `sp` extra s.p. over `brigades` brigades as evenly as possible; `start` is what each already has. */
export function spreadSp(sp: number, brigades: number, start: readonly number[] = []): number[] {
  if (!Number.isSafeInteger(sp) || sp < 0) throw new RangeError(`NW build: cannot spread ${sp} s.p.`);
  if (brigades <= 0) throw new RangeError('NW build: attached artillery needs at least one brigade to share it (Ch.II §2.5 L494)');
  const extra = Array.from({ length: brigades }, (_, i) => start[i] ?? 0);
  for (let n = 0; n < sp; n++) {
    let best = 0;
    for (let i = 1; i < brigades; i++) if (extra[i]! < extra[best]!) best = i;
    extra[best]! += 1;
  }
  return extra.map((x, i) => x - (start[i] ?? 0));
}
