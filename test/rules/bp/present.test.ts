import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { bp } from '../../../src/rules/bp/index';
import { chargeTargetsOf, fireTargetsOf } from '../../../src/rules/bp/pieces';
import { BP_SETTINGS_DEFAULTS } from '../../../src/rules/bp/settings';
import type { BpState } from '../../../src/rules/bp/state';
import { teachingData } from '../../helpers/bp-game';
import { caseState } from '../../helpers/bp-cases';

/** The teaching scenario opened at turn 1 (the roll-off decides who moves first). */
function opened(): BpState {
  return bp.setup(teachingData(), BP_SETTINGS_DEFAULTS, seededDice('ab'.repeat(32))).state;
}

describe('B&P presentation: names, map, autocomplete from the state', () => {
  it('names units as the scenario does and draws every stand of every unit, labelled once', () => {
    const s = opened();
    const names = bp.present.names(s);
    expect(names.entry('au-lw')?.name).toBe('1. Wiener Landwehr');
    const map = bp.present.map(s, { events: [], viewer: { kind: 'public' } });
    if (!map.ok) throw new Error(map.error.message);
    const units = map.value.layers.find((l) => l.name === 'units')!.items;
    const stands = Object.values(s.units).reduce((n, u) => n + u.stands.length, 0);
    const commanders = Object.values(s.commanders).filter((c) => c.alive).length;
    expect(units).toHaveLength(stands + commanders);
    const labels = map.value.layers.find((l) => l.name === 'labels')!.items.filter((i) => i.kind === 'unit-label');
    expect(labels).toHaveLength(Object.keys(s.units).length + commanders); // one label a unit, not one a stand
    expect(JSON.stringify(map.value)).not.toMatch(/\bSP\b/);
  });

  it('offers only the targets a unit may fire at or charge now, and only the mover its pieces', () => {
    const s = opened();
    const mover = s.order[s.period];
    const other = s.sides.find((x) => x.id !== mover)!.id;
    const me = { seats: [mover], side: mover };
    const units = bp.inputs.move!.choices!(s, me, { name: 'unit', value: '' }, {});
    expect(units.length).toBeGreaterThan(0);
    expect(units.every((c) => s.units[c.value]?.side === mover || s.commanders[c.value]?.side === mover)).toBe(true);
    expect(bp.inputs.move!.choices!(s, { seats: [other], side: other }, { name: 'unit', value: '' }, {})).toEqual([]);
    // Standing reactions are the other player's to set, at any time.
    expect(bp.inputs.standing!.choices!(s, { seats: [other], side: other }, { name: 'unit', value: '' }, {}).length).toBeGreaterThan(0);
    for (const u of Object.values(s.units).filter((x) => x.side === mover)) {
      const fire = bp.inputs.fire!.choices!(s, me, { name: 'target', value: '' }, { unit: u.id }).map((c) => c.value);
      expect(fire).toEqual(fireTargetsOf(s, u.id).filter((t) => t.legal).map((t) => t.target));
      const charge = bp.inputs.charge!.choices!(s, me, { name: 'target', value: '' }, { unit: u.id }).map((c) => c.value);
      expect(charge).toEqual(chargeTargetsOf(s, u.id).filter((t) => t.legal).map((t) => t.target));
    }
  });

  it('keeps a standing reaction the player did not restate', () => {
    const s0 = opened();
    const side = s0.sides[0]!.id;
    const unit = Object.values(s0.units).find((u) => u.side === side)!.id;
    const caller = { seats: [side], side };
    const a = bp.inputs.standing!.build(s0, { unit, 'return-fire': 'hold' }, caller) as { returnFire: string; square: boolean };
    expect(a).toMatchObject({ returnFire: 'hold', square: true });
    const s1: BpState = { ...s0, standing: { [unit]: { returnFire: 'hold', square: true } } };
    expect(bp.inputs.standing!.build(s1, { unit, square: false }, caller)).toMatchObject({ returnFire: 'hold', square: false });
  });
});

describe('B&P presentation: gun crews on their way (L97, HR B-17)', () => {
  it('offers /crew only between guns where one is below 3 crew, and shows the gunners on the map', () => {
    const s0 = opened();
    const side = s0.order[s0.period];
    const guns = Object.values(s0.units).filter((u) => u.side === side && u.arm === 'artillery');
    const me = { seats: [side], side };
    // With every gun at full crew nobody may send gunners.
    expect(bp.inputs.crew!.choices!(s0, me, { name: 'unit', value: '' }, {})).toEqual([]);
    const gun = guns[0]!;
    // A second gun of two crew beside the first: now the first may send it one.
    const weak = { ...gun, id: 'weak-gun', name: 'Weak gun', stands: [2], pose: { ...gun.pose, at: { x: gun.pose.at.x + 3, y: gun.pose.at.y } } };
    const s = { ...s0, units: { ...s0.units, [weak.id]: weak } };
    expect(bp.inputs.crew!.choices!(s, me, { name: 'to', value: '' }, { unit: gun.id }).map((c) => c.value)).toEqual(['weak-gun']);
    const r = bp.act(s, s.seats.find((x) => x.side === side)!.id, bp.inputs.crew!.build(s, { unit: gun.id, to: 'weak-gun' }, me) as never, seededDice('cd'.repeat(32)));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.units[gun.id]!.stands).toEqual([gun.stands[0]! - 1]);
    const map = bp.present.map(r.value.state, { events: r.value.events, viewer: { kind: 'public' } });
    if (!map.ok) throw new Error(map.error.message);
    expect(JSON.stringify(map.value)).toContain('+1 crew coming');
  });
});

describe('B&P presentation: several units in one charge (L107)', () => {
  it('offers the units that may join a charge and builds the list the player typed', () => {
    const s = caseState({ case: 't', rule: 'L107', acts: [], expect: [], units: ['A fr infantry line 3,3,3,3 at 20,10', 'S fr infantry line 3,3,3,3 at 20,9.2', 'X fr infantry line 3,3,3,3 at 30,5', 'T au infantry line 3,3,3,3 at 20,13'] });
    const me = { seats: ['fr'], side: 'fr' };
    const offered = bp.inputs.charge!.choices!(s, me, { name: 'with', value: '' }, { unit: 'A', target: 'T' });
    expect(offered.map((c) => c.value)).toEqual(['S']);
    expect(bp.inputs.charge!.build(s, { unit: 'A', target: 'T', with: 'S, X' }, me)).toEqual({ kind: 'charge', unit: 'A', target: 'T', with: ['S', 'X'] });
    expect(bp.inputs.charge!.build(s, { unit: 'A', target: 'T' }, me)).toEqual({ kind: 'charge', unit: 'A', target: 'T' });
  });
});
