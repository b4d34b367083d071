import { err, ok, type Result } from '../../../lib/result';
import type { Dice } from '../../../dice/dice';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { pointToBaseDistance } from '../../geometry/base';
import { attackAspect } from '../../battalion/formations';
import { bearing } from '../../geometry/vector';
import { positionOf } from '../ground';
import { canister, roundShot } from '../procedures/artillery';
import { buildingFire } from '../procedures/buildings';
import { commandFigureKill } from '../procedures/command-control';
import { firingFigures, volley } from '../procedures/volley';
import { buildingBurns } from '../tables/fire';
import { ORGANISATION } from '../tables/organisation';
import { envelopeOf, figuresOf, isDisrupted, isLive, logAdd, phasingSide, standBases, standingOf, type BpState, type BpUnit } from '../state';
import { applyLosses, problem, retreatFrom, rout } from './common';
import { canisterStands, fireTargetOption, isIsolated, roundShotStands, unitOfStand, type FireKind } from './fire-zones';

/**
 * Fire (L71-103, L131, L181-183): the phasing player's fire at once, with its consequences —
 * casualties, a command figure's risk (L202), a recovering target's new retreat (L171), and the
 * target's return fire from its owner's standing reaction (L131), rolled after the phasing
 * fire's casualties (HR B-15).
 *
 * Rulings:
 *  BP-X1 A command figure is at risk when it stands within 1" of a stand that is hit (L202: "killed
 *        by fire or direct assault"); one roll per fire (HR B-14).
 *  BP-X2 Return fire (L131) is automatic when the owner's standing reaction says fire (the
 *        default) and the firer is a legal target for it; holding keeps the fire for a charge (L111).
 *  BP-X3 Artillery hits on a building's defending stand count as hits on the building (L93): at
 *        four it burns and its occupant evacuates (routs out).
 */

/** A command figure standing with a unit (BP-X1). */
function commanderWith(s: BpState, u: BpUnit): string | null {
  for (const c of Object.values(s.commanders)) {
    if (c.alive && c.side === u.side && standBases(u).some((b) => pointToBaseDistance(c.at, b) <= 1)) return c.id;
  }
  return null;
}

/**
 * BP-21 (`casualties.artilleryHits: stands-hit`): the figures each stand of `u` loses to the
 * stands the shot touched (named `unit#n`, n counting its stands in order, L93, L99), or null to
 * take the hits in the BP-3 order (the setting, or a square, whose faces are laid out apart from
 * the stands' order).
 */
export function hitsByStand(s: BpState, u: BpUnit, stands: readonly { readonly stand: string; readonly hits: number }[]): number[] | null {
  if (s.settings.casualties.artilleryHits !== 'stands-hit' || u.formation === 'square') return null;
  const per = u.stands.map(() => 0);
  for (const h of stands) {
    if (unitOfStand(h.stand) !== u.id) continue;
    const i = Number(h.stand.slice(h.stand.lastIndexOf('#') + 1)) - 1;
    if (i >= 0 && i < per.length) per[i]! += h.hits;
  }
  return per;
}

