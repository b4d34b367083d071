import type { Step } from '../contract';
import type { GameEvent } from '../events';
import type { Point } from '../geometry/types';
import { advanceAlong, fallBackPath, nearestEnemy, type Advance } from './geo';
import type { MoveOrder } from './orders';
import { liveStands, type DramState, type Stand } from './state';
import { movementAllowanceInches } from './tables';
import { commit, draft, patchGeneral, patchStand, type Draft } from './update';

/**
 * DRAM §2 phase 4 — movement (§7 L92-102), corps by corps in initiative order (§4). Each
 * stand follows the path its owner plotted, as far as its allowance for its arm and order
 * goes (difficult terrain halves movement, M ×1.5 on good roads; HR D-17 makes these a
 * budget per inch), and stops on reaching an enemy stand: contact is what combat (§8)
 * resolves. Stands falling back after a failed exhaustion test move one full D move
 * directly away from the nearest enemy (HR D-11) whatever their owner plotted. A stand
 * under "no advance" may not end nearer any enemy than it started (HR D-12). Generals move
 * last in their corps' turn and may join a stand for combat.
 */
export function movementPhase(state: DramState, moves: readonly MoveOrder[], onlyCorps?: readonly string[]): Step<DramState> {
  // One draft for the whole phase: every move sees the stands moved before it.
  const s = draft(state);
  const events: GameEvent[] = [{ kind: 'phase', turn: s.turn, phase: 'dram/movement', label: onlyCorps ? `4. Movement: ${onlyCorps.map((c) => s.corps[c]?.name ?? c).join(', ')}` : '4. Movement' }];
  const byUnit = new Map(moves.map((m) => [m.unit, m]));
  const live = onlyCorps !== undefined;

  for (const corpsId of live ? s.moveSequence.filter((c) => onlyCorps.includes(c)) : s.moveSequence) {
    const corps = s.corps[corpsId]!;
    for (const id of [...corps.stands].sort()) {
      const stand = s.stands[id];
      if (!stand || !stand.onTable || stand.removed) continue;
      events.push(...moveStand(s, stand, byUnit.get(id)));
    }
    const generalIds = Object.values(s.generals).filter((g) => g.status === 'present' && (g.corps === corpsId)).map((g) => g.id);
    for (const gid of generalIds.sort()) events.push(...moveGeneral(s, gid, byUnit.get(gid)));
  }
  // Higher generals (army, wing) move after every corps; in live movement, in the window they post in.
  for (const g of Object.values(s.generals).filter((x) => x.status === 'present' && x.corps === null).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (live && !byUnit.has(g.id)) continue;
    events.push(...moveGeneral(s, g.id, byUnit.get(g.id)));
  }
  return { state: { ...commit(s), phase: live ? s.phase : 'combat' }, events };
}

function moveStand(s: Draft, stand: Stand, order: MoveOrder | undefined): GameEvent[] {
  const allowance = movementAllowanceInches(stand.arm, stand.order, s.settings);
  if (allowance === null || allowance <= 0) return [];
  let path: readonly Point[] | null = null;
  let why = 'as ordered';
  if (stand.fallingBack) {
    path = fallBackPath(s, stand, allowance);
    why = 'falls back (exhausted)';
  } else if (order?.path && order.path.length > 1) {
    path = order.path;
  }
  if (!path) return [];

  const adv: Advance = advanceAlong(s, stand, path, allowance, { preview: false });
  let end = adv.end;
  let held: string | null = null;
  if (stand.noAdvance) {
    // HR D-12: never end nearer any enemy than at the start; stay put if the plotted end is.
    const before = nearestEnemy(s, stand);
    const after = nearestEnemy(s, { ...stand, pose: { ...stand.pose, at: end.at } });
    if (before && after && after.miles < before.miles - 1e-9) {
      end = stand.pose;
      held = `under "no advance" it may not end nearer ${after.stand.name} (DRAM §3, HR D-12)`;
    }
  }
  if (end.at.x === stand.pose.at.x && end.at.y === stand.pose.at.y) {
    // Issue 11: an ordered move that does not happen says why (what moved since it was plotted
    // may stand in the way now), rather than vanishing from the narrative.
    const why = held ?? adv.stopped ?? 'it cannot go that way';
    return why === 'allowance spent' ? [] : [{ kind: 'note', rule: 'DRAM §7', text: `${stand.name} does not move: ${why}.` }];
  }
  patchStand(s, stand.id, (x) => ({
    pose: end,
    turnFlags: { ...x.turnFlags, movedToContact: adv.contact !== null, crossedBridgeOrFord: adv.crossedBridgeOrFord, contacted: x.turnFlags.contacted || adv.contact !== null },
  }));
  if (adv.contact) patchStand(s, adv.contact, (x) => ({ turnFlags: { ...x.turnFlags, contacted: true } }));
  return [{
      kind: 'move', rule: 'DRAM §7', unit: stand.id, from: stand.pose.at, to: end.at, path: adv.path, facing: end.facing,
      cost: adv.cost, allowance, ...(adv.stopped ? { stopped: adv.stopped } : {}),
    }, ...(why !== 'as ordered' ? [{ kind: 'note' as const, rule: 'DRAM §3, HR D-11', text: `${stand.name} ${why}.` }] : [])];
}

function moveGeneral(s: Draft, id: string, order: MoveOrder | undefined): GameEvent[] {
  const g = s.generals[id]!;
  const events: GameEvent[] = [];
  if (order?.path && order.path.length > 1) {
    const allowance = movementAllowanceInches('general', generalOrder(s, id), s.settings) ?? 0;
    const adv = advanceAlong(s, { id, side: g.side, pose: g.pose, base: GENERAL_BASE }, order.path, allowance, { ignoreContact: true, preview: false });
    patchGeneral(s, id, { pose: adv.end });
    events.push({ kind: 'move', rule: 'DRAM §7', unit: id, from: g.pose.at, to: adv.end.at, path: adv.path, facing: adv.end.facing, cost: adv.cost, allowance, ...(adv.stopped ? { stopped: adv.stopped } : {}) });
  }
  if (order?.join) {
    const stand = s.stands[order.join];
    if (stand && !stand.removed) {
      patchGeneral(s, id, { joined: stand.id });
      events.push({ kind: 'general', rule: 'DRAM §8', general: id, what: 'joins', detail: `${g.name} joins ${stand.name} and will fight with it` });
    }
  }
  return events;
}

/**
 * The generals' row of §7 is given per order, but generals hold no chit. Ruling: a corps
 * general moves at the rate of the order most of his corps' stands hold (his corps marching
 * on M lets him ride at 3 miles); a higher general moves at the D rate.
 */
export function generalOrder(s: DramState, id: string): 'D' | 'R' | 'A' | 'M' {
  const g = s.generals[id]!;
  if (!g.corps) return 'D';
  const counts = new Map<string, number>();
  for (const st of liveStands(s).filter((x) => x.corps === g.corps)) counts.set(st.order, (counts.get(st.order) ?? 0) + 1);
  return (['D', 'R', 'A', 'M'] as const).reduce((best, o) => ((counts.get(o) ?? 0) > (counts.get(best) ?? 0) ? o : best), 'D' as 'D' | 'R' | 'A' | 'M');
}

/** DRAM §10 L154-165: a corps HQ base is 1½ × 3 inches. */
export const GENERAL_BASE = { width: 3, depth: 1.5 } as const;
