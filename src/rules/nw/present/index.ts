import type { Presentation } from '../../plugin';
import { nwPrinted } from './printed';
import { describeSettings, type NwSettings } from '../settings';
import type { NwState } from '../state';
import { describeNw } from './map';
import { nwNames } from './names';
import { nwMovePlan } from './move-plan';
import { nwPublicRoster, nwRoster } from './roster';

/** How Napoleon's Wars is shown: names by label identity, the map, rosters that hide s.p. from the enemy (§3.0), settings. */
export const nwPresentation: Presentation<NwState, NwSettings> = {
  names: nwNames,
  printed: nwPrinted,
  map: (s, r) => describeNw(s, { events: r.events, viewer: r.viewer, ...(r.view ? { view: r.view } : {}), ...(r.palette ? { palette: r.palette } : {}), ...(r.game !== undefined ? { game: r.game } : {}) }),
  pieces: (s) => [...Object.values(s.units), ...Object.values(s.batteries)].filter((u) => u.onTable && !u.removed).map((u) => ({ name: u.name, value: u.id })),
  sides: (s) => s.sides.map((x) => ({ name: x.name, value: x.id })),
  roster: (s, side, own) => (own ? nwRoster(s, side) : nwPublicRoster(s, side)),
  settings: (settings) => describeSettings(settings),
  movePlan: nwMovePlan,
};

export { describeNw, type NwMapOptions } from './map';
export { nwNames } from './names';
export { nwInputs } from './inputs';
export { nwPublicRoster, nwRoster } from './roster';
