import type { Step } from '../contract';
import type { GameEvent } from '../events';
import { arrivalPoses } from './arrivals';
import { clockOf, NO_TURN_FLAGS, type DramState } from './state';
import { canChangeOrder } from './tables';
import { commit, draft, patchGeneral, patchStand } from './update';

/**
 * Start of a turn and DRAM §2 phase 1 — reveal order changes (§5). Per-turn facts are reset
 * (AP is a per-turn budget, HR D-6; "no advance" lasts one turn, §3), reinforcements due
 * this turn enter, and every chit written in last turn's phase 7 becomes the stand's order.
 * A new order from a general ends a forced fall-back (§3 "until order changed by a general").
 */
export function revealPhase(state: DramState): Step<DramState> {
  const s: DramState = { ...state, initiative: {}, moveSequence: [] };
  const events: GameEvent[] = [{ kind: 'phase', turn: s.turn, phase: 'dram/reveal', label: `Turn ${s.turn} (${clockOf(s, s.turn)}) — 1. Reveal order changes` }];

  // One draft for the whole phase: every patch in place, not a copy of every stand (issue 12).
  const d = draft(s);
  for (const stand of Object.values(s.stands)) patchStand(d, stand.id, { noAdvance: false, turnFlags: { ...NO_TURN_FLAGS, startedAtZero: stand.sp === 0 } });
  for (const g of Object.values(s.generals)) patchGeneral(d, g.id, { apSpent: 0, joined: null });

  for (const r of d.reinforcements.filter((x) => x.turn === d.turn)) {
    // HR DE-16: abreast at the entry point, wholly on the table, on nobody.
    const { poses, crowded } = arrivalPoses(d, r);
    for (const id of r.units) {
      const pose = poses.get(id);
      if (!pose) continue;
      const name = d.stands[id]?.name ?? d.generals[id]?.name ?? id;
      if (d.stands[id]) {
        patchStand(d, id, { onTable: true, pose });
        events.push({ kind: 'note', rule: 'scenario', text: `${name} arrives as a reinforcement.` });
      } else if (d.generals[id]) {
        patchGeneral(d, id, { pose });
      }
      if (crowded.includes(id)) events.push({ kind: 'note', rule: 'HR DE-16', text: `${name} finds no clear ground near the entry point and forms up on other troops.` });
    }
  }

  for (const chit of d.chits) {
    const targets = chit.target.kind === 'stand' ? [chit.target.id] : (s.corps[chit.target.id]?.stands ?? []);
    for (const id of targets) {
      const stand = d.stands[id];
      if (!stand || stand.removed || !stand.onTable) continue;
      if (stand.order === chit.order && !stand.fallingBack) {
        // Every chit is revealed (§5), so the narrative says so even when it changes nothing.
        events.push({ kind: 'note', rule: 'DRAM §5', text: `${stand.name}: the ${chit.written ? 'written order' : 'order chit'} from ${chit.by} is revealed — ${chit.order}, already its order.` });
        continue;
      }
      if (stand.order !== chit.order && !canChangeOrder(stand.order, chit.order)) {
        events.push({ kind: 'note', rule: 'DRAM §5', text: `${stand.name} cannot change from ${stand.order} to ${chit.order}; the order from ${chit.by} is void.` });
        continue;
      }
      patchStand(d, id, { order: chit.order, fallingBack: false });
      events.push({ kind: 'order', rule: 'DRAM §5', unit: id, from: stand.order, to: chit.order, by: chit.by, reason: chit.written ? 'written order revealed' : 'order chit revealed' });
      if (stand.fallingBack) events.push({ kind: 'status', rule: 'DRAM §3', unit: id, status: 'falling-back', on: false, reason: `order changed by ${chit.by}` });
    }
  }
  return { state: { ...commit(d), chits: [], phase: 'exhaustion' }, events };
}
