import { describe, expect, it } from 'vitest';
import { parseNwSettings, describeSettings } from '../../../src/rules/nw/settings';
import { battlefieldNow, visibilityInches } from '../../../src/rules/nw/state';

/** WX-1: weather, ground and twilight changed by turn through a scenario's `rulings` (§9.4, §9.51 L309). */
function at(turn: number, battlefield: unknown) {
  const s = parseNwSettings({ battlefield });
  if (!s.ok) throw new Error(s.error.message);
  return { settings: s.value, turn };
}

describe('NW battlefield changes by turn (WX-1)', () => {
  const changes = [{ fromTurn: 7, twilight: true }, { fromTurn: 3, weather: 'rain', ground: 'mud' }, { fromTurn: 5, weather: 'clear' }];

  it('each change holds from its turn until a later one, in turn order whatever the list order', () => {
    expect(battlefieldNow(at(2, { changes }))).toEqual({ weather: 'clear', ground: 'normal', twilight: false });
    expect(battlefieldNow(at(3, { changes }))).toEqual({ weather: 'rain', ground: 'mud', twilight: false });
    expect(battlefieldNow(at(4, { changes }))).toEqual({ weather: 'rain', ground: 'mud', twilight: false });
    expect(battlefieldNow(at(5, { changes }))).toEqual({ weather: 'clear', ground: 'mud', twilight: false });
    expect(battlefieldNow(at(8, { changes }))).toEqual({ weather: 'clear', ground: 'mud', twilight: true });
  });

  it('visibility is 24", −6" for each hindrance (L309): twilight 18", fog and twilight 12"', () => {
    expect(visibilityInches(at(1, {}))).toBe(24);
    expect(visibilityInches(at(7, { changes }))).toBe(18);
    expect(visibilityInches(at(7, { weather: 'fog', changes: [{ fromTurn: 7, twilight: true }] }))).toBe(12);
    expect(visibilityInches(at(6, { weather: 'fog', changes: [{ fromTurn: 7, twilight: true }] }))).toBe(18);
  });

  it('refuses a change with no turn or an unknown weather, naming the setting; lists it for /game settings', () => {
    const noTurn = parseNwSettings({ battlefield: { changes: [{ weather: 'rain' }] } });
    expect(!noTurn.ok && noTurn.error.message).toContain("Setting 'battlefield.changes'");
    const badWeather = parseNwSettings({ battlefield: { changes: [{ fromTurn: 2, weather: 'hail' }] } });
    expect(!badWeather.ok && badWeather.error.message).toContain('fromTurn, weather?, ground?, twilight?');
    expect(describeSettings().find((d) => d.key === 'battlefield.changes')).toMatchObject({ ruling: 'WX-1', default: '[]' });
  });
});