/** One shot of one unit at one target, with its losses (no return fire). */
export function shoot(s: BpState, firer: BpUnit, target: BpUnit, kind: FireKind, dice: Dice, returnFire: boolean): { s: BpState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let next = s;
  const lose = (id: string, n: number, rule: string, cause: string) => { const r = applyLosses(next, id, n, rule, cause); next = r.s; events.push(...r.events); };
  const pos = positionOf(s, target, firer).position;
  if (kind === 'volley' || kind === 'skirmish') {
    const figures = firingFigures('infantry', firer.formation, firer.stands, s.settings);
    if (figures < 1) return { s, events };
    const v = volley({ firer: firer.id, target: target.id, figures, skirmish: kind === 'skirmish', targetPosition: pos, disrupted: isDisrupted(firer), green: firer.green, returnFire }, s.settings, dice);
    events.push(...v.events);
    lose(target.id, v.result.hits, kind === 'skirmish' ? 'B&P L91' : 'B&P L77', kind === 'skirmish' ? `skirmish fire by ${firer.id}` : `volley by ${firer.id}`);
  } else if (kind === 'building') {
    // One stand fires at or from a building (L179-183); casualties on the firing stand count against it.
    const stand = firer.stands[0]!;
    const full = ORGANISATION[firer.arm].figuresPerStand;
    const b = buildingFire({ firer: firer.id, role: firer.building ? 'defender' : 'attacker', firerCasualties: Math.max(0, full - stand), target: target.id, disrupted: isDisrupted(firer), green: firer.green }, s.settings, dice);
    events.push(...b.events);
    if (b.result.hit) lose(target.id, 1, firer.building ? 'B&P L181' : 'B&P L183', `fire ${firer.building ? 'from' : 'into'} a building by ${firer.id}`);
  } else {
    const targets = kind === 'canister' ? canisterStands(s, firer) : roundShotStands(s, firer, envelopeOf(target).pose.at);
    const input = { battery: firer.id, crew: firer.stands[0]!, targets };
    const r = kind === 'canister' ? canister(input, s.settings, dice) : roundShot(input, s.settings, dice);
    events.push(...r.events);
    const byUnit = new Map<string, number>();
    for (const h of r.result.stands) { const id = unitOfStand(h.stand); byUnit.set(id, (byUnit.get(id) ?? 0) + h.hits); }
    for (const [id, hits] of [...byUnit].sort()) {
      const before = next.units[id]!;
      const rule = kind === 'canister' ? 'B&P L99' : 'B&P L93';
      const cause = `${kind === 'canister' ? 'canister' : 'round shot'} by ${firer.id}`;
      const per = hitsByStand(s, before, r.result.stands);
      if (per) { const l = applyLosses(next, id, hits, rule, cause, per); next = l.s; events.push(...l.events); }
      else lose(id, hits, rule, cause);
      if (before.building && hits > 0) {
        const bd = next.buildings[before.building]!;
        const hitsOn = bd.hits + hits;
        next = { ...next, buildings: { ...next.buildings, [bd.id]: { ...bd, hits: hitsOn, burning: bd.burning || buildingBurns(hitsOn) } } };
        if (!bd.burning && buildingBurns(hitsOn) && isLive(next.units[id]!)) {
          events.push({ kind: 'note', rule: 'B&P L93', text: `${bd.name} burns after ${hitsOn} artillery hits; ${id} must evacuate.` });
          const ro = rout(next, id, `${bd.name} is burning (L93)`);
          next = ro.s; events.push(...ro.events);
        }
      }
    }
  }
  // L202: a command figure with the target may be killed (BP-X1).
  const c = commanderWith(s, target);
  if (c && kind !== 'building') {
    const k = commandFigureKill({ commander: c, by: firer.id }, s.settings, dice);
    events.push(...k.events);
    if (k.result.killed) {
      next = { ...next, commanders: { ...next.commanders, [c]: { ...next.commanders[c]!, alive: false } } };
      events.push({ kind: 'general', rule: 'B&P L202', general: c, what: 'killed', detail: `by fire from ${firer.id}` });
    }
  }
  // L171: fired upon before it is combat effective, a recovering unit retreats and starts again.
  const t = next.units[target.id]!;
  if (isLive(t) && t.stage !== 'effective') {
    const ro = retreatFrom(next, t.id, firer.pose.at, 'fired upon before it was combat effective (L171)');
    next = ro.s; events.push(...ro.events);
  }
  return { s: next, events };
}

