import { parseNwSettings, type NwSettings } from '../../../../src/rules/nw/settings';

/** Settings for a test: the defaults with these overrides; a bad override fails the test loudly. */
export function settingsWith(overrides: unknown = {}): NwSettings {
  const r = parseNwSettings(overrides);
  if (!r.ok) throw new Error(`bad test settings: ${r.error.message}`);
  return r.value;
}
