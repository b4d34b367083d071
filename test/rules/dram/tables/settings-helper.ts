import { parseDramSettings, type DramSettings } from '../../../../src/rules/dram/settings';

/** Settings for a test: the defaults with these overrides; a bad override fails the test loudly. */
export function settingsWith(overrides: unknown = {}): DramSettings {
  const r = parseDramSettings(overrides);
  if (!r.ok) throw new Error(`bad test settings: ${r.error.message}`);
  return r.value;
}
