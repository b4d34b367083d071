import { describe, expect, it } from 'vitest';
import { bodies, officers, pieceOf, placePiece } from '../../../src/rules/nw/phases/maneuver-pieces';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import type { NwState } from '../../../src/rules/nw/state';
import { generateNwBattle, playNw, startNw } from '../../helpers/nw-battle';

// Issue 12: the live bodies are kept per pair of records (units, batteries) and each piece per
// record entry. Whatever was asked before, bodies must be what pieceOf makes afresh for the state
// at hand: after rolls (records kept), moves (a brigade's entry replaced) and whole windows.
const fresh = (s: NwState) => [...Object.keys(s.units), ...Object.keys(s.batteries)]
  .map((id) => pieceOf(s, id)).filter((p) => p !== null && p.onTable && !p.removed);
// The officers as officers() listed them before their pieces were kept by entry (issue 12).
const freshOfficers = (s: NwState) => [...Object.keys(s.generals), ...Object.keys(s.commanders), ...Object.values(s.armies).map((a) => a.cinc.id)]
  .filter((id) => !s.units[id] && !s.batteries[id]).map((id) => pieceOf(s, id)).filter((p) => p !== null && p.onTable && !p.removed);

describe('NW bodies kept by records and entries (maneuver-pieces)', () => {
  it('equal the pieces made afresh at every state of a played game', () => {
    const data = generateNwBattle({ seed: 2026, brigadesPerSide: 12, turns: 2 });
    const st = startNw(data, NW_SETTINGS_DEFAULTS, '7e'.repeat(32));
    let checked = 0;
    let moved = 0;
    let officersMoved = 0;
    const check = (s: NwState) => {
      expect(bodies(s, () => true)).toEqual(fresh(s));
      expect(officers(s, () => true)).toEqual(freshOfficers(s));
      checked++;
    };
    playNw(st.state, 2026, {
      diceSeed: '7e'.repeat(32), diceStart: st.dice,
      onWindow: (w) => {
        // Ask on the opening state first (filling the caches), then on what the acts and the resolution made.
        check(w.open);
        check(w.acted);
        check(w.after);
        if (w.acted.units !== w.open.units) moved++;
        if (w.acted.generals !== w.open.generals || w.after.generals !== w.acted.generals) officersMoved++;
        // Asked again on the opening state after later states were asked: still its own pieces.
        check(w.open);
      },
    });
    expect(checked).toBeGreaterThan(20);
    // Some window's acts moved a brigade (a replaced entry), so the per-entry pieces were tested.
    expect(moved).toBeGreaterThan(0);
    // And some window moved a general (a replaced officer entry, his piece made again).
    expect(officersMoved).toBeGreaterThan(0);
  });

  // A move's state is listed from the list of the state before it; when that state was never
  // asked, from the list it would have been listed from, with every body moved since made again.
  it('a chain of moves whose middle states were never asked lists the pieces made afresh', () => {
    const data = generateNwBattle({ seed: 2027, brigadesPerSide: 12, turns: 1 });
    const s0 = startNw(data, NW_SETTINGS_DEFAULTS, '3c'.repeat(32)).state;
    const ids = fresh(s0).map((p) => p!.id);
    expect(bodies(s0, () => true)).toEqual(fresh(s0)); // the list the chain starts from
    let s = s0;
    for (let i = 0; i < 6; i++) {
      const p = s.units[ids[i]!] ?? s.batteries[ids[i]!]!;
      s = placePiece(s, p.id, { at: { x: p.pose.at.x + 0.5, y: p.pose.at.y }, facing: p.pose.facing });
    }
    expect(bodies(s, () => true)).toEqual(fresh(s));
    // A body moved twice along the chain, and again after the list was made.
    const again = s.units[ids[0]!] ?? s.batteries[ids[0]!]!;
    const t = placePiece(placePiece(s, again.id, { at: { x: again.pose.at.x, y: again.pose.at.y + 0.5 }, facing: again.pose.facing }), ids[7]!, (s.units[ids[7]!] ?? s.batteries[ids[7]!]!).pose);
    expect(bodies(t, () => true)).toEqual(fresh(t));
  });
});
