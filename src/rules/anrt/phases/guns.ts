import type { GameEvent } from '../../events';
import { distance } from '../../geometry/vector';
import { footprint } from '../footprint';
import { barredTerrain } from '../terrain';
import { isArtillery, isManned, liveUnits, withUnit, type AnrtState, type AnrtUnit } from '../state';
import { overrunGuns, CAPTURED_GUNS, type OverrunGuns } from '../tables/generals';
import type { Thrower } from './gm';

/**
 * Guns overrun, abandoned, captured and reoccupied (§XVI L1055-1065, §VII L406). A battery whose
 * guns are left on the field stays where the guns are, `abandoned`, its gunners with their
 * sanctuary or fled (routed); unmanned guns neither fire nor are targets until reoccupied.
 */

/** ANRT-G4: "in contact with the overrun guns" (L1065) and "no enemy in contact" for reoccupying (L406): centres within 1". */
export const GUNS_CONTACT_INCHES = 1;

/** A unit's reach as a disc of half its footprint's longer side (ANRT-G2: units have no bases, ANRT-C2). */
const radius = (u: AnrtUnit): number => { const f = footprint(u); return Math.max(f.width, f.depth) / 2; };

/**
 * The gunners' sanctuary (L406, ANRT-G2): the nearest formed friendly unit (not routed, not the
 * battery, not other abandoned guns), measured edge to edge, or terrain its chargers cannot enter
 * (`barredTerrain`: woods against formed cavalry, towns against a line). Null when there is none.
 */
export function sanctuaryOf(s: AnrtState, battery: AnrtUnit, charger?: AnrtUnit): { unit: AnrtUnit | null; name: string; inches: number } | null {
  const friends = liveUnits(s).filter((f) => f.side === battery.side && f.id !== battery.id && isManned(f) && !f.routed)
    .map((f) => ({ unit: f as AnrtUnit | null, name: f.id, inches: Math.max(0, distance(f.at, battery.at) - radius(f) - radius(battery)) }));
  const ground = charger ? barredTerrain(s, charger, battery).map((g) => ({ unit: null, name: g.area.name ?? g.area.id, inches: g.inches })) : [];
  return [...friends, ...ground].sort((a, b) => a.inches - b.inches || a.name.localeCompare(b.name))[0] ?? null;
}

/**
 * Guns overrun (L1057-1061): the D6 at the instant of overrunning. Carried off or spiked, the
 * battery's guns are lost and it leaves the game; otherwise they stand abandoned where they are.
 */
export function overrun(s0: AnrtState, batteryId: string, by: string, gunnersWith: string | null, th: Thrower, inTerrain?: string): { s: AnrtState; events: GameEvent[]; fate: OverrunGuns | null } {
  const b = s0.units[batteryId];
  if (!b || b.gone || !isArtillery(b)) return { s: s0, events: [], fate: null };
  const r = th.throw(1, `ANRT §XVI ${CAPTURED_GUNS.line}`, 'guns overrun', batteryId);
  const fate = overrunGuns(r.faces[0]!);
  const events: GameEvent[] = [{ ...r.event, tableRow: fate === 'left' ? 'left on the field (5: spiked, 6: carried off)' : fate }];
  if (fate !== 'left') {
    events.push({ kind: 'removed', rule: `ANRT §XVI ${CAPTURED_GUNS.line}`, unit: batteryId, at: b.at, reason: fate === 'spiked' ? `guns spiked by ${by}` : `guns carried off by prolong by ${by}` });
    // L1061 on a 6: the overrunning unit holds the guns and may move them by prolong (phases/prolong.ts, ANRT-G7).
    const holder = s0.units[by];
    const taken = fate === 'carried-off' && holder ? { taken: { by, turn: s0.turn, from: holder.at } } : {};
    return { s: withUnit(s0, { ...b, gone: true, lastHit: 'contact', ...taken }), events, fate };
  }
  events.push({ kind: 'status', rule: 'ANRT L406, §XVI', unit: batteryId, status: 'guns abandoned', on: true, reason: gunnersWith ? `gunners with ${gunnersWith}` : inTerrain ? `gunners in ${inTerrain}` : 'gunners fled' });
  return { s: withUnit(s0, { ...b, abandoned: { gunnersWith, turn: s0.turn, ...(inTerrain ? { inTerrain } : {}) } }), events, fate };
}

