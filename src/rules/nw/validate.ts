import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Accepted, SeatId } from '../contract';
import type { NwOrder } from './orders';
import { aimBattery, batteryTargets } from './phases/artillery';
import { findContacts } from './phases/combat';
import { reactionCandidates } from './phases/reaction';
import { defaultSkirmishPlan, irregularsAmong, skirmishAssignments } from './phases/skirmish';
import { nameOf, problem } from './phases/target-units';
import type { NwState } from './state';
import { fireOptions } from './turn';
import { checkSkirmishPlan } from './targets';

/**
 * Check one posted NW order against the state (the contract's `validate`). `pending` are the
 * seat's other orders this window: a skirmish plan is checked whole (§7.5's "as many targets as
 * possible" is a rule about the plan, not one unit). Refusals name the rule and the legal options.
 */
export function validateNwOrder(s: NwState, seat: SeatId, o: NwOrder, pending: readonly NwOrder[]): Result<Accepted<NwOrder>, Problem> {
  const side = s.seats.find((x) => x.id === seat)?.side;
  if (!side) return err(problem('order/not-yours', 'You have no seat in this game.'));
  const mine = (id: string) => s.units[id]?.side === side || s.batteries[id]?.side === side;
  const phaseName = s.phase === 'skirmish' ? 'fire' : s.phase;
  const wrongWindow = (what: string, where: string) => err(problem('order/wrong-window', `${what} is posted in the ${where} window; the game is in the ${phaseName} window.`, 'See /game status for the window that is open.'));

  switch (o.kind) {
    case 'first': {
      if (s.phase !== 'skirmish' || s.playerTurn !== 1 || !s.initiative) return wrongWindow('Who moves first', "first player-turn's fire");
      if (s.initiative.winner !== side) return err(problem('order/not-yours', `${sideName(s, s.initiative.winner)} won the initiative: only they choose who moves first (NW §6.0 L71).`));
      if (!s.sides.some((x) => x.id === o.side)) return err(problem('order/unknown-side', `"${o.side}" is not a side of this game.`, `Choose ${s.sides.map((x) => x.id).join(' or ')}.`));
      return ok({ order: o, preview: [`${sideName(s, o.side)} will move first this turn.`] });
    }
    case 'skirmish': {
      if (s.phase !== 'skirmish') return wrongWindow('A skirmish target', 'fire');
      if (!s.units[o.unit]) return err(problem('order/unknown-unit', `There is no brigade "${o.unit}".`));
      if (!mine(o.unit)) return err(problem('order/not-yours', `${nameOf(s, o.unit)} is not one of your brigades.`));
      // §7.9 L154: naming irregular cavalry in the plan is the owner's choice that it skirmishes.
      const named = [...pending, o].flatMap((x) => (x.kind === 'skirmish' && mine(x.unit) ? [x.unit] : []));
      const a = skirmishAssignments(s, { ...fireOptions(s), irregularsSkirmishing: irregularsAmong(s, named) })[side]!;
      const c = a.candidates.find((x) => x.attacker === o.unit);
      const options = c && !c.barred ? c.candidates.map((x) => x.target) : [];
      if (options.length === 0) {
        const idle = a.idle.find((x) => x.attacker === o.unit);
        return err(problem('skirmish/cannot', `${nameOf(s, o.unit)} cannot skirmish this phase${idle ? ` (${idle.reason}, ${idle.ref})` : ''}.`));
      }
      if (!options.includes(o.target)) return err(problem('skirmish/not-a-target', `${nameOf(s, o.unit)} cannot skirmish ${nameOf(s, o.target)}: out of range or arc (NW §7.3).`, `Its targets: ${options.join(', ')}.`));
      const fixed = Object.fromEntries([...pending, o].flatMap((x) => (x.kind === 'skirmish' && mine(x.unit) ? [[x.unit, x.target]] : [])));
      const forced = Object.fromEntries(a.forced.map((f) => [f.attacker, f.target]));
      const bad = checkSkirmishPlan(a, defaultSkirmishPlan(a, { ...forced, ...fixed }));
      if (bad.length > 0) {
        const opts = a.choices.find((x) => x.attacker === o.unit)?.options ?? options;
        return err(problem('skirmish/invalid-plan', `With ${nameOf(s, o.unit)} on ${nameOf(s, o.target)} your plan breaks ${bad[0]!.ref}: skirmishers must spread over as many targets as they can.`, `Legal targets for it in some plan: ${opts.join(', ')}.`));
      }
      return ok({ order: o, preview: [`${nameOf(s, o.unit)} will skirmish ${nameOf(s, o.target)}.`] });
    }
    case 'fire': {
      if (s.phase !== 'skirmish') return wrongWindow('An artillery target', 'fire');
      const b = s.batteries[o.battery];
      if (!b || b.removed || !b.onTable) return err(problem('order/unknown-unit', `There is no battery "${o.battery}" in play.`));
      if (b.side !== side) return err(problem('order/not-yours', `${b.name} is not one of your batteries.`));
      const a = aimBattery(s, b, batteryTargets(s, fireOptions(s))[b.id]!, o.target);
      if (a.problem) return err(problem('artillery/invalid-fire', a.problem, 'Fire at a legal target or "hold" (NW §8.3 L174).'));
      return ok({ order: o, preview: [a.target ? `${b.name} will fire at ${nameOf(s, a.target)}.` : `${b.name} holds its fire.`], warnings: ['If skirmish fire removes the target first, the battery takes its default target.'] });
    }
    case 'advance':
    case 'primary': {
      if (s.phase !== 'maneuver' && s.phase !== 'reaction') return wrongWindow('A combat choice', 'maneuver or reaction');
      if (s.phasing !== side) return err(problem('order/not-phasing', 'Only the phasing player makes combat choices (NW §11).'));
      const unit = o.unit;
      if (!s.units[unit] || !mine(unit)) return err(problem('order/not-yours', `${unit} is not one of your brigades.`));
      if (o.kind === 'primary') {
        const foe = s.units[o.defender];
        if (!foe || foe.side === side || foe.removed || !foe.onTable) return err(problem('combat/unknown-defender', `"${o.defender}" is not an enemy brigade on the table.`, 'Name the enemy brigade your units are attacking.'));
        const k = findContacts(s).contacts.find((x) => x.defender === o.defender);
        // Issue 17: a lead named for a defender nobody touches would silently do nothing.
        if (!k) return err(problem('combat/not-in-contact', `${nameOf(s, o.defender)} is in no combat: none of your brigades is in contact with it.`, 'Move into contact first (/move … to "contact <enemy>"), then choose who leads.'));
        if (!k.attackers.includes(unit)) return err(problem('combat/invalid-primary', `${nameOf(s, unit)} is not attacking ${nameOf(s, o.defender)}.`, `Its attackers: ${k.attackers.join(', ')}.`));
        return ok({ order: o, preview: [`${nameOf(s, unit)} will lead against ${nameOf(s, o.defender)} if the s.p. tie (NW §11.0.1).`] });
      }
      return ok({ order: o, preview: [`${nameOf(s, unit)} will ${o.advance ? 'advance' : 'hold its ground'} if it wins its combat (NW §11.5).`] });
    }
    case 'react': {
      if (s.phase !== 'reaction') return wrongWindow('A cavalry reaction', 'reaction');
      if (!mine(o.unit)) return err(problem('order/not-yours', `${nameOf(s, o.unit)} is not one of your brigades.`));
      const c = reactionCandidates(s).find((x) => x.unit === o.unit);
      if (!c) return err(problem('reaction/not-eligible', `${nameOf(s, o.unit)} may not react: no enemy moved into its reaction zone or contacted it (NW §10.0 L347).`));
      if (!c.options.includes(o.choice)) return err(problem('reaction/option', `${nameOf(s, o.unit)} may not ${o.choice} (NW §10.2 L359-361).`, `Its options: ${c.options.join(', ')}.`));
      return ok({ order: o, preview: [o.choice === 'none' ? `${nameOf(s, o.unit)} will not attempt to react.` : `${nameOf(s, o.unit)} will roll to react (7+, NW §10.1 L355) and ${o.choice} ${nameOf(s, c.trigger)} if it succeeds.`] });
    }
    case 'retreat': {
      const w = s.log.retreatWay;
      if (!w) return wrongWindow('A retreat way', 'retreat (it opens only when a retreat from combat, artillery fire or final fire has two equally direct ways, RC-1)');
      if (!mine(o.unit)) return err(problem('order/not-yours', `${nameOf(s, o.unit)} is not one of your brigades.`));
      if (o.unit !== w.unit) return err(problem('retreat/not-waiting', `${nameOf(s, o.unit)} has no way back to choose now.`, `The brigade waiting is ${nameOf(s, w.unit)}: /choose retreat unit:${w.unit} way:left|right.`));
      return ok({ order: o, preview: [`${nameOf(s, o.unit)} will take the ${o.way === 'left' ? 'left (counter-clockwise)' : 'right (clockwise)'} way back round what blocks it (NW §11.4 L401; RC-1).`] });
    }
    case 'reroll': {
      const army = s.armies[side];
      if (!army?.cinc.isNapoleon || !army.cinc.startedOnMap) return err(problem('initiative/no-reroll', 'Only Napoleon, set up on the map and in command, has the initiative re-roll (NW §6.0 L77).'));
      if (army.napoleonRerollSpent) return err(problem('initiative/reroll-spent', "Napoleon's initiative re-roll was already used this game (NW §6.0 L77)."));
      return ok({ order: o, preview: [o.use ? 'Napoleon will re-roll the next initiative if he loses it (once per game).' : 'Napoleon keeps his re-roll for later.'] });
    }
  }
}

const sideName = (s: NwState, side: string): string => s.sides.find((x) => x.id === side)?.name ?? side;