/** The fire action of the phasing player, with the target's return fire. */
export function fireAction(s: BpState, id: string, targetId: string, dice: Dice): Result<Step<BpState>> {
  const u = s.units[id];
  const t = s.units[targetId];
  if (!u || !isLive(u)) return err(problem('action/unknown-unit', `No unit ${id} on the table.`));
  if (!t || !isLive(t)) return err(problem('action/unknown-unit', `No enemy unit ${targetId} on the table.`));
  if (u.side !== phasingSide(s)) return err(problem('fire/not-now', `${u.name} fires in its own side's move period; in the enemy's it returns fire by its standing reaction (L131).`));
  const option = fireTargetOption(s, u, targetId);
  if (!option || !option.legal || !option.kind) return err(problem('fire/illegal', `${u.name} may not fire at ${t.name}: ${option?.reason ?? 'not an enemy'}.`));
  const events: GameEvent[] = [{ kind: 'engagement', rule: 'B&P L71', id: `fire:${s.periodsDone}:${id}`, sides: [{ side: u.side, units: [u.id], dice: 1, modifiers: [] }, { side: t.side, units: [t.id], dice: 0, modifiers: [] }], bombardment: true, pools: false, at: envelopeOf(t).pose.at }];
  let next = logAdd(s, 'fired', u.id);
  // L32: fired upon from the flank or rear, a battery may not pivot (recorded for the target).
  if (attackAspect({ formation: t.formation, facing: t.pose.facing }, bearing(u.pose.at, t.pose.at)).aspect !== 'front') next = logAdd(next, 'firedFromFlank', t.id);
  const shot = shoot(next, u, t, option.kind, dice, false);
  next = shot.s; events.push(...shot.events);
  const rf = returnFire(next, t.id, u.id, dice);
  return ok({ state: rf.s, events: [...events, ...rf.events] });
}

/** The target's return fire at the firer (L131, HR B-15), if its standing reaction and the rules allow. */
export function returnFire(s: BpState, targetId: string, firerId: string, dice: Dice): { s: BpState; events: GameEvent[] } {
  const t = s.units[targetId]!;
  const f = s.units[firerId]!;
  if (!isLive(t) || !isLive(f) || figuresOf(t) === 0) return { s, events: [] };
  if (t.arm === 'cavalry' || s.log.returnFired.includes(t.id)) return { s, events: [] };
  if (standingOf(s, t.id).returnFire === 'hold') return { s, events: [] };
  const option = fireTargetOption(s, t, f.id, true);
  if (!option?.legal || !option.kind) return { s, events: [] };
  let next = logAdd(logAdd(s, 'fired', t.id), 'returnFired', t.id);
  const shot = shoot(next, t, f, option.kind, dice, true);
  next = shot.s;
  return { s: next, events: [{ kind: 'note', rule: 'B&P L131', text: `${t.id} returns fire at ${f.id}.` }, ...shot.events] };
}

/** The unit would fire closing fire at a charger if it may (L111): used by the charge. */
export function closingFire(s: BpState, defenderId: string, chargerId: string, dice: Dice): { s: BpState; events: GameEvent[]; fired: boolean } {
  const d = s.units[defenderId]!;
  const c = s.units[chargerId]!;
  if (d.arm === 'cavalry' || !isLive(d) || d.stage !== 'effective' || s.log.fired.includes(d.id)) return { s, events: [], fired: false };
  if (d.arm === 'artillery' && (d.stands[0]! < 3 || s.gunsMoved.includes(d.id))) return { s, events: [], fired: false };
  // The charger is coming at it from the front: infantry volleys (one face of a square, L175); a gun fires canister at it.
  // An isolated battalion fires back as skirmishers (L65).
  const kind: FireKind = d.arm === 'artillery' ? 'canister' : d.building ? 'building' : d.formation === 'skirmish' || isIsolated(d) ? 'skirmish' : 'volley';
  let next = logAdd(s, 'fired', d.id);
  const events: GameEvent[] = [{ kind: 'note', rule: 'B&P L111', text: `${d.id} holds and fires at the charging ${c.id}.` }];
  if (kind === 'canister') {
    const input = { battery: d.id, crew: d.stands[0]!, targets: c.stands.map((f, i) => ({ stand: `${c.id}#${i + 1}`, figures: f, position: positionOf(s, c, d).position })) };
    const r = canister(input, s.settings, dice);
    events.push(...r.events);
    const lost = applyLosses(next, c.id, r.result.totalHits, 'B&P L99', `canister by ${d.id}`, hitsByStand(next, c, r.result.stands) ?? undefined);
    next = lost.s; events.push(...lost.events);
  } else {
    const shot = shoot(next, d, c, kind, dice, false);
    next = shot.s; events.push(...shot.events);
  }
  return { s: next, events, fired: true };
}

