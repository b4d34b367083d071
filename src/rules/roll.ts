import type { Modifier } from '../dice/entry';
import type { Dice, RolledDice } from '../dice/dice';
import type { RollEvent } from './events';

/** All faces a roll showed (kept and dropped), in roll order. */
export function facesOf(r: RolledDice): number[] {
  return r.result.terms.flatMap((t) => (t.kind === 'dice' ? t.dice.map((d) => d.face) : []));
}

export interface RuleRoll {
  /** The section the roll applies ("DRAM §3"). */
  readonly rule: string;
  /** What it decides ("exhaustion test"). */
  readonly purpose: string;
  /** Whose roll it is (a stand, a general, a corps). */
  readonly subject: string;
  readonly modifiers?: readonly Modifier[];
}

/**
 * Roll for the rules and describe the roll as an event. `row` names the table row the total
 * hit, once the caller has read the table.
 */
export function ruleRoll(dice: Dice, expression: string, r: RuleRoll): { rolled: RolledDice; event: (row?: string) => RollEvent } {
  const rolled = dice.roll(expression, { purpose: `${r.rule} ${r.purpose}: ${r.subject}`, ...(r.modifiers ? { modifiers: r.modifiers } : {}) });
  return {
    rolled,
    event: (row) => ({
      kind: 'roll', rule: r.rule, purpose: r.purpose, subject: r.subject, expression,
      faces: facesOf(rolled), modifiers: rolled.modifiers, total: rolled.total,
      ...(row ? { tableRow: row } : {}), ...(rolled.ref ? { ref: rolled.ref } : {}),
    }),
  };
}