/** L406: gunners sheltering with a unit "suffer the same melee and morale result" — routed with it, lost with it. */
export function gunnersShareFate(s0: AnrtState): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const b of Object.values(s0.units).filter((u) => !u.gone && u.abandoned?.gunnersWith).sort((a, c) => a.id.localeCompare(c.id))) {
    const host = s.units[b.abandoned!.gunnersWith!]!;
    if (host.gone) {
      s = withUnit(s, { ...b, gone: true, lastHit: host.lastHit ?? 'contact' });
      events.push({ kind: 'removed', rule: 'ANRT L406', unit: b.id, at: b.at, reason: `its gunners were lost with ${host.id}` });
    } else if (host.routed) {
      s = withUnit(s, { ...b, routed: true, abandoned: { gunnersWith: null, turn: b.abandoned!.turn } });
      events.push({ kind: 'status', rule: 'ANRT L406', unit: b.id, status: 'routed', on: true, reason: `its gunners routed with ${host.id}` });
    }
  }
  return { s, events };
}

const enemyInContact = (s: AnrtState, g: AnrtUnit): AnrtUnit | undefined =>
  liveUnits(s).filter((e) => e.side !== g.side && isManned(e) && distance(e.at, g.at) <= GUNS_CONTACT_INCHES + 1e-6).sort((a, b) => a.id.localeCompare(b.id))[0];

/**
 * L406: "Gunners may reoccupy their guns (if they haven't been removed or spiked) during their own
 * movement phase, and fire." ANRT-G3: as their side's phase opens, gunners not routed reoccupy
 * their guns when no enemy is in contact with them; they fire that phase.
 */
export function reoccupy(s0: AnrtState, side: string): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const b of Object.values(s0.units).filter((u) => u.side === side && !u.gone && u.abandoned && !u.routed).sort((a, c) => a.id.localeCompare(c.id))) {
    const enemy = enemyInContact(s, b);
    if (enemy) { events.push({ kind: 'note', rule: 'ANRT L406', text: `${b.id}'s gunners cannot reoccupy their guns: ${enemy.id} is in contact with them.` }); continue; }
    const { abandoned: _gone, ...manned } = b;
    s = withUnit(s, manned);
    events.push({ kind: 'status', rule: 'ANRT L406', unit: b.id, status: 'guns abandoned', on: false, reason: 'the gunners reoccupy their guns' });
  }
  return { s, events };
}

/**
 * L1065: "If an undisordered unit spends a move stationary in contact with the overrun guns they
 * may be automatically spiked." ANRT-G5: a unit of the side whose phase it is, formed, not
 * disordered, that neither moved nor charged this phase and is in contact with abandoned enemy
 * guns, spikes them at the end of its phase (an overrunning charger has moved: it spikes them in
 * its side's next phase if it stays). With `guns.stood: prolong` it prepares them for prolong instead
 * (ANRT-G7, phases/prolong.ts).
 */
export function spikeByStanders(s0: AnrtState, mover: string, busy: ReadonlySet<string>): { s: AnrtState; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (const b of Object.values(s0.units).filter((u) => u.side !== mover && !u.gone && u.abandoned).sort((a, c) => a.id.localeCompare(c.id))) {
    const by = liveUnits(s).filter((e) => e.side === mover && isManned(e) && !e.routed && !e.disordered && !busy.has(e.id) && distance(e.at, b.at) <= GUNS_CONTACT_INCHES + 1e-6)
      .sort((a, c) => a.id.localeCompare(c.id))[0];
    if (!by) continue;
    // ANRT-G7: or "prepared for prolong in subsequent moves", as the game's setting says.
    const prolong = s.settings.guns?.stood === 'prolong';
    s = withUnit(s, { ...b, gone: true, lastHit: 'contact', ...(prolong ? { taken: { by: by.id, turn: s.turn, from: by.at } } : {}) });
    events.push({ kind: 'removed', rule: 'ANRT §XVI L1065', unit: b.id, at: b.at, reason: prolong ? `guns prepared for prolong by ${by.id}, which stood a move with them: it takes them along in its later moves` : `guns spiked by ${by.id}, which stood a move with them` });
  }
  return { s, events };
}
