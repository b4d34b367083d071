/**
 * The charge as the battalion-level rules agree on it (B&P L105-135, and the same skeleton in
 * Kuryakin's solo rules and A Near Run Thing): declare → the defender's test and response
 * (stand, evade, form square) → the defender's closing fire → the charger's test if fired upon
 * → contact → melee → the loser routs or retreats. The ruleset supplies every decision and
 * every roll as hooks; this module only walks the stages in order and says where it stopped.
 * `S` is whatever the ruleset threads through (its game state and events).
 */
import type { Result } from '../../lib/result';
import { err, ok, type Problem } from '../../lib/result';

/** The stages a charge goes through, in order. */
export const CHARGE_STAGES = ['declare', 'defender-test', 'response', 'closing-fire', 'charger-test', 'contact', 'melee', 'outcome'] as const;
/** One stage of a charge. */
export type ChargeStage = (typeof CHARGE_STAGES)[number];

/** What the defender does when charged. */
export const CHARGE_RESPONSES = ['stand', 'evade', 'square'] as const;
/** The defender's response. */
export type ChargeResponse = (typeof CHARGE_RESPONSES)[number];

/** How a charge ended. */
export type ChargeEnd =
  | 'defender-broke' // failed its test before contact (B&P L109)
  | 'defender-evaded'
  | 'charger-broke' // failed its test under closing fire (B&P L125)
  | 'no-contact'
  | 'attacker-won'
  | 'defender-won';

/** Which side of the charge. */
export type ChargeParty = 'attacker' | 'defender';

/** The ruleset's part of a charge. Every hook returns the threaded value with what it decided. */
export interface ChargeHooks<S> {
  /** Legality; an error refuses the charge before any die is rolled. */
  declare(s: S): Result<S, Problem>;
  /** The defender's test on being charged (B&P L109); absent when the rules have none. */
  defenderTest?(s: S): { readonly s: S; readonly holds: boolean };
  /** The defender's response once it holds. */
  response(s: S): { readonly s: S; readonly response: ChargeResponse };
  /** Evasion, when the response is 'evade'. */
  evade?(s: S): S;
  /** Closing fire at the charger; `fired` says whether the charger was fired upon. */
  closingFire(s: S): { readonly s: S; readonly fired: boolean };
  /**
   * The charger's test. Called when it was fired upon, or always when `chargerTestsAlways`.
   * (B&P L125, L135: only if fired upon.)
   */
  chargerTest?(s: S, firedUpon: boolean): { readonly s: S; readonly holds: boolean };
  /** Whether the charger reaches the defender (it may have been destroyed or stopped). */
  contact(s: S): { readonly s: S; readonly made: boolean };
  melee(s: S): { readonly s: S; readonly winner: ChargeParty };
  /** A party that broke or lost: the ruleset routs, retreats or removes it. */
  rout(s: S, who: ChargeParty, end: ChargeEnd): S;
}

/** Options of the walk. */
export interface ChargeOptions {
  /** Test the charger even when nobody fired at it. */
  readonly chargerTestsAlways?: boolean;
}

/** Where the charge ended, the stages it went through, and the threaded value. */
export interface ChargeResult<S> {
  readonly s: S;
  readonly end: ChargeEnd;
  readonly stages: readonly ChargeStage[];
  readonly response: ChargeResponse | null;
  readonly firedUpon: boolean;
}

/** Walks one charge through its stages. */
export function runCharge<S>(start: S, hooks: ChargeHooks<S>, opts: ChargeOptions = {}): Result<ChargeResult<S>, Problem> {
  const declared = hooks.declare(start);
  if (!declared.ok) return err(declared.error);
  let s = declared.value;
  const stages: ChargeStage[] = ['declare'];
  const done = (end: ChargeEnd, response: ChargeResponse | null, firedUpon: boolean): Result<ChargeResult<S>, Problem> =>
    ok({ s, end, stages: [...stages, 'outcome'], response, firedUpon });

  if (hooks.defenderTest) {
    stages.push('defender-test');
    const t = hooks.defenderTest(s);
    s = t.s;
    if (!t.holds) {
      s = hooks.rout(s, 'defender', 'defender-broke');
      return done('defender-broke', null, false);
    }
  }
  stages.push('response');
  const r = hooks.response(s);
  s = r.s;
  if (r.response === 'evade') {
    s = hooks.evade ? hooks.evade(s) : s;
    return done('defender-evaded', 'evade', false);
  }
  stages.push('closing-fire');
  const fire = hooks.closingFire(s);
  s = fire.s;
  if (hooks.chargerTest && (fire.fired || opts.chargerTestsAlways)) {
    stages.push('charger-test');
    const t = hooks.chargerTest(s, fire.fired);
    s = t.s;
    if (!t.holds) {
      s = hooks.rout(s, 'attacker', 'charger-broke');
      return done('charger-broke', r.response, fire.fired);
    }
  }
  stages.push('contact');
  const c = hooks.contact(s);
  s = c.s;
  if (!c.made) return done('no-contact', r.response, fire.fired);
  stages.push('melee');
  const m = hooks.melee(s);
  s = m.s;
  const loser: ChargeParty = m.winner === 'attacker' ? 'defender' : 'attacker';
  const end: ChargeEnd = m.winner === 'attacker' ? 'attacker-won' : 'defender-won';
  s = hooks.rout(s, loser, end);
  return done(end, r.response, fire.fired);
}
