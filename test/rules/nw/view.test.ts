/**
 * viewNw: the enemy's s.p., fatigue levels and fatigue state stay on his roster (NW §3.0 L45);
 * what is on the table (label identity, quality, markers, battery condition, officers) is open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../src/rules/contract';
import type { NwState, NwUnit } from '../../../src/rules/nw/state';
import { NW_HIDDEN_LEVELS, NW_HIDDEN_SP, nwViewerSide, publicUnitLabel, strengthHidden, unitIdentity, viewNw } from '../../../src/rules/nw/view';
import { deepFreeze, teachingState } from './phases/phase-fixtures';

let base: NwState;
/** The teaching state with distinctive s.p. on every brigade: 3-digit values no other field holds. */
let marked: NwState;
const DISTINCT: Readonly<Record<string, readonly [number, number, number, number]>> = {
  // id: [sp, fresh/spStart, worn, spent]
  'fr-1b': [611, 622, 633, 644], 'fr-2b': [655, 666, 677, 688],
  'au-1b': [711, 722, 733, 744], 'au-2b': [755, 766, 777, 788], 'au-3b': [811, 822, 833, 844], 'au-hussars': [855, 866, 877, 888],
};
/** A number as a whole JSON token or inside text, not a digit run of some float. */
const present = (json: string, n: number) => new RegExp(`(?<![\\d.])${n}(?![\\d.])`).test(json);

beforeAll(async () => {
  base = await teachingState();
  const units: Record<string, NwUnit> = { ...base.units };
  for (const [id, [sp, fresh, worn, spent]] of Object.entries(DISTINCT)) {
    const u = units[id]!;
    units[id] = { ...u, sp, spStart: fresh, levels: { fresh, worn, spent }, label: `${unitIdentity(u)} ${fresh}/${worn}/${spent} LN`, fatigue: 'worn' };
  }
  marked = deepFreeze({ ...base, units });
});

const side = (s: string): Viewer => ({ kind: 'side', side: s });

describe('viewNw', () => {
  it('gives the umpire the whole state', () => {
    expect(viewNw(marked, { kind: 'gm' })).toBe(marked);
  });

  it('shows a side its own brigades whole', () => {
    const v = viewNw(marked, side('french'));
    for (const id of ['fr-1b', 'fr-2b', 'fr-3b', 'fr-chasseurs']) expect(v.units[id]).toBe(marked.units[id]);
  });

  it('hides the enemy\'s s.p., levels and fatigue state behind sentinels no real unit has', () => {
    const v = viewNw(marked, side('french'));
    const mayer = v.units['au-1b']!;
    expect(mayer).toMatchObject({ sp: NW_HIDDEN_SP, spStart: NW_HIDDEN_SP, levels: NW_HIDDEN_LEVELS, fatigue: 'fresh' });
    expect(strengthHidden(mayer)).toBe(true);
    // Every real brigade has s.p. ≥ 0, so strengthHidden never fires on one.
    for (const u of Object.values(base.units)) expect(strengthHidden(u)).toBe(false);
  });

  it('keeps what is on the table: identity, arm, weight, SK, quality, status, pose, attachments, batteries, officers', () => {
    const routed: NwState = { ...marked, units: { ...marked.units, 'au-2b': { ...marked.units['au-2b']!, status: 'routed' } } };
    const v = viewNw(routed, side('french'));
    const keep = ['id', 'name', 'side', 'command', 'brigade', 'division', 'corps', 'arm', 'weight', 'sk', 'mixed', 'quality', 'status', 'pose', 'base', 'onTable', 'removed', 'attachedGeneral', 'attachedBattery'] as const;
    for (const id of ['au-1b', 'au-2b', 'au-hussars']) for (const k of keep) expect(v.units[id]![k]).toEqual(routed.units[id]![k]);
    expect(v.units['au-2b']!.status).toBe('routed');
    expect(v.batteries).toBe(routed.batteries);
    expect(v.commanders).toBe(routed.commanders);
    expect(v.generals).toBe(routed.generals);
    expect(v.commands).toBe(routed.commands);
    expect(v.armies).toBe(routed.armies);
  });

  it('prints the enemy\'s label with ?/?/? for the levels (VW-1) and the quality kept (VW-2)', () => {
    const v = viewNw(base, side('french'));
    expect(v.units['au-1b']!.label).toBe('1B/1/II ?/?/? LN');
    expect(v.units['au-2b']!.label).toBe('2B/1/II SK1 ?/?/? LN');
    expect(v.units['au-3b']!.label).toBe('1B/2/II ?/?/? Conscript');
    expect(v.units['au-hussars']!.label).toBe('2B/2/II Medium ?/?/? Vet');
    expect(publicUnitLabel({ ...base.units['fr-1b']!, mixed: true })).toBe('1B/1/I SK1 (MX) ?/?/? Vet');
    expect(viewNw(base, side('austrians')).units['fr-chasseurs']!.label).toBe('2B/2/I Light SK1 ?/?/? Vet');
  });

  it('leaks no enemy s.p. or level anywhere in the viewed state', () => {
    const check = (v: NwState, hidden: readonly string[], shown: readonly string[]) => {
      const json = JSON.stringify(v);
      for (const id of hidden) for (const n of DISTINCT[id]!) expect(present(json, n), `${id} ${n}`).toBe(false);
      for (const id of shown) for (const n of DISTINCT[id]!) expect(present(json, n), `${id} ${n}`).toBe(true);
    };
    const fr = ['fr-1b', 'fr-2b'], au = ['au-1b', 'au-2b', 'au-3b', 'au-hussars'];
    check(viewNw(marked, side('french')), au, fr);
    check(viewNw(marked, side('austrians')), fr, au);
    check(viewNw(marked, { kind: 'seat', seat: 'austrians' }), fr, au);
    check(viewNw(marked, { kind: 'public' }), [...fr, ...au], []);
    check(viewNw(marked, { kind: 'gm' }), [], [...fr, ...au]);
  });

  it('treats a seat by its side, and an unknown seat as the public', () => {
    expect(nwViewerSide(base, { kind: 'seat', seat: 'french' })).toBe('french');
    expect(nwViewerSide(base, { kind: 'seat', seat: 'nobody' })).toBeUndefined();
    expect(nwViewerSide(base, { kind: 'public' })).toBeUndefined();
    expect(viewNw(marked, { kind: 'seat', seat: 'nobody' })).toEqual(viewNw(marked, { kind: 'public' }));
  });

  it('does not change the state it is given and stays JSON', () => {
    // `marked` is deep-frozen: a mutation would have thrown above.
    const v = viewNw(marked, { kind: 'public' });
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    expect(marked.units['au-1b']!.sp).toBe(711);
  });
});
