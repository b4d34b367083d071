import type { Presentation } from '../../plugin';
import { dramPrinted } from './printed';
import { describeSettings, type DramSettings } from '../settings';
import type { DramState } from '../state';
import { describeDram } from './map';
import { dramNames } from './names';
import { dramMovePlan } from './move-plan';
import { dramRoster } from './roster';

/** How DRAM is shown: names, the map, the pieces a map can be zoomed around, the roster (open but for chits), its settings. */
export const dramPresentation: Presentation<DramState, DramSettings> = {
  names: dramNames,
  printed: dramPrinted,
  map: (s, r) => describeDram(s, { events: r.events, viewer: r.viewer, ...(r.view ? { view: r.view } : {}), ...(r.palette ? { palette: r.palette } : {}), ...(r.game !== undefined ? { game: r.game } : {}) }),
  pieces: (s) => Object.values(s.stands).filter((x) => x.onTable && !x.removed).map((x) => ({ name: x.name, value: x.id })),
  sides: (s) => s.sides.map((x) => ({ name: x.name, value: x.id })),
  roster: dramRoster,
  settings: (settings) => describeSettings(settings),
  movePlan: (s, input) => dramMovePlan(s, input),
};

export { describeDram, type DramMapOptions } from './map';
export { dramNames } from './names';
export { dramInputs } from './inputs';
