import { beforeAll, describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../src/dice/dice';
import { nw } from '../../../src/rules/nw/index';
import { maneuverInputOf } from '../../../src/rules/nw/phases/maneuver';
import { NW_SETTINGS_DEFAULTS, type NwSettings } from '../../../src/rules/nw/settings';
import { commandRangeNow, visibilityInches, type NwState } from '../../../src/rules/nw/state';
import { fireOptions, maneuverOptions } from '../../../src/rules/nw/turn';
import { placed, teachingState } from './phases/phase-fixtures';

/** NT-41: the battle's weather and ground as settings the phases read (§7.2, §8.4, §9.4, §9.51). */
describe('NW battlefield conditions', () => {
  let opening: NwState;
  beforeAll(async () => {
    opening = await teachingState();
  });
  const under = (s: NwState, battlefield: Partial<NwSettings['battlefield']>): NwState =>
    ({ ...s, settings: { ...s.settings, battlefield: { ...s.settings.battlefield, ...battlefield } } });

  it('defaults: clear weather, normal ground; 24" visibility (§9.51 L309)', () => {
    expect(NW_SETTINGS_DEFAULTS.battlefield).toEqual({ weather: 'clear', ground: 'normal', changes: [] });
    expect(visibilityInches(opening)).toBe(24);
    expect(fireOptions(opening)).toMatchObject({ weather: 'clear', visibilityInches: 24 });
    expect(maneuverOptions(opening)).toEqual({ ground: 'normal' });
  });

  it('fog hinders visibility: 18" and command ranges −3", never below the base (§9.51 L309)', () => {
    const fog = under(opening, { weather: 'fog' });
    expect(visibilityInches(fog)).toBe(18);
    expect(fireOptions(fog)).toMatchObject({ weather: 'fog', visibilityInches: 18 });
    expect(commandRangeNow(fog, { rangeInches: 12, baseRangeInches: 4 })).toBe(9);
    expect(commandRangeNow(fog, { rangeInches: 5, baseRangeInches: 4 })).toBe(4);
    expect(commandRangeNow(opening, { rangeInches: 12, baseRangeInches: 4 })).toBe(12);
  });

  it('a brigade 10" from a 12" commander is in range in clear weather, out of it in fog (§9.0 C2, §9.51)', () => {
    // Lemaire (G, 12") at 22,8; 1st Brigade placed so that its nearest point is 10" away.
    const s = placed(opening, 'maneuver', { 'fr-1b': [22, 19.5, 0], 'au-1b': [24, 34, 180] });
    const clear = maneuverInputOf(s, 'fr-1b');
    const fog = maneuverInputOf(under(s, { weather: 'fog' }), 'fr-1b');
    expect(clear.ok && clear.value.inRange).toBe(true);
    expect(fog.ok && fog.value.inRange).toBe(false);
  });

  it('mud doubles movement costs (§9.4 L277): a move the clear ground allows is refused', () => {
    const s = placed(opening, 'maneuver', { 'fr-3b': [30, 4, 0], 'au-1b': [30, 34, 180] });
    const act = (st: NwState) => {
      const rolled = nw.act(st, 'french', { kind: 'maneuver', unit: 'fr-3b' }, scriptedDice([6, 6]));
      if (!rolled.ok) throw new Error(rolled.error.message);
      const grant = rolled.value.state.log.rolls['fr-3b']!;
      return { grant, move: nw.act(rolled.value.state, 'french', { kind: 'move', unit: 'fr-3b', to: `forward ${grant.inches}in` }, scriptedDice([])) };
    };
    const dry = act(s);
    expect(dry.grant.inches).toBeGreaterThan(0);
    expect(dry.move.ok).toBe(true);
    const mud = act(under(s, { ground: 'mud' }));
    expect(mud.move.ok).toBe(false);
  });
});
